"""What a new player meets in the first hour: the fan face up when bidding, one message at a
time in a place nothing covers, the keyboard's cursor, the blind question, the end of a hand
and of a game, and words that read right."""

from __future__ import annotations

import pygame
import pytest

from game.rules import OPTIONS, PRESETS
from game.scoring import Standing
from game.seats import side_of
from scenes.look import layout, text
from scenes.screens.confirm import ConfirmScene
from scenes.screens.game_over import GameOverScene
from scenes.screens.options import RULE_VALUE_X, OptionsScene
from scenes.screens.score import ScoreScene
from scenes.screens.title import TitleScene
from scenes.table.dealer_draw import DealerDrawScene
from scenes.table.painter import fan_positions
from scenes.table.view import TableScene, bids_summary
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
)


def playing(app) -> TableScene:
    """A new game, answered by mouse until the player has a card to play."""
    start_game(app)
    return reach_play(app)


def bidding_turn(app) -> TableScene:
    """The table at the player's first decision other than the blind question."""
    table = start_game(app)
    wait_for(app, lambda: player_turn(app) or (table.game.phase == "play" and not table.busy))
    return table


# -- the fan face up when bidding -----------------------------------------------------------------------
@pytest.mark.parametrize("variant", [*PRESETS, "custom1"])
def test_when_the_player_is_asked_to_bid_the_cards_are_face_up(tmp_path, variant):
    app = make_app(tmp_path)
    try:
        app.change_settings(variant=variant, custom_rules={"custom1": "blindnil=0 misdeal=1"})
        table = bidding_turn(app)
        assert table.game.phase != "blind"
        assert table.model.south_looked, f"{variant}: the fan is face down at the player's {table.game.phase}"
        first = table.visible_south()[0]
        assert table.card_at(card_spot(table, first)) == first, "the cards can be pointed at"
    finally:
        app.close()


def test_asked_to_bid_blind_the_fan_stays_face_down(app):
    app.change_settings(blind_offer="always")
    table = bidding_turn(app)
    assert table.game.phase == "blind" and not table.model.south_looked
    assert sorted(table.box.buttons) == ["bnil", "look"]


@pytest.mark.parametrize(("offer", "behind", "asked"), [("always", 0, True), ("never", 200, False),
                                                        ("trailing", 0, False), ("trailing", 60, True)])
def test_the_blind_question_follows_the_players_preference(app, offer, behind, asked):
    app.change_settings(blind_offer=offer)
    table = start_game(app)
    table.game.hand.standings = {"NS": Standing(100 - behind), "EW": Standing(100)}
    assert table.control.offers_blind() is asked


def test_never_asked_the_player_looks_at_once_and_bids(app):
    app.change_settings(blind_offer="never")
    table = bidding_turn(app)
    assert table.game.phase == "bid" and "S" in table.game.hand.looked and table.model.south_looked


# -- messages -------------------------------------------------------------------------------------------
def message_band() -> pygame.Rect:
    return pygame.Rect((layout.WIDTH - layout.MESSAGE_WIDTH) // 2, layout.MESSAGE_Y, layout.MESSAGE_WIDTH,
                       layout.MESSAGE_LINES * text.LINE)


def test_the_message_band_is_clear_of_the_bid_box_the_trick_and_the_raised_hand(app):
    table = bidding_turn(app)
    band = message_band()
    assert not band.colliderect(table.box.panel.rect)
    for x, y in layout.TRICK_SLOTS.values():
        assert not band.colliderect(pygame.Rect(x, y, layout.CARD_W, layout.CARD_H))
    for x, y in fan_positions("S", 13):
        assert not band.colliderect(pygame.Rect(x, y - layout.RAISE_LIFT, layout.CARD_W, layout.CARD_H))
    table.say("About 4 tricks: aces A\u2665 A\u2666 A\u2663, 4 spades (top J\u2660), partner bid 3, "
              "and this long reason goes on")
    lines = text.wrap(table.message.text, layout.MESSAGE_WIDTH)
    assert len(lines) == 2 and all(text.font().size(line)[0] <= layout.MESSAGE_WIDTH for line in lines)


def test_suggest_twice_shows_one_message_and_asks_once(app):
    table = playing(app)
    asked = []
    ask = app.thinker.ask
    app.thinker.ask = lambda request: (asked.append(request), ask(request))
    press(app, pygame.K_s)
    wait_for(app, lambda: table.advice is not None)
    click(app, (320, 120), button=3)
    frames(app)
    assert len(asked) == 1
    assert table.message.text == table.advice.reason


def test_advice_goes_when_the_player_has_played(app):
    table = playing(app)
    press(app, pygame.K_s)
    wait_for(app, lambda: table.advice is not None)
    assert table.message.text == table.advice.reason
    press(app, pygame.K_RETURN)
    assert table.message is None or table.message.text != table.advice.reason


def test_s_then_enter_plays_the_advice(app):
    table = playing(app)
    press(app, pygame.K_s)
    wait_for(app, lambda: table.advice is not None)
    played = len(table.game.hand.tricks) * 4 + len(table.game.hand.trick)
    press(app, pygame.K_RETURN)
    hand = table.game.hand
    plays = [card for trick in hand.tricks for _, card in trick.plays] + [card for _, card in hand.trick]
    assert str(plays[played]) == table.advice.choice or str(table.game.actions[-1][1]) == table.advice.choice


def test_after_playing_by_mouse_enter_never_points_at_a_card_already_played(app):
    table = playing(app)
    for _ in range(3):
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app) or isinstance(app.scenes[-1], ScoreScene))
        if not player_turn(app):
            return
        assert table.cursor() is None or table.cursor() in table.visible_south()
        press(app, pygame.K_RETURN)
        assert table.message is None or "do not hold" not in table.message.text


# -- the end of a hand and of a game ------------------------------------------------------------------
def test_after_the_last_trick_the_four_hands_wait_for_a_click(tmp_path, monkeypatch):
    app = make_app(tmp_path, speed="fast")
    try:
        app.change_settings(trick_delay=0.5)
        table = start_game(app)
        for _ in range(400):
            wait_for(app, lambda: player_turn(app) or table.reveal, limit=20000)
            if table.reveal:
                break
            answer_with_mouse(app)
        frames(app, 60 * 10)
        assert table.reveal and isinstance(app.scenes[-1], TableScene), "ten seconds later they still show"
        assert "West" not in drawn_words(table, app.screen, monkeypatch), "no seat plate under the hands"
        click(app, (320, 180))
        frames(app, 5)
        assert isinstance(app.scenes[-1], ScoreScene)
        assert not {"West", "East", "Us", "Them"} & set(drawn_words(table, app.screen, monkeypatch)), \
            "the table's words stay off the score box"
    finally:
        app.close()


def test_the_deciding_hands_score_leads_to_the_result_not_to_a_next_hand(tmp_path):
    app = make_app(tmp_path)
    try:
        app.change_settings(win_score=120)
        start_game(app)
        buttons = []
        while not isinstance(app.scenes[-1], GameOverScene):
            play_hand_by_mouse(app)
            score = app.scenes[-1]
            buttons.append(score.button.text)
            click_widget(app, score.button)
            wait_for(app, lambda: not isinstance(app.scenes[-1], ScoreScene))
        assert buttons[-1] == "Final result" and set(buttons[:-1]) <= {"Next hand"}
    finally:
        app.close()


def from_title(app) -> TableScene:
    """A new game started from the title, wherever the App is now."""
    app.saved_game.unlink(missing_ok=True)  # no game to lose: New Game asks nothing
    if not isinstance(app.scenes[-1], TitleScene):
        app.replace(TitleScene(app))
        frames(app)
    return start_game(app)


def game_over(app, won: bool) -> GameOverScene:
    table = from_title(app)
    ours = side_of("S", True)
    scene = GameOverScene(app, table.model, ours if won else "EW", seed=3)
    app.replace(scene)
    return scene


def test_winning_has_its_moment_and_a_click_ends_it(app):
    scene = game_over(app, won=True)
    assert scene.cascade is not None and scene.frame_due() == 0
    drawn = app.frames_drawn
    frames(app, 30)
    assert app.frames_drawn == drawn + 30
    click(app, (5, 5))
    frames(app, 3)
    assert scene.cascade is None and scene.frame_due() is None


def test_the_flourish_ends_by_itself_and_losing_has_none(app):
    scene = game_over(app, won=True)
    frames(app, 60 * 12)
    assert scene.cascade is None
    assert game_over(app, won=False).cascade is None


def test_the_end_of_the_game_plays_a_fanfare_or_a_jingle(app, monkeypatch):
    played = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    from game.events import GameOver

    from_title(app).game_over(GameOver("NS", {}))
    from_title(app).game_over(GameOver("EW", {}))
    assert [sound for sound in played if sound in ("win", "lose")] == ["win", "lose"]


# -- starting a new game ----------------------------------------------------------------------------------
def leave_a_game(tmp_path):
    app = make_app(tmp_path)
    frames(app)
    playing(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    app.close()
    assert (tmp_path / "game.json").exists()


def test_new_game_asks_before_losing_a_game_that_continue_offers(tmp_path):
    leave_a_game(tmp_path)
    app = make_app(tmp_path)
    try:
        frames(app)
        click_widget(app, app.scenes[-1].buttons["new"])
        question = app.scenes[-1]
        assert isinstance(question, ConfirmScene)
        click_widget(app, question.no)
        assert isinstance(app.scenes[-1], TitleScene) and "continue" in app.scenes[-1].buttons
        press(app, pygame.K_n)
        assert isinstance(app.scenes[-1], ConfirmScene)
        click_widget(app, app.scenes[-1].yes)
        assert isinstance(app.scenes[-1], (DealerDrawScene, TableScene))
    finally:
        app.close()


def test_new_game_without_a_saved_game_asks_nothing(app):
    click_widget(app, app.scenes[-1].buttons["new"])
    assert isinstance(app.scenes[-1], (DealerDrawScene, TableScene))


# -- words --------------------------------------------------------------------------------------------
def drawn_words(scene, surface, monkeypatch) -> list[str]:
    """Every line of text `scene` draws in one frame."""
    lines: list[str] = []
    real = text.draw

    def record(target, line, *args, **kwargs):
        lines.append(line)
        return real(target, line, *args, **kwargs)

    monkeypatch.setattr(text, "draw", record)
    scene.draw(surface)
    monkeypatch.setattr(text, "draw", real)
    return lines


def test_the_dealer_draw_says_you_deal_first(tmp_path, monkeypatch):
    app = make_app(tmp_path, speed="normal")
    try:
        frames(app)
        click_widget(app, app.scenes[-1].buttons["new"])
        draw = app.scenes[-1]
        assert isinstance(draw, DealerDrawScene)
        draw.app.session.game.first_dealer = "S"
        draw.done_at = 0.0
        assert "You deal first" in drawn_words(draw, app.screen, monkeypatch)
    finally:
        app.close()


def test_one_bag_is_one_bag(app, monkeypatch):
    scene = game_over(app, won=False)
    scene.model.standings = {"NS": Standing(120, 1), "EW": Standing(310, 2)}
    lines = drawn_words(scene, app.screen, monkeypatch)
    assert any(line.endswith("points, 1 bag") for line in lines)
    assert any(line.endswith("points, 2 bags") for line in lines)


def test_the_bids_summary_names_the_nils(app):
    table = start_game(app)
    model = table.model
    from game.bids import Bid

    model.bids = {"S": Bid(3), "N": Bid(0), "W": Bid(2), "E": Bid(0, blind=True)}
    assert bids_summary(model) == "Bids are in: Us 3 + North nil, Them 2 + East blind nil"
    model.bids = {"S": Bid(0), "N": Bid(0), "W": Bid(4), "E": Bid(5)}
    assert bids_summary(model) == "Bids are in: Us + You nil + North nil, Them 9"


def test_the_club_sign_is_the_games_own_at_every_size():
    pygame.font.init()
    text.reset()
    for size in (8, 16, 24):
        image = text.render("\u2663", (255, 255, 255), size)
        scale = size // 8
        for y, row in enumerate(text.CLUB_GLYPH):
            for x, pixel in enumerate(row):
                lit = image.get_at((x * scale, y * scale)).a > 0
                assert lit == (pixel == "#"), (size, x, y)


# -- the title and the options ---------------------------------------------------------------------------
def test_the_title_offers_the_screen_mode_the_player_is_not_in(app, monkeypatch):
    title = app.scenes[-1]
    assert any(line.startswith("F11 full screen") for line in drawn_words(title, app.screen, monkeypatch))
    app.window.set_fullscreen(True)
    assert any(line.startswith("F11 window") for line in drawn_words(title, app.screen, monkeypatch))


def test_pointing_at_save_hand_explains_it_without_covering_quit(app):
    title = app.scenes[-1]
    save = title.buttons["save_hand"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.window.to_window(save.rect.center),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert "Spades.save" in title.hint
    lowest = layout.HEIGHT - 36
    assert title.buttons["quit"].rect.bottom < lowest, "the explanation is drawn below every button"


def test_every_rule_label_leaves_room_before_its_value():
    pygame.font.init()
    text.reset()
    for label in (option.label for option in OPTIONS):
        assert text.font().size(label)[0] + 8 <= RULE_VALUE_X, label


def test_a_rules_page_refusal_does_not_follow_to_other_pages(app):
    app.change_settings(variant="custom1")
    app.push(OptionsScene(app, page="rules"))
    scene = app.scenes[-1]
    scene.refuse("A refusal on the Rules page")
    scene.show_page("game")
    assert scene.notice == "" and scene.info()[0] != "A refusal on the Rules page"


def test_the_computer_level_row_stays_put_whatever_the_variant(app):
    places = set()
    for variant in ("partner", "dunn", "stelmack"):
        app.change_settings(variant=variant)
        scene = OptionsScene(app, page="game")
        app.push(scene)
        places.add(next(row.rect.y for row in scene.rows if row.title == "Computer level"))
        app.pop()
    assert len(places) == 1


# -- a hand that cannot be written ------------------------------------------------------------------------
def test_a_failed_save_hand_write_is_told_once_and_the_game_goes_on(tmp_path):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("")
    (tmp_path / "Spades.save").symlink_to(elsewhere)
    app = make_app(tmp_path)
    try:
        app.change_settings(save_hand=True)
        start_game(app)
        play_hand_by_mouse(app)
        score = app.scenes[-1]
        assert isinstance(score, ScoreScene)
        assert score.problems and "not saved" in score.problems[0].lower()
        assert sum("not saved" in notice.lower() for notice in app.notices) == 1
        assert elsewhere.read_text() == "", "nothing went through the link"
        click_widget(app, score.button)
        play_hand_by_mouse(app)
        assert isinstance(app.scenes[-1], ScoreScene) and not app.scenes[-1].problems, "told once"
    finally:
        app.close()


def test_bags_without_a_penalty_are_never_marked_near_the_limit(app, monkeypatch):
    app.change_settings(variant="stelmack")
    table = start_game(app)
    colours = []
    real = text.draw

    def record(surface, line, pos, colour, *args, **kwargs):
        colours.append((line, colour))
        return real(surface, line, pos, colour, *args, **kwargs)

    monkeypatch.setattr(text, "draw", record)
    table.painter.draw_scoreboard(app.screen, table.model)
    assert not [line for line, _ in colours if "!" in line]
