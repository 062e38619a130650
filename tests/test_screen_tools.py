"""The screenshot takers answer ``--help`` with their usage and write nothing; the coach's shot
still reaches its position."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
"""The tools run headless, importing the project from this checkout."""


@pytest.mark.parametrize("tool", ["screenshots", "online_shot", "coach_shot"])
def test_a_screenshot_tool_shows_its_usage_for_help_and_writes_nothing(tool: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", f"scenes.tools.{tool}", "--help"], cwd=tmp_path, env=ENV,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"usage: python -m scenes.tools.{tool}" in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_the_coach_shot_reaches_the_known_blunder_and_saves_the_question(tmp_path: Path) -> None:
    """The coach's screenshot plays to the position of ``tests/test_coach.py``; when the players'
    choices change and the position no longer comes, the tool says so and this test fails."""
    out = tmp_path / "coach.png"
    done = subprocess.run([sys.executable, "-m", "scenes.tools.coach_shot", str(out)], cwd=tmp_path, env=ENV,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert out.stat().st_size > 0


def test_the_frame_benchmark_times_a_short_game_and_a_start_while_hosting_bots(tmp_path: Path) -> None:
    """``bench_frames`` still runs with the screens as they are (a rename once broke it unseen)."""
    done = subprocess.run([sys.executable, "-m", "scenes.tools.bench_frames", "--frames", "240", "--starts", "1",
                           "--host-tables", "1"], cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    for line in ("all ", "thinking ", "start to first frame", "actions per second", "errors               0"):
        assert line in done.stdout, done.stdout


def test_the_screenshots_tool_reaches_every_screen_of_its_game_and_every_presets_bidding(tmp_path: Path) -> None:
    """The docs' screenshots come from one scripted game; a screen that starts to wait for
    something the script does not do (a click) would silently drop the shots after it."""
    done = subprocess.run([sys.executable, "-m", "scenes.tools.screenshots", str(tmp_path)], cwd=tmp_path, env=ENV,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    from game.rules import PRESETS

    names = {path.stem for path in tmp_path.glob("*.png")}
    wanted = {"title", "dealer_draw", "deal", "bidding", "bids_in", "play", "menu", "last_trick", "trick", "hands",
              "score", "game_over", "review_hand", *(f"bidding_{preset}" for preset in PRESETS)}
    assert wanted <= names, f"not reached: {sorted(wanted - names)}"
