"""The screenshot takers answer ``--help`` with their usage and write nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("tool", ["screenshots", "online_shot", "coach_shot"])
def test_a_screenshot_tool_shows_its_usage_for_help_and_writes_nothing(tool: str, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", f"scenes.tools.{tool}", "--help"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"usage: python -m scenes.tools.{tool}" in done.stdout
    assert list(tmp_path.iterdir()) == []
