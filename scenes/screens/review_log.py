"""Review Hands' reading of a `Spades.save` log: the rows of the list, read a few blocks at a
time (:class:`LogLister`), and an opened hand played again through the engine with the
position after every card (:class:`HandReplay`). Nothing here draws."""

from __future__ import annotations

import dataclasses
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.bids import Bid
from game.cards import Card
from game.hand import Hand, RuleError
from game.records.handlog import BlockPlace, DamagedBlock, LoggedHand, LogScan, ReplayError, replay
from game.scoring import HandScore
from game.seats import SEATS
from game.text_safety import safe_text
from game.view import seat_view

LISTED_LENGTH = 80
"""The most characters kept of a text from the log for the list (more than a line of it shows)."""
NAME_CHARS = 24
"""The most characters of a player's name from the log shown anywhere."""


@dataclass(frozen=True)
class Position:
    """The table after `played` cards of a hand: what every seat holds, the trick on the table
    (complete, with its `winner`, right after its fourth card), tricks taken, and who plays next."""

    played: int
    holdings: dict[str, tuple[Card, ...]]
    trick: tuple[tuple[str, Card], ...]
    winner: str | None
    taken: dict[str, int]
    to_act: str | None
    spades_broken: bool
    last: tuple[str, Card] | None
    """The card played last, by whom (None before the first card)."""


class HandReplay:
    """A logged hand played again through the engine, with the position after every card.

    The bids and any exchange are replayed with :func:`game.records.handlog.replay` (on the hand
    without its tricks), then the logged cards are played one by one. Each seat's view
    before each of its bids and plays is kept: South's for asking Expert, the others' for why
    they bid and played as they did. ReplayError if the engine refuses the log.
    """

    def __init__(self, logged: LoggedHand) -> None:
        self.logged = logged
        self.bid_views: dict[str, dict[str, Any]] = {}
        """Each seat's view just before it made its bid (for why it bid that)."""
        self.final: Hand = replay(logged, lambda hand, record: self.bid_views.update(
            {record.seat: seat_view(hand, record.seat)}))
        hand = replay(dataclasses.replace(logged, tricks=()))
        self.positions: list[Position] = [self._position(hand, 0, None)]
        self.views: dict[int, dict[str, Any]] = {}
        """The seat view of the player of each card before playing it, by the number of cards
        played once it is made."""
        played = 0
        for trick in logged.tricks:
            for seat, card in trick.plays:
                self.views[played + 1] = seat_view(hand, seat)
                try:
                    hand.play(seat, card)
                except RuleError as error:  # replay() accepted it, so this cannot happen
                    raise ReplayError(f"{seat} playing {card}: {error}") from None
                played += 1
                self.positions.append(self._position(hand, played, (seat, card)))
        self.score: HandScore | None = self.final.score
        self.south_views = {step: view for step, view in self.views.items() if view["seat"] == "S"}
        """South's seat view before a play, by the number of cards played once it is made."""

    @staticmethod
    def _position(hand: Hand, played: int, last: tuple[str, Card] | None) -> Position:
        if hand.trick or not hand.tricks or played == 0:
            trick, winner = tuple(hand.trick), None
        else:
            trick, winner = tuple(hand.tricks[-1].plays), hand.tricks[-1].winner
        return Position(played, {s: tuple(hand.holding(s)) for s in SEATS}, trick, winner, dict(hand.taken),
                        hand.to_act, hand.spades_broken, last)

    @property
    def last_step(self) -> int:
        return len(self.positions) - 1


def short_game(game_id: str) -> str:
    """The game id in a few characters: ``2026-11-21T20:44:00-7f3a`` -> ``11-21 20:44``.

    >>> short_game("2026-11-21T20:44:00-7f3a"), short_game("tournament-final-7")
    ('11-21 20:44', 'tournament-')
    """
    moment = re.match(r"\d{4}-(\d\d-\d\d)T(\d\d:\d\d)", game_id)
    return f"{moment.group(1)} {moment.group(2)}" if moment else game_id[:11]


def bid_words(bid: Bid, short: bool = False) -> str:
    """``4``, ``nil``, ``blind nil`` / ``bnil``, ``blind 6`` / ``b6``."""
    if not bid.blind:
        return "nil" if bid.is_nil else str(bid.tricks)
    if short:
        return str(bid)
    return "blind nil" if bid.is_nil else f"blind {bid.tricks}"


def player_name(logged: LoggedHand, seat: str) -> str:
    """A player's name as the log wrote it (``_`` for spaces), shortened: a log can hold a name of any length."""
    return safe_text(logged.players.get(seat, seat).replace("_", " "), NAME_CHARS)


@dataclass(frozen=True, slots=True)
class Listed:
    """What the list shows of a readable hand, in its row and under the list. The hand itself
    is read again from the file when it is opened, so a long log takes little memory; the
    texts, which come from the file, are made safe to draw."""

    game_id: str
    number: int
    variant: str
    dealer_name: str
    bids: tuple[str, ...]
    """Each seat's final bid, short (``4``, ``nil``, ``b6``), in the order S W N E (``-`` if none)."""
    result: str
    score: str
    total: str

    @classmethod
    def of(cls, logged: LoggedHand, shared: dict[object, object] | None = None) -> Listed:
        """The listed form of `logged`. The game id, variant, dealer's name and bids are kept once
        in `shared` for all the hands that have them alike (a game's hands share most of them)."""
        shared = {} if shared is None else shared

        def kept(value: object) -> Any:
            return shared.setdefault(value, value)

        finals = {record.seat: bid_words(record.final, short=True) for record in logged.bids}
        return cls(kept(safe_text(logged.game_id, LISTED_LENGTH)), logged.number,
                   kept(safe_text(logged.variant, LISTED_LENGTH)), kept(player_name(logged, logged.dealer)),
                   kept(tuple(finals.get(seat, "-") for seat in SEATS)), safe_text(logged.result, LISTED_LENGTH),
                   safe_text(logged.score, LISTED_LENGTH), safe_text(logged.total, LISTED_LENGTH))


@dataclass(slots=True)
class Row:
    """One line of the list: a readable hand (`hand`), or a damaged block (`damage`), and where
    it is in the file. `problem` marks a hand that could not be opened (the engine refused it)."""

    place: BlockPlace
    hand: Listed | None = None
    damage: DamagedBlock | None = None
    problem: str = ""

    @property
    def openable(self) -> bool:
        return self.hand is not None and not self.problem


class LogLister:
    """Lists the log at `path` a few blocks at a time, so that a long log never holds up the
    frames: :meth:`read` reads for about the time it is given and returns the new rows.
    OSError from the constructor if the file cannot be opened."""

    def __init__(self, path: Path) -> None:
        self._stream = open(path, "rb")  # kept open from frame to frame; close() closes it
        self.size = os.fstat(self._stream.fileno()).st_size
        """The file's size when it was opened, in bytes."""
        self._scan = LogScan(self._stream)
        self._shared: dict[object, object] = {}
        self.done = False
        self.error = ""
        """Why reading stopped before the end of the file, if it did."""

    @property
    def lines(self) -> int:
        """Lines read so far."""
        return self._scan.lines

    @property
    def progress(self) -> float:
        """The part of the file read so far, from 0 to 1."""
        return min(1.0, self._scan.position / self.size) if self.size else 1.0

    def read(self, seconds: float) -> list[Row]:
        """The rows of the blocks read in about `seconds` (none, if a long stretch of the file
        holds no block: blank lines, comments)."""
        rows: list[Row] = []
        deadline = time.perf_counter() + seconds
        try:
            while True:
                step = self._scan.step()
                if step is not None:
                    place, found = step
                    rows.append(Row(place, damage=found) if isinstance(found, DamagedBlock)
                                else Row(place, hand=Listed.of(found, self._shared)))
                if time.perf_counter() >= deadline:
                    return rows
        except StopIteration:
            pass
        except OSError as error:
            self.error = safe_text(error.strerror or error)
        self.close()
        return rows

    def close(self) -> None:
        self.done = True
        self._stream.close()


__all__ = ["LISTED_LENGTH", "NAME_CHARS", "HandReplay", "Listed", "LogLister", "Position", "Row", "bid_words",
           "player_name", "short_game"]
