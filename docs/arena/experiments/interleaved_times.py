"""A level's decision times in two checkouts of the project, hand by hand alternately.

``python docs/arena/experiments/interleaved_times.py BEFORE_DIR AFTER_DIR [--level LEVEL] [--rules VARIANT]
[--hands N] [--cpu] [--over MS] [--may-differ]``

Each hand (the deal of `game.arena.bench_players.decision_times` with seed 1, 2, … and one hand
each) is played by four players of the level (Expert unless ``--level`` says) in a fresh
process of each checkout in turn, the
first of the two alternating. On a machine whose speed drifts from minute to minute (this
project's, some days), two benchmark runs one after the other compare the drift as much as
the code; alternating hand by hand spreads it over both. Made for changes that keep every
decision: it fails if the two checkouts do not choose the same bids and cards. With
``--may-differ`` (a change of how much Expert searches) it says how many hands went another
way instead; from a hand's first different choice on, the two compare different positions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

HAND = ("import json, time; import game.arena.bench_players as bench; chosen = []; decide = bench.decide; "
        "bench.decide = lambda player, view: chosen.append(decide(player, view)) or chosen[-1]; "
        "times = bench.decision_times('{level}', 1, seed={seed}, clock=time.{clock}, variant='{rules}'); "
        "print(json.dumps([times, chosen]))")
"""One hand in a fresh process: its decision times, and the choices, recorded around the
benchmark's call of the player."""


def hand_times(checkout: str, seed: int, rules: str, clock: str,
               level: str = "expert") -> tuple[list[tuple[int, float]], list]:
    """(cards held, ms) of every decision of one hand, run in `checkout`, and the choices made."""
    code = HAND.format(seed=seed, clock=clock, rules=rules, level=level)
    out = subprocess.run([sys.executable, "-c", code], cwd=checkout, capture_output=True, text=True, check=True)
    times, chosen = json.loads(out.stdout)
    return [(held, ms) for held, ms in times], chosen


def row(label: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"{label:10} {len(times):5} {statistics.median(times):8.2f} {p95:8.2f} {times[-1]:8.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--rules", default="partner")
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--cpu", action="store_true", help="process time instead of wall time")
    parser.add_argument("--over", type=float, default=5.0,
                        help="the before / after ratio is taken over decisions slower than this (ms)")
    parser.add_argument("--may-differ", action="store_true", help="report, not fail, hands played differently")
    args = parser.parse_args()
    clock = "process_time" if args.cpu else "perf_counter"
    times: dict[str, list[tuple[int, float]]] = {"before": [], "after": []}
    differ = 0
    for seed in range(1, args.hands + 1):
        order = ("before", "after") if seed % 2 else ("after", "before")
        chosen = {}
        for name in order:
            hand, chosen[name] = hand_times(getattr(args, name), seed, args.rules, clock, args.level)
            times[name] += hand
        differ += chosen["before"] != chosen["after"]
    if differ and not args.may_differ:
        sys.exit(f"the two checkouts chose differently in {differ} of {args.hands} hands")
    print(f"{args.level}, {args.rules}, {args.hands} hands, {clock}; decisions, p50, p95, max ms; "
          f"{differ} hands played differently")
    for name, decisions in times.items():
        print(row(name, [ms for _, ms in decisions]))
        print(row(f"{name} 2-4", [ms for held, ms in decisions if 2 <= held <= 4]))
        print(row(f"{name} 5-7", [ms for held, ms in decisions if 5 <= held <= 7]))
        print(row(f"{name} 8-13", [ms for held, ms in decisions if held >= 8]))
    if not differ:
        ratios = [b / a for (_, b), (_, a) in zip(times["before"], times["after"], strict=True) if a > args.over]
        print(f"before / after per decision (those over {args.over:g} ms): median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
