"""Takes the screenshots of play online for the docs: ``python -m scenes.tools.online_shot [folder]``.

A server runs in a thread beside the game (:mod:`net.background`) with a few people of its
own: Kim waits at a table with an open seat, Lee plays Suicide with three computers, Max
chats in the lobby. The game connects as Ann and the lobby is saved (``lobby.png``); then
Ann sets up a table with North for a person, Bo sits there, the hand is played a while and
the table with a chat line is saved (``online_table.png``); then Bo says more than the chat band
holds and the mouse points at the band (``online_chat.png``); last Esc opens the menu, under
which the table plays on (``online_menu.png``). Runs headless (SDL dummy driver) unless a display
is set up.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402

from net.background import server_thread  # noqa: E402
from net.protocol import VERSION  # noqa: E402
from net.server import Options  # noqa: E402
from scenes.app import App, AppConfig  # noqa: E402
from scenes.look import layout  # noqa: E402
from scenes.screens.online import LobbyScene  # noqa: E402
from scenes.table.view import TableScene  # noqa: E402
from scenes.tools.screenshots import DOCS_SHOTS, FRAME, save  # noqa: E402

TRICKS_BEFORE_THE_SHOT = 3


class Person:
    """Someone else at the server: a plain WebSocket client that answers its turns."""

    def __init__(self, ws: ClientConnection, name: str) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"type": "hello", "version": VERSION, "name": name}))

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))

    def answer_turns(self) -> None:
        """Take what has come; answer a turn with a plain legal choice."""
        while True:
            try:
                message = json.loads(self.ws.recv(timeout=0))
            except TimeoutError:
                return
            if message["type"] == "turn":
                self.send(type="act", choice=plain_choice(message["view"]["phase"], message["view"]["legal"],
                                                          message["view"].get("exchange_count", 1)))


def plain_choice(phase: str, legal: list | tuple, count: int = 1) -> Any:
    """Look at the cards, bid 3 when allowed, play the first legal card."""
    if phase == "blind":
        return legal[-1]
    if phase == "exchange":
        return list(legal[:count])
    if phase == "bid" and "3" in legal:
        return "3"
    return legal[0]


def wait(app: App, frames: int, *people: Person) -> None:
    """Run `frames` frames in real time (the network needs it), the others answering their turns."""
    for _ in range(frames):
        app.step(FRAME)
        time.sleep(FRAME)
        for person in people:
            person.answer_turns()


def take(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp())
    taken: list[str] = []
    with server_thread(Options(host="127.0.0.1", port=0, workers=1, pace=0.2)) as server, ExitStack() as open_:
        def person(name: str) -> Person:
            return Person(open_.enter_context(connect(f"ws://{server.address}/")), name)

        kim, lee, max_ = (person(name) for name in ("Kim", "Lee", "Max"))
        kim.send(type="create", rules="partner", seats={"S": "human", "W": "human", "N": "computer",
                                                        "E": "computer"})
        lee.send(type="create", rules="suicide", seats={"S": "human", "W": "computer", "N": "computer",
                                                        "E": "computer"})
        app = App(AppConfig(windowed=True, server=server.address, name="Ann", settings_path=work / "settings.json",
                            saved_game=work / "game.json", save_dir=work, statistics_path=work / "statistics.json"))
        wait(app, 30, kim, lee)
        app.open("connect").start()
        wait(app, 60, kim, lee)
        max_.send(type="chat", text="Anyone for a game of Suicide later?")
        wait(app, 60, kim, lee)
        lobby = app.scenes[-1]
        assert isinstance(lobby, LobbyScene), lobby
        save(app, folder, "lobby")
        taken.append("lobby")

        lobby.seats["N"] = "human"
        lobby.press(lobby.create)
        while not isinstance(app.scenes[-1], TableScene):
            wait(app, 1, kim, lee)
        bo = person("Bo")
        bo.send(type="join", table=app.scenes[-1].control.summary["table"], seat="N")
        people = (kim, lee, bo)
        for _ in range(60 * 60 * 5):
            wait(app, 1, *people)
            table = app.scenes[-1]
            if not isinstance(table, TableScene):
                continue
            if table.turn is not None and not table.busy:
                if table.turn.phase == "play" and len(table.model.last_trick) and table.model.hand_number == 1 \
                        and sum(table.model.taken.values()) >= TRICKS_BEFORE_THE_SHOT:
                    bo.send(type="chat", text="Nice lead, partner!")
                    wait(app, 40, *people)
                    save(app, folder, "online_table")
                    taken.append("online_table")
                    point_at_the_chat(app, bo, people)
                    save(app, folder, "online_chat")
                    taken.append("online_chat")
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                                         scancode=0))
                    wait(app, 5, *people)
                    save(app, folder, "online_menu")  # the table plays on beneath, the turn told
                    taken.append("online_menu")
                    break
                table.act(plain_choice(table.turn.phase, table.turn.legal, table.turn.give))
        app.close()
    return taken


def point_at_the_chat(app: App, bo: Person, people: tuple[Person, ...]) -> None:
    """Bo says more than the chat band holds; the mouse points at the band: the chat so far shows."""
    bo.send(type="chat", text="If you keep leading clubs like that we make our six easily, then we can "
                              "think about a nil next hand when the cards allow it")
    wait(app, 40, *people)
    at = app.window.to_window(pygame.Rect(layout.CHAT_LINE).center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    wait(app, 5, *people)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scenes.tools.online_shot", description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DOCS_SHOTS,
                        help="where the PNGs go (default: docs/screenshots)")
    print("saved:", ", ".join(take(parser.parse_args(argv).folder)))


if __name__ == "__main__":
    main()
