"""Would a pair have scored more bidding a trick more or less? A static reading of arena saves.

For every side-hand without a nil it takes the pair's bid and the tricks the pair took, and
scores the contract again as if the pair had bid `k` tricks more (k = −1 … +2) and taken the
same tricks: 10 a trick bid when made (one point a bag, or minus the bag's share of the bag
penalty, 10 under 10/100, on the weighed line), minus 10 a trick bid when set. The play
would have changed with the bid (a pair playing for one trick more takes it more often), so
this is a bound on what the bids alone leave, not a prediction.

    python -m docs.arena.experiments.rescore_bids RUN.save [RUN.save ...]
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Sequence

from game.records.handlog import read_log

SHIFTS = (-1, 0, 1, 2)
BAG_SHARE = 10
"""What a bag costs on the weighed line: its share of the 100-point penalty for 10 bags."""


def contract_points(bid: int, took: int, bag_cost: float) -> float:
    """A pair's points for its number bid: made, 10 a trick bid and each overtrick at 1 less `bag_cost`."""
    return 10 * bid + (took - bid) * (1 - bag_cost) if took >= bid else -10 * bid


def rescore(paths: Sequence[str]) -> None:
    totals: dict[str, Counter] = defaultdict(Counter)
    overtricks: dict[str, Counter] = defaultdict(Counter)
    for path in paths:
        for logged in read_log(path).hands:
            bids = {record.seat: record.final for record in logged.bids}
            for pair in ("NS", "EW"):
                if any(bids[seat].is_nil for seat in pair):
                    continue
                level = logged.players[pair[0]].split("-", 1)[1]
                bid = sum(bids[seat].tricks for seat in pair)
                took = sum(logged.taken[seat] for seat in pair)
                overtricks[level][took - bid] += 1
                for shift in SHIFTS:
                    totals[level][shift, 0] += contract_points(bid + shift, took, 0)
                    totals[level][shift, 1] += contract_points(bid + shift, took, BAG_SHARE)
    for level, counted in overtricks.items():
        hands = counted.total()
        print(f"{level}: {hands} side-hands without a nil; tricks taken less bid: "
              + ", ".join(f"{over:+d}: {count}" for over, count in sorted(counted.items())))
        for weighed, label in ((0, "bags at 1 point"), (1, f"bags at -{BAG_SHARE}")):
            cells = "  ".join(f"{shift:+d}: {totals[level][shift, weighed] / hands:6.1f}" for shift in SHIFTS)
            print(f"  points a side-hand, bid moved by   {cells}   ({label})")


if __name__ == "__main__":
    rescore(sys.argv[1:])
