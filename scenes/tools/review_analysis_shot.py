"""Takes the screenshot of Review's perfect-play analysis for the docs:
``python -m scenes.tools.review_analysis_shot [file.png] [--seed N] [--window]``.

It writes a `Spades.save` with one hand four Normal players bid and played (seed N),
opens it in Review Hands with the computer players in their worker process, waits for
the analysis, steps to a card whose exact mark threw points away (the dearest one that
is not the first of its trick, so several marks show) or to card ``--card``, and saves
the frame (scaled 2x, nearest neighbour). With ``--window`` it runs in a real window on the
display set up (fullscreen) and leaves it open for a few seconds, for a look or a
screenshot from outside.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

DEFAULT_OUT = Path(__file__).resolve().parent.parent.parent / "docs/screenshots/review-analysis.png"
FRAME = 1 / 60


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--seed", type=int, default=2, help="the deal of the hand (default 2)")
    parser.add_argument("--card", type=int, help="the card to show (default: a costly mistake)")
    parser.add_argument("--window", action="store_true", help="show it in a real fullscreen window")
    parser.add_argument("--hold", type=float, default=4.0, help="seconds the window stays (with --window)")
    args = parser.parse_args(argv)
    if not args.window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    import pygame

    from game.arena.bench_solver import normal_hand
    from game.records.handlog import append_hand
    from game.rules import PRESETS
    from scenes.app import App, AppConfig

    folder = Path(tempfile.mkdtemp())
    log = folder / "Spades.save"
    append_hand(log, normal_hand(PRESETS["partner"].rules, args.seed))
    app = App(AppConfig(windowed=not args.window, speed="instant", settings_path=folder / "settings.json",
                        saved_game=folder / "game.json", save_dir=folder, statistics_path=folder / "statistics.json",
                        review=log, silent=True))
    scene = app.scenes[-1]
    while scene.lister is not None:
        app.step(FRAME)
    scene.open(0)
    while not scene.analysis.done:
        app.step(FRAME)
        time.sleep(0.01)
    plays = [scene.analysis.play(number) for number in range(1, 53)]
    mistakes = [p for p in plays if p.exact and p.mark != "="]
    shown = args.card or max(mistakes, key=lambda p: ((p.number - 1) % 4 > 0, p.loss)).number if mistakes else 36
    scene.go(shown)
    for _ in range(10):
        app.step(FRAME)
    app.draw()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.transform.scale_by(app.screen, 2), str(args.out))
    print(f"saved {args.out} (card {shown})")
    if args.window:
        app.window.present()
        hold = time.monotonic() + args.hold
        while time.monotonic() < hold:
            app.step(FRAME)
            time.sleep(FRAME)
    app.close()


if __name__ == "__main__":
    main()
