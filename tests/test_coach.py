"""The coach: with it on, a card clearly worse than Expert's is asked about before it takes effect
("Expert would play …. Play A♠ anyway?", Play / Take back); Expert values the cards as the turn
opens, so the question comes at once, and never holds the game up when the values are late. The
statistics count how often it spoke and was followed.

The known blunder: in the first hand dealt from seed 16 (the App's, four Normal players), West leads
the K♦ to the eighth trick and East's J♦ follows; South, out of diamonds, trumps, and the K♠ there
throws away a trick its 6♠ would take as well."""

from __future__ import annotations

from collections import deque

import pygame

from game.cards import Card
from game.game import Game
from game.players.thinker import Answer, Brain, Request, Thinker
from game.records.stats import Statistics
from game.rules import PRESETS
from scenes.look import layout
from scenes.screens.confirm import ConfirmScene
from scenes.screens.statistics import coach_line
from scenes.settings import Settings
from scenes.table.controller import CoachQuestion, TableController, Turn
from tests.app_driver import (
    answer_with_mouse,
    card_spot,
    click,
    click_widget,
    frames,
    make_app,
    options_row,
    player_turn,
    reach_play,
    start_game,
    wait_for,
    words_on_screen,
)
from tests.table_preferences import TablePreferences

SEED = 7
COACHED = TablePreferences(allow_undo=True, coach=True, coach_margin=5)
BLUNDER_SEED = 16
BLUNDER = Card.parse("KS")


def blunder_table(tmp_path, **settings):
    """The App with `settings`, at South's turn in the known position (West's K♦ led, East's J♦ on
    it), which the seed gives with four Normal players."""
    app = make_app(tmp_path, seed=BLUNDER_SEED)
    frames(app)
    app.change_settings(**{"partner_level": "normal", **settings})
    start_game(app)
    table = reach_play(app)
    for _ in range(13):
        hand = table.game.hand
        if [(s, str(c)) for s, c in hand.trick] == [("W", "KD"), ("N", "9D"), ("E", "JD")]:
            break
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app))
    else:
        raise AssertionError("the known position never came")
    hand = table.game.hand
    assert not any(str(c).endswith("D") for c in hand.holding("S")), "South is out of diamonds"
    assert BLUNDER in hand.holding("S") and str(BLUNDER) in table.turn.legal
    return app, table


def question_on_top(app) -> ConfirmScene:
    top = app.scenes[-1]
    assert isinstance(top, ConfirmScene), "the coach asks"
    return top


def test_the_coach_asks_before_a_blunder_and_take_back_returns_to_choosing(tmp_path, monkeypatch):
    app, table = blunder_table(tmp_path, coach=True, coach_margin=40)
    try:
        frames(app)  # the turn is open: Expert's values have come (inline thinker)
        evaluation = table.control.evaluation
        assert evaluation is not None and evaluation.best != str(BLUNDER)
        assert evaluation.values[str(BLUNDER)] < evaluation.values[evaluation.best] - 40, "a blunder by the margin"
        best = Card.parse(evaluation.best)  # a lower trump
        before = list(table.game.actions)
        click(app, card_spot(table, BLUNDER))
        question = question_on_top(app)
        words = " ".join(question.lines)
        assert words.startswith(f"Expert would play {best.label}:") and words.endswith(
            f"Play {BLUNDER.label} anyway?"), words
        assert question.answers == ("Play", "Take back")
        assert table.game.actions == before, "nothing is played while the coach asks"
        in_sight = [pygame.Rect(*layout.TRICK_SLOTS[seat], layout.CARD_W, layout.CARD_H)
                    for seat, _ in table.model.trick]
        in_sight += [rect for _, rect in table.painter.south_rects(table.visible_south(), table.marks())]
        assert not any(question.rect.colliderect(rect) for rect in in_sight), "the trick and the hand stay in sight"
        assert "West" in words_on_screen(app, monkeypatch), "the name plates too"

        click_widget(app, question.no)  # Take back
        assert app.scenes[-1] is table and table.game.actions == before
        wait_for(app, lambda: player_turn(app))
        assert BLUNDER in table.visible_south() and str(BLUNDER) in table.turn.legal

        click(app, card_spot(table, best))  # Expert's card: no question, played
        assert not isinstance(app.scenes[-1], ConfirmScene)
        assert table.game.actions[len(before)] == ("S", str(best))
        tally = app.statistics.total
        assert (tally.coach_spoke, tally.coach_followed) == (1, 1)
        assert Statistics.load(tmp_path / "statistics.json")[0].total.coach_spoke == 1, "saved at once"
        assert coach_line(tally) == "The coach spoke once; its advice was followed once (100%)."
    finally:
        app.close()


def test_play_goes_on_with_the_players_card_and_counts_as_not_followed(tmp_path):
    app, table = blunder_table(tmp_path, coach=True, coach_margin=40)
    try:
        frames(app)
        before = len(table.game.actions)
        click(app, card_spot(table, BLUNDER))
        click_widget(app, question_on_top(app).yes)  # Play
        assert app.scenes[-1] is table
        assert table.game.actions[before] == ("S", str(BLUNDER))
        assert BLUNDER not in table.game.hand.holding("S")
        tally = app.statistics.total
        assert (tally.coach_spoke, tally.coach_followed) == (1, 0)
        wait_for(app, lambda: player_turn(app))  # the game goes on
    finally:
        app.close()


def test_with_the_coach_off_nothing_is_asked_and_nothing_counted(tmp_path):
    app, table = blunder_table(tmp_path)
    try:
        assert not app.settings.coach, "off by default"
        frames(app)
        before = len(table.game.actions)
        click(app, card_spot(table, BLUNDER))
        assert app.scenes[-1] is table and table.game.actions[before] == ("S", str(BLUNDER))
        assert table.control.evaluation is None, "Expert is not even asked"
        assert app.statistics.total.coach_spoke == 0
    finally:
        app.close()


def test_the_coach_option_is_on_the_game_page_and_remembered(app):
    row = options_row(app, "game", "Coach")
    assert "Take back" in row.help and "Expert" in row.help
    app.change_settings(coach=True, coach_margin=10)
    assert Settings.from_dict(app.settings.to_dict())[0].coach_margin == 10
    assert Settings.from_dict({"coach_margin": 7})[1] == ["coach_margin: expected one of 5, 10, 20, 40, not 7"]


# -- the controller: never waiting for Expert ------------------------------------------------------------

class Holder:
    """A thinker that answers every question but the coach's evaluations (held until released)."""

    def __init__(self) -> None:
        self.thinker = Thinker(inline=True)
        self.held: list[Request] = []

    def ask(self, request: Request) -> None:
        if request.kind == "evaluate":
            self.held.append(request)
        else:
            self.thinker.ask(request)

    def poll(self) -> Answer | None:
        return self.thinker.poll()

    def release(self) -> None:
        for request in self.held:
            self.thinker.ask(request)
        self.held = []


def at_play(asker, heard: list, preferences: TablePreferences = COACHED) -> TableController:
    pending: deque = deque()
    game = Game(PRESETS["partner"].rules, seed=SEED, listeners=[pending.append])
    tokens = iter(range(1, 10_000))
    control = TableController(game, pending, asker, lambda: preferences, lambda: next(tokens),
                              on_coach=heard.append)
    for step in range(3000):
        pending.clear()
        moment = control.next_moment(step * 0.1)
        if isinstance(moment, Turn) and moment.phase == "play" and len(moment.legal) > 2:
            return control
        if isinstance(moment, Turn):
            control.choose(moment.legal[0])
        elif moment is not None:
            control.end_pause()
    raise AssertionError("no play turn")


def test_a_late_evaluation_never_holds_the_card_back():
    asker, heard = Holder(), []
    control = at_play(asker, heard)
    assert asker.held and asker.held[0].kind == "evaluate" and asker.held[0].level == "expert"
    assert asker.held[0].view["seat"] == "S", "Expert values the player's own view"
    card = control.turn().legal[-1]
    assert control.coach_question(card) is None, "not ready: no question"
    assert control.choose(card) is None and heard == []


def test_the_question_comes_once_per_card_and_the_answer_is_counted_once():
    asker, heard = Holder(), []
    control = at_play(asker, heard)
    asker.release()
    control.next_moment(0.0)
    evaluation = control.evaluation
    assert evaluation is not None
    worst = max(evaluation.values, key=evaluation.loss)
    if evaluation.loss(worst) < COACHED.coach_margin:
        raise AssertionError("the chosen turn has no card worse than Expert's by the margin")
    question = control.coach_question(worst)
    assert isinstance(question, CoachQuestion) and question.best == evaluation.best
    assert question.loss == evaluation.loss(worst) >= COACHED.coach_margin
    assert control.coach_question(evaluation.best) is None, "Expert's own card is never asked about"
    assert control.coach_question(worst) is None, "asked once: the player insists"
    assert control.choose(worst) is None
    assert heard == [False]


class Scripted(Holder):
    """Holder whose Suggest advises the card `advised` gives, as a search of its own may (it samples
    other deals than the coach's)."""

    def __init__(self, advised) -> None:
        super().__init__()
        self.advised = advised
        self.answers: list[Answer] = []

    def ask(self, request: Request) -> None:
        if request.kind == "suggest":
            self.answers.append(Answer(request.token, self.advised(), "its own search"))
        else:
            super().ask(request)

    def poll(self) -> Answer | None:
        return self.answers.pop(0) if self.answers else super().poll()


def test_the_coach_never_asks_about_the_card_suggest_advised():
    worst_card: list[str] = []
    asker = Scripted(lambda: worst_card[0])
    expert = TablePreferences(allow_undo=True, coach=True, coach_margin=5, partner_level="expert")
    control = at_play(asker, [], expert)
    evaluation = Brain().answer(asker.held[-1]).choice  # what the coach will hold, worked out beforehand
    worst_card.append(max(evaluation.values, key=evaluation.loss))
    assert evaluation.loss(worst_card[0]) >= 5, "the turn has a card the coach would ask about"
    assert control.suggest() is None
    control.next_moment(0.0)
    assert control.suggest().choice == worst_card[0], "Suggest advised it"
    asker.release()
    control.next_moment(0.0)
    assert control.evaluation is not None and control.evaluation.loss(worst_card[0]) >= 5, "worth asking about"
    assert control.coach_question(worst_card[0]) is None, "the coach does not contradict Suggest"


def test_with_an_expert_partner_suggest_gives_the_coachs_card_once_the_coach_has_weighed_the_turn():
    asker, heard = Holder(), []
    control = at_play(asker, heard)
    control.preferences = lambda: TablePreferences(allow_undo=True, coach=True, coach_margin=5,
                                                   partner_level="expert")
    asker.release()
    control.next_moment(0.0)
    evaluation = control.evaluation
    assert evaluation is not None
    advice = control.suggest()
    assert advice is not None, "at once: no second search"
    assert (advice.choice, advice.reason) == (evaluation.best, evaluation.reason)


def bid_by_mouse(app, table, choice: str) -> None:
    """Click the bid box to `choice` (a number or a named bid such as nil) and OK."""
    box = table.box
    if choice in box.buttons:
        click_widget(app, box.buttons[choice])
        return
    while box.value != int(choice):
        click_widget(app, box.buttons["plus" if box.value < int(choice) else "minus"])
    click_widget(app, box.buttons["ok"])


def test_the_coach_asks_about_a_bid_far_from_experts_too(tmp_path):
    app = make_app(tmp_path, seed=SEED)
    try:
        frames(app)
        app.change_settings(coach=True, coach_margin=20)
        table = start_game(app)
        wait_for(app, lambda: player_turn(app))
        assert table.turn.phase == "bid"
        frames(app)  # Expert's values of the bids have come (inline thinker)
        evaluation = table.control.evaluation
        assert evaluation is not None and evaluation.best in table.turn.legal
        worst = max(table.turn.legal, key=evaluation.loss)
        assert evaluation.loss(worst) >= 20, "some bid is clearly worse than Expert's"
        before = list(table.game.actions)
        bid_by_mouse(app, table, worst)
        question = question_on_top(app)
        words = " ".join(question.lines)
        assert words.startswith("Expert would bid ") and words.endswith(" anyway?"), words
        assert question.answers == ("Bid", "Take back")
        assert table.game.actions == before, "nothing is bid while the coach asks"
        click_widget(app, question.no)  # Take back: the bid box again
        wait_for(app, lambda: player_turn(app))
        bid_by_mouse(app, table, evaluation.best)
        assert table.game.actions[len(before)] == ("S", evaluation.best)
        assert (app.statistics.total.coach_spoke, app.statistics.total.coach_followed) == (1, 1)
    finally:
        app.close()


def test_the_question_names_a_nil_once():
    nil = CoachQuestion("13", "nil", "Nil: your cards can stay under the others' (top spade J♠)", 216.4, "bid")
    assert nil.words == ("Expert would bid nil: your cards can stay under the others' (top spade J♠). "
                         "Bidding 13 gives up about 216 points. Bid 13 anyway?")
    blind = CoachQuestion("4", "bnil", "Bid blind nil: your side is far behind and needs the points", 120, "bid")
    assert blind.words.startswith("Expert would bid blind nil: your side is far behind and needs the points. ")
    count = CoachQuestion("9", "4", "About 4 tricks: aces A♥, 3 spades (top Q♠)", 52, "bid")
    assert count.words.startswith("Expert would bid 4: about 4 tricks: aces A♥, 3 spades (top Q♠). Bidding 9 ")
