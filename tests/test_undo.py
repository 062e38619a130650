"""Take back (undo) in a game on this computer: the player's last bid or card goes back with
the computers' plays after it, back to the start of the hand and never across hands; the
game is rebuilt from its decisions, so saving, Continue, the statistics and the hand log
go on as before, and say that undo was used."""

from __future__ import annotations

import json
import random
from collections import deque

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card
from game.game import Game
from game.hand import RuleError
from game.players.thinker import Thinker
from game.records.handlog import read_log
from game.records.savegame import load_game, save_game
from game.records.stats import Statistics
from game.rules import PRESETS
from game.seats import SEATS
from game.view import seat_view
from scenes.screens.game_over import GameOverScene
from scenes.screens.menu import MenuScene
from scenes.screens.score import ScoreScene
from scenes.screens.statistics import summary
from scenes.settings import Settings
from scenes.table.controller import BidsPause, TableController, Turn
from scenes.table.model import TableModel
from scenes.table.view import TableScene
from tests.app_driver import (
    FRAME,
    card_spot,
    click,
    click_widget,
    frames,
    make_app,
    options_row,
    play_hand_by_mouse,
    player_turn,
    press,
    reach_play,
    start_game,
    wait_for,
)
from tests.table_preferences import TablePreferences
from tests.test_game import choose

PARTNER = PRESETS["partner"].rules


def state(game: Game) -> dict:
    """Everything a game is: its decisions, its events, and what each seat sees."""
    saved = game.to_json()
    saved.pop("takebacks")
    return {"saved": saved, "events": list(game.events), "phase": game.phase, "to_act": game.to_act,
            "standings": game.standings, "views": {seat: seat_view(game.hand, seat) for seat in SEATS}}


def drive(game: Game, rng: random.Random, until) -> None:
    """Legal choices for every seat until `until(game)` holds."""
    for _ in range(5000):
        if until(game):
            return
        game.apply(game.to_act, choose(game, rng))
    raise AssertionError("never happened")


def souths_play_turn(game: Game) -> bool:
    return game.to_act == "S" and game.phase == "play"


def mid_hand(seed: int = 11, tricks: int = 3) -> Game:
    """A game at South's turn to play, `tricks` tricks into its first hand, with South's bid made."""
    game = Game(PARTNER, seed=seed)
    drive(game, random.Random(seed), lambda g: souths_play_turn(g) and len(g.hand.tricks) >= tricks)
    return game


def replayed(game: Game, count: int) -> Game:
    """A new game played with the first `count` decisions of `game`."""
    fresh = Game(game.rules, seed=game.seed, variant=game.variant, names=game.names, game_id=game.id)
    for seat, choice in game.actions[:count]:
        fresh.apply(seat, choice)
    return fresh


# -- the engine ----------------------------------------------------------------------------------------
def test_a_card_taken_back_mid_trick_returns_to_the_hand_with_the_plays_after_it():
    game = mid_hand()
    before = state(game)
    card = game.hand.legal_choices("S")[-1]
    game.apply("S", card)
    drive(game, random.Random(1), lambda g: g.to_act == "S" or len(g.hand.tricks) > 3)
    assert len(game.hand.tricks) == 4 or game.hand.trick, "the computers played after the card"
    taken = game.take_back("S")
    assert taken[0] == ("S", card) and len(taken) > 1
    assert state(game) == before
    assert card in [str(c) for c in game.hand.holding("S")]
    assert game.takebacks == {1: 1}


def test_a_bid_is_taken_back():
    game = Game(PARTNER, seed=4)
    rng = random.Random(4)
    drive(game, rng, lambda g: g.to_act == "S" and g.phase == "bid")
    before = state(game)
    game.apply("S", "4")
    drive(game, rng, lambda g: g.to_act == "S")
    assert [s for s, _ in game.take_back("S")][0] == "S"
    assert state(game) == before and game.phase == "bid" and "S" not in game.hand.bids


def test_take_back_again_and_again_goes_to_the_start_of_the_hand_and_no_further():
    game = mid_hand(seed=23, tricks=5)
    start = game.deal_start
    for _ in range(6):  # five cards and the bid
        game.take_back("S")
    assert game.phase == "bid" and game.to_act == "S"
    assert state(game) == state(replayed(game, len(game.actions)))
    assert all(seat != "S" or choice == "look" for seat, choice in game.actions[start:])
    with pytest.raises(RuleError, match="Nothing to take back"):
        game.take_back("S")
    assert game.takebacks == {1: 6}


def test_nothing_is_taken_back_across_hands():
    game = Game(PARTNER, seed=8)
    rng = random.Random(8)
    drive(game, rng, lambda g: g.hand.number == 2)
    drive(game, rng, lambda g: g.to_act == "S" and g.phase == "bid")
    before = state(game)
    with pytest.raises(RuleError, match="Nothing to take back in this hand"):
        game.take_back("S")
    assert state(game) == before and game.takebacks == {}


def test_nothing_is_taken_back_after_the_game_is_over():
    game = Game(PARTNER.replace(win=50), seed=3)
    drive(game, random.Random(3), lambda g: g.over)
    with pytest.raises(RuleError, match="over"):
        game.take_back("S")


def test_a_look_is_never_taken_back():
    """Taking back a look would let the player bid blind knowing the cards."""
    game = Game(PARTNER, seed=2)  # Partner offers blind nil at every score
    drive(game, random.Random(2), lambda g: g.to_act == "S" and g.phase == "blind")
    game.apply("S", "look")
    with pytest.raises(RuleError, match="Nothing to take back"):
        game.take_back("S")


def test_a_look_before_the_players_turn_is_never_taken_back_either():
    """A look while the others bid (the cards picked up as they come) is recorded in the bidding:
    it stands as a look at the player's own turn does, and only the bid after it goes back."""
    game = Game(PARTNER, seed=0)  # North bids first
    game.apply("N", "look")
    assert game.phase == "bid" and game.hand.may_look_early("S")
    game.apply("S", "look")
    with pytest.raises(RuleError, match="^Nothing to take back in this hand$"):
        game.take_back("S")
    drive(game, random.Random(0), lambda g: g.to_act == "S")
    game.apply("S", "3")
    assert [choice for seat, choice in game.take_back("S") if seat == "S"] == ["3"]
    assert "S" in game.hand.looked and game.phase == "bid" and game.to_act == "S"


def test_a_blind_bid_stands_and_taking_it_back_says_why():
    """Taking back a blind bid would let the player bid again having seen the cards; the
    refusal says so, not that there is nothing to take back."""
    game = Game(PARTNER, seed=2)
    drive(game, random.Random(2), lambda g: g.to_act == "S" and g.phase == "blind")
    game.apply("S", "bnil")
    with pytest.raises(RuleError, match="^A blind bid stands once you have seen your cards$"):
        game.take_back("S")
    drive(game, random.Random(2), souths_play_turn)
    game.apply("S", game.hand.legal_choices("S")[0])
    assert [seat for seat, _ in game.take_back("S")][0] == "S", "a card after the blind bid goes back"


def test_the_rebuilt_game_equals_a_game_played_with_the_decisions_that_stay():
    game = mid_hand(seed=31, tricks=6)
    game.apply("S", game.hand.legal_choices("S")[0])
    drive(game, random.Random(5), lambda g: souths_play_turn(g))
    game.take_back("S")
    assert state(game) == state(replayed(game, len(game.actions)))


def test_listeners_hear_nothing_of_the_rebuilding_and_everything_after():
    heard: list = []
    game = mid_hand(seed=12)
    game.subscribe(heard.append)
    game.apply("S", game.hand.legal_choices("S")[0])
    heard.clear()
    game.take_back("S")
    assert heard == []
    game.apply("S", game.hand.legal_choices("S")[0])
    assert heard == game.events[-len(heard):] and heard


def test_a_game_saved_after_a_take_back_continues_identically(tmp_path):
    game = mid_hand(seed=17)
    game.apply("S", game.hand.legal_choices("S")[0])
    game.take_back("S")
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path)
    assert state(loaded) == state(game) and loaded.takebacks == {1: 1}
    for copy in (game, loaded):
        drive(copy, random.Random(9), lambda g: g.hand.number == 2)
    assert state(loaded) == state(game)
    assert loaded.to_json() == game.to_json()


@pytest.mark.parametrize("takebacks", ["x", [[1]], [[0, 1]], [[1, True]], [[9, 1]], [[1, 1], [1, 2]]])
def test_damaged_takebacks_make_a_damaged_saved_game(takebacks):
    game = mid_hand(seed=17)
    data = json.loads(json.dumps(game.to_json()))
    data["takebacks"] = takebacks
    with pytest.raises(ValueError, match="damaged"):
        Game.from_json(data)


def test_a_game_saved_before_undo_existed_still_loads():
    game = mid_hand(seed=17)
    data = json.loads(json.dumps(game.to_json()))
    del data["takebacks"]
    assert Game.from_json(data).takebacks == {}


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), depth=st.integers(1, 60), k=st.integers(1, 8),
       rules_id=st.sampled_from(["partner", "solo", "suicide", "dunn"]))
def test_taking_back_then_making_the_same_choices_gives_the_same_game(seed, depth, k, rules_id):
    rules = PRESETS[rules_id].rules
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    drive(game, rng, lambda g: g.over or (g.to_act == "S" and len(g.actions) - g.deal_start >= depth)
          or (g.to_act == "S" and g.hand.phase == "play" and len(g.hand.tricks) == 12))
    if game.over:
        return
    original = state(game)
    actions = list(game.actions)
    taken = 0
    while taken < k and game.take_back_point("S") is not None:
        game.take_back("S")
        taken += 1
    assert game.actions == actions[:len(game.actions)]
    assert state(game) == state(replayed(game, len(game.actions)))
    for seat, choice in actions[len(game.actions):]:
        game.apply(seat, choice)
    assert state(game) == original


# -- through the App --------------------------------------------------------------------------------------
def play_a_card(app) -> tuple[TableScene, Card, int]:
    """A new game to the player's first card, played with the mouse: the table, the card, and how
    many decisions the game had before it."""
    table = reach_play(app) if isinstance(app.scenes[-1], TableScene) else (start_game(app), reach_play(app))[1]
    before = len(table.game.actions)
    card = next(c for c in table.visible_south() if str(c) in table.turn.legal)
    click(app, card_spot(table, card))
    assert len(table.game.actions) > before, "the card was played"
    return table, card, before


def back_at_the_turn(app, table: TableScene, card: Card, before: int) -> None:
    """The card is in the player's fan again, the game as it was, and the player's turn open."""
    wait_for(app, lambda: player_turn(app))
    assert len(table.game.actions) == before and table.game.to_act == "S"
    assert card in table.visible_south() and card not in [c for _, c in table.model.trick]
    assert str(card) in table.turn.legal
    shown, engine = table.model, TableModel.from_game(table.game)
    assert (shown.holdings, shown.trick, shown.taken, shown.bids) == (engine.holdings, engine.trick, engine.taken,
                                                                     engine.bids)


def test_ctrl_z_puts_the_card_back_and_the_hand_goes_on_to_its_score(app):
    table, card, before = play_a_card(app)
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.message.text == f"You take back the {card.label}"
    back_at_the_turn(app, table, card, before)
    play_hand_by_mouse(app)
    assert isinstance(app.scenes[-1], ScoreScene)
    assert app.session.game.takebacks == {1: 1}


def test_the_menus_take_back_does_the_same(app):
    table, card, before = play_a_card(app)
    press(app, pygame.K_ESCAPE)
    menu = app.scenes[-1]
    assert isinstance(menu, MenuScene) and menu.buttons["undo"].text == "Take back"
    click_widget(app, menu.buttons["undo"])
    assert app.scenes[-1] is table
    back_at_the_turn(app, table, card, before)


def test_with_take_back_off_nothing_is_taken_back_and_a_message_says_so(app):
    app.change_settings(allow_undo=False)
    table, card, before = play_a_card(app)
    played = list(table.game.actions)
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert "Take back is off" in table.message.text
    assert table.game.actions[:len(played)] == played and table.game.takebacks == {}
    press(app, pygame.K_ESCAPE)
    click_widget(app, app.scenes[-1].buttons["undo"])
    assert "Take back is off" in table.message.text and table.game.takebacks == {}


def test_z_without_ctrl_takes_nothing_back(app):
    table, card, before = play_a_card(app)
    played = list(table.game.actions)
    press(app, pygame.K_z)
    assert table.game.actions[:len(played)] == played and table.game.takebacks == {}


def test_take_back_again_and_again_reaches_the_bid_then_says_there_is_nothing_more(app):
    table, card, before = play_a_card(app)
    for _ in range(10):
        press(app, pygame.K_z, pygame.KMOD_LCTRL)
        if "Nothing to take back" in table.message.text:
            break
    wait_for(app, lambda: player_turn(app))
    assert table.game.phase == "bid" and table.box is not None and "S" not in table.model.bids
    assert table.game.takebacks == {1: 2}, "the card, then the bid"
    reach_play(app)
    play_hand_by_mouse(app)


def test_the_same_card_again_gets_the_same_answers_from_the_computers(app):
    table, card, before = play_a_card(app)
    wait_for(app, lambda: player_turn(app))
    first = table.game.actions[before:]
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    wait_for(app, lambda: player_turn(app))
    click(app, card_spot(table, card))
    wait_for(app, lambda: player_turn(app))
    assert table.game.actions[before:] == first


def test_a_take_back_while_a_computer_thinks_or_cards_fly_ends_them_cleanly(tmp_path):
    app = make_app(tmp_path, speed="normal")
    try:
        table, card, before = play_a_card(app)
        wait_for(app, lambda: table.control.asked is not None)
        press(app, pygame.K_z, pygame.KMOD_LCTRL)
        assert table.control.asked is None and table.control.answer is None
        back_at_the_turn(app, table, card, before)
        for _ in range(30):  # the answer asked for before the take-back is never played
            app.step(FRAME)
        assert len(table.game.actions) == before and table.turn is not None

        click(app, card_spot(table, card))
        wait_for(app, lambda: table.flights and len(table.game.actions) > before + 1)  # a computer's card flies
        press(app, pygame.K_z, pygame.KMOD_LCTRL)
        assert not table.flights and not table.in_flight and table.beat is None and not table.beats
        back_at_the_turn(app, table, card, before)
    finally:
        app.close()


def test_nothing_to_take_back_at_the_start_of_a_hand(app):
    start_game(app)
    table = app.scenes[-1]
    wait_for(app, lambda: player_turn(app))
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.message.text == "Nothing to take back in this hand"


def test_a_game_with_a_take_back_counts_with_undo_and_its_hand_has_the_log_line(tmp_path):
    app = make_app(tmp_path)
    try:
        app.change_settings(win_score=120, save_hand=True)
        play_a_card(app)
        press(app, pygame.K_z, pygame.KMOD_LCTRL)
        while not isinstance(app.scenes[-1], GameOverScene):
            play_hand_by_mouse(app)
            click_widget(app, app.scenes[-1].button)
            wait_for(app, lambda: not isinstance(app.scenes[-1], ScoreScene))
        hands = len(app.session.game.finished)
        tally = app.statistics.total
        assert tally.games_played == 1 and tally.games_with_undo == 1
        assert Statistics.load(tmp_path / "statistics.json")[0].total.games_with_undo == 1
        log = (tmp_path / "Spades.save").read_text(encoding="utf-8")
        assert log.count("% Undo: 1 take-back in this hand") == 1
        first_block = log.split("\n\n")[0]
        assert first_block.splitlines()[-1] == "% Undo: 1 take-back in this hand"
        reading = read_log(tmp_path / "Spades.save")
        assert len(reading.hands) == hands and not reading.damaged
        assert "1 with undo" in summary(app.statistics.total)  # the statistics screen's line
    finally:
        app.close()


def test_a_game_without_take_back_is_not_counted_with_undo():
    statistics = Statistics()
    statistics.record_game("Partner", "normal", won=True, score=510)
    statistics.record_game("Partner", "normal", won=False, score=200, with_undo=True)
    assert statistics.total.games_with_undo == 1
    assert summary(statistics.total) == "2 games: won 1, lost 1 (50%), 1 with undo. Best score 510."
    assert Statistics.from_dict(statistics.to_dict()) == (statistics, [])


def test_statistics_with_more_games_with_undo_than_games_are_damaged():
    data = Statistics().to_dict()
    data["tallies"] = [{"variant": "Partner", "level": "normal", "games_won": 1, "games_with_undo": 2}]
    statistics, problems = Statistics.from_dict(data)
    assert statistics.empty and "more games with undo than games" in problems[0]


def test_continue_after_a_take_back_restores_the_game_and_its_undo_mark(tmp_path):
    app = make_app(tmp_path)
    table, card, before = play_a_card(app)
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    wait_for(app, lambda: player_turn(app))
    saved = app.session.game.to_json()
    app.quit()
    app.close()
    again = make_app(tmp_path)
    try:
        frames(again)
        click_widget(again, again.scenes[-1].buttons["continue"])
        table = again.scenes[-1]
        assert isinstance(table, TableScene) and table.game.to_json() == saved
        wait_for(again, lambda: player_turn(again))
        assert card in table.visible_south()
        press(again, pygame.K_z, pygame.KMOD_LCTRL)
        assert table.game.takebacks == {1: 2} and table.game.phase == "bid"
        reach_play(again)
        play_hand_by_mouse(again)
    finally:
        again.close()


def test_the_take_back_option_is_on_the_table_page_and_remembered(app):
    assert app.settings.allow_undo
    row = options_row(app, "table", "Allow take back")
    assert "Ctrl+Z" in row.help
    app.change_settings(allow_undo=False)
    assert Settings.from_dict(app.settings.to_dict())[0].allow_undo is False


# -- the table's controller ---------------------------------------------------------------------------------

def table_control(seed: int) -> TableController:
    pending: deque = deque()
    game = Game(PARTNER, seed=seed, listeners=[pending.append])
    tokens = iter(range(1, 10_000))
    return TableController(game, pending, Thinker(inline=True), TablePreferences, lambda: next(tokens))


def run_until(control: TableController, until) -> None:
    """Drive the table as a screen would (the player answers with the first legal choice)."""
    for step in range(3000):
        control.pending.clear()
        if until(control):
            return
        moment = control.next_moment(step * 0.1)
        if isinstance(moment, BidsPause):
            control.end_pause()
        elif isinstance(moment, Turn):
            assert control.choose(moment.legal[0]) is None
    raise AssertionError("never happened")


def test_events_not_shown_yet_are_dropped_and_the_model_is_the_game_as_it_stands():
    control = table_control(seed=6)
    run_until(control, lambda c: c.turn() is not None and c.game.phase == "play")
    card = control.turn().legal[0]
    control.choose(card)
    run_until(control, lambda c: c.game.to_act == "S")
    second = control.turn().legal[0]
    control.choose(second)  # its events wait to be shown
    assert control.events_waiting
    assert control.take_back() == second
    assert not control.events_waiting and control.next_event() is None
    model, engine = control.new_model(), TableModel.from_game(control.game)
    assert (model.holdings, model.trick, model.taken) == (engine.holdings, engine.trick, engine.taken)


def test_a_last_card_that_went_by_itself_is_taken_back_with_the_card_before():
    for seed in range(40):  # a deal where South leads or plays second or third to the last trick
        control = table_control(seed)
        run_until(control, lambda c: len(c.game.hand.tricks) == 12 or c.game.hand.number > 1)
        if control.game.hand.number == 1 and control.game.hand.leader != "W":
            break
    else:
        raise AssertionError("no deal found")
    hand = control.game.hand
    run_until(control, lambda c: c.game.hand.trick and c.game.hand.trick[-1][0] == "S")
    assert len(hand.holding("S")) == 0 and control.game.to_act != "S", "the last card went by itself"
    control.take_back()
    hand = control.game.hand
    assert len(hand.tricks) == 11 and len(hand.holding("S")) == 2 and control.turn() is not None
