"""The scene interface: what the App asks of every screen (title, table, score, menu…)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from pygame_gui.core import UIElement

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
        self.widgets: list[UIElement] = []
        """The pygame-gui elements this scene owns: killed on exit, hidden while paused."""

    def enter(self) -> None:
        """Called once when the scene is put on the stack: build widgets here."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack."""
        for widget in self.widgets:
            widget.kill()
        self.widgets = []

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""
        for widget in self.widgets:
            widget.hide()

    def resume(self) -> None:
        """The scene on top of this one left."""
        for widget in self.widgets:
            widget.show()

    def handle_event(self, event: pygame.event.Event) -> None:
        """A pygame or pygame-gui event (mouse positions in logical pixels)."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""

    def frame_due(self) -> float | None:
        """Seconds until this scene looks different by itself: 0 while something moves (a frame
        is drawn every refresh), None when only the player's input changes it. The App sleeps
        until then, so a still screen costs no processor time."""
        return None

    def wake_due(self) -> float | None:
        """Seconds until this scene must look at something outside it (an answer it waits for)
        even if nothing on it changes: the App runs `update` then, drawing only if needed."""
        return self.frame_due()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene on the logical frame (widgets are drawn after, by the App)."""
