"""How long the frame loop is held when the game saves a file: ``python -m scenes.tools.bench_saves
[--changes N]``.

Changes a setting N times (each change saves the settings file), each followed by a frame, and
times the two together: first on a quiet disk, then while another process keeps the disk busy
(it writes and syncs a large file over and over, as a download or a backup would). Every save
syncs its file to the disk, and on a busy disk a sync waits its turn: the game hands its writes
to a thread of their own so that the frame does not wait (:mod:`game.records.writer`).
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

from scenes.app import App, AppConfig  # noqa: E402

FRAME = 1 / 60
DISK_LOAD = """
import os, sys
block = b"x" * (1 << 20)
while True:
    with open(sys.argv[1], "wb") as stream:
        for _ in range(256):
            stream.write(block)
        stream.flush()
        os.fsync(stream.fileno())
"""
"""Another program busy with the disk: 256 MB written and synced, again and again."""


def changes_timed(count: int) -> str:
    folder = Path(tempfile.mkdtemp())
    app = App(AppConfig(windowed=True, settings_path=folder / "settings.json", saved_game=folder / "g.json",
                        save_dir=folder, statistics_path=folder / "statistics.json"))
    app.step(FRAME)
    spent = []
    for _ in range(count):
        start = time.perf_counter()
        app.change_settings(sound=not app.settings.sound)
        app.step(FRAME)
        spent.append((time.perf_counter() - start) * 1000)
        time.sleep(0.05)
    app.close()
    spent.sort()
    return (f"median {statistics.median(spent):6.1f} ms  p90 {spent[int(len(spent) * 0.9)]:6.1f} ms  "
            f"max {spent[-1]:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=40, help="settings changed in each part (default 40)")
    count = parser.parse_args().changes
    print(f"{'quiet disk':18s} {changes_timed(count)}")
    with tempfile.TemporaryDirectory() as folder:
        load = subprocess.Popen([sys.executable, "-c", DISK_LOAD, str(Path(folder) / "load.bin")])
        try:
            time.sleep(2.0)  # the load gets going
            print(f"{'busy disk':18s} {changes_timed(count)}")
        finally:
            load.kill()
            load.wait()


if __name__ == "__main__":
    main()
