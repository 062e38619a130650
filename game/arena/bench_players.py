"""Computer players' speed: playouts per second and the time of each decision.

``python -m game.arena.bench_players [--hands N] [--levels normal expert mc]`` measures, on
one core:

- whole-hand playouts per second of the array simulator, with uniformly random
  play and with the heuristic playout policy, in batches of 2,000 deals;
- for each level, the wall time of every bid and card decision over N hands in which
  all four seats are that level (Partner rules): median, 95th percentile and maximum.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from game.cards import DECKS, mask_of
from game.hand import Hand
from game.players import decide
from game.players.levels import LEVELS
from game.players.simulator import Batch, heuristic_policy, holdings_array, random_policy
from game.rules import PRESETS
from game.seats import SEATS
from game.view import seat_view


def playouts_per_second(policy, batch_size: int = 2000, rounds: int = 5) -> float:
    """Whole hands played out per second from the first lead."""
    rules = PRESETS["partner"].rules
    deck = DECKS[rules.deck]
    rng = random.Random(1)
    deals = []
    for _ in range(batch_size):
        order = deck.shuffled(rng)
        deals.append({seat: mask_of(order[i::4]) for i, seat in enumerate(SEATS)})
    holdings = holdings_array(deals)
    generator = np.random.default_rng(1)
    start = time.perf_counter()
    for _ in range(rounds):
        batch = Batch.start(rules, deck, holdings, leader=1, bids=(3, 4, 3, 2))
        batch.run(policy, generator)
    return batch_size * rounds / (time.perf_counter() - start)


def decision_times(level: str, hands: int, seed: int = 1) -> list[float]:
    """Milliseconds of every decision of `hands` Partner hands played by four `level` players."""
    rules = PRESETS["partner"].rules
    rng = random.Random(seed)
    times = []
    for number in range(hands):
        players = {s: LEVELS[level](s, rules.to_dict(), seed * 1000 + number * 4 + i) for i, s in enumerate(SEATS)}
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
        while hand.phase != "done":
            seat = hand.to_act
            view = seat_view(hand, seat)
            start = time.perf_counter()
            choice = decide(players[seat], view)
            times.append((time.perf_counter() - start) * 1000)
            hand.apply(seat, choice)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.arena.bench_players", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands per level (default 10)")
    parser.add_argument("--levels", nargs="*", default=["normal", "expert", "mc"], choices=sorted(LEVELS))
    args = parser.parse_args(argv)
    print(f"random playouts:    {playouts_per_second(random_policy):8.0f} whole hands/s")
    print(f"heuristic playouts: {playouts_per_second(heuristic_policy):8.0f} whole hands/s\n")
    print(f"{'level':8} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for level in args.levels:
        times = sorted(decision_times(level, args.hands))
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{level:8} {len(times):9} {statistics.median(times):8.2f} {p95:8.2f} {times[-1]:8.2f}")


if __name__ == "__main__":
    main()
