"""The window and the frame loop: scaling, mouse mapping, window size, no display, and a loop
that sleeps when nothing moves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pygame
import pytest

import scenes.window as window_module
from scenes.app import App
from scenes.look import layout
from scenes.screens.title import TitleScene
from scenes.table.view import TableScene
from scenes.window import display_window, fit, window_size
from tests.app_driver import FRAME, answer_with_mouse, click_widget, frames, make_app, player_turn, press, wait_for

ROOT = Path(__file__).resolve().parent.parent


# -- scaling -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("window", "scale"), [((1920, 1080), 3), ((2560, 1440), 4), ((1366, 768), 2),
                                               ((3840, 2160), 6), ((1280, 1024), 2)])
def test_auto_scaling_is_sharp_where_a_whole_number_fills_the_screen(window, scale):
    view = fit(window, "auto")
    assert view.sharp and (view.width, view.height) == (layout.WIDTH * scale, layout.HEIGHT * scale)
    assert (view.x, view.y) == ((window[0] - view.width) // 2, (window[1] - view.height) // 2)


def test_auto_scaling_fills_a_1024x600_screen_and_sharp_keeps_whole_pixels_there():
    filling = fit((1024, 600), "auto")
    assert not filling.sharp and (filling.width, filling.height) == (1024, 576)
    sharp = fit((1024, 600), "sharp")
    assert sharp.sharp and (sharp.width, sharp.height) == layout.SIZE and (sharp.x, sharp.y) == (192, 120)
    assert fit((1920, 1080), "fill") == fit((1920, 1080), "auto"), "3x fills 1920x1080 exactly"
    assert not fit((600, 300), "sharp").sharp, "a window smaller than the frame can only shrink it"


def test_a_window_opens_at_a_whole_multiple_that_leaves_room_for_the_task_bar():
    assert window_size((1920, 1080)) == (1280, 720)
    assert window_size((2560, 1440)) == (1920, 1080)
    assert window_size((3440, 1440)) == (1920, 1080)
    assert window_size((3840, 2160)) == (3200, 1800)
    width, height = window_size((640, 400))
    assert height <= 400 * 0.9 and abs(width / height - 16 / 9) < 0.01


@pytest.mark.parametrize(("desktop", "window"), [((1366, 768), (1200, 675)), ((1280, 800), (1252, 704)),
                                                 ((1024, 600), (939, 528))])
def test_a_window_on_a_laptop_screen_fills_the_room_instead_of_opening_at_1x(desktop, window):
    """Where 2x does not fit, a 640x360 window would be a fifth of the screen: it opens as large
    as the room allows, and auto scaling fills it."""
    assert window_size(desktop) == window
    view = fit(window, "auto")
    assert (view.x, view.y, view.width, view.height) == (0, 0, *window)
    assert window_size(desktop, "sharp") == layout.SIZE, "sharp scaling keeps whole pixels in its window"


def test_on_a_small_screen_a_window_stays_at_1x_where_that_nearly_fills_the_room():
    assert window_size((800, 600)) == layout.SIZE


def test_clicks_land_on_the_frame_whatever_the_scaling(tmp_path):
    app = make_app(tmp_path)
    try:
        frames(app)
        app.window.set_fullscreen(True)  # the dummy desktop is 1024x768: the frame fills 1024x576
        assert not app.window.viewport.sharp and app.window.viewport.y > 0
        for point in [(0, 0), (320, 180), (639, 359), (101, 250)]:
            assert app.window.to_frame(app.window.to_window(point)) == point
        click_widget(app, app.scenes[-1].buttons["options"])
        assert type(app.scenes[-1]).__name__ == "OptionsScene"
        app.change_settings(scaling="sharp")
        assert app.window.viewport.sharp and (app.window.viewport.width, app.window.viewport.height) == layout.SIZE
    finally:
        app.close()


def window_manager_placing_the_frame_where_sdl_asks_for_the_inside(monkeypatch) -> None:
    """As a window manager does with each new window SDL opens: the title bar goes where SDL asked
    for the window's inside, which lands a title bar lower (the dummy driver has no window manager)."""
    real_set_mode = pygame.display.set_mode

    def set_mode(size, flags=0, *args, **kwargs):
        surface = real_set_mode(size, flags, *args, **kwargs)
        if not flags & pygame.FULLSCREEN:
            window = display_window()
            window.position = (window.position[0] + 1, window.position[1] + 20)
        return surface

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)


def test_back_from_full_screen_the_window_is_where_it_was_at_the_size_it_had(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    try:
        window_manager_placing_the_frame_where_sdl_asks_for_the_inside(monkeypatch)
        display_window().size = (900, 600)  # the player drags a corner
        display_window().position = (100, 50)
        frames(app)
        for _ in range(3):
            press(app, pygame.K_F11)
            assert app.fullscreen
            press(app, pygame.K_F11)
            assert not app.fullscreen
            assert (display_window().position, display_window().size) == ((100, 50), (900, 600))
        assert app.window.viewport == fit((900, 600), "auto")
        assert app.window.to_frame(app.window.to_window((320, 180))) == (320, 180)
    finally:
        app.close()


@pytest.fixture
def maximized(monkeypatch) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each time the game asks the window manager to maximize its window, where the window was and
    its size just before (the dummy display cannot maximize: the window stays as it was)."""
    asked: list[tuple[tuple[int, int], tuple[int, int]]] = []

    class Spied:
        """The display's window, but for `maximize`, which is counted."""

        def __init__(self, window: pygame.Window) -> None:
            object.__setattr__(self, "window", window)

        def __getattr__(self, name: str):
            return getattr(self.window, name)

        def __setattr__(self, name: str, value) -> None:
            setattr(self.window, name, value)

        def maximize(self) -> None:
            asked.append((self.window.position, self.window.size))

    monkeypatch.setattr(window_module, "display_window", lambda real=window_module.display_window: Spied(real()))
    return asked


def window_manager_maximizes(app: App, place: tuple[tuple[int, int], tuple[int, int]] = ((0, 20), (1024, 740))) -> None:
    """The player maximizes the window: the window manager moves and resizes it, and says so in
    the order SDL tells it under Windows (resized, then maximized)."""
    display_window().position, display_window().size = place
    for event in (pygame.WINDOWMOVED, pygame.WINDOWSIZECHANGED, pygame.WINDOWMAXIMIZED):
        pygame.event.post(pygame.event.Event(event))
    frames(app)


def test_a_maximized_window_comes_back_maximized_from_full_screen(tmp_path, maximized):
    """The window manager says the window was maximized (an event): after F11 twice it is
    maximized again; a window that was not, is not."""
    app = make_app(tmp_path)
    try:
        press(app, pygame.K_F11)
        press(app, pygame.K_F11)
        assert maximized == [], "a window that was not maximized came back maximized"
        window_manager_maximizes(app)
        press(app, pygame.K_F11)
        press(app, pygame.K_F11)
        assert len(maximized) == 1
        pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
        frames(app)
        for event in (pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):  # back, as SDL tells it
            pygame.event.post(pygame.event.Event(event))
        frames(app)
        press(app, pygame.K_F11)
        press(app, pygame.K_F11)
        assert len(maximized) == 2
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))  # the player restores it, then F11 twice
        frames(app)
        press(app, pygame.K_F11)
        press(app, pygame.K_F11)
        assert len(maximized) == 2
    finally:
        app.close()


def test_a_maximized_window_back_from_full_screen_keeps_its_own_size_to_be_restored_to(tmp_path, maximized):
    """Back from full screen, the window opens at its own size and place and only then is maximized,
    so that un-maximized it returns there (not to the size it had maximized)."""
    app = make_app(tmp_path)
    try:
        display_window().size, display_window().position = (900, 600), (100, 50)  # the player drags it
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED))
        frames(app)
        window_manager_maximizes(app)
        press(app, pygame.K_F11)
        press(app, pygame.K_F11)
        assert maximized == [((100, 50), (900, 600))]
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))  # un-maximized, then dragged elsewhere
        frames(app)
        display_window().position = (200, 80)
        pygame.event.post(pygame.event.Event(pygame.WINDOWMOVED))
        frames(app)
        window_manager_maximizes(app)
        press(app, pygame.K_F11)
        press(app, pygame.K_F11)
        assert maximized[-1] == ((200, 80), (900, 600))
    finally:
        app.close()


def test_a_window_left_maximized_opens_maximized_over_its_own_size(tmp_path, maximized):
    app = make_app(tmp_path)
    display_window().size = (900, 600)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED))
    frames(app)
    window_manager_maximizes(app)
    post_quit(app)
    app.close()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert (saved["window_size"], saved["window_maximized"]) == ([900, 600], True)
    assert maximized == []
    again = make_app(tmp_path)
    try:
        assert len(maximized) == 1 and maximized[0][1] == (900, 600) and again.window.maximized
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))  # the player un-maximizes it
        frames(again)
        post_quit(again)
    finally:
        again.close()
    assert json.loads((tmp_path / "settings.json").read_text())["window_maximized"] is False
    third = make_app(tmp_path)
    try:
        assert len(maximized) == 1 and not third.window.maximized
    finally:
        third.close()


def test_a_window_bigger_than_the_desktop_comes_back_from_full_screen_within_it(tmp_path):
    app = make_app(tmp_path)
    try:
        display_window().size = (2400, 1300)  # dragged out on a larger screen
        frames(app)
        app.toggle_fullscreen()
        desktop = pygame.display.get_desktop_sizes()[0]
        app.toggle_fullscreen()
        width, height = display_window().size
        assert width <= desktop[0] and height <= desktop[1]
        assert app.window.viewport == fit((width, height), "auto")
    finally:
        app.close()


def test_the_window_opens_at_the_size_it_was_left_at_within_the_screen(tmp_path):
    app = make_app(tmp_path)
    display_window().size = (900, 600)  # the player drags a corner, then closes the window
    frames(app)
    post_quit(app)
    app.close()
    assert json.loads((tmp_path / "settings.json").read_text())["window_size"] == [900, 600]
    again = make_app(tmp_path)
    try:
        assert display_window().size == (900, 600) and again.window.viewport == fit((900, 600), "auto")
        display_window().size = (20_000, 1300)  # out of a larger screen than this one
        frames(again)
        again.toggle_fullscreen()
        post_quit(again)  # from full screen: the window's size as it was before
    finally:
        again.close()
    third = make_app(tmp_path)
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        assert display_window().size == (desktop[0], min(1300, desktop[1]))
    finally:
        third.close()


def test_a_game_started_full_screen_and_never_windowed_keeps_no_window_size(tmp_path):
    app = make_app(tmp_path, windowed=False)
    try:
        assert app.fullscreen
        post_quit(app)
        assert app.settings.window_size is None
    finally:
        app.close()


def test_a_window_on_a_screen_smaller_than_the_frame_keeps_no_size_and_quits(tmp_path, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(600, 340)])
    app = make_app(tmp_path)
    try:
        post_quit(app)
        assert app.settings.window_size is None
    finally:
        app.close()


def post_quit(app: App) -> None:
    """The window's close button."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(FRAME)
    assert not app.running


def test_the_scaling_preference_is_kept_and_used_at_the_next_start(tmp_path):
    app = make_app(tmp_path)
    app.change_settings(scaling="fill")
    app.close()
    again = make_app(tmp_path)
    try:
        assert again.window.scaling == "fill" and again.settings.scaling == "fill"
    finally:
        again.close()


# -- the loop -------------------------------------------------------------------------------------------
def test_a_still_title_draws_no_frames_until_something_happens(app):
    frames(app, 5)
    drawn = app.frames_drawn
    frames(app, 100)
    assert app.frames_drawn == drawn, "nothing moved, nothing was drawn"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 1)
    assert app.frames_drawn == drawn + 1


def test_flying_cards_are_drawn_every_frame_and_the_waiting_table_not_at_all(app):
    click_widget(app, app.scenes[-1].buttons["new"])
    app.change_settings(speed="normal")
    wait_for(app, lambda: isinstance(app.scenes[-1], TableScene) and app.scenes[-1].flights)
    drawn = app.frames_drawn
    frames(app, 10)
    assert app.frames_drawn == drawn + 10, "the deal is animated"
    wait_for(app, lambda: player_turn(app), limit=20000)
    while app.scenes[-1].game.phase != "play":
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app), limit=20000)
    table = app.scenes[-1]
    wait_for(app, lambda: player_turn(app) and table.frame_due() is None)  # the bids shown, the words gone
    drawn = app.frames_drawn
    frames(app, 200)
    assert app.frames_drawn == drawn, "waiting for the player's card draws nothing"


def test_the_loop_sleeps_while_nothing_moves(app):
    """Without a dt the loop waits for events; a still title turns it only a few times a second."""
    frames(app, 3)
    turns, start = 0, time.monotonic()
    while time.monotonic() - start < 1.2:
        app.step()
        turns += 1
    assert turns <= 4, f"{turns} turns of the loop in 1.2 s on a still screen"
    assert isinstance(app.scenes[-1], TitleScene)


# -- starting -----------------------------------------------------------------------------------------
def quiet_environment(tmp_path: Path, **changes: str | None) -> dict[str, str]:
    """The environment of a player's start: files in `tmp_path`, no display unless given."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    env.update({key: value for key, value in changes.items() if value is not None})
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a desktop always has a display elsewhere")
def test_without_a_display_the_game_says_so_and_exits(tmp_path):
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--windowed"], cwd=tmp_path,
                            env=quiet_environment(tmp_path), capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "needs a screen" in result.stderr and "ssh -X" in result.stderr


@pytest.mark.parametrize("sound", [True, False])
def test_a_normal_start_prints_nothing(tmp_path, sound):
    """No banner, no font warning, no audio-library noise, sound on (no sound card in CI) or off."""
    (tmp_path / "config" / "Spades").mkdir(parents=True)
    (tmp_path / "config" / "Spades" / "settings.json").write_text(f'{{"sound": {str(sound).lower()}}}')
    process = subprocess.Popen([sys.executable, "-W", "default", str(ROOT / "main.py"), "--windowed"],
                               cwd=tmp_path, env=quiet_environment(tmp_path, SDL_VIDEODRIVER="dummy"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = process.communicate(timeout=6)
    except subprocess.TimeoutExpired:
        process.terminate()
        out, err = process.communicate(timeout=30)
    assert out == "" and err == "", (out, err)


def test_motion_drops_to_thirty_frames_where_showing_a_frame_is_slow(app):
    app.window.present_cost = 0.001
    assert app.frame_rate == app.display_rate
    app.window.present_cost = 0.02
    assert app.frame_rate == min(app.display_rate, layout.SLOW_FPS)


def test_a_fading_message_asks_for_a_handful_of_frames_not_one_per_refresh():
    from scenes.look.animation import FADE_STEPS, Fade

    fade = Fade("Spades are broken", 3.0)
    changes = 0
    while fade.alive:
        fade.advance(max(fade.next_change(), 1e-6))
        changes += 1
    assert changes <= FADE_STEPS + 2


def test_a_minimized_window_is_sent_no_frames_and_its_return_shows_the_picture(app, monkeypatch):
    """Copying a frame to a large screen is most of a frame's cost: none while nobody can see it."""
    flips: list[int] = []
    real_flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real_flip()))
    monkeypatch.setattr(pygame.display, "get_active", lambda: False)
    drawn = app.frames_drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 1)
    assert app.frames_drawn == drawn + 1 and not flips, "the game goes on, unseen"
    monkeypatch.setattr(pygame.display, "get_active", lambda: True)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    frames(app, 1)
    assert flips, "back on screen, the picture as it is now"


def test_the_window_cannot_be_made_smaller_than_the_frame(tmp_path):
    app = make_app(tmp_path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.size = (320, 200)  # as a drag of the window's corner asks
        assert window.size[0] >= layout.WIDTH and window.size[1] >= layout.HEIGHT
    finally:
        app.close()


def test_norths_thinking_dots_and_away_word_stay_on_its_plates_line_clear_of_the_chat_band(app, monkeypatch):
    """North's plate is one line with the chat band of a server's table just under it."""
    from game.rules import PRESETS
    from game.seats import SEATS
    from scenes.look import text
    from scenes.table.model import TableModel
    from scenes.table.painter import Marks, TablePainter

    drawn: list[tuple[str, int]] = []
    real = text.draw

    def record(surface, words, pos, *args, **kwargs):
        drawn.append((words, pos[1]))
        return real(surface, words, pos, *args, **kwargs)

    from game.scoring import Standing

    model = TableModel(PRESETS["partner"].rules, {seat: seat for seat in SEATS}, {"NS": Standing(), "EW": Standing()})
    monkeypatch.setattr(text, "draw", record)
    painter = TablePainter(app.art, app.felt)
    painter.draw_plates(pygame.Surface(layout.SIZE), model,
                        Marks(to_act="N", thinking=True, absent={"N": "away", "W": "no connection"}))
    north_y = layout.PLATES["N"][1]
    assert [y for words, y in drawn if words in ("(away)", ".")] == [north_y, north_y]
    assert ("(no connection)", layout.PLATES["W"][1] + 2 * text.LINE) in drawn, "West's under its two lines"
