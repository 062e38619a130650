"""A long evening's play, measured: ``python -m scenes.tools.soak --hands N [--online] [--seed S] [--every K]
[--speed instant|fast|normal|slow] [--trace]``.

It plays N hands of the real App headless (SDL dummy drivers) by mouse and keys, the computer
players thinking in their worker process as in a real game, Save Hand on (writing to a new
temporary folder, never the player's own files), and every K hands prints one row: the game
process's resident memory, the worker's, the Python objects the garbage collector tracks, the
pygame-gui elements alive, and the draw time of the frames drawn in that stretch (median and
95th percentile). Meanwhile it opens and closes what a player opens over an evening: the menu,
the score, the last trick, Suggest and Options during hands; Statistics and Review Hands on the
title between games. Frames advance by 1/60 s each, not in real time, so even ``--speed normal``
plays a hand in a few seconds; the computers still think in real time. With ``--online`` a server
runs in a thread beside it (its numbers count in the game's) and the player sits at a table there
with three computers; the server's own worker process is shown apart. ``--trace`` also compares
tracemalloc snapshots and the counts of objects by type with the last row's, and prints what grew
most (it slows the run several times).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import resource
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.players import decide  # noqa: E402
from game.players.levels import LEVELS  # noqa: E402
from game.view import seat_view  # noqa: E402
from net.background import server_thread  # noqa: E402
from net.server import Options  # noqa: E402
from scenes.app import App, AppConfig  # noqa: E402
from scenes.look import layout  # noqa: E402
from scenes.screens.confirm import ConfirmScene  # noqa: E402
from scenes.screens.game_over import GameOverScene  # noqa: E402
from scenes.screens.menu import MenuScene  # noqa: E402
from scenes.screens.online import ConnectScene, LobbyScene  # noqa: E402
from scenes.screens.score import ScoreScene  # noqa: E402
from scenes.screens.title import TitleScene  # noqa: E402
from scenes.table.view import TableScene  # noqa: E402

FRAME = 1 / 60
STALL = 120.0
"""Seconds without a hand ending after which the run stops as stuck."""
SERVER = Options(host="127.0.0.1", port=0, hold=1.0, pace=0.0, workers=1, hello_wait=1.0)
"""The server beside the game with ``--online``: no pause between the computers' moves, one worker process."""
FELT = (320, 150)
"""A point of the table with nothing on it, for the clicks that go on."""
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
MIB = 1024 * 1024


# -- what is measured -------------------------------------------------------------------------------------------------
def resident(pid: int | str = "self") -> tuple[float | None, bool]:
    """Resident memory of process `pid` in MiB now (/proc/PID/statm), and whether it is the current
    size; where /proc is missing, this process's peak (getrusage), or None for another process."""
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        return pages * PAGE / MIB, True
    except (OSError, IndexError, ValueError):
        if pid != "self":
            return None, False
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (MIB if sys.platform == "darwin" else 1024), False


def children(skip: int | None) -> list[int]:
    """The processes this one started (Linux only), but `skip`."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            if parent == os.getpid() and int(stat.parent.name) != skip:
                found.append(int(stat.parent.name))
    return found


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


@dataclass
class Stretch:
    """What the frames drawn since the last row cost."""

    draws: list[float] = field(default_factory=list)
    """Seconds each frame's drawing took (every scene and the widgets, then the window shown)."""
    steps: int = 0


class Meter:
    """Takes the rows: memory, objects, widgets, and the draw times of the stretch."""

    HEADER = (f"{'hands':>5} {'game MiB':>9} {'worker MiB':>10} {'server MiB':>10} {'objects':>8} "
              f"{'widgets':>7} {'frames':>6} {'draw p50':>8} {'draw p95':>8} {'secs':>6}")

    def __init__(self, app: App, online: bool, trace: bool) -> None:
        self.online = online
        self.trace = trace
        self.stretch = Stretch()
        self.started = time.monotonic()
        self.last_snapshot: tracemalloc.Snapshot | None = None
        self.last_types: Counter[str] = Counter()
        self.watch(app)

    def watch(self, app: App) -> None:
        """Time `app`'s drawing of each frame (its scenes, its widgets, and the window shown)."""
        draw, present = app.draw, app.window.present
        began = [0.0]

        def timed_draw() -> None:
            began[0] = time.perf_counter()
            draw()

        def timed_present(*args: object, **kwargs: object) -> object:
            shown = present(*args, **kwargs)
            self.stretch.draws.append(time.perf_counter() - began[0])
            return shown

        app.draw = timed_draw  # type: ignore[method-assign]
        app.window.present = timed_present  # type: ignore[method-assign]

    def row(self, app: App, hands: int) -> str:
        game, current = resident()
        worker_pid = app.thinker.worker_pid
        worker = resident(worker_pid)[0] if worker_pid else None
        server = sum(resident(pid)[0] or 0.0 for pid in children(worker_pid)) if self.online else None
        draws = [d * 1000 for d in self.stretch.draws]
        widgets = len(app.ui.get_sprite_group().sprites())
        line = (f"{hands:5d} {game:9.1f}{'' if current else '*'} {_mib(worker):>10} {_mib(server):>10} "
                f"{len(gc.get_objects()):8d} {widgets:7d} {len(draws):6d} {percentile(draws, 0.5):8.2f} "
                f"{percentile(draws, 0.95):8.2f} {time.monotonic() - self.started:6.0f}")
        self.stretch = Stretch()
        if self.trace:
            line += self.traced()
        return line

    def traced(self) -> str:
        """What grew most since the last row: lines of code by memory, and types by count (a leak
        shows the same lines row after row)."""
        gc.collect()
        types = Counter(type(o).__name__ for o in gc.get_objects())
        snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        last, self.last_snapshot, last_types, self.last_types = self.last_snapshot, snapshot, self.last_types, types
        if last is None:
            return ""
        growth = snapshot.compare_to(last, "lineno")[:8]
        lines = [f"    {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d}  {stat.traceback}" for stat in growth]
        grown = (types - last_types).most_common(8)
        lines.append("    objects grown: " + ", ".join(f"{name} +{count}" for name, count in grown))
        return "\n" + "\n".join(lines)


def _mib(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


# -- the player -------------------------------------------------------------------------------------------------------
class Player:
    """Plays the App by mouse and keys, a frame at a time, and opens screens now and then."""

    def __init__(self, app: App, meter: Meter, seed: int) -> None:
        self.app = app
        self.meter = meter
        self.seed = seed
        self.hands = 0
        self.scored: ScoreScene | None = None
        """The last hand's score screen, counted once."""
        self.visited: set[tuple[int, str]] = set()
        """The (hand, screen) visits made, each once."""
        self.opened: Counter[str] = Counter()
        """How often each screen was opened and closed."""
        self.slowest_advice = 0.0
        """The longest wait, in seconds, for Suggest's advice to show."""

    @property
    def top(self) -> object:
        return self.app.scenes[-1]

    # -- input ---------------------------------------------------------------------------------
    def frames(self, count: int = 2) -> None:
        for _ in range(count):
            self.app.step(FRAME)
            self.meter.stretch.steps += 1
            if self.app.thinker.busy or self.app.net is not None:
                time.sleep(0.001)  # the worker, the network and the server get their turn, as in the real loop

    def click(self, pos: tuple[int, int]) -> None:
        at = self.app.window.to_window(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
        self.frames()

    def press(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.frames()

    def until(self, condition: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} did not happen within {seconds:.0f} s; scenes: {self.scene_names()}")
            self.frames(1)

    def scene_names(self) -> str:
        return " < ".join(type(scene).__name__ for scene in self.app.scenes)

    # -- a turn of play ------------------------------------------------------------------------
    def next(self) -> None:
        """Do what the screen on top waits for, if anything, then run a frame."""
        top = self.top
        if isinstance(top, ScoreScene) and top.score is not None:
            if top is not self.scored:
                self.scored = top
                self.hands += 1
                return  # the caller takes its row now, if due
            self.click(top.button.rect.center)
        elif isinstance(top, GameOverScene):
            self.game_over(top)
        elif isinstance(top, TitleScene):
            self.between_games(top)
        elif isinstance(top, ConfirmScene):
            self.click(top.yes.rect.center)
        elif isinstance(top, TableScene) and _players_turn(top):
            self.visit_during_hand(top)
            self.answer(top)
        elif isinstance(top, TableScene) and top.held:
            self.click(FELT)
        self.frames(1)

    def answer(self, table: TableScene) -> None:
        """Normal's choice for the player's seat, made by clicking the bid box or a card; a click
        that leaves the same decision on offer stops the run (the player would be stuck)."""
        view = seat_view(table.game.hand, "S") if table.game is not None else table.control.turn_view
        choice = decide(LEVELS["normal"]("S", view["rules"], self.seed), view)
        turn = table.turn
        self.click_for(table, choice)
        if table.turn is turn:
            raise AssertionError(f"clicking for {choice!r} ({turn.phase}) did nothing; scenes: {self.scene_names()}")

    def click_for(self, table: TableScene, choice: object) -> None:
        phase = table.turn.phase
        if phase == "play":
            rects = dict(table.painter.south_rects(table.visible_south(), table.marks()))
            rect = next(rect for card, rect in rects.items() if str(card) == choice)
            self.click((rect.x + 4, rect.y + 30))
            return
        box = table.box
        if phase == "exchange":
            rects = dict(table.painter.south_rects(table.visible_south(), table.marks()))
            for card, rect in rects.items():
                if str(card) in choice:
                    self.click((rect.x + 4, rect.y + 30))
            self.click(box.buttons["give"].rect.center)
        elif choice in box.buttons:
            self.click(box.buttons[choice].rect.center)
        else:
            wanted = int(choice.lstrip("b"))
            while box.value != wanted:
                self.click(box.buttons["plus" if box.value < wanted else "minus"].rect.center)
            self.click(box.buttons["ok"].rect.center)

    # -- the screens a player opens over an evening ----------------------------------------------
    def once(self, what: str) -> bool:
        """Whether `what` is yet to be visited during this hand (and note it as visited)."""
        key = (self.hands, what)
        if key in self.visited:
            return False
        self.visited.add(key)
        self.opened[what] += 1
        return True

    def visit_during_hand(self, table: TableScene) -> None:
        """Every second hand the score from the menu, every third the last trick, every fourth Suggest
        (asked of the worker) in the middle of the hand, every fifth Options."""
        midway = table.turn.phase == "play" and bool(table.model.last_trick)
        if self.hands % 4 == 3 and midway and self.once("suggest"):
            asked = time.monotonic()
            self.press(pygame.K_s)
            self.until(lambda: table.advice is not None, "Suggest's advice")
            self.slowest_advice = max(self.slowest_advice, time.monotonic() - asked)
        if self.hands % 2 == 1 and self.once("score"):
            self.through_menu("score", lambda: self.click(self.top.button.rect.center))
        if self.hands % 3 == 1 and midway and self.once("last"):
            self.through_menu("last", lambda: self.click(FELT))
        if self.hands % 5 == 2 and self.once("options"):
            self.through_menu("options", lambda: self.click(self.top.back.rect.center))

    def through_menu(self, entry: str, close: Callable[[], None]) -> None:
        """Escape for the menu, its `entry`, then `close` that screen and go back to the table."""
        self.press(pygame.K_ESCAPE)
        menu = self.top
        assert isinstance(menu, MenuScene), self.scene_names()
        self.click(menu.buttons[entry].rect.center)
        close()
        if isinstance(self.top, MenuScene):
            self.click(self.top.buttons["resume"].rect.center)
        assert isinstance(self.top, TableScene), self.scene_names()

    def game_over(self, over: GameOverScene) -> None:
        """Play again; offline, every second game ends at the title instead (No), and a new one starts there."""
        self.opened["game over"] += 1
        if over.leave is None and self.opened["game over"] % 2 == 1:
            self.click(over.no.rect.center)
        else:
            self.click(over.yes.rect.center)

    def between_games(self, title: TitleScene) -> None:
        """Statistics and Review Hands opened and closed, then New Game."""
        for entry in ("statistics", "review"):
            self.opened[entry] += 1
            self.click(title.buttons[entry].rect.center)
            self.press(pygame.K_ESCAPE)
            title = self.top
            assert isinstance(title, TitleScene), self.scene_names()
        self.click(title.buttons["new"].rect.center)

    def sit_at_the_server(self) -> None:
        """Play Online from the title, Connect with the form as offered, and the lobby's Create (three computers)."""
        self.click(self.top.buttons["online"].rect.center)
        self.until(lambda: isinstance(self.top, ConnectScene), "the connect form")
        self.click(self.top.connect.rect.center)
        self.until(lambda: isinstance(self.top, LobbyScene) and self.top.create.is_enabled, "the lobby")
        self.click(self.top.create.rect.center)
        self.until(lambda: isinstance(self.top, TableScene) and self.top.control.online, "the table")


def _players_turn(table: TableScene) -> bool:
    return not table.busy and table.turn is not None and (table.box is not None or table.turn.phase == "play")


# -- the run ----------------------------------------------------------------------------------------------------------
@contextlib.contextmanager
def evening(folder: Path, seed: int, online: bool, speed: str) -> Iterator[App]:
    """The App with every file in `folder`, Save Hand on; `online`: with a server beside it that Play Online offers."""
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(server_thread(SERVER)).address if online else None
        app = App(AppConfig(windowed=True, seed=seed, speed=speed, silent=True, server=server, name="Soak",
                            settings_path=folder / "settings.json", saved_game=folder / "game.json",
                            save_dir=folder, statistics_path=folder / "statistics.json", host_port=0))
        try:
            app.change_settings(save_hand=True)
            yield app
        finally:
            app.close()


def soak(hands: int, every: int, seed: int, online: bool, trace: bool, speed: str = "instant",
         out: Callable[[str], None] = print) -> None:
    folder = Path(tempfile.mkdtemp(prefix="spades-soak-"))
    out(f"files in {folder}")
    if trace:
        tracemalloc.start(8)
    with evening(folder, seed, online, speed) as app:
        meter = Meter(app, online, trace)
        player = Player(app, meter, seed)
        if online:
            player.sit_at_the_server()
        else:
            player.click(app.scenes[-1].buttons["new"].rect.center)
        out(Meter.HEADER)
        out(meter.row(app, 0))
        last_hand = time.monotonic()
        while player.hands < hands:
            counted = player.hands
            player.next()
            if player.hands != counted:
                last_hand = time.monotonic()
                if player.hands % every == 0:
                    out(meter.row(app, player.hands))
            elif time.monotonic() - last_hand > STALL:
                raise AssertionError(f"no hand ended in {STALL:.0f} s; scenes: {player.scene_names()}")
        log = folder / "Spades.save"
        out(f"{player.hands} hands, {app.frames_drawn} frames drawn; Spades.save {log.stat().st_size // 1024} KiB; "
            f"opened: {', '.join(f'{name} {count}' for name, count in sorted(player.opened.items()))}; "
            f"the slowest advice took {player.slowest_advice:.1f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="hands to play (default 300)")
    parser.add_argument("--every", type=int, default=25, help="hands between rows (default 25)")
    parser.add_argument("--seed", type=int, default=1, help="the deal's seed; the same seed deals the same games")
    parser.add_argument("--online", action="store_true", help="at a server's table, the server in a thread beside it")
    parser.add_argument("--speed", choices=sorted(layout.SPEEDS), default="instant",
                        help="animation speed (default instant; the frames go by at 1/60 s each, not in real time)")
    parser.add_argument("--trace", action="store_true", help="show what grew most since the first row (slow)")
    args = parser.parse_args(argv)
    soak(args.hands, max(1, args.every), args.seed, args.online, args.trace, args.speed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
