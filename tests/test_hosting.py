"""Play Online's Host: the game starts a server on this computer, seats its player in the lobby
there, shows the address friends type, and closes the server when its player leaves (asking
first when friends are on it) or quits. Friends are plain WebSocket clients at that address."""

from __future__ import annotations

import socket
import threading
import time
from types import SimpleNamespace

import pygame
import pygame_gui

from net.background import reachable_address
from scenes.app import App
from scenes.screens.confirm import ConfirmScene
from scenes.screens.online import ConnectScene, LobbyScene
from scenes.screens.title import TitleScene
from tests.app_driver import click_widget, frames, make_app, type_into
from tests.netserver import running_server
from tests.test_online import PlainClient, Shown, connect_form, create_table, to_lobby, top, wait_until

CLOSE_TIMEOUT = 10.0
"""Seconds websockets gives a connection to open or to close: a server waits that long for a silent one."""


def host(game: App, name: str = "Ann") -> LobbyScene:
    """Play Online, a name, then Host: the lobby of the server started here."""
    form = connect_form(game)
    type_into(game, form.name, name, finish=False)
    click_widget(game, form.host)
    wait_until(game, lambda: isinstance(top(game), LobbyScene), "the lobby of the hosted server")
    return top(game)


def friends_address(shown: Shown) -> str:
    """The address the lobby's header tells friends to type."""
    line = next(words for words in shown.words if words.startswith("Friends connect to "))
    return line.removeprefix("Friends connect to ").split()[0]


def friend(address: str, name: str) -> PlainClient:
    """A friend's plain client, connected to `address` (``host:port``)."""
    return PlainClient(SimpleNamespace(address=address), name)


def refused(address: str) -> bool:
    """Whether nothing listens at `address` any more."""
    host_name, port = address.rsplit(":", 1)
    try:
        socket.create_connection((host_name, int(port)), timeout=5).close()
    except OSError:
        return True
    return False


def test_host_starts_a_server_here_and_a_friend_at_the_address_shown_takes_the_open_seat(app, monkeypatch):
    game = app
    shown = Shown(game, monkeypatch)
    lobby = host(game)
    assert game.hosted is not None and game.hosted.port != 0
    wait_until(game, lambda: any(w.startswith("Friends connect to ") for w in shown.words), "the address for friends")
    address = friends_address(shown)
    assert address == f"{reachable_address()}:{game.hosted.port}"
    lou = friend(address, "Lou")
    wait_until(game, lambda: lobby.people == 2, "the lobby counts the friend")
    click_widget(game, lobby.seat_toggles["N"])
    assert lobby.seats["N"] == "human"
    click_widget(game, lobby.create)
    wait_until(game, lambda: f"Friends: {address}   T: chat" in shown, "the table gives the address too")
    assert top(game).waiting_words() == "Waiting for a player at North"  # in the message band
    assert "Ann" in shown and "Ann (D)" not in shown and "Hand 0" not in shown, "no dealer, no hand yet"
    listed = lou.wait(lambda m: m["type"] == "lobby" and any(t["seats"]["N"]["kind"] == "open" for t in m["tables"]),
                      "Ann's table with North open", game)
    number = next(t["table"] for t in listed["tables"] if t["seats"]["S"].get("name") == "Ann")
    lou.send({"type": "join", "table": number, "seat": "N"})
    lou.wait(lambda m: m["type"] == "joined" and m["seat"] == "N", "North at Ann's table", game)
    wait_until(game, lambda: "Lou" in game.scenes[-1].model.names.values(), "Lou's name at North")
    wait_until(game, lambda: top(game).waiting_words() == "", "the game starts: nobody is awaited")
    lou.close()


def test_leaving_the_lobby_asks_while_friends_are_on_the_server_then_closes_it(app, monkeypatch):
    game = app
    shown = Shown(game, monkeypatch)
    lobby = host(game)
    wait_until(game, lambda: any(w.startswith("Friends connect to ") for w in shown.words), "the address for friends")
    address = friends_address(shown)
    lou = friend(address, "Lou")
    wait_until(game, lambda: lobby.people == 2, "the lobby counts the friend")
    click_widget(game, lobby.back)
    question = top(game)
    assert isinstance(question, ConfirmScene) and question.question == "Close your server?"
    assert "1 other person is connected" in " ".join(question.lines)
    click_widget(game, question.no)
    assert top(game) is lobby and game.hosted is not None and not refused(address)
    click_widget(game, lobby.back)
    click_widget(game, top(game).yes)
    assert isinstance(top(game), TitleScene) and game.hosted is None and game.net is None
    wait_until(None, lambda: refused(address), "the server closes")
    told = lou.wait(lambda m: m["type"] == "error" and m.get("fatal"), "word that the server closed")
    assert told["reason"] == "The server has closed"
    wait_until(None, lambda: lou.listener.is_alive() is False, "the friend's connection ends")
    lou.closing.close()


def test_alone_on_the_server_leaving_closes_it_at_once_and_host_starts_it_again(app):
    game = app
    lobby = host(game)
    address = f"127.0.0.1:{game.hosted.port}"
    click_widget(game, lobby.back)
    assert isinstance(top(game), TitleScene) and game.hosted is None
    wait_until(None, lambda: refused(address), "the server closes")
    host(game)
    assert game.hosted is not None and not refused(f"127.0.0.1:{game.hosted.port}")


def test_the_usual_port_taken_the_server_listens_on_another_one_shown_to_friends(tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        game = make_app(tmp_path, host_port=busy)
        try:
            frames(game)
            shown = Shown(game, monkeypatch)
            host(game)
            assert game.hosted.port not in (0, busy)
            wait_until(game, lambda: any(w.startswith("Friends connect to ") for w in shown.words),
                       "the address for friends")
            assert friends_address(shown).endswith(f":{game.hosted.port}")
        finally:
            game.close()


def test_quitting_the_game_closes_the_server_it_hosts(tmp_path):
    game = make_app(tmp_path)
    frames(game)
    host(game)
    address = f"127.0.0.1:{game.hosted.port}"
    game.close()
    wait_until(None, lambda: refused(address), "the server closes")


def test_leaving_does_not_wait_for_a_connection_that_never_answers(app):
    game = app
    host(game)
    server = game.hosted
    with socket.create_connection(("127.0.0.1", server.port)):  # opened, and silent: no handshake
        clicked = time.monotonic()
        click_widget(game, top(game).back)
        assert time.monotonic() - clicked < CLOSE_TIMEOUT / 2, "the frame loop waited for the server"
        assert isinstance(top(game), TitleScene) and game.hosted is None
        assert not server.stopped, "the server still waits for that connection, in its own thread"
    wait_until(None, lambda: server.stopped, "the server ends", seconds=30)


def test_host_asks_for_a_name_first_and_starts_nothing(app, monkeypatch):
    game = app
    shown = Shown(game, monkeypatch)
    form = connect_form(game)
    type_into(game, form.name, "   ", finish=False)
    click_widget(game, form.host)
    wait_until(game, lambda: "Type a name first." in shown, "the form asks for a name")
    assert isinstance(top(game), ConnectScene) and game.hosted is None and game.net is None


def test_back_on_the_form_before_the_lobby_opens_closes_the_server_just_started(app):
    game = app
    form = connect_form(game)
    type_into(game, form.name, "Ann", finish=False)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=form.host))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(game, 1)  # Host, then Esc, in one frame: the server's welcome cannot have been read
    assert isinstance(top(game), TitleScene) and game.hosted is None and game.net is None


def test_a_friend_at_a_table_is_told_the_server_closed_and_stops_coming_back(app, monkeypatch):
    """The friend's game here; the host's server stands in for the one on the host's computer."""
    game = app
    shown = Shown(game, monkeypatch)
    with running_server() as server:
        create_table(game, to_lobby(game, server.address, "Lou"))
        wait_until(game, lambda: "T: chat" in shown, "the chat line, with no address: not hosting")
        threading.Thread(target=server.stop).start()  # the host leaves; the friend's game reads on
        wait_until(game, lambda: "The server has closed" in shown, "the table says the server closed")
    assert game.net.status == "closed: The server has closed", "it does not try to come back"
