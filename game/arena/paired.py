"""Two arena runs on the same seeds, compared deal by deal from their hand logs (``--save``).

``python -m game.arena.paired BEFORE.save AFTER.save``

A log may hold several seeds' runs one after another (``cat s101.save s102.save``): a deal is
known by its seed and number, so each deal is paired with the same deal of the other log.

Each run's margin (side a − side b, points per deal: the hands of a deal's two tables, halved,
as the arena counts it) is found per deal in both logs; the mean of the differences
(after − before) over the deals both logs hold comes with its 95% interval. The two runs play
the same deals from the same scores, so the luck of the cards cancels from the difference:
it is far narrower than the interval of either margin when a change alters few deals.
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict

from game.arena.tally import mean_ci
from game.records.handlog import read_log

UNIT = re.compile(r"-(s\d+-(?:deal|game)\d+)-t([12])$")
"""An arena hand's seed and deal (or game pair), and its table, from the end of its game id."""


def margins(path: str) -> dict[str, float]:
    """Side a's margin over side b per deal (or game pair) of an arena log, keyed by its seed and unit
    (``s101-deal3``)."""
    per_unit: dict[str, float] = defaultdict(float)
    for hand in read_log(path).hands:
        unit = UNIT.search(hand.game_id)
        if unit is None:
            continue
        for side, points in hand.points_scored.items():
            sign = 1 if hand.players[side[0]].startswith("a-") else -1
            per_unit[unit.group(1)] += sign * points / 2
    return dict(per_unit)


def compare(before: str, after: str) -> dict:
    """The two margins over the units both logs hold, and the mean difference, each with its interval."""
    first, second = margins(before), margins(after)
    units = sorted(set(first) & set(second))
    return {
        "units": len(units),
        "differing": sum(1 for u in units if first[u] != second[u]),
        "before": mean_ci([first[u] for u in units]),
        "after": mean_ci([second[u] for u in units]),
        "difference": mean_ci([second[u] - first[u] for u in units]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.arena.paired", description=__doc__.split("\n")[0])
    parser.add_argument("before", help="the hand log of the first run")
    parser.add_argument("after", help="the hand log of the second run (the same seeds)")
    args = parser.parse_args(argv)
    try:
        result = compare(args.before, args.after)
    except OSError as error:
        parser.error(f"cannot read {error.filename}: {error.strerror}")
    if not result["units"]:
        print("the two logs share no arena deal")
        return 1
    print(f"{result['units']} deals in both logs, {result['differing']} scored differently")
    for name in ("before", "after", "difference"):
        stat = result[name]
        low, high = stat["ci95"]
        print(f"{name:>10}: {stat['mean']:+.1f}  [{low:+.1f}, {high:+.1f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
