"""Drives the real App the way a player would: synthetic mouse and key events through
pygame's event queue, a frame at a time (shared by the scene tests)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.players import decide
from game.players.levels import LEVELS
from game.view import seat_view
from scenes.app import App, AppConfig
from scenes.look import text

FRAME = 1 / 60


def make_app(folder: Path, **config) -> App:
    """A windowed App with instant animations, every file in `folder`, computer players and file
    writes inline."""
    options = dict(windowed=True, speed="instant", inline_thinker=True, inline_files=True,
                   settings_path=folder / "settings.json",
                   saved_game=folder / "game.json", save_dir=folder, statistics_path=folder / "statistics.json",
                   seed=5, host_port=0)
    options.update(config)
    return App(AppConfig(**options))


def frames(app: App, count: int = 2) -> None:
    for _ in range(count):
        app.step(FRAME)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Press and release a mouse button at `pos` (a point of the 640x360 frame, placed in the
    window where it is shown), then run two frames."""
    post_click(app, pos, button)
    frames(app, 2)


def post_click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Put a click at `pos` in the event queue (it is handled at the next frame)."""
    at = app.window.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=button))


def press(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    frames(app, 2)


def click_widget(app: App, element) -> None:
    click(app, element.rect.center)


def type_into(app: App, entry, words: str, finish: bool = True) -> None:
    """Click a text entry, clear it with the keyboard, type `words`, and press Enter (unless not `finish`)."""
    click_widget(app, entry)
    press(app, pygame.K_END)
    for _ in range(len(entry.get_text())):
        press(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
    frames(app)
    if finish:
        press(app, pygame.K_RETURN)


def card_spot(table, card) -> tuple[int, int]:
    """A point on the visible strip of `card` in the player's fan."""
    rects = dict(table.painter.south_rects(table.visible_south(), table.marks()))
    rect = rects[card]
    return rect.x + 4, rect.y + 30


def wait_for(app: App, condition, limit: int = 3000, seconds: float = 60.0) -> None:
    """Run frames until `condition()` holds; fail if it never does.

    At most `limit` frames, and while the worker process still thinks, up to `seconds` of
    real time (a still screen draws nothing, so frames alone go by faster than it thinks)."""
    deadline = time.monotonic() + seconds
    count = 0
    while count < limit or (app.thinker.busy and time.monotonic() < deadline):
        if condition():
            return
        app.step(FRAME)
        count += 1
        if app.thinker.busy and not app.thinker.inline:
            time.sleep(0.001)
    raise AssertionError(f"never happened: {condition.__doc__ or condition}")


def player_turn(app: App) -> bool:
    """The table waits for the player."""
    from scenes.table.view import TableScene

    top = app.scenes[-1]
    return isinstance(top, TableScene) and not top.busy and top.turn is not None and (
        top.box is not None or top.turn.phase == "play")


def held_for_a_click(app: App) -> bool:
    """The table holds play until the player clicks (the bids are in; at the instant speed it never does)."""
    from scenes.table.view import TableScene

    top = app.scenes[-1]
    return isinstance(top, TableScene) and not top.reveal and top.held


def wait_for_turn(app: App, also=lambda: False, limit: int = 3000) -> None:
    """Run frames until the player's turn (or `also()`), clicking where the table waits for a click."""
    while True:
        wait_for(app, lambda: player_turn(app) or held_for_a_click(app) or also(), limit)
        if not held_for_a_click(app) or player_turn(app) or also():
            return
        click(app, (320, 150))


def players_view(table) -> dict:
    """The player's seat view: from the engine offline, as the server sent it online."""
    if table.game is not None:
        return seat_view(table.game.hand, "S")
    return table.control.turn_view


def answer_with_mouse(app: App, choice=None) -> None:
    """Make the player's decision by clicking the bid box or a card: `choice` (a choice as the
    seat view's ``legal`` writes it), else Normal's."""
    table = app.scenes[-1]
    if choice is None:
        view = players_view(table)
        choice = decide(LEVELS["normal"]("S", view["rules"], 3), view)
    phase = table.turn.phase
    if phase == "play":
        click(app, card_spot(table, next(c for c in table.visible_south() if str(c) == choice)))
        return
    box = table.box
    if phase == "exchange":
        for card in [c for c in table.visible_south() if str(c) in choice]:
            click(app, card_spot(table, card))
        click_widget(app, box.buttons["give"])
        return
    if choice in box.buttons:
        click_widget(app, box.buttons[choice])
        return
    wanted = int(choice.lstrip("b"))
    while box.value != wanted:
        click_widget(app, box.buttons["plus" if box.value < wanted else "minus"])
    click_widget(app, box.buttons["ok"])


def give_back_by_mouse(app: App, table) -> tuple[set, list]:
    """At the player's turn to give back to a partner who bid blind nil: the two cards just received
    must be dimmed and a click on one refused with its reason; then two others are given by mouse.
    The cards received and those given."""
    from game.cards import Card
    from game.legality import give_back_refusal

    legal = {Card.parse(card) for card in table.turn.legal}
    received = {card for card in table.visible_south() if card not in legal}
    assert len(table.visible_south()) == 15 and len(received) == 2, "the partner passed two cards"
    assert table.marks().playable == legal, "the cards received are dimmed"
    back = next(card for card in table.visible_south() if card in received)
    click(app, card_spot(table, back))
    assert back not in table.selected and table.message.text == give_back_refusal(back)
    given = [card for card in table.visible_south() if card not in received][:2]
    for card in given:
        click(app, card_spot(table, card))
    click_widget(app, table.box.buttons["give"])
    return received, given


def play_hand_by_mouse(app: App) -> None:
    """Play until the score screen shows, answering every decision with the mouse."""
    from scenes.screens.score import ScoreScene

    for _ in range(400):
        wait_for_turn(app, lambda: isinstance(app.scenes[-1], ScoreScene))
        if isinstance(app.scenes[-1], ScoreScene):
            return
        answer_with_mouse(app)
    raise AssertionError("the hand did not end")


def start_game(app: App):
    """New Game from the title; the table once the dealer draw is over."""
    from scenes.table.dealer_draw import DealerDrawScene
    from scenes.table.view import TableScene

    click_widget(app, app.scenes[-1].buttons["new"])
    assert isinstance(app.scenes[-1], (DealerDrawScene, TableScene))
    wait_for(app, lambda: isinstance(app.scenes[-1], TableScene))
    return app.scenes[-1]


def reach_play(app: App):
    """Answer bidding with the mouse until the player has a card to play."""
    wait_for_turn(app)
    while app.scenes[-1].game.phase != "play":
        answer_with_mouse(app)
        wait_for_turn(app)
    return app.scenes[-1]


def options_row(app: App, page: str, title: str):
    """The row called `title` on the Options page `page`, with the Options screen open on it."""
    from scenes.screens.options import OptionsScene

    options = OptionsScene(app, page)
    app.push(options)
    frames(app)
    return next(row for row in options.rows if row.title == title)


def words_on_screen(app: App, monkeypatch) -> list[str]:
    """Every line of text the App draws or renders in its next frame, drawn by its own loop."""
    lines: list[str] = []
    real = text.render

    def record(line, *args, **kwargs):
        lines.append(line)
        return real(line, *args, **kwargs)

    monkeypatch.setattr(text, "render", record)
    try:
        app.redraw()
        frames(app, 1)
    finally:
        monkeypatch.setattr(text, "render", real)
    return lines
