"""Fit the weights of Normal's partnership count (`PARTNER_TRICKS` in
`game/players/normal/hand_value.py`) on hands an arena saved.

For every side of every hand in which neither partner bid nil, it sums over the two hands
the terms of `partner_terms` (the count, the spades up to the fourth and past it), and
fits the tricks the side took by least squares. It prints the weights, the spread of the
tricks around the fit and around the plain count, and the per-hand constant that keeps the
average equal to the plain count's.

    python -m game.arena --a normal --b normal --deals 1000 --seed 77 --save nn.save
    python -m docs.arena.experiments.fit_partner_tricks nn.save
"""

from __future__ import annotations

import sys

import numpy as np

from game.cards import DECKS, mask_of
from game.players.normal.hand_value import partner_terms
from game.records.handlog import read_log

SIDES = (("N", "S"), ("E", "W"))


def side_rows(paths: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The summed features and the tricks taken, one row per side of each hand without a nil."""
    rows, taken = [], []
    for path in paths:
        for hand in read_log(path).hands:
            if hand.rules.deck != "standard" or not hand.rules.partners:
                continue
            bids = {record.seat: record.final for record in hand.bids}
            for side in SIDES:
                if any(bids[seat].is_nil for seat in side):
                    continue
                terms = [partner_terms(DECKS["standard"], mask_of(hand.deal[seat])) for seat in side]
                rows.append(np.sum(terms, axis=0))
                taken.append(sum(hand.taken[seat] for seat in side))
    return np.array(rows, dtype=float), np.array(taken, dtype=float)


def main(paths: list[str]) -> None:
    rows, taken = side_rows(paths)
    if not len(rows):
        print("no partnership hand without a nil in", ", ".join(paths))
        return
    design = np.c_[rows, np.ones(len(rows))]
    weights, *_ = np.linalg.lstsq(design, taken, rcond=None)
    fitted = design @ weights
    count = rows[:, 0]
    per_hand = (weights[3] - (fitted - count).mean()) / 2
    print(f"{len(rows)} sides; weights: count {weights[0]:.3f}, spades to the fourth {weights[1]:.3f}, "
          f"spades past it {weights[2]:.3f}, constant {weights[3]:.3f}")
    print(f"spread of the tricks taken: {np.std(taken - fitted):.3f} around the fit, "
          f"{np.std(taken - count):.3f} around the plain count")
    print(f"per-hand constant that keeps the plain count's average: {per_hand:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
