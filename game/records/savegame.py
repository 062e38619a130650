"""Saving a game in progress to a file and restoring it (the title's Continue).

The file is JSON (see :meth:`game.game.Game.to_json`), written atomically
(:func:`game.records.atomic.write_atomic`). Reading it never fails in any other way than
:class:`SavedGameError`, whatever the file holds; :func:`check_saved_game` says
whether there is a game to continue, and why not, and :func:`set_aside` keeps a
damaged file under another name for the player to look at.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from game.game import SAVE_FORMAT, SAVE_VERSION, Game
from game.records.atomic import read_small_text, set_aside, write_atomic
from game.text_safety import safe_text

MAX_SAVED_GAME_BYTES = 8_000_000
"""The largest saved game read: about 10,000 hands (a hand takes about 800 bytes)."""


class SavedGameError(ValueError):
    """A saved game that cannot be continued; the message says why, for the player.

    `state` is ``missing``, ``damaged`` or ``newer`` (saved by a newer version of the
    game: it is kept as it is for that version)."""

    def __init__(self, message: str, state: str = "damaged") -> None:
        super().__init__(message)
        self.state = state


@dataclass(frozen=True)
class SavedGameStatus:
    """Whether the saved game at a path can be continued: `state` is ``ok``, ``missing``,
    ``damaged`` or ``newer``; `message` says why not, for the player (empty when ok)."""

    state: str
    message: str = ""

    @property
    def loads(self) -> bool:
        return self.state == "ok"


def save_game(game: Game, path: os.PathLike | str) -> None:
    """Write `game` to `path` atomically; OSError if it cannot be written."""
    write_atomic(path, json.dumps(game.to_json()))


def load_game(path: os.PathLike | str) -> Game:
    """The game saved at `path`; SavedGameError if it is missing, damaged or from a newer version.

    Left-over temporary files of an earlier cut-off save are removed first."""
    try:
        text = read_small_text(path, MAX_SAVED_GAME_BYTES)
    except FileNotFoundError:
        raise SavedGameError(f"No saved game at {path}", "missing") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SavedGameError(f"The saved game {path} cannot be read ({_reason(error)})") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, a number too long, nesting too deep
        raise SavedGameError(f"The saved game {path} is damaged ({_reason(error)})") from None
    version = data.get("version") if isinstance(data, dict) and data.get("format") == SAVE_FORMAT else None
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        raise SavedGameError(f"The saved game {path} was saved by a newer version of Spades (its version "
                             f"{version}; this one reads {SAVE_VERSION}); it is kept as it is.", "newer")
    try:
        return Game.from_json(data)
    except Exception as error:  # any failure to rebuild the game means a damaged file
        raise SavedGameError(f"The saved game {path} is damaged ({_reason(error)})") from None


def check_saved_game(path: os.PathLike | str) -> SavedGameStatus:
    """Whether the game saved at `path` can be continued, found by loading it (the file is left where it is)."""
    try:
        load_game(path)
    except SavedGameError as error:
        return SavedGameStatus(error.state, str(error))
    return SavedGameStatus("ok")


def _reason(error: BaseException) -> str:
    first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
    return safe_text(first_line, 160)


__all__ = ["MAX_SAVED_GAME_BYTES", "SavedGameError", "SavedGameStatus", "check_saved_game", "load_game",
           "save_game", "set_aside"]
