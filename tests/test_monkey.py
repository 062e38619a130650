"""A monkey at the controls (:mod:`scenes.tools.monkey`): random clicks, keys, typing, window
sizes and closes on the real App, at a table on this computer and at a server's table. Nothing
may raise, a scene always shows, and each time the table waits for the player it shows what
the game holds. The computers think inside the loop here, so each seed replays exactly.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from scenes.table.view import TableScene
from scenes.tools.monkey import main, monkey, table_differences
from tests.app_driver import wait_for

ACTIONS = 1500


@pytest.mark.parametrize("seed", [1, 7])
def test_a_monkey_at_the_controls_breaks_nothing_and_the_table_always_shows_the_game(tmp_path: Path, seed: int):
    with monkey(tmp_path, seed, inline=True) as player:
        report = player.run(actions=ACTIONS)
    assert report.failure is None, report.describe(seed)
    assert report.actions == ACTIONS
    assert report.turns_checked["TableScene"] >= 100, "the table was compared with the game at the player's turns"


def test_a_monkey_at_a_servers_table_breaks_nothing_and_the_table_shows_the_servers_view(tmp_path: Path):
    """Brought back to a new table at the server whenever it has wandered off."""
    with monkey(tmp_path, 3, online=True, inline=True) as player:
        report = player.run(actions=ACTIONS)
    assert report.failure is None, report.describe(3)
    assert report.turns_checked["TableScene online"] >= 200, "the server's table was compared at the player's turns"


def test_the_check_finds_a_table_that_shows_a_trick_its_game_does_not_count(app):
    """The comparison itself: a table whose model lost a trick is told apart from its game."""
    app.new_game()
    wait_for(app, lambda: isinstance(app.scenes[-1], TableScene) and not app.scenes[-1].busy
             and app.scenes[-1].turn is not None)
    table = app.scenes[-1]
    assert table_differences(table) == []
    table.model.taken["E"] += 1
    assert table_differences(table) == [f"taken: shown {table.model.taken}, held {dict(table.game.hand.taken)}"]


def test_the_check_finds_a_fan_face_down_after_the_player_has_bid(app):
    app.new_game()
    wait_for(app, lambda: isinstance(app.scenes[-1], TableScene) and not app.scenes[-1].busy
             and app.scenes[-1].turn is not None)
    table = app.scenes[-1]
    table.model.south_looked = False
    assert table_differences(table) == ["fan face up: shown False, held True"]


def test_a_nights_run_plays_one_monkey_per_seed_and_counts_the_runs_that_passed(tmp_path: Path, capsys):
    assert main(["--seconds", "0.5", "--seed", "11", "--runs", "2", "--inline", "--folder", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert said.count("seed 11: ") == said.count("seed 12: ") == 1 and said.rstrip().endswith("2 of 2 runs passed")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["seed-11", "seed-12"], "a folder for each monkey"


def test_a_monkey_that_fails_online_names_the_scenes_and_the_last_messages_from_the_server(tmp_path: Path, monkeypatch):
    with monkey(tmp_path, 5, online=True, inline=True) as player:
        player.sit_at_a_servers_table()
        deadline = time.monotonic() + 20
        while not any(" event seq " in line for line in player.heard):  # the deal has begun to come
            assert time.monotonic() < deadline, list(player.heard)
            player.frames(1)
            time.sleep(0.005)
        monkeypatch.setattr(TableScene, "draw", lambda scene, surface: 1 / 0)  # a table that breaks
        report = player.run(actions=5)
    described = report.describe(5)
    assert "ZeroDivisionError" in described
    assert "scenes: TitleScene < ConnectScene < LobbyScene < TableScene online (table " in described
    assert report.last_messages and any(" event seq " in line for line in report.last_messages), described
