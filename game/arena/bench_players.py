"""Computer players' speed: playouts per second and the time of each decision.

``python -m game.arena.bench_players [--hands N] [--levels normal expert mc] [--rules VARIANT] [--by-cards] [--cpu]``
measures, on one core:

- whole-hand playouts per second of the array simulator, with uniformly random
  play and with the heuristic playout policy, in batches of 2,000 deals;
- for each level, the wall time of every bid and card decision over N hands in which
  all four seats are that level (Partner rules, or the variant ``--rules`` names, such as
  Suicide, where every hand has a nil on each side): median, 95th percentile and maximum;
  with ``--by-cards``, the card decisions also by how many cards the seat held (where
  Expert's exact endgame begins shows there); with ``--cpu``, the process time of each
  decision instead of the wall time: the work itself, however busy the machine is.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

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


def decision_times(level: str, hands: int, seed: int = 1,
                   clock: Callable[[], float] = time.perf_counter,
                   variant: str = "partner") -> list[tuple[int, float]]:
    """Every decision of `hands` hands of `variant` played by four `level` players: the cards
    the seat held when it played (0 for a bid or other choice before the play) and the
    milliseconds `clock` counted."""
    rules = PRESETS[variant].rules
    rng = random.Random(seed)
    times = []
    for number in range(hands):
        players = {s: LEVELS[level](s, rules.to_dict(), seed * 1000 + number * 4 + i) for i, s in enumerate(SEATS)}
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
        while hand.phase != "done":
            seat = hand.to_act
            view = seat_view(hand, seat)
            start = clock()
            choice = decide(players[seat], view)
            times.append((len(view["hand"]) if hand.phase == "play" else 0, (clock() - start) * 1000))
            hand.apply(seat, choice)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.arena.bench_players", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands per level (default 10)")
    parser.add_argument("--levels", nargs="*", default=["normal", "expert", "mc"], choices=sorted(LEVELS))
    parser.add_argument("--by-cards", action="store_true",
                        help="the bids, and the card decisions by the cards held, too")
    parser.add_argument("--cpu", action="store_true", help="process time per decision instead of wall time")
    parser.add_argument("--rules", default="partner", choices=sorted(PRESETS),
                        help="the variant the decisions are timed in (default partner)")
    args = parser.parse_args(argv)
    print(f"random playouts:    {playouts_per_second(random_policy):8.0f} whole hands/s")
    print(f"heuristic playouts: {playouts_per_second(heuristic_policy):8.0f} whole hands/s\n")
    print(f"decisions in {PRESETS[args.rules].name} hands, four players of each level at the table\n")
    print(f"{'level':8} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}"
          + ("  (process time)" if args.cpu else ""))
    for level in args.levels:
        decisions = decision_times(level, args.hands, clock=time.process_time if args.cpu else time.perf_counter,
                                   variant=args.rules)
        print_row(level, [ms for _, ms in decisions])
        if args.by_cards:
            bids = [ms for cards, ms in decisions if cards == 0]
            if bids:
                print_row("  bids", bids)
            for held in range(13, 0, -1):
                print_row(f"  {held:2} held", [ms for cards, ms in decisions if cards == held])


def print_row(label: str, times: list[float]) -> None:
    """A line of the table: count, median, 95th percentile and maximum of `times` (ms)."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"{label:8} {len(times):9} {statistics.median(times):8.2f} {p95:8.2f} {times[-1]:8.2f}")


if __name__ == "__main__":
    main()
