"""The online table's control (no pygame) against a real server: a player who sits anywhere
sees the table turned so that they sit South, with their own cards, and the names follow
the people who sit down."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from game.cards import Card
from game.events import Event, HandScored, from_dict
from game.game import Game
from game.players import RandomPlayer, decide
from game.rules import PRESETS
from game.seats import SEATS
from game.view import seat_view
from net.client import NetClient
from net.protocol import event_for
from scenes.table.model import Hidden, TableModel
from scenes.table.online import OnlineTableController, WatchedModel
from tests.netserver import running_server
from tests.table_preferences import TablePreferences

PARTNERS = {"S": "human", "W": "computer", "N": "human", "E": "computer"}


class NoThinker:
    """Suggest is not asked in these tests."""

    def ask(self, request) -> None:
        raise AssertionError("nothing should be asked")

    def poll(self):
        return None


def _until(condition: Callable[[], object], client_polls: Callable[[], None], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        client_polls()
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("the server's messages did not come in time")


def _seated(client: NetClient, seconds: float = 10.0, kind: str = "joined") -> tuple[dict, list[dict]]:
    """The `joined` message (or `watching`) and what came after it (as the lobby hands them to the table)."""
    got: list[dict] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got += client.receive()
        for index, message in enumerate(got):
            if message.get("type") == kind:
                return message, got[index + 1:]
        time.sleep(0.02)
    raise AssertionError(f"not {kind}: {[m.get('type') for m in got]}")


def _answers(client: NetClient) -> Callable[[], None]:
    """Polls that make `client` answer every turn it is given with a legal choice."""
    def answer() -> None:
        for message in client.receive():
            if message.get("type") != "turn":
                continue
            view = message["view"]
            legal = view["legal"]
            choice = {"blind": legal[-1], "exchange": legal[: view.get("exchange_count", 1)]}.get(view["phase"],
                                                                                                 legal[0])
            client.send({"type": "act", "choice": choice})
    return answer


def _controller(client: NetClient, joined: dict, rest: list[dict]) -> tuple[OnlineTableController, TableModel]:
    control = OnlineTableController(client, joined.get("seat"), joined["summary"], NoThinker(),
                                    lambda: TablePreferences(blind_offer="always"), lambda: 1)
    for message in rest:
        control.take(message)
    return control, control.new_model()


def _show(control: OnlineTableController, model: TableModel) -> None:
    """Take what has come and show every event the table would show (the bids pause skipped)."""
    control.poll()
    while True:
        event = control.next_event()
        if event is None:
            if control.pending and not control.next_event_ready():
                control.end_pause()
                continue
            return
        model.apply(event)


def test_a_player_at_north_holds_their_own_cards_at_the_bottom_and_is_asked_as_south() -> None:
    with running_server() as server:
        ann, bo = NetClient(server.address, "Ann"), NetClient(server.address, "Bo")
        try:
            ann.send({"type": "create", "rules": "partner", "seats": PARTNERS})
            joined, _ = _seated(ann)
            bo.send({"type": "join", "table": joined["table"], "seat": "N"})
            bo_joined, rest = _seated(bo)
            assert bo_joined["seat"] == "N"
            control, model = _controller(bo, bo_joined, rest)
            ann_answers = _answers(ann)
            _until(lambda: control.turn_view is not None and not control.pending,
                   lambda: (ann_answers(), _show(control, model)))
            assert len(model.holdings["S"]) == 13
            if control.turn_view["phase"] == "blind":
                assert all(isinstance(card, Hidden) for card in model.holdings["S"]), "unseen while it may bid blind"
                control.choose("look")
            # the cards and the next turn come in separate messages, and an event between them clears the
            # turn: wait until the cards are shown and a turn past the blind one has come
            _until(lambda: all(isinstance(card, Card) for card in model.holdings["S"]) and not control.pending
                   and control.turn_view is not None and control.turn_view["phase"] != "blind",
                   lambda: (ann_answers(), _show(control, model)))
            south = model.holdings["S"]
            assert len(south) == 13 and sorted(map(str, south)) == sorted(control.turn_view["hand"])
            assert all(isinstance(card, Hidden) for seat in "WNE" for card in model.holdings[seat])
            assert model.names["N"] == "Ann" and model.names["S"] == "Bo"
            ann.send({"type": "leave"})
        finally:
            ann.close()
            bo.close()


def test_the_turn_comes_with_the_players_view_turned_to_south() -> None:
    with running_server() as server:
        bo, ann = NetClient(server.address, "Bo"), NetClient(server.address, "Ann")
        try:
            ann.send({"type": "create", "rules": "partner",
                      "seats": {"S": "human", "W": "human", "N": "computer", "E": "computer"}})
            joined, _ = _seated(ann)
            bo.send({"type": "join", "table": joined["table"], "seat": "W"})
            control, model = _controller(bo, *_seated(bo))
            ann_answers = _answers(ann)
            _until(lambda: control.turn_view is not None and not control.pending,
                   lambda: (ann_answers(), _show(control, model)))
            if control.turn_view["phase"] == "blind":  # the cards are looked at first
                asked = control.turn_seq
                control.choose("look")
                _until(lambda: control.turn_seq != asked and not control.pending,
                       lambda: (ann_answers(), _show(control, model)))
            view = control.turn_view
            assert view["seat"] == "S" and view["phase"] in ("bid", "play")
            assert sorted(view["hand"]) == sorted(str(card) for card in model.holdings["S"])
        finally:
            ann.close()
            bo.close()


def test_the_names_at_the_table_follow_who_sits_down() -> None:
    with running_server() as server:
        ann = NetClient(server.address, "Ann")
        bo = NetClient(server.address, "Bo")
        try:
            ann.send({"type": "create", "rules": "partner", "seats": PARTNERS})
            control, model = _controller(ann, *_seated(ann))
            assert model.names["N"] == "North"  # nobody there yet
            bo.send({"type": "join", "table": control.summary["table"], "seat": "N"})
            _until(lambda: model.names["N"] == "Bo", lambda: _show(control, model))
            assert model.names["S"] == "Ann"
        finally:
            ann.close()
            bo.close()


def test_the_tables_chat_tells_who_sits_down_drops_comes_back_and_watches() -> None:
    with running_server(hold=30.0) as server:
        ann = NetClient(server.address, "Ann")
        bo = NetClient(server.address, "Bo")
        try:
            ann.send({"type": "create", "rules": "partner", "seats": PARTNERS})
            control, model = _controller(ann, *_seated(ann))
            said = lambda: [line.words for line in control.chat if not line.who]  # noqa: E731
            bo.send({"type": "join", "table": control.summary["table"], "seat": "N"})
            _until(lambda: "Bo sits across from you" in said(), lambda: _show(control, model))
            _until(lambda: bo.token is not None, lambda: None)
            token = bo.token
            bo.close()
            _until(lambda: "Bo lost the connection" in said(), lambda: _show(control, model))
            bo = NetClient(server.address, "Bo", token)
            _until(lambda: "Bo is back" in said(), lambda: _show(control, model))
            eve = NetClient(server.address, "Eve")
            eve.send({"type": "watch", "table": control.summary["table"]})
            _until(lambda: "Someone is watching" in said(), lambda: _show(control, model))
            eve.close()
        finally:
            ann.close()
            bo.close()


def test_a_player_who_leaves_a_game_under_way_has_left_for_the_others_and_for_a_watcher_too() -> None:
    """Leaving mid-game keeps the name on the seat a computer now plays: that is no lost connection.
    Someone watching hears of South as of any seat, each seat named, not placed."""
    with running_server(hold=30.0) as server:
        ann, bo, eve = (NetClient(server.address, name) for name in ("Ann", "Bo", "Eve"))
        try:
            ann.send({"type": "create", "rules": "partner", "seats": PARTNERS})
            control, model = _controller(ann, *_seated(ann))
            bo.send({"type": "join", "table": control.summary["table"], "seat": "N"})
            at_north = _controller(bo, *_seated(bo))
            eve.send({"type": "watch", "table": control.summary["table"]})
            watcher = _controller(eve, *_seated(eve, kind="watching"))
            _until(lambda: at_north[0].summary.get("state") not in (None, "waiting"), lambda: _show(*at_north))
            _until(lambda: watcher[0].synced_at is not None, partial(_show, *watcher))  # after the table's news
            eve_heard = [line.words for line in watcher[0].chat]
            assert "Someone is watching" not in eve_heard, "Eve was told of her own arrival"
            ann.send({"type": "leave"})
            for heard, seen in (at_north, watcher):
                said = lambda heard=heard: [line.words for line in heard.chat if not line.who]  # noqa: E731
                _until(lambda said=said: any(words.startswith("Ann left the table") for words in said()),
                       partial(_show, heard, seen))
                assert "Ann lost the connection" not in said(), said()
        finally:
            for client in (ann, bo, eve):
                client.close()


def test_a_watchers_south_fan_is_never_face_up_while_the_cards_are_dealt_and_played() -> None:
    """Each event of a hand as a spectator is told it (South's dealt cards hidden): South's fan,
    empty before its first card comes and after its last is played, is never taken as looked at."""
    events: list[Event] = []
    game = Game(PRESETS["partner"].rules, seed=7, listeners=[events.append])
    players = {seat: RandomPlayer(seat, {}, 7, steady_bid=3) for seat in SEATS}
    while not any(isinstance(event, HandScored) for event in events):
        seat = game.to_act
        game.apply(seat, decide(players[seat], seat_view(game.hand, seat)))
    model = WatchedModel.of_game(game)
    for event in events:
        model.apply(from_dict(event_for(event, None)))
        assert not model.south_looked, f"South's fan face up for a watcher after {event}"


class Quiet:
    """A connection that has nothing to say: the test hands the controller its messages itself."""

    status = "connected"

    def send(self, message: dict) -> None:
        pass

    def receive(self) -> list[dict]:
        return []


def test_a_reason_from_the_server_that_is_not_text_is_left_out_and_a_long_one_is_cut() -> None:
    summary = {"table": 1, "rules": PRESETS["partner"].rules.to_line(), "variant": "Partner", "seats": {}}
    control = OnlineTableController(Quiet(), "S", summary, NoThinker(), lambda: None, lambda: 1)
    long = "About 4 tricks " + "and more " * 40
    for seq, event, why in [(1, {"kind": "hand_started", "number": 1, "dealer": "E", "redeal": False,
                                 "blind_seats": []}, "a hand has no reason"),
                            (2, {"kind": "bid", "seat": "W", "bid": "3", "automatic": False}, 42),
                            (3, {"kind": "bid", "seat": "N", "bid": "4", "automatic": False}, long),
                            (4, {"kind": "bid", "seat": "E", "bid": "2", "automatic": False}, "About 2 tricks")]:
        control.take({"type": "event", "seq": seq, "event": event, "why": why})
    assert control.why(1, "W") is None
    assert control.why(1, "N") == f"North's bid of 4: {long[:200]}"
    for whole in ("not a table of reasons", {"3": ["not text"], "x": "y", "-1": "z", "99": "w", "4": "Two aces"}):
        control.take({"type": "shown", "seq": 9, "hand": 1, "deal": {seat: [] for seat in SEATS}, "why": whole})
    assert control.why(1, "N") == f"North's bid of 4: {long[:200]}", "kept: what came in its place was no text"
    assert control.why(1, "E") == "East's bid of 2: Two aces"
    assert control.why(1, "W") is None and control.why(2, "E") is None


class Sent:
    """A connection that keeps what the controller sends (the server's side is played by the test)."""

    status = "connected"

    def __init__(self) -> None:
        self.sent: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def receive(self) -> list[dict]:
        return []


def test_a_hand_starting_picks_up_the_players_cards_unless_a_blind_bid_would_be_offered() -> None:
    """Where every seat may bid blind nil, the player's cards come at once, not at their turn to
    bid (minutes away at a table of people), unless the options offer them the blind bid."""
    from scenes.table.online import OnlineTableController

    summary = {"table": 1, "rules": PRESETS["partner"].rules.to_line(), "variant": "Partner",
               "seats": {seat: {"name": "", "kind": "human", "away": False, "connected": True} for seat in SEATS}}
    started = {"type": "event", "seq": 1,
               "event": {"kind": "hand_started", "number": 1, "dealer": "W", "redeal": False,
                         "blind_seats": ["S", "W", "N", "E"]}}
    for offer, looks in (("never", True), ("trailing", True), ("always", False)):
        connection = Sent()
        preferences = TablePreferences(blind_offer=offer)
        control = OnlineTableController(connection, "N", summary, NoThinker(), lambda p=preferences: p, lambda: 1)
        control.take({"type": "synced", "seq": 0})
        control.take(started)
        control.poll()  # the look goes once what has come is taken
        control.poll()
        assert (connection.sent == [{"type": "act", "choice": "look"}]) is looks, offer
    replaying = OnlineTableController(Sent(), "N", summary, NoThinker(), lambda: TablePreferences(), lambda: 1)
    replaying.take(started)  # the game so far, before `synced`: an old hand's start asks nothing
    replaying.poll()
    assert replaying.connection.sent == []
    played = OnlineTableController(Sent(), "N", summary, NoThinker(), lambda: TablePreferences(), lambda: 1)
    played.take({"type": "synced", "seq": 0})
    for message in (started, {"type": "event", "seq": 2, "event": {"kind": "bid", "seat": "N", "bid": "4"}}):
        played.take(message)  # a hand gone by while the player read: North (on screen, South) bid already
    played.poll()
    assert played.connection.sent == [], "a look for a hand whose bidding is past"
