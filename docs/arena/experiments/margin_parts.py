"""Where a duplicate margin comes from: the same cards played by two levels, split by nils.

Each side's cards are played once by each level (a duplicate deal's two tables, or a hand
of a game pair, whose two games are dealt alike hand by hand). For
every such pair it takes the points the first level scored with the cards minus the points
the second scored, and splits the mean (per deal, as the arena counts the margin) by who
bid a nil with those cards, into the nils' own ±100 and the rest; it also shows the tricks
each level bid and took with the cards, nils apart. With ``--by-bags`` each kind is split
further by the bags the side held before the hand (0–3, 4–6, 7 or more).

    python -m game.arena --a expert --b mc --deals 300 --seed 102 --save run.save
    python -m docs.arena.experiments.margin_parts run.save expert mc [--by-bags]
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Sequence

import numpy as np

from game.arena.paired import UNIT
from game.records.handlog import LoggedHand, read_log


def side_row(logged: LoggedHand, side: str) -> tuple[float, float, int, int, bool]:
    """A side's points, its nils' share of them, the tricks its number bidders bid and took,
    and whether it bid a nil."""
    bids = {record.seat: record.final for record in logged.bids}
    nil_points = sum((100 if logged.taken[s] == 0 else -100) for s in side if bids[s].is_nil)
    bid = sum(bids[s].tricks for s in side if not bids[s].is_nil)
    took = sum(logged.taken[s] for s in side if not bids[s].is_nil)
    return logged.points_scored[side], nil_points, bid, took, any(bids[s].is_nil for s in side)


def bag_band(logged: LoggedHand, side: str) -> str:
    """The side's bags before the hand, as a band: ``bags 0-3``, ``bags 4-6`` or ``bags 7+``."""
    bags = logged.standings_before()[side].bags
    return "bags 0-3" if bags <= 3 else "bags 4-6" if bags <= 6 else "bags 7+"


def pairs(path: str, first: str, second: str, by_bags: bool = False) -> dict[str, list[tuple]]:
    """For each kind of pair ("nil/num": the first level bid a nil with the cards, the second
    did not, …; with `by_bags`, also the side's bag band) the rows (points difference, its nil
    part, bids and tricks of each level)."""
    tables: dict[tuple[str, int], dict[str, LoggedHand]] = defaultdict(dict)
    for logged in read_log(path).hands:
        unit = UNIT.search(logged.game_id)
        if unit:  # a game pair's two tables deal each hand number alike
            tables[(unit.group(1), logged.number)][unit.group(2)] = logged
    kinds: dict[str, list[tuple]] = defaultdict(list)
    for both in tables.values():
        if len(both) < 2:
            continue
        for side in ("NS", "EW"):
            rows = {logged.players[side[0]].split("-", 1)[-1]: side_row(logged, side) for logged in both.values()}
            if first not in rows or second not in rows:
                continue
            a, b = rows[first], rows[second]
            kind = f"{'nil' if a[4] else 'num'}/{'nil' if b[4] else 'num'}"
            if by_bags:
                kind += " " + bag_band(next(iter(both.values())), side)
            kinds[kind].append((a[0] - b[0], a[1] - b[1], a[2], b[2], a[3], b[3]))
    return kinds


def main(argv: Sequence[str]) -> int:
    by_bags = "--by-bags" in argv
    path, first, second = [arg for arg in argv if arg != "--by-bags"]
    kinds = pairs(path, first, second, by_bags)
    deals = sum(len(rows) for rows in kinds.values()) / 2
    if not deals:
        print(f"no duplicate deal of {first} against {second} in {path}")
        return 1
    print(f"{deals:.0f} deals; per deal, {first} minus {second} on the same cards "
          f"(nil/num: {first} bid a nil, {second} not)")
    width = 17 if by_bags else 8
    print(f"{'kind':{width}} side-hands  total   nils   rest   bid (num)     took (num)")
    for kind in sorted(kinds):
        v = np.array(kinds[kind], dtype=float)
        total, nils = v[:, 0].sum() / 2 / deals, v[:, 1].sum() / 2 / deals
        print(f"{kind:{width}} {len(v):10} {total:+6.1f} {nils:+6.1f} {total - nils:+6.1f}   "
              f"{v[:, 2].mean():4.2f} / {v[:, 3].mean():4.2f}   {v[:, 4].mean():4.2f} / {v[:, 5].mean():4.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
