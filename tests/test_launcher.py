"""main.py as a double-clicked launcher: runs from any folder, explains a missing pygame-ce, is safe to re-import."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

MAIN = Path(__file__).resolve().parent.parent / "main.py"
REQUIREMENTS = MAIN.parent / "requirements.txt"


def fake_packages(folder: Path, modules: dict[str, str]) -> Path:
    """A folder of stand-in packages (name -> the code of its __init__.py) to put before the real ones."""
    for name, code in modules.items():
        package = folder / name
        package.mkdir(parents=True)
        (package / "__init__.py").write_text(code, encoding="utf-8")
    return folder


def run_python(arguments: list[str], packages: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(packages))
    return subprocess.run([sys.executable, *arguments], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)


def test_missing_pygame_explains_how_to_install_and_exits_with_1(tmp_path):
    packages = fake_packages(tmp_path / "fake", {"pygame": "raise ImportError(\"No module named 'pygame'\")"})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run_python([str(MAIN), "--windowed"], packages, cwd=elsewhere)
    output = result.stdout + result.stderr
    assert result.returncode == 1
    assert "pygame-ce" in output
    assert "-m pip install -r" in output
    assert str(REQUIREMENTS) in output
    assert "Traceback" not in output


def test_plain_pygame_in_the_way_of_pygame_gui_is_named_with_the_fix(tmp_path):
    packages = fake_packages(tmp_path / "fake", {
        "pygame": "",
        "pygame_gui": "raise ImportError(\"cannot import name 'DIRECTION_LTR' from 'pygame'\")",
    })
    result = run_python([str(MAIN)], packages, cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1
    assert "DIRECTION_LTR" in output
    assert "uninstall pygame" in output
    assert str(REQUIREMENTS) in output


def test_importing_main_again_as_the_worker_process_does_starts_nothing(tmp_path):
    packages = fake_packages(tmp_path / "fake", {"pygame": "raise ImportError('pygame must not be imported')"})
    code = f"import runpy; runpy.run_path({str(MAIN)!r}, run_name='__mp_main__'); print('imported quietly')"
    result = run_python(["-c", code], packages, cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == "imported quietly"
    assert result.stderr == ""


def test_main_can_be_run_directly_by_the_system():
    assert MAIN.read_text(encoding="utf-8").startswith("#!/usr/bin/env python3\n")
    assert MAIN.stat().st_mode & stat.S_IXUSR
