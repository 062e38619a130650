"""The game being played on screen: the engine's Game, its unseen events, the hand log.

Scenes take events from :attr:`GameSession.pending` one at a time and animate them,
so what the table shows may trail the engine by a few moments; decisions are only
asked for once every event has been shown.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

from game.events import Event
from game.game import Game
from game.records.handlog import HandLogWriter, LoggedHand
from game.records.savegame import load_game, save_game
from game.records.writer import FileWriter
from scenes.settings import Settings


class GameSession:
    """One game on screen, with the queue of events the table has yet to show."""

    def __init__(self, game: Game, pending: deque[Event], log_path: Path, save_hand: bool,
                 files: FileWriter | None = None) -> None:
        self.game = game
        self.pending = pending
        self.log = HandLogWriter.attach(game, log_path, enabled=save_hand, files=files)

    @classmethod
    def new(cls, settings: Settings, log_path: Path, seed: int | None = None,
            replaying: LoggedHand | None = None, files: FileWriter | None = None) -> GameSession:
        """A new game of the settings' variant; or, `replaying` a logged hand, a game that starts
        from that hand's deal, under its rules and at its scores (ValueError if they cannot be played)."""
        pending: deque[Event] = deque()
        if replaying is None:
            chosen = settings.game_variant()
            rules, variant, start = chosen.rules, chosen.name, None
        else:
            rules, start = replaying.rules, replaying.starting_deal()
            variant = replaying.variant[:40].strip() or "Custom"  # what a saved game may hold
        game = Game(rules, seed=seed, variant=variant, names=settings.names_by_seat(), listeners=[pending.append],
                    start=start)
        return cls(game, pending, log_path, settings.save_hand, files)

    @classmethod
    def restore(cls, path: Path, log_path: Path, save_hand: bool, files: FileWriter | None = None) -> GameSession:
        """The saved game at `path`; SavedGameError (with a plain reason) if it cannot be read."""
        game = load_game(path)
        pending: deque[Event] = deque()
        game.subscribe(pending.append)
        return cls(game, pending, log_path, save_hand, files)

    def save(self, path: Path) -> None:
        """Keep the game to continue later; a finished game leaves nothing to continue."""
        if self.game.over:
            path.unlink(missing_ok=True)
        else:
            save_game(self.game, path)
