"""The network client against a server that sends what no server of ours would: it tells what
it cannot read, leaves it out and keeps the connection (a real WebSocket server on 127.0.0.1,
port 0, sending frames written by hand)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import serve

from game.game import NAME_LENGTH
from game.rules import PRESETS
from game.view import seat_view
from net.bot import SeatBot, player_maker
from net.client import UNREAD, NetClient
from tests.deals import deal

WAIT = 10.0


def _bidding_view(**changes: object) -> dict:
    """South's seat view at its first bid (East deals, South bids first), with `changes`."""
    hand = deal(PRESETS["partner"].rules)
    hand.apply("S", "look")
    return {**seat_view(hand, "S"), **changes}


BIDDING = _bidding_view()
WELCOME = {"type": "welcome", "version": 1, "you": "15fcca294060", "name": "Ann",
           "token": "207eeee33ae728b2f463fe957b868d45", "table": None, "seat": None}
LAST = {"type": "chat", "from": "Bo", "text": "the last line", "where": "lobby"}


def received(frames: list[str]) -> Iterator[dict]:
    """What a client passes on from a server that answers its hello with `frames`, then LAST."""
    said: list[str] = []

    def talk(ws) -> None:
        said.append(ws.recv())  # the client's hello
        for frame in [*frames, json.dumps(LAST)]:
            ws.send(frame)
        with contextlib.suppress(ConnectionClosed):
            ws.recv()  # until the client goes

    with serve(talk, "127.0.0.1", 0, max_size=2**22) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = NetClient(f"127.0.0.1:{server.socket.getsockname()[1]}", "Ann")
        try:
            got: list[dict] = []
            deadline = time.monotonic() + WAIT
            while LAST not in got and time.monotonic() < deadline:
                got += client.receive()
                time.sleep(0.02)
            assert LAST in got, "the connection was kept to the last message"
            assert json.loads(said[0])["type"] == "hello"
            yield from got
        finally:
            client.close()


def test_a_frame_nested_too_deep_to_read_is_told_and_the_next_messages_arrive() -> None:
    got = list(received(["[" * 100_000, json.dumps(WELCOME), '{"type": "lobby", "people": 1, "tables": []}']))
    assert [m["type"] for m in got] == ["error", "welcome", "lobby", "chat"]
    assert got[0]["reason"].startswith(UNREAD)


def test_a_message_of_a_kind_this_version_does_not_know_is_left_out_without_a_word() -> None:
    got = list(received(['{"type": "news", "text": "from a newer server"}', '{"type": "' + "[" * 10 + '"}']))
    assert got == [LAST]


def test_the_welcome_is_read_and_its_token_kept_for_coming_back() -> None:
    got = list(received([json.dumps(WELCOME)]))
    assert got[0] == WELCOME


BROKEN = [
    {"type": "event", "seq": 9},
    {"type": "event", "seq": "NS", "event": {"kind": "card_played", "seat": "E", "card": "KD"}},
    {"type": "event", "seq": [], "event": {"kind": "card_played", "seat": "N", "card": "7D"}},
    {"type": "event", "seq": 5, "event": {"kind": {"a": 1}, "seat": "W", "card": "KC"}},
    {"type": "event", "seq": 5, "event": {"kind": "card_played", "seat": 2.5, "card": "2D"}},
    {"type": "event", "seq": 5, "event": {"kind": "card_played", "seat": "NS", "card": "TS"}},
    {"type": "event", "seq": 5, "event": {"kind": "card_dealt", "seat": [None], "card": None, "position": 10}},
    {"type": "event", "seq": 5, "event": {"kind": "card_dealt", "seat": "E", "card": None, "position": True}},
    {"type": "event", "seq": 5, "event": {"kind": "trick_won", "number": 4, "leader": "S", "winner": None,
                                          "cards": [["S", "AS"], ["W", "2S"], ["N", "5S"], ["E", "3S"]]}},
    {"type": "event", "seq": 5, "event": {"kind": "game_over", "winner": "lobby", "standings": {}}},
    {"type": "turn", "seq": 72, "view": {"seat": "S", "legal": ["AS"]}},
    {"type": "turn", "seq": 72},
    {"type": "turn", "seq": 3, "view": _bidding_view(legal=[])},
    {"type": "turn", "seq": 3, "view": _bidding_view(phase="done", legal=[])},
    {"type": "turn", "seq": 3, "view": _bidding_view(phase="exchange", legal=BIDDING["hand"][:3])},
    {"type": "turn", "seq": 3, "view": _bidding_view(phase="play", bids={"N": "3"}, legal=BIDDING["hand"][:1])},
    {"type": "shown", "seq": 141, "hand": 1, "deal": {"S": ["AS"], "W": ["\x00bad"], "N": [], "E": []}},
    {"type": "shown", "seq": 141, "hand": 1, "deal": {"S": ["AS"], "W": [], "N": 2.5, "E": []}},
    {"type": "cards", "seq": 3, "cards": "AS KS"},
    {"type": "waiting", "seq": 3, "seat": "X"},
    {"type": "lobby", "people": "many", "tables": []},
    {"type": "lobby", "people": 3, "tables": {"1": {}}},
    {"type": "joined", "table": 1, "seat": "S"},
    {"type": "joined", "table": 1, "seat": "S", "summary": {"table": 1, "rules": "partners=7",
                                                             "seats": {s: {"kind": "open"} for s in "SWNE"}}},
    {"type": "table", "table": 1, "seats": {"S": {"kind": "king"}}},
    {"type": "watching", "table": 1, "summary": {"table": 1, "rules": "partners=1 futurerule=2",
                                                 "seats": {s: {"kind": "open"} for s in "SWNE"}}},
    {"type": "chat", "from": "Bo", "text": ["hi"]},
    {"type": "error", "reason": None},
    {"type": "welcome", "version": 1, "token": "t1"},
]


@pytest.mark.parametrize("message", BROKEN, ids=lambda m: json.dumps(m)[:60])
def test_a_message_the_game_could_not_use_is_told_left_out_and_the_connection_kept(message: dict) -> None:
    got = list(received([json.dumps(message)]))
    assert [m["type"] for m in got] == ["error", "chat"]
    assert got[0]["reason"].startswith(UNREAD) and message["type"] in got[0]["reason"]


def test_a_lobby_lists_the_tables_it_can_read_and_says_what_is_wrong_with_the_others() -> None:
    good = {"table": 2, "name": "Bo's table", "variant": "Partner", "rules": PRESETS["partner"].rules.to_line(),
            "level": "normal", "clock": 30.0, "state": "waiting", "hand": 0, "scores": {"NS": 0, "EW": 0},
            "watchers": 0,
            "seats": {s: {"name": "", "kind": "open", "away": False, "connected": False} for s in "SWNE"}}
    bad = {**good, "table": 3, "seats": {"S": {"kind": "open"}}}
    lobby = next(iter(received([json.dumps({"type": "lobby", "people": 2, "tables": [bad, good]})])))
    assert lobby["tables"] == [good]
    assert lobby["unread"] == ["table: seats: seats gives each of S, W, N, E"]


def test_text_from_a_server_is_made_safe_to_draw_and_cut_to_what_fits() -> None:
    chat = {"type": "chat", "from": "B\x00o" + "o" * 100, "text": "hi\x1b[2J" + "!" * 1000, "where": 1}
    got = next(iter(received([json.dumps(chat)])))
    assert got["from"].startswith("B o") and len(got["from"]) <= NAME_LENGTH
    assert got["text"].startswith("hi [2J") and len(got["text"]) <= 200


class Stumped:
    """A player that finds no choice: the views a server could send that no play comes from make a
    real player raise so (a seat view of the play whose bids leave out a seat)."""

    def __init__(self, seat: str, rules: dict, seed: int) -> None:
        pass

    def bid(self, view: dict) -> str:
        raise KeyError("S")


def bot_told(messages: list[dict], make=Stumped, close: bool = True) -> tuple[list[dict], object]:
    """What ``net.bot`` (whose player is made by `make`) sends to a server that answers its hello
    with `messages` (then closes the connection, or, without `close`, waits), and its stats."""
    said: list[dict] = []

    def talk(ws) -> None:
        said.append(json.loads(ws.recv()))  # the bot's hello
        for message in messages:
            ws.send(json.dumps(message))
        if close:
            ws.close()
        with contextlib.suppress(ConnectionClosed):
            while True:
                said.append(json.loads(ws.recv()))

    with serve(talk, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        bot = SeatBot(f"127.0.0.1:{server.socket.getsockname()[1]}", "Ann", make)
        stats = asyncio.run(asyncio.wait_for(bot.run(), WAIT))
    return said[1:], stats


def test_the_bot_tells_a_turn_it_finds_no_choice_for_and_goes_on() -> None:
    said, stats = bot_told([WELCOME | {"table": 1, "seat": "S"}, {"type": "turn", "seq": 5, "view": BIDDING}, LAST])
    assert said == [] and stats.decisions == 0  # it used to end in the KeyError
    assert stats.errors == ["no choice for the turn of seq 5: KeyError: 'S'"]


def test_the_bot_answers_no_turn_of_another_seat_and_stops_at_a_fatal_error() -> None:
    north = _bidding_view(seat="N")
    said, stats = bot_told([WELCOME | {"table": 1, "seat": "S"}, {"type": "turn", "seq": 5, "view": north},
                            {"type": "error", "reason": "The server has closed", "fatal": True}],
                           make=player_maker("normal"), close=False)  # it used to wait for ever
    assert said == [] and stats.decisions == 0
    assert stats.errors == ["a turn for seat N, not this bot's S", "The server has closed"]


def test_the_bots_keep_short_frames_they_read_and_not_long_ones() -> None:
    from net import bot

    bot._read_kept.cache_clear()
    short = json.dumps(LAST)
    lobby = json.dumps({"type": "lobby", "people": 1, "tables": [], "padding": "x" * bot.CACHED_FRAME})
    assert bot._read(short) is bot._read(short), "read once, shared"
    assert bot._read(lobby) == bot._read(lobby) and bot._read(lobby) is not bot._read(lobby), "read afresh"
    assert bot._read_kept.cache_info().currsize == 1
