"""Files a player can have on disk: whatever they hold, the App starts, says what it could not use and goes on.

Every file is written into the test's own user folder and the real App is started on it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from game.game import SAVE_VERSION, Game
from game.records.savegame import SavedGameError, check_saved_game, load_game, save_game, set_aside
from game.rules import PRESETS
from scenes.look import layout, text
from scenes.look.cardart import BACKS
from scenes.screens.score import ScoreScene
from scenes.screens.title import TitleScene
from scenes.table.view import TableScene
from tests.app_driver import click_widget, frames, make_app, play_hand_by_mouse, start_game, words_on_screen


def started(folder: Path):
    """The App started on `folder`, showing the title after a couple of frames."""
    app = make_app(folder)
    frames(app)
    assert isinstance(app.scenes[-1], TitleScene)
    return app


def saved_game_text() -> str:
    """A game saved half way through its first hand."""
    game = Game(PRESETS["partner"].rules, seed=4)
    rng = random.Random(4)
    for _ in range(20):
        game.apply(game.to_act, rng.choice(game.hand.legal_choices(game.to_act)))
    return json.dumps(game.to_json())


def with_value(key: str, raw_json: str) -> str:
    """The saved game with `key`'s value replaced by the JSON text `raw_json` (which json.dumps could not write)."""
    data = json.loads(saved_game_text())
    marker = "REPLACED-VALUE"
    data[key] = marker
    return json.dumps(data).replace(f'"{marker}"', raw_json)


# -- settings ----------------------------------------------------------------------------------------


def test_an_unknown_card_back_falls_back_to_the_default_with_a_notice(tmp_path):
    (tmp_path / "settings.json").write_text('{"card_back": "zzz", "level": "expert"}', encoding="utf-8")
    app = started(tmp_path)
    assert app.settings.card_back == BACKS[0]
    assert (app.settings.partner_level, app.settings.opponents_level) == ("expert", "expert")
    assert any("card_back" in notice and "zzz" in notice for notice in app.notices)
    app.close()


def test_a_very_long_setting_is_reported_in_a_few_words(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"names": ["x" * 200_000] * 4}), encoding="utf-8")
    app = started(tmp_path)
    [notice] = app.notices
    assert "names" in notice and len(notice) < 400
    app.close()


# -- the saved game ----------------------------------------------------------------------------------

DAMAGED_SAVES = {
    "a seed of 1e400": lambda: with_value("seed", "1e400"),
    "a seed of 5,000 digits": lambda: with_value("seed", "7" * 5000),
    "JSON nested 100,000 deep": lambda: "[" * 100_000 + "]" * 100_000,
    "names of 200,000 characters": lambda: with_value("names", json.dumps(dict.fromkeys("SWNE", "n" * 200_000))),
    "a name with a control character": lambda: with_value("names", json.dumps(
        {"S": "You\x00", "W": "West", "N": "North", "E": "East"})),
    "a game id of 100,000 characters": lambda: with_value("id", json.dumps("i" * 100_000)),
    "half a file": lambda: saved_game_text()[:150],
    "bytes that are not UTF-8": lambda: "\udcff\udcfe{}",
    "an action that is a number": lambda: with_value("actions", "[1]"),
    "a float seed": lambda: with_value("seed", "4.0"),
}


def write_save(path: Path, text: str) -> bytes:
    data = text.encode("utf-8", "surrogateescape")
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("case", DAMAGED_SAVES)
def test_a_damaged_saved_game_is_set_aside_reported_and_not_offered(tmp_path, case):
    original = write_save(tmp_path / "game.json", DAMAGED_SAVES[case]())
    app = started(tmp_path)
    assert "continue" not in app.scenes[-1].buttons
    assert not (tmp_path / "game.json").exists()
    assert (tmp_path / "game.json.bad").read_bytes() == original
    [notice] = [n for n in app.notices if "saved game" in n.lower()]
    assert "game.json.bad" in notice and len(notice) < 400 and notice.isprintable()
    app.close()


@pytest.mark.parametrize("case", DAMAGED_SAVES)
def test_load_game_refuses_every_damaged_save_with_a_saved_game_error(tmp_path, case):
    path = tmp_path / "game.json"
    write_save(path, DAMAGED_SAVES[case]())
    with pytest.raises(SavedGameError) as refused:
        load_game(path)
    assert str(path) in str(refused.value) and len(str(refused.value)) < 400
    status = check_saved_game(path)
    assert (status.state, status.loads) == ("damaged", False) and status.message == str(refused.value)
    assert path.exists(), "checking never moves the file"


def test_a_saved_game_from_a_newer_version_is_kept_untouched_and_reported(tmp_path):
    original = write_save(tmp_path / "game.json", with_value("version", str(SAVE_VERSION + 1)))
    app = started(tmp_path)
    assert "continue" not in app.scenes[-1].buttons
    assert (tmp_path / "game.json").read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("game")) == ["game.json"]
    [notice] = [n for n in app.notices if "saved game" in n.lower()]
    assert "newer version" in notice
    app.close()
    assert check_saved_game(tmp_path / "game.json").state == "newer"


def test_a_saved_game_that_loads_is_offered_and_continues(tmp_path):
    write_save(tmp_path / "game.json", saved_game_text())
    assert check_saved_game(tmp_path / "game.json").loads
    app = started(tmp_path)
    click_widget(app, app.scenes[-1].buttons["continue"])
    assert isinstance(app.scenes[-1], TableScene)
    assert app.notices == []
    app.close()


def test_a_saved_game_damaged_after_the_title_showed_is_set_aside_on_continue(tmp_path):
    write_save(tmp_path / "game.json", saved_game_text())
    app = started(tmp_path)
    original = write_save(tmp_path / "game.json", with_value("seed", "1e400"))
    click_widget(app, app.scenes[-1].buttons["continue"])
    assert isinstance(app.scenes[-1], TitleScene)
    assert "continue" not in app.scenes[-1].buttons
    assert (tmp_path / "game.json.bad").read_bytes() == original
    assert any("game.json.bad" in notice for notice in app.notices)
    app.close()


def test_set_aside_never_overwrites_an_earlier_bad_file(tmp_path):
    path = tmp_path / "game.json"
    moved = []
    for number in range(3):
        path.write_text(f"damaged {number}", encoding="utf-8")
        moved.append(set_aside(path))
    assert [p.read_text(encoding="utf-8") for p in moved] == ["damaged 0", "damaged 1", "damaged 2"]
    assert len(set(moved)) == 3 and moved[0].name == "game.json.bad"
    assert all(p.name.endswith(".bad") for p in moved) and not path.exists()


def test_a_huge_saved_game_is_refused_without_being_read(tmp_path):
    path = tmp_path / "game.json"
    with open(path, "wb") as stream:
        stream.truncate(50_000_000)  # sparse: 50 MB of zero bytes
    status = check_saved_game(path)
    assert status.state == "damaged" and "too large" in status.message


def test_a_missing_saved_game_is_simply_not_offered(tmp_path):
    status = check_saved_game(tmp_path / "game.json")
    assert (status.state, status.loads) == ("missing", False)
    app = started(tmp_path)
    assert "continue" not in app.scenes[-1].buttons and app.notices == []
    app.close()


# -- what the title says of them -----------------------------------------------------------------------
def test_notices_too_long_for_the_title_show_whole_over_the_menu_while_pointed_at(tmp_path, monkeypatch):
    folder = tmp_path / "a folder with a name long enough to push the notices past the screen's width"
    folder.mkdir()
    (folder / "settings.json").write_text('{"card_back": "zzz", "volume": "loud"}', encoding="utf-8")
    write_save(folder / "game.json", "{not json")
    app = started(folder)
    title = app.scenes[-1]
    assert len(app.notices) == 2
    drawn = words_on_screen(app, monkeypatch)
    cut = [line for line in drawn if line.endswith(" ..")]
    assert len(cut) == 2 and all(text.font(8).size(line)[0] <= 620 for line in cut), "a line each, cut"

    at = app.window.to_window((320, layout.HEIGHT - 20))  # on the last notice
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    whole = "".join(line for line in words_on_screen(app, monkeypatch) if line not in cut)
    for notice in app.notices:
        assert notice.replace(" ", "") in whole.replace(" ", ""), f"{notice[:40]!r} whole"
    assert not any(button.visible for button in title.widgets), "the menu under the notices is hidden"

    away = app.window.to_window((320, 20))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert all(button.visible for button in title.widgets)
    assert [line for line in words_on_screen(app, monkeypatch) if line.endswith(" ..")] == cut
    app.close()


# -- left-over temporary files -------------------------------------------------------------------------


def test_temporary_files_left_by_a_crash_while_saving_are_removed_on_the_next_start(tmp_path):
    leftovers = ["game.json3k9x_q2a.tmp", "statistics.jsonab12cd34.tmp", "settings.jsonzz99yy88.tmp"]
    for name in leftovers:
        (tmp_path / name).write_text('{"half": ', encoding="utf-8")
    others = ["notes.tmp", "game.json.bad", "my game.json.tmp.txt"]
    for name in others:
        (tmp_path / name).write_text("the player's", encoding="utf-8")
    app = started(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name in leftovers + others) == sorted(others)
    app.close()


def test_saving_twice_leaves_only_the_saved_game(tmp_path):
    game = Game(PRESETS["partner"].rules, seed=3)
    for _ in range(2):
        save_game(game, tmp_path / "game.json")
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert load_game(tmp_path / "game.json").to_json() == game.to_json()


# -- statistics that cannot be written ------------------------------------------------------------------


def test_a_statistics_write_that_fails_is_told_once_on_screen_and_the_game_goes_on(tmp_path, monkeypatch):
    app = started(tmp_path)
    try:
        (tmp_path / "statistics.json").mkdir()  # a folder where the statistics go: every write fails
        table = start_game(app)
        play_hand_by_mouse(app)
        score = app.scenes[-1]
        assert isinstance(score, ScoreScene)
        [problem] = score.problems
        assert problem.startswith("Statistics not saved") and len(problem) < 400 and problem.isprintable()
        shown: list[str] = []
        real = text.draw
        monkeypatch.setattr(text, "draw", lambda surface, line, *args, **kwargs: (
            shown.append(line), real(surface, line, *args, **kwargs))[1])
        app.redraw()
        frames(app, 1)
        monkeypatch.setattr(text, "draw", real)
        assert any(line.startswith("Statistics not saved") for line in shown), "the score screen shows it"
        assert str(tmp_path) in "".join(shown), "with the folder it could not be written to, whole"
        assert [n for n in app.notices if n.startswith("Statistics not saved")] == [problem]
        click_widget(app, score.button)
        play_hand_by_mouse(app)
        assert isinstance(app.scenes[-1], ScoreScene) and not app.scenes[-1].problems, "told once"
        assert len(table.game.finished) == 2 and app.recorder.error == problem, "it still fails, and play goes on"
        assert [n for n in app.notices if n.startswith("Statistics not saved")] == [problem]
        assert (tmp_path / "statistics.json").is_dir() and not list((tmp_path / "statistics.json").iterdir())
    finally:
        app.close()
