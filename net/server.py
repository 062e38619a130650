"""The Spades server: many tables at once, a lobby, chat, and computer players in empty seats.

``python -m net.server [-p PORT] [--host HOST] [-l] [--save FILE] [--redis URL]`` listens for
the game's WebSocket connections (port 7626 by default, NetSpades' port). The server alone runs
the engine: every action is checked there and a refused one is answered with the game's own
sentence. A seat's cards go only to that seat. Computer seats think in a pool of
processes, under a time budget, so a slow Expert never holds up another table. A player
whose connection drops keeps the seat for ``--hold`` seconds (60); then a computer plays
it, shown as away, until the player comes back with the token given at hello; a table nobody
comes back to closes after ``--abandoned`` seconds (an hour). Someone gone who holds no seat is
forgotten after ``--forget`` seconds (an hour): their token then no longer brings them back. A
player who does not act within the table's clock (30 s unless set) is played the same way.
The messages are in ``docs/protocol.md``.

Each message is checked here, then carried out as a command on its table
(:meth:`SpadesServer.apply`) through the server's bus (:mod:`net.bus`): at once for a server
alone, or, with ``--redis``, once Redis has put it in order for every server sharing the tables.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import gc
import itertools
import multiprocessing
import os
import secrets
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redis.exceptions import RedisError
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.game import Game
from game.players import decide
from game.players.levels import LEVELS, level_named
from game.players.thinker import PARENT_CHECK, Brain, Request, player_seed
from game.records.handlog import HandLogWriter
from game.rules import Rules
from net.bus import LocalBus, RedisBus
from net.protocol import MAX_MESSAGE, PORT, VERSION, Message, ProtocolError, encode, read_message, table_rules
from net.table import Reasons, Seat, ServerTable, reasons

HELLO_WAIT = 10.0
"""Seconds a new connection has to say hello before it is closed."""
HOLD = 60.0
"""Seconds a dropped player's seat is kept before a computer plays it."""
ABANDONED = 3600.0
"""Seconds a table nobody is at any more (every player gone past the hold, nobody watching) waits for
them before it closes (else such tables pile up, and a server keeps at most :data:`MOST_TABLES`)."""
FORGET = 3600.0
"""Seconds someone who dropped is remembered (their token brings them back) if they then hold no seat,
as long as a table nobody comes back to waits (:data:`ABANDONED`); a seat still theirs, held or
played away, keeps them until it is not. Then they are forgotten: else every connection that ever
said hello was kept for good (about 2 KB each)."""
CHAT_LINES, CHAT_WINDOW = 5, 10.0
LOBBY_CHAT_KEPT = 20
"""The latest lines of the lobby's chat, sent to someone arriving in the lobby (what was said before)."""
"""At most this many chat lines in this many seconds per person."""
FLOOD_LIMIT = 60
"""Messages a second beyond which a connection is closed."""
BAD_LIMIT = 20
"""Bad messages in a row after which a connection is closed."""
BACKLOG = 2_000
"""Messages waiting for a slow connection beyond which it is closed (the game waits for nobody)."""
BACKLOG_BYTES = 16 * 2**20
"""Bytes waiting for a slow connection beyond which it is closed (a lobby may take 2 MB: twenty of them
waiting are a client that does not read)."""
STUCK_WAIT = 10.0
"""Seconds a connection given up as too slow has to take its close; then it is cut (a client that
never reads takes nothing, not even the close, and would hold its queue for ever)."""
CATCH_UP_PER_EVENT, CATCH_UP_MORE = 2, 8
"""Messages a game so far may take at most: one per event and one per hand shown (fewer than one per
event), and the table, its cards, whose turn and `synced` besides."""
MOST_TABLES = 1_000
"""Tables open at once, at most: the lobby lists them all in one message (about 800 bytes a table),
which must stay well within what a client reads (:data:`net.protocol.MAX_FROM_SERVER`); beyond,
`create` is refused."""
THINK_MARGIN = 3.0
"""Seconds past a computer level's time budget after which its answer is not waited for."""
COLLECTOR_THRESHOLDS = (20_000, 50, 100)
"""Python's garbage collection thresholds for a server (the default is 700, 10, 10): see :func:`quiet_collector`."""
LOBBY_EVERY = 0.25
"""Seconds between two lobby lists sent to the people in the lobby (changes are batched)."""
PACE = 0.4
"""Seconds a computer takes at least between two decisions at a table where people play or watch."""
READING = 60.0
"""Seconds a player may take to read a hand's score (or the game's end) before the clock of their
next decision runs: it runs from their `ready` on, or once this has passed."""
NOT_SHARED = "The server cannot reach the tables it shares (Redis), so that was not done: try again"
REUSE_PORT = hasattr(socket, "SO_REUSEPORT")
"""Whether servers sharing tables through Redis may listen on the same port of one machine (Linux
spreads new connections among them; not on Windows)."""
LAST_WORDS = 2.0
"""Seconds the messages queued for a connection the server closes (its fatal error) may take to go out."""
CLOSING = "The server has closed"
"""The fatal error a server stopped on purpose sends everyone connected (their games stop coming back)."""


@dataclass
class Person:
    """Someone connected (or who was, and may come back with `token` until forgotten: see :data:`FORGET`)."""

    id: str
    name: str
    token: str
    connection: ServerConnection | None = None
    outbox: asyncio.Queue | None = None
    table: int | None = None
    chat_times: list[float] = field(default_factory=list)
    """When the last :data:`CHAT_LINES` chat lines were said (a list: nothing until the first)."""
    message_times: deque | None = None
    """When the last :data:`FLOOD_LIMIT` messages of the connection came (made at its first message,
    let go when it closes: a deque of 60 takes 760 bytes, about twice the rest of a person)."""
    bad: int = 0
    queued: int = 0
    """Bytes of the messages waiting in the outbox."""
    catching_up: int = 0
    """Messages sent at once the last time this person was given a table's game so far (watching,
    sitting down, coming back): they may wait in the outbox beyond :data:`BACKLOG`."""
    coming_back: int | None = None
    """The hello whose return to a table is not yet applied here (its ``connected`` command comes
    back through Redis after the commands already shared): until then the table's messages are held
    back, since the return then sends every event after the client's ``last_seq``, each once."""

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Send a message already encoded."""
        if self.outbox is None:
            return
        if self.outbox.qsize() >= BACKLOG + self.catching_up or self.queued + len(text) > BACKLOG_BYTES:
            self.outbox = None  # too far behind: its writer closes the connection, or it is cut
            if self.connection is not None:
                asyncio.get_running_loop().call_later(STUCK_WAIT, _cut, self.connection)
            return
        self.queued += len(text)
        self.outbox.put_nowait(text)


def _cut(connection: ServerConnection) -> None:
    """End a connection that has not closed when asked (its writer waits on a client that reads nothing)."""
    if connection.state is not State.CLOSED:
        connection.transport.abort()


def think(level: str, view: dict, seed: int, time_limit: float | None) -> tuple[Any, Reasons]:
    """A computer player's decision and why it was made (run in the pool's processes, which keep
    their players). The reasons are worded here, once, rather than by every server that applies
    the decision: each takes a millisecond, and a server catching up applies thousands."""
    global _BRAIN
    if _BRAIN is None:
        _BRAIN = Brain()
    answer = _BRAIN.answer(Request(0, "decide", level, view, seed, time_limit))
    if answer.error:
        raise RuntimeError(answer.error)
    return answer.choice, reasons(view, answer.choice)


_BRAIN: Brain | None = None


def _reasons(given: Any) -> Reasons | None:
    """The reasons an ``act`` command brought from where the computer thought, if they are two texts."""
    if isinstance(given, (list, tuple)) and len(given) == 2 and all(isinstance(text, str) for text in given):
        return given[0], given[1]
    return None


def _end_with_the_server() -> None:
    """In a worker of the pool: end it once the server that started it is gone (killed, or crashed
    without shutting the pool down), so that no worker outlives its server."""
    server = multiprocessing.parent_process()

    def watch() -> None:
        while server is None or server.is_alive():
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


@dataclass
class Options:
    """How the server runs (the command's options)."""

    host: str = "0.0.0.0"
    port: int = PORT
    log: bool = False
    save: Path | None = None
    hold: float = HOLD
    abandoned: float = ABANDONED
    forget: float = FORGET
    reading: float = READING
    pace: float = PACE
    workers: int = 0
    """Processes thinking for computer seats (0: one per processor)."""
    hello_wait: float = HELLO_WAIT
    most_tables: int = MOST_TABLES
    redis: str | None = None
    """A Redis server's URL: the tables and the lobby are shared with every server given the same."""


class SpadesServer:
    """The lobby, the tables and the people; :meth:`handle` serves one connection."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.people: dict[str, Person] = {}
        self.by_token: dict[str, Person] = {}
        self.tables: dict[int, ServerTable] = {}
        self.thinking: dict[int, int] = {}
        """Table → the decision number a computer is thinking about there."""
        self.clocks: dict[int, asyncio.TimerHandle] = {}
        self.holds: dict[str, asyncio.TimerHandle] = {}
        self.forgetting: dict[str, asyncio.TimerHandle] = {}
        """People gone, each with when they are forgotten if they do not come back (:meth:`_forget`)."""
        self.abandoning: dict[int, asyncio.TimerHandle] = {}
        """Tables nobody is at, each with when it closes if nobody comes back."""
        self.tasks: set[asyncio.Task] = set()
        """Tasks running on their own (the loop keeps only weak references to tasks)."""
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None
        self.bus: LocalBus | RedisBus = RedisBus(options.redis, self) if options.redis else LocalBus(self)
        self.duty: dict[int, str] = {}
        """Table → the server that thinks for its computers and keeps its clocks (:attr:`Bus.process`)."""
        self.via: dict[str, str] = {}
        """Player → the server they are connected through."""
        self.lobby_due = False
        self.hellos = itertools.count(1)
        """Numbers the hellos that bring a person back to a table (:attr:`Person.coming_back`)."""
        self.tables_text: str | None = None
        """The lobby's list of tables, encoded, until a command changes it (:meth:`_lobby`)."""
        self.lobby_said: deque[dict[str, Any]] = deque(maxlen=LOBBY_CHAT_KEPT)
        """The lobby's latest chat lines (:data:`LOBBY_CHAT_KEPT`)."""
        self.writer = HandLogWriter(options.save) if options.save else None
        self.messages = 0
        """Messages handled so far (for the load test's report)."""

    # -- the pool of computer players --------------------------------------------------------------
    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self.pool is None:
            workers = self.options.workers or max(1, os.cpu_count() or 1)
            self.pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                                               initializer=_end_with_the_server)
        return self.pool

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    # -- connections -------------------------------------------------------------------------------
    async def handle(self, connection: ServerConnection) -> None:
        """One connection: hello first, then messages until it closes."""
        try:
            raw = await asyncio.wait_for(connection.recv(), self.options.hello_wait)
        except ConnectionClosed:
            return
        except asyncio.TimeoutError:
            with contextlib.suppress(ConnectionClosed):
                await connection.send(encode({"type": "error", "fatal": True, "reason": (
                    f"say hello first, within {self.options.hello_wait:g} seconds of connecting")}))
                await connection.close(1008, "say hello first")
            return
        person = await self._hello(connection, raw)
        if person is None:
            return
        writer = asyncio.create_task(self._write(person, connection))
        try:
            async for raw in connection:
                if not self._receive(person, raw):
                    await self._let_go(person, connection)
                    break
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            if person.connection is connection:
                self._dropped(person)

    async def _hello(self, connection: ServerConnection, raw: Any) -> Person | None:
        try:
            message = read_message(raw)
            if message.type != "hello":
                raise ProtocolError("say hello first: {\"type\": \"hello\", \"version\": 1, \"name\": …}")
            if message.fields["version"] != VERSION:
                raise ProtocolError(f"this server speaks version {VERSION} of the protocol, "
                                    f"not {message.fields['version']}")
        except ProtocolError as error:
            await connection.send(encode({"type": "error", "reason": str(error), "fatal": True}))
            await connection.close(1008, "hello first")
            return None
        person = await self._person(message.fields["name"], message.fields.get("token", ""))
        if person.connection is not None:
            # Not awaited: an old connection that has died unnoticed takes the close timeout to
            # close, and the player coming back should not wait for it. Once replaced below, the
            # old connection's end is no drop.
            self._spawn(person.connection.close(1000, "connected again elsewhere"))
        person.connection, person.outbox, person.queued = connection, asyncio.Queue(), 0
        forgetting = self.forgetting.pop(person.id, None)
        if forgetting:
            forgetting.cancel()
        self._log("in", person, message.fields | {"type": "hello", "token": "…"})
        table = self.tables.get(person.table) if person.table else (
            self._seated_at(person.id) if message.fields.get("token") else None)
        person.send({"type": "welcome", "version": VERSION, "you": person.id, "name": person.name,
                     "token": person.token, "table": table.number if table else None,
                     "seat": table.seat_of(person.id) if table else None})
        if table is not None:
            person.table = table.number
            person.coming_back = next(self.hellos)
            self._back(person, table, message.fields.get("last_seq", 0))
        else:
            self._to_lobby(person)
        self._lobby_changed()  # the lobby counts the people online
        return person

    async def _person(self, name: str, token: str) -> Person:
        """The person a hello's `token` was given to (here, or at a server sharing the tables, whose
        connection for them then closes), or a new person called `name`."""
        person = self.by_token.get(token)
        if person is None and token:
            known = await self.bus.person(token)
            person = self.by_token.get(token)  # another hello with the token may have come meanwhile
            if person is None and known is not None:
                person = Person(known[0], known[1], token)
        if person is None:  # no token, or one this server forgot and no other server knows
            person = Person(secrets.token_hex(6), name, secrets.token_hex(16))
        if person.token not in self.by_token:
            self.people[person.id] = person
            self.by_token[person.token] = person
        self.bus.remember(person.token, person.id, person.name)  # kept a week from each hello
        if token:
            self.bus.kick(person.id)
        return person

    async def _write(self, person: Person, connection: ServerConnection) -> None:
        outbox = person.outbox
        try:
            while True:
                if outbox is None or person.outbox is not outbox:
                    await connection.close(1008, "too slow to keep up")
                    return
                text = await outbox.get()
                person.queued -= len(text)
                await connection.send(text)
                outbox.task_done()
        except ConnectionClosed:
            return

    async def _let_go(self, person: Person, connection: ServerConnection) -> None:
        """Close a connection the server gives up on, once what is queued for it (its fatal error) is out.

        What the client still sends meanwhile is read and dropped: websockets stops reading a
        connection whose messages wait unread, and would not see the client's answer to the close."""
        outbox = person.outbox
        if outbox is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(outbox.join(), LAST_WORDS)
        closing = self._spawn(connection.close(1008, "closed by the server"))
        with contextlib.suppress(ConnectionClosed):
            async for _ in connection:
                pass
        await closing

    async def goodbye(self) -> None:
        """Stopped on purpose (the game hosting it closed it): tell everyone connected, so that
        their games say so rather than try to come back. A server sharing its tables says nothing:
        another takes them over, and its people come back there."""
        if self.options.redis:
            return
        here = [person for person in self.people.values() if person.connection is not None]
        for person in here:
            person.send({"type": "error", "reason": CLOSING, "fatal": True})
        sent = [person.outbox.join() for person in here if person.outbox is not None]
        if sent:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.gather(*sent), LAST_WORDS)

    def _spawn(self, coroutine: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def _receive(self, person: Person, raw: Any) -> bool:
        """Handle one message; False to close the connection."""
        now = time.monotonic()
        if person.message_times is None:
            person.message_times = deque(maxlen=FLOOD_LIMIT)
        person.message_times.append(now)
        if len(person.message_times) == FLOOD_LIMIT and now - person.message_times[0] < 1.0:
            person.send({"type": "error", "reason": "too many messages: slow down", "fatal": True})
            return False
        try:
            message = read_message(raw)
        except ProtocolError as error:
            person.bad += 1
            person.send({"type": "error", "reason": str(error)})
            return person.bad < BAD_LIMIT
        person.bad = 0
        self.messages += 1
        self._log("in", person, {"type": message.type, **message.fields})
        HANDLERS.get(message.type, SpadesServer._unexpected)(self, person, message)
        return True

    # -- people coming and going --------------------------------------------------------------------
    def _dropped(self, person: Person) -> None:
        person.connection, person.outbox, person.message_times = None, None, None
        self._lobby_changed()
        table = self.tables.get(person.table) if person.table else None
        if table is not None:
            self.bus.submit({"kind": "connected", "table": table.number, "player": person.id, "connected": False})
        self._forget_later(person)

    def _forget_later(self, person: Person) -> None:
        """`person` is gone from this server: forgotten after the forget hold unless back by then."""
        old = self.forgetting.pop(person.id, None)
        if old:
            old.cancel()
        self.forgetting[person.id] = asyncio.get_running_loop().call_later(self.options.forget, self._forget, person)

    def _forget(self, person: Person) -> None:
        """Forget `person`, gone for the forget hold: a hello with their token is then welcomed as someone
        new (unless a server sharing the tables knows the token). Someone who still holds a seat (held,
        or played away at a table waiting for its players) or watches is kept, and looked at again a
        hold later: their token must bring them back to the seat."""
        self.forgetting.pop(person.id, None)
        if person.connection is not None:
            return
        if any(table.seat_of(person.id) is not None or person.id in table.watchers for table in self.tables.values()):
            self._forget_later(person)
            return
        if self.people.get(person.id) is person:
            del self.people[person.id]
        if self.by_token.get(person.token) is person:
            del self.by_token[person.token]

    def _hold_over(self, number: int, seat: str, player: str) -> None:
        self.holds.pop(player, None)
        table = self.tables.get(number)
        if table is not None and table.seats[seat].player == player and not table.seats[seat].connected:
            self.bus.submit({"kind": "away", "table": number, "seat": seat, "player": player})
            if number in self.abandoning:  # counted from the last player's hold
                self.abandoning.pop(number).cancel()
            self.abandoning[number] = asyncio.get_running_loop().call_later(
                self.options.abandoned, self._close_if_abandoned, number)

    def _close_if_abandoned(self, number: int) -> None:
        """Nobody has come back to table `number` since its last player's hold ran out: it closes (each
        player leaves it, as if they had said so)."""
        self.abandoning.pop(number, None)
        table = self.tables.get(number)
        if table is None or not self._on_duty(table) or table.watchers or any(
                place.connected for place in table.seats.values() if place.player):
            return
        for place in table.seats.values():
            if place.player:
                self.bus.submit({"kind": "leave", "table": number, "player": place.player})

    def _back(self, person: Person, table: ServerTable, last_seq: int) -> None:
        """A player who dropped is back: the seat again, and every event missed."""
        self.bus.submit({"kind": "connected", "table": table.number, "player": person.id, "connected": True,
                         "after": last_seq, "via": self.bus.process, "hello": person.coming_back})

    def _seated_at(self, player: str) -> ServerTable | None:
        """The table where `player` holds a seat (coming back through another server sharing the tables)."""
        return next((table for table in self.tables.values() if table.seat_of(player) is not None), None)

    def _log(self, direction: str, person: Person, message: dict[str, Any]) -> None:
        if self.options.log:
            print(f"{time.strftime('%H:%M:%S')} {direction} {person.id} {person.name}: {encode(message)[:300]}",
                  flush=True)

    # -- the lobby ---------------------------------------------------------------------------------
    def people_here(self) -> int:
        """People connected to this server."""
        return sum(1 for p in self.people.values() if p.connection is not None)

    def _lobby(self) -> str:
        """The `lobby` message as sent (encoded once however many are sent it: with hundreds of
        tables it is long, and a crowd arriving each gets it)."""
        if self.tables_text is None:
            self.tables_text = encode([table.summary() for table in self.tables.values()])
        people = self.people_here() + self.bus.people_elsewhere()
        return f'{{"type":"lobby","tables":{self.tables_text},"people":{people}}}'

    def _lobby_changed(self) -> None:
        if self.lobby_due:
            return
        self.lobby_due = True
        asyncio.get_running_loop().call_later(LOBBY_EVERY, self._send_lobby)

    def _send_lobby(self) -> None:
        self.lobby_due = False
        in_lobby = [person for person in self.people.values() if person.table is None and person.outbox is not None]
        if not in_lobby:  # nobody to send it: it is not even written (a busy server's tables change often)
            return
        text = self._lobby()
        for person in in_lobby:
            person.send_text(text)

    def _send_to(self, player: str, message: dict[str, Any]) -> None:
        person = self.people.get(player)
        if person is not None:
            if self.options.log:
                self._log("out", person, message)
            person.send(message)

    def _send_from_table(self, player: str, message: dict[str, Any]) -> None:
        if self._listening(player):
            self._send_to(player, message)

    def _listening(self, player: str) -> bool:
        """Whether a table's messages reach `player`: connected here, and not coming back
        (:attr:`Person.coming_back`)."""
        person = self.people.get(player)
        return person is not None and person.outbox is not None and person.coming_back is None

    # -- messages: each checked here, then carried out as a command -----------------------------------
    def _unexpected(self, person: Person, message: Message) -> None:
        person.send({"type": "error", "reason": f"{message.type} is not expected now"})

    def _tables(self, person: Person, message: Message) -> None:
        self._to_lobby(person)

    def _to_lobby(self, person: Person) -> None:
        """The lobby's tables, then what was said there lately, for someone arriving in it."""
        person.send_text(self._lobby())
        for line in self.lobby_said:
            person.send({**line, "earlier": True})

    def _create(self, person: Person, message: Message) -> None:
        fields = message.fields
        variant, rules = table_rules(fields["rules"])
        kinds = dict(fields["seats"])
        mine = fields.get("seat", next((seat for seat, kind in kinds.items() if kind == "human"), "S"))
        if kinds[mine] != "human":
            person.send({"type": "error", "reason": f"your seat {mine} is marked for the computer"})
            return
        if len(self.tables) >= self.options.most_tables:
            person.send({"type": "error", "reason": f"this server has {len(self.tables):,} tables open, as many as "
                                                    "it lists: join one, or try again later"})
            return
        self._leave_table(person)
        self.bus.submit({"kind": "create", "player": person.id, "name": person.name, "seat": mine,
                         "via": self.bus.process, "variant": variant, "rules": rules.to_line(), "seats": kinds,
                         "level": fields.get("level", "normal"), "clock": float(fields.get("clock", 30)),
                         "table_name": fields.get("name") or f"{person.name}'s table"})

    def _join(self, person: Person, message: Message) -> None:
        table = self._table(person, message.fields["table"])
        if table is None:
            return
        seat = message.fields["seat"]
        refusal = table.refuse_seat(person.id, seat)
        if refusal:  # before leaving anything: a refused join leaves the player where they were
            person.send({"type": "error", "reason": refusal})
            return
        if person.table != table.number:
            self._leave_table(person)
        self.bus.submit({"kind": "sit", "table": table.number, "player": person.id, "name": person.name,
                         "seat": seat, "via": self.bus.process})

    def _watch(self, person: Person, message: Message) -> None:
        table = self._table(person, message.fields["table"])
        if table is not None:
            if person.table != table.number:
                self._leave_table(person)
            self.bus.submit({"kind": "watch", "table": table.number, "player": person.id, "via": self.bus.process})

    def _leave(self, person: Person, message: Message) -> None:
        self._leave_table(person)
        person.send_text(self._lobby())

    def _leave_table(self, person: Person) -> None:
        number, person.table, person.coming_back = person.table, None, None
        if number in self.tables:
            self.bus.submit({"kind": "leave", "table": number, "player": person.id})

    def _table(self, person: Person, number: int) -> ServerTable | None:
        table = self.tables.get(number)
        if table is None:
            person.send({"type": "error", "reason": f"there is no table {number}"})
        return table

    def _act(self, person: Person, message: Message) -> None:
        table = self.tables.get(person.table) if person.table else None
        if table is None or table.seat_of(person.id) is None:
            person.send({"type": "refused", "reason": "You are not seated at a table"})
            return
        self.bus.submit({"kind": "act", "table": table.number, "player": person.id,
                         "choice": message.fields["choice"]})

    def _ready(self, person: Person, message: Message) -> None:
        table = self.tables.get(person.table) if person.table else None
        if table is not None and table.seat_of(person.id) is not None:  # a watcher has nothing to be ready for
            self.bus.submit({"kind": "ready", "table": table.number, "player": person.id})

    def _again(self, person: Person, message: Message) -> None:
        table = self.tables.get(person.table) if person.table else None
        if table is None:
            person.send({"type": "error", "reason": "You are not seated at a table"})
            return
        self.bus.submit({"kind": "again", "table": table.number, "player": person.id})

    def _chat(self, person: Person, message: Message) -> None:
        now = time.monotonic()
        if len(person.chat_times) == CHAT_LINES and now - person.chat_times[0] < CHAT_WINDOW:
            person.send({"type": "error", "reason": f"Too fast: at most {CHAT_LINES} chat lines in "
                                                    f"{CHAT_WINDOW:g} seconds; that line was not sent"})
            return
        person.chat_times = [*person.chat_times[1 - CHAT_LINES:], now]
        table = self.tables.get(person.table) if person.table else None
        where = table.number if table else "lobby"
        self.bus.chat({"type": "chat", "from": person.name, "text": message.fields["text"], "where": where})

    def hear_chat(self, line: dict[str, Any]) -> None:
        """A chat line said at a table or in the lobby (here or at a server sharing the tables):
        to everyone there connected here."""
        table = self.tables.get(line["where"]) if line["where"] != "lobby" else None
        if line["where"] == "lobby":
            self.lobby_said.append(line)
        listeners = table.people() if table else [p.id for p in self.people.values() if p.table is None]
        for player in listeners:
            self._send_to(player, line)

    def kicked(self, player: str) -> None:
        """`player` connected again at another server sharing the tables: the connection here closes
        (no drop: the seat is theirs over there)."""
        person = self.people.get(player)
        if person is not None and person.connection is not None:
            connection, person.connection = person.connection, None
            self._spawn(self._close_moved(person, connection))
            self._forget_later(person)  # the server they are at now knows them (and Redis, their token)

    async def _close_moved(self, person: Person, connection: ServerConnection) -> None:
        await connection.close(1000, "connected again elsewhere")
        if person.connection is None:
            person.outbox, person.message_times = None, None  # nothing more is queued for the closed connection

    def not_shared(self, command: dict[str, Any]) -> None:
        """A command could not reach the servers sharing the tables (Redis is down): the person who
        made it is told it was not done (it may be tried again)."""
        person = self.people.get(command.get("player", ""))
        if person is not None:
            person.coming_back = None  # a return that was not shared: the table's messages go on as they come
            person.send({"type": "error", "reason": NOT_SHARED})

    # -- commands: what every server sharing the tables does with them, in the same order ----------------
    def apply(self, command: dict[str, Any]) -> None:
        """Carry out `command` on its table. Every server sharing the tables applies every command
        in the same order, so their tables stay the same; each tells only the people connected to
        it, and only the table's duty server thinks for its computers and keeps its clocks."""
        self.tables_text = None  # the lobby's list changes with any command
        if command["kind"] == "create":
            self._apply_create(command)
            return
        table = self.tables.get(command["table"])
        if table is not None:
            APPLIERS[command["kind"]](self, table, command)

    def _apply_create(self, command: dict[str, Any]) -> None:
        table = self._new_table(command, {seat: Seat(kind) for seat, kind in command["seats"].items()})
        self.duty[table.number] = command["via"]
        self._apply_sit(table, command)

    def _new_table(self, made: dict[str, Any], seats: dict[str, Seat]) -> ServerTable:
        """Table ``made["table"]`` as a ``create`` command (or a state kept of it) describes it."""
        number = made["table"]
        table = ServerTable(number, made["variant"], Rules.parse(made["rules"]), seats, self._send_from_table,
                            self._listening, level=made["level"], clock=made["clock"], name=made["table_name"])
        if self.writer is not None:
            table.on_new_game = lambda game: self._save_hands(table, game)
        self.tables[number] = table
        return table

    # -- a table's state, kept at each new game when the tables are shared (:data:`net.bus.KEEP`) ---------
    def state_of(self, number: int) -> dict[str, Any] | None:
        """Table `number` as it stands, if this server is on duty there and a new game has just
        begun (nobody has decided anything yet): what a server new to the table starts from."""
        table = self.tables.get(number)
        if table is None or not self._on_duty(table) or table.game is None or table.game.actions:
            return None
        return {"table": number, "variant": table.variant, "rules": table.rules_line, "level": table.level,
                "clock": table.clock, "table_name": table.name, "duty": self.duty[number],
                "seats": {seat: {"kind": s.kind, "player": s.player, "name": s.name, "connected": s.connected,
                                 "away": s.away} for seat, s in table.seats.items()},
                "watchers": sorted(table.watchers), "via": {p: self.via[p] for p in table.people() if p in self.via},
                "deal": [table.game.seed, table.game.id]}

    def restore(self, state: dict[str, Any]) -> None:
        """Table ``state["table"]`` as :meth:`state_of` kept it: its seats, watchers and the new game."""
        seats = {seat: Seat(**place) for seat, place in state["seats"].items()}
        table = self._new_table(state, seats)
        table.watchers = set(state["watchers"])
        self.duty[table.number] = state["duty"]
        self.via.update(state["via"])
        table.start(_deal(state))
        self.tables_text = None
        self._nudge(table)
        self._lobby_changed()

    def _save_hands(self, table: ServerTable, game: Game) -> None:
        """Each hand of `game` goes to the log of the server on duty at the table when it is scored."""
        write = self.writer.listener(game)
        game.subscribe(lambda event: self._on_duty(table) and write(event))

    def _apply_sit(self, table: ServerTable, command: dict[str, Any]) -> None:
        player, seat = command["player"], command["seat"]
        person = self.people.get(player)
        refusal = table.refuse_seat(player, seat)
        if refusal:
            if person is not None:
                person.send({"type": "error", "reason": refusal})
            return
        if table.seat_of(player) not in (None, seat) or player in table.watchers:
            table.leave(player)  # a move within the table
            self._nudge(table)  # a computer may now be the one to decide for the seat left
        self.via[player] = command["via"]
        if person is not None:
            person.table = table.number
            summary = table.summary()  # as it will be once seated (sitting may deal, and the deal comes after)
            summary["seats"][seat] = {"name": command["name"], "kind": "human", "away": False, "connected": True}
            person.send({"type": "joined", "table": table.number, "seat": seat, "summary": summary})
        self._room_to_catch_up(player, table)
        table.sit(player, command["name"], seat, _deal(command))
        self._nudge(table)
        self._lobby_changed()

    def _room_to_catch_up(self, player: str, table: ServerTable) -> None:
        """`player` is about to be sent the table's game so far, at once: so many messages may wait
        for them without their being taken for too slow to keep up (a long game has thousands)."""
        person = self.people.get(player)
        if person is not None:
            person.catching_up = CATCH_UP_PER_EVENT * len(table.log) + CATCH_UP_MORE

    def _apply_watch(self, table: ServerTable, command: dict[str, Any]) -> None:
        player = command["player"]
        if table.seat_of(player) is not None or player in table.watchers:
            table.leave(player)
            self._nudge(table)
        self.via[player] = command["via"]
        person = self.people.get(player)
        if person is not None:
            person.table = table.number
            summary = {**table.summary(), "watchers": len(table.watchers | {player})}  # the watcher counted in
            person.send({"type": "watching", "table": table.number, "summary": summary})
        self._room_to_catch_up(player, table)
        table.watch(player)
        self._nudge(table)  # the computers go on if the table had nobody
        self._lobby_changed()

    def _apply_leave(self, table: ServerTable, command: dict[str, Any]) -> None:
        table.leave(command["player"])
        self.via.pop(command["player"], None)
        if not any(s.player for s in table.seats.values()) and not table.watchers:
            self.tables.pop(table.number, None)  # nobody left: the table closes
            self.thinking.pop(table.number, None)
            self.duty.pop(table.number, None)
            self.bus.closed(table.number)
        else:
            self._nudge(table)
        self._lobby_changed()

    def _apply_act(self, table: ServerTable, command: dict[str, Any]) -> None:
        if command.get("computer"):
            self._apply_computer_act(table, command)
            return
        player, choice = command["player"], command["choice"]
        seat, person = table.seat_of(player), self.people.get(player)
        if seat is None:
            if person is not None:
                person.send({"type": "refused", "reason": "You are not seated at a table"})
            return
        # acting brings a player back from away and ends the reading time, but for a look: the game
        # picks the cards up by itself as a hand starts, while the player may still read the score
        back = choice != "look" and table.ready(player) == "away"
        if back:
            self._lobby_changed()  # the lobby showed the seat away
        refusal = table.act(seat, choice)
        if refusal:
            if person is not None:
                person.send({"type": "refused", "reason": refusal, "choice": choice})
            if back:
                self._decision_back(table, seat, person)
            return
        if person is not None and person.message_times:
            person.message_times.pop()  # an answer the game asked for is paced by the game: it is no flood
        self._nudge(table)

    def _apply_computer_act(self, table: ServerTable, command: dict[str, Any]) -> None:
        """A computer's decision `number` for `seat` (None: it failed); if the rules refuse it,
        Normal decides instead. A decision no longer asked for is dropped."""
        seat, choice = command["seat"], command["choice"]
        if table.decision_number() != command["number"] or table.computer_to_act() != seat:
            return
        given = _reasons(command.get("why"))  # worded where the computer thought (:func:`think`)
        before = None if given else table.view(seat)  # else the view is not needed (a replay applies thousands)
        if choice is None or table.act(seat, choice, (lambda: given) if given else (lambda: reasons(before, choice))):
            view = before or table.view(seat)  # refused: the game stands as it was
            instead = decide(LEVELS["normal"](seat, view["rules"], command["seed"]), view)
            table.act(seat, instead, lambda: reasons(view, instead))
        self._nudge(table)
        self._lobby_changed()

    def _apply_connected(self, table: ServerTable, command: dict[str, Any]) -> None:
        player = command["player"]
        if command["connected"]:
            self.via[player] = command["via"]
            person = self.people.get(player)
            if person is not None and (command["via"], command.get("hello")) == (self.bus.process, person.coming_back):
                person.coming_back = None  # the return below sends what was held back
            hold = self.holds.pop(player, None)
            if hold:
                hold.cancel()
            self._room_to_catch_up(player, table)
            after = table.heard_until(player, command["after"])  # before the seat is marked connected
            if table.set_connected(player, True) is None:
                table.watch(player)
            else:
                table.resync(player, after=after)
            self._nudge(table)  # the computers go on if the table had nobody
            return
        seat = table.set_connected(player, False)
        if seat is None:
            table.watchers.discard(player)
            self.via.pop(player, None)  # watching no more (sitting or watching again says it anew)
            person = self.people.get(player)
            if person is not None and person.table == table.number:
                person.table = None
        else:
            self._hold(table, seat, player)
        self._lobby_changed()

    def _hold(self, table: ServerTable, seat: str, player: str) -> None:
        """The duty server keeps a dropped player's seat for the hold, then a computer plays it."""
        if self._on_duty(table) and player not in self.holds:
            self.holds[player] = asyncio.get_running_loop().call_later(
                self.options.hold, self._hold_over, table.number, seat, player)

    def _apply_away(self, table: ServerTable, command: dict[str, Any]) -> None:
        """A seat's player ran out of time (the decision `number`) or held the seat past the hold."""
        seat = command["seat"]
        place = table.seats[seat]
        if "player" in command:
            due = place.player == command["player"] and not place.connected
        else:
            due = table.decision_number() == command["number"] and table.to_act() == seat
        if due:
            table.set_away(seat)
            self._nudge(table)
            self._lobby_changed()  # the lobby shows the seat away

    def _apply_ready(self, table: ServerTable, command: dict[str, Any]) -> None:
        """A seated player is ready to decide: back from away (the decision a computer is making for
        the seat is the player's again, with the turn), and the clock runs from now."""
        player = command["player"]
        seat = table.seat_of(player)
        ended = table.ready(player) if seat is not None else None
        if ended is None:
            return  # nothing to end: the clock runs on (a `ready` never buys time by itself)
        if ended == "away":
            self._lobby_changed()
        self._decision_back(table, seat, self.people.get(player), turn=ended == "away")

    def _decision_back(self, table: ServerTable, seat: str, person: Person | None, turn: bool = True) -> None:
        """The seat's player is back for its decision, if it is the seat's now: the clock runs from
        now, and (`turn`) the player is sent the turn a computer was deciding (its answer is dropped)."""
        if table.to_act() != seat:
            return
        if turn and person is not None:
            person.send({"type": "turn", "seq": len(table.log), "view": table.view(seat)})
        self._clock(table)

    def _apply_again(self, table: ServerTable, command: dict[str, Any]) -> None:
        refusal = table.again(command["player"], _deal(command))
        person = self.people.get(command["player"])
        if refusal:
            if person is not None:
                person.send({"type": "error", "reason": refusal})
            return
        self._nudge(table)
        self._lobby_changed()

    def _apply_duty(self, table: ServerTable, command: dict[str, Any]) -> None:
        """Server `dead` is gone: `process` takes over the table's duty; the people who were
        connected through the dead server are dropped (their seats held) until they come back."""
        if self.duty.get(table.number) != command["dead"]:
            return  # another server took it over already
        self.duty[table.number] = command["process"]
        for place in table.seats.values():
            if place.player and self.via.get(place.player) == command["dead"] and place.connected:
                table.set_connected(place.player, False)
        table.watchers -= {player for player in table.watchers if self.via.get(player) == command["dead"]}
        for seat, place in table.seats.items():
            if place.player and not place.connected and not place.away:
                self._hold(table, seat, place.player)
        self._nudge(table)
        self._lobby_changed()

    # -- computer players and clocks: the duty server's ---------------------------------------------------
    def _on_duty(self, table: ServerTable) -> bool:
        """Whether this server thinks for the table's computers and keeps its clocks."""
        return self.duty.get(table.number) == self.bus.process

    def _nudge(self, table: ServerTable) -> None:
        """Someone acted at `table`: let a computer think if it is to act, or start the clock. At a
        table nobody is at (every player gone past the hold, nobody watching) the computers wait
        for someone to come back or watch, rather than play on for nobody."""
        if not self._on_duty(table):
            return
        self._clock(table)
        seat = table.computer_to_act()
        number = table.decision_number()
        if seat is None or self.thinking.get(table.number) == number or not table.anyone_here():
            return
        self.thinking[table.number] = number
        self._spawn(self._computer(table, seat, number))

    async def _computer(self, table: ServerTable, seat: str, number: int) -> None:
        started = time.monotonic()
        view = table.view(seat)
        level = table.level if table.seats[seat].kind == "computer" else "normal"
        budget = level_named(level).in_game_limit
        seed = player_seed(table.number, seat)
        try:
            future = asyncio.get_running_loop().run_in_executor(self._pool(), think, level, view, seed, budget)
            choice, why = await asyncio.wait_for(future, (budget or 0) + THINK_MARGIN)
        except (concurrent.futures.process.BrokenProcessPool, RuntimeError):
            self.pool = None  # a dead worker: a new pool for the next decision
            choice, why = None, None
        except Exception:  # noqa: BLE001 - too slow, or failed: Normal decides instead
            choice, why = None, None
        people_here = bool(table.watchers) or any(s.kind == "human" and s.player for s in table.seats.values())
        wait = self.options.pace - (time.monotonic() - started) if people_here else 0
        if wait > 0:
            await asyncio.sleep(wait)
        if self.thinking.get(table.number) == number:
            del self.thinking[table.number]  # even if not used: a new game numbers its decisions from 0 again
        if table.decision_number() != number or self.tables.get(table.number) is not table:
            return
        if table.computer_to_act() != seat:
            return  # the player came back meanwhile and decides
        self.bus.submit({"kind": "act", "table": table.number, "computer": True, "seat": seat, "number": number,
                         "choice": choice, "why": why, "seed": seed})

    def _clock(self, table: ServerTable) -> None:
        """Start the decision clock for a person to act (a computer plays if it runs out)."""
        old = self.clocks.pop(table.number, None)
        if old:
            old.cancel()
        seat = table.to_act()
        if seat is None or table.seats[seat].by_computer or not self._on_duty(table):
            return
        number = table.decision_number()
        reading = self.options.reading if table.seats[seat].player in table.reading else 0.0
        self.clocks[table.number] = asyncio.get_running_loop().call_later(
            table.clock + reading, self._clock_out, table, seat, number)

    def _clock_out(self, table: ServerTable, seat: str, number: int) -> None:
        self.clocks.pop(table.number, None)
        if table.decision_number() == number and table.to_act() == seat:
            self.bus.submit({"kind": "away", "table": table.number, "seat": seat, "number": number})


def _deal(command: dict[str, Any]) -> tuple[int, str] | None:
    """The seed and game id a command brings for a new game (None: the table draws them)."""
    deal = command.get("deal")
    return (int(deal[0]), str(deal[1])) if deal else None


APPLIERS: dict[str, Callable[[SpadesServer, ServerTable, dict[str, Any]], None]] = {
    "sit": SpadesServer._apply_sit, "watch": SpadesServer._apply_watch, "leave": SpadesServer._apply_leave,
    "act": SpadesServer._apply_act, "connected": SpadesServer._apply_connected, "away": SpadesServer._apply_away,
    "again": SpadesServer._apply_again, "duty": SpadesServer._apply_duty, "ready": SpadesServer._apply_ready,
}
"""What each kind of command does to its table (``create`` makes one)."""


HANDLERS: dict[str, Callable[[SpadesServer, Person, Message], None]] = {
    "tables": SpadesServer._tables, "create": SpadesServer._create, "join": SpadesServer._join,
    "watch": SpadesServer._watch, "leave": SpadesServer._leave, "act": SpadesServer._act,
    "again": SpadesServer._again, "ready": SpadesServer._ready, "chat": SpadesServer._chat,
}


async def run(options: Options, ready: Callable[[int], None] | None = None,
              stop: asyncio.Event | None = None) -> None:
    """Serve until `stop` is set (or forever); `ready(port)` is told the port listened on."""
    server_state = SpadesServer(options)
    try:
        await server_state.bus.start()
        async with serve(server_state.handle, options.host, options.port, max_size=MAX_MESSAGE,
                         compression=None, max_queue=64, reuse_port=bool(options.redis) and REUSE_PORT) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            if ready:
                ready(port)
            await (stop.wait() if stop else asyncio.Future())
            await server_state.goodbye()
    finally:
        for task in list(server_state.tasks):  # computers thinking, connections closing
            task.cancel()
        await asyncio.gather(*server_state.tasks, return_exceptions=True)
        await server_state.bus.stop()
        server_state.close()


def parse_args(argv: list[str] | None) -> Options:
    parser = argparse.ArgumentParser(prog="python -m net.server", description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--port", type=int, default=PORT, help=f"the port to listen on (default {PORT})")
    parser.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every address)")
    parser.add_argument("-l", "--log", action="store_true", help="print every message")
    parser.add_argument("--save", type=Path, metavar="FILE", help="append every finished hand to FILE (Spades.save)")
    parser.add_argument("--hold", type=float, default=HOLD, help=f"seconds a dropped player's seat is kept ({HOLD:g})")
    parser.add_argument("--abandoned", type=float, default=ABANDONED,
                        help=f"seconds a table nobody is at waits for its players before it closes ({ABANDONED:g})")
    parser.add_argument("--forget", type=float, default=FORGET,
                        help=f"seconds someone gone who holds no seat is remembered, their token good ({FORGET:g})")
    parser.add_argument("--reading", type=float, default=READING,
                        help=f"seconds a player may read a hand's score before their clock runs ({READING:g})")
    parser.add_argument("--workers", type=int, default=0, help="processes for computer players (0: one per CPU)")
    parser.add_argument("--pace", type=float, default=PACE,
                        help=f"seconds a computer takes at least per decision where people play or watch ({PACE:g})")
    parser.add_argument("--redis", metavar="URL", help="share the lobby and the tables with every server given "
                                                       "this Redis server (redis://host:6379/0)")
    args = parser.parse_args(argv)
    return Options(host=args.host, port=args.port, log=args.log, save=args.save, hold=args.hold,
                   abandoned=args.abandoned, forget=args.forget, reading=args.reading, workers=args.workers,
                   pace=args.pace, redis=args.redis)


def quiet_collector() -> None:
    """Keep Python's full garbage collections from stalling a busy server.

    A server's heap grows with its tables' games, and each full collection walks all of it: with
    250 tables one took up to 130 ms, every five seconds or so, and every table stood still
    meanwhile (the load test's slowest answers). What is loaded at start is set aside for good
    (`gc.freeze`), and the young generations are collected less often, so that full collections
    all but stop while cycles among new objects are still found (`docs/benchmarks.md`)."""
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def main(argv: list[str] | None = None) -> int:
    options = parse_args(argv)
    quiet_collector()

    def ready(port: int) -> None:
        print(f"Spades server listening on {options.host}:{port} (protocol version {VERSION})", flush=True)

    try:
        asyncio.run(run(options, ready))
    except KeyboardInterrupt:
        return 0
    except OSError as error:
        print(f"The server cannot start: {error}", file=sys.stderr)
        return 1
    except (RedisError, ValueError) as error:
        print(f"The server cannot use Redis at {options.redis}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
