"""Fit how Suicide's bidders choose between the nil and a number (`NIL_CHOICE_SLOPE`,
`NIL_CHOICE_FIRST` and `NIL_CHOICE_SECOND` in `game/players/knowledge.py`) on hands an arena
saved.

For the seats of one level (a substring of the `Players` tag, e.g. ``a-expert``) it takes
each first bid of a pair, and each second bid after the partner's number, with the nil danger
of the hand bid (`hand_figures`), and fits by likelihood the chance of a number
``1 / (1 + e^(-slope × (danger - midpoint)))`` on a grid. It prints each fit, its
log-likelihood beside that of the ``e^-danger`` nil model, and the counts by danger.

    python -m game.arena --a expert --b normal --rules suicide --deals 300 --seed 108 --save en.save
    python -m docs.arena.experiments.fit_suicide_nil_choice a-expert en.save
"""

from __future__ import annotations

import math
import sys
from collections import Counter

from game.cards import DECKS, mask_of
from game.players.knowledge import hand_figures
from game.records.handlog import LoggedHand, read_log
from game.seats import partner

SLOPES = [step / 10 for step in range(2, 60)]
MIDPOINTS = [step / 20 for step in range(20, 160)]


def choices(paths: list[str], level: str) -> dict[str, list[tuple[float, bool]]]:
    """(danger, chose a number) of each first bid and each second bid after a number, by the level's seats."""
    found: dict[str, list[tuple[float, bool]]] = {"first": [], "second after a number": []}
    for path in paths:
        for hand in read_log(path).hands:
            if hand.rules.one_nil and hand.rules.partners:
                _add_choices(hand, level, found)
    return found


def _add_choices(hand: LoggedHand, level: str, found: dict[str, list[tuple[float, bool]]]) -> None:
    order = [record.seat for record in hand.bids]
    made = {record.seat: record.bid for record in hand.bids}  # as bid, before any override
    deck = DECKS[hand.rules.deck]
    for seat in order:
        if level not in hand.players[seat]:
            continue
        danger = hand_figures(deck, mask_of(hand.deal[seat]))[1]
        mate = partner(seat)
        if order.index(seat) < order.index(mate):
            found["first"].append((danger, not made[seat].is_nil))
        elif not made[mate].is_nil:
            found["second after a number"].append((danger, not made[seat].is_nil))


def log_likelihood(data: list[tuple[float, bool]], slope: float, midpoint: float) -> float:
    total = 0.0
    for danger, number in data:
        leaning = slope * (danger - midpoint)
        total -= math.log1p(math.exp(-leaning if number else leaning))
    return total


def nil_model_log_likelihood(data: list[tuple[float, bool]]) -> float:
    """The same choices read as a nil "bid with chance e^-danger" (a number with the rest)."""
    return sum(math.log(max(1e-9, -math.expm1(-danger))) if number else -danger for danger, number in data)


def main(argv: list[str]) -> None:
    level, paths = argv[0], argv[1:]
    for kind, data in choices(paths, level).items():
        if not data:
            continue
        slope, midpoint = max(((s, m) for s in SLOPES for m in MIDPOINTS), key=lambda p: log_likelihood(data, *p))
        numbers = sum(number for _, number in data)
        print(f"{kind}: {len(data)} bids, {numbers} numbers; slope {slope:.1f}, midpoint {midpoint:.2f}, "
              f"log-likelihood {log_likelihood(data, slope, midpoint):.1f} "
              f"(e^-danger: {nil_model_log_likelihood(data):.1f})")
        counts = Counter((min(int(danger), 7), number) for danger, number in data)
        print("  danger  " + "  ".join(f"{band}{'+' if band == 7 else ''}: {counts[(band, False)]} nil / "
                                        f"{counts[(band, True)]} num" for band in range(8)))


if __name__ == "__main__":
    main(sys.argv[1:])
