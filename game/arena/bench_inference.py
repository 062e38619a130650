"""How close sampled deals come to the real one: the sampler's weightings compared.

``python -m game.arena.bench_inference [--hands N] [--levels NS EW] [--rules PRESET]
[--samples K] [--seed S]`` plays N hands (four computer players, the two sides of the levels
given, every hand dealt from the seed) and, at every card decision, samples K deals from
the deciding seat's view three ways with :func:`game.players.knowledge.sample_deals`:

- ``uniform``: every consistent deal alike (``weigh_bids=False``);
- ``bids``: leaning towards the bids (``weigh_play=False``, Expert's sampler before the play counted);
- ``bids+play``: leaning towards the bids and the way the seats played (the default).

For each hidden card whose holder the view does not settle, the share of samples that put it
with its real holder is that card's estimate; the report gives, per decision point, the mean
log of that share (smoothed: (hits + 1/2) / (K + H/2) for H possible holders, never −∞) and the
mean share itself, then their averages over the decision points with a 95% interval, by trick
(early 1–4, mid 5–8, late 9–13), and the new weighting's gain over the old one (the same
decision points and random numbers: a paired difference). The decision points of one hand are
not independent, so the intervals are a little narrow. A benchmark, not a test.

With ``--bids`` it measures at the bid decisions instead (every bid after the first, by a seat
that has looked: what the bids so far say of the hands), in one row, ``bidding``; there is no
play yet, so ``bids+play`` equals ``bids`` there.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from game.hand import Hand
from game.players import decide
from game.players.knowledge import Knowledge, sample_deals
from game.players.levels import LEVELS
from game.rules import PRESETS
from game.seats import SEATS
from game.view import seat_view

METHODS: dict[str, dict[str, bool]] = {
    "uniform": {"weigh_bids": False},
    "bids": {"weigh_bids": True, "weigh_play": False},
    "bids+play": {"weigh_bids": True, "weigh_play": True},
}
"""The weightings compared, as keyword arguments of `sample_deals`."""
OLD, NEW = "bids", "bids+play"
PHASES: tuple[tuple[str, range], ...] = (("bidding", range(0, 1)), ("early 1-4", range(1, 5)),
                                         ("mid 5-8", range(5, 9)), ("late 9-13", range(9, 14)),
                                         ("all", range(1, 14)))
"""The rows of the report: trick numbers (0 for the bid decisions of ``--bids``)."""
Z95 = 1.96
"""Normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Point:
    """One decision point: its trick number and, per method, (mean log share, mean share right)."""

    trick: int
    scores: dict[str, tuple[float, float]]


def placement(knowledge: Knowledge, truth: Mapping[str, int], samples: Sequence[Mapping[str, int]]
              ) -> tuple[float, float] | None:
    """(mean smoothed log share, mean share) of the samples placing each unsettled hidden card
    with its real holder; None when the view settles every card."""
    holders = knowledge.holders
    settled = 0
    for s in holders:
        settled |= knowledge.known.get(s, 0)
    cards = knowledge.unseen & ~settled
    if not cards:
        return None
    hits: dict[int, int] = {}
    for sampled in samples:
        for s in holders:
            right = sampled[s] & truth[s] & cards
            while right:
                bit = right & -right
                right ^= bit
                hits[bit] = hits.get(bit, 0) + 1
    count = len(samples)
    logs, shares = [], []
    rest = cards
    while rest:
        bit = rest & -rest
        rest ^= bit
        possible = sum(1 for s in holders if knowledge.allowed(s) & bit)
        found = hits.get(bit, 0)
        logs.append(math.log((found + 0.5) / (count + 0.5 * possible)))
        shares.append(found / count)
    return statistics.fmean(logs), statistics.fmean(shares)


def decision_points(levels: Sequence[str], rules_id: str, hands: int, samples: int, seed: int,
                    at_bids: bool = False) -> Iterator[Point]:
    """Play `hands` hands (levels[0] sits N/S, levels[1] E/W) and measure every card decision (every
    bid decision after the first, `at_bids`)."""
    rules = PRESETS[rules_id].rules
    for number in range(hands):
        rng = random.Random(f"{seed}:{number}")
        players = {s: LEVELS[levels[i % 2]](s, rules.to_dict(), rng.randrange(1 << 30))
                   for i, s in enumerate(("N", "E", "S", "W"))}
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
        while hand.phase not in ("done", "misdealt"):
            seat = hand.to_act
            view = seat_view(hand, seat)
            if at_bids:
                asked = hand.phase == "bid" and bool(view["bids"]) and bool(view["hand"])
            else:
                asked = hand.phase == "play"
            if asked:
                point = measure(view, {s: hand.holding_mask(s) for s in SEATS}, samples, f"{seed}:{number}:{seat}")
                if point is not None:
                    yield point
            hand.apply(seat, decide(players[seat], view))


def measure(view: dict, truth: Mapping[str, int], samples: int, key: str) -> Point | None:
    """One decision point: every method samples from the same view with the same random numbers."""
    knowledge = Knowledge.from_view(view)
    trick = len(view["tricks"]) + 1 if view["phase"] == "play" else 0
    moment = len(view["trick"]) if trick else len(view["bids"])
    scores = {}
    for name, options in METHODS.items():
        deals = sample_deals(knowledge, samples, random.Random(f"{key}:{trick}:{moment}"), **options)
        found = placement(knowledge, truth, deals)
        if found is None:
            return None
        scores[name] = found
    return Point(trick, scores)


def interval(values: Sequence[float]) -> str:
    """Mean and 95% interval (normal approximation), as ``+0.012 [+0.008, +0.016]``."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]"


def report(points: Sequence[Point]) -> list[str]:
    """The table: per phase of the hand, each method's mean log share and share right, and the
    new weighting's paired gain over the old one."""
    lines = [f"{'tricks':10} {'points':>6}  " + "  ".join(f"{m + ' log':>15}" for m in METHODS)
             + f"  {NEW + ' - ' + OLD + ' log share [95%]':>36}",
             f"{'':10} {'':>6}  " + "  ".join(f"{m + ' right':>15}" for m in METHODS)
             + f"  {NEW + ' - ' + OLD + ' share right [95%]':>36}"]
    for label, tricks in PHASES:
        chosen = [p for p in points if p.trick in tricks]
        if len(chosen) < 2:
            continue
        for part in (0, 1):
            means = "  ".join(f"{statistics.fmean(p.scores[m][part] for p in chosen):15.4f}" for m in METHODS)
            gain = interval([p.scores[NEW][part] - p.scores[OLD][part] for p in chosen])
            lines.append(f"{label if part == 0 else '':10} {len(chosen) if part == 0 else '':>6}  {means}  {gain:>36}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.arena.bench_inference", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="hands played (default 40)")
    parser.add_argument("--levels", nargs=2, default=["normal", "normal"], choices=sorted(LEVELS),
                        metavar=("NS", "EW"), help="the levels of the two sides (default normal normal)")
    parser.add_argument("--rules", default="partner", choices=sorted(PRESETS), help="rules preset (default partner)")
    parser.add_argument("--samples", type=int, default=100, help="deals sampled per method and decision (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bids", action="store_true", help="measure at the bid decisions instead of the cards")
    args = parser.parse_args(argv)
    points = list(decision_points(args.levels, args.rules, args.hands, args.samples, args.seed, args.bids))
    print(f"{args.hands} hands, {args.rules}, {args.levels[0]} (N/S) against {args.levels[1]} (E/W), "
          f"{args.samples} deals per method and decision, seed {args.seed}"
          f"{', at the bids' if args.bids else ''}\n")
    print("\n".join(report(points)))


if __name__ == "__main__":
    main()
