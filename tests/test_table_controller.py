"""The table's control without a screen: whole hands driven through it, the stand-in when a
computer's answer fails, the pause to look at the bids, Suggest, and the player's preferences."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from collections import deque

import pytest

from game.events import CardPlayed, HandScored
from game.game import Game
from game.players import decide
from game.players.levels import LEVELS, level_named
from game.players.thinker import Answer, Request, Thinker
from game.rules import PRESETS
from game.scoring import Standing
from game.view import seat_view
from scenes.table.controller import PLAYER, BidsPause, TableController, Thinking, Turn
from tests.table_preferences import TablePreferences
from tests.test_suggest import LABEL


class Spoiler:
    """A thinker whose answers to decisions are spoiled by `spoil` (suggestions pass)."""

    def __init__(self, spoil) -> None:
        self.thinker = Thinker(inline=True)
        self.spoil = spoil
        self.asked: list[Request] = []

    def ask(self, request: Request) -> None:
        self.asked.append(request)
        self.thinker.ask(request)

    def poll(self) -> Answer | None:
        answer = self.thinker.poll()
        kinds = {request.token: request.kind for request in self.asked}
        if answer is not None and kinds[answer.token] == "decide":
            return self.spoil(answer)
        return answer


def controller(rules="partner", spoil=lambda answer: answer, **preferences) -> tuple[TableController, list]:
    pending: deque = deque()
    shown: list = []
    game = Game(PRESETS[rules].rules, seed=9, listeners=[pending.append])
    tokens = iter(range(1, 10_000))
    chosen = TablePreferences(**{"blind_offer": "trailing", **preferences})
    control = TableController(game, pending, Spoiler(spoil), lambda: chosen, lambda: next(tokens))
    return control, shown


def normal_choice(control: TableController) -> str:
    view = seat_view(control.game.hand, PLAYER)
    return decide(LEVELS["normal"](PLAYER, view["rules"], 1), view)


def run_hand(control: TableController, shown: list, on_moment=None) -> None:
    """Drive the table as a screen would until the hand's score has been shown."""
    now = 0.0
    for _ in range(2000):
        while (event := control.next_event()) is not None:
            shown.append(event)
        if any(isinstance(event, HandScored) for event in shown):
            return
        moment = control.next_moment(now)
        if on_moment:
            on_moment(moment)
        if isinstance(moment, BidsPause):
            control.end_pause()
        elif isinstance(moment, Turn):
            assert control.choose(normal_choice(control)) is None
        now += 0.1
    raise AssertionError("the hand did not end")


def test_a_whole_hand_is_driven_through_the_controller_without_a_screen():
    control, shown = controller()
    moments = []
    run_hand(control, shown, moments.append)
    played = [event for event in shown if isinstance(event, CardPlayed)]
    assert len(played) == 52 and len({event.card for event in played}) == 52
    assert {type(moment) for moment in moments} >= {Turn, Thinking, BidsPause}
    assert sum(isinstance(moment, BidsPause) for moment in moments) == 1


def test_the_controller_needs_no_pygame():
    code = "import sys, scenes.table.controller; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_a_refused_choice_says_why_and_changes_nothing():
    control, shown = controller()
    while not isinstance(moment := control.next_moment(0.0), Turn) or moment.phase != "play":
        if isinstance(moment, BidsPause):
            control.end_pause()
        elif isinstance(moment, Turn):
            control.choose(normal_choice(control))
        while control.next_event():
            pass
    before = len(control.game.actions)
    refused = next((c for c in control.game.hand.holding(PLAYER) if str(c) not in moment.legal), None)
    if refused is not None:
        assert control.choose(str(refused))
    assert control.choose("ZZ")
    assert len(control.game.actions) == before


def test_failed_and_illegal_answers_are_replaced_by_normals_choice():
    spoilt = iter([lambda a: Answer(a.token, "not a choice"), lambda a: Answer(a.token, None, error="it died")])
    control, shown = controller(spoil=lambda answer: next(spoilt, lambda a: a)(answer))
    run_hand(control, shown)
    assert len(control.game.finished) == 1


def test_a_computers_answer_waits_for_its_thinking_pause():
    control, _ = controller()
    while not isinstance(moment := control.next_moment(0.0, think_pause=1.0), Thinking):
        if isinstance(moment, Turn):
            control.choose(normal_choice(control))
        while control.next_event():
            pass
    actions = len(control.game.actions)
    assert isinstance(control.next_moment(0.5, think_pause=1.0), Thinking), "half way through its pause"
    assert len(control.game.actions) == actions
    assert control.next_moment(1.0, think_pause=1.0) is None and len(control.game.actions) == actions + 1


def test_the_bids_pause_holds_play_until_it_ends():
    control, _ = controller()
    pauses = 0
    for _ in range(200):
        while control.next_event():
            pass
        moment = control.next_moment(0.0)
        if isinstance(moment, BidsPause):
            pauses += 1
            if pauses == 3:
                played = len(control.game.actions)
                control.end_pause()
                break
        elif isinstance(moment, Turn):
            control.choose(normal_choice(control))
    assert pauses == 3, "asked again and again until the screen ends it"
    control.next_moment(0.0)
    while control.next_event():
        pass
    assert not isinstance(control.next_moment(0.0), BidsPause) and len(control.game.actions) >= played


def test_suggest_asks_once_per_turn_and_gives_the_same_advice_again():
    control, _ = controller()
    while not isinstance(moment := control.next_moment(0.0), Turn):
        while control.next_event():
            pass
    assert control.suggest() is None
    control.next_moment(0.0)
    advice = control.advice
    assert advice is not None and advice.choice in moment.legal
    assert control.suggest() is advice
    assert sum(request.kind == "suggest" for request in control.asker.asked) == 1


class SlowSuggestions:
    """A thinker whose Suggest answers come only when released (the worker still thinking);
    the computers' decisions come at once."""

    def __init__(self) -> None:
        self.thinker = Thinker(inline=True)
        self.kinds: dict[int, str] = {}
        self.held: deque[Answer] = deque()
        self.answering = False

    def ask(self, request: Request) -> None:
        self.kinds[request.token] = request.kind
        self.thinker.ask(request)

    def poll(self) -> Answer | None:
        while (answer := self.thinker.poll()) is not None:
            if self.kinds[answer.token] != "suggest":
                return answer
            self.held.append(answer)
        return self.held.popleft() if self.answering and self.held else None

    def release(self) -> None:
        """Every Suggest answer comes from now on, in the order asked."""
        self.answering = True


def next_turn(control: TableController) -> Turn:
    for _ in range(200):
        while control.next_event():
            pass
        moment = control.next_moment(0.0)
        if isinstance(moment, BidsPause):
            control.end_pause()
        elif isinstance(moment, Turn):
            return moment
    raise AssertionError("no turn for the player")


def test_suggest_asked_again_on_a_new_turn_before_the_last_advice_came_gives_the_new_turns():
    """Suggest was asked, the player played before its answer came, and asked again at the next turn:
    that turn's advice comes (the old answer, for another turn, is let go)."""
    control, _ = controller()
    slow = SlowSuggestions()
    control.asker = slow
    first = next_turn(control)
    assert control.suggest() is None
    assert control.choose(normal_choice(control)) is None
    second = next_turn(control)
    assert second.key != first.key
    assert control.suggest() is None
    slow.release()
    control.next_moment(0.0)
    assert control.advice is not None and control.advice.choice in second.legal
    assert control.suggest() is control.advice


def test_never_asked_to_bid_blind_the_player_looks_at_once():
    control, _ = controller(blind_offer="never")
    turns = []
    for _ in range(60):
        while control.next_event():
            pass
        moment = control.next_moment(0.0)
        if isinstance(moment, Turn):
            turns.append(moment.phase)
            break
    assert turns and turns[0] != "blind" and PLAYER in control.game.hand.looked


def test_the_blind_question_follows_the_standing_when_asked_only_behind():
    control, _ = controller(blind_offer="trailing")
    control.game.hand.standings = {"NS": Standing(0), "EW": Standing(100)}
    assert control.offers_blind()
    control.game.hand.standings = {"NS": Standing(100), "EW": Standing(100)}
    assert not control.offers_blind()


class LevelRecorder:
    """A thinker that records every request, then has Normal answer it whatever level was asked
    (quick, so a whole hand can check which level each seat was asked at)."""

    def __init__(self) -> None:
        self.thinker = Thinker(inline=True)
        self.asked: list[Request] = []

    def ask(self, request: Request) -> None:
        self.asked.append(request)
        self.thinker.ask(dataclasses.replace(request, level="normal", time_limit=None))

    def poll(self) -> Answer | None:
        return self.thinker.poll()

    def levels(self, kind: str) -> dict[str, set[str]]:
        """The levels asked, by the seat of the view, for requests of `kind`."""
        found: dict[str, set[str]] = {}
        for request in self.asked:
            if request.kind == kind:
                found.setdefault(request.view["seat"], set()).add(request.level)
        return found


@pytest.mark.parametrize(("rules", "north"), [("partner", "expert"), ("solo", "normal")])
def test_north_is_asked_at_the_partners_level_the_others_at_the_opponents_and_suggest_at_the_partners(rules, north):
    """In a game without partners (Solo) North is an opponent too."""
    pending: deque = deque()
    game = Game(PRESETS[rules].rules, seed=9, listeners=[pending.append])
    tokens = iter(range(1, 10_000))
    recorder = LevelRecorder()
    preferences = TablePreferences(partner_level="expert", opponents_level="normal", blind_offer="trailing")
    control = TableController(game, pending, recorder, lambda: preferences, lambda: next(tokens))

    def suggest_on_turn(moment) -> None:
        if isinstance(moment, Turn):
            control.suggest()

    run_hand(control, [], on_moment=suggest_on_turn)
    assert recorder.levels("decide") == {"W": {"normal"}, "N": {north}, "E": {"normal"}}
    assert recorder.levels("suggest") == {"S": {"expert"}}
    expert = [request for request in recorder.asked if request.level == "expert"]
    assert all(request.time_limit == level_named("expert").in_game_limit for request in expert)


def test_why_a_computer_bid_names_none_of_its_cards_until_its_hand_is_over():
    # "West's bid of 4: About 4 tricks: aces A♥, 3 spades (top K♠)" would show West's hidden
    # cards to the player in the middle of the hand; once the hand is over, the cards are shown.
    control, shown = controller()
    bids_named: dict[str, str] = {}

    def at_each_moment(moment) -> None:
        if control.game.hand.phase == "play":
            for seat in ("W", "N", "E"):
                bids_named[seat] = control.why(1, seat) or ""

    run_hand(control, shown, at_each_moment)
    assert set(bids_named) == {"W", "N", "E"}
    for seat, reason in bids_named.items():
        assert reason.startswith(f"{control.game.names[seat]}'s "), reason
        assert not re.findall(LABEL, reason), f"a hidden card named in play: {reason}"
    afterwards = [control.why(1, seat) for seat in ("W", "N", "E")]
    assert control.game.hand.number == 2
    assert any(re.findall(LABEL, reason or "") for reason in afterwards), afterwards
    assert [reason.split(":")[0] for reason in afterwards] == [reason.split(":")[0] for reason in bids_named.values()]
