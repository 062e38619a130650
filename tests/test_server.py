"""The Spades server against real clients on 127.0.0.1: whole games, secrecy, drops, clocks, bad input, chat.

Every test talks to a real server (:func:`tests.netserver.running_server`, port 0) over real
WebSocket connections: bots of ``net.bot`` and plain clients (:class:`Peer`) that keep every
message they receive. Every wait has a deadline; nothing is judged by how long it took.
The bad-input tests share one server where a person plays on at table 1 game after game
(:class:`Keeper`), and each ends by checking that this other table still plays.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import re
import secrets
import select
import socket
import subprocess
import sys
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import net.server as server_module
from game.cards import DECKS, Card
from game.game import NAME_LENGTH
from game.hand import Hand
from game.players import default_choice
from game.players.suggest import explain
from game.records.handlog import LoggedHand, play_out, read_log, replay
from game.view import seat_view
from net.bot import BotStats, SeatBot, player_maker
from net.protocol import CHAT_LENGTH, MAX_FROM_SERVER, MAX_MESSAGE, VERSION
from net.server import BAD_LIMIT, CHAT_LINES, FLOOD_LIMIT
from tests.netserver import running_server
from tests.test_suggest import LABEL

WAIT = 10.0
"""Seconds any one thing may take to come (a whole game gets :data:`GAME_WAIT`)."""
GAME_WAIT = 40.0
SEATS = ("S", "W", "N", "E")
SHORT_GAME = "partners=1 broken=1 nil=100 blindnil=200 blindnilfail=100 win=1 lose=-1"
"""Rules whose game ends after its first hand."""
FEW_HANDS = "partners=1 broken=1 nil=100 blindnil=200 blindnilfail=100 win=120 lose=-120"
"""Rules whose game lasts a few hands."""
LONG_GAME = "partners=1 broken=1 nil=100 blindnil=200 blindnilfail=100 win=1000 lose=-1000"
"""Rules whose game lasts many hands."""
EXCHANGE_GAME = "partners=1 broken=1 nil=100 blindnil=200 blindnilfail=100 exchange=2 win=120 lose=-120"
"""A few hands, with the blind-nil exchange of two cards."""
CARD_TEXT = re.compile(r"[2-9TJQKA][SHDC]|[BL]J")

Message = dict[str, Any]
Wanted = Callable[[Message], bool]
Chooser = Callable[[dict], Any]


# -- a plain client ------------------------------------------------------------------------------
class Peer:
    """A client on its own connection that keeps every message it receives (`got`, and `raw` as sent).

    With a `name` it says hello at once and keeps the `welcome`; without, it says nothing."""

    def __init__(self, address: str, name: str | None = "Ann", **hello: Any) -> None:
        self.name = name or "(silent)"
        self._open = ExitStack()
        self.ws = self._open.enter_context(connect(f"ws://{address}/", open_timeout=WAIT, close_timeout=2,
                                                   max_size=MAX_FROM_SERVER))
        self.got: list[Message] = []
        self.raw: list[str] = []
        self.welcome: Message = {}
        if name is not None:
            self.send(type="hello", version=VERSION, name=name, **hello)
            self.welcome = self.until(of_type("welcome"))

    def __enter__(self) -> Peer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(leave=True)

    def close(self, leave: bool = False) -> None:
        """Close the connection (saying `leave` first frees the seat, so a test's table closes)."""
        try:
            if leave:
                self.send(type="leave")
        except ConnectionClosed:
            pass
        self._open.close()

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))

    def poll(self, timeout: float) -> Message | None:
        """The next message, or None if none came within `timeout` seconds."""
        try:
            raw = self.ws.recv(timeout=max(timeout, 0.0))
        except TimeoutError:
            return None
        message = json.loads(raw)
        self.raw.append(raw)
        self.got.append(message)
        return message

    def until(self, wanted: Wanted, timeout: float = WAIT, play: Chooser | None = None) -> Message:
        """Read until a message `wanted` accepts and return it, answering each `turn` with `play`."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.poll(deadline - time.monotonic())
            if message is None:
                recent = [m["type"] + (f":{m['event']['kind']}" if m["type"] == "event" else "") for m in self.got[-8:]]
                raise AssertionError(f"{self.name}: the awaited message did not come in {timeout:g} s; "
                                     f"the last ones were {recent}")
            if play is not None and message["type"] == "turn":
                self.send(type="act", choice=play(message["view"]))
            if wanted(message):
                return message

    def seen(self, wanted: Wanted, timeout: float = WAIT) -> Message:
        """The first message `wanted` accepts, among those received already or those to come."""
        return next((m for m in self.got if wanted(m)), None) or self.until(wanted, timeout)

    def closed(self, timeout: float = WAIT) -> ConnectionClosed:
        """Read until the server closes the connection; how it closed."""
        deadline = time.monotonic() + timeout
        try:
            while self.poll(deadline - time.monotonic()) is not None:
                pass
        except ConnectionClosed as closing:
            return closing
        raise AssertionError(f"{self.name}: the server did not close the connection in {timeout:g} s")

    @property
    def last_seq(self) -> int:
        """The `seq` of the last table message received (given back at hello after a drop)."""
        return next((m["seq"] for m in reversed(self.got) if "seq" in m), 0)

    def chat_lines(self) -> list[Message]:
        return [m for m in self.got if said_now(m)]


def said_now(m: Message) -> bool:
    """A chat line said since the peer came (not one of the lobby's earlier lines sent on arrival)."""
    return m["type"] == "chat" and not m.get("earlier")


def of_type(kind: str, **fields: Any) -> Wanted:
    return lambda m: m["type"] == kind and all(m.get(k) == v for k, v in fields.items())


def event(kind: str, **fields: Any) -> Wanted:
    return lambda m: (m["type"] == "event" and m["event"]["kind"] == kind
                      and all(m["event"].get(k) == v for k, v in fields.items()))


def seat_shown(seat: str, **state: Any) -> Wanted:
    """A `table` message where `seat` shows `state` (``away=True``, ``connected=False``…)."""
    return lambda m: m["type"] == "table" and all(m["seats"][seat][k] == v for k, v in state.items())


def first_legal(view: dict) -> Any:
    return default_choice(view)


def create(peer: Peer, rules: str = SHORT_GAME, humans: str = "S", **more: Any) -> int:
    """`peer` opens a table whose seats in `humans` are people's (the rest computers) and sits at
    the first of them; the table's number."""
    seats = {seat: "human" if seat in humans else "computer" for seat in SEATS}
    peer.send(type="create", rules=rules, seats=seats, **more)
    return peer.until(of_type("joined"))["table"]


def join(peer: Peer, table: int, seat: str) -> None:
    peer.send(type="join", table=table, seat=seat)
    answer = peer.until(lambda m: m["type"] in ("joined", "error"))
    assert (answer["type"], answer.get("seat")) == ("joined", seat), answer


def watch(peer: Peer, table: int) -> None:
    peer.send(type="watch", table=table)
    peer.until(of_type("synced"))


def play_to_the_end(peers: list[Peer], play: Chooser = first_legal) -> None:
    """Each of `peers` (players or spectators) reads, answering its turns, until the game is over."""
    with ThreadPoolExecutor(len(peers)) as pool:
        for done in [pool.submit(peer.until, event("game_over"), GAME_WAIT, play) for peer in peers]:
            done.result()


# -- 1. whole games by bots ------------------------------------------------------------------------
async def _bots_at_one_table(address: str, rules: str, names: list[str]) -> list[BotStats]:
    """Four ``net.bot`` bots play one game at a table the first of them opens (every seat a person's)."""
    table: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    normal = player_maker("normal")
    creator = SeatBot(address, names[0], normal, create={"rules": rules, "seats": dict.fromkeys(SEATS, "human"),
                                                         "seat": "S"},
                      on_table=lambda number: table.done() or table.set_result(number))
    first = asyncio.create_task(creator.run())
    number = await asyncio.wait_for(table, WAIT)
    others = [SeatBot(address, name, normal, table=number, seat=seat)
              for name, seat in zip(names[1:], SEATS[1:], strict=True)]
    return await asyncio.gather(first, *(bot.run() for bot in others))


def _bots_play(address: str, rules: str, tables: int) -> list[list[BotStats]]:
    async def all_tables() -> list[list[BotStats]]:
        games = [_bots_at_one_table(address, rules, [f"Bot{t}{seat}" for seat in SEATS]) for t in range(tables)]
        return await asyncio.wait_for(asyncio.gather(*games), GAME_WAIT)

    return asyncio.run(all_tables())


def _assert_one_game_each(table: list[BotStats]) -> None:
    assert [bot.games for bot in table] == [1, 1, 1, 1]
    assert [bot.errors for bot in table] == [[], [], [], []]
    assert all(bot.decisions > 0 for bot in table)
    assert len({bot.hands for bot in table}) == 1 and table[0].hands >= 1


def test_four_bots_play_a_whole_partner_game_at_one_table_answering_at_once() -> None:
    """A game to 500: each bot makes more decisions than the flood limit, faster than a person would."""
    with running_server() as server:
        (table,) = _bots_play(server.address, "partner", tables=1)
    _assert_one_game_each(table)


def test_a_bot_that_made_its_table_asks_for_each_next_game_until_it_has_played_its_games() -> None:
    computers = {"S": "human", "W": "computer", "N": "computer", "E": "computer"}
    with running_server() as server:
        bot = SeatBot(server.address, "Bot", player_maker("normal"), create={"rules": SHORT_GAME, "seats": computers},
                      games=3)
        stats = asyncio.run(asyncio.wait_for(bot.run(), GAME_WAIT))
    assert (stats.games, stats.hands, stats.errors) == (3, 3, []), "three games of one hand, each asked for"


def test_a_bot_leaves_when_its_time_is_up_even_at_a_table_where_nothing_happens() -> None:
    waiting = {"S": "human", "W": "computer", "N": "human", "E": "computer"}  # North's seat stays open
    with running_server() as server:
        bot = SeatBot(server.address, "Bot", player_maker("normal"), create={"rules": "partner", "seats": waiting},
                      games=1, until=time.monotonic() + 1.0)
        started = time.monotonic()
        stats = asyncio.run(asyncio.wait_for(bot.run(), GAME_WAIT))
    assert time.monotonic() - started < 5.0 and stats.decisions == 0 and stats.errors == []


def test_three_tables_at_once_each_finish_and_the_saved_hands_read_back_whole(tmp_path: Path) -> None:
    save = tmp_path / "Spades.save"
    with running_server(save=save) as server:
        tables = _bots_play(server.address, FEW_HANDS, tables=3)
    for table in tables:
        _assert_one_game_each(table)
    reading = read_log(save)
    assert reading.damaged == []
    assert len(reading.hands) == sum(table[0].hands for table in tables)
    games: dict[str, list[int]] = {}
    for hand in reading.hands:
        games.setdefault(hand.game_id, []).append(hand.number)
    assert sorted(len(numbers) for numbers in games.values()) == sorted(table[0].hands for table in tables)
    assert all(numbers == list(range(1, len(numbers) + 1)) for numbers in games.values())


# -- 2. what each seat and spectator is sent -------------------------------------------------------------
def cards_in(value: Any) -> set[str]:
    """Every card written anywhere in `value` (a message or a part of one)."""
    if isinstance(value, str):
        return {value} if CARD_TEXT.fullmatch(value) else set()
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    return set()


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*map(keys_in, value.values()))
    if isinstance(value, list):
        return set().union(*map(keys_in, value)) if value else set()
    return set()


def _texts(cards: Any) -> list[str]:
    return [card.text for card in cards]


def assert_nothing_hidden_is_sent(messages: list[Message], seat: str | None, truth: dict[int, LoggedHand]) -> None:
    """Every card in `messages` (to `seat`; None: a spectator) is one that seat may see when it comes:
    its own dealt cards (once it has looked at them, if it might bid blind: its `cards`), the cards
    of an exchange it is part of, cards already played, and a hand's four hands only in `shown`
    after that hand's `hand_scored`. `truth` is the server's hand log, by hand number."""
    hand: LoggedHand | None = None
    visible: set[str] = set()
    scored: set[int] = set()
    unlooked: set[str] = set()
    for index, message in enumerate(messages):
        where = f"message {index} to {seat or 'a spectator'}: {message}"
        assert "seed" not in keys_in(message), where
        if message["type"] == "event":
            data = message["event"]
            kind = data["kind"]
            if kind == "first_dealer_card":
                continue  # turned face up to draw the dealer
            if kind == "hand_started":
                hand = truth[data["number"]]
                unlooked = set(data["blind_seats"])
                visible = set(_texts(hand.deal[seat])) if seat and seat not in unlooked else set()
                continue
            assert hand is not None, where
            if kind == "card_dealt":
                mine = data["seat"] == seat and seat not in unlooked
                assert data["card"] in visible if mine else data["card"] is None, where
                continue
            if (kind == "bid" or data.get("choice") == "look") and data["seat"] == seat and seat in unlooked:
                assert visible >= set(_texts(hand.deal[seat])), f"{where}: it looked, and its cards came not first"
                unlooked.discard(seat)
                continue
            if kind == "exchange":
                (passed,) = [x for x in hand.exchanges if (x.giver, x.receiver) == (data["giver"], data["receiver"])]
                if seat in (passed.giver, passed.receiver):
                    assert data["cards"] == _texts(passed.cards), where
                    visible |= set(data["cards"])
                else:
                    assert data["cards"] == [None] * len(passed.cards), where
                continue
            if kind == "card_played":
                plays = {(s, card.text) for trick in hand.tricks for s, card in trick.plays}
                assert (data["seat"], data["card"]) in plays, where
                visible.add(data["card"])
                continue
            if kind == "hand_scored":
                scored.add(data["number"])
        elif message["type"] == "cards":
            assert seat is not None and hand is not None and seat in unlooked, where
            order = DECKS[hand.rules.deck].sort_key
            assert message["cards"] == _texts(sorted(hand.deal[seat], key=order)), where
            visible |= set(message["cards"])
            continue
        elif message["type"] == "shown":
            assert message["hand"] in scored, where
            dealt = truth[message["hand"]].deal
            order = DECKS[truth[message["hand"]].rules.deck].sort_key
            for s in SEATS:
                assert message["deal"][s] == _texts(sorted(dealt[s], key=order)), where  # not the deal's order
            continue
        elif message["type"] == "refused":
            continue  # the sender's own choice, said back
        elif message["type"] == "turn":
            assert message["view"]["seat"] == seat, where
        hidden = cards_in(message) - visible
        assert not hidden, f"{sorted(hidden)} in {where}"


def _blind_nil_at_south(view: dict) -> Any:
    """Plays as :func:`first_legal`, except that South bids blind nil in the first hand (so cards are exchanged)."""
    if view["seat"] == "S" and view["hand_number"] == 1 and "bnil" in view["legal"]:
        return "bnil"
    return first_legal(view)


def _hands_logged(save: Path) -> dict[int, LoggedHand]:
    reading = read_log(save)
    assert reading.damaged == []
    return {hand.number: hand for hand in reading.hands}


def test_no_message_shows_a_seat_or_a_spectator_a_card_it_may_not_see(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[int] = []
    draw = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: seeds.append(draw(bits)) or seeds[-1])
    save = tmp_path / "Spades.save"
    with running_server(save=save) as server, ExitStack() as stack:
        players = [stack.enter_context(Peer(server.address, name)) for name in ("Ann", "Bo", "Cy", "Di")]
        early, late = (stack.enter_context(Peer(server.address, name)) for name in ("Eve", "Fay"))
        table = create(players[0], EXCHANGE_GAME, humans="SWNE")
        watch(early, table)
        for peer, seat in zip(players[1:], SEATS[1:], strict=True):
            join(peer, table, seat)
        card_played = threading.Event()

        def early_watches() -> None:
            early.until(event("card_played"))
            card_played.set()
            early.until(event("game_over"), GAME_WAIT)

        with ThreadPoolExecutor(5) as pool:
            games = [pool.submit(p.until, event("game_over"), GAME_WAIT, _blind_nil_at_south) for p in players]
            watched = pool.submit(early_watches)
            assert card_played.wait(WAIT)
            watch(late, table)  # mid-hand: everything so far comes again, as a spectator may see it
            late.until(event("game_over"), GAME_WAIT)
            for done in [*games, watched]:
                done.result()
    truth = _hands_logged(save)
    assert any(hand.exchanges for hand in truth.values()), "the game should have had a blind-nil exchange"
    for peer, seat in [*zip(players, SEATS, strict=True), (early, None), (late, None)]:
        assert_nothing_hidden_is_sent(peer.got, seat, truth)
        assert {m["hand"] for m in peer.got if m["type"] == "shown"} == set(truth)
    assert len(seeds) == 1
    everything = [raw for peer in [*players, early, late] for raw in peer.raw]
    for seed in seeds:
        assert not [raw for raw in everything if str(seed) in raw or f"{seed:x}" in raw], "the seed was sent"


def _views_of(logged: LoggedHand) -> dict[tuple[str, str], dict]:
    """Each decision of a logged hand, by (seat, bid or card), with the view it was made from."""
    views: dict[tuple[str, str], dict] = {}
    replay(logged, lambda hand, record: views.update({(record.seat, str(record.bid)): seat_view(hand, record.seat)}))
    hand = Hand.from_holdings(logged.rules, logged.dealer, logged.deal, number=logged.number,
                              standings=logged.standings_before())
    play_out(hand, logged.bids, logged.exchanges, ())
    for trick in logged.tricks:
        for seat, card in trick.plays:
            views[(seat, str(card))] = seat_view(hand, seat)
            hand.play(seat, card)
    return views


def _choice_of(data: dict) -> str:
    return data["card"] if data["kind"] == "card_played" else data["bid"]


def test_a_computers_bid_and_card_come_with_why_worded_from_the_table_and_in_full_once_the_hand_is_shown(
        tmp_path: Path) -> None:
    save = tmp_path / "Spades.save"
    with running_server(save=save) as server, Peer(server.address, "Ann") as ann, Peer(server.address, "Eve") as eve:
        table = create(ann, FEW_HANDS)
        watch(eve, table)
        play_to_the_end([ann, eve])
    truth = _hands_logged(save)
    views = {number: _views_of(hand) for number, hand in truth.items()}
    told: dict[int, str] = {}
    said: dict[int, tuple[int, dict, str]]
    for peer in (ann, eve):
        number, played, said = 0, set(), {}
        for message in peer.got:
            data = message.get("event", {})
            if data.get("kind") == "hand_started":
                number, played = data["number"], set()
            if data.get("kind") in ("bid", "card_played"):
                played |= {Card.parse(data["card"]).label} if "card" in data else set()
                assert ("why" in message) == (data["seat"] != "S" and not data.get("automatic")), message
                if "why" in message:
                    view = views[number][(data["seat"], _choice_of(data))]
                    assert message["why"] == explain(view, _choice_of(data), hand_shown=False), message
                    assert set(re.findall(LABEL, message["why"])) <= played, "only cards on the table"
                    said[message["seq"]] = (number, data, message["why"])
            if message["type"] == "shown":
                whole = {int(seq): text for seq, text in message["why"].items()}
                assert set(whole) == {seq for seq, (hand, _, _) in said.items() if hand == message["hand"]}
                for seq, text in whole.items():
                    data = said[seq][1]
                    assert text == explain(views[message["hand"]][(data["seat"], _choice_of(data))], _choice_of(data))
        told = told or {seq: why for seq, (_, _, why) in said.items()}
        assert said and {seq: why for seq, (_, _, why) in said.items()} == told, "the same reasons for everyone"
    assert any("(its cards show once the hand is over)" in m.get("why", "") for m in ann.got)


# -- 3. drops and coming back ---------------------------------------------------------------------
def _play_until_own_card(peer: Peer, seat: str = "S") -> None:
    """Play until `seat` has played a card of the first trick it plays to."""
    peer.until(event("card_played", seat=seat), play=first_legal)


def test_a_player_cut_off_mid_hand_comes_back_with_the_token_to_the_seat_and_every_event_missed(
        tmp_path: Path) -> None:
    save = tmp_path / "Spades.save"
    with running_server(hold=30.0, save=save) as server, Peer(server.address, "Eve") as eve:
        ann = Peer(server.address, "Ann")
        table = create(ann, SHORT_GAME)
        watch(eve, table)
        _play_until_own_card(ann)
        token, last_seq = ann.welcome["token"], ann.last_seq
        ann.close()
        eve.seen(seat_shown("S", connected=False, away=False))
        eve.seen(lambda m: m["type"] == "waiting" and m["seat"] == "S" and m["seq"] > last_seq)
        with Peer(server.address, "Ann", token=token, last_seq=last_seq) as back:
            assert (back.welcome["table"], back.welcome["seat"], back.welcome["token"]) == (table, "S", token)
            synced = back.until(of_type("synced"), play=first_legal)
            missed = [m for m in back.got if m["type"] == "event"]
            assert [m["seq"] for m in missed] == list(range(last_seq + 1, synced["seq"] + 1))
            assert missed, "the player should have missed some events"
            seen = {m["seq"]: m for m in eve.got if m["type"] == "event"}
            assert all(m == seen[m["seq"]] for m in missed)  # the same events, the same way
            assert any(m["type"] == "turn" for m in back.got), "the seat is to act: its turn comes again"
            play_to_the_end([back, eve])
            assert not any(m["type"] == "table" and m["seats"]["S"]["away"] for m in eve.got)
    assert_nothing_hidden_is_sent(ann.got + back.got, "S", _hands_logged(save))


def remembered(*names: str) -> int:
    """How many people by these names the servers of this process hold in memory (their records,
    counted among the live objects: what a server keeps of someone, whatever holds it)."""
    return sum(1 for thing in gc.get_objects() if type(thing) is server_module.Person and thing.name in names)


def until_forgotten(*names: str) -> None:
    """Wait until no server of this process holds a record of anyone by these names."""
    deadline = time.monotonic() + WAIT
    while (left := remembered(*names)) > 0:
        assert time.monotonic() < deadline, f"{left} of {names} still remembered after {WAIT:g} s"
        time.sleep(0.05)


def unique_names(count: int) -> list[str]:
    """Names no other test of this process gives (the records of servers stopped may linger a moment)."""
    tag = secrets.token_hex(3)
    return [f"P{tag}{number}" for number in range(count)]


def test_people_gone_from_the_lobby_or_from_watching_are_forgotten_after_the_forget_hold() -> None:
    """Every connection that said hello used to be kept for good (some 2 KB each: 3,000 without a token
    took 8.5 MiB): now someone gone who holds no seat is forgotten. Someone still connected is kept."""
    gone, (host, stays, watcher) = unique_names(30), unique_names(3)
    with running_server(forget=0.3) as server, Peer(server.address, host) as hosting, \
            Peer(server.address, stays) as staying:
        table = create(hosting, FEW_HANDS, humans="SN")  # waits for North: nothing happens there
        for name in gone:
            Peer(server.address, name).close()
        with Peer(server.address, watcher) as watching:
            watch(watching, table)
        assert remembered(*gone, watcher, host, stays) > 2, "the people gone are remembered at first"
        until_forgotten(*gone, watcher)
        assert remembered(host, stays) == 2, "people connected are kept however long they stay"
        staying.send(type="tables")
        assert staying.until(of_type("lobby"))["people"] == 2


def test_a_forgotten_token_is_welcomed_as_someone_new_under_the_name_given() -> None:
    first, second = unique_names(2)
    with running_server(forget=0.3) as server:
        ann = Peer(server.address, first)
        ann.close()
        until_forgotten(first)
        with Peer(server.address, second, token=ann.welcome["token"], last_seq=12) as back:
            welcome = back.welcome
            assert (welcome["name"], welcome["table"], welcome["seat"]) == (second, None, None)
            assert welcome["you"] != ann.welcome["you"] and welcome["token"] not in ("", ann.welcome["token"])
            back.until(of_type("lobby"))
        with Peer(server.address, "Ann", token=welcome["token"]) as again:  # the new token is good
            assert (again.welcome["you"], again.welcome["name"]) == (welcome["you"], second)


@pytest.mark.parametrize(("hold", "away"), [(30.0, False), (0.2, True)], ids=["seat held", "seat away"])
def test_a_dropped_player_is_not_forgotten_while_the_seat_is_theirs_and_comes_back_to_it(hold: float,
                                                                                         away: bool) -> None:
    """Ann drops from her seat and Bo from the lobby after: once Bo is forgotten, the forget hold has
    passed for Ann too, and her token still brings her back to the seat (held, or shown away once the
    hold is over, at a table that waits for her)."""
    ann_name, bo_name = unique_names(2)
    with running_server(hold=hold, forget=0.2) as server, Peer(server.address, "Eve") as eve:
        ann = Peer(server.address, ann_name)
        table = create(ann, SHORT_GAME)
        ann.until(of_type("turn"))
        ann.close()
        eve.until(lambda m: m["type"] == "lobby" and any(t["table"] == table and t["seats"]["S"] == {
            "name": ann_name, "kind": "human", "away": away, "connected": False} for t in m["tables"]))
        Peer(server.address, bo_name).close()
        until_forgotten(bo_name)
        assert remembered(ann_name) == 1
        with Peer(server.address, "Ann", token=ann.welcome["token"], last_seq=ann.last_seq) as back:
            assert (back.welcome["you"], back.welcome["table"], back.welcome["seat"]) == (
                ann.welcome["you"], table, "S")
            back.until(event("game_over"), GAME_WAIT, play=first_legal)


def test_a_player_back_after_the_next_game_began_gets_that_game_from_its_start() -> None:
    """Ann drops in the first game; the table plays it out and Bo starts the next. Ann's `last_seq`
    is of the first game, whose seqs the next one numbers again from 1: she is sent the game in play
    from its start (she was sent it from her old seq on, its deal unseen)."""
    with running_server(hold=0.5) as server:
        ann, bo = Peer(server.address, "Ann"), Peer(server.address, "Bo")
        table = create(ann, SHORT_GAME, humans="SN")
        join(bo, table, "N")
        with ThreadPoolExecutor(2) as pool:  # both answer their turns until Ann has played a card
            pool.submit(bo.until, event("card_played", seat="S"), GAME_WAIT, first_legal)
            _play_until_own_card(ann)
        token, last_seq = ann.welcome["token"], ann.last_seq
        ann.close()
        bo.until(event("game_over"), GAME_WAIT, first_legal)
        bo.send(type="again")
        bo.until(lambda m: m["type"] == "event" and m["seq"] > last_seq + 5, GAME_WAIT, first_legal)
        with Peer(server.address, "Ann", token=token, last_seq=last_seq) as back:
            back.until(of_type("synced"))
            events = [m for m in back.got if m["type"] == "event"]
            assert [m["seq"] for m in events] == list(range(1, len(events) + 1)), "the game in play, whole"
            assert "hand_started" in {m["event"]["kind"] for m in events}
            assert len([m for m in events if m["event"]["kind"] == "card_dealt" and m["event"]["seat"] == "S"]) == 13
        bo.close()


def test_a_game_so_far_longer_than_the_backlog_reaches_a_watcher_and_a_player_back_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A long game's events come at once to someone who watches it or comes back to it; that burst
    is not a connection too slow to keep up (the backlog is made small here once two hands are
    played, so that they are a long game)."""
    with running_server(hold=30.0) as server:
        ann = Peer(server.address, "Ann")
        table = create(ann, LONG_GAME)
        ann.until(event("hand_scored", number=2), GAME_WAIT, first_legal)  # the table then waits for Ann
        played = ann.last_seq
        monkeypatch.setattr(server_module, "BACKLOG", 100)
        assert played > 2 * 100
        with Peer(server.address, "Eve") as eve:
            eve.send(type="watch", table=table)
            synced = eve.until(of_type("synced"))
            assert [m["seq"] for m in eve.got if m["type"] == "event"] == list(range(1, synced["seq"] + 1))
        ann.close()
        with Peer(server.address, "Ann", token=ann.welcome["token"], last_seq=0) as back:
            synced = back.until(of_type("synced"))
            assert [m["seq"] for m in back.got if m["type"] == "event"] == list(range(1, synced["seq"] + 1))
            assert synced["seq"] >= played


def test_a_player_back_to_more_than_may_wait_is_let_go_as_too_slow_and_not_left_without_a_word(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the game so far more than may wait for a connection that has just said hello, the
    connection closes saying why (it used to stay open with nothing sent, the client waiting)."""
    with running_server(hold=30.0) as server:
        ann = Peer(server.address, "Ann")
        create(ann, LONG_GAME)
        ann.until(event("hand_scored", number=2), GAME_WAIT, first_legal)
        ann.close()
        monkeypatch.setattr(server_module, "BACKLOG", 100)
        monkeypatch.setattr(server_module, "CATCH_UP_PER_EVENT", 0)
        back = Peer(server.address, None)
        back.send(type="hello", version=VERSION, name="Ann", token=ann.welcome["token"])
        closing = back.closed()
        assert closing.rcvd is not None and closing.rcvd.reason == "too slow to keep up"


def test_a_client_that_never_reads_is_cut_off_and_its_queue_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    """A client that asks for the lobby again and again, under the flood limit, and reads nothing: the
    server's writer waits on it for ever, so what is queued for it is bounded in bytes and the
    connection, which cannot take even its close, is cut (it stayed open and its queue grew without end)."""
    monkeypatch.setattr(server_module, "BACKLOG_BYTES", 50_000)
    monkeypatch.setattr(server_module, "STUCK_WAIT", 0.5)
    with running_server() as server, ExitStack() as hosts:
        for number in range(12):  # a lobby of some size, so that the socket's buffers fill soon
            host = hosts.enter_context(Peer(server.address, f"Host {number}"))
            create(host, FEW_HANDS, humans="SN", name=f"Table {number} whose name takes forty letters")
        bo = Peer(server.address, "Bo")
        bo.until(of_type("lobby", people=13))
        host, port = server.address.rsplit(":", 1)
        sock = socket.create_connection((host, int(port)))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        with connect(f"ws://{server.address}/", sock=sock, max_queue=1) as stuck:  # reads at most one message
            stuck.send(json.dumps({"type": "hello", "version": VERSION, "name": "Cy"}))
            bo.until(of_type("lobby", people=14))
            deadline, cut = time.monotonic() + 60, False
            while time.monotonic() < deadline and not cut:
                with contextlib.suppress(ConnectionClosed, OSError):
                    stuck.send(json.dumps({"type": "tables"}))
                told = bo.poll(1 / 50)
                cut = told is not None and told["type"] == "lobby" and told["people"] == 13
            assert cut, "the client that reads nothing is still connected after a minute"
        bo.close()


def test_each_newcomer_gets_the_lobby_as_it_stands_after_every_change() -> None:
    """The lobby's list is kept encoded between changes: each change to a table shows in the next hello's."""
    with running_server() as server:
        ann = Peer(server.address, "Ann")
        table = create(ann, FEW_HANDS, humans="SNE")  # waits for East: few messages, none left unread

        def listed(name: str) -> dict[str, Any]:
            with Peer(server.address, name) as newcomer:
                lobby = newcomer.until(of_type("lobby"))
            return next(t for t in lobby["tables"] if t["table"] == table)

        assert listed("Bo")["seats"]["N"]["kind"] == "open"
        cy = Peer(server.address, "Cy")
        join(cy, table, "N")
        assert listed("Dee")["seats"]["N"]["name"] == "Cy"
        cy.close()
        seen = listed("Eve")
        assert seen["seats"]["N"]["name"] == "Cy" and not seen["seats"]["N"]["connected"]
        assert seen["seats"]["E"]["kind"] == "open"
        ann.close(leave=True)  # before the game: the seat is open again
        assert listed("Fay")["seats"]["S"]["kind"] == "open"


def test_past_the_most_tables_a_create_is_refused_with_the_reason_until_one_closes() -> None:
    with running_server(most_tables=2) as server:
        ann, bo, cy = (Peer(server.address, name) for name in ("Ann", "Bo", "Cy"))
        first = create(ann, FEW_HANDS, humans="SN")  # each waits for a second person: they stay open
        create(bo, FEW_HANDS, humans="SN")
        cy.send(type="create", rules=FEW_HANDS, seats={seat: "human" if seat in "SN" else "computer" for seat in SEATS})
        refusal = cy.until(lambda m: m["type"] in ("joined", "error"))
        assert refusal["type"] == "error" and "2 tables open" in refusal["reason"], refusal
        ann.close(leave=True)  # nobody left at the first table: it closes
        cy.until(lambda m: m["type"] == "lobby" and first not in [t["table"] for t in m["tables"]])
        assert create(cy, FEW_HANDS, humans="SN") > 0
        bo.close()
        cy.close()


def test_a_table_nobody_comes_back_to_closes_and_its_player_back_later_finds_the_lobby() -> None:
    with running_server(hold=0.2, abandoned=0.5) as server, Peer(server.address, "Bo") as bo:
        ann = Peer(server.address, "Ann")
        table = create(ann, FEW_HANDS, humans="SN")  # waits for North: nothing happens there
        bo.until(lambda m: m["type"] == "lobby" and table in [t["table"] for t in m["tables"]])
        token = ann.welcome["token"]
        ann.close()  # dropped, not left
        bo.until(lambda m: m["type"] == "lobby" and table not in [t["table"] for t in m["tables"]], timeout=5)
        with Peer(server.address, "Ann", token=token) as back:
            assert back.welcome["table"] is None
            back.until(of_type("lobby"))


def test_a_lobby_of_the_most_tables_with_the_longest_names_is_well_within_what_a_client_reads() -> None:
    widest = "\U0001f0a1" * NAME_LENGTH  # a character JSON may write as twelve bytes
    with running_server() as server, Peer(server.address, widest) as ann:
        create(ann, FEW_HANDS, humans="SNE", name="\U0001f0a1" * 40)
        with Peer(server.address, "Bo") as bo:
            lobby = bo.until(lambda m: m["type"] == "lobby" and m["tables"])
        one_table = len(json.dumps(lobby["tables"][0]))
    assert one_table * server_module.MOST_TABLES < MAX_FROM_SERVER // 2, f"{one_table} bytes a table"


def test_the_lobby_counts_people_as_they_come_and_go() -> None:
    with running_server() as server, Peer(server.address, "Ann") as ann:
        assert ann.until(of_type("lobby"))["people"] == 1
        bo = Peer(server.address, "Bo")
        ann.until(of_type("lobby", people=2))
        bo.close()
        ann.until(of_type("lobby", people=1))


def test_a_server_stopped_on_purpose_tells_everyone_connected_then_closes() -> None:
    with running_server() as server:
        ann, bo = Peer(server.address, "Ann"), Peer(server.address, "Bo")
        create(ann, SHORT_GAME)
        stopping = threading.Thread(target=server.stop)  # the peers read meanwhile, and answer the close
        stopping.start()
        for peer in (ann, bo):  # Ann at her table, Bo in the lobby
            assert peer.until(of_type("error", fatal=True))["reason"] == "The server has closed"
            peer.closed()
        stopping.join()
        assert server.stopped


def test_a_second_connection_with_the_same_token_takes_the_seat_and_closes_the_first() -> None:
    with running_server() as server:
        ann = Peer(server.address, "Ann")
        table = create(ann, SHORT_GAME)
        with Peer(server.address, "Ann", token=ann.welcome["token"]) as again:
            assert (again.welcome["table"], again.welcome["seat"]) == (table, "S")
            closing = ann.closed()
            assert closing.rcvd is not None and closing.rcvd.code == 1000
            again.until(of_type("synced"), play=first_legal)
            play_to_the_end([again])


def test_a_player_who_never_comes_back_is_played_by_the_computer_after_the_hold() -> None:
    with running_server(hold=1.0) as server, Peer(server.address, "Eve") as eve:
        ann = Peer(server.address, "Ann")
        table = create(ann, SHORT_GAME)
        watch(eve, table)
        ann.until(of_type("turn"))
        ann.close()
        eve.until(seat_shown("S", connected=False, away=False))
        eve.until(seat_shown("S", connected=False, away=True))
        away_at = len(eve.got)
        eve.until(event("game_over"), GAME_WAIT)
        after = [m["event"] for m in eve.got[away_at:] if m["type"] == "event"]
        assert any(e.get("seat") == "S" and e["kind"] in ("blind_choice", "bid", "card_played") for e in after)


def test_a_player_who_looks_before_the_turn_gets_the_cards_then_and_bids_in_sight() -> None:
    """Blind nil open to every seat: the dealer, who bids last, picks up the cards while the others bid."""
    with running_server() as server, ExitStack() as stack:
        people = dict(zip(SEATS, (stack.enter_context(Peer(server.address, name))
                                  for name in ("Ann", "Bo", "Cy", "Di")), strict=True))
        table = create(people["S"], "partners=1 nil=100 blindnil=200 blindnilfail=100 win=500 lose=-500",
                       humans="SWNE")
        for seat in SEATS[1:]:
            join(people[seat], table, seat)
        dealer = people["S"].until(event("hand_started"))["event"]["dealer"]
        looker = people[dealer]
        looker.seen(event("hand_started"))
        with Playing([peer for seat, peer in people.items() if seat != dealer]):
            looker.send(type="act", choice="look")
            cards = looker.until(lambda m: m["type"] in ("cards", "refused", "turn"))
            assert cards["type"] == "cards" and len(cards["cards"]) == 13, cards
            turn = looker.until(of_type("turn"), GAME_WAIT)
        assert turn["view"]["phase"] == "bid" and "bnil" not in turn["view"]["legal"], turn["view"]["legal"]
        assert len(turn["view"]["bids"]) == 3, "the others bid meanwhile"


# -- 4. the decision clock ---------------------------------------------------------------------------
def decision_of(seat: str) -> Wanted:
    """An event of a decision `seat` made (however it was made)."""
    return lambda m: (m["type"] == "event" and m["event"].get("seat") == seat
                      and m["event"]["kind"] in ("blind_choice", "bid", "exchange", "card_played"))


def gone_away(ann: Peer, rules: str) -> None:
    """`ann` opens a table with a 5-second clock, lets it run out, and a computer decides for her."""
    create(ann, rules, clock=5)
    ann.until(of_type("turn"))  # and never answered
    ann.until(seat_shown("S", away=True, connected=True), timeout=5 + WAIT)
    ann.until(decision_of("S"))  # made by the computer


def test_a_player_silent_past_the_clock_is_played_by_the_computer_until_acting_again() -> None:
    with running_server() as server, Peer(server.address, "Ann") as ann:
        gone_away(ann, SHORT_GAME)
        mark = len(ann.got)
        ann.send(type="act", choice="XX")  # any act brings the player back
        ann.until(of_type("refused"))
        assert any(seat_shown("S", away=False)(m) for m in ann.got[mark:])
        turn = ann.until(of_type("turn"))
        choice = first_legal(turn["view"])
        ann.send(type="act", choice=choice)
        made = ann.until(lambda m: m["type"] == "refused" or decision_of("S")(m))
        assert made["type"] == "event" and choice in made["event"].values(), made
        play_to_the_end([ann])
        assert [m["seats"]["S"]["away"] for m in ann.got if m["type"] == "table"][-1] is False


def _answer_turns(peer: Peer, stop: threading.Event, play: Chooser) -> None:
    while not stop.is_set():
        message = peer.poll(0.05)
        if message is not None and message["type"] == "turn":
            peer.send(type="act", choice=play(message["view"]))


class Playing:
    """``with Playing(peers):`` each of `peers` answers its turns in a thread until the block ends."""

    def __init__(self, peers: list[Peer], play: Chooser = first_legal) -> None:
        self.peers, self.play = peers, play
        self.stop = threading.Event()
        self.pool = ThreadPoolExecutor(len(peers))

    def __enter__(self) -> Playing:
        self.runs = [self.pool.submit(_answer_turns, peer, self.stop, self.play) for peer in self.peers]
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.pool.shutdown(wait=True)
        for run in self.runs:
            run.result(0)


def test_a_player_back_from_away_on_the_own_turn_makes_that_decision_not_the_computer() -> None:
    """Coming back (with a refused act) while a computer thinks for the seat: the turn is sent again
    and the player's answer is the one taken."""
    with running_server(pace=3.0) as server, ExitStack() as stack:
        people = [stack.enter_context(Peer(server.address, name)) for name in ("Ann", "Bo", "Cy", "Di")]
        ann = people[0]
        table = create(ann, SHORT_GAME, humans="SWNE", clock=5)
        for peer, seat in zip(people[1:], SEATS[1:], strict=True):
            join(peer, table, seat)
        with Playing(people[1:]):
            ann.until(of_type("turn"))  # not answered
            ann.until(seat_shown("S", away=True), timeout=5 + WAIT)
            ann.send(type="act", choice="XX")  # a computer thinks for South for `pace` seconds meanwhile
            ann.until(of_type("refused"))
            again = ann.until(lambda m: m["type"] == "turn" or decision_of("S")(m))
            assert again["type"] == "turn", "the computer decided for a player who was back"
            ann.send(type="act", choice=first_legal(again["view"]))
            made = ann.until(lambda m: m["type"] == "refused" or decision_of("S")(m))
            assert made["type"] == "event", made


def test_a_player_away_who_says_ready_gets_the_turns_again() -> None:
    """Away, the player gets no turn to answer: `ready` is how they come back without one."""
    with running_server() as server, Peer(server.address, "Ann") as ann:
        gone_away(ann, LONG_GAME)
        ann.send(type="ready")
        ann.until(seat_shown("S", away=False))
        turn = ann.until(lambda m: m["type"] == "turn" or decision_of("S")(m), timeout=GAME_WAIT)
        assert turn["type"] == "turn", "the player decides again, not the computer"


def test_ready_said_again_and_again_buys_no_time() -> None:
    """A player neither away nor reading who keeps saying `ready` is made away by the clock as ever."""
    with running_server() as server, Peer(server.address, "Ann") as ann:
        create(ann, LONG_GAME, clock=5)
        ann.until(of_type("turn"))
        turned = time.monotonic()
        while not any(seat_shown("S", away=True)(m) for m in ann.got):
            assert time.monotonic() - turned < 7.5, "the clock was put off"
            ann.send(type="ready")
            ann.poll(1.0)


def test_after_a_hand_the_clock_gives_the_reading_time_until_the_player_says_ready() -> None:
    """A player reading the score screen is not made away by a clock that ran meanwhile: their first
    turn after the hand waits the reading time besides the clock, or the clock from their `ready`."""
    with running_server(reading=30.0) as server, Peer(server.address, "Ann") as ann:
        create(ann, LONG_GAME, clock=5)
        ann.until(event("hand_scored"), GAME_WAIT, play=first_legal)
        turn = ann.until(of_type("turn"), GAME_WAIT)
        turned = time.monotonic()
        while (message := ann.poll(turned + 6.5 - time.monotonic())) is not None:
            assert not seat_shown("S", away=True)(message), "away after the clock alone, the player still reading"
        ready = time.monotonic()
        ann.send(type="ready")
        ann.until(seat_shown("S", away=True), timeout=WAIT)
        gone = time.monotonic()
        assert gone - ready >= 4.5, "the clock ran from the ready on"
        assert gone - turned < 25, "not the whole reading time"
        assert turn["view"]["hand_number"] == 2


def test_a_table_left_to_its_computers_with_someone_watching_plays_at_the_pace_people_can_follow() -> None:
    with running_server(pace=0.3) as server, Peer(server.address, "Ann") as ann, Peer(server.address, "Bo") as bo:
        table = create(ann, LONG_GAME)
        bo.send(type="watch", table=table)
        bo.until(of_type("watching"))
        ann.until(of_type("turn"))
        ann.send(type="leave")
        bo.until(event("card_played"), GAME_WAIT)
        started = time.monotonic()
        for _ in range(4):
            bo.until(event("card_played"), GAME_WAIT)
        assert time.monotonic() - started >= 4 * 0.3 * 0.8, "the computers played on at full speed"


def test_cards_picked_up_as_a_hand_starts_do_not_end_the_reading_time() -> None:
    """The game sends a look by itself as a hand starts (the player would not bid blind), while the
    player may still read the last score: the look is no sign the player is back to decide."""
    with running_server(reading=30.0) as server, Peer(server.address, "Ann") as ann:
        create(ann, LONG_GAME, clock=5)
        ann.until(event("hand_scored"), GAME_WAIT, play=first_legal)
        ann.until(event("hand_started"), GAME_WAIT)
        ann.send(type="act", choice="look")
        ann.until(event("blind_choice", seat="S", choice="look"), WAIT)
        looked = time.monotonic()
        while (message := ann.poll(looked + 6.5 - time.monotonic())) is not None:
            assert not seat_shown("S", away=True)(message), "away after the clock alone, the player still reading"


# -- 5. bad input, while another table plays on --------------------------------------------------------
class Keeper:
    """A person at table 1 of the shared server who plays on, game after game, counting the events."""

    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        self.events = 0
        self.failure: BaseException | None = None
        self.stop = threading.Event()
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._run, name="keeper", daemon=True)

    def _run(self) -> None:
        try:
            while not self.stop.is_set():
                message = self.peer.poll(0.05)
                if message is None:
                    continue
                if message["type"] == "turn":
                    self.peer.send(type="act", choice=first_legal(message["view"]))
                elif message["type"] == "event":
                    if message["event"]["kind"] == "game_over":
                        self.peer.send(type="again")
                    with self.changed:
                        self.events += 1
                        self.changed.notify_all()
        except BaseException as failure:  # told to the test by assert_plays_on
            self.failure = failure
            with self.changed:
                self.changed.notify_all()

    def assert_plays_on(self, more: int = 4) -> None:
        """Table 1's game goes on: `more` events come from now on."""
        with self.changed:
            mark = self.events
            self.changed.wait_for(lambda: self.events >= mark + more or self.failure is not None, WAIT)
            assert self.failure is None, f"table 1's player failed: {self.failure!r}"
            assert self.events >= mark + more, "table 1's game stopped"


@dataclass
class Busy:
    address: str
    keeper: Keeper


@pytest.fixture(scope="module")
def busy() -> Iterator[Busy]:
    """A server where a game plays on at table 1 (its computers paced, to spare the processors)."""
    with running_server(pace=0.05) as server, Peer(server.address, "Keeper") as peer:
        assert create(peer, "partner") == 1
        keeper = Keeper(peer)
        keeper.thread.start()
        keeper.assert_plays_on()
        yield Busy(server.address, keeper)
        keeper.stop.set()
        keeper.thread.join(WAIT)


def test_text_that_is_not_json_or_not_an_object_or_binary_gets_an_error_and_the_connection_stays(busy: Busy) -> None:
    with Peer(busy.address, "Mal") as mal:
        for bad, reason in (("{not json", "not JSON"), ("[1, 2]", "a message is a JSON object"),
                            (b"\x00\x01", "not bytes")):
            mal.ws.send(bad)
            assert reason in mal.until(of_type("error"))["reason"]
        mal.send(type="tables")
        mal.until(of_type("lobby"))
    busy.keeper.assert_plays_on()


def test_a_type_that_is_no_name_gets_an_error_and_the_connection_stays(busy: Busy) -> None:
    with Peer(busy.address, "Mal") as mal:
        for bad in ('{"type": []}', '{"type": {"a": 1}}', '{"type": 7}'):
            mal.ws.send(bad)
            assert mal.until(of_type("error"))["reason"].startswith("unknown message type")
        mal.send(type="tables")
        mal.until(of_type("lobby"))
    busy.keeper.assert_plays_on()


def test_an_unknown_message_type_gets_an_error_naming_the_known_ones(busy: Busy) -> None:
    with Peer(busy.address, "Mal") as mal:
        mal.send(type="bogus")
        reason = mal.until(of_type("error"))["reason"]
        assert reason.startswith("unknown message type 'bogus'; known: hello, tables, create")
        mal.send(type="hello", version=VERSION, name="Mal")  # hello again: not now
        assert "not expected" in mal.until(of_type("error"))["reason"]
    busy.keeper.assert_plays_on()


@pytest.mark.parametrize(("message", "reason"), [
    ({"type": "join", "table": "one", "seat": "S"}, "join: table: expected a whole number"),
    ({"type": "watch", "table": True}, "watch: table: expected a whole number"),
    ({"type": "join", "table": 1, "seat": "X"}, "join: seat: a seat is one of S, W, N, E"),
    ({"type": "join", "table": 1}, "the 'join' message needs 'seat'"),
    ({"type": "act", "choice": 5}, "act: choice: a choice is a bid"),
    ({"type": "act", "choice": ["AS", 3]}, "act: choice: a choice is a bid"),
    ({"type": "chat", "text": 7}, "chat: text: expected text, not int"),
    ({"type": "chat", "text": " \x00 "}, "chat: nothing to say"),
    ({"type": "create", "rules": "partner", "seats": ["S"]}, "create: seats: seats gives each"),
    ({"type": "create", "rules": "partner", "seats": dict.fromkeys(SEATS, "robot")}, "create: seats: a seat is"),
    ({"type": "create", "rules": "partner", "seats": dict.fromkeys(SEATS, "human"), "clock": 2},
     "create: clock: expected a whole number from 5 to 600"),
    ({"type": "create", "rules": "partners=0 exchange=1", "seats": dict.fromkeys(SEATS, "human")},
     "these rules cannot be played: A blind-nil exchange needs partners."),
])
def test_a_field_missing_or_of_the_wrong_kind_gets_an_error_naming_it(busy: Busy, message: Message,
                                                                       reason: str) -> None:
    with Peer(busy.address, "Mal") as mal:
        mal.send(**message)
        assert reason in mal.until(of_type("error"))["reason"]
        assert mal.welcome["table"] is None and not any(m["type"] in ("joined", "watching") for m in mal.got)
    busy.keeper.assert_plays_on()


def test_bad_messages_in_a_row_close_the_connection_but_a_good_one_between_resets_the_count(busy: Busy) -> None:
    with Peer(busy.address, "Mal") as mal:
        for _ in range(BAD_LIMIT - 1):
            mal.send(type="bogus")
        mal.send(type="tables")
        mal.until(of_type("lobby"))  # still open: the count starts again
        for _ in range(BAD_LIMIT):
            mal.send(type="bogus")
        closing = mal.closed()
        assert sum(m["type"] == "error" for m in mal.got) == 2 * BAD_LIMIT - 1  # the last one is answered too
        assert closing.rcvd is not None and closing.rcvd.code == 1008
    busy.keeper.assert_plays_on()


def test_a_message_over_the_size_cap_closes_the_connection_and_one_just_under_it_is_read(busy: Busy) -> None:
    with Peer(busy.address, "Mal") as mal:
        under = json.dumps({"type": "tables", "pad": ""})
        mal.ws.send(json.dumps({"type": "tables", "pad": "x" * (MAX_MESSAGE - len(under))}))
        mal.until(of_type("lobby"))
        mal.ws.send(json.dumps({"type": "tables", "pad": "x" * MAX_MESSAGE}))
        closing = mal.closed()
        assert closing.rcvd is not None and closing.rcvd.code == 1009
    busy.keeper.assert_plays_on()


def test_an_act_out_of_turn_or_naming_another_seat_is_refused(busy: Busy) -> None:
    with Peer(busy.address, "Ann") as ann, Peer(busy.address, "Bo") as bo:
        table = create(ann, SHORT_GAME, humans="SN")
        join(bo, table, "N")
        ann.until(of_type("waiting", seat="N"), play=first_legal)  # Bo never answers
        for message in ({"choice": "4"}, {"choice": "3", "seat": "N"}):  # "look" alone may come early
            ann.send(type="act", **message)
            assert ann.until(of_type("refused"))["reason"] == "It is not your turn"
        assert not any(decision_of("N")(m) for m in ann.got)
        assert bo.until(of_type("turn"))["view"]["seat"] == "N"  # still North's decision, for Bo
    busy.keeper.assert_plays_on()


def test_an_act_with_no_seat_from_the_lobby_or_a_spectator_is_refused(busy: Busy) -> None:
    with Peer(busy.address, "Cy") as cy, Peer(busy.address, "Di") as di:
        cy.send(type="act", choice="AS")
        assert cy.until(of_type("refused"))["reason"] == "You are not seated at a table"
        watch(di, 1)
        di.send(type="act", choice="AS")
        assert di.until(of_type("refused"))["reason"] == "You are not seated at a table"
    busy.keeper.assert_plays_on()


def test_a_flood_of_messages_gets_a_fatal_error_and_the_connection_closes(busy: Busy) -> None:
    with Peer(busy.address, "Mal") as mal:
        for _ in range(2 * FLOOD_LIMIT):
            try:
                mal.send(type="tables")
            except ConnectionClosed:
                break  # the server may close the connection before the whole flood is sent
        closing = mal.closed()
        errors = [m for m in mal.got if m["type"] == "error"]
        assert errors == [{"type": "error", "reason": "too many messages: slow down", "fatal": True}]
        assert closing.rcvd is not None and closing.rcvd.code == 1008
    busy.keeper.assert_plays_on()


def test_a_client_that_says_nothing_is_told_to_say_hello_and_let_go(busy: Busy) -> None:
    with Peer(busy.address, None) as silent:
        closing = silent.closed()
        assert [m["type"] for m in silent.got] == ["error"]
        assert silent.got[0]["fatal"] is True and "hello" in silent.got[0]["reason"]
        assert closing.rcvd is not None and closing.rcvd.code == 1008
    busy.keeper.assert_plays_on()


@pytest.mark.parametrize(("hello", "reason"), [
    ({"type": "hello", "version": 2, "name": "Ann"}, "this server speaks version 1 of the protocol, not 2"),
    ({"type": "tables"}, "say hello first"),
    ({"type": "hello", "version": VERSION, "name": "   "}, "a name has 1 to"),
])
def test_a_wrong_protocol_version_or_no_good_hello_first_is_told_why_and_let_go(busy: Busy, hello: Message,
                                                                                 reason: str) -> None:
    with Peer(busy.address, None) as stranger:
        stranger.send(**hello)
        closing = stranger.closed()
        (error,) = stranger.got
        assert error["type"] == "error" and error["fatal"] is True and reason in error["reason"]
        assert closing.rcvd is not None and closing.rcvd.code == 1008
    busy.keeper.assert_plays_on()


def _lobby_chat(peer: Peer, text: str) -> Message:
    """Say `text` in the lobby; the line as everyone hears it (or the error), not one said before."""
    peer.send(type="chat", text=text)
    return peer.until(lambda m: m["type"] == "error" or said_now(m))


def test_someone_arriving_in_the_lobby_reads_what_was_said_there_lately() -> None:
    with running_server() as server:
        said = [f"line {n}" for n in range(server_module.LOBBY_CHAT_KEPT + 3)]
        for start in range(0, len(said), CHAT_LINES):  # a few people, each within the flood limit
            with Peer(server.address, f"P{start}") as speaker:
                for text in said[start:start + CHAT_LINES]:
                    speaker.send(type="chat", text=text)
                    speaker.until(of_type("chat", text=text))
        with Peer(server.address, "Bo") as bo:
            bo.until(of_type("lobby"))
            heard = [bo.until(of_type("chat", earlier=True))["text"] for _ in range(server_module.LOBBY_CHAT_KEPT)]
            assert heard == said[-server_module.LOBBY_CHAT_KEPT:], "the latest lines, in order"
            bo.send(type="tables")  # back in the lobby from a table: the same again
            bo.until(of_type("lobby"))
            again = [bo.until(of_type("chat", earlier=True))["text"] for _ in range(server_module.LOBBY_CHAT_KEPT)]
            assert again == heard


def test_a_chat_line_over_200_characters_is_cut_to_200(busy: Busy) -> None:
    with Peer(busy.address, "Ann") as ann:
        line = _lobby_chat(ann, "a" * 300)
        assert line["type"] == "chat" and len(line["text"]) <= CHAT_LENGTH and line["text"].startswith("a" * 150)
    busy.keeper.assert_plays_on()


def test_control_characters_are_taken_out_of_a_chat_line(busy: Busy) -> None:
    with Peer(busy.address, "Ann") as ann:
        line = _lobby_chat(ann, "hi\x00there\x1b[2J\nnext\tline\x7f")
        assert line["type"] == "chat"
        assert not [c for c in line["text"] if unicodedata.category(c) == "Cc"]
        assert all(word in line["text"] for word in ("hi", "there", "next", "line"))
    busy.keeper.assert_plays_on()


def test_more_than_five_chat_lines_in_ten_seconds_are_refused_and_not_sent(busy: Busy) -> None:
    with Peer(busy.address, "Ann") as ann:
        answers = [_lobby_chat(ann, f"line {n}") for n in range(1, CHAT_LINES + 2)]
        assert [a["type"] for a in answers] == ["chat"] * CHAT_LINES + ["error"]
        assert answers[-1]["reason"] == (f"Too fast: at most {CHAT_LINES} chat lines in 10 seconds; "
                                         "that line was not sent")
        ann.send(type="tables")
        ann.until(of_type("lobby"))
        assert [m["text"] for m in ann.chat_lines()] == [f"line {n}" for n in range(1, CHAT_LINES + 1)]
    busy.keeper.assert_plays_on()


# -- 6. where chat goes ----------------------------------------------------------------------------------
def test_table_chat_reaches_the_tables_people_only_and_lobby_chat_the_lobby_only(busy: Busy) -> None:
    with (Peer(busy.address, "Ann") as ann, Peer(busy.address, "Bo") as bo, Peer(busy.address, "Cy") as cy,
          Peer(busy.address, "Di") as di):
        table = create(ann, SHORT_GAME)
        watch(bo, table)
        ann.send(type="chat", text="at the table")
        at_table = {"type": "chat", "from": "Ann", "text": "at the table", "where": table}
        assert ann.until(said_now) == at_table
        assert bo.until(said_now) == at_table
        cy.send(type="chat", text="in the lobby")  # sent after the table's line was handled
        in_lobby = {"type": "chat", "from": "Cy", "text": "in the lobby", "where": "lobby"}
        assert cy.until(said_now) == in_lobby
        assert di.until(said_now) == in_lobby  # the table's line, had it come, would have come first
        ann.send(type="chat", text="marker")
        for peer in (ann, bo):
            peer.until(of_type("chat", text="marker"))
            assert [m["text"] for m in peer.chat_lines()] == ["at the table", "marker"]
        assert [m["text"] for m in cy.chat_lines()] == [m["text"] for m in di.chat_lines()] == ["in the lobby"]
    busy.keeper.assert_plays_on()


# -- seats -------------------------------------------------------------------------------------------
def test_a_player_alone_at_a_table_can_move_to_another_seat_before_the_game_starts() -> None:
    with running_server() as server, Peer(server.address, "Ann") as ann, Peer(server.address, "Bo") as bo:
        table = create(ann, SHORT_GAME, humans="SN")
        join(ann, table, "N")
        seats = ann.until(of_type("table"))["seats"]
        assert (seats["S"]["kind"], seats["N"]["name"]) == ("open", "Ann")
        join(bo, table, "S")
        play_to_the_end([ann, bo])


def test_a_player_alone_at_a_table_can_give_up_the_seat_to_watch_it() -> None:
    with running_server() as server, Peer(server.address, "Ann") as ann, Peer(server.address, "Bo") as bo:
        table = create(ann, SHORT_GAME)
        ann.send(type="watch", table=table)
        assert ann.until(lambda m: m["type"] in ("watching", "error"))["type"] == "watching"
        ann.until(of_type("synced"))
        watch(bo, table)  # the table is still there
        play_to_the_end([ann, bo])


# -- 7. the command ------------------------------------------------------------------------------------
def _line(process: subprocess.Popen, timeout: float) -> str:
    """The next line the process prints (AssertionError if none comes in time)."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    assert ready, "the server printed nothing"
    return process.stdout.readline()


def test_the_server_command_says_where_it_listens_and_a_client_can_say_hello() -> None:
    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen([sys.executable, "-m", "net.server", "-p", "0", "--host", "127.0.0.1"], cwd=root,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = _line(process, WAIT)
        found = re.fullmatch(r"Spades server listening on 127\.0\.0\.1:(\d+) \(protocol version 1\)\n", line)
        assert found, f"{line!r}; the server said {process.stderr.read() if process.poll() is not None else ''}"
        with Peer(f"127.0.0.1:{found[1]}", "Ann") as ann:
            assert ann.welcome["version"] == VERSION and ann.welcome["name"] == "Ann"
            assert ann.until(of_type("lobby"))["tables"] == []
    finally:
        process.terminate()
        process.communicate(timeout=WAIT)


def test_a_table_nobody_is_at_waits_for_someone_to_come_back_rather_than_play_on() -> None:
    with running_server(hold=0.5) as server:
        ann = Peer(server.address, "Ann")
        token = ann.welcome["token"]
        table = create(ann, SHORT_GAME)
        ann.until(of_type("turn"))
        last_seq = max(m["seq"] for m in ann.got if m["type"] == "event")
        ann.close()
        with Peer(server.address, "Eve") as eve:  # in the lobby, not at the table
            eve.until(lambda m: m["type"] == "lobby" and any(
                t["table"] == table and t["seats"]["S"]["away"] for t in m["tables"]), timeout=WAIT)
        time.sleep(1.0)  # time for computers to play, had they gone on
        with Peer(server.address, "Ann", token=token, last_seq=last_seq) as back:
            back.until(of_type("synced"), play=first_legal)
            missed = [m for m in back.got if m["type"] == "event" and m["seq"] > last_seq]
            assert len(missed) <= 1, f"the computers played on for nobody: {len(missed)} events"
            back.until(event("game_over"), GAME_WAIT, play=first_legal)  # and the game goes on with Ann


def test_a_seat_that_may_bid_blind_gets_its_own_cards_only_as_it_looks_in_every_hand() -> None:
    with running_server() as server, Peer(server.address, "Ann") as ann:
        create(ann, "partners=1 broken=1 nil=100 blindnil=200 blindnilfail=100 win=2000 lose=-2000")
        ann.until(lambda m: m["type"] == "shown" and m["hand"] == 3, GAME_WAIT, play=first_legal)
    starts = [i for i, m in enumerate(ann.got) if m["type"] == "event" and m["event"]["kind"] == "hand_started"]
    shown = {m["hand"]: m["deal"]["S"] for m in ann.got if m["type"] == "shown"}
    for start, end in zip(starts, [*starts[1:], len(ann.got)], strict=True):
        hand = ann.got[start:end]
        assert "S" in hand[0]["event"]["blind_seats"], "South may bid blind in every hand under these rules"
        told = next(i for i, m in enumerate(hand) if m["type"] == "cards")
        own = [m["event"]["card"] for m in hand[:told] if m["type"] == "event" and m["event"]["kind"] == "card_dealt"
               and m["event"]["seat"] == "S"]
        assert len(own) == 13 and own == [None] * 13, "not even South's own cards before it looks"
        looked = hand[told + 1]["event"]
        assert looked["seat"] == "S" and looked["kind"] in ("blind_choice", "bid"), "the cards come just before"
        assert hand[told]["cards"] == shown[hand[0]["event"]["number"]], "South's own cards of this hand"


def test_the_joined_message_shows_the_player_in_the_seat_just_taken() -> None:
    with running_server() as server, Peer(server.address, "Ann") as ann, Peer(server.address, "Bo") as bo:
        table = create(ann, SHORT_GAME, humans="SN")
        created = next(m for m in ann.got if m["type"] == "joined")
        assert created["summary"]["seats"]["S"] == {"name": "Ann", "kind": "human", "away": False, "connected": True}
        bo.send(type="join", table=table, seat="N")
        joined = bo.until(of_type("joined"))
        assert joined["summary"]["seats"]["N"]["name"] == "Bo" and joined["summary"]["seats"]["N"]["kind"] == "human"
        assert joined["summary"]["seats"]["S"]["name"] == "Ann"
