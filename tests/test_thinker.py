"""The Thinker: computer players answering from a worker process, matched by token, surviving a dead worker."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from game.hand import Hand
from game.players import LEVELS, decide
from game.rules import PRESETS
from game.thinker import MAX_FAILED_STARTS, Answer, Request, Thinker, player_seed
from game.view import seat_view

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
