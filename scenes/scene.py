"""The scene interface: what the App asks of every screen (title, table, score, menu…)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import pygame
from pygame_gui.core import UIElement


class Stage(Protocol):
    """What every scene may ask of the App that shows it (kept here, so scenes need not
    import the App: the App imports the scenes)."""

    settings: Any
    """The player's settings (:class:`scenes.settings.Settings`)."""
    ui: Any
    art: Any
    felt: pygame.Surface
    sounds: Any
    thinker: Any
    session: Any
    window: Any
    config: Any
    store: Any
    statistics: Any
    notices: list[str]
    log_path: Path
    statistics_path: Path
    saved_game: Path
    net: Any
    """The connection to a server while playing online (:class:`net.client.NetClient`), else None."""
    speed: float
    fullscreen: bool
    frame_rate: int

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def open(self, name: str, *args: object, **kwargs: object) -> Scene: ...

    def show(self, name: str, *args: object, **kwargs: object) -> Scene: ...

    def redraw(self) -> None: ...

    def change_settings(self, **changes: object) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def new_game(self) -> None: ...

    def continue_game(self) -> None: ...

    def has_saved_game(self) -> bool: ...

    def save_game(self) -> None: ...

    def quit(self) -> None: ...

    def new_token(self) -> int: ...

    def new_write_errors(self) -> list[str]: ...

    def disconnect(self) -> None: ...


class Scene:
    """A screen of the game. The App sends it events, then `update(dt)`, then `draw`.

    A scene moves on by calling ``app.push`` / ``app.pop`` / ``app.replace``. An
    `overlay` scene is drawn over the scene beneath it (menu, last trick); the scene
    beneath is paused meanwhile and its widgets hidden.
    """

    overlay = False

    def __init__(self, app: Stage) -> None:
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
