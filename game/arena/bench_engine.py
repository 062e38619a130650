"""Engine speed: whole random hands per second, and the hand log's write and read speed.

``python -m game.arena.bench_engine [--seconds S] [--rules PRESET]`` deals hands and plays them
to the score with uniformly random legal choices, two ways: asking the hand for
its legal choices (what a scene or the arena does), and building the full seat
view of `docs/bot-api.md` for every decision (what a bot sees). Then it writes hands to
a `Spades.save` file (one append, flush and fsync per hand, as the game does) and reads
the file back. One core, one process.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time

from game.hand import Hand
from game.records.handlog import LoggedHand, append_hand, read_log
from game.rules import PRESETS
from game.seats import SEATS
from game.view import seat_view


def random_hand(rules, rng: random.Random, with_views: bool) -> Hand:
    """Deal one hand and play it out with random legal choices."""
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
    while hand.phase != "done":
        seat = hand.to_act
        legal = seat_view(hand, seat)["legal"] if with_views else hand.legal_choices(seat)
        if hand.phase == "exchange":
            hand.apply(seat, rng.sample(legal, hand.exchange_count))
        else:
            hand.apply(seat, rng.choice(legal))
    return hand


def hands_per_second(rules, seconds: float, with_views: bool, seed: int = 1) -> float:
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_hand(rules, rng, with_views)
        count += 1
    return count / (time.perf_counter() - start)


def log_speed(hands: int = 500) -> tuple[float, float]:
    """Hands written per second (as the game writes them: format, one append, flush,
    fsync) and read back per second."""
    rng = random.Random(2)
    rules = PRESETS["partner"].rules
    logged = [LoggedHand.from_hand(random_hand(rules, rng, False), "bench", "Partner", dict.fromkeys(SEATS, "P"))
              for _ in range(hands)]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "Spades.save")
        start = time.perf_counter()
        for item in logged:
            append_hand(path, item)
        written = hands / (time.perf_counter() - start)
        start = time.perf_counter()
        reading = read_log(path)
        read = len(reading.hands) / (time.perf_counter() - start)
    return written, read


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.arena.bench_engine", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    parser.add_argument("--rules", default="all", choices=[*PRESETS, "all"])
    args = parser.parse_args(argv)
    print(f"{'variant':10} {'hands/s (legal_choices)':>24} {'hands/s (seat views)':>22}")
    for variant_id in (PRESETS if args.rules == "all" else [args.rules]):
        rules = PRESETS[variant_id].rules.replace(misdeal=False)
        plain = hands_per_second(rules, args.seconds, with_views=False)
        viewed = hands_per_second(rules, args.seconds, with_views=True)
        print(f"{variant_id:10} {plain:24.0f} {viewed:22.0f}")
    written, read = log_speed()
    print(f"\nSpades.save: {written:.0f} hands written/s (format, append, flush, fsync), {read:.0f} hands read/s")


if __name__ == "__main__":
    main()
