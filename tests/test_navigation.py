"""Getting around: every title entry and menu entry opens its screen, and Esc comes back."""

from __future__ import annotations

import pygame
import pytest

from game.records.handlog import read_log
from scenes.app import App, parse_args
from scenes.screens.confirm import ConfirmScene
from scenes.screens.help import HelpScene
from scenes.screens.menu import MenuScene
from scenes.screens.options import OptionsScene
from scenes.screens.review import ReviewScene
from scenes.screens.score import ScoreScene
from scenes.screens.statistics import StatisticsScene
from scenes.screens.title import TitleScene
from scenes.table.view import TableScene
from tests.app_driver import click_widget, frames, make_app, play_hand_by_mouse, press, wait_for

TITLE_ENTRIES = {"options": OptionsScene, "help": HelpScene, "about": HelpScene, "review": ReviewScene,
                 "statistics": StatisticsScene}


@pytest.mark.parametrize("entry", sorted(TITLE_ENTRIES))
def test_each_title_entry_opens_its_screen_and_esc_returns(app, entry):
    title = app.scenes[-1]
    click_widget(app, title.buttons[entry])
    assert isinstance(app.scenes[-1], TITLE_ENTRIES[entry])
    assert not title.buttons["new"].visible, "the title's buttons hide under another screen"
    for _ in range(3):
        if app.scenes[-1] is title:
            break
        press(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is title and title.buttons["new"].visible


def start_game(app) -> TableScene:
    click_widget(app, app.scenes[-1].buttons["new"])
    wait_for(app, lambda: isinstance(app.scenes[-1], TableScene))
    return app.scenes[-1]


def test_the_menu_shows_the_scoreboard_options_and_how_to_play(app):
    table = start_game(app)
    press(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    assert isinstance(menu, MenuScene)
    click_widget(app, menu.buttons["score"])
    board = app.scenes[-1]
    assert isinstance(board, ScoreScene) and board.score is None
    click_widget(app, board.button)
    assert app.scenes[-1] is menu and menu.buttons["resume"].visible
    click_widget(app, menu.buttons["options"])
    assert isinstance(app.scenes[-1], OptionsScene)
    assert not menu.buttons["resume"].visible, "the menu's buttons hide under Options"
    press(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is menu
    click_widget(app, menu.buttons["help"])
    assert isinstance(app.scenes[-1], HelpScene)
    press(app, pygame.K_ESCAPE)
    click_widget(app, menu.buttons["resume"])
    assert app.scenes[-1] is table


def test_new_game_from_the_menu_asks_first(app):
    table = start_game(app)
    first = app.session.game
    press(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    click_widget(app, menu.buttons["new"])
    question = app.scenes[-1]
    assert isinstance(question, ConfirmScene) and question.question == "Start a new game?", "asked as the title asks"
    click_widget(app, question.no)
    assert app.session.game is first and app.scenes[-1] is menu
    click_widget(app, menu.buttons["new"])
    click_widget(app, app.scenes[-1].yes)
    assert app.session.game is not first
    assert table not in app.scenes


def test_a_hand_played_counts_in_the_statistics(tmp_path):
    app = make_app(tmp_path)
    frames(app)
    start_game(app)
    play_hand_by_mouse(app)
    assert app.statistics.total.hands == 1
    assert (tmp_path / "statistics.json").is_file()
    app.close()


def test_review_option_opens_the_log_at_start(tmp_path):
    app = make_app(tmp_path)
    app.change_settings(save_hand=True)
    frames(app)
    start_game(app)
    play_hand_by_mouse(app)
    app.close()
    assert len(read_log(tmp_path / "Spades.save").hands) == 1

    config = parse_args(["--review", str(tmp_path / "Spades.save"), "--windowed"])
    config.settings_path, config.saved_game = tmp_path / "settings.json", tmp_path / "game.json"
    config.statistics_path, config.inline_thinker = tmp_path / "statistics.json", True
    review_app = App(config)
    frames(review_app)
    review = review_app.scenes[-1]
    assert isinstance(review, ReviewScene) and len(review.rows) == 1
    press(review_app, pygame.K_ESCAPE)
    assert isinstance(review_app.scenes[-1], TitleScene)
    review_app.close()
