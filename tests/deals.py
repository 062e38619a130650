"""Deals for tests: give some seats chosen cards and the others the rest."""

from __future__ import annotations

from collections.abc import Mapping

from game.cards import DECKS, parse_hand
from game.hand import Hand
from game.rules import Rules
from game.scoring import Standing


def deal(rules: Rules, standings: Mapping[str, Standing] | None = None, **hands: str) -> Hand:
    """A hand dealt by East with the given seats' cards (Deal notation); the others get the rest."""
    holdings = {seat: parse_hand(text) for seat, text in hands.items()}
    used = {card for held in holdings.values() for card in held}
    rest = [card for card in DECKS[rules.deck].cards if card not in used]
    for seat in "SWNE":
        if seat not in holdings:
            holdings[seat], rest = rest[:13], rest[13:]
    assert {seat: len(held) for seat, held in holdings.items()} == dict.fromkeys("SWNE", 13)
    return Hand.from_holdings(rules, "E", holdings, standings=standings)
