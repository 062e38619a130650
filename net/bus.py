"""How a server's tables change: alone, or with every server that shares them through Redis.

Every change to a table is a *command*: a JSON-ready dict with its ``kind`` (``create``,
``sit``, ``watch``, ``leave``, ``act``, ``connected``, ``away``, ``again``, ``duty``), the
``table`` and its own fields, carried out by the server's ``apply``. A server alone applies
each command at once (:class:`LocalBus`).

Servers started with the same ``--redis URL`` share one lobby (:class:`RedisBus`). Each
command is appended to its table's list in Redis and announced; every server applies every
table's commands in that list's order, so each holds the same tables and tells the people
connected to it. One server is on *duty* at a table (at first the one where it was created):
it thinks for the table's computers and keeps its clocks and holds. Each server says every
second that it is alive; once one has not said so for three seconds, another takes over the
duty of its tables, and the people who were connected through it are dropped, their seats
held as for any drop, until they connect again, to any of the servers, with their token.

When a new game begins at a table, its duty server keeps the table's state in Redis (seats,
watchers, the new game's deal) and the commands of the games before the previous one are
dropped (:data:`KEEP`): a server new to the table starts from that state, so a table played
all evening is not replayed game by game, and its list does not grow without end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any, Protocol

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from game.game import new_game_id

KEY = "spades:"
TABLES = KEY + "tables"
"""The set of open tables' numbers."""
NEXT_TABLE = KEY + "next-table"
PERSON = KEY + "person:"
"""``person:<token>`` → the person's id and name (a person may come back through any server)."""
PERSON_KEPT = 7 * 24 * 3600
"""Seconds a token is kept after its person last said hello."""
ALIVE = KEY + "alive:"
"""``alive:<server>`` → how many people are connected to that server; it expires unless renewed."""
TAKEN = KEY + "taken:"
"""``taken:<table>:<server gone>``: which server takes over the duty of that table (the first to set it)."""
COMMANDS, CHAT, KICK = KEY + "commands", KEY + "chat", KEY + "kick"
"""Channels: a table's command appended (``<table>:<index>``), a chat line, a person connected elsewhere."""
ALIVE_EVERY = 1.0
"""Seconds between two signs of life."""
ALIVE_FOR_MS = 3_000
"""Milliseconds a sign of life lasts: a server silent that long is taken for gone."""
POOL_SIZE = 16
"""Connections to Redis at most; more wait for one (a crowd coming back asks for their tokens)."""
LISTEN_WAIT = 0.5
"""Seconds one read of the channels waits for a message."""
STOP_WAIT = 3.0
"""Seconds a server stopping waits for what it still has to say to Redis."""
CLOSED_KEPT = 60
"""Seconds a closed table's commands are kept (for a server still catching up)."""
APPEND = """
local base = tonumber(redis.call('HGET', KEYS[2], 'base') or '0')
local index = base + redis.call('RPUSH', KEYS[1], ARGV[1]) - 1
redis.call('PUBLISH', ARGV[2], ARGV[3] .. ':' .. index)
return index
"""
"""Append a command to its table's list and announce it, at once (so no server misses one). A
command's index counts from the table's first, the commands dropped (`base`) included."""
READ = """
local base = tonumber(redis.call('HGET', KEYS[2], 'base') or '0')
local from = tonumber(ARGV[1])
local state = false
if ARGV[3] == '1' or from < base then
  local at = redis.call('HGET', KEYS[2], 'at')
  if at then
    state = redis.call('HGET', KEYS[2], 'state')
    from = tonumber(at) + 1
  end
end
local stop = tonumber(ARGV[2])
if stop >= 0 then
  stop = stop - base
  if stop < from - base then return {from, state, {}} end
end
return {from, state, redis.call('LRANGE', KEYS[1], from - base, stop)}
"""
"""A table's commands from index ARGV[1] to ARGV[2] (-1: all). A server new to the table (ARGV[3]
is 1), or one whose next command was dropped, starts from the table's state instead (when one was
kept), with the commands after it: the first index read, the state (or false), the commands."""
KEEP = """
local old = tonumber(redis.call('HGET', KEYS[2], 'at') or '-1')
local at = tonumber(ARGV[1])
if at <= old then return 0 end
local base = tonumber(redis.call('HGET', KEYS[2], 'base') or '0')
if old >= 0 then
  redis.call('LTRIM', KEYS[1], old + 1 - base, -1)
  base = old + 1
end
redis.call('HSET', KEYS[2], 'base', base, 'at', at, 'state', ARGV[2])
return 1
"""
"""Keep a table's state as it was after its command ARGV[1] (a new game, not yet played), and drop
the commands before the state kept last time: a server a whole game behind still finds the
commands it has not applied, and a table played all evening is not replayed game by game."""
DEALT = ("create", "sit", "again")
"""Commands that may start a game: they bring its seed and id, so every server deals the same."""


class Applier(Protocol):
    """What a bus needs of the server it serves."""

    def apply(self, command: dict[str, Any]) -> None: ...

    def hear_chat(self, line: dict[str, Any]) -> None: ...

    def kicked(self, player: str) -> None: ...

    def people_here(self) -> int: ...

    def not_shared(self, command: dict[str, Any]) -> None: ...

    def state_of(self, number: int) -> dict[str, Any] | None: ...

    def restore(self, state: dict[str, Any]) -> None: ...

    @property
    def duty(self) -> dict[int, str]: ...


class LocalBus:
    """A server alone: each command is applied as it is made."""

    process = "here"
    """The name of this server among those sharing tables (alone, any name)."""

    def __init__(self, server: Applier) -> None:
        self.server = server
        self.next_table = 1

    async def start(self) -> None:
        """Nothing to connect to."""

    async def stop(self) -> None:
        """Nothing to let go of."""

    def submit(self, command: dict[str, Any]) -> None:
        if command["kind"] == "create":
            command["table"], self.next_table = self.next_table, self.next_table + 1
        self.server.apply(command)

    def chat(self, line: dict[str, Any]) -> None:
        self.server.hear_chat(line)

    def kick(self, player: str) -> None:
        """Nobody else can have the person's connection."""

    async def person(self, token: str) -> tuple[str, str] | None:
        """Nobody else knows a token this server does not."""
        return None

    def remember(self, token: str, player: str, name: str) -> None:
        """Nobody else needs to know the token."""

    def people_elsewhere(self) -> int:
        return 0

    def closed(self, number: int) -> None:
        """Nothing to clear."""


class RedisBus:
    """The tables shared with every server given the same Redis `url` (see the module's text)."""

    def __init__(self, url: str, server: Applier) -> None:
        self.url = url
        self.server = server
        self.process = secrets.token_hex(6)
        self.redis: aioredis.Redis | None = None
        self.pubsub: Any = None
        self.outgoing: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        """What this server says, in order: a command, a message to publish, a token, a table's state,
        a table closed."""
        self.applied: dict[int, int] = {}
        """Table → the index of the last of its commands applied here."""
        self.replayed = 0
        """Commands (and states kept) applied here so far."""
        self.elsewhere = 0
        """People connected to the other servers, as they said last."""
        self.tasks: set[asyncio.Task] = set()
        self.stopping = False

    # -- starting and stopping ----------------------------------------------------------------------
    async def start(self) -> None:
        """Connect, say this server is alive, apply every open table's commands so far, and follow
        what comes next. RedisError (or ValueError for a bad URL) if Redis cannot be used."""
        pool = aioredis.BlockingConnectionPool.from_url(self.url, decode_responses=True, max_connections=POOL_SIZE)
        self.redis = aioredis.Redis(connection_pool=pool)
        await self.redis.ping()
        self.pubsub = self.redis.pubsub()
        await self.pubsub.subscribe(COMMANDS, CHAT, KICK)  # first: nothing appended while loading is missed
        await self._say_alive()
        started = time.perf_counter()
        await self._catch_up_all()
        tables = len(self.applied)
        _tell(f"caught up with {tables} table{'s' * (tables != 1)} ({self.replayed:,} commands) "
              f"in {time.perf_counter() - started:.1f} s")
        self._spawn(self._listen())
        self._spawn(self._send())
        self._spawn(self._keep_alive())

    async def stop(self) -> None:
        """Stop following; the other servers take over this one's tables at once."""
        # Nothing is cancelled while it talks to Redis: cancelled there, redis-py 8.1 may go on
        # waiting. The listener ends at its next read's timeout, the writer once what was said
        # before is written, and the sign of life at its next beat.
        self.stopping = True
        self.outgoing.put_nowait(("stop", None))
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=STOP_WAIT)
        if self.redis is not None:
            with contextlib.suppress(RedisError):
                await self.redis.delete(ALIVE + self.process)
            await self.redis.aclose(close_connection_pool=True)  # the channels' connection too

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- what this server says ------------------------------------------------------------------------
    def submit(self, command: dict[str, Any]) -> None:
        """Append `command` to its table's commands; it is applied here when it comes back, as
        everywhere."""
        self.outgoing.put_nowait(("command", command))

    def chat(self, line: dict[str, Any]) -> None:
        self.outgoing.put_nowait(("publish", (CHAT, json.dumps(line))))

    def kick(self, player: str) -> None:
        """`player` connected here: a connection of theirs at another server closes."""
        self.outgoing.put_nowait(("publish", (KICK, json.dumps([player, self.process]))))

    def remember(self, token: str, player: str, name: str) -> None:
        self.outgoing.put_nowait(("remember", (token, json.dumps([player, name]))))

    def closed(self, number: int) -> None:
        """Table `number` closed (every server applies it and says so: saying it twice does no harm)."""
        self.outgoing.put_nowait(("closed", number))

    async def _send(self) -> None:
        """Write what this server says to Redis, one thing after another, in the order said."""
        while True:
            kind, what = await self.outgoing.get()
            if kind == "stop":
                return
            try:
                await self._write(kind, what)
            except RedisError as error:
                _tell(f"what this server said ({kind}) could not be shared and is lost: {error}")
                if kind == "command":
                    self.server.not_shared(what)

    async def _write(self, kind: str, what: Any) -> None:
        if kind == "command":
            await self._append(what)
        elif kind == "publish":
            await self.redis.publish(*what)
        elif kind == "remember":
            token, text = what
            await self.redis.set(PERSON + token, text, ex=PERSON_KEPT)
        elif kind == "state":
            number, at, state = what
            await self.redis.eval(KEEP, 2, _commands(number), _kept(number), at, json.dumps(state))
        else:
            await self.redis.srem(TABLES, what)
            await self.redis.expire(_commands(what), CLOSED_KEPT)
            await self.redis.expire(_kept(what), CLOSED_KEPT)

    async def _append(self, command: dict[str, Any]) -> None:
        if command["kind"] == "create":
            command["table"] = await self.redis.incr(NEXT_TABLE)
            await self.redis.sadd(TABLES, command["table"])
        if command["kind"] in DEALT:
            seed = secrets.randbits(48)
            command["deal"] = [seed, new_game_id(random.Random(seed ^ 0x5EED))]
        number = command["table"]
        await self.redis.eval(APPEND, 2, _commands(number), _kept(number), json.dumps(command), COMMANDS, str(number))

    async def person(self, token: str) -> tuple[str, str] | None:
        """The id and name of the person `token` was given to at any of the servers, or None."""
        try:
            known = await self.redis.get(PERSON + token)
            player, name = json.loads(known) if known else (None, None)
        except (RedisError, ValueError, TypeError):
            return None
        return (str(player), str(name)) if player and name else None

    def people_elsewhere(self) -> int:
        return self.elsewhere

    # -- what the other servers say -------------------------------------------------------------------
    async def _listen(self) -> None:
        """Follow the channels. While Redis cannot be reached, try again every second; once it
        answers again, catch up with every open table (what was announced meanwhile was missed)."""
        lost = False
        while not self.stopping:
            try:
                message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=LISTEN_WAIT)
                if lost:
                    lost = False
                    await self._catch_up_all()
                if message is not None and message.get("type") == "message":
                    await self._heard(message["channel"], message["data"])
            except (ValueError, KeyError, TypeError) as error:
                _tell(f"a shared message could not be read: {error}")
            except RedisError as error:
                if not lost:
                    _tell(f"the shared tables cannot be read: {error}")
                lost = True
                await asyncio.sleep(ALIVE_EVERY)

    async def _catch_up_all(self) -> None:
        for number in sorted({*self.applied, *(int(n) for n in await self.redis.smembers(TABLES))}):
            await self._catch_up(number)

    async def _heard(self, channel: str, data: str) -> None:
        if channel == COMMANDS:
            number, index = (int(part) for part in data.split(":"))
            await self._catch_up(number, index)
        elif channel == CHAT:
            self.server.hear_chat(json.loads(data))
        elif channel == KICK:
            player, by = json.loads(data)
            if by != self.process:
                self.server.kicked(player)

    async def _catch_up(self, number: int, index: int | None = None) -> None:
        """Apply table `number`'s commands not applied yet, up to `index` (all with None): from the
        state kept at its last new game for a table new here (see :data:`KEEP`)."""
        last = self.applied.get(number, -1)
        if index is not None and index <= last:
            return
        first, state, texts = await self.redis.eval(READ, 2, _commands(number), _kept(number), last + 1,
                                                    -1 if index is None else index, int(number not in self.applied))
        if state:
            if number in self.applied:
                _tell(f"table {number} was a whole game ahead of this server: it goes on from its new game")
            self._apply(number, first - 1, self.server.restore, json.loads(state))
        last = int(first) - 1
        for text in texts:
            last += 1
            self._apply(number, last, self.server.apply, json.loads(text))

    def _apply(self, number: int, index: int, apply: Callable[[dict[str, Any]], None], what: dict[str, Any]) -> None:
        """Apply table `number`'s command `index` (or its state as it was after it); a table's state
        is kept once a new game begins there and the duty server has it (:meth:`Applier.state_of`)."""
        self.applied[number] = index
        self.replayed += 1
        try:
            apply(what)
        except Exception:  # noqa: BLE001 - one command that cannot be applied must not stop the others
            _tell(f"command {index} of table {number} could not be applied:\n{traceback.format_exc()}")
            return
        if what.get("kind") == "again":
            state = self.server.state_of(number)
            if state is not None:
                self.outgoing.put_nowait(("state", (number, index, state)))

    # -- which servers are alive ----------------------------------------------------------------------
    async def _keep_alive(self) -> None:
        silent = False
        while not self.stopping:
            try:
                await self._say_alive()
                await self._take_over()
                silent = False
            except RedisError as error:
                if not silent:  # once an outage, not every second of it
                    _tell(f"Redis did not answer: {error}")
                silent = True
            await asyncio.sleep(ALIVE_EVERY)

    async def _say_alive(self) -> None:
        await self.redis.set(ALIVE + self.process, self.server.people_here(), px=ALIVE_FOR_MS)
        keys = [key async for key in self.redis.scan_iter(ALIVE + "*")]
        counts = await self.redis.mget(keys) if keys else []
        self.elsewhere = sum(int(count or 0) for key, count in zip(keys, counts, strict=True)
                             if key != ALIVE + self.process)

    async def _take_over(self) -> None:
        """Take over the duty of the tables whose server is gone (the first server to ask gets it)."""
        for number, duty in list(self.server.duty.items()):
            if duty == self.process or await self.redis.exists(ALIVE + duty):
                continue
            if await self.redis.set(f"{TAKEN}{number}:{duty}", self.process, nx=True, px=10 * ALIVE_FOR_MS):
                self.submit({"kind": "duty", "table": number, "process": self.process, "dead": duty})


def _commands(number: int) -> str:
    return f"{KEY}table:{number}"


def _kept(number: int) -> str:
    """The hash of a table's state kept at its last new game (``at``, ``state``) and how many of
    its first commands were dropped (``base``)."""
    return f"{KEY}table:{number}:kept"


def _tell(text: str) -> None:
    """Tell whoever runs the server (on the error stream, with the server's other warnings)."""
    print(f"Shared tables: {text}", file=sys.stderr, flush=True)
