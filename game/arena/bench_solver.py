"""The perfect-play solver's speed: Review's card-by-card analysis of whole hands.

``python -m game.arena.bench_solver [--hands N] [--rules PRESET] [--time-limit S] [--seed K] [--last-only]``
deals N hands from seeded shuffles, lets four Normal players bid and play them, then
analyses each hand as Review does (:func:`game.players.analyse.analyse_hand`) on one core:

- the whole hand with the time limit: the seconds of exact search, and from which
  trick on every card was solved exactly (earlier cards are estimated); skipped with
  ``--last-only``;
- the last seven tricks alone, with no time limit: the seconds of exact search.

It prints one line per hand, then the median and maximum of each column.
"""

from __future__ import annotations

import argparse
import random
import statistics

from game.hand import Hand
from game.players import decide
from game.players.analyse import DEFAULT_TIME_LIMIT, analyse_hand
from game.players.normal import NormalPlayer
from game.records.handlog import LoggedHand
from game.rules import PRESETS, Rules
from game.seats import SEATS
from game.view import seat_view

LAST_TRICKS = 7


def normal_hand(rules: Rules, seed: int) -> LoggedHand:
    """A hand dealt from seed `seed` and bid and played by four Normal players."""
    rng = random.Random(seed)
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
    players = {seat: NormalPlayer(seat, rules.to_dict(), seed * 4 + i) for i, seat in enumerate(SEATS)}
    while hand.phase != "done":
        seat = hand.to_act
        hand.apply(seat, decide(players[seat], seat_view(hand, seat)))
    return LoggedHand.from_hand(hand, f"bench-{seed}", "bench", {})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.arena.bench_solver", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands to analyse (default 10)")
    parser.add_argument("--rules", default="partner", choices=sorted(PRESETS))
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                        help=f"seconds of exact search per whole hand (default {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (default 1)")
    parser.add_argument("--last-only", action="store_true", help="time only the last seven tricks")
    args = parser.parse_args(argv)
    rules = PRESETS[args.rules].rules
    print(f"{'hand':>5} {'bids':20} {'whole hand s':>12} {'exact from trick':>16} {'last 7 tricks s':>15}")
    whole, reach, last = [], [], []
    for seed in range(args.seed, args.seed + args.hands):
        logged = normal_hand(rules, seed)
        if not args.last_only:
            analysis = analyse_hand(logged, args.time_limit)
            whole.append(analysis.search_seconds)
            reach.append(analysis.exact_from or 1)
        ending = analyse_hand(logged, None, exact_tricks=LAST_TRICKS, estimate_deals=1)
        last.append(ending.search_seconds)
        bids = " ".join(f"{r.seat}:{r.final}" for r in logged.bids)
        whole_text = f"{whole[-1]:12.2f} {reach[-1]:16}" if whole else f"{'-':>12} {'-':>16}"
        print(f"{seed:>5} {bids:20} {whole_text} {ending.search_seconds:15.2f}", flush=True)
    if whole:
        print(f"{'median':>26} {statistics.median(whole):12.2f} {statistics.median(reach):16g} "
              f"{statistics.median(last):15.2f}")
        print(f"{'max':>26} {max(whole):12.2f} {max(reach):16} {max(last):15.2f}")
        print(f"\nWhole hands solved exactly within {args.time_limit:g} s: {reach.count(1)} of {len(reach)}")
    else:
        print(f"{'median':>56} {statistics.median(last):15.2f}\n{'max':>56} {max(last):15.2f}")


if __name__ == "__main__":
    main()
