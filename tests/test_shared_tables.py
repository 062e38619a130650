"""Servers sharing their tables through a real Redis server (``--redis URL``): one lobby, a table
played by people connected to different servers, and a server killed mid-hand whose table goes
on at another server, where its player comes back to the seat with the token.

Each test starts its own ``redis-server`` (:func:`tests.redis_server.redis_server`) and its
servers on 127.0.0.1, port 0: in threads of this process, or as ``python -m net.server`` when
the test kills one. The clients are :class:`tests.test_server.Peer` connections."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from redis import StrictRedis

import net.table
from game.records.handlog import read_log
from net.bot import BotStats, SeatBot, player_maker
from net.bus import RedisBus
from net.client import NetClient
from net.server import NOT_SHARED
from tests.netserver import running_server
from tests.redis_server import redis_server
from tests.test_server import (
    GAME_WAIT,
    SHORT_GAME,
    WAIT,
    Peer,
    _hands_logged,
    _line,
    _play_until_own_card,
    assert_nothing_hidden_is_sent,
    create,
    event,
    first_legal,
    join,
    of_type,
    play_to_the_end,
    unique_names,
    until_forgotten,
    watch,
)

ROOT = Path(__file__).resolve().parent.parent
SERVER = [sys.executable, "-m", "net.server", "--host", "127.0.0.1", "--workers", "1", "--pace", "0"]
"""A server in a process of its own, as quick as the tests' servers in threads."""


def _events(peer: Peer) -> list[tuple[int, str]]:
    return [(m["seq"], m["event"]["kind"]) for m in peer.got if m["type"] == "event"]


def _lobby_counts(peer: Peer, people: int) -> bool:
    """Ask for the lobby until it counts `people` connected (each server says its own every second)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        peer.send(type="tables")
        if peer.until(of_type("lobby"))["people"] == people:
            return True
        time.sleep(0.2)
    return False


def _until_listed(peer: Peer, table: int) -> dict:
    """Read until `peer`'s lobby lists `table` (a table made at another server reaches this one's
    lobby through Redis, a moment after it was made); its entry."""
    listed = peer.until(lambda m: m["type"] == "lobby" and any(t["table"] == table for t in m["tables"]))
    return next(t for t in listed["tables"] if t["table"] == table)


def test_two_servers_given_one_redis_share_the_lobby_and_a_table_played_from_both(tmp_path: Path) -> None:
    saved_a, saved_b = tmp_path / "a.save", tmp_path / "b.save"
    with (redis_server(tmp_path) as redis, running_server(redis=redis.url, save=saved_a) as a,
          running_server(redis=redis.url, save=saved_b) as b, Peer(a.address, "Ann") as ann,
          Peer(b.address, "Bo") as bo, Peer(b.address, "Eve") as eve):
        table = create(ann, SHORT_GAME, humans="SN")
        entry = _until_listed(bo, table)
        assert entry["seats"]["S"]["name"] == "Ann" and entry["seats"]["N"]["kind"] == "open"
        assert _lobby_counts(bo, 3), "the lobby counts the people at both servers"
        watch(eve, table)
        eve.send(type="chat", text="hello from the other server")  # before the game: no turn is missed
        line = {"type": "chat", "from": "Eve", "text": "hello from the other server", "where": table}
        assert ann.until(of_type("chat")) == line and eve.until(of_type("chat")) == line
        join(bo, table, "N")
        play_to_the_end([ann, bo, eve])
    truth = _hands_logged(saved_a)  # the server where the table was made keeps its log
    assert truth and (not saved_b.exists() or not read_log(saved_b).hands), "each hand is saved once"
    for peer, seat in ((ann, "S"), (bo, "N"), (eve, None)):
        assert_nothing_hidden_is_sent(peer.got, seat, truth)
    assert _events(ann) == _events(bo) == _events(eve), "the same events, in the same order, everywhere"


def test_someone_a_server_forgot_comes_back_as_themselves_at_any_server_with_the_token_redis_keeps(
        tmp_path: Path) -> None:
    """A server forgets someone gone who holds no seat (its ``--forget``), but Redis keeps their
    token a week: they come back as themselves there or at another server, under their first name."""
    (name,) = unique_names(1)
    with (redis_server(tmp_path) as redis, running_server(redis=redis.url, forget=0.3) as a,
          running_server(redis=redis.url, forget=0.3) as b):
        ann = Peer(a.address, name)
        ann.close()
        until_forgotten(name)
        for server in (a, b):
            with Peer(server.address, "Someone", token=ann.welcome["token"]) as back:
                assert (back.welcome["you"], back.welcome["token"], back.welcome["name"]) == (
                    ann.welcome["you"], ann.welcome["token"], name)
                back.until(of_type("lobby"))


@contextmanager
def server_process(url: str) -> Iterator[tuple[subprocess.Popen, str]]:
    """``python -m net.server --redis URL`` in a process of its own (to be killed), and its address."""
    process = subprocess.Popen([*SERVER, "-p", "0", "--redis", url], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        line = _line(process, 3 * WAIT)
        found = re.fullmatch(r"Spades server listening on (127\.0\.0\.1:\d+) \(protocol version 1\)\n", line)
        assert found, f"{line!r}; the server said {process.stderr.read() if process.poll() is not None else ''}"
        yield process, found[1]
    finally:
        process.kill()
        process.wait(WAIT)
        for pipe in (process.stdout, process.stderr):  # its worker may hold them a moment longer
            pipe.close()


def test_a_server_killed_mid_hand_leaves_its_table_to_another_where_the_player_comes_back(tmp_path: Path) -> None:
    with (redis_server(tmp_path) as redis, running_server(redis=redis.url, hold=30.0) as b,
          server_process(redis.url) as (process, a_address), Peer(b.address, "Eve") as eve):
        ann = Peer(a_address, "Ann")
        table = create(ann, SHORT_GAME)  # three computers, thinking at the server where it was made
        _until_listed(eve, table)  # the other server learns of it through Redis, a moment later
        watch(eve, table)
        _play_until_own_card(ann)
        token, last_seq = ann.welcome["token"], ann.last_seq
        workers = _children(process.pid)
        assert workers, "the server thought for its computers in a worker process"
        process.kill()  # no goodbye: the other server finds it gone when it stops saying it is alive
        ann.closed()
        with Peer(b.address, "Ann", token=token, last_seq=last_seq) as back:
            assert (back.welcome["table"], back.welcome["seat"]) == (table, "S"), "the seat, at the other server"
            synced = back.until(of_type("synced"), play=first_legal)
            missed = [m["seq"] for m in back.got if m["type"] == "event"]
            assert missed == list(range(last_seq + 1, synced["seq"] + 1)), "every event missed, once"
            play_to_the_end([back, eve])  # the computers think at the server still alive
            assert back.seen(event("game_over"))
        seqs = [seq for seq, _ in _events(eve)]
        assert seqs == list(range(1, len(seqs) + 1)), "the spectator lost no event across the change of server"
    deadline = time.monotonic() + WAIT
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _running(pid)], "the killed server's workers ended with it"


def _slow_to_hear(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The servers in this process hear what Redis announces only while the event returned is set
    (it is at first): a server that falls behind the shared tables."""
    hearing = threading.Event()
    hearing.set()
    heard = RedisBus._heard

    async def held_up(bus: RedisBus, channel: str, data: str) -> None:
        while not hearing.is_set():
            await asyncio.sleep(0.01)
        await heard(bus, channel, data)

    monkeypatch.setattr(RedisBus, "_heard", held_up)
    return hearing


def test_a_player_back_through_a_server_behind_the_shared_tables_gets_each_missed_event_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hearing = _slow_to_hear(monkeypatch)  # B, in this process; A is a process of its own
    with (redis_server(tmp_path) as redis, running_server(redis=redis.url, hold=30.0) as b,
          server_process(redis.url) as (_, a_address), Peer(b.address, "Eve") as eve):
        ann = Peer(a_address, "Ann")
        table = create(ann, SHORT_GAME)
        eve.until(lambda m: m["type"] == "lobby" and any(
            t["table"] == table and t["seats"]["S"]["name"] == "Ann" for t in m["tables"]))
        hearing.clear()  # B knows Ann's seat, and nothing of the game from here on
        _play_until_own_card(ann)
        token, last_seq = ann.welcome["token"], ann.last_seq
        with Peer(b.address, "Ann", token=token, last_seq=last_seq) as back:
            assert ann.closed().rcvd.reason == "connected again elsewhere"
            hearing.set()  # B now applies the whole game so far, then Ann's return
            synced = back.until(of_type("synced"), play=first_legal)
            missed = [m["seq"] for m in back.got if m["type"] == "event"]
            assert missed == list(range(last_seq + 1, synced["seq"] + 1)), "every event missed, once"
            play_to_the_end([back])


def test_a_computers_reasons_are_worded_where_it_thought_and_carried_to_the_other_servers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    worded: list[Any] = []
    explain = net.table.explain
    monkeypatch.setattr(net.table, "explain", lambda *args, **more: worded.append(args) or explain(*args, **more))
    with (redis_server(tmp_path) as redis, server_process(redis.url) as (_, a_address),
          running_server(redis=redis.url) as b, Peer(b.address, "Eve") as eve):
        ann = Peer(a_address, "Ann")
        table = create(ann, SHORT_GAME)  # three computers, thinking at A
        _until_listed(eve, table)
        watch(eve, table)
        play_to_the_end([ann, eve])
        ann.close()
    for kind, key in (("event", "seq"), ("shown", "hand")):
        said = [{m[key]: m["why"] for m in peer.got if m["type"] == kind and "why" in m} for peer in (ann, eve)]
        assert said[0] and said[0] == said[1], f"the reasons sent with each {kind}, the same from both servers"
    assert not worded, "B, which did not think for the computers, did not word their reasons again"


def _children(pid: int) -> list[int]:
    """The processes `pid` started that still run (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    """Whether process `pid` still runs (not ended, nor a zombie waiting to be reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_coming_back_through_another_server_takes_the_seat_there_and_closes_the_first_connection(
        tmp_path: Path) -> None:
    with (redis_server(tmp_path) as redis, running_server(redis=redis.url) as a, running_server(redis=redis.url) as b,
          Peer(a.address, "Ann") as ann):
        table = create(ann, SHORT_GAME)
        _play_until_own_card(ann)
        token, last_seq = ann.welcome["token"], ann.last_seq
        with Peer(b.address, "Ann", token=token, last_seq=last_seq) as back:
            assert ann.closed().rcvd.reason == "connected again elsewhere"
            assert (back.welcome["you"], back.welcome["table"], back.welcome["seat"]) == (
                ann.welcome["you"], table, "S")
            back.until(of_type("synced"), play=first_legal)
            play_to_the_end([back])
            back.send(type="leave")
            back.until(of_type("lobby"))
        with Peer(a.address, "Cy") as cy:  # the table closed once its one person left
            cy.send(type="tables")
            deadline = time.monotonic() + WAIT
            while any(t["table"] == table for t in cy.until(of_type("lobby"))["tables"]):
                assert time.monotonic() < deadline, "the closed table is still listed"
                cy.send(type="tables")
                time.sleep(0.1)


def test_a_server_started_later_knows_every_table_already_in_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with redis_server(tmp_path) as redis, running_server(redis=redis.url) as a, Peer(a.address, "Ann") as ann:
        table = create(ann, SHORT_GAME)
        _play_until_own_card(ann)
        decisions = sum(1 for seq, kind in _events(ann) if kind in ("bid", "card_played"))
        capsys.readouterr()
        with running_server(redis=redis.url) as b, Peer(b.address, "Eve") as eve:
            told = re.fullmatch(r"Shared tables: caught up with 1 table \(([\d,]+) commands\) in \d+\.\d s\n",
                                capsys.readouterr().err)
            assert told and int(told[1].replace(",", "")) > decisions, "a command for each decision, and the table's"
            listed = eve.until(of_type("lobby"))["tables"]
            assert [t["table"] for t in listed] == [table] and listed[0]["state"] == "playing"
            watch(eve, table)
            play_to_the_end([ann, eve])
        seen = _events(eve)
        assert seen == _events(ann) and [seq for seq, _ in seen] == list(range(1, len(seen) + 1))


def _until_kept_at_the_new_game(url: str, table: int) -> None:
    """Wait until the table's state is kept as it was after its last "again" (the duty server
    keeps it a moment after the new game begins; until then a server behind goes on from the
    game before, and replays it)."""
    store = StrictRedis.from_url(url, decode_responses=True)

    def last_again_and_kept() -> tuple[int, int]:
        base = int(store.hget(f"spades:table:{table}:kept", "base") or 0)
        kinds = [json.loads(text).get("kind") for text in store.lrange(f"spades:table:{table}", 0, -1)]
        again = max(base + i for i, kind in enumerate(kinds) if kind == "again")
        return again, int(store.hget(f"spades:table:{table}:kept", "at") or -1)

    deadline = time.monotonic() + WAIT
    while (seen := last_again_and_kept())[0] != seen[1]:
        assert time.monotonic() < deadline, f"the new game's state is not kept (last again, kept at): {seen}"
        time.sleep(0.05)


def _this_game(peer: Peer) -> list[tuple[int, str]]:
    """The events `peer` was sent of the game in play (a new game numbers its events from 1 again)."""
    seen = _events(peer)
    return seen[max(i for i, (seq, _) in enumerate(seen) if seq == 1):]


def test_a_table_played_game_after_game_is_kept_from_its_new_game_and_a_later_server_starts_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with redis_server(tmp_path) as redis, running_server(redis=redis.url) as a, Peer(a.address, "Ann") as ann:
        table = create(ann, SHORT_GAME)  # a game of one hand, three computers
        for _ in range(3):
            play_to_the_end([ann])
            ann.send(type="again")
        ann.until(event("hand_started"))
        store = StrictRedis.from_url(redis.url, decode_responses=True)

        def dropped_and_kept() -> tuple[int, int]:  # the state is kept a moment after the new game begins
            return int(store.hget(f"spades:table:{table}:kept", "base") or 0), store.llen(f"spades:table:{table}")

        deadline = time.monotonic() + WAIT
        while not dropped_and_kept()[0] > dropped_and_kept()[1] > 0:
            assert time.monotonic() < deadline, f"the games before the last are still kept: {dropped_and_kept()}"
            time.sleep(0.05)
        dropped = dropped_and_kept()[0]
        capsys.readouterr()
        with running_server(redis=redis.url) as b, Peer(b.address, "Eve") as eve:
            told = re.search(r"caught up with 1 table \(([\d,]+) commands\)", capsys.readouterr().err)
            assert told and int(told[1].replace(",", "")) < dropped, "a server new to it starts at the new game"
            entry = _until_listed(eve, table)
            assert (entry["seats"]["S"]["name"], entry["state"]) == ("Ann", "playing")
            watch(eve, table)
            play_to_the_end([ann, eve])
        assert _this_game(eve) == _this_game(ann), "the game in play, the same event for event at both servers"


def test_a_server_a_whole_game_behind_goes_on_from_the_tables_new_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    hearing = _slow_to_hear(monkeypatch)  # B, in this process
    with (redis_server(tmp_path) as redis, server_process(redis.url) as (_, a_address),
          running_server(redis=redis.url) as b, Peer(b.address, "Eve") as eve):
        ann = Peer(a_address, "Ann")
        table = create(ann, SHORT_GAME)
        _until_listed(eve, table)
        watch(eve, table)
        hearing.clear()  # B hears nothing of the next games
        for _ in range(3):
            play_to_the_end([ann])
            ann.send(type="again")
        ann.until(event("hand_started"))
        _until_kept_at_the_new_game(redis.url, table)
        hearing.set()
        play_to_the_end([ann, eve])
        ann.close()
    assert "was a whole game ahead of this server: it goes on from its new game" in capsys.readouterr().err
    assert _this_game(eve) == _this_game(ann), "the watcher at B follows the game in play from its start"


def test_bots_join_a_table_made_at_another_server_once_their_server_lists_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hearing = _slow_to_hear(monkeypatch)  # B, in this process, learns of the new table late
    seats = {"S": "human", "W": "human", "N": "computer", "E": "computer"}
    with redis_server(tmp_path) as redis, server_process(redis.url) as (_, a_address), running_server(
            redis=redis.url) as b:

        async def play() -> list[BotStats]:
            made: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            maker = SeatBot(a_address, "Ann", player_maker("normal"), create={"rules": SHORT_GAME, "seats": seats},
                            on_table=lambda number: made.done() or made.set_result(number))
            first = asyncio.create_task(maker.run())
            hearing.clear()
            joiner = SeatBot(b.address, "Wes", player_maker("normal"), table=await made, seat="W")
            second = asyncio.create_task(joiner.run())
            await asyncio.sleep(0.5)  # Wes at B, whose lobby does not list the table yet
            hearing.set()
            return await asyncio.wait_for(asyncio.gather(first, second), GAME_WAIT)

        stats = asyncio.run(play())
    assert [(bot.games, bot.errors) for bot in stats] == [(1, []), (1, [])], "both played the game, nothing refused"


def test_with_redis_gone_a_players_move_is_answered_that_it_was_not_done(tmp_path: Path) -> None:
    with redis_server(tmp_path) as redis, running_server(redis=redis.url) as a, Peer(a.address, "Ann") as ann:
        create(ann, SHORT_GAME)
        view = ann.until(of_type("turn"))["view"]
        redis.stop()
        ann.send(type="act", choice=first_legal(view))
        assert ann.until(of_type("error"), timeout=3 * WAIT)["reason"] == NOT_SHARED


class Listening:
    """``python -m net.server -l`` sharing `port` and the tables of `url`; what it prints is kept
    (read in a thread of its own, so that the server never waits on a full pipe)."""

    def __init__(self, url: str, port: int) -> None:
        self.process = subprocess.Popen([*SERVER, "-p", str(port), "--redis", url, "-l"], cwd=ROOT,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line)

    def said(self, words: str) -> bool:
        return any(words in line for line in list(self.lines))

    def end(self) -> None:
        self.process.kill()
        self.process.wait(WAIT)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.skipif(not hasattr(socket, "SO_REUSEPORT"), reason="servers share a port only where the system allows it")
def test_the_game_reconnects_by_itself_to_the_server_left_on_the_same_port_and_finishes_the_hand(
        tmp_path: Path) -> None:
    port = _free_port()
    with redis_server(tmp_path) as redis:
        servers = [Listening(redis.url, port) for _ in range(2)]
        try:
            deadline = time.monotonic() + 3 * WAIT
            while not all(s.said("listening") for s in servers):
                assert time.monotonic() < deadline, "the two servers did not both start on one port"
                time.sleep(0.05)
            client = NetClient(f"127.0.0.1:{port}", "Ann")
            got: list[dict] = []
            try:
                client.send({"type": "create", "rules": SHORT_GAME,
                             "seats": {"S": "human", "W": "computer", "N": "computer", "E": "computer"}})
                _answer_until(client, got, lambda m: m.get("event", {}).get("kind") == "card_played"
                              and m["event"]["seat"] == "S")
                (serving,) = [s for s in servers if s.said(" Ann: ")]
                serving.end()  # the server Ann's game is connected to, and on duty at her table
                _answer_until(client, got, lambda m: m.get("event", {}).get("kind") == "game_over")
                assert any(m["type"] == "status" and m["status"] == "reconnecting" for m in got)
                seqs = [m["seq"] for m in got if m["type"] == "event"]
                assert seqs == list(range(1, len(seqs) + 1)), "every event once, across the change of server"
            finally:
                client.close()
        finally:
            for server in servers:
                server.end()


def _answer_until(client: NetClient, got: list[dict], done: Callable[[dict], bool]) -> None:
    """Receive with the game's own client, answering each turn with the first legal choice, until
    a message `done` accepts."""
    deadline = time.monotonic() + 4 * WAIT
    while time.monotonic() < deadline:
        arrived = client.receive()
        for message in arrived:
            got.append(message)
            if message["type"] == "turn":
                client.send({"type": "act", "choice": first_legal(message["view"])})
        if any(done(message) for message in arrived):
            return
        time.sleep(0.01)
    raise AssertionError(f"not received in time; the last ones were {[m['type'] for m in got[-6:]]}")
