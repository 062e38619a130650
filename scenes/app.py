"""The App: the window, the frame loop, the scene stack, and what every scene shares.

``python main.py`` calls :func:`main`. Tests build an :class:`App` with an
:class:`AppConfig` (windowed, instant animations, folders of their own) and drive it
with :meth:`App.step` after posting events to pygame's queue.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402 - after the banner is hidden
import pygame_gui  # noqa: E402

from game.savegame import SavedGameError, check_saved_game, set_aside  # noqa: E402
from game.stats import Statistics, StatsRecorder  # noqa: E402
from game.thinker import Thinker  # noqa: E402
from scenes import layout, text  # noqa: E402
from scenes.cardart import CardArt, felt  # noqa: E402
from scenes.scene import Scene  # noqa: E402
from scenes.session import GameSession  # noqa: E402
from scenes.settings import SettingsStore, save_hand_path, saved_game_path, stats_path  # noqa: E402
from scenes.sound import Sounds  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
THEME = ROOT / "assets" / "theme.json"


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
    silent: bool = False


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
        pygame.init()
        text.reset()
        self.store = SettingsStore(self.config.settings_path)
        self.settings, settings_problem = self.store.load()
        self.notices: list[str] = [settings_problem] if settings_problem else []
        self.fullscreen = self.settings.fullscreen and not self.config.windowed
        self.screen = self._open_window()
        pygame.display.set_caption("Spades")
        refresh = pygame.display.get_current_refresh_rate()
        self.frame_rate = min(layout.MOST_FPS, refresh) if refresh >= 30 else layout.FPS
        """Frames per second: the display's refresh rate where SDL knows it."""
        self.clock = pygame.time.Clock()
        _keep_top_pixel_row()
        self.ui = pygame_gui.UIManager(layout.SIZE)
        self.ui.add_font_paths("press_start", text.FONT_PATH)
        self.ui.get_theme().load_theme(str(THEME))
        self.art = CardArt(four_colour=self.settings.four_colour, back=self.settings.card_back)
        self.felt = felt(layout.SIZE)
        self.sounds = Sounds(enabled=self.settings.sound and not self.config.silent, volume=self.settings.volume)
        self.thinker = Thinker(inline=self.config.inline_thinker)
        self._tokens = 0
        self.saved_game = self.config.saved_game or saved_game_path()
        self.log_path, log_notice = save_hand_path(self.config.save_dir)
        if log_notice:
            self.notices.append(log_notice)
        self.statistics_path = self.config.statistics_path or stats_path()
        self.statistics, stats_problem = Statistics.load(self.statistics_path)
        if stats_problem:
            self.notices.append(stats_problem)
        self.session: GameSession | None = None
        self.scenes: list[Scene] = []
        self.running = True
        from scenes.title import TitleScene

        self.push(TitleScene(self))
        if self.config.review is not None:
            from scenes.review import ReviewScene

            self.push(ReviewScene(self, self.config.review))

    # -- window ---------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        flags = pygame.SCALED | (pygame.FULLSCREEN if self.fullscreen else 0)
        try:
            return pygame.display.set_mode(layout.SIZE, flags, vsync=1)
        except pygame.error:  # no vsync here: the frame cap paces the loop
            return pygame.display.set_mode(layout.SIZE, flags)

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter; remembered in the settings."""
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return
        self.fullscreen = not self.fullscreen
        self.change_settings(fullscreen=self.fullscreen)

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
        try:
            self.store.save(self.settings)
        except OSError as error:
            self.notices.append(f"Settings not saved: {error}")

    # -- the scene stack ----------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resume()

    def replace(self, scene: Scene) -> None:
        """Clear the stack and show `scene` alone."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    # -- games --------------------------------------------------------------------------
    def new_game(self) -> None:
        """Deal a new game with the current settings: dealer draw first."""
        from scenes.dealer_draw import DealerDrawScene

        self.session = GameSession.new(self.settings, self.log_path, seed=self.config.seed)
        self._record(self.session)
        self.replace(DealerDrawScene(self))

    def continue_game(self) -> None:
        """Restore the saved game where it stood; one that cannot be restored is reported."""
        from scenes.table_scene import TableScene

        try:
            self.session = GameSession.restore(self.saved_game, self.log_path, self.settings.save_hand)
        except SavedGameError as error:
            self._report_saved_game(error.state, str(error))
            return
        self._record(self.session)
        self.replace(TableScene(self))

    def _record(self, session: GameSession) -> None:
        """Count the game's hands and result in the player's statistics."""
        StatsRecorder(self.statistics, self.statistics_path, self.settings.level).attach(session.game)

    def new_token(self) -> int:
        """A number no other question to the thinker has had in this run, so an answer
        that comes late (after a new game, say) is never taken for another's."""
        self._tokens += 1
        return self._tokens

    def has_saved_game(self) -> bool:
        """Whether Continue is offered: only for a saved game that loads. Why another one does not
        is reported (see :meth:`_report_saved_game`)."""
        status = check_saved_game(self.saved_game)
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
        """Save the game in progress and stop (the window's close button)."""
        self.save_game()
        self.running = False

    # -- the loop ------------------------------------------------------------------------
    def step(self, dt: float | None = None) -> None:
        """One frame: events, update, draw, flip. `dt` overrides the clock (tests)."""
        if dt is None:
            dt = self.clock.tick(self.frame_rate) / 1000.0
        else:
            self.clock.tick()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.KEYDOWN and (
                    event.key == pygame.K_F11 or (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)):
                self.toggle_fullscreen()
                continue
            self.ui.process_events(event)
            if self.scenes:
                self.scenes[-1].handle_event(event)
        self.ui.update(dt)
        if self.scenes:
            self.scenes[-1].update(dt)
        self.draw()
        pygame.display.flip()

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

    def close(self) -> None:
        self.thinker.close()
        pygame.quit()


def parse_args(argv: list[str] | None) -> AppConfig:
    parser = argparse.ArgumentParser(prog="main.py", description="Spades: you sit South, North is your partner.")
    parser.add_argument("--windowed", action="store_true", help="play in a window instead of fullscreen")
    parser.add_argument("--seed", type=int, help="deal reproducibly from this seed")
    parser.add_argument("--speed", choices=sorted(layout.SPEEDS), help="animation speed for this run")
    parser.add_argument("--silent", action="store_true", help="no sound for this run")
    parser.add_argument("--review", type=Path, metavar="FILE", help="open a hand log (Spades.save) in Review Hands")
    args = parser.parse_args(argv)
    return AppConfig(windowed=args.windowed, seed=args.seed, speed=args.speed, silent=args.silent,
                     review=args.review)


def main(argv: list[str] | None = None) -> int:
    """Start the game; the exit status for the shell."""
    App(parse_args(argv)).run()
    return 0
