"""Files written in a thread of their own: the frame loop never waits for the disk, and nothing
asked to be written is lost, reordered or silently dropped when it fails."""

from __future__ import annotations

import os
import threading

import pytest

from game.records.writer import FileWriter
from tests.app_driver import click_widget, frames, make_app, play_hand_by_mouse, start_game, wait_for

WAIT = 10.0


def test_jobs_run_in_order_in_another_thread_while_the_caller_goes_on():
    writer = FileWriter()
    release, done, threads = threading.Event(), [], []
    writer.run(lambda: (threads.append(threading.current_thread()), release.wait(WAIT), done.append(1)))
    writer.run(lambda: done.append(2))
    assert not writer.wait(0.05), "the first job is held, and the caller was not"
    assert done == []
    release.set()
    assert writer.wait(WAIT) and done == [1, 2]
    assert threads[0] is not threading.current_thread()
    assert writer.close()


def test_a_failing_job_is_told_and_the_next_one_still_runs():
    writer = FileWriter()
    heard, done = [], []
    writer.run(lambda: open(os.devnull + "/nothing/here", "w"), heard.append)
    writer.run(lambda: done.append("next"), heard.append)
    assert writer.wait(WAIT)
    assert isinstance(heard[0], OSError) and heard[1] is None and done == ["next"]
    writer.close()


def test_a_done_that_fails_is_said_and_the_writer_goes_on(capsys):
    writer = FileWriter()
    done = []
    writer.run(lambda: None, lambda error: 1 / 0)
    writer.run(lambda: done.append("next"))
    assert writer.wait(WAIT) and done == ["next"]
    assert "ZeroDivisionError" in capsys.readouterr().err
    writer.close()


def test_close_writes_what_is_left_and_takes_nothing_more():
    writer = FileWriter()
    release, done = threading.Event(), []
    writer.run(lambda: (release.wait(WAIT), done.append(1)))
    threading.Timer(0.05, release.set).start()
    assert writer.close() and done == [1]
    with pytest.raises(RuntimeError, match="closed"):
        writer.run(lambda: None)


def test_inline_jobs_run_at_once():
    writer = FileWriter(inline=True)
    done = []
    writer.run(lambda: done.append(threading.current_thread()))
    assert done == [threading.current_thread()] and writer.wait(0)


# -- the game's own files -----------------------------------------------------------------------------

@pytest.fixture
def syncs(monkeypatch):
    """The thread of every sync to the disk from now on (each sync still done)."""
    threads: list[threading.Thread] = []
    real = os.fsync

    def fsync(fd):
        threads.append(threading.current_thread())
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return threads


def test_a_hand_and_a_setting_are_written_outside_the_frame_loop(tmp_path, syncs):
    app = make_app(tmp_path, inline_files=False)
    frames(app)
    app.change_settings(save_hand=True, sound=False)
    table = start_game(app)
    play_hand_by_mouse(app)
    assert app.files.wait(WAIT)
    assert syncs and all(thread is not threading.main_thread() for thread in syncs), \
        "settings, statistics and Spades.save are synced in the file thread"
    assert '[Hand "1"]' in (tmp_path / "Spades.save").read_text(encoding="utf-8")
    assert '"hands": 1' in (tmp_path / "statistics.json").read_text(encoding="utf-8")
    assert '"save_hand": true' in (tmp_path / "settings.json").read_text(encoding="utf-8")
    assert table.game.finished
    app.close()


def test_a_setting_that_cannot_be_written_says_not_saved_on_the_options_page(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app = make_app(tmp_path, inline_files=False, settings_path=blocker / "settings.json")
    frames(app)
    from scenes.screens.options import OptionsScene
    from tests.test_options import button

    scene = OptionsScene(app)
    app.push(scene)
    frames(app)
    click_widget(app, button(scene, "Off", near="Save Hand"))
    wait_for(app, lambda: scene.status == "Not saved.")
    assert scene.notice.startswith("Settings not saved")
    app.close()
