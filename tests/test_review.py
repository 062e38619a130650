"""Review Hands: a real `Spades.save` with a damaged block, listed and replayed through the event queue."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pygame
import pytest

from game.arena.bench_solver import normal_hand
from game.cards import Card
from game.game import Game
from game.hand import Hand
from game.players import RandomPlayer, decide
from game.players.analyse import analyse_hand
from game.players.suggest import suggest
from game.players.thinker import Request
from game.records.handlog import HandLogWriter, LoggedHand, append_hand
from game.records.savegame import save_game
from game.rules import PRESETS
from game.seats import SEATS, next_seat
from game.view import seat_view
from scenes.screens import review_analysis
from scenes.screens.confirm import ConfirmScene
from scenes.screens.review import VISIBLE_ROWS, ReviewScene
from scenes.screens.score import ScoreScene
from scenes.screens.title import TitleScene
from scenes.table.view import TableScene
from tests.app_driver import click, click_widget, frames, make_app, play_hand_by_mouse, player_turn, press, wait_for

RULES = PRESETS["partner"].rules.replace(exchange=2, win=3000, lose=-3000)
HANDS = 4
DAMAGED = 2
"""The hand number whose block is damaged (a block in the middle of the log)."""


@functools.cache
def played() -> tuple[Game, str]:
    """Four hands by random players who bid blind nil now and then, so that a hand besides the
    one to be damaged has an exchange; and the log a writer attached to the game wrote."""
    folder = Path(tempfile.mkdtemp())
    for seed in range(40):
        path = folder / f"{seed}.save"
        game = Game(RULES, seed=seed, variant="Partner", names={"S": "Ann Lee", "W": "Wes", "N": "Nia", "E": "Eve"})
        HandLogWriter.attach(game, path)
        players = {seat: RandomPlayer(seat, RULES.to_dict(), seed=seed * 10 + i, steady_bid=None)
                   for i, seat in enumerate(SEATS)}
        while len(game.finished) < HANDS:
            seat = game.to_act
            game.apply(seat, decide(players[seat], seat_view(game.hand, seat)))
        if any(hand.exchanges for hand in game.finished if hand.number != DAMAGED):
            return game, path.read_text(encoding="utf-8")
    raise AssertionError("no game with an exchange")


def played_game() -> Game:
    return played()[0]


def damage_a_card(path, number: int) -> int:
    """Corrupt a card of the first trick of hand `number`'s block; the line number changed."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = [i for i, line in enumerate(lines) if line.startswith('[Hand "')][number - 1]
    first_trick = next(i for i in range(start, len(lines)) if lines[i].startswith(" 1 "))
    lines[first_trick] = lines[first_trick].rstrip()[:-2] + "ZZ"
    path.write_text("\n".join(lines), encoding="utf-8")
    return first_trick + 1


def positions(hand: Hand) -> list[dict[str, object]]:
    """What the table holds after each card of the engine's own hand: every seat's cards (after
    any exchange) and the trick on the table in play order (complete right after its fourth card)."""
    held = {seat: set(hand.dealt[seat]) for seat in SEATS}
    for exchange in hand.exchanges:
        held[exchange.giver] -= set(exchange.cards)
        held[exchange.receiver] |= set(exchange.cards)
    shown = [{**{seat: set(cards) for seat, cards in held.items()}, "trick": []}]
    for trick in hand.tricks:
        for count, (seat, card) in enumerate(trick.plays, start=1):
            held[seat].discard(card)
            shown.append({**{s: set(cards) for s, cards in held.items()},
                          "trick": [c for _, c in trick.plays[:count]]})
    return shown


def on_screen(scene: ReviewScene) -> dict[str, object]:
    drawn = scene.drawn
    for seat in SEATS:
        assert len(drawn[seat]) == len(set(drawn[seat])), "a card drawn twice"
    return {**{seat: set(drawn[seat]) for seat in SEATS}, "trick": list(drawn["trick"])}


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "Spades.save"
    path.write_text(played()[1], encoding="utf-8")
    damage_a_card(path, DAMAGED)
    return path


def open_review(app, path) -> ReviewScene:
    """Review Hands on the log at `path`, once it is all listed."""
    app.push(ReviewScene(app, path))
    scene = app.scenes[-1]
    wait_for(app, lambda: scene.lister is None)
    frames(app)
    return scene


def open_hand(app, scene: ReviewScene, number: int) -> Hand:
    """Click the row of hand `number` twice (choose, then open); the engine's hand it logged."""
    index = next(i for i, row in enumerate(scene.rows) if row.hand is not None and row.hand.number == number)
    click(app, scene.row_rect(index).center)
    if scene.replay is None:
        click(app, scene.row_rect(index).center)
    assert scene.replay is not None and scene.replay.logged.number == number
    return played_game().finished[number - 1]


# ---------------------------------------------------------------------------
# The list


def test_list_shows_every_good_hand_in_file_order_and_the_damaged_block_in_its_place(app, log):
    damaged_line = damage_a_card(log, DAMAGED)  # damage it further: still one damaged block
    scene = open_review(app, log)
    assert [row.hand.number if row.hand else "damaged" for row in scene.rows] == [1, "damaged", 3, 4]
    damage = scene.rows[1].damage
    assert damage.first_line < damaged_line <= damage.last_line
    assert f"line {damaged_line}" in damage.reason and "ZZ" in damage.reason
    game = played_game()
    assert [row.hand.game_id for row in scene.rows if row.hand] == [game.id] * 3


def test_a_damaged_block_cannot_be_opened_but_the_others_can(app, log):
    scene = open_review(app, log)
    press(app, pygame.K_DOWN)
    assert scene.selected == 1
    press(app, pygame.K_RETURN)
    click(app, scene.row_rect(1).center)
    assert scene.replay is None
    click_widget(app, scene.list_buttons["open"])
    assert scene.replay is None
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert scene.replay is not None and scene.replay.logged.number == 3


def test_a_long_list_scrolls_with_keys_and_the_wheel_and_rows_open_by_click(app, tmp_path):
    path = tmp_path / "long.save"
    game = played_game()
    for copy in range(10):
        for hand in game.finished:
            logged = LoggedHand.from_hand(hand, f"{game.id}-{copy}", game.variant, game.names)
            append_hand(path, logged)
    scene = open_review(app, path)
    assert len(scene.rows) == 10 * HANDS > VISIBLE_ROWS
    press(app, pygame.K_END)
    assert scene.selected == len(scene.rows) - 1 and scene.top == len(scene.rows) - VISIBLE_ROWS
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    frames(app)
    assert scene.top == len(scene.rows) - VISIBLE_ROWS - 6
    press(app, pygame.K_HOME)
    assert (scene.selected, scene.top) == (0, 0)
    press(app, pygame.K_PAGEDOWN)
    assert scene.selected == VISIBLE_ROWS and scene.top == 1
    click(app, scene.row_rect(5).center)
    assert scene.selected == 5 and scene.replay is None
    click(app, scene.row_rect(5).center)
    assert scene.replay.logged.game_id == f"{game.id}-1" and scene.replay.logged.number == 2


def test_a_missing_file_gives_a_message_and_back_returns_to_the_title(app, tmp_path):
    scene = open_review(app, tmp_path / "nowhere" / "Spades.save")
    assert scene.rows == [] and "no saved hands" in scene.message and "Spades.save" in scene.message
    press(app, pygame.K_RETURN)
    press(app, pygame.K_DOWN)
    click_widget(app, scene.list_buttons["back"])
    assert isinstance(app.scenes[-1], TitleScene)


def test_an_empty_file_gives_a_message(app, tmp_path):
    path = tmp_path / "Spades.save"
    path.write_text("", encoding="utf-8")
    scene = open_review(app, path)
    assert scene.rows == [] and "no hands yet" in scene.message
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes[-1], TitleScene)


def test_a_file_with_text_but_no_hand_says_how_much_it_read(app, tmp_path):
    path = tmp_path / "Spades.save"
    path.write_text("% nothing here yet\n\n   \n", encoding="utf-8")
    scene = open_review(app, path)
    assert scene.rows == [] and "No hand found in the 3 lines (24 bytes) of Spades.save" in scene.message


# ---------------------------------------------------------------------------
# A hand


def test_every_card_forward_with_the_keys_and_back_with_the_button_shows_the_engines_position(app, log):
    scene = open_review(app, log)
    number = next(hand.number for hand in played_game().finished if hand.exchanges and hand.number != DAMAGED)
    hand = open_hand(app, scene, number)
    expected = positions(hand)
    assert on_screen(scene) == expected[0]
    for step in range(1, 53):
        press(app, pygame.K_RIGHT)
        assert scene.step == step
        assert on_screen(scene) == expected[step], f"card {step}"
    press(app, pygame.K_RIGHT)
    assert scene.step == 52
    for step in range(51, -1, -1):
        click_widget(app, scene.hand_buttons["back_one"])
        assert on_screen(scene) == expected[step], f"back to card {step}"
    press(app, pygame.K_ESCAPE)
    assert scene.replay is None


def test_a_hand_with_an_exchange_starts_from_the_cards_after_it(app, log):
    game = played_game()
    number = next(hand.number for hand in game.finished if hand.exchanges and hand.number != DAMAGED)
    scene = open_review(app, log)
    hand = open_hand(app, scene, number)
    assert scene.replay.logged.exchanges == tuple(hand.exchanges)
    exchange = hand.exchanges[0]
    assert set(exchange.cards) <= on_screen(scene)[exchange.receiver]
    assert not set(exchange.cards) & on_screen(scene)[exchange.giver]


def test_tricks_with_keys_and_buttons(app, log):
    scene = open_review(app, log)
    hand = open_hand(app, scene, 1)
    expected = positions(hand)
    press(app, pygame.K_DOWN)
    assert scene.step == 4 and on_screen(scene)["trick"] == [c for _, c in hand.tricks[0].plays]
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_RIGHT)
    assert scene.step == 9
    press(app, pygame.K_UP)
    assert scene.step == 8
    press(app, pygame.K_PAGEUP)
    assert scene.step == 4
    click_widget(app, scene.hand_buttons["trick_next"])
    assert scene.step == 8 and on_screen(scene) == expected[8]
    click_widget(app, scene.hand_buttons["trick_back"])
    assert scene.step == 4
    press(app, pygame.K_END)
    assert scene.step == 52 and on_screen(scene) == expected[52]
    assert all(not on_screen(scene)[seat] for seat in SEATS)
    press(app, pygame.K_DOWN)
    assert scene.step == 52
    click_widget(app, scene.hand_buttons["first"])
    assert scene.step == 0
    click_widget(app, scene.hand_buttons["next"])
    assert scene.step == 1
    click_widget(app, scene.hand_buttons["last"])
    assert scene.step == 52
    press(app, pygame.K_HOME)
    assert scene.step == 0


def test_the_end_of_a_hand_shows_the_engines_score(app, log):
    scene = open_review(app, log)
    hand = open_hand(app, scene, 4)
    press(app, pygame.K_END)
    score = scene.replay.score
    assert score.score_text == hand.score.score_text == scene.replay.logged.score
    assert {side: s.parts for side, s in score.sides.items()} == {side: s.parts for side, s in hand.score.sides.items()}


def south_play(app, scene: ReviewScene, nth: int) -> int:
    """Step forward until South's `nth` card (from 1) is the last one shown; the step reached."""
    seen = 0
    while True:
        press(app, pygame.K_RIGHT)
        if scene.position.last[0] == "S":
            seen += 1
            if seen == nth:
                return scene.step


def test_expert_advice_arrives_for_a_south_play_and_is_a_card_south_held(app, log):
    scene = open_review(app, log)
    hand = open_hand(app, scene, 3)
    expected = positions(hand)
    step = south_play(app, scene, 2)
    wait_for(app, lambda: scene.shown_advice is not None)
    card, reason = scene.shown_advice
    assert card is not None and reason, f"Expert gave no card: {reason}"
    assert Card.parse(card) in expected[step - 1]["S"]
    view = scene.replay.south_views[step]
    assert card in view["legal"] and sorted(view["hand"]) == sorted(str(c) for c in expected[step - 1]["S"])
    press(app, pygame.K_RIGHT)
    if scene.position.last[0] != "S":
        assert scene.shown_advice is None
    press(app, pygame.K_LEFT)
    assert scene.shown_advice == (card, reason), "the answer is kept"


def test_the_advice_is_experts_answer_for_that_position_and_other_answers_are_ignored(tmp_path, log):
    # The worker process answers in turn, so the answer to a question the review did not ask
    # arrives while the review waits for its own.
    app = make_app(tmp_path, inline_thinker=False)
    try:
        scene = open_review(app, log)
        open_hand(app, scene, 1)
        first, fifth = sorted(scene.replay.south_views)[0], sorted(scene.replay.south_views)[4]
        wanted = suggest(scene.replay.south_views[fifth], level="expert", seed=0)
        other = suggest(scene.replay.south_views[first], level="expert", seed=0)
        assert (other.choice, other.reason) != (wanted.choice, wanted.reason)
        scene.go(fifth - 1)
        frames(app)
        app.thinker.ask(Request(7, "suggest", "expert", scene.replay.south_views[first], seed=0))
        press(app, pygame.K_RIGHT)
        assert scene.step == fifth
        wait_for(app, lambda: scene.shown_advice is not None)
        assert scene.shown_advice == (wanted.choice, wanted.reason)
    finally:
        app.close()


def test_escape_goes_from_a_hand_to_the_list_and_from_the_list_to_the_title(app, log):
    scene = open_review(app, log)
    open_hand(app, scene, 1)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_ESCAPE)
    assert scene.replay is None and app.scenes[-1] is scene
    assert scene.list_buttons["open"].visible and not scene.hand_buttons["next"].visible
    open_hand(app, scene, 4)
    click_widget(app, scene.hand_buttons["list"])
    assert scene.replay is None
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes[-1], TitleScene)
    assert app.scenes[-1].buttons["new"].visible


def test_a_hand_the_engine_refuses_is_marked_on_opening_and_the_rest_still_review(app, log):
    # A block that reads well but breaks its own rules: the first trick must be all low clubs.
    text = log.read_text(encoding="utf-8")
    log.write_text(text.replace("lowclub=0", "lowclub=1", 1), encoding="utf-8")
    scene = open_review(app, log)
    assert scene.rows[0].hand is not None and scene.rows[0].openable
    press(app, pygame.K_RETURN)
    assert scene.replay is None
    assert not scene.rows[0].openable and "cannot be replayed" in scene.rows[0].problem
    press(app, pygame.K_END)
    press(app, pygame.K_RETURN)
    assert scene.replay is not None and scene.replay.logged.number == HANDS


# ---------------------------------------------------------------------------
# Long logs, and files a player can have on disk


def long_log(path: Path, copies: int) -> Path:
    """The played game's hands written `copies` times over, each time as another game."""
    game = played_game()
    for copy in range(copies):
        for hand in game.finished:
            append_hand(path, LoggedHand.from_hand(hand, f"{game.id}-{copy}", game.variant, game.names))
    return path


def test_the_list_fills_in_a_block_a_frame_with_its_progress_and_opens_meanwhile(app, tmp_path):
    path = long_log(tmp_path / "Spades.save", 10)
    scene = ReviewScene(app, path)
    scene.read_budget = 0.0  # one block a frame, however fast the machine
    app.push(scene)
    frames(app, 1)
    assert len(scene.rows) == 1 and "reading 2%" in scene.summary
    frames(app, 4)
    assert len(scene.rows) == 5 and "5 hands - reading 12%" in scene.summary
    press(app, pygame.K_RETURN)
    assert scene.replay is not None and scene.replay.logged.number == 1
    wait_for(app, lambda: scene.lister is None)
    assert len(scene.rows) == 10 * HANDS and scene.summary == "Spades.save: 40 hands"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_END)
    press(app, pygame.K_RETURN)
    assert scene.replay.logged.game_id == f"{played_game().id}-9" and scene.replay.logged.number == HANDS


def test_the_list_keeps_what_it_shows_and_an_opened_hand_is_read_again_from_the_file(app, log):
    scene = open_review(app, log)
    assert not any(isinstance(value, LoggedHand) for row in scene.rows for value in (row.hand, row.damage))
    first = scene.rows[0]
    logged = played_game().finished[0]
    assert (first.hand.number, first.hand.bids) == (1, tuple(str(logged.bids[seat]) for seat in SEATS))
    text = log.read_text(encoding="utf-8")
    log.write_text(text.replace("[Hand \"1\"]", "[Hand \"7\"]", 1), encoding="utf-8")  # the file changes
    press(app, pygame.K_RETURN)
    assert scene.replay is None and "cannot be read again" in scene.rows[0].problem
    press(app, pygame.K_END)
    press(app, pygame.K_RETURN)
    assert scene.replay is not None and scene.replay.logged == LoggedHand.from_hand(
        played_game().finished[-1], played_game().id, played_game().variant, played_game().names)


def test_a_damaged_block_quoting_control_characters_is_drawn_from_the_command_line(tmp_path):
    path = tmp_path / "Spades.save"
    path.write_text(played()[1].replace("lowclub=0", "lowclub=\x00\x1b[2J", 1), encoding="utf-8")
    app = make_app(tmp_path, review=path)
    try:
        scene = app.scenes[-1]
        wait_for(app, lambda: scene.lister is None)
        frames(app)
        damage = scene.rows[0].damage
        assert damage is not None and damage.reason.isprintable() and "lowclub" in damage.reason
        assert [row.hand.number for row in scene.rows[1:]] == [2, 3, 4]
    finally:
        app.close()


def test_a_hand_number_of_4301_digits_is_a_damaged_row(app, log):
    text = log.read_text(encoding="utf-8")
    log.write_text(text.replace('[Hand "3"]', f'[Hand "{"3" * 4301}"]', 1), encoding="utf-8")
    scene = open_review(app, log)
    assert [row.hand.number if row.hand else "damaged" for row in scene.rows] == [1, "damaged", "damaged", 4]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert scene.selected == 2 and scene.rows[2].damage.reason.startswith("Hand '333")


def test_a_log_with_carriage_return_line_ends_lists_its_hands(app, tmp_path):
    path = tmp_path / "Spades.save"
    path.write_bytes(played()[1].replace("\n", "\r").encode("utf-8"))
    scene = open_review(app, path)
    assert [row.hand.number for row in scene.rows] == [1, 2, 3, 4]
    open_hand(app, scene, 2)


def test_a_folder_is_named_a_folder(app, tmp_path):
    folder = tmp_path / "Spades.save"
    folder.mkdir()
    scene = open_review(app, folder)
    assert scene.rows == [] and "is a folder" in scene.message


def test_a_very_long_player_name_in_the_log_is_shown_short(app, tmp_path):
    path = tmp_path / "Spades.save"
    names = {**played_game().names, "S": "Ann" + "n" * 9000}
    hand = played_game().finished[0]
    append_hand(path, LoggedHand.from_hand(hand, played_game().id, played_game().variant, names))
    scene = open_review(app, path)
    assert scene.rows[0].hand is not None
    open_hand(app, scene, 1)
    press(app, pygame.K_END)
    assert scene.step == scene.replay.last_step


# ---------------------------------------------------------------------------
# The perfect-play analysis

ANALYSIS_TIME = 0.6
"""Seconds each analysis may take in these tests (the game gives it ten)."""


def normal_log(tmp_path: Path, seeds: tuple[int, ...] = (3,)) -> tuple[Path, list[LoggedHand]]:
    """A Spades.save of hands four Normal players bid and played (the mistakes of real play)."""
    path = tmp_path / "Spades.save"
    hands = [normal_hand(RULES, seed) for seed in seeds]
    for logged in hands:
        append_hand(path, logged)
    return path, hands


def shown_marks_of_every_card(app, scene: ReviewScene) -> dict[int, str]:
    """Step through the hand from the deal with the keys; the mark shown beside each card."""
    shown: dict[int, str] = {}
    press(app, pygame.K_HOME)
    for _ in range(52):
        press(app, pygame.K_RIGHT)
        shown.update(scene.shown_marks)
    return shown


def test_the_analysis_comes_from_the_worker_while_the_screen_goes_on_and_shows_analyse_hands_marks(
        tmp_path, monkeypatch):
    """With a worker process the analysis starts as the hand opens, "Analysing" is drawn and
    the keys work while it thinks; then every card shows its mark. The exact ones (from
    some card to the end) are those of `analyse_hand` searching those tricks without a time
    limit; the cards before are marked estimated (~), with Expert's sampled marks."""
    monkeypatch.setattr(review_analysis, "ANALYSIS_SECONDS", ANALYSIS_TIME)
    path, (logged,) = normal_log(tmp_path)
    app = make_app(tmp_path, inline_thinker=False)
    try:
        scene = open_review(app, path)
        press(app, pygame.K_RETURN)
        assert scene.analysis is not None and not scene.analysis.done
        assert scene.shown_status.startswith("Analysing")
        press(app, pygame.K_RIGHT)
        assert scene.step == 1, "the screen answers while the worker thinks"
        wait_for(app, lambda: scene.analysis.done)
        shown = shown_marks_of_every_card(app, scene)
    finally:
        app.close()
    assert sorted(shown) == list(range(1, 53))
    exact = sorted(number for number, label in shown.items() if not label.startswith("~"))
    estimated = sorted(set(shown) - set(exact))
    assert exact == list(range(exact[0], 53)), "exact from some card on to the end"
    assert estimated, f"{ANALYSIS_TIME} s cannot solve a whole hand: the first cards are estimated"
    solved = analyse_hand(logged, time_limit=None, exact_tricks=14 - ((exact[0] - 1) // 4 + 1), estimate_deals=1)
    assert {n: shown[n] for n in exact} == {n: solved.plays[n - 1].label for n in exact}
    sampled = analyse_hand(logged, time_limit=None, exact_tricks=13 - ((estimated[-1] - 1) // 4 + 1))
    assert {n: shown[n] for n in estimated} == {n: sampled.plays[n - 1].label for n in estimated}


def test_leaving_a_hand_drops_its_analysis_and_the_next_hand_gets_its_own(tmp_path, monkeypatch):
    monkeypatch.setattr(review_analysis, "ANALYSIS_SECONDS", ANALYSIS_TIME)
    path, hands = normal_log(tmp_path, seeds=(3, 4))
    app = make_app(tmp_path, inline_thinker=False)
    try:
        scene = open_review(app, path)
        press(app, pygame.K_RETURN)
        wait_for(app, lambda: scene.analysis.progress is not None)
        assert not scene.analysis.done
        press(app, pygame.K_ESCAPE)
        assert scene.replay is None and scene.analysis is None
        wait_for(app, lambda: not app.thinker.busy)
        frames(app, 20)
        assert not app.thinker.busy, "no more work is asked for the hand left"
        press(app, pygame.K_DOWN)
        press(app, pygame.K_RETURN)
        wait_for(app, lambda: scene.analysis.done)
        played = [card for trick in hands[1].tricks for _, card in trick.plays]
        assert [scene.analysis.play(number).card for number in range(1, 53)] == played
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes[-1], TitleScene)
        wait_for(app, lambda: not app.thinker.busy)
    finally:
        app.close()


def test_thinking_inline_the_analysis_waits_for_the_analysis_button_and_a_turns_it_off(app, tmp_path, monkeypatch):
    """Inline (no worker process) an analysis would hold up the screen, so it starts only
    when asked; then the last trick's cards show their marks, and A hides them again."""
    monkeypatch.setattr(review_analysis, "ANALYSIS_SECONDS", 0.3)
    path, _ = normal_log(tmp_path)
    scene = open_review(app, path)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_END)
    assert scene.analysis is None and scene.shown_marks == [] and scene.shown_status == ""
    click_widget(app, scene.hand_buttons["analysis"])
    wait_for(app, lambda: scene.analysis.done)
    frames(app)
    assert [number for number, _ in scene.shown_marks] == [49, 50, 51, 52]
    assert all(label == "=" for _, label in scene.shown_marks), "the last trick's cards are forced"
    assert scene.shown_status.startswith("Tricks")
    press(app, pygame.K_a)
    assert scene.analysis is None and scene.shown_marks == []


def test_a_card_best_with_every_hand_seen_is_not_called_a_mistake_when_expert_seeing_one_hand_differs(
        app, tmp_path, monkeypatch):
    """Expert's word comes from South's cards alone, the analysis from all four hands: where the
    analysis marks South's card best (=) and Expert would have played another, the band says both,
    in white, not Expert's "would play" alone in gold."""
    monkeypatch.setattr(review_analysis, "ANALYSIS_SECONDS", 0.3)
    path, _ = normal_log(tmp_path)  # South's 7th, 20th, 25th and 42nd cards are such cards
    scene = open_review(app, path)
    press(app, pygame.K_RETURN)
    click_widget(app, scene.hand_buttons["analysis"])
    wait_for(app, lambda: scene.analysis.done)
    press(app, pygame.K_HOME)
    both = 0
    for _ in range(52):
        press(app, pygame.K_RIGHT)
        if scene.position.last[0] != "S":
            continue
        wait_for(app, lambda: scene.shown_advice is not None)
        band = " ".join(line for line, _ in drawn_lines(app, monkeypatch))
        advised, played = scene.shown_advice[0], str(scene.position.last[1])
        best = scene.analysis.play(scene.step).mark == "="
        if advised == played:
            assert "Expert agrees" in band
        elif best:
            both += 1
            assert "Best with every hand seen; from" in band and "cards alone Expert would play" in band, band
        else:
            assert "Expert would play" in band and "Best with" not in band, band
    assert both, "the hand has such a card"


def test_at_the_end_of_a_hand_a_long_south_plate_starts_right_of_the_scores_panel(app, tmp_path):
    import dataclasses

    from scenes.screens.review import BREAKDOWN_RECT

    logged = normal_hand(RULES, 3)
    logged = dataclasses.replace(logged, players={**logged.players, "S": "Bartholomew"})
    path = tmp_path / "Spades.save"
    append_hand(path, logged)
    scene = open_review(app, path)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_END)
    app.redraw()
    frames(app)
    assert scene.plates["S"].left >= BREAKDOWN_RECT.right, "clear of the score's panel"
    press(app, pygame.K_LEFT)
    app.redraw()
    frames(app)
    assert scene.plates["S"].centerx in range(318, 323), "before the end, centred under the hand"


def test_in_solo_the_verdict_tells_all_four_players_scores(app, tmp_path, monkeypatch):
    monkeypatch.setattr(review_analysis, "ANALYSIS_SECONDS", 0.3)
    path = tmp_path / "Spades.save"
    append_hand(path, normal_hand(PRESETS["solo"].rules, 3))
    scene = open_review(app, path)
    press(app, pygame.K_RETURN)
    click_widget(app, scene.hand_buttons["analysis"])
    wait_for(app, lambda: scene.analysis.done)
    scene.go(45)
    lines = [line for line, _ in drawn_lines(app, monkeypatch)]
    play = scene.analysis.play(45)
    assert play.exact and len(play.scores) == 4
    told = " ".join(lines[lines.index(next(line for line in lines if line.startswith("Perfect play:"))):][:2])
    assert all(f"{seat}\u00a0{points}" in told for seat, points in play.scores.items()), told


def drawn_lines(app, monkeypatch) -> list[tuple[str, tuple]]:
    """Each line of text the App draws in its next frame, with its colour."""
    from scenes.look import text

    lines: list[tuple[str, tuple]] = []
    real = text.draw

    def record(surface, line, place, colour, *args, **kwargs):
        lines.append((line, colour))
        return real(surface, line, place, colour, *args, **kwargs)

    monkeypatch.setattr(text, "draw", record)
    app.redraw()
    frames(app, 1)
    monkeypatch.setattr(text, "draw", real)
    return lines


# ---------------------------------------------------------------------------
# Play it: the deal again, as the start of a new game


def test_play_it_deals_the_hand_again_at_its_scores_and_the_game_goes_on_from_there(app, log):
    scene = open_review(app, log)
    old = open_hand(app, scene, 3)
    click_widget(app, scene.hand_buttons["play"])
    table = app.scenes[-1]
    assert isinstance(table, TableScene) and len(app.scenes) == 1
    game = app.session.game
    assert (game.hand.number, game.hand.dealer, game.hand.dealt) == (3, old.dealer, old.dealt)
    assert game.standings == old.standings and (game.rules, game.variant) == (RULES, "Partner")
    wait_for(app, lambda: table.message is not None and "again" in table.message.text)
    assert table.message.text == f"Hand 3 again: {table.name(old.dealer)} deals"
    wait_for(app, lambda: player_turn(app))
    assert set(table.visible_south()) == set(old.dealt["S"])
    assert table.model.hand_number == 3
    play_hand_by_mouse(app)
    assert isinstance(app.scenes[-1], ScoreScene)
    assert app.scenes[-1].model.last_scored == 3, "the score screen says 'Hand 3: the score'"
    was = {side: old.score.sides[side].total for side in old.score.sides}
    assert app.scenes[-1].before_line() == f"When it was played: Us {was['NS']:+d}, Them {was['EW']:+d}"
    first = game.finished[0]
    assert first.number == 3 and first.score.sides["NS"].before == old.standings["NS"]
    assert app.session.game.hand.number == 4 and app.session.game.hand.dealer == next_seat(old.dealer)


def test_a_hand_whose_number_no_game_can_start_at_is_not_offered_to_play_again(app, tmp_path):
    path = tmp_path / "Spades.save"
    text = played()[1]
    first = text.index('[Hand "1"]')
    path.write_text(text[:first] + '[Hand "1000001"]' + text[first + len('[Hand "1"]'):], encoding="utf-8")
    scene = open_review(app, path)
    index = next(i for i, row in enumerate(scene.rows) if row.hand is not None and row.hand.number == 1000001)
    click(app, scene.row_rect(index).center)
    if scene.replay is None:
        click(app, scene.row_rect(index).center)
    assert scene.replay is not None and "hand number" in scene.replay.logged.replay_problem()
    assert not scene.hand_buttons["play"].is_enabled
    press(app, pygame.K_p)
    assert app.scenes[-1] is scene and app.session is None, "no game started, the hand still open"


def test_play_it_asks_first_when_a_game_is_left_to_continue(app, log):
    save_game(Game(RULES, seed=3, variant="Partner"), app.saved_game)
    kept = app.saved_game.read_bytes()
    scene = open_review(app, log)
    open_hand(app, scene, 1)
    press(app, pygame.K_p)
    confirm = app.scenes[-1]
    assert isinstance(confirm, ConfirmScene) and confirm.question == "Play this deal again?"
    click_widget(app, confirm.no)
    assert app.scenes[-1] is scene and scene.replay is not None and app.saved_game.read_bytes() == kept
    press(app, pygame.K_p)
    click_widget(app, app.scenes[-1].yes)
    assert isinstance(app.scenes[-1], TableScene)
    assert app.session.game.hand.dealt == played_game().finished[0].dealt
