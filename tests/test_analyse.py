"""Review's perfect-play analysis: card by card marks, the best reachable per trick, the
estimates beyond the time, and the ``python -m game.analyse`` command."""

from __future__ import annotations

import dataclasses
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from deals import bid_through
from test_solver import RULE_SETS, exhaustive_values, random_hand
from test_thinker import wait_for_answer

from game.cards import Card
from game.hand import Hand
from game.players.analyse import (
    Analyser,
    AnalysisProgress,
    HandAnalysis,
    analyse_hand,
    format_analysis,
    main,
    mark_text,
)
from game.players.thinker import Request, Thinker
from game.records.handlog import LoggedHand, append_hand, replay
from game.rules import PRESETS, Rules
from game.seats import SEATS
from game.view import seat_view

PARTNER = PRESETS["partner"].rules
FEW = 4
"""Deals per estimated card where the estimates do not matter to a test."""


def one_suit_each(rules: Rules) -> Hand:
    """South holds every spade, West every heart, North every diamond, East every club; East
    deals, so South leads. South bids 13, North nil, West and East 1 each, and every card
    is played: South takes all thirteen tricks whatever anyone does."""
    holdings = {seat: [Card.parse(rank + suit) for rank in "AKQJT98765432"]
                for seat, suit in zip(SEATS, "SHDC", strict=True)}
    hand = Hand.from_holdings(rules, "E", holdings)
    for seat, bid in zip(("S", "W", "N", "E"), ("13", "1", "nil", "1"), strict=True):
        if hand.phase == "blind":
            hand.look(seat)
        hand.apply(seat, bid)
    while hand.phase == "play":
        hand.play(hand.to_act, hand.legal_plays()[0])
    return hand


def random_logged_hand(rules: Rules, seed: int) -> LoggedHand:
    """A hand bid and played at random (so it has mistakes to find), as the log keeps it."""
    rng = random.Random(seed)
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
    bid_through(hand, rng)
    while hand.phase == "play":
        hand.play(hand.to_act, rng.choice(hand.legal_plays()))
    return LoggedHand.from_hand(hand, f"g{seed}", "test", {})


def test_marks_say_equal_or_the_points_thrown_away() -> None:
    assert mark_text(0.0) == "="
    assert mark_text(1e-9) == "="
    assert mark_text(2.0) == "-2"
    assert mark_text(198.0) == "-198"
    assert mark_text(13 + 1 / 3) == "-13.3"


def test_a_hand_whose_every_card_gives_the_same_result_is_all_equal() -> None:
    hand = one_suit_each(PARTNER)
    analysis = analyse_hand(hand, time_limit=None)
    assert [play.mark for play in analysis.plays] == ["="] * 52
    assert all(play.exact for play in analysis.plays) and analysis.exact_from is None
    # NS: 13 bid and made (130) and North's nil (+100); EW bid 2 and took nothing (-20).
    assert analysis.scores == {"NS": 230, "EW": -20}
    assert {trick.value for trick in analysis.tricks} == {250.0}
    assert all(trick.scores == {"NS": 230, "EW": -20} for trick in analysis.tricks)
    assert all(play.scores == play.best_scores == analysis.scores for play in analysis.plays)
    assert {play.best for play in analysis.plays if play.side == "EW"} == {-250.0}


@pytest.mark.parametrize("name", ["partner", "solo", "suicide", "dunn", "mustbeat-lowclub-jokers"])
def test_marks_of_the_last_tricks_match_an_exhaustive_search(name: str) -> None:
    """Random play, so some cards throw points away: for each of the last twelve cards the
    analysis's best value, the played card's value and its mark are those of a plain
    exhaustive search of the position before it."""
    logged = random_logged_hand(RULE_SETS[name], seed=len(name))
    analysis = analyse_hand(logged, time_limit=None, exact_tricks=3, estimate_deals=FEW)
    hand = replay(dataclasses.replace(logged, tricks=()))
    plays = [play for trick in logged.tricks for play in trick.plays]
    for number, (seat, played) in enumerate(plays, start=1):
        if number > 40:
            exhaustive = exhaustive_values(hand)
            judged = analysis.plays[number - 1]
            assert judged.exact and (judged.seat, judged.card) == (seat, played)
            assert judged.best == pytest.approx(max(exhaustive.values()))
            assert judged.value == pytest.approx(exhaustive[played])
            assert judged.mark == mark_text(max(exhaustive.values()) - exhaustive[played])
            assert set(judged.best_cards) <= {c for c, v in exhaustive.items() if v == pytest.approx(judged.best)}
        hand.play(seat, played)
    assert not any(play.exact for play in analysis.plays[:40])


def test_a_mistake_lists_every_card_that_would_have_kept_the_best() -> None:
    for seed in range(26, 40):  # the first random hand from 20 on with a mistake in its last three tricks
        logged = random_logged_hand(PARTNER, seed)
        analysis = analyse_hand(logged, time_limit=None, exact_tricks=3, estimate_deals=FEW)
        mistakes = [play for play in analysis.plays if play.exact and play.mark != "="]
        if mistakes:
            break
    assert mistakes, "random play should throw something away now and then"
    hand = replay(dataclasses.replace(logged, tricks=()))
    for play in analysis.plays[:mistakes[0].number - 1]:
        hand.play(play.seat, play.card)
    exhaustive = exhaustive_values(hand)
    best = max(exhaustive.values())
    assert set(mistakes[0].best_cards) == {c for c, v in exhaustive.items() if v == pytest.approx(best)}
    assert mistakes[0].card not in mistakes[0].best_cards


def test_perfect_lines_end_in_scores_worth_the_values() -> None:
    logged = random_logged_hand(PARTNER, seed=3)
    analysis = analyse_hand(logged, time_limit=None, exact_tricks=4, estimate_deals=FEW)
    for play in analysis.plays[36:]:
        us, them = play.side, next(side for side in play.scores if side != play.side)
        assert play.scores[us] - play.scores[them] == pytest.approx(play.value)
        assert play.best_scores[us] - play.best_scores[them] == pytest.approx(play.best)
    for trick in analysis.tricks[9:]:
        assert trick.exact and trick.scores["NS"] - trick.scores["EW"] == pytest.approx(trick.value)
    assert analysis.plays[-1].scores == analysis.scores


def test_the_best_of_a_card_is_what_the_card_before_left() -> None:
    """With partners the values are zero-sum: the best after one card, for the next seat's
    side, is the value the card kept for its own side, negated when the sides differ."""
    analysis = analyse_hand(random_logged_hand(PARTNER, seed=5), time_limit=None, exact_tricks=3, estimate_deals=FEW)
    plays = analysis.plays[40:]
    for play, following in zip(plays, plays[1:], strict=False):
        sign = 1 if play.side == following.side else -1
        assert following.best == pytest.approx(sign * play.value)


def test_cards_before_the_exact_tricks_are_estimated_with_experts_sampling() -> None:
    logged = random_logged_hand(PRESETS["solo"].rules, seed=11)
    analysis = analyse_hand(logged, time_limit=None, exact_tricks=2, estimate_deals=FEW)
    assert analysis.exact_from == 12
    for play in analysis.plays[:44]:
        assert not play.exact and play.scores == {} and play.best_scores == {}
        assert play.best >= play.value and play.mark == mark_text(play.best - play.value)
    assert all(play.exact for play in analysis.plays[44:])
    assert [trick.exact for trick in analysis.tricks] == [False] * 11 + [True] * 2


def test_a_time_limit_leaves_the_early_cards_estimated() -> None:
    analysis = analyse_hand(random_logged_hand(PARTNER, seed=12), time_limit=0.0, estimate_deals=FEW)
    exact = [play.exact for play in analysis.plays]
    assert exact == sorted(exact)  # once exact, exact to the end
    assert not exact[0]


def test_an_analysis_goes_to_and_from_a_worker_process_as_plain_data() -> None:
    logged = random_logged_hand(PARTNER, seed=13)
    analysis = analyse_hand(logged, time_limit=None, exact_tricks=1, estimate_deals=FEW)
    assert pickle.loads(pickle.dumps(logged)) == logged
    assert pickle.loads(pickle.dumps(analysis)) == analysis
    assert isinstance(analysis, HandAnalysis)


def test_a_finished_hand_and_its_log_analyse_alike() -> None:
    hand = one_suit_each(PARTNER)
    from_hand = analyse_hand(hand, time_limit=None)
    from_log = analyse_hand(LoggedHand.from_hand(hand, "g", "Partner", {}), time_limit=None)
    assert from_hand.plays == from_log.plays and from_hand.tricks == from_log.tricks


# ---------------------------------------------------------------------------
# The command


def test_the_command_prints_every_hand_of_a_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "Spades.save"
    append_hand(log, LoggedHand.from_hand(one_suit_each(PARTNER), "g1", "Partner", {}))
    append_hand(log, random_logged_hand(PARTNER, seed=14))
    with open(log, "a", encoding="utf-8") as damaged:
        damaged.write('[Game "broken"]\n[Hand "x"]\n\n')
    assert main([str(log), "--time-limit", "0.1", "--estimate-deals", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count("Trick 13") == 2
    assert "Game g1, hand 1 (Partner): bids S:13 W:1 N:nil E:1; scored NS +230 EW -20" in out
    assert "Every card solved exactly" in out
    assert "Skipped a damaged block" in out


def test_python_m_game_analyse_runs_the_command(tmp_path: Path) -> None:
    log = tmp_path / "Spades.save"
    append_hand(log, LoggedHand.from_hand(one_suit_each(PARTNER), "g1", "Partner", {}))
    done = subprocess.run([sys.executable, "-m", "game.analyse", str(log), "--time-limit", "0.1",
                           "--estimate-deals", "4"], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    assert "Game g1, hand 1 (Partner)" in done.stdout and done.stdout.count("Trick 13") == 1


def test_the_command_prints_each_cards_mark_as_review_shows_it() -> None:
    """One line per card, its mark as Review draws it beside the card (PlayAnalysis.label):
    ``~`` and whole points for an estimate, with "(estimated)" at the end of the line."""
    logged = random_logged_hand(PARTNER, seed=19)
    analysis = analyse_hand(logged, time_limit=None, exact_tricks=2, estimate_deals=FEW)
    card_lines = [line for line in format_analysis(logged, analysis).splitlines() if line.startswith("    ")]
    assert [line.split()[:3] for line in card_lines] == [[p.seat, str(p.card), p.label] for p in analysis.plays]
    assert [line.endswith("(estimated)") for line in card_lines] == [not p.exact for p in analysis.plays]


def test_the_command_can_choose_hands_and_says_when_none_is_left(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "Spades.save"
    append_hand(log, LoggedHand.from_hand(one_suit_each(PARTNER), "g1", "Partner", {}))
    assert main([str(log), "--hand", "2"]) == 0
    assert "No hand to analyse." in capsys.readouterr().out


def test_the_command_explains_a_missing_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nowhere.save")]) == 1
    assert "Cannot read" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# A slice at a time, in the worker process


def test_an_analysis_done_in_slices_of_a_few_milliseconds_is_the_same_analysis() -> None:
    """Review's worker works on an analysis between other questions: however it is cut,
    the exact search goes on where it stopped and the estimates come out alike."""
    logged = random_logged_hand(PARTNER, seed=15)
    whole = analyse_hand(logged, time_limit=None, exact_tricks=4, estimate_deals=FEW)
    analyser = Analyser(logged, time_limit=None, exact_tricks=4, estimate_deals=FEW)
    seen: list[AnalysisProgress] = []
    while not analyser.advance(0.002):
        seen.append(analyser.progress())
    done = analyser.progress()
    assert done.phase == "done" and done.analysis is not None
    assert done.analysis.plays == whole.plays and done.analysis.tricks == whole.tricks
    assert done.plays == {play.number: play for play in whole.plays}
    assert len(seen) > 3, "small slices should leave the analysis unfinished several times"
    for progress in seen:  # the exact marks come first, from the last card back, then the estimates
        exact = sorted(number for number, play in progress.plays.items() if play.exact)
        assert exact == list(range(53 - len(exact), 53))
        if progress.phase == "exact":
            assert all(play.exact for play in progress.plays.values())


def test_a_time_limit_counts_the_estimates_and_every_play_is_judged() -> None:
    analyser = Analyser(random_logged_hand(PARTNER, seed=16), time_limit=0.5, estimate_deals=FEW)
    assert analyser.advance()
    analysis = analyser.progress().analysis
    assert analysis is not None and len(analysis.plays) == 52 and len(analysis.tricks) == 13
    exact = [play.exact for play in analysis.plays]
    assert exact == sorted(exact)
    assert all(play.label == ("~" if not play.exact else "") + (play.mark if play.exact else mark_text(
        round(play.loss))) for play in analysis.plays)


def test_an_estimated_mark_shows_whole_points_after_a_tilde() -> None:
    analysis = analyse_hand(random_logged_hand(PARTNER, seed=17), time_limit=None, exact_tricks=1,
                            estimate_deals=FEW)
    estimated = [play for play in analysis.plays if not play.exact]
    assert estimated and all(play.label.startswith("~") for play in estimated)
    assert all("." not in play.label for play in estimated)
    assert all(play.label == play.mark for play in analysis.plays if play.exact)


def test_a_worker_answers_an_analysis_request_with_the_analysis_made_here_and_drops_it_on_request() -> None:
    """Through a real worker process, the hand going as plain data: the progress answered is
    the analysis made in this process, and a request with no hand is answered None."""
    hand = one_suit_each(PARTNER)
    logged = LoggedHand.from_hand(hand, "g", "Partner", {})
    with Thinker() as thinker:
        thinker.ask(Request.analysis(1, logged, time_limit=None))
        answer = wait_for_answer(thinker)
        thinker.ask(Request.analysis(2, None))
        dropped = wait_for_answer(thinker)
    assert (answer.token, answer.error) == (1, "")
    assert isinstance(answer.choice, AnalysisProgress) and answer.choice.phase == "done"
    expected = analyse_hand(hand, time_limit=None)
    assert answer.choice.analysis.plays == expected.plays and answer.choice.analysis.tricks == expected.tricks
    assert (dropped.token, dropped.choice, dropped.error) == (2, None, "")


def test_a_question_asked_during_an_analysis_is_answered_after_one_slice_not_the_whole_analysis() -> None:
    """The analysis goes a slice a request: a suggestion asked after the first slice's request
    is answered next, and the analysis then goes on where it was, to the end."""
    logged = random_logged_hand(PARTNER, seed=18)
    hand = random_hand(PARTNER, random.Random(3), 40)
    view = seat_view(hand, hand.to_act)
    with Thinker() as thinker:
        thinker.ask(Request.analysis(1, logged, time_limit=1.5))
        thinker.ask(Request(2, "suggest", "normal", view, seed=0))
        answers = [wait_for_answer(thinker), wait_for_answer(thinker)]
        progress = answers[0].choice
        while progress.phase != "done":
            thinker.ask(Request.analysis(len(answers) + 1, logged, time_limit=1.5))
            answers.append(wait_for_answer(thinker))
            progress = answers[-1].choice
    assert [answer.token for answer in answers] == list(range(1, len(answers) + 1))
    assert all(answer.error == "" for answer in answers)
    assert answers[1].choice in view["legal"]
    assert answers[0].choice.phase != "done", "one slice should not finish the analysis"
    seen = [len(answer.choice.plays) for answer in answers[:1] + answers[2:]]
    assert seen == sorted(seen) and seen[-1] == 52
