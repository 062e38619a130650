"""The player's statistics: what whole games add up to, nils counted right, the file kept safe."""

from __future__ import annotations

import json
import threading
from datetime import date
from pathlib import Path

import pytest

from game.bids import Bid
from game.game import Game
from game.players import RandomPlayer, decide, play_game
from game.records.stats import Form, Statistics, StatsRecorder, Tally, load
from game.records.writer import FileWriter
from game.rules import PRESETS, Rules
from game.scoring import HandScore, Standing, score_hand
from game.seats import SEATS, side_of, sides
from game.view import seat_view


def players(rules: Rules, seed: int) -> dict[str, RandomPlayer]:
    return {seat: RandomPlayer(seat, rules.to_dict(), seed=seed * 4 + i, steady_bid=3) for i, seat in enumerate(SEATS)}


def quick(variant_id: str) -> tuple[str, Rules]:
    variant = PRESETS[variant_id]
    return variant.name, variant.rules.replace(win=150)


def recorded_game(statistics: Statistics, path: Path, variant_id: str, level: str, seed: int) -> Game:
    name, rules = quick(variant_id)
    game = Game(rules, seed=seed, variant=name)
    StatsRecorder(statistics, path, level).attach(game)
    return play_game(game, players(rules, seed))


def hand_score(variant_id: str, bids: str, taken: str) -> tuple[HandScore, dict[str, Bid]]:
    """Score one hand: `bids` like ``"S:nil W:3 N:4 E:3"``, `taken` like ``"S:0 W:4 N:5 E:4"``."""
    rules = PRESETS[variant_id].rules
    bid_of = {item.split(":")[0]: Bid.parse(item.split(":")[1]) for item in bids.split()}
    taken_by = {item.split(":")[0]: int(item.split(":")[1]) for item in taken.split()}
    winners = [seat for seat in SEATS for _ in range(taken_by[seat])]
    before = {side: Standing() for side in sides(rules.partners)}
    return score_hand(rules, bid_of, taken_by, winners, before), bid_of


# -- whole games -----------------------------------------------------------------------------

@pytest.mark.parametrize("variant_id", ["partner", "solo", "suicide", "mirrors", "dunn"])
def test_whole_games_count_every_hand_contract_and_result(tmp_path, variant_id):
    statistics = Statistics()
    games = [recorded_game(statistics, tmp_path / "statistics.json", variant_id, "normal", seed) for seed in (1, 2)]
    name, rules = quick(variant_id)
    side = side_of("S", rules.partners)
    tally = statistics.tally(name, "normal")
    hands = [hand for game in games for hand in game.finished]
    assert tally.games_played == 2
    assert tally.games_won + tally.games_lost == tally.games_played
    assert tally.games_won == sum(game.winner == side for game in games)
    assert tally.hands == len(hands)
    assert tally.contracts_made == sum(hand.score.sides[side].made is True for hand in hands)
    assert tally.contracts_set == sum(hand.score.sides[side].made is False for hand in hands)
    assert tally.bags == sum(hand.score.sides[side].bags_taken for hand in hands)
    nil_hands = [hand for hand in hands if hand.bids["S"].is_nil and not hand.bids["S"].blind]
    assert tally.nils_tried == len(nil_hands)
    if not (rules.team_nil and any(h.bids["N"].is_nil for h in nil_hands)):
        assert tally.nils_made == sum(hand.taken["S"] == 0 for hand in nil_hands)
    assert tally.best_score == max(game.standings[side].points for game in games)
    assert load(tmp_path / "statistics.json") == (statistics, None)


def test_suicide_games_give_the_player_nils_to_count(tmp_path):
    statistics = Statistics()
    for seed in (1, 2, 3):
        recorded_game(statistics, tmp_path / "s.json", "suicide", "expert", seed)
    tally = statistics.tally("Suicide", "expert")
    assert tally.nils_tried > 0
    assert tally.nils_made <= tally.nils_tried


def test_totals_add_up_every_variant_and_level(tmp_path):
    statistics = Statistics()
    recorded_game(statistics, tmp_path / "s.json", "partner", "normal", 1)
    recorded_game(statistics, tmp_path / "s.json", "partner", "expert", 2)
    recorded_game(statistics, tmp_path / "s.json", "solo", "normal", 3)
    assert set(key for key, _ in statistics) == {("Partner", "normal/normal"), ("Partner", "expert/expert"),
                                                 ("Solo", "normal/normal")}
    total = statistics.total
    tallies = [tally for _, tally in statistics]
    assert total.games_played == 3 == sum(t.games_played for t in tallies)
    assert total.games_won + total.games_lost == total.games_played
    for count in ("hands", "contracts_made", "contracts_set", "nils_tried", "nils_made", "bags", "bag_penalty"):
        assert getattr(total, count) == sum(getattr(t, count) for t in tallies)
    assert total.best_score == max(t.best_score for t in tallies)


def test_a_continued_game_counts_only_the_hands_played_after_it_was_restored(tmp_path):
    statistics = Statistics()
    name, rules = quick("partner")
    first = Game(rules, seed=9, variant=name)
    StatsRecorder(statistics, tmp_path / "s.json", "normal").attach(first)
    seats = players(rules, 9)
    while len(first.finished) < 2:
        seat = first.to_act
        first.apply(seat, decide(seats[seat], seat_view(first.hand, seat)))
    assert statistics.tally(name, "normal").hands == 2
    continued = Game.from_json(json.loads(json.dumps(first.to_json())))
    StatsRecorder(statistics, tmp_path / "s.json", "normal").attach(continued)
    play_game(continued, seats)
    tally = statistics.tally(name, "normal")
    assert tally.hands == len(continued.finished)
    assert tally.games_played == 1


def test_a_statistics_file_that_cannot_be_written_never_stops_the_game(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    statistics = Statistics()
    changes = []
    name, rules = quick("partner")
    game = Game(rules, seed=4, variant=name)
    recorder = StatsRecorder(statistics, blocker / "statistics.json", "normal", on_change=lambda: changes.append(1))
    recorder.attach(game)
    play_game(game, players(rules, 4))
    assert game.over
    assert recorder.error and recorder.error.startswith("Statistics not saved")
    assert statistics.tally(name, "normal").games_played == 1
    assert len(changes) == len(game.finished) + 1
    recorder.path = tmp_path / "statistics.json"
    recorder.hear(game.events[-1])
    assert recorder.error is None
    assert load(tmp_path / "statistics.json")[0] == statistics


# -- one hand, built by hand ------------------------------------------------------------------

def test_the_players_nil_made_is_counted_made():
    score, bids = hand_score("partner", "S:nil W:3 N:4 E:3", "S:0 W:4 N:5 E:4")
    statistics = Statistics()
    statistics.record_hand("Partner", "normal", score, "NS", bids)
    tally = statistics.tally("Partner", "normal")
    assert (tally.nils_tried, tally.nils_made) == (1, 1)
    assert (tally.contracts_made, tally.contracts_set, tally.bags) == (1, 0, 1)


def test_the_players_failed_nil_is_counted_tried_not_made():
    score, bids = hand_score("partner", "S:nil W:3 N:4 E:3", "S:2 W:4 N:3 E:4")
    statistics = Statistics()
    statistics.record_hand("Partner", "normal", score, "NS", bids)
    tally = statistics.tally("Partner", "normal")
    assert (tally.nils_tried, tally.nils_made) == (1, 0)
    # North took 3 of 4: set; South's two tricks are bags only.
    assert (tally.contracts_made, tally.contracts_set, tally.bags) == (0, 1, 2)


def test_blind_nils_are_counted_apart_from_nils():
    made, made_bids = hand_score("partner", "S:bnil W:3 N:4 E:3", "S:0 W:4 N:5 E:4")
    failed, failed_bids = hand_score("partner", "S:bnil W:3 N:4 E:3", "S:1 W:4 N:4 E:4")
    statistics = Statistics()
    statistics.record_hand("Partner", "normal", made, "NS", made_bids)
    statistics.record_hand("Partner", "normal", failed, "NS", failed_bids)
    tally = statistics.tally("Partner", "normal")
    assert (tally.blind_nils_tried, tally.blind_nils_made) == (2, 1)
    assert (tally.nils_tried, tally.nils_made) == (0, 0)


def test_the_partners_nil_is_not_the_players():
    score, bids = hand_score("partner", "S:4 W:3 N:nil E:3", "S:5 W:4 N:0 E:4")
    statistics = Statistics()
    statistics.record_hand("Partner", "normal", score, "NS", bids)
    assert statistics.tally("Partner", "normal").nils_tried == 0


def test_a_team_nil_counts_as_the_players_nil():
    score, bids = hand_score("dunn", "S:nil W:4 N:nil E:5", "S:3 W:5 N:0 E:5")
    statistics = Statistics()
    statistics.record_hand("Dunn 1995", "normal", score, "NS", bids)
    tally = statistics.tally("Dunn 1995", "normal")
    assert (tally.nils_tried, tally.nils_made) == (1, 1)


def test_solo_counts_the_players_own_seat_only():
    score, bids = hand_score("solo", "S:nil W:3 N:4 E:3", "S:1 W:3 N:5 E:4")
    statistics = Statistics()
    statistics.record_hand("Solo", "normal", score, "S", bids)
    tally = statistics.tally("Solo", "normal")
    assert (tally.nils_tried, tally.nils_made, tally.hands) == (1, 0, 1)
    assert (tally.contracts_made, tally.contracts_set) == (0, 0)
    assert tally.bags == 1


def test_bag_penalties_are_kept_as_points_lost():
    rules = PRESETS["partner"].rules
    bids = {"S": Bid(2), "W": Bid(3), "N": Bid(2), "E": Bid(3)}
    taken = {"S": 4, "W": 3, "N": 3, "E": 3}
    before = {"NS": Standing(200, 8), "EW": Standing()}
    score = score_hand(rules, bids, taken, [], before)
    statistics = Statistics()
    statistics.record_hand("Partner", "normal", score, "NS", bids)
    assert statistics.tally("Partner", "normal").bag_penalty == 100


def test_a_game_won_and_a_game_lost_keep_the_best_score():
    statistics = Statistics()
    statistics.record_game("Partner", "normal", True, 512)
    statistics.record_game("Partner", "normal", False, 230)
    tally = statistics.tally("Partner", "normal")
    assert (tally.games_played, tally.games_won, tally.games_lost, tally.best_score) == (2, 1, 1, 512)
    assert tally.win_rate == 0.5


def test_the_latest_games_keep_the_last_twenty_the_run_now_and_the_best_run():
    statistics = Statistics()
    for won in [True] * 25 + [False, False] + [True] * 3:
        statistics.record_game("Partner", "normal", won)
    form = statistics.form
    assert form.recent == "W" * 15 + "LL" + "WWW" and len(form.recent) == 20
    assert (form.run, form.best_run, form.winning) == (3, 25, True), "the best run reaches back past the twenty"
    assert form.last(10) == (8, 10)
    for _ in range(22):
        statistics.record_game("Solo", "expert", False)
    assert (statistics.form.recent, statistics.form.run, statistics.form.best_run) == ("L" * 20, 22, 25)
    assert Statistics.from_dict(statistics.to_dict()) == (statistics, [])
    statistics.reset()
    assert statistics.empty and statistics.form.last(10) == (0, 0)


@pytest.mark.parametrize(("form", "why"), [
    ({"recent": "WWX", "run": 2, "best_run": 2}, "is not up to 20 letters W or L"),
    ({"recent": "W" * 21, "run": 21, "best_run": 21}, "is not up to 20 letters W or L"),
    ({"recent": "LWW", "run": 3, "best_run": 3}, "a run of 3 does not end 'LWW'"),
    ({"recent": "LWW", "run": 1, "best_run": 3}, "a run of 1 does not end 'LWW'"),
    ({"recent": "W" * 5, "run": 9, "best_run": 9}, "a run of 9 does not end"),
    ({"recent": "LWW", "run": 2, "best_run": 1}, "the best run, 1, is shorter than the run now"),
    ({"recent": "", "run": True, "best_run": 0}, "its runs are not counts"),
    ({"recent": "L", "run": 1, "best_run": -4}, "its runs are not counts"),
    ("WWL", "not a record of games"),
])
def test_damaged_latest_games_are_left_out_and_the_rest_kept(tmp_path, form, why):
    path = tmp_path / "statistics.json"
    data = some_statistics().to_dict()
    data["form"] = form
    path.write_text(json.dumps(data), encoding="utf-8")
    statistics, message = load(path)
    assert dict(statistics) == dict(some_statistics()) and statistics.months == some_statistics().months
    assert statistics.form == Form()
    assert message and "its latest games: " in message and why in message


def test_a_file_of_a_version_before_the_latest_games_were_kept_reads_with_none():
    data = some_statistics().to_dict()
    del data["form"]
    statistics, problems = Statistics.from_dict(data)
    assert problems == [] and statistics.form == Form() and dict(statistics) == dict(some_statistics())


# -- the file --------------------------------------------------------------------------------

def some_statistics() -> Statistics:
    statistics = Statistics()
    statistics.record_game("Partner", "normal", True, 510, month="2026-11")
    statistics.record_game("Custom 1", "expert", False, -120, month="2026-12")
    score, bids = hand_score("partner", "S:nil W:3 N:4 E:3", "S:0 W:4 N:5 E:4")
    statistics.record_hand("Partner", "normal", score, "NS", bids, month="2026-12")
    return statistics


def test_saved_statistics_load_back_the_same(tmp_path):
    statistics = some_statistics()
    path = tmp_path / "deep" / "folder" / "statistics.json"
    statistics.save(path)
    assert load(path) == (statistics, None)
    assert Statistics.from_dict(statistics.to_dict()) == (statistics, [])
    assert [p.name for p in path.parent.iterdir()] == ["statistics.json"]


def test_saving_again_replaces_the_file(tmp_path):
    path = tmp_path / "statistics.json"
    some_statistics().save(path)
    fresh = Statistics()
    fresh.record_game("Solo", "normal", True)
    fresh.save(path)
    assert load(path) == (fresh, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["statistics.json"]


def test_a_missing_file_gives_empty_statistics_without_complaint(tmp_path):
    statistics, message = load(tmp_path / "nothing.json")
    assert statistics.empty and message is None
    assert statistics.total == Tally()


@pytest.mark.parametrize("contents", ["{not json", "[1, 2]", '{"format": "spades-game"}',
                                      '{"format": "spades-statistics", "version": 99, "tallies": []}', "\x00\xff"])
def test_a_damaged_file_gives_empty_statistics_and_says_where(tmp_path, contents):
    path = tmp_path / "statistics.json"
    path.write_text(contents, encoding="latin-1")
    statistics, message = load(path)
    assert statistics.empty
    assert message and str(path) in message and ("damaged" in message or "could not be read" in message)
    kept = tmp_path / "statistics.json.bad"
    assert f"the old file is kept as {kept.name}" in message, "a fresh file will take its place"
    assert kept.read_bytes() == contents.encode("latin-1") and not path.exists()


def test_a_statistics_file_with_a_byte_order_mark_loads_whole(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_bytes(b"\xef\xbb\xbf" + some_statistics().text().encode("utf-8"))
    assert load(path) == (some_statistics(), None)


def test_statistics_too_many_to_write_one_a_line_are_written_packed_and_read_back(tmp_path):
    path = tmp_path / "statistics.json"
    data = some_statistics().to_dict()
    data["tallies"] = [dict(data["tallies"][0], variant=f"Custom {i}") for i in range(12_000)]
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    statistics, message = load(path)
    assert message is None and len(statistics.tallies) == 12_000
    statistics.save(path)
    assert load(path) == (statistics, None), "what was read is written back readable"


def test_the_good_parts_of_a_damaged_file_are_kept(tmp_path):
    path = tmp_path / "statistics.json"
    data = some_statistics().to_dict()
    data["tallies"].append({"variant": "Solo", "level": "normal", "games_won": -3})
    data["tallies"].append({"variant": "Mirrors", "level": "normal", "nils_tried": 1, "nils_made": 2, "hands": 3})
    data["tallies"].append("nonsense")
    data["tallies"].append({"variant": "Partner", "level": "normal", "games_won": 7})
    path.write_text(json.dumps(data), encoding="utf-8")
    statistics, message = load(path)
    assert statistics == some_statistics()
    assert message and str(path) in message
    assert "entry 3: games_won is -3" in message and "entry 4: more nils made than tried" in message
    assert "entry 5" in message and "entry 6: Partner at normal/normal is listed twice" in message


def test_a_file_from_an_earlier_version_with_fewer_counts_still_loads(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-statistics", "version": 1, "tallies": [
        {"variant": "Partner", "level": "normal", "games_won": 2, "hands": 20, "future_count": 5}]}))
    statistics, message = load(path)
    assert message is None
    assert statistics.tally("Partner", "normal") == Tally(games_won=2, hands=20)
    assert statistics.months == {} and statistics.by_month() == [], "counted before months were kept"


def test_an_older_file_with_one_level_per_tally_reads_it_as_the_partners_and_the_opponents(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-statistics", "version": 1, "tallies": [
        {"variant": "Partner", "level": "normal", "games_won": 2, "hands": 20},
        {"variant": "Partner", "level": "expert", "games_lost": 1, "hands": 9},
        {"variant": "Solo", "level": "expert", "hands": 4}]}))
    statistics, message = load(path)
    assert message is None
    assert dict(statistics) == {("Partner", "normal/normal"): Tally(games_won=2, hands=20),
                                ("Partner", "expert/expert"): Tally(games_lost=1, hands=9),
                                ("Solo", "expert/expert"): Tally(hands=4)}
    assert statistics.tally("Partner", "expert") is statistics.tally("Partner", "expert/expert")
    statistics.record_game("Partner", "expert/normal", True, 500)
    statistics.save(path)
    saved = json.loads(path.read_text(encoding="utf-8"))["tallies"]
    assert [entry["level"] for entry in saved] == ["normal/normal", "expert/expert", "expert/expert", "expert/normal"]
    assert load(path) == (statistics, None)


def test_an_old_and_a_new_name_of_the_same_levels_in_one_file_are_one_tally_listed_twice(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_text(json.dumps({"format": "spades-statistics", "version": 1, "tallies": [
        {"variant": "Partner", "level": "normal", "hands": 2},
        {"variant": "Partner", "level": "normal/normal", "hands": 3}]}))
    statistics, message = load(path)
    assert dict(statistics) == {("Partner", "normal/normal"): Tally(hands=2)}
    assert message and "entry 2: Partner at normal/normal is listed twice" in message


def test_a_recorder_counts_each_hand_at_the_partners_and_opponents_levels_in_force(tmp_path):
    statistics = Statistics()
    name, rules = quick("partner")
    game = Game(rules, seed=4, variant=name)
    recorder = StatsRecorder(statistics, tmp_path / "s.json", "expert/normal")
    recorder.attach(game)
    seats = players(rules, 4)
    while not game.finished:
        game.apply(game.to_act, decide(seats[game.to_act], seat_view(game.hand, game.to_act)))
    recorder.levels = "normal/expert"
    play_game(game, seats)
    first, rest = statistics.tally(name, "expert/normal"), statistics.tally(name, "normal/expert")
    assert first.hands == 1 and not first.games_played
    assert rest.hands == len(game.finished) - 1 and rest.games_played == 1
    assert load(tmp_path / "s.json") == (statistics, None)


def test_reset_forgets_everything_and_saves_empty(tmp_path):
    statistics = some_statistics()
    statistics.reset()
    assert statistics.empty and statistics.total.games_played == 0
    statistics.save(tmp_path / "statistics.json")
    assert load(tmp_path / "statistics.json") == (Statistics(), None)


def test_counts_too_large_and_names_too_long_or_unprintable_are_left_out(tmp_path):
    path = tmp_path / "statistics.json"
    data = some_statistics().to_dict()
    data["tallies"] += [{"variant": "Solo", "level": "normal", "hands": 10**4000},
                        {"variant": "v" * 100_000, "level": "normal", "hands": 1},
                        {"variant": "Solo\x00", "level": "normal", "hands": 1}]
    path.write_text(json.dumps(data), encoding="utf-8")
    statistics, message = load(path)
    assert statistics == some_statistics()
    assert message is not None and message.isprintable() and len(message) < 600
    assert "entry 3: hands is" in message and "not a count" in message and "entry 4" in message


def test_a_huge_statistics_file_is_not_read(tmp_path):
    path = tmp_path / "statistics.json"
    with open(path, "wb") as stream:
        stream.truncate(50_000_000)
    statistics, message = load(path)
    assert statistics.empty and message is not None and "too large" in message


# -- month by month --------------------------------------------------------------------------

def test_a_recorder_counts_each_hand_and_game_in_the_month_it_is_scored_in(tmp_path):
    statistics = Statistics()
    name, rules = quick("partner")
    game = Game(rules, seed=4, variant=name)
    days = iter([date(2026, 11, 30)] + [date(2026, 12, 1)] * 100)
    StatsRecorder(statistics, tmp_path / "s.json", "expert/normal", today=lambda: next(days)).attach(game)
    play_game(game, players(rules, 4))
    november, december = statistics.months["2026-11"], statistics.months["2026-12"]
    assert (november.hands, november.games_played) == (1, 0)
    assert (december.hands, december.games_played) == (len(game.finished) - 1, 1)
    assert november + december == statistics.total, "every count is in a month too"
    assert [month for month, _ in statistics.by_month()] == ["2026-12", "2026-11"]
    assert load(tmp_path / "s.json") == (statistics, None)


def test_a_date_that_is_no_month_counts_in_the_totals_only(tmp_path):
    statistics = Statistics()
    name, rules = quick("partner")
    game = Game(rules, seed=5, variant=name)
    StatsRecorder(statistics, tmp_path / "s.json", "normal", today=lambda: date(1, 1, 1)).attach(game)
    play_game(game, players(rules, 5))
    assert statistics.total.games_played == 1 and statistics.months == {}
    with pytest.raises(ValueError, match="not a month"):
        statistics.record_game("Partner", "normal", True, month="2026-13")


def test_damaged_months_are_left_out_and_the_rest_kept(tmp_path):
    path = tmp_path / "statistics.json"
    data = some_statistics().to_dict()
    data["months"] += [{"month": "2026-13", "hands": 1}, {"month": 202612, "hands": 1}, "nonsense",
                       {"month": "2025-01", "hands": -2}, {"month": "2026-12", "hands": 9}]
    path.write_text(json.dumps(data), encoding="utf-8")
    statistics, message = load(path)
    assert statistics == some_statistics()
    assert message and "month 3: '2026-13' is not a month" in message and "month 4: 202612 is not" in message
    assert "month 5: not a tally" in message and "month 6: hands is -2" in message
    assert "month 7: 2026-12 is listed twice" in message

    data["months"] = {"2026-12": {}}
    path.write_text(json.dumps(data), encoding="utf-8")
    statistics, message = load(path)
    assert dict(statistics) == dict(some_statistics()) and statistics.months == {}
    assert message and "its list of months is not a list" in message


def test_a_file_of_months_alone_is_kept():
    data = some_statistics().to_dict()
    data["tallies"] = ["damaged"]
    statistics, problems = Statistics.from_dict(data)
    assert statistics.months == some_statistics().months and problems == ["entry 1: not a tally"]


def test_written_in_the_file_thread_the_file_holds_the_statistics_as_they_stood_when_counted(tmp_path):
    files, release = FileWriter(), threading.Event()
    files.run(lambda: release.wait(10))  # the disk is slow: what follows waits behind this
    statistics = Statistics()
    name, rules = quick("partner")
    game = Game(rules, seed=6, variant=name)
    StatsRecorder(statistics, tmp_path / "s.json", "normal", files=files).attach(game)
    seats = players(rules, 6)
    while not game.finished:
        game.apply(game.to_act, decide(seats[game.to_act], seat_view(game.hand, game.to_act)))
    statistics.record_game(name, "normal", True, 500)  # counted later, not yet saved
    assert not (tmp_path / "s.json").exists()
    release.set()
    assert files.close()
    saved, message = load(tmp_path / "s.json")
    assert message is None and saved.total.hands == 1 and saved.total.games_played == 0
