"""The perfect-play solver's speed: Review's card-by-card analysis of whole hands.

``python -m game.arena.bench_solver [--hands N] [--rules PRESET] [--time-limit S] [--seed K] [--last-only]``
deals N hands from seeded shuffles, lets four Normal players bid and play them, then
analyses each hand as Review does (:func:`game.players.analyse.analyse_hand`) on one core:

- the whole hand within the time limit (which counts the estimates too): the seconds it
  took, how many of them the exact search had, and how many tricks were solved exactly
  (from the last one back; the cards before are estimated); skipped with ``--last-only``;
- the last seven tricks alone, with no time limit: the seconds of exact search.

It prints one line per hand, then the median and extremes of each column.
"""

from __future__ import annotations

import argparse
import random
import statistics

from game.hand import Hand
from game.players import decide
from game.players.analyse import DEFAULT_TIME_LIMIT, HandAnalysis, analyse_hand
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


def exact_tricks(analysis: HandAnalysis) -> int:
    """How many tricks, from the last one back, have every card solved exactly."""
    return 14 - (analysis.exact_from or 1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.arena.bench_solver", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands to analyse (default 10)")
    parser.add_argument("--rules", default="partner", choices=sorted(PRESETS))
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                        help=f"seconds for each whole hand's analysis (default {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (default 1)")
    parser.add_argument("--last-only", action="store_true", help="time only the last seven tricks")
    args = parser.parse_args(argv)
    rules = PRESETS[args.rules].rules
    print(f"{'hand':>5} {'bids':20} {'whole hand s':>12} {'exact search s':>14} {'exact tricks':>12} "
          f"{'last 7 tricks s':>15}")
    whole, searched, exact, last = [], [], [], []
    for seed in range(args.seed, args.seed + args.hands):
        logged = normal_hand(rules, seed)
        if not args.last_only:
            analysis = analyse_hand(logged, args.time_limit)
            whole.append(analysis.seconds)
            searched.append(analysis.search_seconds)
            exact.append(exact_tricks(analysis))
        ending = analyse_hand(logged, None, exact_tricks=LAST_TRICKS, estimate_deals=1)
        last.append(ending.search_seconds)
        bids = " ".join(f"{r.seat}:{r.final}" for r in logged.bids)
        whole_text = f"{whole[-1]:12.2f} {searched[-1]:14.2f} {exact[-1]:12}" if whole else \
            f"{'-':>12} {'-':>14} {'-':>12}"
        print(f"{seed:>5} {bids:20} {whole_text} {ending.search_seconds:15.2f}", flush=True)
    for name, pick in (("median", statistics.median), ("min", min), ("max", max)):
        whole_text = f"{pick(whole):12.2f} {pick(searched):14.2f} {pick(exact):12g}" if whole else \
            f"{'':12} {'':14} {'':12}"
        print(f"{name:>26} {whole_text} {pick(last):15.2f}")
    if whole:
        print(f"\nWhole hands solved exactly within {args.time_limit:g} s: {exact.count(13)} of {len(exact)}")


if __name__ == "__main__":
    main()
