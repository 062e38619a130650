"""How to Play and About, driven through the event queue: what they say, scrolling, leaving."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from packaging.requirements import Requirement

from game.rules import OPTIONS
from scenes.look import text
from scenes.screens.help import LINE_STEP, TRACK, VIEW, HelpScene
from scenes.screens.title import TitleScene
from tests.app_driver import click, click_widget, frames, make_app, press


def open_page(app, page: str, **options) -> HelpScene:
    app.push(HelpScene(app, page, **options))
    frames(app)
    return app.scenes[-1]


def words(scene: HelpScene) -> str:
    """The page's text on one line, whatever the wrapping."""
    return " ".join(scene.plain_text.split())


def view_pixels(app) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(VIEW), "RGB")


def test_how_to_play_explains_the_rules_of_spades(app):
    page = words(open_page(app, "how_to_play")).lower()
    for phrase in ("13 cards", "ace of spades", "bids once", "no passing", "nil (a bid of 0)", "blind nil",
                   "follow suit", "highest spade", "spades must be broken", "10 points for each trick bid",
                   "bag", "loses 100 points", "set:", "+100", "-100", "+200", "winning score"):
        assert phrase in page, phrase


def test_how_to_play_shows_the_variant_in_force_with_every_option(app):
    app.change_settings(variant="dunn")
    scene = open_page(app, "how_to_play")
    page = words(scene)
    assert "The rules in force: Dunn 1995" in page
    assert "Team nil: 50" in page and "Deck: jokers" in page and "Lose at: off" in page
    assert "Double set: on" in page and "Must beat: off" in page
    for option in OPTIONS:
        assert " ".join(option.help.split()) in page, option.key


def test_how_to_play_follows_a_changed_winning_score(app):
    app.change_settings(variant="solo", win_score=250)
    page = words(open_page(app, "how_to_play"))
    assert "The rules in force: Solo" in page and "Win at: 250" in page and "Partners: off" in page


def test_how_to_play_and_about_name_the_partners_and_the_opponents_levels(app):
    assert "Computer players: Expert partner, Normal opponents (Options, Game)." in words(open_page(app, "how_to_play"))
    app.pop()
    app.change_settings(partner_level="normal", opponents_level="expert")
    assert "Computer players: Normal partner, Expert opponents" in words(open_page(app, "how_to_play"))
    app.pop()
    assert "chosen apart for your partner and for the opponents" in words(open_page(app, "about"))


def test_how_to_play_lists_the_keyboard_shortcuts(app):
    page = words(open_page(app, "how_to_play"))
    for key in ("Click a card", "Left/Right, Enter", "+ / -, Enter", "S or right-click", "L ", "Esc",
                "F11 or Alt+Enter", "Space or click"):
        assert key in page, key


def test_about_gives_version_credits_and_where_files_are_kept(app, tmp_path):
    scene = open_page(app, "about", statistics_path=tmp_path / "data" / "statistics.json")
    page = scene.plain_text
    flat = words(scene)
    assert "version 1.0" in flat
    assert "Press Start 2P by CodeMan38" in flat and "SIL Open Font License" in flat
    assert "pygame-ce" in flat and "pygame-gui" in flat
    for path in (app.store.path, app.saved_game, app.log_path, tmp_path / "data" / "statistics.json"):
        assert str(path) in page.replace("\n", "")
    assert app.log_path.name == "Spades.save"


def test_about_credits_every_package_the_game_installs(app):
    """Each package of requirements.txt is named in the credits (the font's package by its font)."""
    flat = words(open_page(app, "about"))
    lines = (Path(__file__).resolve().parent.parent / "requirements.txt").read_text(encoding="utf-8").splitlines()
    packages = {Requirement(line).name for line in lines if line.strip() and not line.startswith("#")}
    credited = {package for package in packages if package in flat or (package.startswith("fontpkg-") and
                                                                        "Press Start 2P" in flat)}
    assert credited == packages


def test_long_paths_are_broken_to_fit_the_page(tmp_path):
    deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 5)
    deep.mkdir(parents=True)
    app = make_app(deep)
    frames(app)
    try:
        scene = open_page(app, "about")
        for line in scene.lines:
            assert line.x + text.font(8).size(line.words)[0] <= VIEW.width, line.words
        assert str(app.store.path) in scene.plain_text.replace("\n", "")
    finally:
        app.close()


def test_the_page_scrolls_with_keys_and_wheel_and_stays_in_bounds(app):
    scene = open_page(app, "how_to_play")
    top = view_pixels(app)
    press(app, pygame.K_UP)
    assert scene.offset == 0
    press(app, pygame.K_DOWN)
    assert scene.offset == LINE_STEP
    assert view_pixels(app) != top
    press(app, pygame.K_PAGEDOWN)
    assert scene.offset > LINE_STEP
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    frames(app)
    before_end = scene.offset
    press(app, pygame.K_END)
    assert scene.offset == scene.most > before_end
    press(app, pygame.K_DOWN)
    assert scene.offset == scene.most
    assert "Keys and mouse" in scene.plain_text
    press(app, pygame.K_HOME)
    assert scene.offset == 0
    assert view_pixels(app) == top


def test_the_scroll_bar_pages_on_a_click_and_follows_a_drag(app):
    scene = open_page(app, "how_to_play")
    click(app, (TRACK.centerx, TRACK.bottom - 2))
    assert scene.offset > 0
    press(app, pygame.K_HOME)
    thumb = scene.thumb()
    below = app.window.to_window((TRACK.centerx, TRACK.bottom + 40))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.window.to_window(thumb.center), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=below, rel=(0, 300), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=below, button=1))
    frames(app)
    assert scene.offset == scene.most
    assert scene.dragging is None


def test_escape_and_back_return_to_where_the_page_was_opened(app):
    open_page(app, "how_to_play")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes[-1], TitleScene) and len(app.scenes) == 1
    scene = open_page(app, "about")
    click_widget(app, scene.back)
    assert isinstance(app.scenes[-1], TitleScene) and len(app.scenes) == 1


def test_an_unknown_page_is_refused(app):
    with pytest.raises(ValueError, match="how_to_play"):
        HelpScene(app, "credits")


def test_during_a_game_how_to_play_shows_the_rules_being_played(app):
    app.change_settings(variant="solo")
    app.new_game()
    frames(app)
    app.change_settings(variant="dunn")
    page = words(open_page(app, "how_to_play"))
    assert "The rules in force: Solo" in page and "Dunn" not in page
    press(app, pygame.K_ESCAPE)
    assert not isinstance(app.scenes[-1], HelpScene)
