"""The arena: duplicate deals and games between two sides, its JSON summary, its log, and bots that misbehave."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.arena import paired
from game.arena.command import main
from game.arena.tally import wilson
from game.records.handlog import read_log
from game.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent
BOTS_FILE = Path(__file__).resolve().parent / "arena_bots.py"

SIDE_KEYS = ["player", "points_per_deal", "games_won", "made", "set", "set_rate", "nil_bids", "nil_success_rate",
             "blind_nil_bids", "blind_nil_success_rate", "bags_per_hand", "decision_ms", "replaced", "replaced_reasons"]
REASONS = ["raised", "illegal", "timed_out", "process_died", "not_created"]


@pytest.fixture(autouse=True)
def _bots_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tests.arena_bots`` resolves from the project root, as it does for ``python -m game.arena``."""
    monkeypatch.syspath_prepend(str(ROOT))


def run_arena(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, dict]:
    """The readable output and the JSON object of one arena run with `args` (and ``--json``)."""
    assert main([*args, "--json"]) == 0
    out = capsys.readouterr().out
    lines = out.rstrip("\n").split("\n")
    return "\n".join(lines[:-1]), json.loads(lines[-1])


def without_times(summary: dict) -> dict:
    return {key: ({k: v for k, v in value.items() if k != "decision_ms"} if key in ("a", "b") else value)
            for key, value in summary.items()}


def test_json_summary_has_exactly_the_keys_of_the_issue(capsys):
    _, summary = run_arena(capsys, "--deals", "3")
    assert list(summary) == ["a", "b", "margin"]
    for side in ("a", "b"):
        assert list(summary[side]) == SIDE_KEYS
        assert summary[side]["player"] == "random"
        assert set(summary[side]["points_per_deal"]) == {"mean", "ci95"}
        assert set(summary[side]["decision_ms"]) == {"mean", "p95"}
        assert summary[side]["replaced_reasons"] == dict.fromkeys(REASONS, 0)
        contracts = summary[side]["made"] + summary[side]["set"]
        assert summary[side]["set_rate"] == (round(summary[side]["set"] / contracts, 3) if contracts else None)
    assert set(summary["margin"]) == {"mean", "ci95"}
    low, high = summary["margin"]["ci95"]
    assert low <= summary["margin"]["mean"] <= high


def test_same_seed_gives_the_same_match_with_one_or_two_jobs(capsys):
    args = ("--a", "random", "--b", str(BOTS_FILE) + ":Steady", "--deals", "6", "--seed", "11")
    _, one_job = run_arena(capsys, *args, "--jobs", "1")
    _, again = run_arena(capsys, *args, "--jobs", "1")
    _, two_jobs = run_arena(capsys, *args, "--jobs", "2")
    assert without_times(one_job) == without_times(again) == without_times(two_jobs)


def test_another_seed_plays_other_deals(capsys):
    _, first = run_arena(capsys, "--b", "normal", "--deals", "4", "--seed", "1")
    _, second = run_arena(capsys, "--b", "normal", "--deals", "4", "--seed", "2")
    assert without_times(first) != without_times(second)


def test_swapping_the_sides_mirrors_the_result(capsys):
    _, forward = run_arena(capsys, "--a", "random", "--b", "normal", "--deals", "5")
    _, backward = run_arena(capsys, "--a", "normal", "--b", "random", "--deals", "5")
    assert forward["margin"]["mean"] == -backward["margin"]["mean"]
    assert forward["margin"]["ci95"] == [-x for x in reversed(backward["margin"]["ci95"])]
    assert without_times(forward)["a"] == without_times(backward)["b"]
    assert without_times(forward)["b"] == without_times(backward)["a"]


def test_the_same_player_on_both_sides_ties_every_deal(capsys):
    _, summary = run_arena(capsys, "--deals", "4")
    assert summary["margin"] == {"mean": 0.0, "ci95": [0.0, 0.0]}


@pytest.mark.parametrize(("bot", "reason", "kind"), [
    ("tests.arena_bots:Raiser", "raised ZeroDivisionError", "raised"),
    (f"{BOTS_FILE}:Illegal", "not in legal", "illegal"),
    ("tests.arena_bots:Garbage", "not JSON data", "illegal"),
    ("tests.arena_bots:Unborn", "could not be created", "not_created"),
    ("tests.arena_bots:Mumbler", "raised Unspeakable: (it cannot be shown)", "raised"),
    ("tests.arena_bots:Nester", "answered list", "illegal"),
    ("tests.arena_bots:Giant", "answered int (it cannot be shown)", "illegal"),
    ("tests.arena_bots:Rambler", "raised RuntimeError: why why", "raised"),
])
def test_a_misbehaving_bot_is_named_replaced_and_counted(capsys, bot, reason, kind):
    report, summary = run_arena(capsys, "--a", bot, "--b", "random", "--deals", "2")
    assert f"replaced: side a ({bot})" in report
    assert reason in report
    assert all(len(line) < 500 for line in report.splitlines()), "a bot's words are quoted short"
    assert summary["a"]["replaced"] > 0
    assert summary["a"]["replaced_reasons"] == {**dict.fromkeys(REASONS, 0), kind: summary["a"]["replaced"]}
    assert summary["b"]["replaced"] == 0
    assert summary["a"]["made"] + summary["a"]["set"] + summary["a"]["nil_bids"] + summary["a"][
        "blind_nil_bids"] >= 4, "every hand of both deals was played to its score"


def test_a_bot_over_the_time_limit_is_replaced_and_the_match_goes_on(capsys):
    report, summary = run_arena(capsys, "--a", "random", "--b", "tests.arena_bots:Sleeper",
                                "--time-limit", "0.05", "--deals", "1")
    assert "replaced: side b (tests.arena_bots:Sleeper)" in report
    assert "time limit of 0.05 s" in report
    assert summary["b"]["replaced"] > 0
    assert summary["b"]["replaced_reasons"]["timed_out"] == summary["b"]["replaced"]
    assert summary["a"]["replaced"] == 0


def running(pid: int) -> bool:
    """Whether a process with this id is still there (it is reaped once it ends: the arena waits for it)."""
    if os.name == "nt":
        listed = subprocess.run(["tasklist", "/FI", f"PID eq {pid}", "/NH"], capture_output=True, text=True)
        return str(pid) in listed.stdout
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_spinning_bot_is_killed_at_its_time_limit_and_started_again(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_BOTS_PIDS", str(tmp_path))
    report, summary = run_arena(capsys, "--a", "tests.arena_bots:Spinner", "--b", "random",
                                "--time-limit", "0.05", "--deals", "2")
    # The Spinner spins once a deal (its first card at seat N): each spin costs exactly
    # that one decision, and the bot started again answers all the others itself.
    assert summary["a"]["replaced"] == 2
    assert summary["a"]["replaced_reasons"]["timed_out"] == 2
    assert "replaced: side a (tests.arena_bots:Spinner) at deal 1, table 1, hand" in report
    assert "seat N, trick 1: gave no answer within the time limit of 0.05 s" in report
    pids = [int(path.name) for path in tmp_path.iterdir()]
    assert len(pids) == 4 + 2, "a process for each of its seats at each table, and one started again per spin"
    assert [pid for pid in pids if running(pid)] == [], "no bot process outlives the match"


def test_a_bot_that_ends_its_process_is_replaced_and_the_match_goes_on(capsys):
    report, summary = run_arena(capsys, "--a", "random", "--b", "tests.arena_bots:Exiter", "--deals", "2")
    assert "replaced: side b (tests.arena_bots:Exiter) at deal 1, table 2" in report
    assert "seat N, trick 1: the bot's process ended (exit code 3)" in report
    assert summary["b"]["replaced"] == 2
    assert summary["b"]["replaced_reasons"]["process_died"] == 2
    assert summary["a"]["replaced"] == 0


def test_with_two_jobs_a_bot_that_ends_its_process_is_replaced_too():
    done = subprocess.run([sys.executable, "-m", "game.arena", "--a", "random", "--b", "tests.arena_bots:Exiter",
                           "--deals", "2", "--jobs", "2", "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert "seat N, trick 1: the bot's process ended (exit code 3)" in done.stdout
    assert summary["b"]["replaced_reasons"]["process_died"] == summary["b"]["replaced"] == 2


def test_a_bot_sees_no_other_seats_cards_in_its_process(capsys):
    _, summary = run_arena(capsys, "--a", "tests.arena_bots:Snoop", "--b", "random", "--deals", "1")
    assert summary["a"]["replaced"] == 0, "the Snoop raises when it finds another seat's card"


def test_the_snoop_finds_the_cards_of_a_hand_in_its_own_process():
    from game.hand import Hand
    from game.view import seat_view
    from tests.arena_bots import Snoop

    hand = Hand.shuffled(PRESETS["partner"].rules, "E", random.Random(3))
    hand.look("S")
    assert len(Snoop.hidden_cards(seat_view(hand, "S"))) == 39


def test_a_worker_process_that_dies_ends_the_arena_with_a_message_not_a_hang():
    done = subprocess.run([sys.executable, "-m", "game.arena", "--a", "random", "--b", "tests.arena_bots:Parricide",
                           "--deals", "2", "--jobs", "2"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "a worker process ended unexpectedly" in done.stderr


PROC = Path("/proc")


def _children(pid: int) -> set[int]:
    """The processes `pid` started that are still running (not ended, not zombies), from /proc."""
    found = set()
    for stat in PROC.glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended while being read
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    try:
        return (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="finds the worker processes in /proc (Linux)")
def test_an_arena_killed_mid_match_leaves_no_worker_playing_on():
    arena = subprocess.Popen([sys.executable, "-m", "game.arena", "--a", "normal", "--b", "normal",
                              "--deals", "100000", "--jobs", "2"], cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(arena.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) >= 2, "the arena started no workers"
        time.sleep(3)  # the workers are deep in their shares of the deals
        assert all(_running(pid) for pid in workers)
    finally:
        arena.kill()
        arena.wait()
    deadline = time.monotonic() + 20
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in workers if _running(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, "workers played on after the arena was killed"


def test_save_appends_every_hand_in_deal_order_and_the_log_reads_back(capsys, tmp_path):
    log = tmp_path / "hands.save"
    run_arena(capsys, "--deals", "3", "--seed", "5", "--save", str(log))
    run_arena(capsys, "--deals", "1", "--seed", "6", "--save", str(log))
    reading = read_log(log)
    assert reading.damaged == []
    names = [re.fullmatch(r"arena-\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-(s\d+-deal\d+-t\d)", h.game_id)
             for h in reading.hands]
    assert all(names)
    assert [n.group(1) for n in names] == ["s5-deal1-t1", "s5-deal1-t2", "s5-deal2-t1", "s5-deal2-t2",
                                           "s5-deal3-t1", "s5-deal3-t2", "s6-deal1-t1", "s6-deal1-t2"]
    first, second = reading.hands[0], reading.hands[1]
    assert first.players == {"S": "a-random", "W": "b-random", "N": "a-random", "E": "b-random"}
    assert second.players == {"S": "b-random", "W": "a-random", "N": "b-random", "E": "a-random"}


@pytest.mark.parametrize("cut", ["Caf\u00e9".encode()[:-1], b"\xff"])
def test_save_goes_on_after_a_log_cut_off_mid_letter(capsys, tmp_path, cut):
    log = tmp_path / "hands.save"
    log.write_bytes(b"% a comment cut off in a name: " + cut)
    run_arena(capsys, "--deals", "1", "--seed", "5", "--save", str(log))
    reading = read_log(log)
    assert len(reading.hands) == 2 and reading.damaged == []
    assert log.read_bytes().startswith(b"% a comment cut off in a name: " + cut + b"\n")


def test_both_tables_of_a_deal_play_the_same_cards_from_the_same_score(capsys, tmp_path):
    log = tmp_path / "hands.save"
    run_arena(capsys, "--deals", "4", "--save", str(log))
    hands = read_log(log).hands
    situations = []
    for table1, table2 in zip(hands[::2], hands[1::2], strict=True):
        assert (table1.deal, table1.dealer, table1.number) == (table2.deal, table2.dealer, table2.number)
        assert table1.standings_before() == table2.standings_before()
        assert not table1.rules.misdeal
        situations.append(table1.standings_before())
    assert len({str(s) for s in situations}) > 1, "each deal draws its own score situation"


def test_games_are_played_to_the_end_at_both_tables_and_counted(capsys):
    report, summary = run_arena(capsys, "--games", "3", "--set", "win=100", "--b", "normal")
    won = summary["a"]["games_won"] + summary["b"]["games_won"]
    assert 0 < won <= 6
    row = next(line for line in report.split("\n") if line.startswith("games won"))
    low, high = wilson(summary["a"]["games_won"], 6)
    assert f"{summary['a']['games_won']} of 6 ({100 * summary['a']['games_won'] / 6:.0f}% " \
           f"[{100 * low:.0f}%, {100 * high:.0f}%])" in row


def test_wilson_interval_matches_worked_examples():
    # 29 games of 40: the interval quoted in docs/benchmarks.md for Expert against Normal.
    low, high = wilson(29, 40)
    assert (round(low, 3), round(high, 3)) == (0.572, 0.839)
    # It stays within [0, 1] at the ends, where p ± 1.96·√(p(1−p)/n) would collapse to a point.
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 3) == 0.278
    low, high = wilson(10, 10)
    assert round(low, 3) == 0.722 and high == 1.0
    assert wilson(0, 0) is None


def test_the_report_gives_the_nils_made_with_their_interval(capsys):
    report, summary = run_arena(capsys, "--deals", "20", "--seed", "1")
    rows = {line[:21].strip(): line for line in report.split("\n")}
    side = summary["a"]
    made = round(side["nil_success_rate"] * side["nil_bids"])
    low, high = wilson(made, side["nil_bids"])
    assert f"{side['nil_bids']} ({100 * made / side['nil_bids']:.0f}% [{100 * low:.0f}%, {100 * high:.0f}%])" \
        in rows["nil bids (made)"]
    assert rows["blind nil bids (made)"].count("[") == 2  # both sides


def test_solo_adds_the_scores_of_a_sides_two_seats(capsys, tmp_path):
    log = tmp_path / "solo.save"
    _, summary = run_arena(capsys, "--rules", "solo", "--deals", "2", "--b", "normal",
                           "--save", str(log))
    hands = read_log(log).hands
    a_points = []
    for table1, table2 in zip(hands[::2], hands[1::2], strict=True):
        t1, t2 = table1.points_scored, table2.points_scored
        a_points.append((t1["N"] + t1["S"] + t2["E"] + t2["W"]) / 2)
    assert summary["a"]["points_per_deal"]["mean"] == round(sum(a_points) / len(a_points), 2)


def test_unknown_player_or_option_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as unknown:
        main(["--a", "grandmaster", "--deals", "1"])
    assert unknown.value.code == 2
    assert "grandmaster" in capsys.readouterr().err
    with pytest.raises(SystemExit) as missing:
        main(["--b", "tests.no_such_module:Bot", "--deals", "1"])
    assert missing.value.code == 2
    assert "tests.no_such_module" in capsys.readouterr().err
    with pytest.raises(SystemExit) as bad_rule:
        main(["--set", "win=banana", "--deals", "1"])
    assert bad_rule.value.code == 2
    assert "win" in capsys.readouterr().err


def test_rules_options_reach_the_hands(capsys, tmp_path):
    log = tmp_path / "hands.save"
    run_arena(capsys, "--rules", "netspades", "--set", "win=300", "--deals", "1", "--save", str(log))
    hand = read_log(log).hands[0]
    assert hand.rules == PRESETS["netspades"].rules.replace(win=300)
    assert hand.variant == "Custom"


def test_command_line_prints_the_json_as_its_last_line(tmp_path):
    log = tmp_path / "hands.save"
    done = subprocess.run([sys.executable, "-m", "game.arena", "--a", "random", "--b", "random", "--deals", "3",
                           "--save", str(log), "--json"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["a"]["player"] == "random"
    assert len(read_log(log).hands) == 6


def test_the_report_also_weighs_each_bag_at_its_share_of_the_penalty(capsys):
    text, summary = run_arena(capsys, "--a", "random", "--b", "random", "--deals", "4", "--seed", "3")
    line = next(row for row in text.splitlines() if row.startswith("the same with each bag weighed"))
    assert "[" in line and "]" in line


def test_paired_compares_two_runs_of_a_seed_deal_by_deal(capsys, tmp_path):
    before, after, again = (tmp_path / f"{name}.save" for name in ("before", "after", "again"))
    _, first = run_arena(capsys, "--deals", "4", "--seed", "8", "--save", str(before))
    _, second = run_arena(capsys, "--deals", "4", "--seed", "8", "--b", "normal", "--save", str(after))
    run_arena(capsys, "--deals", "4", "--seed", "8", "--save", str(again))
    result = paired.compare(str(before), str(after))
    assert result["units"] == 4
    assert result["before"]["mean"] == first["margin"]["mean"]
    assert result["after"]["mean"] == second["margin"]["mean"]
    assert result["difference"]["mean"] == pytest.approx(second["margin"]["mean"] - first["margin"]["mean"], abs=0.01)
    same = paired.compare(str(before), str(again))
    assert same["differing"] == 0 and same["difference"] == {"mean": 0.0, "ci95": [0.0, 0.0]}
    assert paired.main([str(before), str(after)]) == 0
    assert "4 deals in both logs" in capsys.readouterr().out


@pytest.mark.parametrize("missing", ["nowhere.save", "."])
def test_paired_says_plainly_which_log_it_cannot_read(capsys, tmp_path, missing):
    log = tmp_path / "run.save"
    run_arena(capsys, "--deals", "1", "--save", str(log))
    with pytest.raises(SystemExit) as stop:
        paired.main([str(log), str(tmp_path / missing)])
    assert stop.value.code == 2
    assert f"cannot read {tmp_path / missing}" in capsys.readouterr().err


def test_paired_keeps_apart_the_deals_of_several_seeds_in_one_log(capsys, tmp_path):
    """Runs of two seeds, each log the two runs one after the other (``cat``): deal 1 of seed 8
    is paired with deal 1 of seed 8, never added to deal 1 of seed 9."""
    margins = {}
    for name, extra in (("before", ()), ("after", ("--b", "normal"))):
        joined = tmp_path / f"{name}.save"
        for seed in ("8", "9"):
            log = tmp_path / f"{name}-{seed}.save"
            _, summary = run_arena(capsys, "--deals", "3", "--seed", seed, *extra, "--save", str(log))
            margins[name, seed] = summary["margin"]["mean"]
            with joined.open("a", encoding="utf-8") as out:
                out.write(log.read_text(encoding="utf-8"))
    result = paired.compare(str(tmp_path / "before.save"), str(tmp_path / "after.save"))
    assert result["units"] == 6
    for name in ("before", "after"):
        assert result[name]["mean"] == pytest.approx((margins[name, "8"] + margins[name, "9"]) / 2, abs=0.01)
