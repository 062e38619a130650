"""Chat that can be read whole: a line longer than its place, in the lobby or on a table's chat
band, is shown in full (wrapped, or part after part), nothing drawn past its place, and pointing
at a table's band (or typing in it) opens the chat so far beneath it. A real server, a real
game driven through pygame's event queue, and a plain client chatting by hand."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame
import pytest

from scenes.app import App
from scenes.look import layout, text
from scenes.screens.online import CHAT_AREA, PANEL
from scenes.table.chat_band import PAGE_SECONDS, ROUNDS
from tests.app_driver import frames, make_app, press, type_into
from tests.netserver import RunningServer, running_server
from tests.test_online import PlainClient, Shown, control, create_table, next_turn, to_lobby, wait_until

ADDRESS = "https://example.org/spades/" + "tables" * 12
"""A web address pasted into chat: a word longer than any line, with no space to break it at."""
LONG = f"Shall we play again after this one? The rules are at {ADDRESS} if anyone wants them, see you there"
BAND_WIDTH = layout.CHAT_LINE[2]


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running_server() as running:
        yield running


@pytest.fixture
def game(tmp_path) -> Iterator[App]:
    with contextlib.closing(make_app(tmp_path)) as made:
        frames(made)
        yield made


@pytest.fixture
def vic(server: RunningServer) -> Iterator[PlainClient]:
    """Vic, a plain client in the lobby."""
    client = PlainClient(server, "Vic")
    yield client
    client.close()


def wide(words: str) -> int:
    return text.font(8).size(words)[0]


def letters(words: str) -> str:
    return words.replace(" ", "").replace("..", "")


def parts_of(said: str, words: list[str]) -> list[str]:
    """The words drawn that are a part of `said` (the rows are long: short words, a name say, are left out)."""
    return [w for w in words if len(w) >= 20 and letters(w) in letters(said)]


class Placed:
    """The words of the App's last drawn frame with where each was drawn (the point given to
    :func:`scenes.look.text.draw`) and how wide."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.words: list[tuple[str, tuple[int, int], int]] = []
        drawing: list[tuple[str, tuple[int, int], int]] = []
        draw_frame, draw_text = app.draw, text.draw

        def frame() -> None:
            drawing.clear()
            draw_frame()
            self.words = list(drawing)

        def placed(surface, words, pos, *args, **kwargs):
            area = draw_text(surface, words, pos, *args, **kwargs)
            drawing.append((words, pos, area.width))
            return area

        monkeypatch.setattr(app, "draw", frame)
        monkeypatch.setattr(text, "draw", placed)

    def band(self) -> list[tuple[str, int]]:
        """What is drawn on the chat band's line, with its width."""
        _, y, _, height = layout.CHAT_LINE
        return [(words, width) for words, (_, at), width in self.words if y <= at < y + height]

    def below_band(self) -> list[str]:
        """What is drawn under the band, over the trick (the chat so far), top to bottom."""
        x, y, width, height = layout.CHAT_LINE
        return [words for words, (left, at), _ in sorted(self.words, key=lambda w: w[1][1])
                if y + height <= at < y + height + 12 * text.LINE and x <= left < x + width]


def test_a_chat_line_too_long_for_the_band_shows_part_after_part_then_rests_and_whole_when_pointed_at(
        server, game, vic, monkeypatch):
    shown = Placed(game, monkeypatch)
    table = create_table(game, to_lobby(game, server.address, "Ann"))
    next_turn(game)  # the table waits for the player: nothing else moves
    watcher = vic
    watcher.send({"type": "watch", "table": control(table).summary["table"]})
    watcher.wait(lambda m: m["type"] == "watching", "its place as a watcher", game)
    watcher.send({"type": "chat", "text": "hello all"})
    watcher.send({"type": "chat", "text": LONG})
    said = f"Vic: {LONG}"
    wait_until(game, lambda: shown.band() and shown.band()[0][0].startswith("Vic: Shall"), "the long line's start")

    band = shown.band()
    while len("".join(letters(part) for part, _ in band)) < len(letters(said)):
        waited = 0.0
        while shown.band() == band[-1:]:  # frames when they are due (a message's fade too), to the next part
            due = table.frame_due()
            assert due is not None and waited + due <= PAGE_SECONDS + 0.01, "the loop would sleep past the next part"
            game.step(due)
            waited += due
        band += shown.band()
    assert "".join(letters(part) for part, _ in band) == letters(said), "every word of the line, in order"
    assert all(width <= BAND_WIDTH for _, width in band), "nothing drawn past the band"
    assert band[0][0].endswith(" ..") and band[-1][0].startswith(".. ") and len(band) >= 3

    for _ in range(ROUNDS * len(band)):  # twice through, then the first part stays
        game.step(PAGE_SECONDS)
    assert shown.band() == band[:1] and table.frame_due() is None
    assert not shown.below_band()

    at = game.window.to_window(pygame.Rect(layout.CHAT_LINE).center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    frames(game)
    rows = shown.below_band()
    assert letters("".join(rows)) == letters(f"Someone is watching Vic: hello all{said}"), \
        "the chat so far, whole, beneath the band (the table's news with it)"
    assert rows[:2] == ["Someone is watching", "Vic: hello all"]
    assert all(text.font(8).size(row)[0] <= BAND_WIDTH for row in rows)

    away = game.window.to_window((20, 300))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)))
    frames(game)
    assert not shown.below_band(), "the chat so far goes when the mouse leaves the band"
    press(game, pygame.K_t)  # typing: the chat so far shows beneath the line typed in
    assert table.chat_entry is not None and shown.below_band() == rows
    press(game, pygame.K_ESCAPE)
    assert table.chat_entry is None and not shown.below_band()


def test_a_long_line_of_lobby_chat_is_shown_whole_on_the_rows_above_the_chat_line(server, game, vic, monkeypatch):
    shown = Shown(game, monkeypatch)
    lobby = to_lobby(game, server.address, "Ann")
    vic.send({"type": "chat", "text": LONG})
    said = f"Vic: {LONG}"
    wait_until(game, lambda: lobby.chat, "the line in the lobby")
    frames(game)
    rows = parts_of(said, shown.words)
    assert len(rows) == 3 and letters("".join(rows)) == letters(said)
    assert all(wide(row) <= PANEL.width - 24 for row in rows), "nothing drawn past the lobby's panel"


def test_pointing_at_the_lobbys_chat_shows_the_chat_so_far_whole_over_the_list(server, game, vic, monkeypatch):
    kim = PlainClient(server, "Kim")
    try:
        kim.create({"S": "human", "W": "human", "N": "computer", "E": "computer"}, "Kim's table")
        shown = Shown(game, monkeypatch)
        lobby = to_lobby(game, server.address, "Ann")
        said = ["hi all", "anyone for Suicide tonight?", f"the rules: {ADDRESS}", LONG]
        for line in said:
            vic.send({"type": "chat", "text": line})
        wait_until(game, lambda: lobby.chat[-len(said):] == [f"Vic: {line}" for line in said] and lobby.seat_buttons,
                   "the lines (after any said before Ann came) and Kim's table")
        frames(game)
        assert "Vic: hi all" not in shown, "the rows above the chat line hold the newest only"

        at = game.window.to_window((320, CHAT_AREA.centery))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        frames(game)
        drawn = "".join(shown.words)
        for line in said:
            assert letters(f"Vic: {line}") in letters(drawn), f"{line[:20]!r} whole"
        assert not any(button.visible for button in [*lobby.seat_buttons, lobby.create]), "the list under it hidden"

        away = game.window.to_window((320, 20))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)))
        frames(game)
        assert "Vic: hi all" not in shown
        assert all(button.visible for button in [*lobby.seat_buttons, lobby.create]), "and back when the pointer goes"

        for line in range(6):  # one more than the server takes in ten seconds: its answer is the lobby's notice
            type_into(game, lobby.chat_entry, f"line {line}")
        wait_until(game, lambda: lobby.notice, "the server's answer")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        frames(game)
        assert lobby.notice in "".join(shown.words[-3:]), "the notice, whole, at the end of the chat so far"
    finally:
        kim.close()
