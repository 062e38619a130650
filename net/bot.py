"""A computer player that joins a server's table as an ordinary client.

``python -m net.bot --server HOST:PORT --level expert [--table N --seat E]`` connects, sits
at the given table and seat (or at the first open seat of any table, or at a new table of
its own when there is none), and answers every turn the server gives it — with a level of
the game, or a bot of ``docs/bot-api.md`` given as ``module.path:Class`` or
``path/to/file.py:Class`` (which then plays in a process of its own). The load test runs
hundreds of these in one process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.players import decide, default_choice
from game.players.bot_process import BotProcess
from game.players.levels import LEVELS
from net.client import server_address
from net.fields import ProtocolError
from net.protocol import MAX_FROM_SERVER, VERSION, encode
from net.server_messages import read_server_message

SEATS_ORDER = ("S", "W", "N", "E")


@dataclass
class BotStats:
    """What a bot saw: decisions made, how long each took to come back as an event, errors."""

    decisions: int = 0
    hands: int = 0
    games: int = 0
    latencies: list[tuple[float, float]] = field(default_factory=list)
    """Each action's time to its event, with when it came back (``time.monotonic()``)."""
    errors: list[str] = field(default_factory=list)


def level_player(level: str, seat: str, rules: dict, seed: int) -> Any:
    return LEVELS[level](seat, rules, seed)


@dataclass
class SeatBot:
    """One seat played by a bot: `make(seat, rules, seed)` builds the player once the table is known."""

    address: str
    name: str
    make: Callable[[str, dict, int], Any]
    table: int | None = None
    seat: str | None = None
    create: dict | None = None
    """A table to create and sit at (a ``create`` message's fields) instead of joining."""
    pace: float = 0.0
    """Seconds to wait before each answer (a person's thinking)."""
    games: int = 1
    until: float | None = None
    """A time (``time.monotonic()``) after which the bot leaves, whatever the game."""
    on_table: Callable[[int], None] | None = None
    """Told the table's number once the bot sits (a bot that created the table tells the others)."""
    stats: BotStats = field(default_factory=BotStats)

    async def run(self) -> BotStats:
        """Play until `games` games are over at the table (or the connection ends)."""
        async with connect(server_address(self.address), max_size=MAX_FROM_SERVER, compression=None) as ws:
            await ws.send(encode({"type": "hello", "version": VERSION, "name": self.name}))
            left = None if self.until is None else max(0.0, self.until - time.monotonic())
            with contextlib.suppress(asyncio.TimeoutError):  # `until` passed at a table where nothing happens
                await asyncio.wait_for(self._play(ws), left)
        return self.stats

    async def _play(self, ws) -> None:
        player = None
        seated: str | None = None
        sent_at: float | None = None
        joining = False
        async for raw in ws:
            if self.until is not None and time.monotonic() > self.until:
                return
            try:
                message = _read(raw)
            except ProtocolError as error:
                self.stats.errors.append(f"unread: {error}")
                continue
            kind = message["type"] if message is not None else None
            if kind in ("welcome", "joined") and message.get("seat") is not None:
                seated = message["seat"]
            if kind == "joined" and self.on_table is not None:
                self.on_table(message["table"])
            elif kind == "lobby" and self.seat is None and self.create is None:
                joining = await self._find_seat(ws, message)
            elif kind == "welcome" and self.create is not None:
                await ws.send(encode({"type": "create", **self.create}))
            elif kind == "lobby" and self.table is not None and not joining and _lists(message, self.table):
                # from the lobby, as a person would: a server sharing tables learns of a new one a moment late
                joining = True
                await ws.send(encode({"type": "join", "table": self.table, "seat": self.seat}))
            elif kind == "event":
                sent_at = self._event(message["event"], sent_at)
                if self.stats.games >= self.games:
                    return
                if message["event"]["kind"] == "game_over" and self.create is not None:
                    await ws.send(encode({"type": "again"}))  # the bot that made the table asks for the next game
            elif kind == "turn" and seated is not None and message["view"]["seat"] != seated:
                self.stats.errors.append(f"a turn for seat {message['view']['seat']}, not this bot's {seated}")
            elif kind == "turn":
                view = message["view"]
                player = player or self.make(view["seat"], view["rules"], hash((self.name, view["seat"])) % 2**31)
                if self.pace:
                    await asyncio.sleep(self.pace)
                try:
                    choice = decide(player, view)
                except Exception as error:  # noqa: BLE001 - a view no play could come from: told, left out
                    self.stats.errors.append(f"no choice for the turn of seq {message.get('seq')}: "
                                             f"{type(error).__name__}: {error}")
                    continue
                await ws.send(encode({"type": "act", "choice": choice}))
                sent_at = time.perf_counter()
                self.stats.decisions += 1
            elif kind in ("error", "refused"):
                self.stats.errors.append(str(message.get("reason")))
                if message.get("fatal"):  # the server is done with this bot
                    return

    def _event(self, event: dict, sent_at: float | None) -> float | None:
        if sent_at is not None:
            self.stats.latencies.append((time.monotonic(), time.perf_counter() - sent_at))
        if event["kind"] == "hand_scored":
            self.stats.hands += 1
        elif event["kind"] == "game_over":
            self.stats.games += 1
        return None

    async def _find_seat(self, ws, lobby: dict) -> bool:
        """Join the first open seat the lobby lists, or make a table: True once asked to join."""
        for table in lobby.get("tables", []):
            for seat in SEATS_ORDER:
                if table["seats"][seat]["kind"] == "open":
                    self.table, self.seat = table["table"], seat
                    await ws.send(encode({"type": "join", "table": self.table, "seat": seat}))
                    return True
        self.create = {"rules": "partner", "seats": dict.fromkeys(SEATS_ORDER, "computer") | {"S": "human"}}
        self.seat = "S"
        await ws.send(encode({"type": "create", **self.create}))
        return False


CACHED_FRAME = 65_536
"""The longest frame :func:`_read` keeps: 64 lobbies of thousands of tables, kept with what was read
from them, took over a gigabyte."""


def _read(raw: str | bytes) -> dict[str, Any] | None:
    """A server's frame, checked once however many bots of this process receive it: the load test
    runs hundreds in one process, and a lobby, or an event of a table, comes to each of them alike
    (the message is then shared: bots read it and never change it). A long frame is read afresh."""
    return _read_kept(raw) if len(raw) <= CACHED_FRAME else read_server_message(raw)


@lru_cache(maxsize=64)
def _read_kept(raw: str | bytes) -> dict[str, Any] | None:
    return read_server_message(raw)


def _lists(lobby: dict, number: int) -> bool:
    """Whether the `lobby` message lists table `number`."""
    return any(isinstance(table, dict) and table.get("table") == number for table in lobby.get("tables", []))


class HostedBot:
    """A bot of ``docs/bot-api.md`` playing in a process of its own; a failed answer is replaced
    by the first legal choice, so the table goes on."""

    TIMEOUT = 10.0

    def __init__(self, spec: str, seat: str, rules: dict, seed: int) -> None:
        self.host = BotProcess(spec)
        self.host.wait_loaded()
        self.host.new_bot(seat, rules, seed, self.TIMEOUT)

    def _ask(self, view: dict) -> Any:
        reply = self.host.ask(view, self.TIMEOUT)
        return reply.answer if reply.ok else default_choice(view)

    bid = play = exchange = _ask


def player_maker(spec: str) -> Callable[[str, dict, int], Any]:
    """A level's name, or a bot class as ``module:Class`` / ``file.py:Class`` (in its own process)."""
    if spec in LEVELS:
        return lambda seat, rules, seed: level_player(spec, seat, rules, seed)
    return lambda seat, rules, seed: HostedBot(spec, seat, rules, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m net.bot", description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="localhost", help="HOST[:PORT] (default localhost:7626)")
    parser.add_argument("--level", default="normal", help=f"a level ({', '.join(LEVELS)}) or module:Class")
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--table", type=int, help="the table to join (default: the first open seat anywhere)")
    parser.add_argument("--seat", choices=SEATS_ORDER, help="the seat to take at --table")
    parser.add_argument("--games", type=int, default=1, help="games to play before leaving")
    args = parser.parse_args(argv)
    if (args.table is None) != (args.seat is None):
        parser.error("--table and --seat go together")
    bot = SeatBot(args.server, args.name, player_maker(args.level), table=args.table, seat=args.seat,
                  games=args.games)
    try:
        stats = asyncio.run(bot.run())
    except (OSError, ConnectionClosed) as error:
        print(f"The bot lost the server: {error}", file=sys.stderr)
        return 1
    print(f"{stats.games} game(s), {stats.hands} hands, {stats.decisions} decisions, {len(stats.errors)} errors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
