"""The Thinker: computer players answering from a worker process, matched by token, surviving a
dead worker and replacing one that stops answering."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

import pytest

from game.game import Game
from game.hand import Hand
from game.players import decide
from game.players import thinker as thinker_module
from game.players.levels import LEVELS, level_named
from game.players.thinker import MAX_FAILED_STARTS, Answer, Request, Thinker, player_seed
from game.rules import PRESETS
from game.view import seat_view
from scenes.table.controller import PLAYER, BidsPause, TableController, Thinking, Turn
from tests import spinning_worker
from tests.table_preferences import TablePreferences

PATIENCE = 60.0
"""Seconds to wait for an answer before calling the Thinker stuck (a guard against hanging, not a timing test)."""


def wait_for_answer(thinker: Thinker) -> Answer:
    give_up = time.monotonic() + PATIENCE
    while time.monotonic() < give_up:
        answer = thinker.poll()
        if answer is not None:
            return answer
        time.sleep(0.005)
    raise AssertionError("the Thinker never answered")


def bidding_view() -> dict:
    hand = Hand.shuffled(PRESETS["partner"].rules, "E", random.Random(4))
    hand.look("S")
    return seat_view(hand, hand.to_act)


def playing_view(tricks_played: int = 2) -> dict:
    hand = Hand.shuffled(PRESETS["partner"].rules, "N", random.Random(11))
    players = {seat: LEVELS["normal"](seat, seat_view(hand, seat)["rules"], 3) for seat in "SWNE"}
    while hand.phase != "play" or len(hand.tricks) < tricks_played:
        seat = hand.to_act
        hand.apply(seat, decide(players[seat], seat_view(hand, seat)))
    return seat_view(hand, hand.to_act)


@pytest.fixture(scope="module")
def thinker():
    with Thinker() as worker_thinker:
        yield worker_thinker


def test_worker_decides_a_legal_bid_for_the_seat(thinker):
    view = bidding_view()
    thinker.ask(Request(1, "decide", "normal", view, seed=5))
    answer = wait_for_answer(thinker)
    assert answer.token == 1
    assert answer.error == ""
    assert answer.choice in view["legal"]


def test_worker_suggests_a_legal_card_with_a_reason(thinker):
    view = playing_view()
    thinker.ask(Request(2, "suggest", "normal", view, seed=5))
    answer = wait_for_answer(thinker)
    assert (answer.token, answer.error) == (2, "")
    assert answer.choice in view["legal"]
    assert answer.reason


def test_answers_carry_the_token_of_their_request(thinker):
    bid_view, play_view = bidding_view(), playing_view()
    thinker.ask(Request(10, "decide", "normal", bid_view, seed=1))
    thinker.ask(Request(11, "suggest", "normal", play_view, seed=1))
    answers = {answer.token: answer for answer in (wait_for_answer(thinker), wait_for_answer(thinker))}
    assert answers[10].choice in bid_view["legal"]
    assert answers[11].choice in play_view["legal"]
    assert thinker.poll() is None
    assert not thinker.busy


def test_worker_and_inline_thinking_choose_the_same_for_the_same_request(thinker):
    view = playing_view(tricks_played=4)
    request = Request(20, "decide", "expert", view, seed=player_seed(99, view["seat"]))
    thinker.ask(request)
    from_worker = wait_for_answer(thinker)
    with Thinker(inline=True) as inline:
        inline.ask(request)
        from_inline = inline.poll()
    assert from_inline is not None and from_worker.error == from_inline.error == ""
    assert from_worker.choice == from_inline.choice
    assert from_worker.choice in view["legal"]


def test_a_request_that_fails_is_answered_with_an_error_and_the_worker_goes_on(thinker):
    view = bidding_view()
    thinker.ask(Request(30, "decide", "grandmaster", view, seed=1))
    failed = wait_for_answer(thinker)
    assert failed.token == 30 and failed.choice is None
    assert "grandmaster" in failed.error
    thinker.ask(Request(31, "decide", "normal", view, seed=1))
    assert wait_for_answer(thinker).choice in view["legal"]


def test_inline_thinker_answers_at_the_next_poll_only():
    view = bidding_view()
    with Thinker(inline=True) as inline:
        assert inline.poll() is None
        inline.ask(Request(40, "suggest", "normal", view, seed=2))
        answer = inline.poll()
        assert answer is not None and answer.token == 40 and answer.choice in view["legal"]
        assert inline.poll() is None
        assert inline.worker_pid is None


def test_killed_worker_gives_an_error_answer_and_the_next_request_works():
    view = playing_view()
    with Thinker() as fragile:
        fragile.ask(Request(50, "decide", "expert", view, seed=1))
        os.kill(fragile.worker_pid, signal.SIGKILL)
        lost = wait_for_answer(fragile)
        assert lost.token == 50 and lost.choice is None
        assert "stopped" in lost.error
        fragile.ask(Request(51, "decide", "normal", view, seed=1))
        recovered = wait_for_answer(fragile)
        assert (recovered.token, recovered.error) == (51, "")
        assert recovered.choice in view["legal"]


def test_workers_that_keep_dying_give_way_to_thinking_inline():
    view = bidding_view()
    with Thinker() as fragile:
        for token in range(MAX_FAILED_STARTS):
            fragile.ask(Request(token, "decide", "normal", view, seed=1))
            os.kill(fragile.worker_pid, signal.SIGKILL)
            assert wait_for_answer(fragile).error
        fragile.ask(Request(99, "decide", "normal", view, seed=1))
        answer = wait_for_answer(fragile)
        assert (answer.token, answer.error) == (99, "")
        assert fragile.worker_pid is None


def test_close_can_be_called_twice_and_stops_the_worker():
    closing = Thinker()
    pid = closing.worker_pid
    assert pid is not None
    closing.close()
    closing.close()
    assert closing.worker_pid is None
    with pytest.raises(RuntimeError):
        closing.ask(Request(60, "decide", "normal", bidding_view(), seed=1))


def test_player_seed_is_steady_per_game_and_seat():
    assert player_seed(3, "W") == player_seed(3, "W")
    assert len({player_seed(3, seat) for seat in "SWNE"}) == 4
    assert player_seed(3, "W") != player_seed(4, "W")


class ManualClock:
    """A clock for deadlines that moves only when a test moves it, so no test waits them out."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


MARGIN = 3.0
START_ALLOWANCE = 10.0
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="stops the worker with SIGSTOP")


def started_and_stopped(clock: ManualClock) -> Thinker:
    """A Thinker whose worker has answered once (so it is past its start-up) and is now stopped."""
    thinker = Thinker(clock=clock, margin=MARGIN, start_allowance=START_ALLOWANCE)
    thinker.ask(Request(0, "decide", "normal", bidding_view(), seed=1))
    assert wait_for_answer(thinker).error == ""
    os.kill(thinker.worker_pid, signal.SIGSTOP)
    return thinker


@posix_only
def test_a_stopped_worker_is_killed_at_the_deadline_and_a_new_one_answers_the_next_request():
    clock = ManualClock()
    view = bidding_view()
    with started_and_stopped(clock) as thinker:
        stuck = thinker.worker_pid
        thinker.ask(Request(70, "decide", "normal", view, seed=1))
        clock.now += MARGIN - 0.1
        assert thinker.poll() is None and thinker.busy
        clock.now += 0.2
        late = thinker.poll()
        assert late is not None and (late.token, late.choice) == (70, None)
        assert late.error.startswith("The computer player took too long (3 s)")
        assert not thinker.busy and thinker.worker_pid is None
        with pytest.raises(ProcessLookupError):
            os.kill(stuck, 0)  # killed and reaped, stopped as it was
        thinker.ask(Request(71, "decide", "normal", view, seed=1))
        assert thinker.worker_pid not in (None, stuck)
        fresh = wait_for_answer(thinker)
        assert (fresh.token, fresh.error) == (71, "")
        assert fresh.choice in view["legal"]


@posix_only
@pytest.mark.parametrize(("level", "time_limit", "allowed"), [
    ("normal", None, level_named("normal").budget + MARGIN),
    ("expert", None, level_named("expert").budget + MARGIN),
    ("expert", 5.0, 5.0 + MARGIN),
])
def test_the_deadline_is_the_time_limit_or_the_levels_budget_plus_the_margin(level, time_limit, allowed):
    clock = ManualClock()
    with started_and_stopped(clock) as thinker:
        thinker.ask(Request(80, "decide", level, playing_view(), seed=1, time_limit=time_limit))
        clock.now += allowed - 0.1
        assert thinker.poll() is None
        clock.now += 0.2
        late = thinker.poll()
        assert late is not None and late.token == 80
        assert f"took too long ({allowed:g} s)" in late.error


@posix_only
def test_a_new_workers_first_answer_has_time_for_its_start_up():
    clock = ManualClock()
    with Thinker(clock=clock, margin=MARGIN, start_allowance=START_ALLOWANCE) as thinker:
        os.kill(thinker.worker_pid, signal.SIGSTOP)
        clock.now += 4.0  # part of the start-up has passed before the first question
        thinker.ask(Request(90, "decide", "normal", bidding_view(), seed=1))
        clock.now += START_ALLOWANCE - 4.0 + MARGIN - 0.1
        assert thinker.poll() is None
        clock.now += 0.2
        late = thinker.poll()
        assert late is not None and late.token == 90
        assert f"took too long ({START_ALLOWANCE - 4.0 + MARGIN:g} s)" in late.error


@posix_only
def test_every_outstanding_request_is_answered_when_the_deadline_passes():
    clock = ManualClock()
    with started_and_stopped(clock) as thinker:
        thinker.ask(Request(100, "decide", "normal", bidding_view(), seed=1))
        thinker.ask(Request(101, "suggest", "expert", playing_view(), seed=1))
        clock.now += MARGIN + 0.1
        answers = [thinker.poll(), thinker.poll()]
        assert [a.token for a in answers if a is not None] == [100, 101]
        assert all("took too long" in a.error for a in answers if a is not None)
        assert thinker.poll() is None and not thinker.busy


@posix_only
def test_workers_that_keep_missing_deadlines_are_replaced_never_traded_for_inline_thinking():
    clock = ManualClock()
    view = bidding_view()
    with Thinker(clock=clock, margin=MARGIN, start_allowance=START_ALLOWANCE) as thinker:
        for token in range(MAX_FAILED_STARTS + 1):
            thinker.ask(Request(token, "decide", "normal", view, seed=1))
            os.kill(thinker.worker_pid, signal.SIGSTOP)
            clock.now += START_ALLOWANCE + MARGIN + 1.0
            late = thinker.poll()
            assert late is not None and late.token == token and "took too long" in late.error
        thinker.ask(Request(99, "decide", "normal", view, seed=1))
        assert thinker.worker_pid is not None
        answer = wait_for_answer(thinker)
        assert (answer.token, answer.error) == (99, "")


# -- a worker in an endless loop --------------------------------------------------------------------------
def view_of(seat: str) -> dict:
    """A bidding view for `seat`, the first to bid (it has looked at its cards)."""
    for dealer in "SWNE":
        hand = Hand.shuffled(PRESETS["partner"].rules, dealer, random.Random(4))
        if hand.to_act == seat:
            hand.look(seat)
            return seat_view(hand, seat)
    raise AssertionError(f"no dealer lets {seat} bid first")


@pytest.fixture
def spinning_west(tmp_path, monkeypatch) -> Path:
    """Workers started from now on loop forever on West's next decision (once); the file returned
    is written when one starts looping."""
    flag = tmp_path / "spinning"
    monkeypatch.setenv(spinning_worker.SEAT_VARIABLE, "W")
    monkeypatch.setenv(spinning_worker.FLAG_VARIABLE, str(flag))
    monkeypatch.setattr(thinker_module, "_serve", spinning_worker.serve)
    return flag


def wait_until_spinning(flag: Path, thinker: Thinker) -> None:
    """Real time passes until the worker has begun its endless loop; meanwhile nothing answers."""
    give_up = time.monotonic() + PATIENCE
    while not flag.exists():
        assert time.monotonic() < give_up, "the worker never began to loop"
        assert thinker.poll() is None
        time.sleep(0.005)
    time.sleep(0.2)  # well into the loop now
    assert thinker.poll() is None and thinker.busy


def test_a_worker_in_an_endless_loop_is_killed_at_the_deadline_and_a_new_one_answers_the_next_request(
        spinning_west: Path) -> None:
    clock = ManualClock()
    south, west = view_of("S"), view_of("W")
    with Thinker(clock=clock, margin=MARGIN, start_allowance=START_ALLOWANCE) as thinker:
        thinker.ask(Request(0, "decide", "normal", south, seed=1))
        assert wait_for_answer(thinker).error == "", "the worker answers other seats as usual"
        spinning = thinker.worker_pid
        thinker.ask(Request(110, "decide", "normal", west, seed=1))
        wait_until_spinning(spinning_west, thinker)
        os.kill(spinning, 0)  # alive, looping
        clock.now += MARGIN - 0.1
        assert thinker.poll() is None and thinker.busy
        clock.now += 0.2
        late = thinker.poll()
        assert late is not None and (late.token, late.choice) == (110, None)
        assert late.error.startswith("The computer player took too long (3 s)")
        assert not thinker.busy and thinker.worker_pid is None
        with pytest.raises(ProcessLookupError):
            os.kill(spinning, 0)  # killed and reaped
        thinker.ask(Request(111, "decide", "normal", south, seed=1))
        assert thinker.worker_pid not in (None, spinning)
        fresh = wait_for_answer(thinker)
        assert (fresh.token, fresh.error) == (111, "")
        assert fresh.choice in south["legal"]



class Recorder:
    """The Thinker, with every answer it gives kept."""

    def __init__(self, thinker: Thinker) -> None:
        self.thinker = thinker
        self.answers: list[Answer] = []

    def ask(self, request: Request) -> None:
        self.thinker.ask(request)

    def poll(self) -> Answer | None:
        answer = self.thinker.poll()
        if answer is not None:
            self.answers.append(answer)
        return answer


def test_the_table_goes_on_with_normals_choice_when_a_worker_loops_past_its_deadline(spinning_west: Path) -> None:
    clock = ManualClock()
    pending: deque = deque()
    game = Game(PRESETS["partner"].rules, seed=9, listeners=[pending.append])
    tokens = iter(range(1, 10_000))
    with Thinker(clock=clock, margin=MARGIN, start_allowance=START_ALLOWANCE) as thinker:
        asker = Recorder(thinker)
        control = TableController(game, pending, asker, lambda: TablePreferences(allow_undo=False),
                                  lambda: next(tokens))
        expected = None
        give_up = time.monotonic() + 4 * PATIENCE
        while time.monotonic() < give_up:
            while control.next_event() is not None:
                pass
            moment = control.next_moment(0.0)
            if isinstance(moment, BidsPause):
                control.end_pause()
            elif isinstance(moment, Turn):
                view = seat_view(game.hand, PLAYER)
                assert control.choose(decide(LEVELS["normal"](PLAYER, view["rules"], 1), view)) is None
            elif isinstance(moment, Thinking) and expected is None and spinning_west.exists():
                assert moment.seat == "W"
                wait_until_spinning(spinning_west, thinker)
                view = seat_view(game.hand, "W")
                expected = ("W", decide(LEVELS["normal"]("W", view["rules"], control.decision_seed()), view))
                replaced_at, stuck = len(game.actions), control.asked[0]
                clock.now += START_ALLOWANCE + MARGIN + 1.0  # past any deadline
            elif isinstance(moment, Thinking):
                time.sleep(0.002)
            if expected is not None and len(game.actions) > replaced_at + 1 and game.actions[-1][0] in "NE":
                break
        else:
            raise AssertionError(f"the table stopped after {game.actions}")
        assert game.actions[replaced_at] == expected, "Normal decided for the stuck seat"
        [late] = [answer for answer in asker.answers if answer.token == stuck]
        assert "took too long" in late.error
        after = asker.answers[asker.answers.index(late) + 1:]
        assert after and all(answer.error == "" for answer in after), "a new worker answers the next questions"
        assert after[-1].choice == game.actions[-1][1]


GAME_THAT_DIES = """
import os, sys
from game.players.thinker import Thinker
thinker = Thinker()
print(thinker.worker_pid, flush=True)
sys.stdin.readline()
os._exit(3)  # the game dies without closing its thinker (a crash, a kill)
"""


def _running(pid: int) -> bool:
    """Whether process `pid` still runs (an ended one nobody has reaped yet does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "\nState:\tZ" in status.read_text())


def test_a_worker_ends_by_itself_when_the_game_that_started_it_dies():
    game = subprocess.Popen([sys.executable, "-c", GAME_THAT_DIES], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, cwd=Path(__file__).resolve().parent.parent)
    worker = int(game.stdout.readline())
    assert _running(worker)
    game.stdin.write("\n")
    game.stdin.flush()
    assert game.wait(30) == 3
    end = time.monotonic() + 30
    while _running(worker) and time.monotonic() < end:
        time.sleep(0.1)
    assert not _running(worker), "the worker outlived the game"
