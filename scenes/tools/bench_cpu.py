"""Processor time the game takes on a real display: ``python -m scenes.tools.bench_cpu``.

Runs the real frame loop (fullscreen at the desktop's size unless ``--windowed``) and
measures the share of one core the game's process uses in three states:

- the title, with nothing moving;
- the table waiting for the player's card;
- a hand of play at normal speed, the player answering each turn after ``--think``
  seconds (the Normal player chooses), computer players thinking in their worker.

It also reports the X server's share when it finds one (Xvfb or Xorg, Linux only):
with a software X server, copying frames to it costs as much again.
Needs a display (under Xvfb: ``xvfb-run -s '-screen 0 1920x1080x24' python -m scenes.tools.bench_cpu``).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.players import decide  # noqa: E402
from game.players.levels import LEVELS  # noqa: E402
from game.view import seat_view  # noqa: E402
from scenes.app import App, AppConfig  # noqa: E402
from scenes.screens.score import ScoreScene  # noqa: E402
from scenes.table.view import TableScene  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def x_server_ticks() -> int | None:
    """CPU ticks used so far by the X server (Linux /proc), or None if there is none to read."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name = (entry / "comm").read_text().strip()
            if name in ("Xvfb", "Xorg", "X"):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                return int(fields[11]) + int(fields[12])
        except OSError:
            continue
    return None


def measure(app: App, seconds: float, act: Callable[[], None] | None = None) -> tuple[float, float | None, int]:
    """Run the loop for `seconds`; the game's share of a core, the X server's, and frames drawn."""
    x_before, cpu_before, wall_before, frames_before = x_server_ticks(), time.process_time(), time.monotonic(), \
        app.frames_drawn
    while time.monotonic() - wall_before < seconds:
        app.step()
        if act:
            act()
    wall = time.monotonic() - wall_before
    x_after = x_server_ticks()
    x_share = (x_after - x_before) / TICKS / wall if x_before is not None and x_after is not None else None
    return (time.process_time() - cpu_before) / wall, x_share, app.frames_drawn - frames_before


class Player:
    """Answers the player's turns like Normal, after `think` seconds of looking, and clicks on
    where the table waits for a click."""

    def __init__(self, app: App, think: float) -> None:
        self.app = app
        self.think = think
        self.turn_seen: float | None = None

    def waiting_table(self) -> TableScene | None:
        top = self.app.scenes[-1]
        if isinstance(top, TableScene) and not top.busy and top.game.to_act == "S" and (
                top.box is not None or top.game.phase == "play"):
            return top
        return None

    def __call__(self) -> None:
        top = self.app.scenes[-1]
        if isinstance(top, ScoreScene):
            self.app.pop()
            return
        if isinstance(top, TableScene) and top.held:
            top.skip()  # the bids looked at, the four hands seen: the click that goes on
            return
        table = self.waiting_table()
        if table is None:
            self.turn_seen = None
            return
        now = time.monotonic()
        if self.turn_seen is None:
            self.turn_seen = now
        if now - self.turn_seen >= self.think:
            view = seat_view(table.game.hand, "S")
            table.act(decide(LEVELS["normal"]("S", view["rules"], 1), view))
            self.turn_seen = None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each measurement")
    parser.add_argument("--think", type=float, default=1.5, help="seconds the player looks before each answer")
    parser.add_argument("--windowed", action="store_true", help="a window instead of fullscreen")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    app = App(AppConfig(windowed=args.windowed, seed=3, speed="normal", silent=True,
                        settings_path=folder / "settings.json", saved_game=folder / "game.json", save_dir=folder,
                        statistics_path=folder / "statistics.json"))
    size = app.window.window.get_size()
    print(f"window {size[0]}x{size[1]}, {app.window.viewport.describe()}, display {app.display_rate} fps",
          flush=True)
    player = Player(app, args.think)

    def report(state: str, seconds: float, act: Callable[[], None] | None = None) -> None:
        game, x_server, frames = measure(app, seconds, act)
        x_words = f"  X server {x_server:6.1%}" if x_server is not None else ""
        print(f"{state:32s} game {game:6.1%}{x_words}  {frames / seconds:5.1f} frames/s", flush=True)

    report("idle title", args.seconds)
    app.new_game()
    player.think = 0.0
    while True:  # on to the player's first card
        app.step()
        table = player.waiting_table()
        if table is not None and table.game.phase == "play":
            break
        player()
    report("waiting for the player's card", args.seconds)
    player.think = args.think
    report(f"playing (player thinks {args.think:g} s)", args.seconds * 3, act=player)
    cost = app.window.present_cost or 0.0
    print(f"a frame takes {cost * 1000:.1f} ms to reach the screen: motion at {app.frame_rate} fps")
    app.close()


if __name__ == "__main__":
    main()
