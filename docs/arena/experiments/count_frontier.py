"""Could a different rounding of Normal's count bring its bags down without more sets? A static
reading of arena saves.

For every side-hand without a nil at the table (partnership rules, standard deck) played by
`level`, each partner's hand is counted as Normal counts a number
(:func:`game.players.normal.hand_value.partner_tricks`) and rounded on its own, as each partner
bids alone: the side's bid is ``max(1, floor(count + r))`` summed over the two hands. For each
rounding `r` it prints how often that bid would have been set and the bags it would have left,
with the tricks the side really took; then the same for the bids each level really made.

The play would have changed with the bids, so this is a bound on what the count alone can do,
not a prediction. A rounding that trades sets for bags moves along one line; a count that
comes closer to the tricks taken would move the line itself.

    python -m game.arena --a expert --b normal --deals 300 --seed 101 --save run.save
    python -m docs.arena.experiments.count_frontier run.save [more.save …] --level normal
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from collections.abc import Sequence

from docs.arena.experiments.bag_sources import level_of
from game.cards import DECKS, mask_of
from game.players.normal.hand_value import partner_tricks
from game.records.handlog import read_log

ROUNDINGS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
SIDES = (("N", "S"), ("E", "W"))


def side_hands(paths: Sequence[str]) -> dict[str, list[tuple[float, float, int, int]]]:
    """Per level: (first partner's count, second's, the side's bid, the tricks it took) for each
    side-hand without a nil at the table."""
    found: dict[str, list[tuple[float, float, int, int]]] = defaultdict(list)
    deck = DECKS["standard"]
    for path in paths:
        for logged in read_log(path).hands:
            if logged.rules.deck != "standard" or not logged.rules.partners:
                continue
            bids = {record.seat: record.final for record in logged.bids}
            if any(bid.is_nil for bid in bids.values()):
                continue
            for side in SIDES:
                first, second = (partner_tricks(deck, mask_of(logged.deal[seat])) for seat in side)
                found[level_of(logged, side[0])].append(
                    (first, second, sum(bids[seat].tricks for seat in side), sum(logged.taken[seat] for seat in side)))
    return found


def outcome(bids: Sequence[int], taken: Sequence[int]) -> str:
    """The share of contracts set and the bags a side-hand, with the bids' mean."""
    sets = sum(t < b for b, t in zip(bids, taken, strict=True)) / len(bids)
    bags = sum(max(0, t - b) for b, t in zip(bids, taken, strict=True)) / len(bids)
    return f"set {sets:6.1%}   bags {bags:.2f}   mean bid {sum(bids) / len(bids):.2f}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("saves", nargs="+")
    parser.add_argument("--level", default="normal", help="whose side-hands are rounded again")
    args = parser.parse_args(argv)
    found = side_hands(args.saves)
    hands = found.get(args.level, [])
    if not hands:
        print(f"no side-hand of {args.level} without a nil in", ", ".join(args.saves))
        return
    taken = [row[3] for row in hands]
    print(f"{len(hands)} side-hands of {args.level} without a nil at the table")
    for rounding in ROUNDINGS:
        bids = [max(1, math.floor(first + rounding)) + max(1, math.floor(second + rounding))
                for first, second, _, _ in hands]
        print(f"  count rounded at {rounding:.1f}:     {outcome(bids, taken)}")
    for level, rows in sorted(found.items()):
        label = f"{level}'s bids:"
        print(f"  {label:28s} {outcome([row[2] for row in rows], [row[3] for row in rows])}")


if __name__ == "__main__":
    main()
