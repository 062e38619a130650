"""What a computer player knows about the unseen cards, built from its seat view only,
and the deals sampled from that knowledge: deductions from play under every rule,
exchanged cards, consistency and spread of the samples, the lean towards the bids,
and that nothing but the view matters."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

import pytest
from deals import deal
from hypothesis import given, settings
from hypothesis import strategies as st

from game import legality
from game.cards import CLUBS, DECKS, SPADES, Card, cards, cards_of, mask_of
from game.hand import Hand
from game.players.knowledge import Knowledge, bid_models, hand_figures, play_exclusions, sample_deals
from game.rules import PRESETS, Rules
from game.seats import SEATS, partner
from game.view import SeatView, ViewError, seat_view

HEARTS = 1
PARTNER = PRESETS["partner"].rules
SOLO = PRESETS["solo"].rules
MUST_BEAT = Rules.parse("mustbeat=1", base=PARTNER)
RULE_SETS: dict[str, Rules] = {
    **{variant_id: variant.rules for variant_id, variant in PRESETS.items()},
    "mustbeat-lowclub-jokers": Rules.parse("mustbeat=1 lowclub=1 deck=jokers", base=PARTNER),
    "mustbeat-lowclub-deuces": Rules.parse("mustbeat=1 lowclub=1 deck=deuces", base=PARTNER),
    "exchange2": Rules.parse("exchange=2", base=PARTNER),
}
REPLAYABLE = [rules_id for rules_id in RULE_SETS if rules_id != "exchange2"]
"""Rule sets whose hands can be dealt again from the current holdings plus the cards played
(an exchange moves cards after the deal)."""


def bid_through(hand: Hand, bids: Mapping[str, str] | None = None) -> None:
    """Every seat looks and bids (its bid in `bids`, else 3 or the nearest legal number)."""
    bids = bids or {}
    while hand.phase in ("blind", "misdeal", "bid"):
        seat = hand.to_act
        legal = hand.legal_choices(seat)
        if seat in bids and bids[seat] in legal:
            choice = bids[seat]
        elif "look" in legal:
            choice = "look"
        elif "keep" in legal:
            choice = "keep"
        else:
            numbers = [b for b in legal if b.isdigit()]
            choice = min(numbers, key=lambda b: abs(int(b) - 3)) if numbers else legal[0]
        hand.apply(seat, choice)


def play(hand: Hand, plays: str) -> None:
    for text in plays.split():
        hand.apply(hand.to_act, text)


def knowledge_of(hand: Hand, seat: str, known: Mapping[str, list[str]] | None = None) -> Knowledge:
    return Knowledge.from_view(seat_view(hand, seat), known)


def suit_cards(knowledge: Knowledge, mask: int, suit: int) -> set[str]:
    return {str(c) for c in cards_of(mask & knowledge.deck.suit_masks[suit])}


# ---------------------------------------------------------------------------
# Deductions from play


def test_a_seat_that_shows_out_can_hold_none_of_the_suit() -> None:
    hand = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK", W="2.98765432.J.QJT", N="JT98..T987.98765")
    bid_through(hand)
    play(hand, "AH 2H TD 2D")
    knowledge = knowledge_of(hand, "S")
    hearts_left = knowledge.remaining(HEARTS)
    assert hearts_left == mask_of(cards("9H 8H 7H 6H 5H 4H 3H"))
    for seat in ("N", "E"):
        assert knowledge.forbidden[seat] & hearts_left == hearts_left
        assert knowledge.void_in(seat, HEARTS)
    assert not knowledge.void_in("W", HEARTS)
    assert knowledge.known["W"] & hearts_left == hearts_left  # nobody else may hold them
    assert knowledge.counts == {"S": 12, "W": 12, "N": 12, "E": 12}


def test_must_beat_a_follower_that_does_not_beat_holds_nothing_higher_in_the_suit() -> None:
    hand = deal(MUST_BEAT, S="AKQ.9.AKQJ.AKQJT", W="2.T8.T9876.98765", N="JT9876.54.5432.4")
    bid_through(hand)
    play(hand, "9H TH 5H")
    knowledge = knowledge_of(hand, "S")
    assert suit_cards(knowledge, knowledge.forbidden["N"], HEARTS) == {"AH", "KH", "QH", "JH"}
    assert suit_cards(knowledge, knowledge.forbidden["W"], HEARTS) == set()  # W beat the 9
    assert suit_cards(knowledge, knowledge.forbidden["E"], HEARTS) == set()


def test_must_beat_a_void_seat_that_does_not_overtrump_holds_no_higher_spade() -> None:
    hand = deal(MUST_BEAT, S="AKQ.AKQJT.AKQ.AK", W="2.98765432.J.QJT", N="JT98..T987.98765")
    bid_through(hand)
    play(hand, "AH 2H 9S 2D")
    knowledge = knowledge_of(hand, "S")
    assert suit_cards(knowledge, knowledge.forbidden["E"], SPADES) == {"JS", "TS"}
    assert knowledge.void_in("E", HEARTS)
    assert not knowledge.void_in("E", SPADES)


def test_must_beat_a_void_seat_that_does_not_trump_holds_no_spade() -> None:
    hand = deal(MUST_BEAT, S="AKQ.AKQJT.AKQ.AK", W="5432.98765432..9", N="..JT98765432.QJT")
    bid_through(hand)
    play(hand, "AH 2H 2D 6S")
    knowledge = knowledge_of(hand, "S")
    assert knowledge.void_in("N", SPADES) and knowledge.void_in("N", HEARTS)
    assert knowledge.forbidden["N"] & knowledge.remaining(SPADES) == knowledge.remaining(SPADES)


def test_must_beat_an_undertrump_tells_the_higher_spades_are_missing() -> None:
    deck = DECKS["standard"]
    excluded = play_exclusions(MUST_BEAT, deck, Card.parse("3S"), cards("AH 9S"), 2, True)
    assert excluded == deck.suit_masks[HEARTS] | mask_of(cards("TS JS QS KS AS"))
    assert play_exclusions(MUST_BEAT, deck, Card.parse("TS"), cards("AH 9S"), 2, True) == deck.suit_masks[HEARTS]
    # without must-beat, showing out says only that
    assert play_exclusions(PARTNER, deck, Card.parse("3S"), cards("AH 9S"), 2, True) == deck.suit_masks[HEARTS]


def test_first_trick_low_clubs_tell_who_holds_no_lower_club_and_who_has_none() -> None:
    hand = deal(SOLO, S="AKQ.AKQ.AKQJ.AK5", W="JT9.JT9.T98.QJ98", N="8765.8765432.76.")
    bid_through(hand)
    play(hand, "5C 8C 2H 2C")
    from_south = knowledge_of(hand, "S")
    assert suit_cards(from_south, from_south.forbidden["W"], CLUBS) == {"7C", "6C", "4C", "3C"}
    assert from_south.void_in("N", CLUBS)
    assert suit_cards(from_south, from_south.forbidden["E"], CLUBS) == set()  # the 2♣ was its lowest
    from_west = knowledge_of(hand, "W")  # the leader's lowest club was the 5♣ too
    assert suit_cards(from_west, from_west.forbidden["S"], CLUBS) == {"4C", "3C"}


def test_jokers_deck_a_two_of_clubs_on_the_first_trick_is_a_spade_play() -> None:
    rules = Rules.parse("deck=jokers", base=SOLO)
    hand = deal(rules, S="AK.AKQJT9.AKQJT.", W=".8765..AKQJT9873", N="LJQJT9.43.98765.2")
    bid_through(hand)
    play(hand, "AH 3C 2C")
    knowledge = knowledge_of(hand, "E")
    clubs_left = knowledge.remaining(CLUBS)
    assert Card.parse("2C").bit & knowledge.played and not Card.parse("2C").bit & clubs_left
    for seat in ("S", "N"):  # the leader without clubs, and the seat that played the trump 2♣
        assert knowledge.forbidden[seat] & clubs_left == clubs_left
    assert not knowledge.void_in("N", SPADES)
    assert knowledge.forbidden["N"] & knowledge.remaining(SPADES) == 0
    assert knowledge.known["W"] & clubs_left == clubs_left
    assert seat_view(hand, "E")["spades_broken"]


def test_deuces_deck_a_two_of_diamonds_on_a_diamond_lead_shows_out_of_diamonds() -> None:
    rules = Rules.parse("deck=deuces", base=PARTNER)
    hand = deal(rules, S="AK.AKQJT.AKQJT.A", W="QJT9.98765.2.KQJ")
    bid_through(hand)
    play(hand, "AD 2D")
    knowledge = knowledge_of(hand, "S")
    diamonds_left = knowledge.remaining(2)
    assert diamonds_left and knowledge.forbidden["W"] & diamonds_left == diamonds_left
    assert knowledge.forbidden["W"] & knowledge.remaining(SPADES) == 0


def test_a_spade_led_before_spades_are_broken_shows_a_hand_of_only_spades() -> None:
    hand = deal(PARTNER, W="KQJT98765432.A..", S="A.KQ.AKQJT.AKQJT", N=".JT98.98765.9876")
    bid_through(hand)
    play(hand, "KH AH JH 7H 2S")
    knowledge = knowledge_of(hand, "S")
    others = knowledge.unseen & ~knowledge.deck.suit_masks[SPADES]
    assert knowledge.forbidden["W"] & others == others
    assert knowledge.known["W"] == knowledge.remaining(SPADES)  # eleven cards, eleven spades left
    assert knowledge.void_in("N", SPADES) and knowledge.void_in("E", SPADES)


@pytest.mark.parametrize("rules_id", REPLAYABLE)
def test_a_play_excludes_exactly_the_cards_that_would_have_made_it_illegal(rules_id: str) -> None:
    """At every play of random hands, one more card in the player's holding leaves the
    card played legal exactly when the deductions do not exclude that card: the
    deductions and the rules of play say the same thing."""
    rules = RULE_SETS[rules_id]
    rng = random.Random(rules_id)
    for _ in range(4):
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
        bid_through(hand)
        while hand.phase == "play":
            seat, card = hand.to_act, rng.choice(hand.legal_plays())
            turn = (rules, hand.deck, [c for _, c in hand.trick], len(hand.tricks) + 1, hand.spades_broken)
            holding = hand.holding_mask(seat)
            excluded = play_exclusions(rules, hand.deck, card, *turn[2:])
            assert not holding & excluded
            for extra in cards_of(hand.deck.mask & ~holding):
                still_legal = legality.play_refusal(*turn[:2], holding | extra.bit, *turn[2:], card) is None
                assert still_legal == (not excluded & extra.bit), (str(card), str(extra), turn[2:])
            hand.play(seat, card)


def test_known_cards_follow_from_counts() -> None:
    """Once the cards a seat may hold are as many as it holds, it holds them all."""
    hand = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK", W="2.98765432.J.QJT", N="JT98..T987.98765")
    bid_through(hand)
    play(hand, "AH 2H TD 2D")
    knowledge = knowledge_of(hand, "S")
    for seat in ("W", "N", "E"):
        assert knowledge.known[seat] & knowledge.forbidden[seat] == 0
        for other in ("W", "N", "E"):
            if other != seat:
                assert knowledge.known[seat] & knowledge.forbidden[other] == knowledge.known[seat]


def test_masters_and_remaining_cards() -> None:
    hand = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK", W="2.98765432.J.QJT", N="JT98..T987.98765")
    bid_through(hand)
    play(hand, "AH 2H TD 2D")
    knowledge = knowledge_of(hand, "S")
    assert knowledge.is_master(Card.parse("KH"))  # the A♥ is gone
    assert knowledge.is_master(Card.parse("QS"))  # the A♠ and K♠ are South's own
    assert not knowledge.is_master(Card.parse("9S"))  # the J♠ and 10♠ are out
    assert knowledge.remaining(SPADES) & knowledge.hand == 0
    assert knowledge.remaining(HEARTS) | knowledge.remaining(SPADES) | knowledge.remaining(2) | \
        knowledge.remaining(CLUBS) == knowledge.unseen


# ---------------------------------------------------------------------------
# Exchanged cards


def exchange_hand(seed: int) -> tuple[Hand, list[str], list[str]]:
    """South bids blind nil and passes two cards to North, who passes two back."""
    rules = RULE_SETS["exchange2"]
    hand = Hand.shuffled(rules, "E", random.Random(seed))
    hand.apply("S", "bnil")
    bid_through(hand)
    assert hand.phase == "exchange" and hand.to_act == "S"
    given = hand.legal_choices("S")[-2:]
    hand.apply("S", given)
    returned = hand.legal_choices("N")[:2]
    hand.apply("N", returned)
    assert hand.phase == "play"
    return hand, given, returned


def test_cards_passed_in_an_exchange_are_known_at_the_receiver_and_in_every_sample() -> None:
    hand, given, returned = exchange_hand(5)
    knowledge = knowledge_of(hand, "S", {"N": given})
    passed = mask_of(Card.parse(c) for c in given)
    assert knowledge.known["N"] & passed == passed
    assert knowledge.forbidden["N"] & passed == 0
    assert knowledge.forbidden["W"] & passed == passed and knowledge.forbidden["E"] & passed == passed
    for sampled in sample_deals(knowledge, 60, random.Random(2)):
        assert sampled["N"] & passed == passed
    north = knowledge_of(hand, "N", {"S": returned})
    back = mask_of(Card.parse(c) for c in returned)
    assert north.known["S"] & back == back


def test_a_passed_card_once_played_is_no_longer_known() -> None:
    hand, given, _ = exchange_hand(8)
    passed = mask_of(Card.parse(c) for c in given)
    while not hand.tricks or not any(card.bit & passed for _, card in hand.tricks[-1].plays):
        seat = hand.to_act
        legal = hand.legal_choices(seat)
        mine = [c for c in legal if seat == "N" and Card.parse(c).bit & passed]
        hand.apply(seat, (mine or legal)[0])
        if hand.phase != "play":
            break
    knowledge = knowledge_of(hand, "S", {"N": given})
    assert knowledge.known["N"] & knowledge.played == 0
    assert knowledge.known["N"] & passed == passed & knowledge.unseen


# ---------------------------------------------------------------------------
# Samples: always consistent, and consistent with the whole history


def random_position(rules: Rules, seed: int, steps: int) -> tuple[Hand, list[tuple[str, object]]]:
    """A hand after up to `steps` random legal decisions (bidding counts), and the decisions."""
    rng = random.Random(seed)
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
    actions: list[tuple[str, object]] = []
    while len(actions) < steps and hand.phase not in ("done", "misdealt"):
        seat = hand.to_act
        legal = hand.legal_choices(seat)
        if hand.phase == "exchange":
            giving = len(hand.holding(seat)) == 13  # the partner returning holds 13 + k
            count = rng.randint(1, hand.exchange_count) if giving else hand.exchange_count
            choice: object = rng.sample(legal, count)
        else:
            choice = rng.choice(legal)
        hand.apply(seat, choice)
        actions.append((seat, choice))
    return hand, actions


def exchange_known(hand: Hand, seat: str) -> dict[str, list[str]]:
    """The cards `seat` passed in exchanges, by receiver (what a player remembers)."""
    known: dict[str, list[str]] = {}
    for event in hand.exchanges:
        if event.giver == seat:
            known.setdefault(event.receiver, []).extend(str(c) for c in event.cards)
    return known


def check_sample(knowledge: Knowledge, sampled: dict[str, int]) -> None:
    assert list(sampled) == list(SEATS)
    if knowledge.looked:
        assert sampled[knowledge.seat] == knowledge.hand
    union = 0
    for seat in SEATS:
        assert sampled[seat].bit_count() == knowledge.counts[seat]
        assert union & sampled[seat] == 0
        union |= sampled[seat]
        if seat != knowledge.seat:
            assert sampled[seat] & knowledge.forbidden[seat] == 0
            assert sampled[seat] & knowledge.known[seat] == knowledge.known[seat]
            if seat in knowledge.spade_counts:
                assert (sampled[seat] & knowledge.deck.suit_masks[SPADES]).bit_count() == knowledge.spade_counts[seat]
    assert union == knowledge.unseen | knowledge.hand


def replay(hand: Hand, actions: list[tuple[str, object]], sampled: dict[str, int], played_by: dict[str, int]) -> Hand:
    """The same decisions again, from a deal giving each seat its sampled cards plus those it played."""
    holdings = {s: cards_of(sampled[s] | played_by[s]) for s in SEATS}
    again = Hand.from_holdings(hand.rules, hand.dealer, holdings, number=hand.number, standings=hand.standings)
    for seat, choice in actions:
        again.apply(seat, choice)
    return again


@settings(max_examples=150)
@given(rules_id=st.sampled_from(list(RULE_SETS)), seed=st.integers(0, 10**6), steps=st.integers(0, 60),
       viewer=st.sampled_from(SEATS), weigh=st.booleans())
def test_samples_are_consistent_deals_of_the_view(rules_id: str, seed: int, steps: int, viewer: str,
                                                  weigh: bool) -> None:
    hand, actions = random_position(RULE_SETS[rules_id], seed, steps)
    if hand.phase in ("done", "misdealt"):
        return
    view = seat_view(hand, viewer)
    knowledge = Knowledge.from_view(view, exchange_known(hand, viewer))
    truth = {s: hand.holding_mask(s) for s in SEATS}
    if not (hand.phase == "exchange" and viewer not in (hand.to_act, partner(hand.to_act))):
        check_sample(knowledge, truth)  # the real deal is one of them (outside an exchange it cannot see)
    samples = sample_deals(knowledge, 8, random.Random(seed), weigh_bids=weigh)
    assert len(samples) == 8
    for sampled in samples:
        check_sample(knowledge, sampled)
    if rules_id in REPLAYABLE:
        for sampled in samples[:4]:  # under every sample, every decision so far was legal and looks the same
            assert seat_view(replay(hand, actions, sampled, knowledge.played_by), viewer) == view


def test_sampling_before_looking_deals_this_seat_too() -> None:
    hand = Hand.shuffled(PARTNER, "E", random.Random(4))
    assert hand.phase == "blind" and hand.to_act == "S"
    knowledge = knowledge_of(hand, "S")
    assert not knowledge.looked and knowledge.hand == 0 and knowledge.unseen == knowledge.deck.mask
    for sampled in sample_deals(knowledge, 20, random.Random(1)):
        check_sample(knowledge, sampled)


def test_contradictory_knowledge_is_refused() -> None:
    hand = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK", W="2.98765432.J.QJT", N="JT98..T987.98765")
    bid_through(hand)
    play(hand, "AH 2H TD 2D")
    too_many = [str(c) for c in cards_of(knowledge_of(hand, "S").unseen)[:13]]  # North holds 12
    with pytest.raises(ValueError):
        sample_deals(knowledge_of(hand, "S", {"N": too_many}), 1, random.Random(0))
    with pytest.raises(ValueError):
        sample_deals(knowledge_of(hand, "S", {"N": too_many[:1], "W": too_many[:1]}), 1, random.Random(0))


def mid_hand(rules: Rules, seed: int, tricks: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.shuffled(rules, "E", rng)
    bid_through(hand)
    while len(hand.tricks) < tricks:
        hand.apply(hand.to_act, rng.choice(hand.legal_choices(hand.to_act)))
    return hand


@pytest.mark.parametrize("rules_id", REPLAYABLE)
def test_every_allowed_card_turns_up_with_every_seat_allowed_it(rules_id: str) -> None:
    """The sampler is not biased away from any possibility: each unseen card shows up with
    each seat that may hold it (forbidden is exact, so each such pair is in some deal)."""
    for seed, tricks in ((1, 4), (2, 7), (3, 10)):
        hand = mid_hand(RULE_SETS[rules_id], seed, tricks)
        knowledge = knowledge_of(hand, hand.to_act)
        seen = dict.fromkeys(SEATS, 0)
        for sampled in sample_deals(knowledge, 600, random.Random(seed), weigh_bids=False):
            for seat in SEATS:
                seen[seat] |= sampled[seat]
        for seat in knowledge.holders:
            assert seen[seat] == knowledge.allowed(seat), (seed, seat)


def test_without_constraints_each_card_goes_to_each_seat_about_equally() -> None:
    hand = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK")
    bid_through(hand)
    knowledge = knowledge_of(hand, "S")
    tally = {s: [0] * 54 for s in ("W", "N", "E")}
    rounds = 900
    for sampled in sample_deals(knowledge, rounds, random.Random(3), weigh_bids=False):
        for seat in tally:
            for card in cards_of(sampled[seat]):
                tally[seat][card.index] += 1
    for card in cards_of(knowledge.unseen):
        for seat in tally:
            assert 0.23 < tally[seat][card.index] / rounds < 0.44


def test_how_a_suit_splits_between_the_two_seats_that_may_hold_it_follows_the_count_of_deals() -> None:
    """North shows out of hearts; uniform deals make West's share of the hearts left
    hypergeometric: P(x) ∝ C(h, x)·C(f − n, w − x) for h hearts, f other cards, n and w
    the cards North and West hold."""
    hand = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK", N="JT98..T987.98765")
    bid_through(hand)
    play(hand, "AH")
    play(hand, hand.legal_choices("W")[0])
    play(hand, "TD")
    knowledge = knowledge_of(hand, "S")
    hearts = knowledge.remaining(HEARTS)
    h = hearts.bit_count()
    f = knowledge.unseen.bit_count() - h
    n, w = knowledge.counts["N"], knowledge.counts["W"]
    ways = [math.comb(h, x) * math.comb(f - n, w - x) for x in range(h + 1)]
    expected = [c / sum(ways) for c in ways]
    rounds = 3000
    found = [0] * (h + 1)
    for sampled in sample_deals(knowledge, rounds, random.Random(8), weigh_bids=False):
        found[(sampled["W"] & hearts).bit_count()] += 1
    distance = sum(abs(found[x] / rounds - expected[x]) for x in range(h + 1)) / 2
    assert distance < 0.04


# ---------------------------------------------------------------------------
# What the bids imply


def spade_honours_at(seat: str, samples: list[dict[str, int]]) -> float:
    top = mask_of(cards("AS KS"))
    return sum((s[seat] & top).bit_count() for s in samples) / len(samples)


def test_a_nil_bidder_rarely_holds_the_top_spades_when_bids_weigh_the_sample() -> None:
    hand = deal(PARTNER, S="QJ.AKQJT.AKQ.AKQ")
    bid_through(hand, {"W": "nil", "N": "3", "E": "4"})
    assert seat_view(hand, "S")["bids"]["W"] == "nil"
    knowledge = knowledge_of(hand, "S")
    plain = sample_deals(knowledge, 600, random.Random(1), weigh_bids=False)
    leaning = sample_deals(knowledge, 600, random.Random(1), weigh_bids=True)
    for sampled in leaning:
        check_sample(knowledge, sampled)
    assert spade_honours_at("W", leaning) < spade_honours_at("W", plain) / 2
    assert spade_honours_at("E", leaning) > spade_honours_at("E", plain)


def test_a_high_bidder_holds_more_winners_when_bids_weigh_the_sample() -> None:
    hand = deal(PARTNER, S="32.65432.5432.32")
    bid_through(hand, {"W": "7", "N": "2", "E": "2"})
    knowledge = knowledge_of(hand, "S")
    deck = knowledge.deck

    def mean_winners(samples: list[dict[str, int]]) -> float:
        return sum(hand_figures(deck, s["W"])[0] for s in samples) / len(samples)

    plain = sample_deals(knowledge, 400, random.Random(2), weigh_bids=False)
    leaning = sample_deals(knowledge, 400, random.Random(2), weigh_bids=True)
    assert mean_winners(leaning) > mean_winners(plain) + 1


def test_a_suicide_first_bidders_number_says_its_hand_is_a_poor_nil() -> None:
    """South bid first for its side and chose 4 where nil was open to it: North, to bid next,
    should find the dangerous cards of a nil (the A♠ above all) with South more often."""
    hand = deal(PRESETS["suicide"].rules, N="Q2.Q8765.9876.65")
    hand.apply("S", "4")
    hand.apply("W", "nil")
    knowledge = knowledge_of(hand, "N")
    plain = sample_deals(knowledge, 800, random.Random(3), weigh_bids=False)
    leaning = sample_deals(knowledge, 800, random.Random(3), weigh_bids=True)
    assert share_with(knowledge, "S", "AS", leaning) > share_with(knowledge, "S", "AS", plain) + 0.15


def test_a_suicide_nil_chosen_over_a_number_says_less_than_a_nil_bid_freely() -> None:
    """In Suicide one partner must nil, so nils come from worse hands than a nil of Partner
    Spades: a Suicide first bidder's nil leaves the K♠ with it more often than a Partner nil
    does, though less often than no bid at all."""
    shares = {}
    for variant in ("partner", "suicide"):
        hand = deal(PRESETS[variant].rules, N="Q2.Q8765.9876.65")
        if "look" in hand.legal_choices("S"):
            hand.apply("S", "look")
        hand.apply("S", "nil")
        knowledge = knowledge_of(hand, "N")
        shares[variant] = share_with(knowledge, "S", "KS", sample_deals(knowledge, 800, random.Random(4)))
        plain = share_with(knowledge, "S", "KS", sample_deals(knowledge, 800, random.Random(4), weigh_bids=False))
    assert shares["partner"] + 0.05 < shares["suicide"] < plain - 0.05


def test_a_suicide_number_turned_into_the_nil_is_read_as_the_number() -> None:
    """South bid 4 first for its side and North's 4 turned it into the pair's nil: East, who saw
    the change, reads South's cards as the number South chose (the A♠ often with it), not as a
    nil South chose."""
    shares = {}
    for south in ("4", "nil"):
        hand = deal(PRESETS["suicide"].rules, E="Q2.Q8765.9876.65")
        for seat, bid in (("S", south), ("W", "nil"), ("N", "4")):
            hand.apply(seat, bid)
        view = seat_view(hand, "E")
        assert view["bids"]["S"] == "nil" and view.get("bids_made", {}) == ({"S": "4"} if south == "4" else {})
        knowledge = knowledge_of(hand, "E")
        shares[south] = share_with(knowledge, "S", "AS", sample_deals(knowledge, 800, random.Random(5)))
    assert shares["4"] > shares["nil"] + 0.15


def share_with(knowledge: Knowledge, seat: str, card: str, samples: list[dict[str, int]]) -> float:
    """The share of `samples` that give `card` to `seat`."""
    bit = mask_of(cards(card))
    return sum(bool(sampled[seat] & bit) for sampled in samples) / len(samples)


def test_blind_bids_say_nothing_about_the_cards() -> None:
    hand = Hand.shuffled(PARTNER, "E", random.Random(6))
    hand.apply("S", "look")
    hand.apply("S", "3")
    hand.apply("W", "bnil")
    knowledge = knowledge_of(hand, "S")
    assert sample_deals(knowledge, 30, random.Random(9), weigh_bids=True) == \
        sample_deals(knowledge, 30, random.Random(9), weigh_bids=False)


def test_a_failed_nil_no_longer_weighs_the_sample() -> None:
    hand = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK", W="2.98765432.J.QJT", N="JT98..T987.98765")
    bid_through(hand, {"S": "4", "W": "4", "N": "nil", "E": "4"})
    assert "N" in bid_models(knowledge_of(hand, "W"))
    play(hand, "AH 2H 8S 2D")  # North trumps: its nil has failed
    knowledge = knowledge_of(hand, "W")
    assert knowledge.taken["N"] == 1
    assert set(bid_models(knowledge)) == {"S", "E"}


def test_mirrors_bids_fix_every_spade_count() -> None:
    hand = mid_hand(PRESETS["mirrors"].rules, 5, 3)
    knowledge = knowledge_of(hand, "S")
    spades = knowledge.deck.suit_masks[SPADES]
    for seat in ("W", "N", "E"):
        assert knowledge.spade_counts[seat] == (hand.holding_mask(seat) & spades).bit_count()
    for sampled in sample_deals(knowledge, 50, random.Random(5)):
        check_sample(knowledge, sampled)


# ---------------------------------------------------------------------------
# Only the view counts


@settings(max_examples=60)
@given(rules_id=st.sampled_from(REPLAYABLE), seed=st.integers(0, 10**6), tricks=st.integers(0, 11))
def test_two_deals_with_the_same_view_give_the_same_knowledge_and_samples(rules_id: str, seed: int,
                                                                          tricks: int) -> None:
    rules = RULE_SETS[rules_id]
    hand, actions = random_position(rules, seed, 8 + 4 * tricks)
    if hand.phase in ("done", "misdealt"):
        return
    viewer = hand.to_act
    view = seat_view(hand, viewer)
    knowledge = Knowledge.from_view(view)
    others = [s for s in SEATS if s != viewer]
    truth = {s: hand.holding_mask(s) for s in SEATS}
    for sampled in sample_deals(knowledge, 10, random.Random(seed), weigh_bids=False):
        if all(sampled[s] == truth[s] for s in others):
            continue
        twin = replay(hand, actions, sampled, knowledge.played_by)
        assert any(twin.holding_mask(s) != hand.holding_mask(s) for s in others)
        twin_view = seat_view(twin, viewer)
        assert twin_view == view
        twin_knowledge = Knowledge.from_view(twin_view)
        assert twin_knowledge == knowledge
        for weigh in (False, True):
            assert sample_deals(twin_knowledge, 12, random.Random(seed + 1), weigh_bids=weigh) == \
                sample_deals(knowledge, 12, random.Random(seed + 1), weigh_bids=weigh)
        return


def test_knowledge_never_names_a_card_of_another_seat_that_the_view_hides() -> None:
    """Built from the same view, it is the same whatever the hidden cards: the deal's
    unseen part does not leak into it (checked on a fixed position, both ways round)."""
    first = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK", W="2.98765432.J.QJT", N="JT98..T987.98765")
    second = deal(PARTNER, S="AKQ.AKQJT.AKQ.AK", W="JT98..T987.98765", N="2.98765432.J.QJT")
    for hand in (first, second):
        bid_through(hand)
    assert seat_view(first, "S") == seat_view(second, "S")
    assert knowledge_of(first, "S") == knowledge_of(second, "S")
    assert sample_deals(knowledge_of(first, "S"), 25, random.Random(3)) == \
        sample_deals(knowledge_of(second, "S"), 25, random.Random(3))


@pytest.mark.parametrize("rules_id", ["partner", "mirrors", "exchange2"])
def test_knowledge_reads_a_seat_view_and_its_dict_alike(rules_id: str) -> None:
    rules = RULE_SETS[rules_id]
    rng = random.Random(4)
    hand = Hand.shuffled(rules, "W", rng)
    phases = set()
    while hand.phase not in ("done", "misdealt"):
        phases.add(hand.phase)
        for seat in SEATS:
            view = seat_view(hand, seat)
            assert Knowledge.from_view(SeatView.from_dict(view)) == Knowledge.from_view(view)
        legal = hand.legal_choices(hand.to_act)
        if hand.phase == "exchange":  # the blind-nil bidder gives one card, its partner as many back
            hand.apply(hand.to_act, legal[:1])
        else:
            hand.apply(hand.to_act, "bnil" if "bnil" in legal else "look" if "look" in legal else rng.choice(legal))
    assert "play" in phases and ("exchange" in phases) == (rules_id == "exchange2")


def test_knowledge_refuses_a_dict_that_is_not_a_seat_view() -> None:
    hand = Hand.shuffled(PARTNER, "W", random.Random(5))
    bid_through(hand)
    view = seat_view(hand, "S")
    with pytest.raises(ViewError, match=r"trick\[0\]"):
        Knowledge.from_view({**view, "trick": [["N", "ZZ"]]})
