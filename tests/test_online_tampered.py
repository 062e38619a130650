"""A server that sends, in the middle of a hand, what this game cannot read or what does not fit
the table: the table says so, leaves it out, and the hand goes on to its score.

The game connects to a real server through a proxy on 127.0.0.1 that passes every frame on and
slips broken ones in after chosen cards have been played: the frames no server of ours sends,
as a server of another make, a newer version or a damaged network would.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.sync.server import serve

from net.client import UNREAD
from scenes.look import text
from scenes.screens.score import ScoreScene
from scenes.table.online import MISFIT
from tests.app_driver import frames, make_app
from tests.netserver import running_server
from tests.test_online import control, create_table, play_hand, to_lobby


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


@pytest.mark.parametrize("slipped, told", [({1: unreadable}, UNREAD), ({3: solo_score}, MISFIT)],
                         ids=["unreadable", "misfit"])
def test_what_a_server_sends_that_the_game_cannot_use_is_told_and_the_hand_goes_on_to_its_score(
        tmp_path, monkeypatch, slipped, told):
    drawn: list[str] = []
    render = text.render

    def recorded(words: str, *args):
        drawn.append(words)
        return render(words, *args)

    recorded.cache_clear = render.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(text, "render", recorded)
    with tampered(slipped) as address, contextlib.closing(make_app(tmp_path)) as game:
        frames(game)
        table = create_table(game, to_lobby(game, address, "Ann"))
        score = play_hand(game)
        assert any(told in words for words in drawn), f"the table said {told!r}"
        assert isinstance(score, ScoreScene) and len(score.model.scores) == 1
        assert sum(table.model.taken.values()) == 13 and set(table.model.standings) == {"NS", "EW"}
        assert game.net is not None and game.net.status == "connected"
        assert control(table).seen > 0
