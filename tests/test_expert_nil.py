"""Play and bids around nils: the playout policy covers a partner's nil and attacks an
opponent's, Expert beats its partner's nil in fourth seat, and under Suicide's one nil per
pair the nil goes to the partner whose hand is clearly the better nil, whichever bids first."""

from __future__ import annotations

import pytest

from game.cards import parse_hand
from game.hand import Hand
from game.players import decide
from game.players.expert import ExpertPlayer
from game.rules import PRESETS, Rules
from game.view import seat_view
from tests.deals import policy_card

PARTNER = PRESETS["partner"].rules
SUICIDE = PRESETS["suicide"].rules


def test_policy_in_fourth_seat_beats_the_partners_nil_as_cheaply_as_it_can() -> None:
    holdings = dict(S="A.AT4.5.", W="2.K8.7.", N="3.Q7.6.", E="4.J6.8.")
    card = policy_card(PARTNER, holdings, "W", "5H 9H 3H", bids=(3, 3, 0, 3))
    assert card == "TH"


def test_policy_second_hand_plays_high_while_the_partners_nil_is_still_to_play() -> None:
    holdings = dict(S="2.K73..", W="3.Q2..", N="4.84..", E="5.J6..")
    card = policy_card(PARTNER, holdings, "E", "5H", bids=(3, 3, 0, 3))
    assert card == "KH"


def test_policy_leads_above_every_card_the_partners_nil_holds_in_the_suit() -> None:
    """N's nil holds the 8♥ and the bare A♦: the 9♥ is safe for it, the K♦ forces its ace out."""
    holdings = dict(S=".9.K.", W=".T.Q.", N=".8.A.", E=".7.J.")
    card = policy_card(PARTNER, holdings, "S", bids=(3, 3, 0, 3))
    assert card == "9H"


def test_policy_leads_below_the_lowest_card_of_an_opponents_nil_in_its_short_suit() -> None:
    """E's nil holds only K♦ Q♦ in diamonds: the 7♦ forces it over; the 4♣ lets its 3♣ duck."""
    holdings = dict(S="A..7.4", W="K..5.8", N="Q..9.T", E="..KQ.3")
    card = policy_card(PARTNER, holdings, "S", bids=(3, 3, 3, 0))
    assert card == "7D"


def test_policy_keeps_low_cards_when_it_discards_while_an_opponents_nil_is_still_to_play() -> None:
    """W's nil plays after S, who is out of hearts: S throws its ace of diamonds and keeps the
    3♣ to lead under the nil later (its 2♠ would win the trick)."""
    holdings = dict(S="2..AK.3", W="Q.9.T.4", N="3.T.J.5", E="4.7.5.")
    card = policy_card(PARTNER, holdings, "E", "8H", bids=(3, 0, 3, 3))
    assert card == "AD"


def _hand(rules: Rules, dealer: str, **hands: str) -> Hand:
    return Hand.from_holdings(rules, dealer, {seat: parse_hand(text) for seat, text in hands.items()})


def test_expert_in_fourth_seat_wins_the_trick_its_partners_nil_is_winning() -> None:
    hand = _hand(PARTNER, "S", S="AK.AT42.AK2.A432", N="32.Q95.9543.8765", W="654.K876.76.KQT9",
                 E="QJT987.J3.QJT8.J")
    for bid in ("3", "nil", "3", "5"):  # W, N, E, S
        while hand.phase == "blind":
            hand.apply(hand.to_act, "look")
        hand.apply(hand.to_act, bid)
    for card in ("6H", "9H", "3H"):
        hand.apply(hand.to_act, card)
    assert hand.to_act == "S"
    card = decide(ExpertPlayer("S", PARTNER.to_dict(), seed=2), seat_view(hand, "S"))
    assert card in ("TH", "AH"), card


LOW_HAND = "542.5432.432.432"
STRONG_HAND = "AKQ.AKQ.AKQJ.AKQ"
SUICIDE_OTHERS = dict(W="JT98.JT98.T98.T9", E="763.76.765.J8765")


@pytest.mark.parametrize("first", ["S", "N"])
def test_suicide_nil_goes_to_the_low_hand_whichever_partner_bids_first(first: str) -> None:
    """S holds deuces to fives, N every ace, king and queen. Bidding first, the low hand bids
    nil and the strong hand a number; bidding second, each keeps or takes the nil so that it
    ends with the low hand, even after a partner's bid that pointed the other way."""
    second = "N" if first == "S" else "S"
    dealer = {"S": "E", "N": "W"}[first]
    deal = dict(S=LOW_HAND, N=STRONG_HAND, **SUICIDE_OTHERS)
    hand = _hand(SUICIDE, dealer, **deal)
    while hand.phase == "blind":
        hand.apply(hand.to_act, "look")
    assert hand.to_act == first
    opening = ExpertPlayer(first, SUICIDE.to_dict(), seed=3).bid(seat_view(hand, first))
    assert (opening == "nil") == (first == "S"), opening
    contrary = "4" if first == "S" else "nil"
    hand.apply(first, contrary)
    while hand.to_act != second:
        hand.apply(hand.to_act, "look" if hand.phase == "blind" else "4")
    answer = ExpertPlayer(second, SUICIDE.to_dict(), seed=3).bid(seat_view(hand, second))
    assert (answer == "nil") == (second == "S"), answer
