"""The Spades server: many tables at once, a lobby, chat, and computer players in empty seats.

``python -m net.server [-p PORT] [--host HOST] [-l] [--save FILE]`` listens for the game's
WebSocket connections (port 7626 by default, NetSpades' port). The server alone runs the
engine: every action is checked there and a refused one is answered with the game's own
sentence. A seat's cards go only to that seat. Computer seats think in a pool of
processes, under a time budget, so a slow Expert never holds up another table. A player
whose connection drops keeps the seat for ``--hold`` seconds (60); then a computer plays
it, shown as away, until the player comes back with the token given at hello. A player
who does not act within the table's clock (30 s unless set) is played the same way.
The messages are in ``docs/protocol.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
import secrets
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.game import Game
from game.players import decide
from game.players.levels import LEVELS, level_named
from game.players.thinker import Brain, Request, player_seed
from game.records.handlog import HandLogWriter
from net.protocol import MAX_MESSAGE, PORT, VERSION, Message, ProtocolError, encode, read_message, table_rules
from net.table import Seat, ServerTable

HELLO_WAIT = 10.0
"""Seconds a new connection has to say hello before it is closed."""
HOLD = 60.0
"""Seconds a dropped player's seat is kept before a computer plays it."""
CHAT_LINES, CHAT_WINDOW = 5, 10.0
"""At most this many chat lines in this many seconds per person."""
FLOOD_LIMIT = 60
"""Messages a second beyond which a connection is closed."""
BAD_LIMIT = 20
"""Bad messages in a row after which a connection is closed."""
BACKLOG = 2_000
"""Messages waiting for a slow connection beyond which it is closed (the game waits for nobody)."""
THINK_MARGIN = 3.0
"""Seconds past a computer level's time budget after which its answer is not waited for."""
LOBBY_EVERY = 0.25
"""Seconds between two lobby lists sent to the people in the lobby (changes are batched)."""
PACE = 0.4
"""Seconds a computer takes at least between two decisions at a table where people play."""
LAST_WORDS = 2.0
"""Seconds the messages queued for a connection the server closes (its fatal error) may take to go out."""


@dataclass
class Person:
    """Someone connected (or who was, and may come back with `token`)."""

    id: str
    name: str
    token: str
    connection: ServerConnection | None = None
    outbox: asyncio.Queue | None = None
    table: int | None = None
    chat_times: deque = field(default_factory=lambda: deque(maxlen=CHAT_LINES))
    message_times: deque = field(default_factory=lambda: deque(maxlen=FLOOD_LIMIT))
    bad: int = 0

    def send(self, message: dict[str, Any]) -> None:
        if self.outbox is None:
            return
        if self.outbox.qsize() >= BACKLOG:
            self.outbox = None  # too far behind: its writer closes the connection
            return
        self.outbox.put_nowait(encode(message))


def think(level: str, view: dict, seed: int, time_limit: float | None) -> Any:
    """A computer player's decision (run in the pool's processes, which keep their players)."""
    global _BRAIN
    if _BRAIN is None:
        _BRAIN = Brain()
    answer = _BRAIN.answer(Request(0, "decide", level, view, seed, time_limit))
    if answer.error:
        raise RuntimeError(answer.error)
    return answer.choice


_BRAIN: Brain | None = None


@dataclass
class Options:
    """How the server runs (the command's options)."""

    host: str = "0.0.0.0"
    port: int = PORT
    log: bool = False
    save: Path | None = None
    hold: float = HOLD
    pace: float = PACE
    workers: int = 0
    """Processes thinking for computer seats (0: one per processor)."""
    hello_wait: float = HELLO_WAIT


class SpadesServer:
    """The lobby, the tables and the people; :meth:`handle` serves one connection."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.people: dict[str, Person] = {}
        self.by_token: dict[str, Person] = {}
        self.tables: dict[int, ServerTable] = {}
        self.next_table = 1
        self.thinking: dict[int, int] = {}
        """Table → the decision number a computer is thinking about there."""
        self.clocks: dict[int, asyncio.TimerHandle] = {}
        self.holds: dict[str, asyncio.TimerHandle] = {}
        self.tasks: set[asyncio.Task] = set()
        """Tasks running on their own (the loop keeps only weak references to tasks)."""
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None
        self.lobby_due = False
        self.writer = HandLogWriter(options.save) if options.save else None
        self.messages = 0
        """Messages handled so far (for the load test's report)."""

    # -- the pool of computer players --------------------------------------------------------------
    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self.pool is None:
            workers = self.options.workers or max(1, os.cpu_count() or 1)
            self.pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
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
        person = self.by_token.get(message.fields.get("token", ""))
        if person is None:
            person = Person(secrets.token_hex(6), message.fields["name"], secrets.token_hex(16))
            self.people[person.id] = person
            self.by_token[person.token] = person
        elif person.connection is not None:
            # Not awaited: an old connection that has died unnoticed takes the close timeout to
            # close, and the player coming back should not wait for it. Once replaced below, the
            # old connection's end is no drop.
            self._spawn(person.connection.close(1000, "connected again elsewhere"))
        person.connection, person.outbox = connection, asyncio.Queue()
        self._log("in", person, message.fields | {"type": "hello", "token": "…"})
        table = self.tables.get(person.table) if person.table else None
        person.send({"type": "welcome", "version": VERSION, "you": person.id, "name": person.name,
                     "token": person.token, "table": table.number if table else None,
                     "seat": table.seat_of(person.id) if table else None})
        if table is not None:
            self._back(person, table, message.fields.get("last_seq", 0))
        else:
            person.send(self._lobby())
        return person

    async def _write(self, person: Person, connection: ServerConnection) -> None:
        outbox = person.outbox
        try:
            while True:
                if person.outbox is not outbox:
                    await connection.close(1008, "too slow to keep up")
                    return
                text = await outbox.get()
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

    def _spawn(self, coroutine: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def _receive(self, person: Person, raw: Any) -> bool:
        """Handle one message; False to close the connection."""
        now = time.monotonic()
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

    def _dropped(self, person: Person) -> None:
        person.connection, person.outbox = None, None
        table = self.tables.get(person.table) if person.table else None
        if table is None:
            return
        seat = table.set_connected(person.id, False)
        if seat is None:
            table.watchers.discard(person.id)
            person.table = None
        else:
            loop = asyncio.get_running_loop()
            self.holds[person.id] = loop.call_later(self.options.hold, self._hold_over, person, table, seat)
        self._lobby_changed()

    def _hold_over(self, person: Person, table: ServerTable, seat: str) -> None:
        self.holds.pop(person.id, None)
        if person.connection is None and table.seats[seat].player == person.id:
            table.set_away(seat)
            self._nudge(table)
            self._lobby_changed()  # the lobby shows the seat away

    def _back(self, person: Person, table: ServerTable, last_seq: int) -> None:
        """A player who dropped is back: the seat again, and every event missed."""
        hold = self.holds.pop(person.id, None)
        if hold:
            hold.cancel()
        seat = table.set_connected(person.id, True)
        if seat is None:
            table.watch(person.id)
        else:
            table.resync(person.id, after=min(last_seq, len(table.log)))
        self._nudge(table)  # the computers go on if the table had nobody

    def _log(self, direction: str, person: Person, message: dict[str, Any]) -> None:
        if self.options.log:
            print(f"{time.strftime('%H:%M:%S')} {direction} {person.id} {person.name}: {encode(message)[:300]}",
                  flush=True)

    # -- the lobby ---------------------------------------------------------------------------------
    def _lobby(self) -> dict[str, Any]:
        return {"type": "lobby", "tables": [table.summary() for table in self.tables.values()],
                "people": sum(1 for p in self.people.values() if p.connection is not None)}

    def _lobby_changed(self) -> None:
        if self.lobby_due:
            return
        self.lobby_due = True
        asyncio.get_running_loop().call_later(LOBBY_EVERY, self._send_lobby)

    def _send_lobby(self) -> None:
        self.lobby_due = False
        message = self._lobby()
        for person in self.people.values():
            if person.table is None:
                person.send(message)

    def _send_to(self, player: str, message: dict[str, Any]) -> None:
        person = self.people.get(player)
        if person is not None:
            if self.options.log:
                self._log("out", person, message)
            person.send(message)

    # -- messages ----------------------------------------------------------------------------------
    def _unexpected(self, person: Person, message: Message) -> None:
        person.send({"type": "error", "reason": f"{message.type} is not expected now"})

    def _tables(self, person: Person, message: Message) -> None:
        person.send(self._lobby())

    def _create(self, person: Person, message: Message) -> None:
        fields = message.fields
        variant, rules = table_rules(fields["rules"])
        seats = {seat: Seat(kind) for seat, kind in fields["seats"].items()}
        mine = fields.get("seat", next((seat for seat, s in seats.items() if s.kind == "human"), "S"))
        if seats[mine].kind != "human":
            person.send({"type": "error", "reason": f"your seat {mine} is marked for the computer"})
            return
        self._leave_table(person)
        table = ServerTable(self.next_table, variant, rules, seats, self._send_to, level=fields.get("level", "normal"),
                            clock=float(fields.get("clock", 30)), name=fields.get("name") or f"{person.name}'s table")
        if self.writer is not None:
            table.on_new_game = self._save_hands
        self.next_table += 1
        self.tables[table.number] = table
        self._seat(person, table, mine)

    def _save_hands(self, game: Game) -> None:
        game.subscribe(self.writer.listener(game))

    def _join(self, person: Person, message: Message) -> None:
        table = self._table(person, message.fields["table"])
        if table is None:
            return
        seat = message.fields["seat"]
        refusal = table.refuse_seat(person.id, seat)
        if refusal:  # before leaving anything: a refused join leaves the player where they were
            person.send({"type": "error", "reason": refusal})
            return
        if table.seat_of(person.id) != seat:
            self._leave_for(person, table)
        self._seat(person, table, seat)

    def _leave_for(self, person: Person, table: ServerTable) -> None:
        """`person` leaves their place for one at `table`; a move within the same table does not
        close it (as leaving the last place at a table would)."""
        if person.table == table.number:
            table.leave(person.id)
            self._nudge(table)  # a computer may now be the one to decide for the seat left
        else:
            self._leave_table(person)

    def _seat(self, person: Person, table: ServerTable, seat: str) -> None:
        refusal = table.refuse_seat(person.id, seat)
        if refusal:
            person.send({"type": "error", "reason": refusal})
            return
        person.table = table.number
        summary = table.summary()  # as it will be once seated (sitting may deal, and the deal comes after)
        summary["seats"][seat] = {"name": person.name, "kind": "human", "away": False, "connected": True}
        person.send({"type": "joined", "table": table.number, "seat": seat, "summary": summary})
        table.sit(person.id, person.name, seat)
        self._nudge(table)
        self._lobby_changed()

    def _watch(self, person: Person, message: Message) -> None:
        table = self._table(person, message.fields["table"])
        if table is not None:
            self._leave_for(person, table)
            person.table = table.number
            person.send({"type": "watching", "table": table.number, "summary": table.summary()})
            table.watch(person.id)
            self._nudge(table)  # the computers go on if the table had nobody
            self._lobby_changed()

    def _leave(self, person: Person, message: Message) -> None:
        self._leave_table(person)
        person.send(self._lobby())

    def _leave_table(self, person: Person) -> None:
        table = self.tables.get(person.table) if person.table else None
        person.table = None
        if table is None:
            return
        table.leave(person.id)
        if not any(s.player for s in table.seats.values()) and not table.watchers:
            self.tables.pop(table.number, None)  # nobody left: the table closes
            self.thinking.pop(table.number, None)
        else:
            self._nudge(table)
        self._lobby_changed()

    def _table(self, person: Person, number: int) -> ServerTable | None:
        table = self.tables.get(number)
        if table is None:
            person.send({"type": "error", "reason": f"there is no table {number}"})
        return table

    def _act(self, person: Person, message: Message) -> None:
        table = self.tables.get(person.table) if person.table else None
        seat = table.seat_of(person.id) if table else None
        if table is None or seat is None:
            person.send({"type": "refused", "reason": "You are not seated at a table"})
            return
        back = table.seats[seat].away
        if back:
            table.seats[seat].away = False  # acting brings a player back from away
            table.send_table()
        refusal = table.act(seat, message.fields["choice"])
        if refusal:
            person.send({"type": "refused", "reason": refusal, "choice": message.fields["choice"]})
            if back and table.to_act() == seat:
                # Back during the seat's own decision, which a computer was making: it is the
                # player's again (the computer's answer is dropped), with the turn and the clock.
                person.send({"type": "turn", "seq": len(table.log), "view": table.view(seat)})
                self._clock(table)
            return
        if person.message_times:
            person.message_times.pop()  # an answer the game asked for is paced by the game: it is no flood
        self._nudge(table)

    def _again(self, person: Person, message: Message) -> None:
        table = self.tables.get(person.table) if person.table else None
        refusal = table.again(person.id) if table else "You are not seated at a table"
        if refusal:
            person.send({"type": "error", "reason": refusal})
        else:
            self._nudge(table)
            self._lobby_changed()

    def _chat(self, person: Person, message: Message) -> None:
        now = time.monotonic()
        if len(person.chat_times) == CHAT_LINES and now - person.chat_times[0] < CHAT_WINDOW:
            person.send({"type": "error", "reason": f"at most {CHAT_LINES} chat lines in {CHAT_WINDOW:g} seconds"})
            return
        person.chat_times.append(now)
        table = self.tables.get(person.table) if person.table else None
        line = {"type": "chat", "from": person.name, "text": message.fields["text"],
                "where": table.number if table else "lobby"}
        listeners = table.people() if table else [p.id for p in self.people.values() if p.table is None]
        for player in listeners:
            self._send_to(player, line)

    # -- computer players and clocks ------------------------------------------------------------------
    def _nudge(self, table: ServerTable) -> None:
        """Someone acted at `table`: let a computer think if it is to act, or start the clock. At a
        table nobody is at (every player gone past the hold, nobody watching) the computers wait
        for someone to come back or watch, rather than play on for nobody."""
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
        seed = player_seed(id(table), seat)
        try:
            future = asyncio.get_running_loop().run_in_executor(self._pool(), think, level, view, seed, budget)
            choice = await asyncio.wait_for(future, (budget or 0) + THINK_MARGIN)
        except (concurrent.futures.process.BrokenProcessPool, RuntimeError):
            self.pool = None  # a dead worker: a new pool for the next decision
            choice = None
        except Exception:  # noqa: BLE001 - too slow, or failed: Normal decides instead
            choice = None
        people_here = any(s.kind == "human" and s.player for s in table.seats.values())
        wait = self.options.pace - (time.monotonic() - started) if people_here else 0
        if wait > 0:
            await asyncio.sleep(wait)
        if self.thinking.get(table.number) == number:
            del self.thinking[table.number]  # even if not used: a new game numbers its decisions from 0 again
        if table.decision_number() != number or self.tables.get(table.number) is not table:
            return
        if table.computer_to_act() != seat:
            return  # the player came back meanwhile and decides
        if choice is None or table.act(seat, choice, made_from=view):
            table.act(seat, decide(LEVELS["normal"](seat, view["rules"], seed), view), made_from=view)
        self._nudge(table)
        self._lobby_changed()

    def _clock(self, table: ServerTable) -> None:
        """Start the decision clock for a person to act (a computer plays if it runs out)."""
        old = self.clocks.pop(table.number, None)
        if old:
            old.cancel()
        seat = table.to_act()
        if seat is None or table.seats[seat].by_computer:
            return
        number = table.decision_number()
        self.clocks[table.number] = asyncio.get_running_loop().call_later(
            table.clock, self._clock_out, table, seat, number)

    def _clock_out(self, table: ServerTable, seat: str, number: int) -> None:
        self.clocks.pop(table.number, None)
        if table.decision_number() == number and table.to_act() == seat:
            table.set_away(seat)
            self._nudge(table)


HANDLERS: dict[str, Callable[[SpadesServer, Person, Message], None]] = {
    "tables": SpadesServer._tables, "create": SpadesServer._create, "join": SpadesServer._join,
    "watch": SpadesServer._watch, "leave": SpadesServer._leave, "act": SpadesServer._act,
    "again": SpadesServer._again, "chat": SpadesServer._chat,
}


async def run(options: Options, ready: Callable[[int], None] | None = None,
              stop: asyncio.Event | None = None) -> None:
    """Serve until `stop` is set (or forever); `ready(port)` is told the port listened on."""
    server_state = SpadesServer(options)
    try:
        async with serve(server_state.handle, options.host, options.port, max_size=MAX_MESSAGE,
                         compression=None, max_queue=64) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            if ready:
                ready(port)
            await (stop.wait() if stop else asyncio.Future())
    finally:
        for task in list(server_state.tasks):  # computers thinking, connections closing
            task.cancel()
        await asyncio.gather(*server_state.tasks, return_exceptions=True)
        server_state.close()


def parse_args(argv: list[str] | None) -> Options:
    parser = argparse.ArgumentParser(prog="python -m net.server", description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--port", type=int, default=PORT, help=f"the port to listen on (default {PORT})")
    parser.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every address)")
    parser.add_argument("-l", "--log", action="store_true", help="print every message")
    parser.add_argument("--save", type=Path, metavar="FILE", help="append every finished hand to FILE (Spades.save)")
    parser.add_argument("--hold", type=float, default=HOLD, help=f"seconds a dropped player's seat is kept ({HOLD:g})")
    parser.add_argument("--workers", type=int, default=0, help="processes for computer players (0: one per CPU)")
    args = parser.parse_args(argv)
    return Options(host=args.host, port=args.port, log=args.log, save=args.save, hold=args.hold,
                   workers=args.workers)


def main(argv: list[str] | None = None) -> int:
    options = parse_args(argv)

    def ready(port: int) -> None:
        print(f"Spades server listening on {options.host}:{port} (protocol version {VERSION})", flush=True)

    try:
        asyncio.run(run(options, ready))
    except KeyboardInterrupt:
        return 0
    except OSError as error:
        print(f"The server cannot start: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
