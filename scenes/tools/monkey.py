"""A monkey at the controls: ``python -m scenes.tools.monkey [--seconds 60] [--seed 1] [--online] [--runs N]``.

It plays the real App the way a careless player would, for as long as asked: clicks on
buttons, cards and empty felt, right clicks, the mouse wheel, the keys the game knows and some it does not,
typing (letters, accents, emoji) into whatever has the focus, the window resized, and now
and then the window closed and the game started again from what it saved. The computer
players think in their worker process as in a real game, so the monkey acts while they think.

It stops at the first exception, at a scene stack left empty, or at a table that, waiting
for the player, shows other cards, bids or tricks than the game holds; it prints the seed
and the last actions (``--inline``: the computers think inside the loop, and a seed replays
exactly). It also reports the longest turn of the loop, since the screen must never freeze.
With ``--online`` a server runs in a thread beside it, and the monkey is brought back to a
new table there whenever it has wandered off (checked every hundred actions).
Runs headless (SDL dummy driver) unless a display is set up.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from pygame_gui.core import UIElement  # noqa: E402
from pygame_gui.elements import UIButton, UITextEntryLine  # noqa: E402

from net.background import server_thread  # noqa: E402
from net.server import Options  # noqa: E402
from scenes.app import App, AppConfig  # noqa: E402
from scenes.look import layout  # noqa: E402
from scenes.screens.online import LobbyScene  # noqa: E402
from scenes.table.model import Hidden  # noqa: E402
from scenes.table.online import OnlineTableController  # noqa: E402
from scenes.table.view import TableScene  # noqa: E402

FRAME = 1 / 60
KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_PLUS, pygame.K_MINUS,
        pygame.K_EQUALS, pygame.K_n, pygame.K_b, pygame.K_d, pygame.K_l, pygame.K_s, pygame.K_m, pygame.K_t,
        pygame.K_z, pygame.K_h, pygame.K_F1, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
        pygame.K_a, pygame.K_1, pygame.K_7)
"""The keys it presses: every key some screen answers, and a few none does."""
WORDS = ("Ann", "x", "Zoë", "名前", "🂡♠", "  ", "a" * 40, "'; DROP", "\\n", "Ω≈ç√", "well played " * 16,
         "see https://example.org/" + "spades" * 28)
"""What the monkey types: names, scripts the font lacks, and lines pasted whole (a chat line of 192 characters,
a web address longer than any line)."""
WINDOW_SIZES = ((1024, 600), (1920, 1080), (640, 360), (800, 800), (1280, 720), (300, 200))
STAY_ONLINE = 100
"""With a server: every so many actions, a monkey that has left its table sits at a new one."""
REACH_WAIT = 20.0
"""Seconds the way to a server's table may take (it takes well under one)."""
QUIT_CHANCE = 0.05
"""How often the Quit button stays among the buttons it may click."""
SERVER = Options(host="127.0.0.1", port=0, hold=1.0, pace=0.0, workers=1, hello_wait=1.0)
"""The server beside the game with ``--online``: short holds, one worker process."""


@dataclass
class Report:
    """What a run did: how much, how slowly at worst, and the first failure (None: none)."""

    actions: int = 0
    frames: int = 0
    restarts: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    """Frames spent on each scene (the table online and offline apart)."""
    slowest_step: float = 0.0
    slowest_after: str = ""
    """The action before the longest turn of the loop, and the scene it showed."""
    turns_checked: Counter[str] = field(default_factory=Counter)
    """The player's turns at which the table was compared with the game (:func:`table_differences`)."""
    failure: str | None = None
    last_actions: list[str] = field(default_factory=list)
    last_messages: list[str] = field(default_factory=list)
    """Online, the last messages the table took from the server (each after its table's tag)."""

    def describe(self, seed: int) -> str:
        lines = [f"seed {seed}: {self.actions} actions, {self.frames} frames, {self.restarts} restarts, "
                 f"turns checked: {dict(self.turns_checked)}",
                 f"frames by scene: {', '.join(f'{n} {c}' for n, c in self.scenes.most_common())}",
                 f"longest turn of the loop: {self.slowest_step * 1000:.0f} ms, after {self.slowest_after}"]
        if self.failure:
            lines += ["FAILED after these actions:", *(f"  {a}" for a in self.last_actions)]
            if self.last_messages:
                lines += ["and these messages from the server:", *(f"  {m}" for m in self.last_messages)]
            lines.append(self.failure)
        return "\n".join(lines)


class Monkey:
    """Random input on one App, restarted from its own folder whenever the monkey closes it."""

    def __init__(self, config: AppConfig, rng: random.Random, app: App | None = None) -> None:
        self.config = config
        self.rng = rng
        self.app = app or App(config)
        self.report = Report()
        self.server: str | None = None
        """The address of the server beside it (``--online``)."""
        self.recent: deque[str] = deque(maxlen=40)
        self.heard: deque[str] = deque(maxlen=60)
        """The last messages an online table took (:meth:`hearing`)."""
        self.moves: list[tuple[float, Callable[[], str]]] = [
            (30, self.click_widget), (20, self.click_card), (10, self.click_anywhere), (3, self.right_click),
            (8, self.move_mouse), (2, self.scroll), (15, self.press_key), (3, self.type_words), (1, self.resize),
            (0.05, self.close), (10, self.wait)]

    # -- the moves: each does one thing to the App and says what ------------------------------------------
    def click_widget(self) -> str:
        elements = [e for e in self.app.ui.get_sprite_group().sprites() if _clickable(e)]
        if self.rng.random() > QUIT_CHANCE:  # else Quit ends nearly every game before its end
            elements = [e for e in elements if _label(e) != "Quit"]
        if not elements:
            return self.click_anywhere()
        element = self.rng.choice(elements)
        self._click(element.rect.center)
        return f"click {type(element).__name__} {_label(element)!r} at {element.rect.center}"

    def click_card(self) -> str:
        table = self.app.scenes[-1]
        if not isinstance(table, TableScene):
            return self.click_anywhere()
        rects = table.painter.south_rects(table.visible_south(), table.marks())
        if not rects:
            return self.click_anywhere()
        card, rect = self.rng.choice(rects)
        self._click((rect.x + 4, rect.y + 30))
        return f"click card {card}"

    def click_anywhere(self) -> str:
        pos = (self.rng.randrange(layout.WIDTH), self.rng.randrange(layout.HEIGHT))
        self._click(pos)
        return f"click at {pos}"

    def right_click(self) -> str:
        pos = (self.rng.randrange(layout.WIDTH), self.rng.randrange(layout.HEIGHT))
        self._click(pos, button=3)
        return f"right click at {pos}"

    def move_mouse(self) -> str:
        pos = (self.rng.randrange(layout.WIDTH), self.rng.randrange(layout.HEIGHT))
        at = self.app.window.to_window(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        return f"move to {pos}"

    def scroll(self) -> str:
        rows = self.rng.choice((-3, -1, 1, 3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rows, flipped=False))
        return f"wheel {rows:+d}"

    def press_key(self) -> str:
        key = self.rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if key == pygame.K_z and self.rng.random() < 0.7 else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        return f"key {pygame.key.name(key)}{' with ctrl' if mod else ''}"

    def type_words(self) -> str:
        entries = [e for e in self.app.ui.get_sprite_group().sprites() if isinstance(e, UITextEntryLine) and e.visible]
        if entries:
            self._click(self.rng.choice(entries).rect.center)
        words = self.rng.choice(WORDS)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
        return f"type {words!r}"

    def resize(self) -> str:
        size = self.rng.choice(WINDOW_SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        return f"window to {size}"

    def close(self) -> str:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        return "close the window"

    def wait(self) -> str:
        frames = self.rng.randrange(10, 120)
        self.frames(frames)
        return f"wait {frames} frames"

    # -- running ----------------------------------------------------------------------------------------
    def _click(self, pos: tuple[int, int], button: int = 1) -> None:
        at = self.app.window.to_window(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=button))

    def frames(self, count: int) -> None:
        for _ in range(count):
            start = time.perf_counter()
            self.app.step(FRAME)
            spent = time.perf_counter() - start
            if spent > self.report.slowest_step:
                self.report.slowest_step = spent
                self.report.slowest_after = f"{self.recent[-1] if self.recent else 'the start'} " \
                                            f"({_scene_name(self.app.scenes[-1]) if self.app.scenes else 'closed'})"
            self.report.frames += 1
            if not self.app.running:
                self.restart()
                return
            self.report.scenes[_scene_name(self.app.scenes[-1])] += 1
            if self.app.thinker.busy:
                time.sleep(0.001)  # let the worker process think, as the real loop's frame pause does

    def restart(self) -> None:
        """The window was closed: start the game again, as a player would, from its own files."""
        self.app.close()
        self.app = App(self.config)
        self.report.restarts += 1

    def at_a_servers_table(self) -> bool:
        top = self.app.scenes[-1] if self.app.scenes else None
        return isinstance(top, TableScene) and top.control.online

    def sit_at_a_servers_table(self) -> None:
        """Start afresh and sit down at a new table at the server beside it (three computers with
        it), through Play Online and its form as offered, and the lobby's Create."""
        self.restart()
        self._click(self.app.scenes[-1].buttons["online"].rect.center)
        self.frames(2)
        self._click(self.app.scenes[-1].connect.rect.center)
        self._until(lambda: isinstance(self.app.scenes[-1], LobbyScene), "the lobby")
        self._until(lambda: self.app.scenes[-1].create.is_enabled, "the lobby's Create")
        self._click(self.app.scenes[-1].create.rect.center)
        self._until(self.at_a_servers_table, "a table at the server")

    def _until(self, condition: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + REACH_WAIT
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} did not show within {REACH_WAIT:.0f} s")
            self.frames(1)
            time.sleep(0.002)  # the server's and the network's threads get their turn

    def act(self) -> None:
        if self.server and self.report.actions % STAY_ONLINE == 0 and not self.at_a_servers_table():
            self.sit_at_a_servers_table()
        weights = [weight for weight, _ in self.moves]
        move = self.rng.choices([m for _, m in self.moves], weights)[0]
        self.recent.append(move())
        self.report.actions += 1
        self.frames(self.rng.randrange(1, 6))
        if not self.app.scenes:
            raise AssertionError("no scene is showing")
        top = self.app.scenes[-1]
        if isinstance(top, TableScene) and not top.busy and top.turn is not None:
            wrong = table_differences(top)
            if wrong:
                raise AssertionError("the table shows what the game does not hold: " + "; ".join(wrong))
            self.report.turns_checked[_scene_name(top)] += 1

    def run(self, seconds: float | None = None, actions: int | None = None) -> Report:
        """Act until `seconds` pass or `actions` are done (or the first failure)."""
        end = time.monotonic() + seconds if seconds is not None else None
        try:
            while (end is None or time.monotonic() < end) and (actions is None or self.report.actions < actions):
                self.act()
        except Exception:  # noqa: BLE001 - whatever breaks is the finding
            self.report.failure = f"{traceback.format_exc()}scenes: {self.scene_names()}"
            self.report.last_actions, self.report.last_messages = list(self.recent), list(self.heard)
        return self.report

    def scene_names(self) -> str:
        """The scenes open, bottom first (a table online with its table number, seat and rules)."""
        names = []
        for scene in self.app.scenes:
            name = _scene_name(scene)
            if isinstance(scene, TableScene) and scene.control.online:
                summary = scene.control.summary
                name += f" (table {summary.get('table')}, seat {scene.control.seat}, {summary.get('rules')})"
            names.append(name)
        return " < ".join(names)

    @contextlib.contextmanager
    def hearing(self) -> Iterator[None]:
        """Note each message an online table takes from the server, tagged by its table's
        controller, while in the block (a failure online is read from them)."""
        take = OnlineTableController.take

        def noted(control: OnlineTableController, message: dict) -> None:
            self.heard.append(f"[{id(control) % 10_000:04d}] {_brief(message)}")
            take(control, message)

        OnlineTableController.take = noted
        try:
            yield
        finally:
            OnlineTableController.take = take

    def close_app(self) -> None:
        self.app.close()


def table_differences(table: TableScene) -> list[str]:
    """Where the table, waiting for the player, shows something else than the game holds: the
    engine's hand at a table on this computer, the server's view of the player's seat online
    (where cards not yet looked at are backs on the table and missing from the view); and whether
    the player's fan is face up as the player has looked at the cards (or bid) or not."""
    model = table.model
    if table.game is None:
        view = table.control.turn_view or {}
        shown = {
            "own cards": sorted(str(c) for c in model.holdings["S"] if not isinstance(c, Hidden)),
            "trick": sorted(str(c) for _, c in model.trick),
            "tricks taken": sum(model.taken.values()), "fan face up": model.south_looked}
        told = {"own cards": sorted(view.get("hand", [])), "trick": sorted(c for _, c in view.get("trick", [])),
                "tricks taken": sum(view.get("taken", {}).values()), "fan face up": bool(view.get("hand"))}
    else:
        hand = table.game.hand
        shown = {"holdings": {s: sorted(map(str, cards)) for s, cards in model.holdings.items()},
                 "bids": {s: str(b) for s, b in model.bids.items()}, "trick": [(s, str(c)) for s, c in model.trick],
                 "taken": dict(model.taken), "fan face up": model.south_looked}
        told = {"holdings": {s: sorted(map(str, hand.holding(s))) for s in model.holdings},
                "bids": {s: str(b) for s, b in hand.bids.items()}, "trick": [(s, str(c)) for s, c in hand.trick],
                "taken": dict(hand.taken), "fan face up": "S" in hand.looked}
    return [f"{what}: shown {shown[what]}, held {told[what]}" for what in shown if shown[what] != told[what]]


def _brief(message: dict) -> str:
    """A message in a few words: its type, seq, and an event's kind and fields."""
    words = [str(message.get("type")), *([f"seq {message['seq']}"] if "seq" in message else [])]
    event = message.get("event")
    if isinstance(event, dict):
        words += [f"{key}={value}" for key, value in event.items() if key in ("kind", "seat", "card", "bid", "number")]
    elif message.get("type") in ("table", "joined", "watching", "error", "refused", "status", "cards"):
        words += [f"{key}={message[key]}" for key in ("table", "seat", "state", "reason", "status", "cards")
                  if key in message]
    return " ".join(words)


def _clickable(element: UIElement) -> bool:
    return element.visible and element.alive() and element.rect.width > 0 and (
        not isinstance(element, UIButton) or element.is_enabled)


def _scene_name(scene: object) -> str:
    if isinstance(scene, TableScene) and scene.control.online:
        return "TableScene online"
    return type(scene).__name__


def _label(element: UIElement) -> str:
    words = getattr(element, "text", "")
    return words if isinstance(words, str) else ""


@contextlib.contextmanager
def monkey(folder: Path, seed: int, online: bool = False, inline: bool = False) -> Iterator[Monkey]:
    """A Monkey with its files in `folder`; with `online`, a server beside it that Play Online offers."""
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(server_thread(SERVER)).address if online else None
        config = AppConfig(windowed=True, seed=seed, inline_thinker=inline, silent=False, server=server,
                           name="Monkey", settings_path=folder / "settings.json", saved_game=folder / "game.json",
                           save_dir=folder, statistics_path=folder / "statistics.json", host_port=0)
        player = Monkey(config, random.Random(seed))
        player.server = server
        if online:
            stack.enter_context(player.hearing())
        try:
            yield player
        finally:
            player.close_app()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to play (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="the monkey's seed; the same seed plays the same")
    parser.add_argument("--online", action="store_true", help="with a server beside it for Play Online")
    parser.add_argument("--inline", action="store_true",
                        help="the computers think inside the loop: slower, but a seed replays exactly")
    parser.add_argument("--runs", type=int, default=1,
                        help="monkeys one after another, with the seeds from --seed on (a night's run)")
    parser.add_argument("--folder", type=Path, help="where its settings, saves and logs go (default: a new one)")
    args = parser.parse_args(argv)
    root = args.folder or Path(tempfile.mkdtemp(prefix="spades-monkey-"))
    failed = []
    for seed in range(args.seed, args.seed + max(1, args.runs)):
        folder = root if args.runs <= 1 else root / f"seed-{seed}"
        folder.mkdir(parents=True, exist_ok=True)
        with monkey(folder, seed, args.online, args.inline) as player:
            report = player.run(seconds=args.seconds)
        print(report.describe(seed), flush=True)
        print(f"files in {folder}", flush=True)
        if report.failure:
            failed.append(seed)
    if args.runs > 1:
        print(f"{args.runs - len(failed)} of {args.runs} runs passed" + (f"; failed: seeds {failed}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
