"""Deals for tests: give some seats chosen cards and the others the rest; bid a hand through
at random; ask the playout policy for its card in a small position."""

from __future__ import annotations

import random
from collections.abc import Mapping

import numpy as np

from game.cards import DECKS, Card, mask_of, parse_hand
from game.hand import Hand
from game.players.simulator import Batch, heuristic_policy, holdings_array
from game.rules import Rules
from game.scoring import Standing
from game.seats import SEATS


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


def bid_through(hand: Hand, rng: random.Random) -> None:
    """Random legal bids (and exchanges) until the play starts."""
    while hand.phase != "play":
        seat = hand.to_act
        legal = hand.legal_choices(seat)
        if hand.phase == "exchange":
            hand.apply(seat, rng.sample(legal, hand.exchange_count))
        elif hand.phase == "misdeal":
            hand.apply(seat, "keep")
        else:
            hand.apply(seat, rng.choice([c for c in legal if c != "look"] or legal))


def policy_card(rules: Rules, holdings: dict[str, str], leader: str, trick: str = "",
                bids: tuple[int | None, ...] = (None,) * 4, taken: tuple[int, ...] = (0,) * 4, seed: int = 0) -> str:
    """The card the heuristic policy plays for the seat to act in a one-deal batch: `holdings`
    are the cards each seat still holds (in `Deal` notation), `trick` the cards already led to
    the trick under way (from `leader` on), `bids` the tricks bid by seat (S, W, N, E; 0 nil)
    and `taken` the tricks each has taken so far."""
    deck = DECKS[rules.deck]
    deal = {seat: mask_of(parse_hand(text)) for seat, text in holdings.items()}
    first = SEATS.index(leader)
    played = [((first + i) % 4, Card.parse(text).index) for i, text in enumerate(trick.split())]
    for seat, card in played:
        deal[SEATS[seat]] |= 1 << card  # the batch takes them from the hands as it records them
    batch = Batch.start(rules, deck, holdings_array([deal]), leader=first, trick=(), bids=bids, taken=taken,
                        broken=True, tricks_done=13 - max(len(parse_hand(h)) for h in holdings.values()))
    for _, card in played:
        batch.play(np.array([card]))
    choice = heuristic_policy(batch, batch.legal(), np.random.default_rng(seed))
    return next(c for c in deck.cards if c.index == int(choice[0])).text
