"""Whether the requirements install from ready-made wheels on every platform and Python the game
supports: ``python -m docs.tools.wheels [--pythons 3.10 3.11 ...]``.

For each platform and Python version it picks the pins of ``requirements.txt`` and
``requirements-dev.txt`` that apply to that version (their environment markers, evaluated here
for the version asked about, since pip evaluates them for the Python running it) and asks pip
to resolve them from wheels alone (``pip install --dry-run --only-binary=:all: --platform …``).
Nothing is installed. A package with no wheel for a platform would have to be compiled there,
which fails on a machine without a compiler (most Windows and macOS machines). It needs the
package index, and `packaging` (installed with pytest).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent.parent
REQUIREMENTS = ("requirements.txt", "requirements-dev.txt")
PYTHONS = ("3.10", "3.11", "3.12", "3.13", "3.14")
# pip takes the platform tags literally: list the older Linux tags a newer glibc also runs.
PLATFORMS = {
    "Windows x64": ["win_amd64"],
    "macOS Apple silicon": ["macosx_14_0_arm64"],
    "macOS Intel": ["macosx_12_0_x86_64"],
    "Linux x86-64": ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64"],
    "Linux ARM64": ["manylinux_2_28_aarch64", "manylinux_2_17_aarch64", "manylinux2014_aarch64"],
}


def pins_for(python: str, lines: list[str]) -> list[str]:
    """The requirement lines that apply to Python `python` ("3.10"), markers dropped."""
    pins = []
    for line in lines:
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate({"python_version": python}):
            pins.append(f"{requirement.name}{requirement.specifier}")
    return pins


def resolve(python: str, tags: list[str], pins: list[str]) -> str:
    """"ok", or pip's first error line, for installing `pins` from wheels for `python` on `tags`."""
    platforms = [part for tag in tags for part in ("--platform", tag)]
    with tempfile.TemporaryDirectory() as target:
        done = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed",
             "--only-binary=:all:", *platforms, "--python-version", python, "--target", target, *pins],
            capture_output=True, text=True)
    if done.returncode == 0:
        return "ok"
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR: No matching")]
    return errors[0].removeprefix("ERROR: ") if errors else done.stderr.strip().splitlines()[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pythons", nargs="+", default=list(PYTHONS), help="the Python versions to check")
    args = parser.parse_args(argv)
    lines = [line for name in REQUIREMENTS for line in (ROOT / name).read_text(encoding="utf-8").splitlines()]
    failed = 0
    print("| platform | " + " | ".join(f"Python {python}" for python in args.pythons) + " |")
    print("|---|" + "---|" * len(args.pythons))
    for platform, tags in PLATFORMS.items():
        answers = [resolve(python, tags, pins_for(python, lines)) for python in args.pythons]
        failed += sum(answer != "ok" for answer in answers)
        print(f"| {platform} | " + " | ".join(answers) + " |", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
