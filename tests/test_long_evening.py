"""A long evening: screens opened and closed again and again leave nothing behind
(`python -m scenes.tools.soak` measures hundreds of hands; these tests hold what it found)."""

from __future__ import annotations

import gc
import types

import pygame

from tests.app_driver import click_widget, press

TITLE_SCREENS = ("options", "statistics", "review", "help")


def objects_held_by(root: object) -> int:
    """How many objects `root` holds, directly or through others (classes and modules aside)."""
    seen = {id(root)}
    waiting = [root]
    while waiting:
        for held in gc.get_referents(waiting.pop()):
            if id(held) not in seen and not isinstance(held, (type, types.ModuleType)):
                seen.add(id(held))
                waiting.append(held)
    return len(seen)


def open_and_close_each_title_screen(app) -> None:
    for entry in TITLE_SCREENS:
        click_widget(app, app.scenes[-1].buttons[entry])
        press(app, pygame.K_ESCAPE)


def test_screens_opened_and_closed_again_and_again_leave_nothing_in_the_widget_manager(app):
    for _ in range(3):  # what is made once (fonts, theme, the first list read) is made by now
        open_and_close_each_title_screen(app)
    before = objects_held_by(app.ui)
    for _ in range(10):
        open_and_close_each_title_screen(app)
    grown = objects_held_by(app.ui) - before
    # pygame-gui kept the rectangle of every button killed for good: some 80 more objects a round
    assert grown < 40, f"the widget manager holds {grown} more objects after ten rounds of screens"
