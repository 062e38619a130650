"""Review Hands on a long hand log: ``python -m scenes.tools.bench_review [--megabytes 50]``.

Writes a `Spades.save` of about that size (random hands, each written again under many
game ids), opens it in Review Hands in the real App (SDL's dummy video and audio
drivers) and runs the frame loop as the game does, at its frame rate. It reports the
time to the first rows on screen, the time until the whole list is read, each frame's
work while it reads (pygame's clock: the frame's time less its wait), the time to open
the last hand (read again from the file, then replayed), and the process's peak
memory (resident set) before opening the log and after the list is complete.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.arena.bench_engine import random_hand  # noqa: E402
from game.game import DEFAULT_NAMES  # noqa: E402
from game.records.handlog import LoggedHand, format_block  # noqa: E402
from game.rules import PRESETS  # noqa: E402
from scenes.app import App, AppConfig  # noqa: E402
from scenes.screens.review import ReviewScene  # noqa: E402

DISTINCT_HANDS = 200
HANDS_PER_GAME = 12


def write_log(path: Path, megabytes: float, seed: int = 1) -> int:
    """Write a log of about `megabytes` MB (10^6 bytes) at `path`; the number of hands written."""
    rng = random.Random(seed)
    rules = PRESETS["partner"].rules
    hands = [LoggedHand.from_hand(random_hand(rules, rng, False), "bench", "Partner", DEFAULT_NAMES)
             for _ in range(DISTINCT_HANDS)]
    target = megabytes * 1_000_000
    written = count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as log:
        while written < target:
            game, number = divmod(count, HANDS_PER_GAME)
            logged = dataclasses.replace(hands[count % DISTINCT_HANDS], game_id=f"2026-11-23T20:00:00-{game:05x}",
                                         number=number + 1)
            written += log.write(format_block(logged))
            count += 1
    return count


def peak_memory_mb() -> float | None:
    """The process's peak resident memory so far, in MB (None where the system does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1_000_000 if os.uname().sysname == "Darwin" else peak / 1000


def frame_summary(milliseconds: list[int]) -> str:
    ordered = sorted(milliseconds)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (f"{len(ordered)} frames, work per frame: median {statistics.median(ordered):.0f} ms, "
            f"p95 {p95} ms, max {ordered[-1]} ms")


def review(path: Path) -> None:
    folder = Path(tempfile.mkdtemp())
    app = App(AppConfig(windowed=True, silent=True, settings_path=folder / "settings.json",
                        saved_game=folder / "game.json", save_dir=folder,
                        statistics_path=folder / "statistics.json"))
    app.step()
    before = peak_memory_mb()
    start = time.perf_counter()
    scene = ReviewScene(app, path)
    app.push(scene)
    first_rows = None
    work: list[int] = []
    while scene.lister is not None:
        app.step()
        work.append(app.clock.get_rawtime())
        if first_rows is None and scene.rows:
            first_rows = time.perf_counter() - start
    whole = time.perf_counter() - start
    after = peak_memory_mb()
    opening = time.perf_counter()
    opened = scene.open(len(scene.rows) - 1)
    opening = time.perf_counter() - opening
    print(f"{scene.summary}, at {app.frame_rate} frames per second")
    print(f"first rows after {first_rows:.2f} s, whole list after {whole:.1f} s")
    print(frame_summary(work))
    print(f"opening the last hand: {opening * 1000:.0f} ms ({'opened' if opened else 'not opened'})")
    if before is not None and after is not None:
        print(f"peak memory: {before:.0f} MB before opening the log, {after:.0f} MB after listing it "
              f"(+{after - before:.0f} MB)")
    app.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.bench_review", description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=50.0, help="size of the log (default 50)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "Spades.save"
        hands = write_log(path, args.megabytes)
        print(f"{path.stat().st_size / 1_000_000:.1f} MB, {hands} hands")
        review(path)


if __name__ == "__main__":
    main()
