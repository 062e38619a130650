"""How long the Options screen takes to show each page again after a change:
``python -m scenes.tools.bench_options [--times N]``.

Every change on the Options screen rebuilds the page shown, so that each control shows the
settings as they now are; this times that rebuild (the median and the slowest of N) for each
page, the Rules page both for a preset (labels) and for a Custom slot (about sixty buttons and
entries), and a change of one Custom option through the page (the rebuild and the settings
saved to disk). Headless: SDL's dummy video and audio drivers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.rules import OPTION_BY_KEY, PRESETS  # noqa: E402
from scenes.app import App, AppConfig  # noqa: E402
from scenes.screens.options import PAGES, OptionsScene  # noqa: E402

FRAME = 1 / 60


def timed(action, times: int) -> str:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        action()
        spent.append((time.perf_counter() - start) * 1000)
    return f"median {statistics.median(spent):6.2f} ms  max {max(spent):6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=20, help="rebuilds timed per page (default 20)")
    times = parser.parse_args().times
    folder = Path(tempfile.mkdtemp())
    app = App(AppConfig(windowed=True, settings_path=folder / "settings.json", saved_game=folder / "g.json",
                        save_dir=folder, statistics_path=folder / "statistics.json"))
    scene = OptionsScene(app)
    app.push(scene)
    app.step(FRAME)
    for page in PAGES:
        scene.show_page(page)
        print(f"{page + ' page':24s} {timed(scene.refresh, times)}")
    app.change_settings(variant="custom1", custom_rules={"custom1": PRESETS["partner"].rules.to_line()})
    scene.show_page("rules")
    print(f"{'rules page, Custom 1':24s} {timed(scene.refresh, times)}")
    boston = OPTION_BY_KEY["boston"]
    values = iter(range(10, 10 * (times + 2), 10))
    print(f"{'a Custom option changed':24s} {timed(lambda: scene.change_rule(boston, str(next(values))), times)}")
    app.close()


if __name__ == "__main__":
    main()
