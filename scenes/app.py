"""The App: the window, the frame loop, the scene stack, and what every scene shares.

``python main.py`` calls :func:`main`. Tests build an :class:`App` with an
:class:`AppConfig` (windowed, instant animations, folders of their own) and drive it
with :meth:`App.step` after posting events to pygame's queue.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402 - after the banner is hidden
from pygame_gui.elements import UITextEntryLine  # noqa: E402

from game.players.thinker import Thinker  # noqa: E402
from game.records.handlog import HandLogWriter, LoggedHand  # noqa: E402
from game.records.savegame import SavedGameError, check_saved_game, set_aside  # noqa: E402
from game.records.stats import Statistics, StatsRecorder  # noqa: E402
from game.records.writer import FileWriter  # noqa: E402
from net.background import RunningServer, reachable_address  # noqa: E402
from net.client import NetClient, server_address  # noqa: E402
from net.protocol import PORT  # noqa: E402
from scenes.look import layout, text  # noqa: E402
from scenes.look.cardart import CardArt, felt  # noqa: E402
from scenes.look.sound import Sounds  # noqa: E402
from scenes.registry import SCENES  # noqa: E402
from scenes.scene import Scene  # noqa: E402
from scenes.session import GameSession  # noqa: E402
from scenes.settings import (  # noqa: E402
    SETTINGS_NOT_SAVED,
    SettingsStore,
    save_hand_path,
    saved_game_path,
    stats_path,
)
from scenes.window import FrameUIManager, NoDisplayError, Screen, check_display  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
THEME = ROOT / "assets" / "theme.json"
THEME_FONT_SIZES = (8, 16)
"""The sizes of the pixel font the theme uses, loaded before the first widget asks."""
IDLE_WAKE = 0.5
"""The longest the loop sleeps with nothing to do before it looks at the scenes again."""
NAP = 0.01
"""Seconds between two looks at the event queue while nothing moves (the most input waits)."""
MAX_STEP = 0.1
"""The most time one turn of the loop advances animations (after a long sleep, or a stall)."""
CURSOR_BLINK = 0.4
"""How often a focused text box is drawn again, for its blinking cursor."""
QUIET_EVENTS = (pygame.ACTIVEEVENT, pygame.WINDOWMOVED, pygame.AUDIODEVICEADDED, pygame.AUDIODEVICEREMOVED)
"""Events that never change the picture."""


@dataclass
class AppConfig:
    """How this run starts: command-line choices and, for tests, folders and speeds of their own."""

    windowed: bool = False
    seed: int | None = None
    speed: str | None = None
    """Overrides the speed setting (``instant`` in tests)."""
    settings_path: Path | None = None
    saved_game: Path | None = None
    save_dir: Path | None = None
    """Where `Spades.save` goes: the current folder unless given."""
    statistics_path: Path | None = None
    review: Path | None = None
    """A hand log to open in Review Hands at start (``--review FILE``)."""
    inline_thinker: bool = False
    inline_files: bool = False
    """Write files in the frame loop's own thread (for tests that read them at once)."""
    silent: bool = False
    server: str | None = None
    """The server Play Online offers (``--server``)."""
    name: str | None = None
    """The name Play Online offers (``--name``)."""
    host_port: int = PORT
    """The port of the server Play Online's Host starts here (0: any free port, for tests)."""


def _keep_top_pixel_row() -> None:
    """Press Start 2P has no descender; pygame-gui 0.6.14 pads text by descent + 1 pixel
    and so crops the top pixel row of every glyph ("Off" reads "Utt"). Pad by the
    descent alone."""
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    def padding(font: GUIFontPygame) -> int:
        return -font._GUIFontPygame__internal_font.get_descent()  # type: ignore[attr-defined]

    GUIFontPygame.get_padding_height = padding


class App:
    """Owns the window, the clock, the scene stack, the settings and the current game."""

    def __init__(self, config: AppConfig | None = None) -> None:
        self.config = config or AppConfig()
        check_display()
        pygame.font.init()
        text.reset()
        self.store = SettingsStore(self.config.settings_path)
        self.settings, settings_problem = self.store.load()
        self.notices: list[str] = [settings_problem] if settings_problem else []
        self.window = Screen(self.settings.fullscreen and not self.config.windowed, self.settings.scaling,
                             self.settings.window_size, self.settings.window_maximized)
        self.screen = self.window.frame
        """The logical frame every scene draws on (the window shows it scaled)."""
        pygame.display.set_caption("Spades")
        refresh = pygame.display.get_current_refresh_rate()
        self.display_rate = min(layout.MOST_FPS, refresh) if refresh >= 30 else layout.FPS
        """The display's refresh rate where SDL knows it."""
        self.clock = pygame.time.Clock()
        self.frames_drawn = 0
        """Frames drawn so far: the loop draws only when something changed or moves."""
        self._last_step = time.monotonic()
        self._draw_by: float | None = None
        self._dirty = True
        _keep_top_pixel_row()
        self.ui = FrameUIManager(self.window)
        self.ui.add_font_paths("press_start", text.FONT_PATH)
        self.ui.preload_fonts([{"name": "press_start", "point_size": size, "style": "regular", "antialiased": "0"}
                               for size in THEME_FONT_SIZES])
        self.ui.get_theme().load_theme(str(THEME))
        self.art = CardArt(four_colour=self.settings.four_colour, back=self.settings.card_back)
        self.felt = felt(layout.SIZE)
        self.sounds = Sounds(enabled=self.settings.sound and not self.config.silent, volume=self.settings.volume)
        self.thinker = Thinker(inline=self.config.inline_thinker)
        self.files = FileWriter(inline=self.config.inline_files)
        """Where settings, statistics and Spades.save are written: in a thread of their own, so that
        a slow disk never holds a frame."""
        self._tokens = 0
        self.saved_game = self.config.saved_game or saved_game_path()
        self.log_path, log_notice = save_hand_path(self.config.save_dir)
        self.online_log = HandLogWriter(self.log_path, files=self.files)
        """Writes the hands played at a server's table (:meth:`save_online_hand`)."""
        if log_notice:
            self.notices.append(log_notice)
        self.statistics_path = self.config.statistics_path or stats_path()
        self.statistics, stats_problem = Statistics.load(self.statistics_path)
        if stats_problem:
            self.notices.append(stats_problem)
        self.session: GameSession | None = None
        self.net: NetClient | None = None
        self.hosted: RunningServer | None = None
        """The server this game started for friends (Play Online, Host), while it runs."""
        self._hosted_at = ""
        """Where friends reach it, ``address:port`` (found once: the table shows it every frame)."""
        self.recorder: StatsRecorder | None = None
        self._told: set[str] = set()
        self._saved_check: tuple[tuple | None, bool] | None = None
        """The saved game's (time, size) when it was last found to load."""
        self.scenes: list[Scene] = []
        self.running = True
        self.open("title")
        if self.config.review is not None:
            self.open("review", self.config.review)

    # -- window ---------------------------------------------------------------------
    @property
    def frame_rate(self) -> int:
        """Frames per second while something moves: the display's refresh rate, or
        :data:`scenes.look.layout.SLOW_FPS` where showing a frame is slow (a software X server
        spends 15 ms on each at 1920x1080), so that motion costs at most a share of a core."""
        cost = self.window.present_cost
        if cost is not None and cost > layout.PRESENT_BUDGET:
            return min(self.display_rate, layout.SLOW_FPS)
        return self.display_rate

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter; remembered in the settings."""
        self.redraw()
        if self.window.set_fullscreen(not self.window.fullscreen):
            self.change_settings(fullscreen=self.window.fullscreen)

    # -- settings -------------------------------------------------------------------
    @property
    def speed(self) -> float:
        """The factor on every animation time (0 = instant)."""
        return layout.SPEEDS[self.config.speed or self.settings.speed]

    def change_settings(self, **changes: object) -> None:
        """Change, apply and remember settings; a store that cannot be written is reported."""
        self.settings = self.settings.replace(**changes)
        self.sounds.set_enabled(self.settings.sound and not self.config.silent)
        self.sounds.set_volume(self.settings.volume)
        if self.session:
            self.session.log.enabled = self.settings.save_hand
        if self.recorder:  # the table asks at the new levels at once: the hands are counted at them
            self.recorder.levels = self.settings.levels
        if self.window.scaling != self.settings.scaling:
            self.window.set_scaling(self.settings.scaling)
        self.redraw()
        self.files.run(functools.partial(self.store.write, self.store.text(self.settings)), self._settings_saved)

    def _settings_saved(self, error: BaseException | None) -> None:
        if isinstance(error, OSError):
            self.notices.append(f"{SETTINGS_NOT_SAVED}: {error}")
        elif error is not None:
            raise error

    # -- the scene stack ----------------------------------------------------------------
    def redraw(self) -> None:
        """Something on screen changed by itself (not by input): draw the next frame."""
        self._dirty = True

    def push(self, scene: Scene) -> None:
        self.redraw()
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        self.redraw()
        self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resume()

    def replace(self, scene: Scene) -> None:
        """Clear the stack and show `scene` alone."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def open(self, name: str, *args: object, **kwargs: object) -> Scene:
        """Put the scene called `name` (:data:`scenes.registry.SCENES`) on top of the others."""
        scene = SCENES[name](self, *args, **kwargs)
        self.push(scene)
        return scene

    def show(self, name: str, *args: object, **kwargs: object) -> Scene:
        """Show the scene called `name` alone (the others leave the stack)."""
        scene = SCENES[name](self, *args, **kwargs)
        self.replace(scene)
        return scene

    # -- games --------------------------------------------------------------------------
    def new_game(self, replaying: LoggedHand | None = None) -> None:
        """Deal a new game with the current settings: dealer draw first. `replaying` a hand of
        Spades.save, the game starts from that hand's deal instead, under its rules and at its
        scores (see :meth:`GameSession.new`), and goes on from there."""
        self.session = GameSession.new(self.settings, self.log_path, seed=self.config.seed, replaying=replaying,
                                       files=self.files)
        self._record(self.session)
        self.show("dealer_draw" if replaying is None else "table")

    def ask_new_game(self, replaying: LoggedHand | None = None) -> None:
        """:meth:`new_game`, but first ask when that would lose the game Continue offers."""
        if not self.has_saved_game():
            self.new_game(replaying)
            return
        question = "Start a new game?" if replaying is None else "Play this deal again?"
        self.open("confirm", question, "The unfinished game that Continue would take up again will be lost.",
                  "New game" if replaying is None else "Play it", "Keep it", lambda: self.new_game(replaying))

    def continue_game(self) -> None:
        """Restore the saved game where it stood; one that cannot be restored is reported."""
        try:
            self.session = GameSession.restore(self.saved_game, self.log_path, self.settings.save_hand, self.files)
        except SavedGameError as error:
            self._report_saved_game(error.state, str(error))
            return
        self._record(self.session)
        self.show("table")

    def _record(self, session: GameSession) -> None:
        """Count the game's hands and result in the player's statistics."""
        self.recorder = StatsRecorder(self.statistics, self.statistics_path, self.settings.levels, files=self.files)
        self.recorder.attach(session.game)

    def new_write_errors(self) -> list[str]:
        """Why a hand could not be added to Spades.save or the statistics could not be written,
        each told once (and kept in the notices); the game goes on either way."""
        found = []
        log_error = self.session.log.error if self.session else None
        for error in (log_error, self.online_log.error, self.recorder.error if self.recorder else None):
            if error and error not in self._told:
                self._told.add(error)
                self.notices.append(error)
                found.append(error)
        return found

    def save_online_hand(self, logged: LoggedHand) -> None:
        """A hand the player played at a server's table: appended to Spades.save while Save Hand is on."""
        self.online_log.enabled = self.settings.save_hand
        self.online_log.save(logged)

    def new_token(self) -> int:
        """A number no other question to the thinker has had in this run, so an answer
        that comes late (after a new game, say) is never taken for another's."""
        self._tokens += 1
        return self._tokens

    def has_saved_game(self) -> bool:
        """Whether Continue is offered: only for a saved game that loads. Why another one does not
        is reported (see :meth:`_report_saved_game`)."""
        try:
            stamp = self.saved_game.stat()
            key: tuple | None = (stamp.st_mtime_ns, stamp.st_size)
        except OSError:
            key = None
        if key is not None and self._saved_check is not None and self._saved_check[0] == key:
            return self._saved_check[1]  # the same file as last time: no need to replay it again
        status = check_saved_game(self.saved_game)
        if status.loads:
            self._saved_check = (key, True)
        if status.state not in ("ok", "missing"):
            self._report_saved_game(status.state, status.message)
        return status.loads

    def _report_saved_game(self, state: str, message: str) -> None:
        """Say once why the saved game cannot be continued; a damaged one is kept aside as ``.bad``
        (never deleted), one from a newer version is left as it is."""
        if state == "damaged":
            try:
                message += f" It was kept as {set_aside(self.saved_game).name}."
            except OSError as error:
                message += f" It could not be set aside ({error.strerror or error})."
        if message not in self.notices:
            self.notices.append(message)

    def save_game(self) -> None:
        if self.session is None:
            return
        try:
            self.session.save(self.saved_game)
        except OSError as error:
            self.notices.append(f"The game could not be saved: {error}")

    def quit(self) -> None:
        """Save the game in progress, and the window's size (and whether it was maximized) for the next
        start, and stop (the window's close button)."""
        self.save_game()
        size = self.window.windowed_size
        window = {"window_size": size, "window_maximized": self.window.maximized} if size is not None else {}
        if any(getattr(self.settings, name) != value for name, value in window.items()):
            self.change_settings(**window)
        self.running = False

    # -- the loop ------------------------------------------------------------------------
    def step(self, dt: float | None = None) -> None:
        """One turn of the loop: events, update, and a frame drawn if anything changed or moves.

        With no `dt` (the real loop) it first waits: a frame's time while something moves,
        else until an event comes or a scene's next change is due, sleeping meanwhile.
        `dt` (tests) skips the wait and uses that many seconds."""
        if dt is None:
            events = self._wait()
            now = time.monotonic()
            dt = min(now - self._last_step, MAX_STEP)
            self._last_step = now
        else:
            events = pygame.event.get()
        changed = self._handle(events)
        if not self.running:
            return
        if self.scenes:
            self.scenes[-1].update(dt)
        self.ui.update(dt)  # after the scene, so widgets it changed are drawn as they now are
        due = self._frame_due()
        timed = self._draw_by is not None and time.monotonic() >= self._draw_by
        if changed or timed or due == 0 or self._dirty:
            self._dirty = False
            self.draw()
            self.window.present()
            self.frames_drawn += 1
        self._draw_by = None if due is None else time.monotonic() + due

    def _wait(self) -> list[pygame.event.Event]:
        """The events to handle now, after a frame's pause while something moves, or a sleep
        until the first event or the next change or look due (at most IDLE_WAKE)."""
        due = self._frame_due(wake=True)
        if due == 0:
            self.clock.tick(self.frame_rate)
            return pygame.event.get()
        deadline = time.monotonic() + (IDLE_WAKE if due is None else min(due, IDLE_WAKE))
        while True:  # short naps: pygame's event.wait(timeout) keeps a core busy while it waits
            events = pygame.event.get()
            now = time.monotonic()
            if events or now >= deadline:
                self.clock.tick()
                return events
            time.sleep(min(NAP, deadline - now))

    def _handle(self, events: list[pygame.event.Event]) -> bool:
        """Hand `events` to the widgets and the top scene; whether any of them can change the picture."""
        changed = False
        self.window.note(events)
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                return True
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.window.resized()
            if event.type == pygame.KEYDOWN and (
                    event.key == pygame.K_F11 or (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)):
                self.toggle_fullscreen()
                changed = True
                continue
            changed = changed or event.type not in QUIET_EVENTS
            self.ui.process_events(event)
            if self.scenes:
                self.scenes[-1].handle_event(self.window.frame_event(event))
        return changed

    def _frame_due(self, wake: bool = False) -> float | None:
        """Seconds until the picture changes by itself (0: it moves now; None: only input changes it);
        with `wake`, until the top scene also needs to look for something (an answer)."""
        scene = self.scenes[-1] if self.scenes else None
        dues = [] if scene is None else [scene.wake_due() if wake else scene.frame_due()]
        if any(isinstance(element, UITextEntryLine) for element in self.ui.get_focus_set() or ()):
            dues.append(CURSOR_BLINK)
        known = [due for due in dues if due is not None]
        return max(0.0, min(known)) if known else None

    def draw(self) -> None:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)

    def run(self) -> None:
        while self.running:
            self.step()
        self.close()

    def disconnect(self) -> None:
        """Close the connection to a server, if one is open."""
        if self.net is not None:
            self.net.close()
            self.net = None

    def host(self) -> RunningServer:
        """The server this game runs for friends to join, started unless it runs already: on the
        usual port, else (taken, say by a server started by hand) on any free one; OSError if no
        port can be opened."""
        from net.server import Options  # only when hosting: the game starts without the server's code

        if self.hosted is None:
            try:
                self.hosted = RunningServer(Options(port=self.config.host_port, workers=1)).start()
            except OSError:
                self.hosted = RunningServer(Options(port=0, workers=1)).start()
            self._hosted_at = f"{reachable_address()}:{self.hosted.port}"
        return self.hosted

    def friends_address(self) -> str | None:
        """What friends type to reach the server this game hosts, while the player is on it."""
        hosted, net = self.hosted, self.net
        if hosted is None or net is None or net.address != server_address(f"127.0.0.1:{hosted.port}"):
            return None
        return self._hosted_at

    def stop_hosting(self) -> None:
        """Stop the server started for friends, if it runs (everyone connected to it is let go).
        Not waited for: it ends in its own thread, however long a friend's connection takes to close."""
        if self.hosted is not None:
            self.hosted.stop(wait=0)
            self.hosted = None

    def close(self) -> None:
        self.disconnect()
        self.stop_hosting()
        self.thinker.close()
        self.files.close()  # what is still to be written goes to the disk first
        pygame.quit()


def parse_args(argv: list[str] | None) -> AppConfig:
    parser = argparse.ArgumentParser(prog="main.py", description="Spades: you sit South, North is your partner.")
    parser.add_argument("--windowed", action="store_true", help="play in a window instead of fullscreen")
    parser.add_argument("--seed", type=int, help="deal reproducibly from this seed")
    parser.add_argument("--speed", choices=sorted(layout.SPEEDS), help="animation speed for this run")
    parser.add_argument("--silent", action="store_true", help="no sound for this run")
    parser.add_argument("--review", type=Path, metavar="FILE", help="open a hand log (Spades.save) in Review Hands")
    parser.add_argument("--server", metavar="HOST[:PORT]", help="the server Play Online offers (else the one "
                                                                "last reached, else SPADES_SERVER, else this computer)")
    parser.add_argument("--name", help="the name Play Online offers")
    args = parser.parse_args(argv)
    return AppConfig(windowed=args.windowed, seed=args.seed, speed=args.speed, silent=args.silent,
                     review=args.review, server=args.server, name=args.name)


def main(argv: list[str] | None = None) -> int:
    """Start the game; the exit status for the shell (1 when there is no screen)."""
    config = parse_args(argv)
    try:
        app = App(config)
    except NoDisplayError as error:
        print(error, file=sys.stderr)
        return 1
    app.run()
    return 0
