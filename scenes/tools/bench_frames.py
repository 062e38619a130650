"""Frame and start-up times of the screens: ``python -m scenes.tools.bench_frames [--frames N]
[--host-tables T]``.

Plays a game at normal speed with Expert players thinking in their worker process
(South chooses like Normal), and times each frame's update and draw; also the
nearest-neighbour scale of the 640x360 frame to 1920x1080 (SDL does that step on the
GPU when it can) and the time from starting Python to the first frame shown.
With ``--host-tables T`` the game also hosts a server (Play Online, Host), in its own
process as a player's would be, where T tables of the load test's bots play meanwhile.
Headless: SDL's dummy video and audio drivers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.players import decide  # noqa: E402
from game.players.levels import LEVELS  # noqa: E402
from game.view import seat_view  # noqa: E402
from scenes.app import App, AppConfig  # noqa: E402
from scenes.screens.score import ScoreScene  # noqa: E402
from scenes.table.view import TableScene  # noqa: E402

FRAME = 1 / 60
FIRST_FRAME = """
import time, sys
sys.path.insert(0, {root!r})
from scenes.app import App, AppConfig
from pathlib import Path
folder = Path({folder!r})
app = App(AppConfig(windowed=True, settings_path=folder / "s.json", saved_game=folder / "g.json", save_dir=folder,
                    statistics_path=folder / "t.json"))
app.step()
print(time.time(), flush=True)
app.close()
"""


def summary(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    if not ms:
        return "no frames"
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return f"{len(ms):5d} frames  median {statistics.median(ms):5.2f} ms  p95 {p95:5.2f} ms  max {ms[-1]:5.2f} ms"


def bots_at_hosted_server(app: App, tables: int, seconds: float) -> subprocess.Popen:
    """The load test's bots, `tables` tables of them, playing at the server `app` hosts."""
    return subprocess.Popen([sys.executable, "-m", "net.loadtest", "--tables", str(tables), "--seconds",
                             str(seconds), "--server", f"127.0.0.1:{app.host().port}"],
                            cwd=Path(__file__).resolve().parent.parent.parent, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def frame_times(count: int, host_tables: int = 0) -> dict[str, list[float]]:
    folder = Path(tempfile.mkdtemp())
    app = App(AppConfig(windowed=True, seed=3, settings_path=folder / "settings.json", saved_game=folder / "g.json",
                        save_dir=folder, statistics_path=folder / "statistics.json", host_port=0))
    app.change_settings(partner_level="expert", opponents_level="expert", trick_delay=0.5)
    bots = bots_at_hosted_server(app, host_tables, count * FRAME + 10) if host_tables else None
    app.new_game()
    big = pygame.Surface((1920, 1080))
    times: dict[str, list[float]] = {"all": [], "animating": [], "thinking": [], "scale to 1920x1080": []}
    for _ in range(count):
        top = app.scenes[-1]
        start = time.perf_counter()
        for event in pygame.event.get():
            app.ui.process_events(event)
        app.ui.update(FRAME)
        top.update(FRAME)
        app.draw()
        spent = time.perf_counter() - start
        pygame.display.flip()
        scale_start = time.perf_counter()
        pygame.transform.scale(app.screen, (1920, 1080), big)
        times["scale to 1920x1080"].append(time.perf_counter() - scale_start)
        times["all"].append(spent)
        if isinstance(top, TableScene):
            if top.flights:
                times["animating"].append(spent)
            if top.thinking is not None:
                times["thinking"].append(spent)
            if not top.busy and top.game.to_act == "S" and (top.box or top.game.phase == "play"):
                view = seat_view(top.game.hand, "S")
                top.act(decide(LEVELS["normal"]("S", view["rules"], 1), view))
        elif isinstance(top, ScoreScene):
            app.pop()
        time.sleep(max(0.0, FRAME - (time.perf_counter() - start)))
    if bots is not None:
        print(bots.communicate()[0].strip())
    app.close()
    return times


def first_frame_time() -> float:
    folder = tempfile.mkdtemp()
    root = str(Path(__file__).resolve().parent.parent)
    start = time.time()
    output = subprocess.run([sys.executable, "-c", FIRST_FRAME.format(root=root, folder=folder)],
                            capture_output=True, text=True, check=True).stdout
    return float(output.strip().splitlines()[-1]) - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1800, help="frames to time (60 per second of play)")
    parser.add_argument("--starts", type=int, default=5, help="start-ups to time")
    parser.add_argument("--host-tables", type=int, default=0,
                        help="host a server where this many tables of bots play meanwhile")
    args = parser.parse_args()
    for name, samples in frame_times(args.frames, args.host_tables).items():
        print(f"{name:20s} {summary(samples)}")
    starts = [first_frame_time() for _ in range(args.starts)]
    print(f"{'start to first frame':20s} median {statistics.median(starts):.2f} s  max {max(starts):.2f} s "
          f"({len(starts)} starts)")


if __name__ == "__main__":
    main()
