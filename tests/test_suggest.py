"""Suggest gives the player's seat a legal choice and a plain one-line reason, and a card's
reason says what the card does in the trick, truthfully."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.cards import DECKS, SPADES, Card, parse_hand
from game.hand import Hand
from game.legality import trick_winner_index
from game.players import RandomPlayer, decide
from game.players.expert import ExpertPlayer
from game.players.knowledge import Knowledge
from game.players.suggest import evaluate, explain, suggest, why
from game.rules import PRESETS, Rules
from game.seats import SEAT_NAMES, SEATS, next_seat, partner, seats_from
from game.view import ViewError, seat_view
from tests.test_partner_positions import SPOTS

PARTNER = PRESETS["partner"].rules
DUNN = PRESETS["dunn"].rules


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_suggestions_are_legal_with_a_reason_through_a_whole_hand(level: str) -> None:
    rng = random.Random(8)
    hand = Hand.shuffled(PARTNER, "E", rng)
    while hand.phase != "done":
        seat = hand.to_act
        view = seat_view(hand, seat)
        if seat == "S":
            advice = suggest(view, level=level, seed=3)
            legal = view["legal"]
            assert (set(advice.choice) <= set(legal)) if view["phase"] == "exchange" else advice.choice in legal
            assert advice.reason and "\n" not in advice.reason and len(advice.reason) < 80
            hand.apply(seat, advice.choice)
        else:
            choice = rng.choice([c for c in view["legal"] if c != "bnil"])
            hand.apply(seat, choice)


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_suggest_covers_the_partners_nil_and_says_so(level: str) -> None:
    hand = Hand.from_holdings(PARTNER, "S", {
        "S": parse_hand("AKQ.A2.AKQ.AKQJT"), "N": parse_hand("32.K43.432.65432"),
        "W": parse_hand("654.9865.765.987"), "E": parse_hand("JT987.QJT7.JT98.")})
    for seat, bid in zip("WNES", ["3", "nil", "3", "4"], strict=False):
        if hand.phase == "blind":
            hand.apply(seat, "look")
        hand.apply(seat, bid)
    for card in "5H KH 7H".split():
        hand.apply(hand.to_act, card)
    advice = suggest(seat_view(hand, "S"), level=level)
    assert advice.choice == "AH"
    assert advice.reason == "Cover partner's nil: beat the K♥ with the A♥"


def test_suggested_bid_explains_the_count() -> None:
    hand = Hand.from_holdings(PARTNER, "E", {
        "S": parse_hand("AKQ2.A32.A32.432"), "W": parse_hand("543.KQJ4.KQJ4.AK"),
        "N": parse_hand("JT98.T987.T98.QJ"), "E": parse_hand("76.65.765.T98765")})
    hand.apply("S", "look")
    advice = suggest(seat_view(hand, "S"), level="normal")
    assert advice.choice.isdigit()
    assert advice.reason.startswith(f"About {advice.choice} trick")
    assert "A♥" in advice.reason and "4 spades" in advice.reason


def test_a_bid_far_under_the_hands_own_count_beside_partners_says_both() -> None:
    """Expert bids the side's contract: a strong hand's 1 beside partner's 5 is no "About 1 trick"."""
    south = parse_hand("KT862.AK5.KJ.QJ2")
    rest = [card for card in DECKS["standard"].cards if card not in south]
    hand = Hand.from_holdings(PARTNER, "W", {"S": south, "W": rest[:13], "N": rest[13:26], "E": rest[26:]})
    for seat, bid in (("N", "5"), ("E", "1")):
        hand.apply(seat, "look")
        hand.apply(seat, bid)
    hand.apply("S", "look")
    view = seat_view(hand, "S")
    assert explain(view, "1").startswith("Bid 1 beside partner's 5, the hand alone about ")
    assert explain(view, "4").startswith("About 4 tricks: aces A♥"), "a bid near the count says the count"
    assert explain(view, "1", hand_shown=False).startswith("About 1 trick"), "the hand is not told before it shows"


def test_a_suggested_nil_names_the_top_spade_and_calls_no_honour_low() -> None:
    # South bids first with K♣ Q♣ over four low clubs: a nil Normal plays out and bids. The
    # reason names the top spade and does not call the hand's highest cards low.
    hand = Hand.from_holdings(PARTNER, "E", {
        "S": parse_hand("J5.82.Q72.KQ9862"), "W": parse_hand("AKQ4.AKQ4.AK3.AT"),
        "N": parse_hand("T9876.JT976.J4.J"), "E": parse_hand("32.53.T9865.7543")})
    hand.apply("S", "look")
    advice = suggest(seat_view(hand, "S"), level="normal")
    assert advice.choice == "nil"
    assert advice.reason == "Nil: your cards can stay under the others' (top spade J♠)"


SUICIDE_HANDS = {"S": parse_hand("Q53.AT982.J2.AJ5"), "W": parse_hand("AKJ2.KQ4.AK3.Q43"),
                 "N": parse_hand("T9876.J76.T98.K2"), "E": parse_hand("4.53.Q7654.T9876")}
"""South's hand holds two aces: no hand that stays under the others' cards, but in Suicide one
of a pair must bid nil, and it may be the likelier of the two."""


@pytest.mark.parametrize(("bids", "reason"), [
    ("4 4 nil", "Nil: one of you must bid nil, and yours is the likelier nil (top spade Q♠)"),
    ("", "Nil: one of you must bid nil, and yours is the likelier nil (top spade Q♠)"),
    ("4 nil 5", "Nil: yours is the likelier nil; partner's turns into 4 (top spade Q♠)"),
])
def test_a_suicide_nil_is_explained_by_the_rule_not_by_low_cards(bids: str, reason: str) -> None:
    # The dealer's left bids first; with South the dealer, West, North and East bid before it.
    hand = Hand.from_holdings(PRESETS["suicide"].rules, "S" if bids else "E", SUICIDE_HANDS)
    for bid in bids.split():
        hand.apply(hand.to_act, bid)
    assert hand.to_act == "S"
    assert explain(seat_view(hand, "S"), "nil") == reason
    if bids == "4 4 nil":  # a number instead turns North's 4 into the pair's nil
        assert explain(seat_view(hand, "S"), "5") == \
            "About 5 tricks: aces A♥ A♣, 3 spades (top Q♠); partner's 4 turns into nil"
    with_partners = Hand.from_holdings(PARTNER, "E", SUICIDE_HANDS)
    with_partners.apply("S", "look")
    assert explain(seat_view(with_partners, "S"), "nil") == "Nil: your cards can stay under the others' (top spade Q♠)"


def test_a_reason_under_a_players_name_names_the_nil_once() -> None:
    hand = Hand.from_holdings(PRESETS["suicide"].rules, "E", SUICIDE_HANDS)
    view = seat_view(hand, "S")
    said = "Ann's nil: one of them must bid nil, and theirs is the likelier nil"
    assert why(view, "nil", "Ann") == f"{said} (top spade Q♠)"
    assert why(view, "nil", "Ann", hand_shown=False) == said
    assert why(view, "nil", "You") == "Your nil: one of you must bid nil, and yours is the likelier nil (top spade Q♠)"
    assert why(view, "5", "Ann").startswith("Ann's bid of 5: About 5 tricks: aces A♥ A♣")


# -- card reasons worded from the position --------------------------------------------------------
def south_to_play(leader: str, plays: str = "", rules: Rules = PARTNER, bids: dict[str, str] | None = None,
                  **hands: str) -> dict:
    """South's view on the first trick: `leader` bids and leads first, the seats before South
    have played `plays`. Seats without a hand (Deal notation) hold the cards they play and
    the rest of the deck in order; everyone bids 3 unless `bids` says otherwise."""
    order = seats_from(leader)
    played = [Card.parse(text) for text in plays.split()]
    holdings = {seat: parse_hand(text) for seat, text in hands.items()}
    for seat, card in zip(order, played, strict=False):
        if seat not in hands:
            holdings.setdefault(seat, []).append(card)
    used = {card for held in holdings.values() for card in held}
    rest = [card for card in DECKS[rules.deck].cards if card not in used]
    for seat in SEATS:
        held = holdings.setdefault(seat, [])
        missing = 13 - len(held)
        held += rest[:missing]
        rest = rest[missing:]
    hand = Hand.from_holdings(rules, next_seat(leader, 3), holdings)
    while hand.phase != "play":
        seat = hand.to_act
        hand.apply(seat, {"blind": "look", "misdeal": "keep"}.get(hand.phase) or (bids or {}).get(seat, "3"))
    for card in played:
        hand.apply(hand.to_act, str(card))
    assert hand.to_act == "S"
    return seat_view(hand, "S")


def reasons(view: dict) -> dict[str, str]:
    return {text: explain(view, text) for text in view["legal"]}


def test_a_reason_is_given_only_for_a_seat_view() -> None:
    view = south_to_play("W", "5C KC 7C", S="AKQ2.A9876.AK3.9")
    with pytest.raises(ViewError, match="scores: expected one for each side, NS EW"):
        explain({**view, "scores": {"NS": {"points": 0, "bags": 0}}}, "9C")


def test_the_only_legal_card_is_called_that_not_low():
    view = south_to_play("W", "5C KC 7C", S="AKQ2.A9876.AK3.9")
    assert reasons(view) == {"9C": "Your only legal card: the 9♣"}


def test_a_card_that_beats_the_table_is_not_called_high_unless_it_is_the_highest():
    view = south_to_play("E", "4H", S="AKQ2.A97.K32.432")
    assert reasons(view) == {
        "AH": "Play high over the 4♥: the A♥",
        "9H": "Beat the 4♥ with the 9♥",
        "7H": "Win it with the lowest card that beats the 4♥: the 7♥",
    }


def test_under_the_partners_winning_card_only_the_lowest_is_called_low():
    view = south_to_play("W", "5D AD 7D", S="AKQ2.A97.K3.5432")
    assert reasons(view) == {
        "KD": "Partner's A♦ is winning: play the K♦",
        "3D": "Partner's A♦ is winning: play low, the 3♦",
    }


def test_the_last_seat_takes_the_trick_or_overtakes_its_partner():
    taking = south_to_play("W", "5D 9D QD", S="AKQ2.A97.K3.5432")
    assert reasons(taking)["KD"] == "Take the trick with the K♦"
    assert reasons(taking)["3D"] == "Duck under the Q♦: play low, the 3♦"
    overtaking = south_to_play("W", "5D QD 7D", S="AKQ2.A97.K3.5432")
    assert reasons(overtaking)["KD"] == "Overtake partner's Q♦ to take the lead: the K♦"


def test_an_overtake_says_why_partners_card_is_beaten():
    with_west_to_come = south_to_play("N", "QD 7D", S="AKQ2.A97.K3.5432")
    assert reasons(with_west_to_come)["KD"] == "Overtake partner's Q♦, which West may beat: the K♦"
    forced = south_to_play("N", "QD 7D", S="AKQ2.A976.AK.543")
    assert reasons(forced) == {"AD": "Nothing you may play stays under partner's Q♦: the A♦",
                               "KD": "Nothing you may play stays under partner's Q♦: the K♦"}


def test_a_card_that_cannot_win_says_the_winner_is_out_of_reach():
    view = south_to_play("E", "JH", S="AKQ2.94.K32.5432")
    assert reasons(view) == {"9H": "The J♥ is out of reach: play the 9♥",
                             "4H": "The J♥ is out of reach: play low, the 4♥"}


def test_leads_say_what_is_true_of_the_card():
    view = south_to_play("S", S="Q32.AK4.K.987654")
    said = reasons(view)
    assert said["AH"] == "Lead the A♥: it should win"
    assert said["KH"] == "Lead the K♥: it should win"  # the A♥ is South's own
    assert said["4H"] == "Lead low: the 4♥"
    assert said["KD"] == "Lead your only diamond: the K♦"
    assert said["9C"] == "Lead high: the 9♣"
    assert said["4C"] == "Lead low: the 4♣"
    assert said["7C"] == "Lead the 7♣"


def test_void_seats_trump_over_trump_or_discard():
    trumping = south_to_play("W", "5H 7H KH", S="AKQ2..KQ32.65432")
    assert reasons(trumping)["2S"] == "Trump with the 2♠"
    assert reasons(trumping)["2D"] == "Discard the 2♦"
    over = south_to_play("N", "5H 4S", E="T954..AKQJT.KQJ2", S="AKQ72..9832.9873")
    assert reasons(over)["7S"] == "Over-trump the 4♠ with the 7♠"
    assert reasons(over)["2S"] == "Duck under the 4♠: play low, the 2♠"
    assert reasons(over)["2D"] == "Discard the 2♦"
    partner_trumped = south_to_play("W", "5H 4S 9H", N="T954..AKQJT.KQJ2", S="AKQ72..9832.9873")
    assert reasons(partner_trumped)["2D"] == "Partner's 4♠ is winning: discard the 2♦"


def test_a_nil_bidder_is_told_to_stay_under_or_that_it_cannot():
    nil = {"S": "nil"}
    ducking = south_to_play("E", "JH", bids=nil, S="AKQ2.Q4.K32.5432")
    assert reasons(ducking) == {"QH": "Above the J♥, but partner can still cover it: the Q♥",
                                "4H": "Stay under the J♥ for your nil: play low, the 4♥"}
    last = south_to_play("W", "JH 5H 6H", bids=nil, S="AKQ2.Q4.K32.5432")
    assert reasons(last)["QH"] == "Beat the J♥, giving up on your nil: the Q♥"
    master = south_to_play("E", "JH", bids=nil, S="AKQ2.A4.K32.5432")
    assert reasons(master)["AH"] == "Beat the J♥, giving up on your nil: the A♥"
    before_a_rival = south_to_play("N", "JH 3H", bids=nil, S="AKQ2.Q4.K32.5432")
    assert reasons(before_a_rival)["QH"] == "Above the J♥, but a later card may beat it: the Q♥"
    forced = south_to_play("E", "JH", bids=nil, S="AKQ2.KQ.K32.5432")
    assert reasons(forced)["QH"] == "Nothing you may play stays under the J♥: the Q♥"
    leading = south_to_play("S", bids=nil, S="Q32.AK4.K3.98765")
    assert reasons(leading)["3D"] == "Keep your nil: lead low, the 3♦"
    assert reasons(leading)["KD"] == "Keep your nil: lead the K♦"


def test_the_partners_nil_is_covered():
    covering = south_to_play("W", "5H KH 7H", bids={"N": "nil"}, S="AKQ2.A9.K32.5432")
    assert reasons(covering)["AH"] == "Cover partner's nil: beat the K♥ with the A♥"
    assert reasons(covering)["9H"] == "Partner's K♥ is winning: play low, the 9♥"
    leading = south_to_play("S", bids={"N": "nil"}, S="Q32.AK4.K3.98765")
    assert reasons(leading)["AH"] == "Cover partner's nil: lead high, the A♥"


def test_the_best_card_of_a_side_suit_an_opponent_is_out_of_may_be_trumped_and_the_lead_says_so():
    view = south_to_play("S", "KD 3D 4D 9H", S="2.2.AK.AKQJT9876", E="AKQJT98.AKQJT9..")
    assert reasons(view)["AD"] == "Lead the A♦: the best diamond, but East may trump it"
    assert reasons(view)["AC"] == "Lead the A♣: it should win", "nobody has shown out of clubs"
    assert explain(view, "AD", hand_shown=False) == "Lead the A♦: it should win", "a void deduced is not told"


def test_the_jokers_decks_trumps_come_from_the_engine():
    view = south_to_play("N", "5H 3S", rules=DUNN, E="T9853..AKQJT.KQJ", S="AK72..9876.98432")
    assert reasons(view)["2C"] == "Over-trump the 3♠ with the 2♣"
    assert reasons(view)["7S"] == "Over-trump the 3♠ with the 7♠"


# -- the property: every claim a card's reason makes is true -------------------------------------
RULE_SETS = [PARTNER, PRESETS["solo"].rules, PRESETS["suicide"].rules, DUNN,
             Rules.parse("deck=deuces mustbeat=1 lowclub=1", base=PARTNER)]


def random_position(rules: Rules, rng: random.Random, cards_played: int) -> Hand:
    """A hand in play after random choices (about a quarter of the bids nil), `cards_played` in."""
    while True:
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
        while hand.phase not in ("play", "done", "misdealt"):
            seat = hand.to_act
            view = seat_view(hand, seat)
            nil = [b for b in view["legal"] if b == "nil"]
            choice = nil[0] if nil and rng.random() < 0.25 else decide(RandomPlayer(seat, view["rules"],
                                                                                    rng.random(), 3), view)
            hand.apply(seat, choice)
        if hand.phase == "play":
            break
    for _ in range(cards_played):
        hand.apply(hand.to_act, rng.choice(hand.legal_choices(hand.to_act)))
    return hand


LABEL = r"(?:10|[2-9JQKA])[♠♥♦♣]|Big Joker|Little Joker"
"""A card as the reasons name it."""


def check_claims(view: dict, card: Card, reason: str) -> None:
    """Each phrase the card reasons use stands for a fact; check the fact."""
    deck = DECKS[view["rules"]["deck"]]
    legal = [Card.parse(c) for c in view["legal"]]
    trick = [(seat, Card.parse(c)) for seat, c in view["trick"]]
    played = [c for _, c in trick]
    same_suit = sorted(deck.power[c.index] for c in legal if deck.suit_of[c.index] == deck.suit_of[card.index])
    mate = partner(view["seat"]) if view["rules"]["partners"] else None
    assert card.label in reason and "\n" not in reason
    assert len(reason) <= (60 if "Joker" not in reason else 72), reason
    assert ("only legal card" in reason) == (len(legal) == 1), reason
    if "only legal card" in reason:
        return
    assert reason.startswith(("Lead", "Keep your nil: lead", "Cover partner's nil: lead", "No one")) == (not trick)
    if re.search(r"\blow\b", reason):
        assert len(same_suit) > 1 and deck.power[card.index] == same_suit[0], reason
    if re.search(r"\bhigh\b", reason):
        assert len(same_suit) > 1 and deck.power[card.index] == same_suit[-1], reason
    if "your only" in reason:
        assert len(same_suit) == 1, reason
    rival = "to set their nil" in reason
    if rival:  # the card it lets win is a rival's whose nil stands
        (nil_seat,) = [s for s, c in trick if c.label in re.findall(r"Let the (.+) win", reason)]
        assert nil_seat not in (view["seat"], mate), reason
    if "nil" in reason:
        nil_seat = mate if "partner's nil" in reason else nil_seat if rival else view["seat"]
        assert view["bids"].get(nil_seat) in ("nil", "bnil") and view["taken"][nil_seat] == 0, reason
    if not trick:
        knowledge = Knowledge.from_view(view)
        unbeaten = knowledge.is_master(card)
        assert ("should win" in reason or "it wins" in reason or "No one can beat" in reason) <= unbeaten, reason
        if "may trump it" in reason:
            trumper = next(seat for seat in SEATS if SEAT_NAMES[seat] in reason)
            assert unbeaten and trumper not in (view["seat"], mate), reason
            assert knowledge.void_in(trumper, deck.suit_of[card.index]) and not knowledge.void_in(trumper, SPADES)
        if "it wins" in reason or "No one can beat" in reason:
            assert deck.suit_of[card.index] == SPADES, reason
        return
    winner_seat, best = trick[trick_winner_index(deck, played)]
    beats = trick_winner_index(deck, [*played, card]) == len(played)
    assert set(re.findall(LABEL, reason)) <= {card.label, best.label}, reason
    claims_win = reason.startswith(("Take", "Win it", "Beat", "Trump", "Over-trump", "Overtake", "Play high over",
                                    "Nothing you may play", "Cover", "Above"))
    assert claims_win == beats, reason
    if "nil is lost" in reason or "giving up on your nil" in reason:  # nobody after it can take the trick over
        assert len(trick) == 3 or Knowledge.from_view(view).is_master(card), reason
    if "can still cover it" in reason:
        assert len(trick) < 3 and mate not in [seat for seat, _ in trick], reason
    if reason.startswith("Nothing you may play"):
        assert all(trick_winner_index(deck, [*played, c]) == len(played) for c in legal)
    if "out of reach" in reason:
        assert not any(trick_winner_index(deck, [*played, c]) == len(played) for c in legal), reason
    if "artner's" in reason and "nil" not in reason:
        assert winner_seat == mate, reason
    if re.search(r"which \w+ may beat", reason):  # the next seat, an opponent still to play, might
        after = next(seat for seat in SEATS if f"which {SEAT_NAMES[seat]} may beat" in reason)
        assert after == next_seat(view["seat"]) and after not in [s for s, _ in trick], reason
        assert not Knowledge.from_view(view).is_master(best), reason
    if rival:
        assert winner_seat == nil_seat and not beats, reason
    led = deck.suit_of[played[0].index]
    if re.search(r"\b([Dd]iscard|[Tt]rump with|Over-trump)", reason):
        assert deck.suit_of[card.index] != led, reason
    if reason.startswith(("Trump with", "Over-trump")):
        assert deck.suit_of[card.index] == SPADES, reason
    if "Discard" in reason or "discard" in reason:
        assert deck.suit_of[card.index] != SPADES, reason


@settings(max_examples=150, deadline=None)
@given(rules_at=st.integers(0, len(RULE_SETS) - 1), seed=st.integers(0, 2**32 - 1), cards_played=st.integers(0, 51))
def test_every_claim_in_a_card_reason_is_true(rules_at: int, seed: int, cards_played: int) -> None:
    hand = random_position(RULE_SETS[rules_at], random.Random(seed), cards_played)
    view = seat_view(hand, hand.to_act)
    for text in view["legal"]:
        check_claims(view, Card.parse(text), explain(view, text))


@settings(max_examples=60)
@given(rules_at=st.integers(0, len(RULE_SETS) - 1), seed=st.integers(0, 2**32 - 1), cards_played=st.integers(0, 51))
@example(rules_at=1, seed=96037688, cards_played=1)  # Solo's low club first: the 2♣ on a diamond lead is no void
def test_a_reason_given_while_the_hand_is_played_tells_nothing_of_the_cards_kept(
        rules_at: int, seed: int, cards_played: int) -> None:
    # Why on hover explains another seat's card to the player: the reason may rest only on the
    # card and the table, so that dealing the seat's other cards differently changes nothing.
    rng = random.Random(seed)
    hand = random_position(RULE_SETS[rules_at], rng, cards_played)
    seat = hand.to_act
    view = seat_view(hand, seat)
    kept_or_unseen = [c for s in SEATS for c in hand.holding(s)]
    for text in view["legal"]:
        card = Card.parse(text)
        told = explain(view, text, hand_shown=False)
        others = rng.sample([c for c in kept_or_unseen if c != card], len(view["hand"]) - 1)
        elsewhere = {**view, "hand": [text, *(str(c) for c in others)], "legal": [text, *(str(c) for c in others)]}
        assert explain(elsewhere, text, hand_shown=False) == told, (view["hand"], elsewhere["hand"])
        assert not re.search(r"\b(low|high|only|lowest|reach|Nothing|Duck)\b", told), told
        played = [*(c for _, c in view["trick"]), *(c for t in view["tricks"] for _, c in t["cards"])]
        on_the_table = {Card.parse(c).label for c in played} | {card.label}
        assert set(re.findall(LABEL, told)) <= on_the_table, told
        if told.startswith("Out of "):  # a void the table has just seen
            deck = DECKS[hand.rules.deck]
            led = deck.suit_of[Card.parse(view["trick"][0][1]).index]
            assert not any(deck.suit_of[Card.parse(c).index] == led for c in view["hand"]), (told, view["hand"])


def test_a_club_the_first_trick_demands_under_low_club_first_is_told_as_the_rule_not_as_a_void():
    hand = random_position(RULE_SETS[1], random.Random(96037688), 1)  # Solo: East holds diamonds on A♦ led
    view = seat_view(hand, hand.to_act)
    assert hand.rules.low_club and view["legal"] == ["2C"] and any(c.endswith("D") for c in view["hand"])
    assert explain(view, "2C", hand_shown=False) == "Low club first, on the first trick: the 2♣"


def test_under_an_opponents_winning_nil_the_card_that_lets_it_win_says_so():
    setting = south_to_play("N", "5H QH", bids={"E": "nil"}, S="AKQ2.A9.K32.5432")
    words = reasons(setting)
    assert words["9H"] == "Let the Q♥ win, to set their nil: play low, the 9♥"
    assert words["AH"] == "Play high over the Q♥: the A♥"


def test_the_coachs_best_card_is_the_one_expert_plays_where_its_solved_ending_overrules_a_nil_rule() -> None:
    """The partner position where leading the K♠ to South's Suicide nil sets North's contract:
    Expert leads the 3♥ there, against its cover rule, and the coach's evaluation must name the
    same card, or it would mark Expert's own play as a mistake."""
    spot = next(s for s in SPOTS if s.right == "3H" and s.rules == "suicide")
    hand = spot.hand()
    view = seat_view(hand, hand.to_act)
    played = decide(ExpertPlayer(hand.to_act, hand.rules.to_dict(), seed=3), view)
    evaluation = evaluate(view, seed=3)
    assert evaluation is not None
    assert played == evaluation.best == "3H"
