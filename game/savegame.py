"""Saving a game in progress to a file and restoring it (the title's Continue).

The file is JSON (see :meth:`game.game.Game.to_json`), written to a temporary
file and renamed over the old one, so a crash while saving never leaves half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from game.game import Game


class SavedGameError(ValueError):
    """A saved game that cannot be read; the message says why, for the player."""


def save_game(game: Game, path: os.PathLike | str) -> None:
    """Write `game` to `path` atomically."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=target.name, suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(game.to_json(), stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_game(path: os.PathLike | str) -> Game:
    """The game saved at `path`; SavedGameError if it is missing or damaged."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SavedGameError(f"No saved game at {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SavedGameError(f"The saved game {path} cannot be read ({error})") from None
    try:
        return Game.from_json(data)
    except ValueError as error:
        raise SavedGameError(f"The saved game {path} is damaged: {error}") from None
