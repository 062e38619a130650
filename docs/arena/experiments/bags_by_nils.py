"""Each level's bags, split by the nils at the table: none, its own side's, the opponents'.

A side whose opponents bid a nil that holds shares the thirteen tricks with one bidder fewer,
so it takes tricks nobody bid for; a side whose own nil holds has one number to make and
seldom many more. Which level bids more nils thus moves both levels' bags in a run, whatever
their play. This splits a run's bags per side-hand by those cases, with how many side-hands
each case holds and how often the side's number was set.

Only partnership rules are read. A side's bags are its failed nils' tricks (their tricks
count toward the partner's number instead under ``niltricks=partner``) and the tricks over
its number when made.

    python -m game.arena --a expert --b normal --deals 300 --seed 101 --save run.save
    python -m docs.arena.experiments.bags_by_nils run.save [more.save …]
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence

from docs.arena.experiments.bag_sources import level_of
from game.records.handlog import LoggedHand, read_log
from game.seats import side_of

CASES = ("no nil", "own nil", "opponents' nil", "both sides' nils")


def side_hands(logged: LoggedHand) -> list[tuple[str, str, int, bool]]:
    """(level, case, bags, set) for each side of one partnership hand."""
    nils = {record.seat for record in logged.bids if record.final.is_nil}
    bids = {record.seat: record.final.tricks for record in logged.bids}
    found = []
    for side in ("NS", "EW"):
        seats = [seat for seat in logged.taken if side_of(seat, True) == side]
        numbered = [seat for seat in seats if seat not in nils]
        nil_tricks = sum(logged.taken[seat] for seat in seats if seat in nils)
        contract = sum(bids[seat] for seat in numbered)
        counted = sum(logged.taken[seat] for seat in numbered)
        if logged.rules.nil_tricks == "partner" and numbered:
            counted, nil_tricks = counted + nil_tricks, 0
        made = counted >= contract
        bags = nil_tricks + (counted - contract if contract and made else 0)
        own, theirs = bool(nils & set(seats)), bool(nils - set(seats))
        case = CASES[own + 2 * theirs]
        found.append((level_of(logged, seats[0]), case, bags, bool(contract) and not made))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m docs.arena.experiments.bags_by_nils",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+", help="arena hand logs (--save)")
    args = parser.parse_args(argv)
    hands: dict[str, Counter] = defaultdict(Counter)
    bags: dict[str, Counter] = defaultdict(Counter)
    sets: dict[str, Counter] = defaultdict(Counter)
    for path in args.logs:
        for logged in read_log(path).hands:
            if not logged.rules.partners:
                continue
            for level, case, taken, was_set in side_hands(logged):
                for key in (case, "all"):
                    hands[level][key] += 1
                    bags[level][key] += taken
                    sets[level][key] += was_set
    if not hands:
        print("no hand of a partnership game in these logs")
        return 1
    print(f"{'level':14} {'nils at the table':18} {'side-hands':>10} {'bags each':>10} {'sets':>6}")
    for level in sorted(hands):
        for case in ("all", *CASES):
            count = hands[level][case]
            if count:
                print(f"{level:14} {case:18} {count:10d} {bags[level][case] / count:10.2f} "
                      f"{sets[level][case] / count:6.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
