#!/usr/bin/env python3
"""Spades: start the game (double-click this file, or run ``python main.py --help``).

Only the standard library is imported up here, so that a missing pygame-ce gives a
message saying how to install it instead of a traceback. The game itself is
started only under ``if __name__ == "__main__"``: the computer players' worker
process imports this file again and must not start a second game.
"""

import os
import sys

HERE = os.path.dirname(os.path.realpath(__file__))
"""The game's folder, whatever the current folder is (the game finds its code and assets here)."""
REQUIREMENTS = os.path.join(HERE, "requirements.txt")
MINIMUM_PYTHON = (3, 10)

if HERE not in sys.path:
    sys.path.insert(0, HERE)


def _install_command() -> str:
    """The pip command for this very Python, so the packages land where the game looks."""
    python = sys.executable or "python"
    if sys.platform == "win32" and os.path.basename(python).lower() == "pythonw.exe":
        python = os.path.join(os.path.dirname(python), "python.exe")
    quote = '"' if " " in python or " " in REQUIREMENTS else ""
    return f'{quote}{python}{quote} -m pip install -r "{REQUIREMENTS}"'


def _missing_packages_message(error: Exception) -> str:
    lines = [
        "Spades cannot start: it needs the packages pygame-ce and pygame_gui, and this Python",
        f"({sys.executable}, version {sys.version.split()[0]}) cannot load them:",
        f"    {error}",
        "",
        "To install them, type this in a terminal (on Windows: the Command Prompt) and press Enter:",
        "",
        f"    {_install_command()}",
        "",
        "Then start Spades again.",
    ]
    pygame = sys.modules.get("pygame")
    if pygame is not None and not getattr(pygame, "IS_CE", False):
        lines[-1:-1] = [
            "The plain 'pygame' package is installed; it takes the place of pygame-ce and breaks",
            "pygame_gui. Remove it first with:  python -m pip uninstall pygame pygame-ce",
            "",
        ]
    return "\n".join(lines)


def _old_python_message() -> str:
    wanted = ".".join(str(part) for part in MINIMUM_PYTHON)
    return (f"Spades needs Python {wanted} or newer; this is Python {sys.version.split()[0]} "
            f"({sys.executable}).\nInstall a newer Python from https://www.python.org/ and start Spades with it.")


def _tell(message: str) -> None:
    """Show `message` where the player can read it, and on Windows keep the console
    window open until Enter (a double-clicked script's window closes when it ends)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)
        if sys.platform == "win32" and sys.stdin is not None and sys.stdin.isatty():
            try:
                input("\nPress Enter to close this window.")
            except (EOFError, KeyboardInterrupt):
                pass
        return
    # Started without a console (pythonw, a desktop shortcut): try a message box.
    try:
        import tkinter
        from tkinter import messagebox

        root = tkinter.Tk()
        root.withdraw()
        messagebox.showerror("Spades", message)
        root.destroy()
    except Exception:  # no display, no Tk: nowhere left to tell
        pass


def main() -> int:
    """Check what the game needs, then run it; the exit status (1 if it cannot start)."""
    if sys.version_info < MINIMUM_PYTHON:
        _tell(_old_python_message())
        return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401 - only checking that it loads
        import pygame_gui  # noqa: F401
    except (ImportError, AttributeError) as error:  # plain pygame breaks pygame_gui either way
        _tell(_missing_packages_message(error))
        return 1
    from scenes.app import main as run_app

    return run_app(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
