"""Bidding through :class:`Hand`: limits, team rules, Suicide and Mirrors, blind bids,
misdeal calls and the blind-nil exchange.

East deals every hand here, so bidding goes South, West, North, East. Hands are in
`Deal` notation; seats left out receive the rest of the deck in deck order (so with
no hands given South holds the spades, West the hearts, North the diamonds, East the
clubs of the standard deck).
"""

from __future__ import annotations

import random

import pytest
from deals import deal
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.bids import BLIND_NIL, NIL, Bid
from game.cards import DECKS, Card
from game.events import BidChanged, BidMade, BlindChoice, CardsExchanged, MisdealCalled
from game.hand import Hand, RuleError
from game.rules import PRESETS, Rules, RulesError
from game.scoring import Standing
from game.seats import sides

PARTNER = PRESETS["partner"].rules
PLAIN = Rules.parse("partners=1 broken=1 nil=100 bags=10/100 win=500 lose=-300")
"""Partner rules without blind nil: every seat goes straight to its bid."""
STELMACK = PRESETS["stelmack"].rules
NETSPADES = PRESETS["netspades"].rules
DUNN = PRESETS["dunn"].rules
SUICIDE = PRESETS["suicide"].rules
MIRRORS = PRESETS["mirrors"].rules
MISDEAL = PLAIN.replace(misdeal=True)
EXCHANGE = PARTNER.replace(exchange=2)


def behind(ns: int, ew: int) -> dict[str, Standing]:
    return {"NS": Standing(ns), "EW": Standing(ew)}


def choices(hand: Hand) -> list[str]:
    return hand.legal_choices(hand.to_act)


def numbers(low: int, high: int) -> set[str]:
    return {str(n) for n in range(low, high + 1)}


def refused(hand: Hand, seat: str, choice: str | list[str], message: str) -> None:
    """`choice` is refused with `message`, and the hand does not move."""
    state = hand.phase, hand.to_act, dict(hand.bids), len(hand.events)
    with pytest.raises(RuleError) as error:
        hand.apply(seat, choice)
    assert message in str(error.value)
    assert (hand.phase, hand.to_act, dict(hand.bids), len(hand.events)) == state


def finish_bidding(hand: Hand, bid: str = "3") -> None:
    """The seats still to bid look, keep their hands and bid `bid`."""
    while hand.phase in ("blind", "misdeal", "bid"):
        seat = hand.to_act
        hand.apply(seat, {"blind": "look", "misdeal": "keep"}.get(hand.phase, bid))


def held(hand: Hand, seat: str) -> set[str]:
    return {str(card) for card in hand.holding(seat)}


# ---------------------------------------------------------------------------
# Limits


def test_individual_limits_bound_the_numbers() -> None:
    hand = deal(PLAIN.replace(min_individual=2, max_individual=6))
    assert (hand.phase, hand.to_act) == ("bid", "S")
    assert set(choices(hand)) == {"nil"} | numbers(2, 6)
    for bid in ("1", "7", "13"):
        refused(hand, "S", bid, "Bids go from 2 to 6")
    hand.apply("S", "6")
    assert hand.bids == {"S": Bid(6)}


def test_without_nil_bids_start_at_one() -> None:
    hand = deal(STELMACK)
    assert "nil" not in choices(hand)
    assert min(int(c) for c in choices(hand)) == 1
    refused(hand, "S", "nil", "Nil is not allowed in this game")
    refused(hand, "S", "0", "Nil is not allowed in this game")


def test_a_bid_leaving_the_partner_no_legal_bid_is_refused() -> None:
    # Stelmack: no nil and a team bids at most 13, so 13 leaves North nothing (13 + 1 > 13).
    hand = deal(STELMACK)
    assert set(choices(hand)) == numbers(1, 12)
    refused(hand, "S", "13", "That bid would leave your partner no legal bid")


def test_a_low_bid_leaving_the_partner_no_legal_bid_is_refused() -> None:
    hand = deal(Rules.parse("partners=1 broken=1 nil=0 maxind=6 mintm=10 bags=10/100 win=500"))
    # North can add at most 6, so South must bid at least 4.
    assert set(choices(hand)) == numbers(4, 6)
    refused(hand, "S", "3", "That bid would leave your partner no legal bid")


def test_the_second_partner_keeps_within_the_team_maximum() -> None:
    hand = deal(PLAIN.replace(max_team=10))
    assert set(choices(hand)) == {"nil"} | numbers(1, 10)
    refused(hand, "S", "11", "That bid would leave your partner no legal bid")
    hand.apply("S", "4")
    hand.apply("W", "3")
    assert hand.to_act == "N"
    assert set(choices(hand)) == {"nil"} | numbers(1, 6)
    refused(hand, "N", "7", "Your team may bid at most 10 in all")


def test_netspades_team_minimum() -> None:
    hand = deal(NETSPADES)
    assert set(choices(hand)) == {"nil"} | numbers(1, 13)
    hand.apply("S", "1")
    hand.apply("W", "3")
    assert set(choices(hand)) == numbers(2, 12)
    refused(hand, "N", "1", "Your team must bid at least 3 in all")
    refused(hand, "N", "nil", "Your team must bid at least 3 in all")
    hand.apply("N", "2")
    assert hand.bids["N"] == Bid(2)


def test_netspades_both_partners_cannot_bid_nil() -> None:
    hand = deal(NETSPADES)
    hand.apply("S", "nil")
    hand.apply("W", "3")
    assert set(choices(hand)) == numbers(3, 13)
    refused(hand, "N", "nil", "Your team must bid at least 3 in all")


def test_the_other_side_bids_by_its_own_limits() -> None:
    hand = deal(STELMACK)
    hand.apply("S", "5")
    assert hand.to_act == "W"
    assert set(choices(hand)) == numbers(1, 12)
    hand.apply("W", "12")
    assert set(choices(hand)) == numbers(1, 8)
    refused(hand, "N", "9", "Your team may bid at most 13 in all")
    hand.apply("N", "8")
    assert set(choices(hand)) == {"1"}


# ---------------------------------------------------------------------------
# Team nil (Dunn: nil=0, teamnil=50, mintm=4)


def test_team_nil_first_partner_nil_obliges_the_second() -> None:
    hand = deal(DUNN)
    assert (hand.phase, hand.to_act) == ("bid", "S")
    assert set(choices(hand)) == {"nil"} | numbers(1, 12)
    hand.apply("S", "nil")
    hand.apply("W", "3")
    assert choices(hand) == ["nil"]
    refused(hand, "N", "4", "Your partner bid nil: a team nil needs you to bid nil too")
    hand.apply("N", "nil")
    hand.apply("E", "3")
    # Both nil is a team nil, allowed although the team minimum is 4.
    assert hand.bids == {"S": NIL, "W": Bid(3), "N": NIL, "E": Bid(3)}
    assert hand.phase == "play"


def test_team_nil_lone_nil_after_a_number_is_refused() -> None:
    hand = deal(DUNN)
    hand.apply("S", "4")
    hand.apply("W", "3")
    assert set(choices(hand)) == numbers(1, 9)
    refused(hand, "N", "nil", "Nil is allowed only as a team nil, after your partner bids nil")


# ---------------------------------------------------------------------------
# Suicide: one partner must bid nil


def test_suicide_second_number_turns_the_earlier_number_into_nil() -> None:
    hand = deal(SUICIDE)
    assert set(choices(hand)) == {"nil"} | numbers(4, 13)
    hand.apply("S", "4")
    hand.apply("W", "nil")
    hand.apply("N", "5")
    assert hand.bids["S"] == NIL
    assert hand.bids["N"] == Bid(5)
    record = hand.bid_history[0]
    assert (record.seat, record.bid, record.changed_to, record.final) == ("S", Bid(4), NIL, NIL)
    assert hand.events[-2:] == [BidMade("N", Bid(5)), BidChanged("S", Bid(4), NIL)]


def test_suicide_second_nil_turns_the_earlier_nil_into_the_minimum() -> None:
    hand = deal(SUICIDE)
    hand.apply("S", "4")
    hand.apply("W", "nil")
    hand.apply("N", "5")
    hand.apply("E", "nil")
    assert hand.bids == {"S": NIL, "W": Bid(4), "N": Bid(5), "E": NIL}
    assert BidChanged("W", NIL, Bid(4)) in hand.events
    record = hand.bid_history[1]
    assert (record.seat, record.bid, record.final) == ("W", NIL, Bid(4))
    assert [r.changed_to for r in hand.bid_history] == [NIL, Bid(4), None, None]


def test_suicide_override_to_at_least_one_when_there_is_no_minimum() -> None:
    hand = deal(Rules.parse("partners=1 broken=1 nil=100 onenil=1 bags=10/100 win=300"))
    hand.apply("S", "nil")
    hand.apply("W", "3")
    hand.apply("N", "nil")
    assert hand.bids["S"] == Bid(1)
    assert BidChanged("S", NIL, Bid(1)) in hand.events


def test_suicide_limits_are_checked_on_the_final_bids() -> None:
    hand = deal(SUICIDE)
    hand.apply("S", "9")
    hand.apply("W", "nil")
    # North's 13 would make 22 with South's 9, but South's bid then becomes nil.
    assert set(choices(hand)) == {"nil"} | numbers(4, 13)
    hand.apply("N", "13")
    assert hand.bids["S"] == NIL


# ---------------------------------------------------------------------------
# Mirrors: every bid is the spades held


def test_mirrors_bids_are_the_spades_held() -> None:
    hand = deal(MIRRORS, S="AKQJ.AKQ.AKQ.AKQ", W=".JT98.JT98.JT987", N="T98765432.765.6.")
    assert hand.phase == "play"
    assert hand.bids == {"S": Bid(4), "W": NIL, "N": Bid(9), "E": NIL}
    made = [e for e in hand.events if isinstance(e, BidMade)]
    assert [(e.seat, e.bid, e.automatic) for e in made] == [
        ("S", Bid(4), True), ("W", NIL, True), ("N", Bid(9), True), ("E", NIL, True)]
    assert [r.seat for r in hand.bid_history] == ["S", "W", "N", "E"]


def test_mirrors_counts_jokers_and_the_trump_two_of_clubs() -> None:
    hand = deal(MIRRORS.replace(deck="jokers"), S="BJ3.AKQ.AKQJ.AKQ2", W="LJ.JT987.T98.JT98")
    assert hand.bids["S"] == Bid(3)
    assert hand.bids["W"] == Bid(1)


def test_mirrors_bids_ignore_the_limits() -> None:
    hand = deal(MIRRORS.replace(max_team=10, min_individual=2),
                S="AKQJ.AKQ.AKQ.AKQ", W=".JT98.JT98.JT987", N="T98765432.765.6.")
    assert hand.bids == {"S": Bid(4), "W": NIL, "N": Bid(9), "E": NIL}


# ---------------------------------------------------------------------------
# Blind bids


def test_blind_nil_is_offered_before_looking() -> None:
    hand = deal(PARTNER)
    assert (hand.phase, hand.to_act) == ("blind", "S")
    assert choices(hand) == ["bnil", "look"]
    assert hand.legal_bids("S") == [BLIND_NIL]
    refused(hand, "S", "4", "Bid blind or look at your cards first")
    hand.apply("S", "bnil")
    assert hand.bids == {"S": BLIND_NIL}
    assert hand.events[-2:] == [BlindChoice("S", "bnil"), BidMade("S", BLIND_NIL)]
    assert (hand.phase, hand.to_act) == ("blind", "W")


def test_looking_turns_to_ordinary_bids_and_blind_bids_are_then_refused() -> None:
    hand = deal(PARTNER)
    hand.apply("S", "look")
    assert hand.events[-1] == BlindChoice("S", "look")
    assert (hand.phase, hand.to_act) == ("bid", "S")
    assert set(choices(hand)) == {"nil"} | numbers(1, 13)
    refused(hand, "S", "bnil", "A blind bid must be made before looking at the cards")


def test_a_seat_may_look_before_its_turn_and_then_bids_in_sight() -> None:
    """A player picks up the cards dealt while the others bid: no blind bid then."""
    hand = deal(PARTNER)
    assert (hand.phase, hand.to_act) == ("blind", "S")
    hand.apply("N", "look")  # North's turn comes third
    assert hand.events[-1] == BlindChoice("N", "look") and "N" in hand.looked
    assert (hand.phase, hand.to_act) == ("blind", "S"), "South's blind choice is still South's"
    for seat in ("S", "W"):
        hand.apply(seat, "look")
        hand.apply(seat, "3")
    assert (hand.phase, hand.to_act) == ("bid", "N"), "North is asked for a bid in sight"
    refused(hand, "N", "bnil", "A blind bid must be made before looking at the cards")
    with pytest.raises(RuleError):
        hand.apply("N", "look")  # once is enough
    hand.apply("N", "4")
    with pytest.raises(RuleError):
        hand.apply("E", "4")  # East's own blind choice comes first
    hand.apply("E", "look")
    assert (hand.phase, hand.to_act) == ("bid", "E")


def test_blind_nil_needs_the_side_far_enough_behind() -> None:
    rules = PARTNER.replace(blind_nil_down=100)
    hand = deal(rules, standings=behind(0, 100))
    assert (hand.phase, hand.to_act) == ("blind", "S")
    assert choices(hand) == ["bnil", "look"]
    hand.apply("S", "look")
    hand.apply("S", "3")
    # East-West lead: West is not offered a blind bid and sees its cards at once.
    assert (hand.phase, hand.to_act) == ("bid", "W")
    assert "bnil" not in choices(hand)
    with pytest.raises(RuleError):
        hand.apply("W", "bnil")


def test_blind_nil_is_refused_one_point_short() -> None:
    hand = deal(PARTNER.replace(blind_nil_down=100), standings=behind(0, 99))
    assert (hand.phase, hand.to_act) == ("bid", "S")
    assert "bnil" not in choices(hand)
    with pytest.raises(RuleError) as error:
        hand.apply("S", "bnil")
    assert "blind" in str(error.value).lower()


def test_blind_nil_down_compares_with_the_best_other_seat_in_solo() -> None:
    rules = PRESETS["solo"].rules.replace(blind_nil_down=50)
    standings = {"S": Standing(0), "W": Standing(60), "N": Standing(10), "E": Standing(11)}
    hand = deal(rules, standings=standings)
    offered = {}
    while hand.phase in ("blind", "bid"):
        seat = hand.to_act
        offered[seat] = hand.phase == "blind"
        if hand.phase == "blind":
            hand.apply(seat, "look")
        hand.apply(seat, "3")
    # S trails W by 60, W leads, N trails by 50, E by 49.
    assert offered == {"S": True, "W": False, "N": True, "E": False}


def test_dunn_blind_team_bids_when_a_hundred_behind() -> None:
    hand = deal(DUNN, standings=behind(0, 100))
    assert (hand.phase, hand.to_act) == ("blind", "S")
    # b13 would leave North no bid within the team maximum of 13; there is no blind nil.
    assert choices(hand) == [f"b{n}" for n in range(1, 13)] + ["look"]
    hand.apply("S", "b5")
    assert hand.events[-2:] == [BlindChoice("S", "b5"), BidMade("S", Bid(5, blind=True))]
    assert hand.bids["S"] == Bid(5, blind=True)
    # West's side leads: no blind choice.
    assert (hand.phase, hand.to_act) == ("bid", "W")
    hand.apply("W", "3")
    assert (hand.phase, hand.to_act) == ("blind", "N")
    assert choices(hand) == [f"b{n}" for n in range(1, 9)] + ["look"]


def test_dunn_blind_team_bid_not_offered_short_of_a_hundred() -> None:
    hand = deal(DUNN, standings=behind(0, 99))
    assert (hand.phase, hand.to_act) == ("bid", "S")
    assert not any(c.startswith("b") for c in choices(hand))


def test_dunn_blind_team_bid_refused_after_looking() -> None:
    hand = deal(DUNN, standings=behind(0, 100))
    hand.apply("S", "look")
    assert hand.phase == "bid"
    refused(hand, "S", "b5", "A blind bid must be made before looking at the cards")


# ---------------------------------------------------------------------------
# Misdeals

QUALIFYING = {
    "one spade": "A.AKQJT.AKQJ.AKQ",
    "seven spades": "AKQJT98.AKQ.AK.A",
    "seven hearts": "AK.AKQJT98.AK.AK",
    "no jack queen or king": "AT98.AT98.AT9.AT",
}
ORDINARY = "AKQ.AKQJ.AKQ.AKQ"


@pytest.mark.parametrize("south", QUALIFYING.values(), ids=QUALIFYING.keys())
def test_a_qualifying_hand_may_call_a_misdeal(south: str) -> None:
    hand = deal(MISDEAL, S=south)
    assert (hand.phase, hand.to_act) == ("misdeal", "S")
    assert choices(hand) == ["misdeal", "keep"]
    refused(hand, "S", "4", "Call a misdeal or keep your hand first")
    hand.apply("S", "misdeal")
    assert hand.phase == "misdealt"
    assert hand.to_act is None
    assert isinstance(hand.events[-1], MisdealCalled)
    assert hand.events[-1].seat == "S"
    assert hand.legal_choices("S") == []


@pytest.mark.parametrize("south", QUALIFYING.values(), ids=QUALIFYING.keys())
def test_keeping_a_qualifying_hand_goes_on_to_bid(south: str) -> None:
    hand = deal(MISDEAL, S=south)
    hand.apply("S", "keep")
    assert (hand.phase, hand.to_act) == ("bid", "S")
    assert "misdeal" not in choices(hand)
    with pytest.raises(RuleError):
        hand.apply("S", "misdeal")
    hand.apply("S", "3")
    assert hand.bids == {"S": Bid(3)}


def test_a_misdeal_call_on_an_ordinary_hand_is_refused_with_the_reason() -> None:
    hand = deal(MISDEAL, S=ORDINARY)
    assert (hand.phase, hand.to_act) == ("bid", "S")
    with pytest.raises(RuleError) as error:
        hand.apply("S", "misdeal")
    reason = str(error.value)
    assert "at most one spade" in reason
    assert "seven or more" in reason
    assert "no jack, queen or king" in reason
    assert hand.phase == "bid"


def test_no_misdeal_unless_the_rules_allow_it() -> None:
    hand = deal(PLAIN, S=QUALIFYING["one spade"])
    assert (hand.phase, hand.to_act) == ("bid", "S")
    refused(hand, "S", "misdeal", "Misdeals are not allowed in this game")


def test_a_later_seat_may_call_a_misdeal_after_earlier_bids() -> None:
    hand = deal(MISDEAL, S=ORDINARY, W="T987.T98.T98.T98")
    hand.apply("S", "4")
    assert (hand.phase, hand.to_act) == ("misdeal", "W")
    hand.apply("W", "misdeal")
    assert hand.phase == "misdealt"
    assert hand.events[-1].seat == "W"


def test_the_jokers_deck_counts_the_trump_two_of_clubs_as_a_spade() -> None:
    rules = MISDEAL.replace(deck="jokers")
    hand = deal(rules, S="A.AKQJT9.AKQJ.Q2")
    assert (hand.phase, hand.to_act) == ("bid", "S")
    hand = deal(rules, S="BJ.AKQJT9.AKQJ.QJ")
    assert (hand.phase, hand.to_act) == ("misdeal", "S")


def test_a_seat_that_bid_blind_cannot_call_a_misdeal() -> None:
    hand = deal(PARTNER.replace(misdeal=True), S=QUALIFYING["one spade"])
    assert (hand.phase, hand.to_act) == ("blind", "S")
    assert "misdeal" not in choices(hand)
    with pytest.raises(RuleError):
        hand.apply("S", "misdeal")
    hand.apply("S", "bnil")
    assert hand.to_act == "W"
    finish_bidding(hand)
    assert hand.phase == "play"
    assert not any(isinstance(e, MisdealCalled) for e in hand.events)


def test_a_seat_that_looks_may_then_call_a_misdeal() -> None:
    hand = deal(PARTNER.replace(misdeal=True), S=QUALIFYING["one spade"])
    hand.apply("S", "look")
    assert (hand.phase, hand.to_act) == ("misdeal", "S")
    assert choices(hand) == ["misdeal", "keep"]


# ---------------------------------------------------------------------------
# Blind-nil exchange (exchange=2)


def exchange_ready(*blind_seats: str) -> Hand:
    """An EXCHANGE hand where `blind_seats` bid blind nil and the others 3."""
    hand = deal(EXCHANGE)
    while hand.phase in ("blind", "bid"):
        seat = hand.to_act
        if seat in blind_seats:
            hand.apply(seat, "bnil")
        elif hand.phase == "blind":
            hand.apply(seat, "look")
        else:
            hand.apply(seat, "3")
    return hand


def test_blind_nil_bidder_gives_up_to_two_cards_and_partner_returns_as_many() -> None:
    hand = exchange_ready("S")
    south, north = held(hand, "S"), held(hand, "N")
    assert (hand.phase, hand.to_act, hand.exchange_count) == ("exchange", "S", 2)
    assert set(choices(hand)) == south
    refused(hand, "S", ["AS", "KS", "QS"], "You may give at most 2 cards")
    refused(hand, "S", ["AS", "2H"], "You do not hold the 2♥")
    hand.apply("S", ["AS", "KS"])
    assert (hand.phase, hand.to_act, hand.exchange_count) == ("exchange", "N", 2)
    # North may not hand back what it was just given.
    assert set(choices(hand)) == north
    refused(hand, "N", ["AS", "2D"], "You cannot give back the A♠ you were just given")
    refused(hand, "N", ["2D"], "Give back exactly 2 cards")
    hand.apply("N", ["2D", "3D"])
    assert (hand.phase, hand.to_act) == ("play", "S")
    assert held(hand, "S") == south - {"AS", "KS"} | {"2D", "3D"}
    assert held(hand, "N") == north - {"2D", "3D"} | {"AS", "KS"}
    # The deal is kept as dealt, before the exchange.
    assert {str(c) for c in hand.dealt["S"]} == south
    swaps = [CardsExchanged("S", "N", (Card.parse("AS"), Card.parse("KS"))),
             CardsExchanged("N", "S", (Card.parse("2D"), Card.parse("3D")))]
    assert hand.exchanges == swaps
    assert [e for e in hand.events if isinstance(e, CardsExchanged)] == swaps


def test_giving_one_card_gets_one_back() -> None:
    hand = exchange_ready("S")
    hand.apply("S", ["2S"])
    assert (hand.to_act, hand.exchange_count) == ("N", 1)
    refused(hand, "N", ["2D", "3D"], "Give back exactly 1 card")
    hand.apply("N", ["AD"])
    assert hand.phase == "play"
    assert "AD" in held(hand, "S")
    assert "2S" in held(hand, "N")


def test_giving_no_card_skips_the_exchange() -> None:
    hand = exchange_ready("S")
    south = held(hand, "S")
    hand.apply("S", [])
    assert (hand.phase, hand.to_act) == ("play", "S")
    assert held(hand, "S") == south
    assert hand.exchanges == []
    assert not any(isinstance(e, CardsExchanged) for e in hand.events)


def test_no_exchange_without_a_blind_nil() -> None:
    hand = exchange_ready()
    assert (hand.phase, hand.to_act) == ("play", "S")
    assert hand.exchanges == []


def test_blind_nil_bidders_exchange_in_bidding_order() -> None:
    hand = exchange_ready("S", "W")
    assert (hand.phase, hand.to_act) == ("exchange", "S")
    hand.apply("S", [])
    assert (hand.phase, hand.to_act, hand.exchange_count) == ("exchange", "W", 2)
    hand.apply("W", ["AH"])
    assert hand.to_act == "E"
    hand.apply("E", ["AC"])
    assert hand.phase == "play"
    assert [(e.giver, e.receiver) for e in hand.exchanges] == [("W", "E"), ("E", "W")]


# ---------------------------------------------------------------------------
# Any accepted combination of options can be bid through


@st.composite
def custom_rules(draw: st.DrawFn) -> Rules:
    """A combination of the bidding options that the rules object accepts.

    Bids are free, fixed by one-partner-nil (Suicide), or fixed by the spades held
    (Mirrors); the options those exclude are left off so few draws are refused."""
    partners = draw(st.booleans())
    kind = draw(st.sampled_from(["free", "one_nil", "bid_spades"] if partners else ["free", "bid_spades"]))
    free = kind == "free"
    values = {
        "partners": partners,
        "deck": draw(st.sampled_from(sorted(DECKS))),
        "misdeal": draw(st.booleans()),
        "nil": 100 if kind == "one_nil" else draw(st.sampled_from([0, 100])),
        "blind_nil": draw(st.sampled_from([0, 200])) if free else 0,
        "blind_nil_down": draw(st.sampled_from([0, 100])),
        "blind_team": draw(st.sampled_from([None, 0, 100])) if free else None,
        "min_individual": draw(st.integers(0, 6)),
        "max_individual": draw(st.integers(1, 13)),
        "one_nil": kind == "one_nil",
        "bid_spades": kind == "bid_spades",
    }
    if partners:
        values.update(team_nil=draw(st.sampled_from([0, 50])) if kind != "one_nil" else 0,
                      exchange=draw(st.integers(0, 2)) if values["blind_nil"] else 0,
                      min_team=draw(st.integers(0, 12)), max_team=draw(st.integers(0, 26)))
    try:
        return Rules(**values)
    except RulesError:
        assume(False)
        raise


@settings(max_examples=300)
@given(rules=custom_rules(), seed=st.integers(0, 2**32 - 1), ns=st.sampled_from([0, 150]),
       ew=st.sampled_from([0, 150]))
def test_every_accepted_rules_combination_leaves_each_seat_a_legal_choice(rules: Rules, seed: int, ns: int,
                                                                          ew: int) -> None:
    rng = random.Random(seed)
    points = {side: rng.choice([ns, ew]) for side in sides(rules.partners)}
    standings = {side: Standing(p) for side, p in points.items()}
    hand = Hand.shuffled(rules, rng.choice("SWNE"), rng, standings=standings)
    while hand.phase in ("blind", "misdeal", "bid", "exchange"):
        legal = hand.legal_choices(hand.to_act)
        assert legal, (rules.to_line(), hand.phase, hand.to_act, dict(hand.bids))
        if hand.phase == "exchange":
            hand.apply(hand.to_act, rng.sample(legal, hand.exchange_count))
        else:
            hand.apply(hand.to_act, rng.choice(legal))
    assert hand.phase in ("play", "misdealt")
