"""The game on screen, driven through pygame's event queue like a player would."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.records.handlog import read_log
from scenes.screens.game_over import GameOverScene
from scenes.screens.menu import MenuScene
from scenes.screens.score import ScoreScene
from scenes.screens.title import TitleScene
from scenes.table.dealer_draw import DealerDrawScene
from scenes.table.view import TableScene
from tests.app_driver import (
    answer_with_mouse,
    card_spot,
    click,
    click_widget,
    frames,
    make_app,
    play_hand_by_mouse,
    player_turn,
    press,
    reach_play,
    start_game,
    wait_for,
    words_on_screen,
)


def test_title_new_game_deals_after_the_dealer_draw(app):
    assert isinstance(app.scenes[-1], TitleScene)
    table = start_game(app)
    game = table.game
    assert table.model.dealer == game.first_dealer
    wait_for(app, lambda: not table.busy)
    assert sum(len(cards) for cards in table.model.holdings.values()) == 52


def test_a_whole_game_to_game_over_and_play_again(tmp_path):
    app = make_app(tmp_path)
    app.change_settings(win_score=120, save_hand=True)
    frames(app)
    start_game(app)
    hands = 0
    while not isinstance(app.scenes[-1], GameOverScene):
        play_hand_by_mouse(app)
        hands += 1
        score = app.scenes[-1]
        assert isinstance(score, ScoreScene)
        click_widget(app, score.button)
        wait_for(app, lambda: not isinstance(app.scenes[-1], ScoreScene))
        assert hands < 30
    game = app.session.game
    assert game.over and len(game.finished) == hands
    assert not (tmp_path / "game.json").exists(), "a finished game leaves nothing to continue"
    reading = read_log(tmp_path / "Spades.save")
    assert len(reading.hands) == hands and not reading.damaged
    click_widget(app, app.scenes[-1].yes)
    assert isinstance(app.scenes[-1], (DealerDrawScene, TableScene))
    assert app.session.game is not game and not app.session.game.finished
    app.close()


def test_bidding_box_offers_only_legal_numbers(app):
    start_game(app)
    wait_for(app, lambda: player_turn(app))
    table = app.scenes[-1]
    while table.game.phase != "bid":
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app))
    box = table.box
    legal = [int(c) for c in table.game.hand.legal_choices("S") if c.isdigit()]
    for _ in range(20):
        click_widget(app, box.buttons["plus"])
    assert box.value == max(legal)
    assert not box.buttons["plus"].is_enabled
    for _ in range(20):
        click_widget(app, box.buttons["minus"])
    assert box.value == min(legal)
    click_widget(app, box.buttons["ok"])
    assert table.game.hand.bids["S"].tricks == min(legal)


def test_a_refused_card_says_which_rule(app):
    table = start_game(app)
    for _ in range(14):
        table = reach_play(app)
        legal = set(table.game.hand.legal_plays("S"))
        refused = [c for c in table.visible_south() if c not in legal]
        if refused:
            before = len(table.game.actions)
            click(app, card_spot(table, refused[0]))
            assert len(table.game.actions) == before
            words = table.message.text.lower()
            assert any(rule in words for rule in ("follow", "spades", "broken", "beat", "club")), words
            return
        answer_with_mouse(app)
    pytest.fail("the player never held a card that could not be played")


def test_suggest_marks_a_legal_card_and_sets_the_bid_box(app):
    table = start_game(app)
    wait_for(app, lambda: player_turn(app))
    while table.game.phase != "bid":
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app))
    click(app, (320, 200), button=3)
    wait_for(app, lambda: table.advice is not None)
    advice = table.advice.choice
    assert advice in table.game.hand.legal_choices("S")
    if advice.isdigit():
        assert table.box.number_choice() == advice
    reach_play(app)
    press(app, pygame.K_s)
    wait_for(app, lambda: table.suggested is not None)
    assert table.suggested in table.game.hand.legal_plays("S")
    assert table.message.text == table.advice.reason


def test_escape_opens_the_menu_and_resume_returns(app):
    table = start_game(app)
    press(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    assert isinstance(menu, MenuScene)
    click_widget(app, menu.buttons["resume"])
    assert app.scenes[-1] is table


def test_l_shows_the_last_trick_and_says_how_to_close_it(app, monkeypatch):
    table = start_game(app)
    reach_play(app)
    for _ in range(4):
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app))
        if table.model.last_trick:
            break
    press(app, pygame.K_l)
    assert table.show_last and table.model.last_trick
    table.say("A message under the box")
    on_screen = words_on_screen(app, monkeypatch)
    assert "Click or L to close" in on_screen and "A message under the box" not in on_screen
    click(app, (10, 200))
    assert not table.show_last
    assert "Click or L to close" not in words_on_screen(app, monkeypatch)


def test_closing_the_window_saves_and_continue_restores_the_same_position(tmp_path):
    app = make_app(tmp_path)
    frames(app)
    table = start_game(app)
    reach_play(app)
    answer_with_mouse(app)
    wait_for(app, lambda: player_turn(app))
    actions = list(table.game.actions)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running
    app.close()
    saved = json.loads((tmp_path / "game.json").read_text())
    assert [list(a) for a in actions] == [list(a) if isinstance(a, list) else a for a in saved["actions"]]

    again = make_app(tmp_path)
    frames(again)
    title = again.scenes[-1]
    click_widget(again, title.buttons["continue"])
    restored = again.scenes[-1]
    assert isinstance(restored, TableScene)
    assert restored.game.actions == actions
    assert restored.south_order() == table.south_order()
    wait_for(again, lambda: player_turn(again))
    again.close()


def test_a_damaged_saved_game_is_reported_and_the_title_goes_on(tmp_path):
    (tmp_path / "game.json").write_text("{ not json")
    app = make_app(tmp_path)
    frames(app)
    assert "continue" not in app.scenes[-1].buttons, "Continue is offered only for a game that loads"
    assert isinstance(app.scenes[-1], TitleScene)
    assert any("saved game" in notice.lower() for notice in app.notices)
    app.close()


def test_damaged_settings_fall_back_to_defaults_with_a_message(tmp_path):
    (tmp_path / "settings.json").write_text('{"level": 7, "sound": false')
    app = make_app(tmp_path)
    frames(app)
    assert (app.settings.partner_level, app.settings.opponents_level) == ("expert", "normal")
    assert app.notices and "settings" in app.notices[0].lower()
    app.close()


def test_save_hand_toggle_is_remembered(tmp_path):
    app = make_app(tmp_path)
    frames(app)
    title = app.scenes[-1]
    click_widget(app, title.buttons["save_hand"])
    assert app.settings.save_hand
    app.close()
    again = make_app(tmp_path)
    assert again.settings.save_hand
    again.close()


def test_no_audio_device_runs_silent(tmp_path, monkeypatch):
    pygame.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_audio_driver")
    app = make_app(tmp_path)
    frames(app)
    assert not app.sounds.available
    start_game(app)
    play_hand_by_mouse(app)
    assert isinstance(app.scenes[-1], ScoreScene)
    app.close()


def test_computer_players_think_in_another_process_while_frames_go_on(tmp_path):
    app = make_app(tmp_path, inline_thinker=False)
    app.change_settings(partner_level="expert", opponents_level="expert")
    frames(app)
    table = start_game(app)
    thinking_frames = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(1 / 240)  # frames take real time while the worker thinks
        if table.control.asked is not None:
            thinking_frames += 1
        if player_turn(app) and table.game.phase == "play":
            break
        if player_turn(app):
            answer_with_mouse(app)
    assert thinking_frames > 1, "frames kept coming while a computer player thought"
    assert table.game.phase == "play"
    app.close()


def test_the_keyboard_bids_and_plays(app):
    table = start_game(app)
    wait_for(app, lambda: player_turn(app))
    while table.game.phase != "bid":
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app))
    box = table.box
    start = box.value
    press(app, pygame.K_MINUS)
    press(app, pygame.K_PLUS)
    press(app, pygame.K_PLUS)
    legal = sorted(int(c) for c in table.game.hand.legal_choices("S") if c.isdigit())
    index = max(0, legal.index(start) - 1)
    index = min(len(legal) - 1, index + 2)
    expected = legal[index]
    assert box.value == expected
    press(app, pygame.K_RETURN)
    assert table.game.hand.bids["S"].tricks == expected
    reach_play(app)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    cards = table.visible_south()
    assert table.hover == cards[1]
    legal_cards = set(table.game.hand.legal_plays("S"))
    while table.hover not in legal_cards:
        press(app, pygame.K_RIGHT)
    chosen = table.hover
    press(app, pygame.K_RETURN)
    assert ("S", str(chosen)) in [tuple(a) for a in table.game.actions]


def test_m_mutes_and_the_menu_toggles_sound(app):
    table = start_game(app)
    assert app.settings.sound
    press(app, pygame.K_m)
    assert not app.settings.sound and not app.sounds.enabled
    press(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    click_widget(app, menu.buttons["sound"])
    assert app.settings.sound
    press(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is table


def test_enter_looks_at_the_cards_before_bidding(app):
    app.change_settings(blind_offer="always")
    table = start_game(app)
    wait_for(app, lambda: player_turn(app))
    while table.game.phase != "blind":
        if table.game.phase == "play" or table.game.hand.number > 1:
            pytest.fail("this seed gives the player no blind choice")
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app))
    assert not table.model.south_looked
    press(app, pygame.K_RETURN)
    wait_for(app, lambda: table.model.south_looked)
    assert "S" in table.game.hand.looked


def test_a_wrong_or_failed_answer_from_the_worker_does_not_stop_the_game(app, monkeypatch):
    from game.players.thinker import Answer

    real_poll = app.thinker.poll
    spoiled = iter([lambda a: Answer(a.token, "not a choice"), lambda a: Answer(a.token, None, error="it died")])

    def spoiling_poll():
        answer = real_poll()
        return next(spoiled, lambda a: a)(answer) if answer is not None else None

    table = start_game(app)
    wait_for(app, lambda: table.control.asked is not None)
    seat = table.game.to_act
    before = len(table.game.actions)
    monkeypatch.setattr(app.thinker, "poll", spoiling_poll)
    wait_for(app, lambda: len(table.game.actions) >= before + 2)
    assert table.game.actions[before][0] == seat, "Normal played for the seat whose answer was wrong"
