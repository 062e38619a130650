"""The command ``python -m game.analyse Spades.save``: the perfect-play analysis of every hand in
a log, printed (``--help`` for its options).

A command, not an engine module: it only hands over to :func:`game.players.analyse.main`
(which ``python -m game.players.analyse`` runs too), and it imports the players only when it
runs, so importing anything of ``game`` never pulls in the computer players (as
``game/__main__.py``, the other command here, is only run, never imported).
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the analysis command with `argv` (default: the command line); its exit status."""
    from game.players.analyse import main as analyse

    return analyse(argv)


if __name__ == "__main__":
    sys.exit(main())
