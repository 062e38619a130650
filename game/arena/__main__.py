"""``python -m game.arena``: see :mod:`game.arena.command`."""

from game.arena.command import run

run()
