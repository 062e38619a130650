"""The scene interface: what the App asks of every screen (title, table, score, menu…)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.app import App


class Scene:
    """A screen of the game. The App sends it events, then `update(dt)`, then `draw`.

    A scene moves on by calling ``app.push`` / ``app.pop`` / ``app.replace``. An
    `overlay` scene is drawn over the scene beneath it (menu, last trick); the scene
    beneath is paused meanwhile and its widgets hidden.
    """

    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called once when the scene is put on the stack: build widgets here."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack: kill widgets here."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one left."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """A pygame or pygame-gui event (mouse positions in logical pixels)."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene on the logical frame (widgets are drawn after, by the App)."""
