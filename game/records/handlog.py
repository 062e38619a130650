"""The hand log `Spades.save`: one text block per finished hand, written and read back.

The format is in ``docs/hand-log.md``. :class:`LoggedHand` is one block as data;
:func:`format_block` prints it, :class:`HandLogWriter` appends blocks to a file
(fed by a :class:`game.game.Game`'s events), :func:`read_log` reads a file back
(:func:`parse_log` a text), reporting damaged blocks instead of failing (:class:`LogScan` does it a block at a
time, for logs of any size, and :func:`read_block` reads one block again), and
:func:`replay` plays a logged hand through the engine again.

>>> from game.rules import PRESETS
>>> from game.cards import CARDS
>>> hand = Hand(PRESETS["mirrors"].rules, "E", CARDS[:52])
>>> while hand.phase != "done":
...     hand.play(hand.to_act, hand.legal_plays()[0])
>>> logged = LoggedHand.from_hand(hand, "g1", "Mirrors", {"S": "Ann Lee"})
>>> print(format_block(logged).splitlines()[5])
[Players "S:Ann_Lee W:W N:N E:E"]
>>> parse_log(format_block(logged)).hands == [logged]
True
"""

from __future__ import annotations

import errno
import functools
import io
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from game.bids import Bid
from game.cards import CARDS, DECKS, Card, format_hand, mask_of, parse_hand
from game.events import CardsExchanged, Event, HandScored
from game.game import Game, StartingDeal
from game.hand import BidRecord, Hand, RuleError, Trick
from game.legality import trick_winner_index
from game.records.writer import FileWriter
from game.rules import Rules
from game.scoring import Standing, score_hand
from game.seats import SEATS, next_seat, partner, seats_from, sides
from game.text_safety import safe_text

DEAL_FIRST_SEAT = "S"
"""The seat a written `Deal` tag starts from. The format allows any first seat (the
reader accepts all four); the writer always starts from South, as the format's
example does, so a deal reads the same whoever dealt."""

COLUMN_WIDTH = 5
"""Characters per card column of a trick line (the number and the leader take one column)."""
TRICK_HEADER = "%".ljust(COLUMN_WIDTH) + "".join(f"{seat:>{COLUMN_WIDTH}}" for seat in SEATS)
"""The comment over the trick lines naming the card columns, which are by seat, not in play order."""
MAX_LINE_BYTES = 10_000
"""The longest line read whole (a `Rules` line takes under 500 bytes): a longer one damages its block."""
REASON_LENGTH = 160
"""The longest reason a damaged block is given (it may quote the file)."""
MAX_BLOCK_LINES = 200
"""The most lines a block is read with (a hand takes about 30, comments apart): a longer one is damaged,
and its lines past this are not kept."""
PAUSE_LINES = 4096
"""Lines read with no block found, after which :meth:`LogScan.step` gives a reader with a clock a turn."""
_READ_CHUNK = 1 << 16
_LINE_END = re.compile(rb"\r\n|\r|\n")
_BOM = b"\xef\xbb\xbf"

_NAME_FORBIDDEN = set("\"'[]")
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"(.*)"\]')
_NUMBER = "[0-9]{1,9}"
"""A number the log writes: no score, count or hand number has more digits."""
_SCORE_ENTRY = re.compile(rf"([A-Z]{{1,2}}):([+-]{_NUMBER})")
_TOTAL_ENTRY = re.compile(rf"([A-Z]{{1,2}}):(-?{_NUMBER})/bags({_NUMBER})")
_REQUIRED_TAGS = ("Game", "Hand", "Variant", "Rules", "Players", "Dealer", "Deal", "Bids", "Play",
                  "Tricks", "Result", "Score", "Total")


def sanitize_name(name: str, seat: str) -> str:
    """A player name as the `Players` tag writes it: spaces, quotes, brackets and
    other unprintable characters become ``_``; an empty name becomes the seat letter.

    >>> sanitize_name('Big "Al" [bot]', "W"), sanitize_name("", "N")
    ('Big__Al___bot_', 'N')
    """
    clean = "".join("_" if c.isspace() or not c.isprintable() or c in _NAME_FORBIDDEN else c for c in name)
    return clean or seat


def _clean_value(text: str) -> str:
    """A tag value on one line: line breaks and other control characters become spaces."""
    return "".join(c if c.isprintable() else " " for c in text)


@dataclass(frozen=True)
class LoggedHand:
    """One finished hand as the log records it.

    `deal` holds each seat's 13 cards before any exchange, in the order the `Deal`
    tag writes them; `bids` are in bidding order with any Suicide override in
    ``changed_to``; `tricks` list each trick's plays in play order. `result`,
    `score` and `total` are the texts of the `Result`, `Score` and `Total` tags
    (see :class:`game.scoring.HandScore`). Player names are stored as written
    (:func:`sanitize_name`), so a hand read back equals the hand written.
    """

    game_id: str
    number: int
    variant: str
    rules: Rules
    players: dict[str, str]
    dealer: str
    deal: dict[str, tuple[Card, ...]]
    bids: tuple[BidRecord, ...]
    exchanges: tuple[CardsExchanged, ...]
    first_leader: str
    tricks: tuple[Trick, ...]
    taken: dict[str, int]
    result: str
    score: str
    total: str

    @classmethod
    def from_hand(cls, hand: Hand, game_id: str, variant: str, players: Mapping[str, str]) -> LoggedHand:
        """The log record of a finished `hand` (phase ``done``) of game `game_id`.

        `players` maps seats to names; a seat missing from it is named by its letter."""
        if hand.phase != "done" or hand.score is None:
            raise ValueError(f"only a finished hand is logged; this one is in its {hand.phase} phase")
        return cls(
            game_id=_clean_value(game_id),
            number=hand.number,
            variant=_clean_value(variant),
            rules=hand.rules,
            players={s: sanitize_name(players.get(s, ""), s) for s in SEATS},
            dealer=hand.dealer,
            deal={s: _printed_order(hand.dealt[s]) for s in SEATS},
            bids=tuple(hand.bid_history),
            exchanges=tuple(hand.exchanges),
            first_leader=hand.tricks[0].leader,
            tricks=tuple(hand.tricks),
            taken=dict(hand.taken),
            result=hand.score.result_text,
            score=hand.score.score_text,
            total=hand.score.total_text,
        )

    @property
    def points_scored(self) -> dict[str, int]:
        """This hand's points per side, from the `Score` tag."""
        return {side: int(points) for side, points in _SCORE_ENTRY.findall(self.score)}

    @property
    def standings_after(self) -> dict[str, Standing]:
        """Each side's running score and bags after the hand, from the `Total` tag."""
        return {side: Standing(int(points), int(bags)) for side, points, bags in _TOTAL_ENTRY.findall(self.total)}

    def starting_deal(self) -> StartingDeal:
        """This hand's deal, number and scores before it, and what each side scored with it: for a
        game that plays the hand again."""
        return StartingDeal(self.number, self.dealer, self.deal, self.standings_before(), self.points_scored)

    def replay_problem(self) -> str | None:
        """Why this hand cannot start a game (a hand number or score past what a game holds,
        written by hand into the log, say), or None when it can be played again."""
        try:
            StartingDeal.from_json(self.starting_deal().to_json(), self.rules)
        except ValueError as error:
            return safe_text(error, 160)
        return None

    def standings_before(self) -> dict[str, Standing]:
        """Each side's score and bags before the hand: `Total` minus `Score`.

        The bags before are not written; they follow from the bags this hand added
        (scored again from the logged bids and tricks) and the bag limit."""
        after = self.standings_after
        scored = self.points_scored
        bids = {record.seat: record.final for record in self.bids}
        zero = {side: Standing(after[side].points - scored[side], 0) for side in after}
        fresh = score_hand(self.rules, bids, self.taken, [t.winner for t in self.tricks], zero)
        limit = self.rules.bag_limit
        before = {}
        for side, standing in zero.items():
            bags = after[side].bags - fresh.sides[side].bags_taken
            before[side] = Standing(standing.points, bags % limit if limit else bags)
        return before


_PRINTED_POSITION = {card: position for position, card in enumerate(parse_hand(format_hand(CARDS)))}


def _printed_order(cards_: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the order the `Deal` notation writes them (jokers, then S H D C, A to 2)."""
    return tuple(sorted(cards_, key=_PRINTED_POSITION.__getitem__))


# ---------------------------------------------------------------------------
# Writing


def undo_note(takebacks: int) -> list[str]:
    """The comment closing the block of a hand in which bids or cards were taken back (none if none).

    >>> undo_note(2), undo_note(0)
    (['% Undo: 2 take-backs in this hand'], [])
    """
    return [f"% Undo: {takebacks} take-back{'' if takebacks == 1 else 's'} in this hand"] if takebacks else []


def format_block(logged: LoggedHand, comments: Sequence[str] = ()) -> str:
    """The block of ``docs/hand-log.md`` for one hand, ending with its blank line; `comments`
    (``%`` lines, such as :func:`undo_note`'s) close it."""
    deal_seats = seats_from(DEAL_FIRST_SEAT)
    lines = [
        f"% Spades hand {logged.number} -- game {logged.game_id}",
        _tag("Game", logged.game_id),
        _tag("Hand", str(logged.number)),
        _tag("Variant", logged.variant),
        _tag("Rules", logged.rules.to_line()),
        _tag("Players", " ".join(f"{s}:{sanitize_name(logged.players.get(s, ''), s)}" for s in SEATS)),
        _tag("Dealer", logged.dealer),
        _tag("Deal", f"{DEAL_FIRST_SEAT}:" + " ".join(format_hand(logged.deal[s]) for s in deal_seats)),
        _tag("Bids", " ".join(_bid_entry(record) for record in logged.bids)),
    ]
    if logged.exchanges:
        lines.append(_tag("Exchange", " ".join(
            " ".join([f"{e.giver}>{e.receiver}", *(str(c) for c in e.cards)]) for e in logged.exchanges)))
    lines += [_tag("Play", logged.first_leader), TRICK_HEADER]
    for number, trick in enumerate(logged.tricks, start=1):
        columns = "".join(f"{('*' if seat == trick.winner else '') + str(trick.card_of(seat)):>{COLUMN_WIDTH}}"
                          for seat in SEATS)
        lines.append(f"{number:>2}  {trick.leader}{columns}")
    lines += [
        _tag("Tricks", " ".join(f"{s}:{logged.taken[s]}" for s in SEATS)),
        _tag("Result", logged.result),
        _tag("Score", logged.score),
        _tag("Total", logged.total),
        *comments,
    ]
    return "\n".join(lines) + "\n\n"


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_clean_value(value)}"]'


def _bid_entry(record: BidRecord) -> str:
    entry = f"{record.seat}:{record.bid}"
    return f"{entry}>{record.changed_to}" if record.changed_to is not None else entry


def append_hand(path: str | os.PathLike[str], logged: LoggedHand, comments: Sequence[str] = ()) -> None:
    """Append one hand's block to the log at `path`, creating the file if missing.

    The block goes out in one write, then is flushed and synced, and the file is
    only ever appended to, so a crash can cut off at most this block. If the file
    does not end with a line break (an earlier write was cut off), one is added
    first so the new block starts on a line of its own.

    A `path` that is a symbolic link is refused (OSError saying so): the log is only
    ever appended to, and a link could lead to any file of the player's."""
    append_block(path, format_block(logged, comments))


def append_block(path: str | os.PathLike[str], text: str) -> None:
    """Append one block's text as :func:`append_hand` does (a line break first if the file lacks
    its last one; one write, flushed and synced); OSError for a symbolic link or a failed write."""
    if os.path.islink(path):
        raise OSError(errno.ELOOP, "it is a symbolic link, and hands are never appended through a link "
                      "(it could lead to any file)", os.fspath(path))
    try:
        with open(path, "rb") as existing:
            existing.seek(0, os.SEEK_END)
            if existing.tell():
                existing.seek(-1, os.SEEK_END)
                if existing.read(1) != b"\n":
                    text = "\n" + text
    except FileNotFoundError:
        pass
    handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
    with open(handle, "a", encoding="utf-8", newline="\n") as log:
        log.write(text)
        log.flush()
        os.fsync(log.fileno())


class HandLogWriter:
    """Appends finished hands to a `Spades.save` file.

    Use :meth:`write` directly, or :meth:`attach` it to a game: it then writes each
    hand as the game reports it scored. `enabled` is the Save Hand toggle: while
    False, scored hands are not written. A failed write (disk full, no permission, a
    symbolic link) never stops the game: :attr:`error` then says why, for the player,
    and the next hand tries again. With `files`, :meth:`save` appends in their thread (the
    block as it stood when the hand was scored), and :attr:`error` follows when it is done.
    """

    def __init__(self, path: str | os.PathLike[str], enabled: bool = True, files: FileWriter | None = None) -> None:
        self.path = Path(path)
        self.enabled = enabled
        self.files = files or FileWriter(inline=True)
        self.error: str | None = None
        """Why the last hand was not saved (one line, for the player); None after a good write."""
        self.written = 0
        """How many blocks this writer has appended."""

    def write(self, logged: LoggedHand, comments: Sequence[str] = ()) -> None:
        """Append one hand's block (see :func:`append_hand`); OSError if it fails."""
        append_hand(self.path, logged, comments)
        self.written += 1

    def listener(self, game: Game) -> Callable[[Event], None]:
        """An event listener for `game` that writes each hand when it sees
        :class:`game.events.HandScored` (the game's current hand is then the one scored), with
        :func:`undo_note` if bids or cards were taken back in it."""

        def on_event(event: Event) -> None:
            if isinstance(event, HandScored) and self.enabled:
                self.save(LoggedHand.from_hand(game.hand, game.id, game.variant, game.names),
                          undo_note(game.takebacks.get(game.hand.number, 0)))

        return on_event

    def save(self, logged: LoggedHand, comments: Sequence[str] = ()) -> None:
        """Append a finished hand while Save Hand is on; a failed write sets :attr:`error` instead
        of raising (the game goes on)."""
        if not self.enabled:
            return
        self.files.run(functools.partial(append_block, self.path, format_block(logged, comments)), self._appended)

    def _appended(self, error: BaseException | None) -> None:
        if error is None:
            self.written += 1
            self.error = None
        elif isinstance(error, OSError):
            self.error = f"Hand not saved to {self.path}: {safe_text(error.strerror or error, REASON_LENGTH)}"
        else:
            raise error

    @classmethod
    def attach(cls, game: Game, path: str | os.PathLike[str], enabled: bool = True,
               files: FileWriter | None = None) -> HandLogWriter:
        """A writer subscribed to `game`'s events: every hand scored from now on is appended to `path`."""
        writer = cls(path, enabled, files)
        game.subscribe(writer.listener(game))
        return writer


# ---------------------------------------------------------------------------
# Reading


@dataclass(frozen=True)
class DamagedBlock:
    """Lines of the log that could not be read as a hand, and why (1-based, inclusive).

    The reason is safe to show: printable, at most :data:`REASON_LENGTH` characters."""

    first_line: int
    last_line: int
    reason: str

    def __str__(self) -> str:
        return f"lines {self.first_line}-{self.last_line}: {self.reason}"


@dataclass(frozen=True, slots=True)
class BlockPlace:
    """Where a block lies in its log: its first and last lines (1-based, inclusive), and its bytes
    from `start` to `end` (:func:`read_block` reads it again from there)."""

    first_line: int
    last_line: int
    start: int
    end: int


@dataclass
class LogReading:
    """What :func:`read_log` found: every intact hand, and every damaged block."""

    hands: list[LoggedHand] = field(default_factory=list)
    damaged: list[DamagedBlock] = field(default_factory=list)


class _Damage(Exception):
    """A block cannot be read; the message is the plain reason."""


@dataclass
class _Group:
    """Lines read together: a block from its `Game` tag on (its lines kept, up to
    :data:`MAX_BLOCK_LINES`), or text outside any block (only where it lies)."""

    is_block: bool
    start: int
    first_line: int
    last_line: int = 0
    end: int = 0
    lines: list[tuple[int, str]] = field(default_factory=list)
    too_long: int | None = None
    """The first line cut at :data:`MAX_LINE_BYTES`, if any."""

    def add(self, number: int, line: str, end: int) -> None:
        self.last_line, self.end = number, end
        if self.is_block and len(self.lines) <= MAX_BLOCK_LINES:
            self.lines.append((number, line))


class LogScan:
    """Reads a log from a binary stream block by block: iterating gives, in file order, each
    block's :class:`BlockPlace` with its :class:`LoggedHand`, or with the :class:`DamagedBlock`
    it is (text outside any block is one too).

    Only the block being read is held, so a log of any size reads in little memory, and
    the reader may stop between blocks and go on later (Review reads a few each frame);
    `lines` and `position` (in bytes) say how far it has read. Lines may end with
    ``\\r\\n``, ``\\n`` or ``\\r``; bytes that are not UTF-8 read as replacement characters.
    `first_line` and `start` number the lines and bytes of a stream that starts inside a log.
    """

    def __init__(self, stream: BinaryIO, first_line: int = 1, start: int = 0) -> None:
        self.lines = first_line - 1
        """How many lines have been read (counting from the log's first)."""
        self.position = start
        """How many bytes have been read (counting from the log's first)."""
        self._found = self._blocks(self._lines(stream, first_line, start))

    def __iter__(self) -> Iterator[tuple[BlockPlace, LoggedHand | DamagedBlock]]:
        return self

    def __next__(self) -> tuple[BlockPlace, LoggedHand | DamagedBlock]:
        while (found := next(self._found)) is None:
            pass
        return found

    def step(self) -> tuple[BlockPlace, LoggedHand | DamagedBlock] | None:
        """The next block, or None after :data:`PAUSE_LINES` lines without one (blank lines,
        comments), so that a reader with a time budget can look at its clock; StopIteration at the end."""
        return next(self._found)

    def _lines(self, stream: BinaryIO, number: int, start: int) -> Iterator[tuple[int, int, int, bytes]]:
        """Each line as its number, first byte, end (after its line break) and bytes (without the break,
        at most one byte over MAX_LINE_BYTES: enough to tell the line was too long)."""
        offset = start  # where the chunk being split starts in the log
        line_start = start
        head = b""  # the start of a line the chunk before did not finish
        after_cr = False  # the chunk before ended with "\r": a "\n" starting this one is part of that break
        while chunk := stream.read(_READ_CHUNK):
            position = 1 if after_cr and chunk.startswith(b"\n") else 0
            line_start += position
            for line_end in _LINE_END.finditer(chunk, position):
                end = offset + line_end.end()
                yield number, line_start, end, (head + chunk[position:line_end.start()])[:MAX_LINE_BYTES + 1]
                number, line_start, head, position = number + 1, end, b"", line_end.end()
            head = (head + chunk[position:])[:MAX_LINE_BYTES + 1]
            after_cr = chunk.endswith(b"\r")
            offset += len(chunk)
        if line_start < offset:
            yield number, line_start, offset, head

    def _blocks(self, lines: Iterator[tuple[int, int, int, bytes]]) -> Iterator[
            tuple[BlockPlace, LoggedHand | DamagedBlock] | None]:
        """Each block as it ends, and None after every PAUSE_LINES lines that ended none."""
        group: _Group | None = None
        quiet = 0
        for number, start, end, raw in lines:
            self.lines, self.position = number, end
            quiet += 1
            if quiet >= PAUSE_LINES:
                quiet = 0
                yield None
            if raw.startswith(_BOM):  # the file's start, or a log that began with one joined on (cat)
                raw = raw[len(_BOM):]
            line = raw[:MAX_LINE_BYTES].decode("utf-8", "replace").strip()
            if line.startswith("%"):
                continue
            tag = _TAG.fullmatch(line) if line.startswith("[Game") else None
            if group is not None and (not line or (tag and tag.group(1) == "Game")):
                quiet = 0
                yield _close(group)
                group = None
            if not line:
                continue
            if group is None:
                group = _Group(is_block=tag is not None and tag.group(1) == "Game", start=start, first_line=number)
            group.add(number, line, end)
            if len(raw) > MAX_LINE_BYTES and group.too_long is None:
                group.too_long = number
        if group:
            yield _close(group)


def _close(group: _Group) -> tuple[BlockPlace, LoggedHand | DamagedBlock]:
    """The place of a group of lines and what it holds: a hand, or the damage that keeps it from being one."""
    place = BlockPlace(group.first_line, group.last_line, group.start, group.end)
    if not group.is_block:
        reason = "text outside any hand block"
    elif group.too_long is not None:
        reason = f"line {group.too_long} is longer than {MAX_LINE_BYTES:,} bytes"
    elif len(group.lines) > MAX_BLOCK_LINES:
        reason = f"it has more than {MAX_BLOCK_LINES} lines (a hand takes about 30)"
    else:
        try:
            return place, _parse_block(group.lines)
        except _Damage as damage:
            reason = str(damage)
        except Exception as error:  # whatever else a file can make the parser raise damages the block alone
            reason = f"it cannot be read ({type(error).__name__}: {error})"
    return place, DamagedBlock(place.first_line, place.last_line, safe_text(reason, REASON_LENGTH))


def read_log(path: str | os.PathLike[str]) -> LogReading:
    """Every hand of the `Spades.save` log at `path`; damaged blocks are reported, never raised.

    A missing file raises FileNotFoundError, a folder IsADirectoryError; other OSErrors
    (no permission) pass through. For a log's text, see :func:`parse_log`.
    """
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "it is a folder, not a hand log", os.fspath(path))
    with open(path, "rb") as stream:
        return _reading(LogScan(stream))


def parse_log(text: str) -> LogReading:
    """Every hand of a log given as its text; damaged blocks are reported, never raised."""
    return _reading(LogScan(io.BytesIO(text.encode("utf-8", "surrogatepass"))))


def _reading(scan: LogScan) -> LogReading:
    reading = LogReading()
    for _, found in scan:
        if isinstance(found, DamagedBlock):
            reading.damaged.append(found)
        else:
            reading.hands.append(found)
    return reading


def read_block(path: str | os.PathLike[str], place: BlockPlace) -> LoggedHand | DamagedBlock:
    """The block at `place` in the log at `path`, read again (a long log can be listed keeping only
    where each hand is). If the file has changed so that the block is no longer there, a
    DamagedBlock says so; OSError if the file cannot be read."""
    with open(path, "rb") as stream:
        stream.seek(place.start)
        data = stream.read(place.end - place.start)
    found = list(LogScan(io.BytesIO(data), place.first_line, place.start))
    if len(found) == 1 and found[0][0] == place:
        return found[0][1]
    return DamagedBlock(place.first_line, place.last_line, "the file has changed since it was listed")


def _parse_block(lines: Sequence[tuple[int, str]]) -> LoggedHand:
    """The hand of one block (its lines without comments), or _Damage saying why not."""
    tags, trick_lines = _tags_and_tricks(lines)
    game_id = tags["Game"]
    if not game_id.strip():
        raise _Damage("the Game tag is empty")
    if not re.fullmatch(_NUMBER, tags["Hand"]) or int(tags["Hand"]) < 1:
        raise _Damage(f"Hand {tags['Hand']!r} is not a hand number")
    try:
        rules = _rules(tags["Rules"])
    except ValueError as error:
        raise _Damage(f"the Rules tag: {error}") from None
    players = _parse_seat_map(tags["Players"], "Players", lambda text: text)
    players = {seat: sanitize_name(name, seat) for seat, name in players.items()}
    dealer = _parse_seat(tags["Dealer"], "Dealer")
    deal = _parse_deal(tags["Deal"], rules)
    bids = _parse_bids(tags["Bids"], dealer)
    holdings = {s: mask_of(deal[s]) for s in SEATS}
    exchanges = _parse_exchange(tags.get("Exchange", ""), holdings)
    first_leader = _parse_seat(tags["Play"], "Play")
    tricks = _parse_tricks(trick_lines, first_leader, rules, holdings)
    taken = _parse_seat_map(tags["Tricks"], "Tricks", _count)
    if taken != {s: sum(t.winner == s for t in tricks) for s in SEATS}:
        raise _Damage("the Tricks tag does not match the tricks' winners")
    _check_score_tags(tags, list(sides(rules.partners)))
    # Values are kept as the writer would write them, so a hand read back writes the same block.
    return LoggedHand(game_id=_clean_value(game_id), number=int(tags["Hand"]), variant=_clean_value(tags["Variant"]),
                      rules=rules, players=players, dealer=dealer, deal=deal, bids=bids, exchanges=exchanges,
                      first_leader=first_leader, tricks=tricks, taken=taken, result=_clean_value(tags["Result"]),
                      score=tags["Score"], total=tags["Total"])


def _tags_and_tricks(lines: Sequence[tuple[int, str]]) -> tuple[dict[str, str], list[tuple[int, list[str]]]]:
    """A block's tags by name (each required one there, none twice) and its trick lines, split in words."""
    tags: dict[str, str] = {}
    trick_lines: list[tuple[int, list[str]]] = []
    for number, line in lines:
        tag = _TAG.fullmatch(line)
        if tag:
            name, value = tag.groups()
            if name in tags:
                raise _Damage(f"line {number}: a second {name} tag")
            tags[name] = value
        elif line[:1].isdigit():
            trick_lines.append((number, line.split()))
        else:
            raise _Damage(f"line {number} is neither a tag nor a trick")
    for name in _REQUIRED_TAGS:
        if name not in tags:
            raise _Damage(f"the {name} tag is missing")
    return tags, trick_lines


def _check_score_tags(tags: Mapping[str, str], expected_sides: list[str]) -> None:
    """_Damage unless the Score and Total tags give one entry per side, in order."""
    if [side for side, _ in _SCORE_ENTRY.findall(tags["Score"])] != expected_sides or not _fully_matched(
            _SCORE_ENTRY, tags["Score"]):
        raise _Damage(f"the Score tag must give {' '.join(s + ':+N' for s in expected_sides)}")
    if [m[0] for m in _TOTAL_ENTRY.findall(tags["Total"])] != expected_sides or not _fully_matched(
            _TOTAL_ENTRY, tags["Total"]):
        raise _Damage(f"the Total tag must give {' '.join(s + ':N/bagsN' for s in expected_sides)}")


@functools.lru_cache(maxsize=64)
def _rules(line: str) -> Rules:
    """The rules of a `Rules` line; kept, as a log repeats the same few lines (Rules are immutable)."""
    return Rules.parse(line)


def _fully_matched(pattern: re.Pattern[str], text: str) -> bool:
    return all(pattern.fullmatch(part) for part in text.split())


def _count(text: str) -> int:
    """A plain count: digits only (``int`` alone would also take ``+3``, ``1_0`` or other scripts' digits)."""
    if not re.fullmatch("[0-9]+", text):
        raise ValueError(text)
    return int(text)


def _parse_seat(text: str, tag: str) -> str:
    if text not in SEATS:
        raise _Damage(f"the {tag} tag names no seat: {text!r}")
    return text


def _parse_seat_map(text: str, tag: str, convert: Callable[[str], object]) -> dict:
    """``"S:x W:y N:z E:w"``: one entry for each seat, in any order."""
    result = {}
    for part in text.split():
        seat, sep, value = part.partition(":")
        if not sep or seat not in SEATS or seat in result or not value:
            raise _Damage(f"the {tag} tag has a bad entry {part!r}")
        try:
            result[seat] = convert(value)
        except ValueError:
            raise _Damage(f"the {tag} tag has a bad entry {part!r}") from None
    if len(result) != 4:
        raise _Damage(f"the {tag} tag needs an entry for each of the four seats")
    return result


def _parse_deal(text: str, rules: Rules) -> dict[str, tuple[Card, ...]]:
    first, sep, rest = text.partition(":")
    if not sep or first not in SEATS:
        raise _Damage("the Deal tag must start with a seat and a colon")
    hands = rest.split()
    if len(hands) != 4:
        raise _Damage(f"the Deal tag has {len(hands)} hands, not 4")
    deal = {}
    for seat, hand_text in zip(seats_from(first), hands, strict=True):
        try:
            deal[seat] = _printed_order(parse_hand(hand_text))
        except ValueError as error:
            raise _Damage(f"the Deal tag: {error}") from None
        if len(deal[seat]) != 13:
            raise _Damage(f"the Deal tag gives {seat} {len(deal[seat])} cards, not 13")
    dealt = [c for s in SEATS for c in deal[s]]
    if sorted(c.index for c in dealt) != [c.index for c in DECKS[rules.deck].cards]:
        raise _Damage(f"the Deal tag does not hold each card of the {rules.deck} deck once")
    return {s: deal[s] for s in SEATS}


def _parse_bids(text: str, dealer: str) -> tuple[BidRecord, ...]:
    records = []
    for part in text.split():
        seat, sep, value = part.partition(":")
        made, arrow, changed = value.partition(">")
        try:
            if not sep or seat not in SEATS:
                raise ValueError
            records.append(BidRecord(seat, Bid.parse(made), Bid.parse(changed) if arrow else None))
        except ValueError:
            raise _Damage(f"the Bids tag has a bad entry {part!r}") from None
    if [r.seat for r in records] != list(seats_from(next_seat(dealer))):
        raise _Damage("the Bids tag must give four bids in turn from the dealer's left")
    return tuple(records)


def _parse_exchange(text: str, holdings: dict[str, int]) -> tuple[CardsExchanged, ...]:
    """The exchanges, moving the cards in `holdings` as they go."""
    groups: list[tuple[str, str, list[Card]]] = []
    for part in text.split():
        giver, arrow, receiver = part.partition(">")
        if arrow:
            if giver not in SEATS or receiver != partner(giver):
                raise _Damage(f"the Exchange tag: {part!r} is not a seat passing to its partner")
            groups.append((giver, receiver, []))
            continue
        try:
            card = Card.parse(part)
        except ValueError:
            raise _Damage(f"the Exchange tag: {part!r} is not a card") from None
        if not groups:
            raise _Damage("the Exchange tag must start with who passes to whom, like W>E")
        groups[-1][2].append(card)
    exchanges = []
    for giver, receiver, passed in groups:
        moved = mask_of(passed)
        if not passed or len(passed) > 2 or moved & holdings[giver] != moved or len(set(passed)) != len(passed):
            raise _Damage(f"the Exchange tag: {giver} cannot pass {' '.join(map(str, passed)) or 'nothing'}")
        holdings[giver] &= ~moved
        holdings[receiver] |= moved
        exchanges.append(CardsExchanged(giver, receiver, tuple(passed)))
    return tuple(exchanges)


def _parse_tricks(lines: Sequence[tuple[int, list[str]]], first_leader: str, rules: Rules,
                  holdings: dict[str, int]) -> tuple[Trick, ...]:
    """The 13 trick lines, checked against the holdings (which they use up)."""
    if len(lines) != 13:
        raise _Damage(f"the block has {len(lines)} trick lines, not 13")
    deck = DECKS[rules.deck]
    tricks: list[Trick] = []
    leader = first_leader
    for expected, (line_number, parts) in enumerate(lines, start=1):
        where = f"line {line_number} (trick {expected})"
        if len(parts) != 6 or parts[0] != str(expected):
            raise _Damage(f"{where} must be the trick number, the leader and four cards")
        if parts[1] != leader:
            raise _Damage(f"{where}: {leader} should lead, not {parts[1]!r}")
        by_seat: dict[str, Card] = {}
        winners = []
        for seat, text in zip(SEATS, parts[2:], strict=True):
            if text.startswith("*"):
                winners.append(seat)
                text = text[1:]
            try:
                by_seat[seat] = Card.parse(text)
            except ValueError:
                raise _Damage(f"{where}: {text!r} is not a card") from None
            if not holdings[seat] & by_seat[seat].bit:
                raise _Damage(f"{where}: {seat} does not hold {text} then")
            holdings[seat] &= ~by_seat[seat].bit
        if len(winners) != 1:
            raise _Damage(f"{where} must mark exactly one card with *")
        order = seats_from(leader)
        plays = tuple((seat, by_seat[seat]) for seat in order)
        winner = order[trick_winner_index(deck, [card for _, card in plays])]
        if winner != winners[0]:
            raise _Damage(f"{where}: the starred card does not win the trick")
        tricks.append(Trick(leader, plays, winner))
        leader = winner
    return tuple(tricks)


# ---------------------------------------------------------------------------
# Replaying


class ReplayError(ValueError):
    """The engine refused a logged hand; the message says where."""


def replay(logged: LoggedHand, before_bid: Callable[[Hand, BidRecord], None] | None = None) -> Hand:
    """The logged hand played again through the engine, from its deal to its score.

    The standings before the hand come from :meth:`LoggedHand.standings_before`.
    Compare the result's ``tricks`` and ``score`` texts with the log to check it;
    ReplayError if the engine refuses a logged bid, exchange or card. `before_bid` is shown
    the hand just before each logged bid is made (the bidder has looked, if it bid in sight)."""
    hand = Hand.from_holdings(logged.rules, logged.dealer, logged.deal, number=logged.number,
                              standings=logged.standings_before())
    try:
        play_out(hand, logged.bids, logged.exchanges, logged.tricks, before_bid)
    except RuleError as error:
        raise ReplayError(f"hand {logged.number} of game {logged.game_id}: {error}") from None
    return hand


def play_out(hand: Hand, bids: Sequence[BidRecord], exchanges: Sequence[CardsExchanged], tricks: Sequence[Trick],
             before_bid: Callable[[Hand, BidRecord], None] | None = None) -> None:
    """Make a hand's bids, exchanges and cards, as recorded, on `hand` (dealt, nothing done yet):
    a seat looks (or keeps its hand) before a bid made in sight. RuleError if the engine refuses one."""
    for index, record in enumerate(bids):
        if index < len(hand.bid_history):  # the rules made this bid (bid your spades)
            if hand.bid_history[index].bid != record.bid:
                raise RuleError(f"the rules fix {record.seat}'s bid at {hand.bid_history[index].bid}")
            continue
        _replay_bid(hand, record, before_bid)
    if [(r.seat, r.final) for r in hand.bid_history] != [(r.seat, r.final) for r in bids]:
        raise RuleError("the final bids differ from the log")
    pending = list(exchanges)
    while hand.phase == "exchange":
        seat = hand.to_act
        if pending and pending[0].giver == seat:
            hand.give(seat, pending.pop(0).cards)
        else:
            hand.give(seat, [])
    if pending:
        raise RuleError("the log has exchanges the rules did not call for")
    for number, trick in enumerate(tricks, start=1):
        for seat, card in trick.plays:
            try:
                hand.play(seat, card)
            except RuleError as error:
                raise RuleError(f"trick {number}, {seat} playing {card}: {error}") from None


def _replay_bid(hand: Hand, record: BidRecord, before_bid: Callable[[Hand, BidRecord], None] | None) -> None:
    """Make one logged bid, looking (or keeping the hand) first when it was not blind."""
    if hand.to_act != record.seat:
        raise RuleError(f"{hand.to_act} bids next, not {record.seat}")
    if not record.bid.blind and hand.phase == "blind":
        hand.look(record.seat)
    if hand.phase == "misdeal":
        hand.keep(record.seat)
    if before_bid is not None:
        before_bid(hand, record)
    hand.bid(record.seat, record.bid)


__all__ = ["DEAL_FIRST_SEAT", "TRICK_HEADER", "BlockPlace", "DamagedBlock", "HandLogWriter", "LogReading",
           "LogScan", "LoggedHand", "ReplayError", "append_hand", "format_block", "parse_log", "read_block", "read_log",
           "replay",
           "sanitize_name"]
