"""The hand log `Spades.save`: one text block per finished hand, written and read back.

The format is in ``SPADES_SAVE.md``. :class:`LoggedHand` is one block as data;
:func:`format_block` prints it, :class:`HandLogWriter` appends blocks to a file
(fed by a :class:`game.game.Game`'s events), :func:`read_log` parses a file back,
reporting damaged blocks instead of failing, and :func:`replay` plays a logged
hand through the engine again.

>>> from game.rules import PRESETS
>>> from game.cards import CARDS
>>> hand = Hand(PRESETS["mirrors"].rules, "E", CARDS[:52])
>>> while hand.phase != "done":
...     hand.play(hand.to_act, hand.legal_plays()[0])
>>> logged = LoggedHand.from_hand(hand, "g1", "Mirrors", {"S": "Ann Lee"})
>>> print(format_block(logged).splitlines()[5])
[Players "S:Ann_Lee W:W N:N E:E"]
>>> read_log(format_block(logged)).hands == [logged]
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.bids import Bid
from game.cards import DECKS, Card, format_hand, mask_of, parse_hand
from game.events import CardsExchanged, Event, HandScored
from game.game import Game
from game.hand import BidRecord, Hand, RuleError, Trick
from game.legality import trick_winner_index
from game.rules import Rules
from game.scoring import Standing, score_hand
from game.seats import SEATS, next_seat, partner, seats_from, sides

DEAL_FIRST_SEAT = "S"
"""The seat a written `Deal` tag starts from. The format allows any first seat (the
reader accepts all four); the writer always starts from South, as the format's
example does, so a deal reads the same whoever dealt."""

_NAME_FORBIDDEN = set("\"'[]")
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"(.*)"\]')
_SCORE_ENTRY = re.compile(r"([A-Z]{1,2}):([+-][0-9]+)")
_TOTAL_ENTRY = re.compile(r"([A-Z]{1,2}):(-?[0-9]+)/bags([0-9]+)")
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


def _printed_order(cards_: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the order the `Deal` notation writes them (jokers, then S H D C, A to 2)."""
    return tuple(parse_hand(format_hand(cards_)))


# ---------------------------------------------------------------------------
# Writing


def format_block(logged: LoggedHand) -> str:
    """The block of ``SPADES_SAVE.md`` for one hand, ending with its blank line."""
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
    lines.append(_tag("Play", logged.first_leader))
    for number, trick in enumerate(logged.tricks, start=1):
        columns = "".join(f"{('*' if seat == trick.winner else '') + str(trick.card_of(seat)):>5}" for seat in SEATS)
        lines.append(f"{number:>2}  {trick.leader}{columns}")
    lines += [
        _tag("Tricks", " ".join(f"{s}:{logged.taken[s]}" for s in SEATS)),
        _tag("Result", logged.result),
        _tag("Score", logged.score),
        _tag("Total", logged.total),
    ]
    return "\n".join(lines) + "\n\n"


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_clean_value(value)}"]'


def _bid_entry(record: BidRecord) -> str:
    entry = f"{record.seat}:{record.bid}"
    return f"{entry}>{record.changed_to}" if record.changed_to is not None else entry


def append_hand(path: str | os.PathLike[str], logged: LoggedHand) -> None:
    """Append one hand's block to the log at `path`, creating the file if missing.

    The block goes out in one write, then is flushed and synced, and the file is
    only ever appended to, so a crash can cut off at most this block. If the file
    does not end with a line break (an earlier write was cut off), one is added
    first so the new block starts on a line of its own."""
    text = format_block(logged)
    try:
        with open(path, "rb") as existing:
            existing.seek(0, os.SEEK_END)
            if existing.tell():
                existing.seek(-1, os.SEEK_END)
                if existing.read(1) != b"\n":
                    text = "\n" + text
    except FileNotFoundError:
        pass
    with open(path, "a", encoding="utf-8", newline="\n") as log:
        log.write(text)
        log.flush()
        os.fsync(log.fileno())


class HandLogWriter:
    """Appends finished hands to a `Spades.save` file.

    Use :meth:`write` directly, or :meth:`attach` it to a game: it then writes each
    hand as the game reports it scored. `enabled` is the Save Hand toggle: while
    False, scored hands are not written. A failed write (disk full, no permission)
    never stops the game: the error is kept in `error` and the next hand tries again.
    """

    def __init__(self, path: str | os.PathLike[str], enabled: bool = True) -> None:
        self.path = Path(path)
        self.enabled = enabled
        self.error: OSError | None = None
        self.written = 0
        """How many blocks this writer has appended."""

    def write(self, logged: LoggedHand) -> None:
        """Append one hand's block (see :func:`append_hand`); OSError if it fails."""
        append_hand(self.path, logged)
        self.written += 1

    def listener(self, game: Game) -> Callable[[Event], None]:
        """An event listener for `game` that writes each hand when it sees
        :class:`game.events.HandScored` (the game's current hand is then the one scored)."""

        def on_event(event: Event) -> None:
            if not isinstance(event, HandScored) or not self.enabled:
                return
            try:
                self.write(LoggedHand.from_hand(game.hand, game.id, game.variant, game.names))
                self.error = None
            except OSError as error:
                self.error = error

        return on_event

    @classmethod
    def attach(cls, game: Game, path: str | os.PathLike[str], enabled: bool = True) -> HandLogWriter:
        """A writer subscribed to `game`'s events: every hand scored from now on is appended to `path`."""
        writer = cls(path, enabled)
        game.subscribe(writer.listener(game))
        return writer


# ---------------------------------------------------------------------------
# Reading


@dataclass(frozen=True)
class DamagedBlock:
    """Lines of the log that could not be read as a hand, and why (1-based, inclusive)."""

    first_line: int
    last_line: int
    reason: str

    def __str__(self) -> str:
        return f"lines {self.first_line}-{self.last_line}: {self.reason}"


@dataclass
class LogReading:
    """What :func:`read_log` found: every intact hand, and every damaged block."""

    hands: list[LoggedHand] = field(default_factory=list)
    damaged: list[DamagedBlock] = field(default_factory=list)


class _Damage(Exception):
    """A block cannot be read; the message is the plain reason."""


def read_log(source: str | os.PathLike[str]) -> LogReading:
    """Every hand of a `Spades.save` log; damaged blocks are reported, never raised.

    `source` is a path (a :class:`os.PathLike`, or a one-line string naming an
    existing file) or the log's text itself. Bytes that are not UTF-8 read as
    replacement characters. A missing file raises FileNotFoundError.
    """
    if isinstance(source, os.PathLike) or ("\n" not in source and os.path.isfile(source)):
        with open(source, encoding="utf-8-sig", errors="replace", newline="") as log:
            text = log.read()
    else:
        text = str(source)
    reading = LogReading()
    block: list[tuple[int, str]] = []
    stray: list[int] = []

    def close_block() -> None:
        if not block:
            return
        try:
            reading.hands.append(_parse_block(block))
        except _Damage as damage:
            reading.damaged.append(DamagedBlock(block[0][0], block[-1][0], str(damage)))
        block.clear()

    def close_stray() -> None:
        if stray:
            reading.damaged.append(DamagedBlock(stray[0], stray[-1], "text outside any hand block"))
            stray.clear()

    for number, raw in enumerate(text.lstrip("\ufeff").split("\n"), start=1):
        line = raw.strip()
        if line.startswith("%"):
            continue
        if not line:
            close_block()
            close_stray()
            continue
        tag = _TAG.fullmatch(line)
        if tag and tag.group(1) == "Game":
            close_block()
            close_stray()
            block.append((number, line))
        elif block:
            block.append((number, line))
        else:
            stray.append(number)
    close_block()
    close_stray()
    return reading


def _parse_block(lines: Sequence[tuple[int, str]]) -> LoggedHand:
    """The hand of one block (its lines without comments), or _Damage saying why not."""
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

    game_id = tags["Game"]
    if not game_id.strip():
        raise _Damage("the Game tag is empty")
    if not re.fullmatch("[0-9]+", tags["Hand"]) or int(tags["Hand"]) < 1:
        raise _Damage(f"Hand {tags['Hand']!r} is not a hand number")
    try:
        rules = Rules.parse(tags["Rules"])
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
    counted = {s: sum(t.winner == s for t in tricks) for s in SEATS}
    if taken != counted:
        raise _Damage("the Tricks tag does not match the tricks' winners")
    expected_sides = list(sides(rules.partners))
    if [side for side, _ in _SCORE_ENTRY.findall(tags["Score"])] != expected_sides or not _fully_matched(
            _SCORE_ENTRY, tags["Score"]):
        raise _Damage(f"the Score tag must give {' '.join(s + ':+N' for s in expected_sides)}")
    if [m[0] for m in _TOTAL_ENTRY.findall(tags["Total"])] != expected_sides or not _fully_matched(
            _TOTAL_ENTRY, tags["Total"]):
        raise _Damage(f"the Total tag must give {' '.join(s + ':N/bagsN' for s in expected_sides)}")
    # Values are kept as the writer would write them, so a hand read back writes the same block.
    return LoggedHand(game_id=_clean_value(game_id), number=int(tags["Hand"]), variant=_clean_value(tags["Variant"]),
                      rules=rules, players=players, dealer=dealer, deal=deal, bids=bids, exchanges=exchanges,
                      first_leader=first_leader, tricks=tricks, taken=taken, result=_clean_value(tags["Result"]),
                      score=tags["Score"], total=tags["Total"])


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


def replay(logged: LoggedHand) -> Hand:
    """The logged hand played again through the engine, from its deal to its score.

    The standings before the hand come from :meth:`LoggedHand.standings_before`.
    Compare the result's ``tricks`` and ``score`` texts with the log to check it;
    ReplayError if the engine refuses a logged bid, exchange or card."""
    hand = Hand.from_holdings(logged.rules, logged.dealer, logged.deal, number=logged.number,
                              standings=logged.standings_before())
    try:
        for index, record in enumerate(logged.bids):
            if index < len(hand.bid_history):  # the rules made this bid (bid your spades)
                if hand.bid_history[index].bid != record.bid:
                    raise RuleError(f"the rules fix {record.seat}'s bid at {hand.bid_history[index].bid}")
                continue
            _replay_bid(hand, record)
        if [(r.seat, r.final) for r in hand.bid_history] != [(r.seat, r.final) for r in logged.bids]:
            raise RuleError("the final bids differ from the log")
        pending = list(logged.exchanges)
        while hand.phase == "exchange":
            seat = hand.to_act
            if pending and pending[0].giver == seat:
                hand.give(seat, pending.pop(0).cards)
            else:
                hand.give(seat, [])
        if pending:
            raise RuleError("the log has exchanges the rules did not call for")
        for number, trick in enumerate(logged.tricks, start=1):
            for seat, card in trick.plays:
                try:
                    hand.play(seat, card)
                except RuleError as error:
                    raise RuleError(f"trick {number}, {seat} playing {card}: {error}") from None
    except RuleError as error:
        raise ReplayError(f"hand {logged.number} of game {logged.game_id}: {error}") from None
    return hand


def _replay_bid(hand: Hand, record: BidRecord) -> None:
    """Make one logged bid, looking (or keeping the hand) first when it was not blind."""
    if hand.to_act != record.seat:
        raise RuleError(f"{hand.to_act} bids next, not {record.seat}")
    if not record.bid.blind and hand.phase == "blind":
        hand.look(record.seat)
    if hand.phase == "misdeal":
        hand.keep(record.seat)
    hand.bid(record.seat, record.bid)


__all__ = ["DEAL_FIRST_SEAT", "DamagedBlock", "HandLogWriter", "LogReading", "LoggedHand", "ReplayError",
           "append_hand", "format_block", "read_log", "replay", "sanitize_name"]
