"""A server that sends, in the middle of a hand, what this game cannot read or what does not fit
the table: the table says so, leaves it out, and the hand goes on to its score.

The game connects to a real server through a proxy on 127.0.0.1 that passes every frame on and
slips broken ones in after chosen cards have been played: the frames no server of ours sends,
as a server of another make, a newer version or a damaged network would. Also: a lobby with a
table this version cannot read (from a server written by hand), and the server's own word on what
it would not do (too much chat), told on the table's chat line.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator

import pygame
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.sync.server import serve

from game.rules import PRESETS
from net.client import UNREAD
from scenes.look import text
from scenes.screens.score import ScoreScene
from scenes.table.online import MISFIT
from tests.app_driver import frames, make_app, press
from tests.netserver import running_server
from tests.test_online import control, create_table, play_hand, to_lobby, wait_until

PARTNER_LINE = PRESETS["partner"].rules.to_line()


class TamperingProxy:
    """Passes frames both ways between the game and the server at `upstream`; after the server has
    sent its n-th ``card_played`` event, sends ``slipped[n](that frame)`` too."""

    def __init__(self, upstream: str, slipped: dict[int, object]) -> None:
        self.upstream = upstream
        self.slipped = slipped
        self.cards = 0

    def handle(self, ws) -> None:
        with connect(f"ws://{self.upstream}/", max_size=2**22) as up:
            threading.Thread(target=self.down, args=(up, ws), daemon=True).start()
            with contextlib.suppress(ConnectionClosed):
                for frame in ws:
                    up.send(frame)

    def down(self, up, ws) -> None:
        with contextlib.suppress(ConnectionClosed):
            for frame in up:
                ws.send(frame)
                if '"card_played"' in frame:
                    self.cards += 1
                    for extra in self.slipped.get(self.cards, lambda _frame: [])(json.loads(frame)):
                        ws.send(extra)


@contextlib.contextmanager
def tampered(slipped: dict[int, object]) -> Iterator[str]:
    """A real server behind a tampering proxy: the proxy's address."""
    with running_server() as server:
        proxy = TamperingProxy(server.address, slipped)
        with serve(proxy.handle, "127.0.0.1", 0, max_size=2**22) as front:
            threading.Thread(target=front.serve_forever, daemon=True).start()
            yield f"127.0.0.1:{front.socket.getsockname()[1]}"


def unreadable(_frame: dict) -> list[str]:
    return ["[" * 100_000, "not json", json.dumps({"type": "event", "seq": 5}),
            json.dumps({"type": "event", "seq": 5, "event": {"kind": "card_played", "seat": "X", "card": "AS"}}),
            json.dumps({"type": "table", "table": 1, "seats": {"S": {"kind": "king"}}}),
            json.dumps({"type": "turn", "seq": 1, "view": {"seat": "S"}}),
            json.dumps({"type": "chat", "from": "Bo", "text": ["hi"]})]


def solo_score(frame: dict) -> list[str]:
    """A hand's score for four sides at a table of partners, in the engine's own notation."""
    side = {"contract": 4, "tricks": 4, "made": True, "parts": {"contract": 40}, "total": 40, "bags_taken": 0,
            "before": {"points": 0, "bags": 0}, "points": 40, "bags": 0, "team_nil": False, "nils": [],
            "bonuses": []}
    score = {"kind": "hand_scored", "number": 1, "score": dict.fromkeys("SWNE", side)}
    return [json.dumps({"type": "event", "seq": frame["seq"], "event": score})]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of words drawn from here on, in order."""
    lines: list[str] = []
    render = text.render

    def recorded(words: str, *args):
        lines.append(words)
        return render(words, *args)

    recorded.cache_clear = render.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(text, "render", recorded)
    return lines


@pytest.mark.parametrize("slipped, told", [({1: unreadable}, UNREAD), ({3: solo_score}, MISFIT)],
                         ids=["unreadable", "misfit"])
def test_what_a_server_sends_that_the_game_cannot_use_is_told_and_the_hand_goes_on_to_its_score(
        tmp_path, drawn, slipped, told):
    with tampered(slipped) as address, contextlib.closing(make_app(tmp_path)) as game:
        frames(game)
        table = create_table(game, to_lobby(game, address, "Ann"))
        score = play_hand(game)
        assert any(told in words or told.startswith(words.removesuffix(" ..")) and len(words) > 20
                   for words in drawn), f"the table said {told!r} (whole, or its first part on the band)"
        assert isinstance(score, ScoreScene) and len(score.model.scores) == 1
        assert sum(table.model.taken.values()) == 13 and set(table.model.standings) == {"NS", "EW"}
        assert game.net is not None and game.net.status == "connected"
        assert control(table).seen > 0


def test_a_lobby_lists_the_tables_it_can_read_and_says_one_cannot_be_read_while_it_is_there(tmp_path, drawn):
    table = {"table": 2, "name": "Bo's table", "variant": "Partner", "rules": PARTNER_LINE, "level": "normal",
             "clock": 30.0, "state": "waiting", "hand": 0, "scores": {"NS": 0, "EW": 0}, "watchers": 0,
             "seats": {s: {"name": "", "kind": "open", "away": False, "connected": False} for s in "SWNE"}}
    newer = {**table, "table": 3, "seats": {"S": {"kind": "robot"}}}
    odd = {**table, "table": 4, "rules": f"{PARTNER_LINE} deck=tarot"}  # rules of a newer version
    newest = {**table, "table": 5, "rules": f"{PARTNER_LINE} futurerule=2"}
    listed = threading.Event()

    def talk(ws) -> None:
        ws.recv()  # hello
        ws.send(json.dumps({"type": "welcome", "version": 1, "you": "15fcca294060", "name": "Ann",
                            "token": "207eeee33ae728b2f463fe957b868d45", "table": None, "seat": None}))
        ws.send(json.dumps({"type": "lobby", "tables": [newer, odd, newest, table], "people": 2}))
        listed.wait(10)
        ws.send(json.dumps({"type": "lobby", "tables": [table], "people": 2}))  # the newer table has closed
        with contextlib.suppress(ConnectionClosed):
            for _ in ws:
                pass

    with serve(talk, "127.0.0.1", 0) as server, contextlib.closing(make_app(tmp_path)) as game:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        frames(game)
        lobby = to_lobby(game, f"127.0.0.1:{server.socket.getsockname()[1]}", "Ann")
        wait_until(game, lambda: lobby.tables, "the table listed")
        assert [t["table"] for t in lobby.tables] == [5, 4, 2]  # newest first
        for number, playable in ((4, False), (5, False), (2, True)):
            assert all(button.is_enabled == playable for button, (table_number, _) in lobby.seat_buttons.items()
                       if table_number == number), "no seat to take at a table whose rules cannot be played here"
            assert all(button.is_enabled == playable for button, at in lobby.watch_buttons.items() if at == number)
        frames(game, 4)
        assert any(line.startswith("A table on the server cannot be read by this version") for line in drawn)
        listed.set()
        wait_until(game, lambda: not lobby.notice, "the notice gone with the table")


def test_what_the_server_says_it_could_not_do_is_told_on_the_tables_chat_line(tmp_path, drawn):
    with running_server() as server, contextlib.closing(make_app(tmp_path)) as game:
        frames(game)
        table = create_table(game, to_lobby(game, server.address, "Ann"))
        for line in range(6):  # one more than the server takes in ten seconds
            press(game, pygame.K_t)
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=f"line {line}"))
            frames(game)
            press(game, pygame.K_RETURN)
        wait_until(game, lambda: table.notice is not None, "the server's answer")
        frames(game, 4)
        assert any(line.startswith("Too fast: at most 5 chat lines") for line in drawn), drawn
