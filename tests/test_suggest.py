"""Suggest gives the player's seat a legal choice and a plain one-line reason."""

from __future__ import annotations

import random

import pytest

from game.cards import parse_hand
from game.hand import Hand
from game.rules import PRESETS
from game.suggest import suggest
from game.view import seat_view

PARTNER = PRESETS["partner"].rules


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
    assert advice.reason == "Partner bid nil: cover with the A♥"


def test_suggested_bid_explains_the_count() -> None:
    hand = Hand.from_holdings(PARTNER, "E", {
        "S": parse_hand("AKQ2.A32.A32.432"), "W": parse_hand("543.KQJ4.KQJ4.AK"),
        "N": parse_hand("JT98.T987.T98.QJ"), "E": parse_hand("76.65.765.T98765")})
    hand.apply("S", "look")
    advice = suggest(seat_view(hand, "S"), level="normal")
    assert advice.choice.isdigit()
    assert advice.reason.startswith(f"About {advice.choice} trick")
    assert "A♥" in advice.reason and "4 spades" in advice.reason
