"""The Statistics screen, driven through the event queue: the table, scrolling, Reset, leaving."""

from __future__ import annotations

import threading

import pygame

from game.bids import Bid
from game.records.atomic import write_atomic
from game.records.stats import Statistics, Tally, load
from game.rules import PRESETS
from game.scoring import Standing, score_hand
from scenes.look.palette import GOOD
from scenes.screens.statistics import VISIBLE_ROWS, StatisticsScene
from scenes.screens.title import TitleScene
from tests.app_driver import click_widget, frames, make_app, press, words_on_screen


def some_statistics() -> Statistics:
    statistics = Statistics()
    rules = PRESETS["partner"].rules
    bids = {"S": Bid(0), "W": Bid(3), "N": Bid(4), "E": Bid(3)}
    made = score_hand(rules, bids, {"S": 0, "W": 4, "N": 5, "E": 4}, [], {"NS": Standing(), "EW": Standing()})
    failed = score_hand(rules, bids, {"S": 1, "W": 4, "N": 3, "E": 5}, [], {"NS": Standing(), "EW": Standing()})
    statistics.record_hand("Partner", "normal", made, "NS", bids)
    statistics.record_hand("Partner", "normal", failed, "NS", bids)
    statistics.record_game("Partner", "normal", True, 520)
    statistics.record_game("Solo", "expert", False, 120)
    statistics.record_game("Solo", "expert", False, 80)
    statistics.record_game("Partner", "expert", True, 505)
    statistics.record_game("Partner", "expert/normal", False, 300)
    return statistics


def open_statistics(app, statistics: Statistics, path) -> StatisticsScene:
    app.push(StatisticsScene(app, statistics, path))
    frames(app)
    return app.scenes[-1]


def test_the_table_has_a_row_per_variant_and_levels_and_the_totals(app, tmp_path):
    scene = open_statistics(app, some_statistics(), tmp_path / "statistics.json")
    table = scene.table()
    assert [row[:2] for row in table] == [["Partner", "Normal/Normal"], ["Partner", "Expert/Normal"],
                                          ["Partner", "Expert/Expert"], ["Solo", "-/Expert"], ["All", ""]]
    won, lost, rate, hands, made, set_, nils, blind, bags = table[0][2:]
    assert (won, lost, rate, hands) == ("1", "0", "100%", "2")
    assert (made, set_, nils, blind, bags) == ("1", "1", "1/2", "0/0", "1.00")
    assert table[1][2:5] == ["0", "1", "0%"]
    assert table[3][2:5] == ["0", "2", "0%"]
    assert table[-1][2:5] == ["2", "3", "40%"]


def test_solo_has_no_partner_level_and_a_presets_name_loses_its_year_before_it_is_cut(app, tmp_path):
    statistics = Statistics()
    statistics.record_game("Solo", "expert/normal", True, 300)
    statistics.record_game("Solo", "normal/normal", False, 120)  # the partner level set only Suggest there
    statistics.record_game("Stelmack 1990", "expert/normal", True, 500)
    table = open_statistics(app, statistics, tmp_path / "statistics.json").table()
    assert [row[:5] for row in table[:-1]] == [["Solo", "-/Normal", "1", "1", "50%"],
                                               ["Stelmack", "Expert/Normal", "1", "0", "100%"]]


def test_the_latest_games_are_told_under_the_totals(app, tmp_path, monkeypatch):
    statistics = some_statistics()  # won, lost, lost, won, lost
    scene = open_statistics(app, statistics, tmp_path / "statistics.json")
    assert "Last 5: won 2." in words_on_screen(app, monkeypatch), "no run of one game, no best run of one"
    for _ in range(3):
        statistics.record_game("Partner", "normal", True, 400)
    assert "Last 8: won 5. 3 won in a row. Best run: 3 won." in words_on_screen(app, monkeypatch)
    for _ in range(4):
        statistics.record_game("Partner", "normal", False, 100)
    words = words_on_screen(app, monkeypatch)
    assert "Last 10: won 4. 4 lost in a row. Best run: 3 won." in words
    assert words.index("Last 10: won 4. 4 lost in a row. Best run: 3 won.") == words.index(
        "12 games: won 5, lost 7 (42%). Best score 520.") + 1, "under the totals"
    assert scene.table()


def test_nothing_counted_shows_no_table_and_no_reset(app, tmp_path):
    scene = open_statistics(app, Statistics(), tmp_path / "statistics.json")
    assert scene.table() == []
    assert not scene.buttons["reset"].is_enabled


def test_reset_asks_once_more_then_forgets_and_saves(app, tmp_path):
    path = tmp_path / "statistics.json"
    statistics = some_statistics()
    statistics.save(path)
    scene = open_statistics(app, statistics, path)
    click_widget(app, scene.buttons["reset"])
    assert scene.buttons["reset"].text == "Sure? Reset"
    assert not statistics.empty and load(path) == (some_statistics(), None)
    click_widget(app, scene.buttons["reset"])
    assert statistics.empty and scene.table() == []
    assert load(path) == (Statistics(), None)
    assert scene.buttons["reset"].text == "Reset" and not scene.buttons["reset"].is_enabled
    assert scene.message and scene.message[0] == "Statistics reset."


def test_a_reset_that_cannot_be_saved_says_so(app, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    scene = open_statistics(app, some_statistics(), blocker / "statistics.json")
    click_widget(app, scene.buttons["reset"])
    click_widget(app, scene.buttons["reset"])
    assert scene.statistics.empty
    assert scene.message and "not saved" in scene.message[0]


def test_many_rows_scroll_with_the_keys_and_the_wheel(app, tmp_path):
    statistics = Statistics()
    for number in range(VISIBLE_ROWS + 5):
        statistics.tallies[(f"Game {number:02d}", "normal")] = Tally(games_won=number, hands=1)
    scene = open_statistics(app, statistics, tmp_path / "statistics.json")
    assert len(scene.table()) == VISIBLE_ROWS + 1
    assert scene.table()[0][0] == "Game 00"
    press(app, pygame.K_DOWN)
    assert scene.table()[0][2] == "1"
    press(app, pygame.K_END)
    assert scene.table()[-2][2] == str(VISIBLE_ROWS + 4)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    frames(app)
    assert scene.table()[0][2] == "3"
    press(app, pygame.K_HOME)
    assert scene.table()[0][2] == "0"
    assert scene.table()[-1][2] == str(sum(range(VISIBLE_ROWS + 5)))


def test_escape_and_back_return_to_the_title(app, tmp_path):
    open_statistics(app, some_statistics(), tmp_path / "statistics.json")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes[-1], TitleScene)
    scene = open_statistics(app, some_statistics(), tmp_path / "statistics.json")
    click_widget(app, scene.buttons["back"])
    assert isinstance(app.scenes[-1], TitleScene)
    assert len(app.scenes) == 1


def test_the_screen_draws_the_table(app, tmp_path):
    open_statistics(app, Statistics(), tmp_path / "statistics.json")
    empty = pygame.image.tobytes(app.screen.subsurface(pygame.Rect(20, 90, 600, 100)), "RGB")
    app.pop()
    open_statistics(app, some_statistics(), tmp_path / "statistics.json")
    full = pygame.image.tobytes(app.screen.subsurface(pygame.Rect(20, 90, 600, 100)), "RGB")
    assert empty != full


def months_and_older_counts() -> Statistics:
    """Statistics of which December and November 2026 were counted by month, and more before."""
    statistics = some_statistics()  # counted without months, as by a version before them
    statistics.record_game("Partner", "normal", True, 500, month="2026-11")
    statistics.record_game("Solo", "expert", False, 50, month="2026-12")
    statistics.record_game("Partner", "expert/normal", True, 410, month="2026-12")
    rules = PRESETS["partner"].rules
    bids = {"S": Bid(3), "W": Bid(3), "N": Bid(4), "E": Bid(3)}
    made = score_hand(rules, bids, {"S": 3, "W": 3, "N": 5, "E": 2}, [], {"NS": Standing(), "EW": Standing()})
    statistics.record_hand("Partner", "normal", made, "NS", bids, month="2026-12")
    return statistics


def test_by_month_shows_each_month_the_latest_first_and_their_total(app, tmp_path):
    scene = open_statistics(app, months_and_older_counts(), tmp_path / "statistics.json")
    assert scene.table()[0][:2] == ["Partner", "Normal/Normal"]
    click_widget(app, scene.tabs["months"])
    assert scene.view == "months" and scene.tabs["months"].is_selected
    table = scene.table()
    assert [row[:2] for row in table] == [["Dec 2026", ""], ["Nov 2026", ""], ["All", ""]]
    won, lost, rate, hands, made, set_, nils, blind, bags = table[0][2:]
    assert (won, lost, rate, hands, made, set_, bags) == ("1", "1", "50%", "1", "1", "0", "1.00")
    assert table[1][2:5] == ["1", "0", "100%"]
    assert table[2][2:6] == ["2", "1", "67%", "1"], "the months' own total, not the older counts'"
    assert scene.notes()[0] == "Every variant and level together, since Nov 2026."
    press(app, pygame.K_TAB)
    assert scene.view == "rules" and scene.table()[-1][2:4] == ["4", "4"]


def test_by_month_before_any_month_was_counted_says_so(app, tmp_path):
    scene = open_statistics(app, some_statistics(), tmp_path / "statistics.json")
    press(app, pygame.K_TAB)
    assert scene.view == "months" and scene.table() == []
    assert scene.nothing_yet()[0] == "No month counted yet."
    assert scene.buttons["reset"].is_enabled, "the counts by rules can still be reset"


def test_reset_forgets_the_months_too(app, tmp_path):
    path = tmp_path / "statistics.json"
    scene = open_statistics(app, months_and_older_counts(), path)
    click_widget(app, scene.tabs["months"])
    click_widget(app, scene.buttons["reset"])
    click_widget(app, scene.buttons["reset"])
    assert scene.table() == [] and scene.nothing_yet()[0] == "Nothing counted yet."
    assert scene.nothing_yet()[-1] == "game is counted here, month by month."
    assert load(path) == (Statistics(), None)


def test_many_months_scroll(app, tmp_path):
    statistics = Statistics(months={f"20{year}-{month:02d}": Tally(hands=1) for year in (25, 26)
                                    for month in range(1, 13)})
    scene = open_statistics(app, statistics, tmp_path / "statistics.json")
    press(app, pygame.K_TAB)
    assert len(scene.table()) == VISIBLE_ROWS + 1 and scene.table()[0][0] == "Dec 2026"
    press(app, pygame.K_END)
    assert scene.table()[-2][0] == "Jan 2025" and scene.table()[-1][5] == "24"


def test_a_reset_while_earlier_statistics_are_still_being_written_is_what_the_file_keeps(tmp_path):
    app = make_app(tmp_path, inline_files=False)
    frames(app)
    path = tmp_path / "statistics.json"
    release, earlier = threading.Event(), some_statistics().text()
    app.files.run(lambda: release.wait(10))  # a slow disk: the last hand's statistics wait to be written
    app.files.run(lambda: write_atomic(path, earlier))
    scene = open_statistics(app, some_statistics(), path)
    click_widget(app, scene.buttons["reset"])
    click_widget(app, scene.buttons["reset"])
    assert scene.message == ("Statistics reset.", GOOD)
    release.set()
    assert app.files.wait(10)
    assert load(path) == (Statistics(), None)
    app.close()
