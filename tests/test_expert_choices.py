"""Expert's own misdeal calls and blind-nil exchanges, decided by simulation."""

from __future__ import annotations

import random

import pytest

from game.cards import DECKS, SPADES, Card, parse_hand
from game.hand import Hand
from game.players.expert import ExpertPlayer
from game.rules import PRESETS, Rules
from game.view import seat_view

MISDEALS = PRESETS["partner"].rules.replace(misdeal=True)
EXCHANGE = PRESETS["partner"].rules.replace(exchange=2)


def _deal(rules: Rules, south: str, seed: int) -> Hand:
    """A hand dealt by West with South's cards fixed and the rest shuffled by `seed`."""
    mine = parse_hand(south)
    rest = [c for c in DECKS[rules.deck].cards if c not in mine]
    random.Random(seed).shuffle(rest)
    return Hand.from_holdings(rules, "W", {"S": mine, "W": rest[:13], "N": rest[13:26], "E": rest[26:39]})


def _middle_bid(hand: Hand) -> str:
    bids = hand.legal_bids(hand.to_act)
    return str(bids[len(bids) // 3])


def _misdeal_view(south: str, seed: int) -> dict:
    """South's view when it may throw its hand in (North and East have bid)."""
    hand = _deal(MISDEALS, south, seed)
    while hand.to_act != "S" or hand.phase == "blind":
        seat = hand.to_act
        choice = {"blind": "look", "misdeal": "keep"}.get(hand.phase) or _middle_bid(hand)
        hand.apply(seat, choice)
    assert hand.phase == "misdeal"
    return seat_view(hand, "S")


def _exchange_hand(south: str, seed: int) -> Hand:
    """South has bid blind nil and passes first."""
    hand = _deal(EXCHANGE, south, seed)
    while hand.phase != "exchange":
        seat = hand.to_act
        hand.apply(seat, ("bnil" if seat == "S" else "look") if hand.phase == "blind" else _middle_bid(hand))
    assert hand.to_act == "S"
    return hand


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("south", ["A.AKQJ.AKQ.AKQ43", "AKQJT98.A2.32.32", "2.5432.5432.6543"])
def test_keeps_a_hand_that_makes_a_big_bid_or_a_safe_nil(south: str, seed: int) -> None:
    view = _misdeal_view(south, seed)
    player = ExpertPlayer("S", MISDEALS.to_dict(), seed=seed)
    keep, redeal = player.misdeal_worths(view)
    assert keep > redeal
    assert ExpertPlayer("S", MISDEALS.to_dict(), seed=seed).bid(view) == "keep"


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("south", ["T98.T98.T987.T98", "T9.T987.T987.T98"])
def test_throws_in_a_hand_without_tricks_that_cannot_nil(south: str, seed: int) -> None:
    assert ExpertPlayer("S", MISDEALS.to_dict(), seed=seed).bid(_misdeal_view(south, seed)) == "misdeal"


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("south", "expected"), [("A5.5432.5432.432", {"AS"}), ("AK.5432.5432.432", {"AS", "KS"}),
                                                 ("32.A432.K432.432", {"AH", "KD"}),
                                                 ("QJ.9876.9876.987", {"QS", "JS"})])
def test_the_nil_bidder_passes_its_most_dangerous_cards(south: str, expected: set[str], seed: int) -> None:
    hand = _exchange_hand(south, seed)
    passed = ExpertPlayer("S", EXCHANGE.to_dict(), seed=seed).exchange(seat_view(hand, "S"))
    assert len(passed) == 2 and expected <= set(passed)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("south", ["A5.5432.5432.432", "32.A432.K432.432"])
def test_the_partner_returns_low_side_cards(south: str, seed: int) -> None:
    hand = _exchange_hand(south, seed)
    hand.apply("S", ExpertPlayer("S", EXCHANGE.to_dict(), seed=seed).exchange(seat_view(hand, "S")))
    view = seat_view(hand, "N")
    returned = ExpertPlayer("N", EXCHANGE.to_dict(), seed=seed).exchange(view)
    assert len(returned) == view["exchange_count"] == 2
    deck = DECKS[EXCHANGE.deck]
    for text in returned:
        card = Card.parse(text)
        assert deck.suit_of[card.index] != SPADES and card.rank in "23456789", returned
