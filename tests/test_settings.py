"""The settings store: defaults, a round trip through the file, damaged files, atomic saving, Spades.save's folder."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import fields
from pathlib import Path

import platformdirs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules import PRESETS, Rules
from scenes.look.cardart import BACKS
from scenes.settings import (
    SettingError,
    Settings,
    SettingsStore,
    save_hand_path,
    saved_game_path,
    settings_path,
    stats_path,
)


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    """Keep every test away from the real user's folders."""
    folders = {"config": tmp_path / "config", "data": tmp_path / "data"}
    monkeypatch.setattr(platformdirs, "user_config_path", lambda *args, **kwargs: folders["config"] / args[0])
    monkeypatch.setattr(platformdirs, "user_data_path", lambda *args, **kwargs: folders["data"] / args[0])
    return folders


def changed_settings() -> Settings:
    custom = Rules.parse("nil=50 win=250", base=PRESETS["partner"].rules).to_line()
    return Settings(save_hand=True, variant="custom2", custom_rules={"custom2": custom}, partner_level="normal",
                    opponents_level="expert", names=("Ann", "Bo", "Cy", "Di"), speed="fast", trick_delay=0.0,
                    sound=False, volume=0.25, fullscreen=False, window_size=(900, 600), window_maximized=True,
                    card_back="boing", four_colour=True, spades_first=False, aces_left=False,
                    dim_illegal=False, auto_last_card=False, click_to_raise=True, win_score=150,
                    scaling="sharp", blind_offer="never", allow_undo=False, coach=True, coach_margin=10, why=False,
                    online_server="spades.example.org:7626", online_name="Ann", online_token="0123abcd4567ef89")


def test_settings_round_trip_through_the_file(tmp_path):
    store = SettingsStore(tmp_path / "nested" / "settings.json")
    store.save(changed_settings())
    assert SettingsStore(store.path).load() == (changed_settings(), None)


def test_every_setting_differs_from_its_default_in_the_round_trip_example():
    defaults, changed = Settings().to_dict(), changed_settings().to_dict()
    assert [name for name in defaults if defaults[name] == changed[name]] == []


def test_missing_file_gives_the_defaults_and_no_message(tmp_path):
    assert SettingsStore(tmp_path / "absent.json").load() == (Settings(), None)


@pytest.mark.parametrize("contents", ['{"volume": 0.3, "sound": fal', "[1, 2, 3]", '{"volume": 0.3, "name": "Jo\xe9"}'])
def test_a_file_that_cannot_be_used_gives_the_defaults_says_so_and_is_kept_aside(tmp_path, contents):
    path = tmp_path / "settings.json"
    path.write_bytes(contents.encode("latin-1"))
    store = SettingsStore(path)
    settings, message = store.load()
    assert settings == Settings()
    assert message is not None and str(path) in message and "\n" not in message
    assert "the old file is kept as settings.json.bad" in message
    store.save(settings)
    assert (tmp_path / "settings.json.bad").read_bytes() == contents.encode("latin-1"), "the next save loses nothing"


def test_a_settings_file_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + SettingsStore.text(changed_settings()).encode("utf-8"))
    assert SettingsStore(path).load() == (changed_settings(), None)


def test_one_wrong_type_is_ignored_and_the_other_settings_kept(tmp_path):
    path = tmp_path / "settings.json"
    data = changed_settings().to_dict()
    data["volume"] = "loud"
    path.write_text(json.dumps(data), encoding="utf-8")
    settings, message = SettingsStore(path).load()
    assert settings == changed_settings().replace(volume=Settings().volume)
    assert message is not None and "volume" in message and str(path) in message and "\n" not in message


def test_unknown_settings_are_reported_and_the_rest_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"level": "expert", "table_colour": "blue"}), encoding="utf-8")
    settings, message = SettingsStore(path).load()
    assert settings == Settings(partner_level="expert", opponents_level="expert")
    assert message is not None and "table_colour" in message


def test_the_partner_is_expert_and_the_opponents_normal_by_default():
    assert (Settings().partner_level, Settings().opponents_level) == ("expert", "normal")
    assert Settings().levels == "expert/normal"
    assert Settings().players_words() == "Expert partner, Normal opponents"
    assert Settings().players_words(partners=False) == "Normal opponents"


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_an_older_file_with_one_computer_level_gives_it_to_the_partner_and_the_opponents(tmp_path, level):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"level": level, "volume": 0.25}), encoding="utf-8")
    assert SettingsStore(path).load() == (Settings(partner_level=level, opponents_level=level, volume=0.25), None)
    SettingsStore(path).save(SettingsStore(path).load()[0])
    written = json.loads(path.read_text(encoding="utf-8"))
    assert "level" not in written and (written["partner_level"], written["opponents_level"]) == (level, level)


def test_the_new_levels_count_over_an_older_level_in_the_same_file():
    settings, problems = Settings.from_dict({"level": "normal", "partner_level": "expert"})
    assert (settings.partner_level, settings.opponents_level, problems) == ("expert", "normal", [])
    settings, problems = Settings.from_dict({"opponents_level": "expert", "level": "normal", "partner_level": "normal"})
    assert (settings.partner_level, settings.opponents_level, problems) == ("normal", "expert", [])


def test_unknown_levels_fall_back_to_the_defaults_with_a_notice(tmp_path):
    settings, problems = Settings.from_dict({"partner_level": "grandmaster", "opponents_level": "expert"})
    assert (settings.partner_level, settings.opponents_level) == ("expert", "expert")
    assert problems == ["partner_level: expected one of normal, expert, not 'grandmaster'"]
    settings, problems = Settings.from_dict({"level": "mc"})
    assert settings == Settings() and problems == ["level: expected one of normal, expert, not 'mc'"]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"opponents_level": 3}), encoding="utf-8")
    settings, message = SettingsStore(path).load()
    assert settings == Settings() and message is not None and "opponents_level" in message and str(path) in message


def test_from_dict_reports_each_bad_value_and_uses_its_default():
    settings, problems = Settings.from_dict({"names": ["A", "B"], "speed": "warp", "win_score": True,
                                             "trick_delay": 2, "save_hand": True})
    assert settings == Settings(save_hand=True, trick_delay=2.0)
    assert len(problems) == 3
    assert [p.split(":")[0] for p in problems] == ["names", "speed", "win_score"]


@pytest.mark.parametrize("size", [[900], [900, 600, 1], [True, 600], [900.5, 600], [639, 600], [900, 20_000],
                                  "900x600", {"w": 900}])
def test_a_window_size_that_is_no_size_is_dropped_alone(size):
    settings, problems = Settings.from_dict({"window_size": size, "volume": 0.25})
    assert settings == Settings(volume=0.25) and settings.window_size is None
    assert [p.split(":")[0] for p in problems] == ["window_size"], problems


def test_a_window_size_is_kept_as_a_width_and_a_height():
    assert Settings.from_dict({"window_size": [900, 600]}) == (Settings(window_size=(900, 600)), [])
    assert Settings(window_size=(900, 600)).to_dict()["window_size"] == [900, 600]


def test_a_custom_slot_with_a_bad_rules_line_is_dropped_alone():
    good = PRESETS["solo"].rules.to_line()
    settings, problems = Settings.from_dict({"custom_rules": {"custom1": good, "custom2": "nil=lots",
                                                              "custom9": good}})
    assert settings.custom_line("custom1") == good
    assert settings.custom_line("custom2") is None
    assert len(problems) == 2 and all(p.startswith("custom_rules") for p in problems)


def test_a_custom_slot_with_a_bag_penalty_in_the_millions_is_dropped_with_a_notice(tmp_path):
    """Once kept, its scores ran past what a seat's view holds and the computers could no longer play."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"variant": "custom1", "custom_rules": {"custom1": "bags=1/10000000 lose=off"}}),
                    encoding="utf-8")
    settings, message = SettingsStore(path).load()
    assert settings.custom_line("custom1") is None
    assert message is not None and "the penalty at most 1000" in message and str(path) in message


def test_bad_values_are_refused_when_building_or_replacing_settings():
    with pytest.raises(SettingError):
        Settings(partner_level="grandmaster")
    with pytest.raises(SettingError):
        Settings(opponents_level="grandmaster")
    with pytest.raises(SettingError):
        Settings().replace(volume=1.5)
    with pytest.raises(SettingError):
        Settings(names=("You", "", "North", "East"))
    with pytest.raises(SettingError):
        Settings(custom_rules={"custom1": "partners=0 teamnil=50"})


def test_settings_are_frozen_and_hashable_with_custom_rules():
    settings = Settings(custom_rules={"custom1": PRESETS["dunn"].rules.to_line()})
    assert hash(settings) == hash(Settings(custom_rules=settings.custom_rules))
    with pytest.raises(AttributeError):
        settings.partner_level = "normal"  # type: ignore[misc]


def test_game_variant_uses_the_custom_rules_and_the_chosen_win_score():
    chosen = changed_settings().game_variant()
    assert chosen.id == "custom2"
    assert chosen.rules.nil == 50
    assert chosen.rules.win == 150
    assert Settings().game_variant() == PRESETS["partner"]
    assert Settings(variant="custom1").game_variant().rules == PRESETS["partner"].rules


def test_names_by_seat_follow_south_west_north_east():
    assert changed_settings().names_by_seat() == {"S": "Ann", "W": "Bo", "N": "Cy", "E": "Di"}


def test_failed_save_leaves_the_old_file_intact_and_no_temporary_file(tmp_path, monkeypatch):
    store = SettingsStore(tmp_path / "settings.json")
    store.save(Settings())
    before = store.path.read_bytes()

    def broken_replace(source, target):
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        store.save(changed_settings())
    assert store.path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_save_into_a_folder_that_cannot_exist_raises_oserror(tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(OSError):
        SettingsStore(blocker / "settings.json").save(Settings())


def test_store_and_game_files_default_to_the_user_folders(user_folders):
    assert SettingsStore().path == settings_path() == user_folders["config"] / "Spades" / "settings.json"
    assert saved_game_path() == user_folders["data"] / "Spades" / "game.json"
    assert stats_path() == user_folders["data"] / "Spades" / "statistics.json"


def test_hands_are_saved_in_a_writable_current_folder(tmp_path, monkeypatch):
    assert save_hand_path(tmp_path) == (tmp_path / "Spades.save", None)
    monkeypatch.chdir(tmp_path)
    assert save_hand_path() == (tmp_path / "Spades.save", None)
    assert list(tmp_path.iterdir()) == []


def test_an_existing_hand_log_in_the_current_folder_is_kept(tmp_path):
    log = tmp_path / "Spades.save"
    log.write_text("[Game \"1\"]\n", encoding="utf-8")
    assert save_hand_path(tmp_path) == (log, None)
    assert log.read_text(encoding="utf-8") == "[Game \"1\"]\n"


def test_hands_go_to_the_data_folder_when_the_current_folder_refuses_files(tmp_path, monkeypatch, user_folders):
    read_only = tmp_path / "read_only"
    read_only.mkdir()
    real_mkstemp = tempfile.mkstemp

    def refusing_mkstemp(*args, **kwargs):
        if Path(kwargs.get("dir", "")) == read_only:
            raise PermissionError(13, "Permission denied", str(read_only))
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refusing_mkstemp)
    path, message = save_hand_path(read_only)
    assert path == user_folders["data"] / "Spades" / "Spades.save"
    assert path.parent.is_dir()
    assert message is not None and str(read_only) in message and str(path) in message


def test_hands_go_to_the_data_folder_when_the_current_folder_is_gone(tmp_path, user_folders):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder", encoding="utf-8")
    path, message = save_hand_path(blocker / "inside")
    assert path == user_folders["data"] / "Spades" / "Spades.save"
    assert message is not None and str(path) in message


def test_the_card_back_is_one_of_the_backs_the_card_art_draws():
    for back in BACKS:
        assert Settings(card_back=back).card_back == back
    for name in ("zzz", "Lattice", "", 7, None):
        with pytest.raises(SettingError):
            Settings(card_back=name)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=12)


@given(st.dictionaries(st.sampled_from([field.name for field in fields(Settings)]) | st.text(max_size=12),
                       JSON_VALUES, max_size=6))
def test_any_json_object_gives_settings_and_a_short_printable_problem_for_each_value_refused(data):
    settings, problems = Settings.from_dict(data)
    assert isinstance(settings, Settings)
    assert all(problem.isprintable() and len(problem) < 400 for problem in problems)


def test_a_huge_settings_file_is_not_read(tmp_path):
    path = tmp_path / "settings.json"
    with open(path, "wb") as stream:
        stream.truncate(20_000_000)
    settings, message = SettingsStore(path).load()
    assert settings == Settings() and message is not None and "too large" in message
