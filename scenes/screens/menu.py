"""The in-game menu (Esc): resume, take back, Save Hand, new game, save and quit."""

from __future__ import annotations

from typing import Protocol

import pygame
import pygame_gui

from scenes.look import layout, text, widgets
from scenes.look.breakdown import draw_panel
from scenes.look.palette import GOLD, SHADOW
from scenes.scene import Scene


class Table(Protocol):
    """What the menu uses of the table it was opened over."""

    model: object
    control: object

    def open_last_trick(self) -> None: ...

    def take_back(self) -> None: ...

    def leave_online(self) -> None: ...


TOGGLES = {"save_hand": "Save Hand", "sound": "Sound"}
"""The entries that switch a setting on and off, and their words."""
MENU_RECT = pygame.Rect(layout.WIDTH // 2 - 100, 44, 200, 272)
"""Where the menu sits; its height follows the number of entries."""


class MenuScene(Scene):
    """An overlay over the table; the game below waits until it closes.

    `table`, when the menu is opened from the table, gives the score and the last trick, and
    takes back (a game on this computer only)."""

    overlay = True

    def __init__(self, app, table: Table | None = None) -> None:
        super().__init__(app)
        self.table = table

    def enter(self) -> None:
        entries = [("resume", "Resume"), ("undo", "Take back"), ("score", "Score"), ("last", "Last trick"),
                   ("options", "Options"), ("help", "How to play"),
                   *((setting, widgets.toggle_text(words, getattr(self.app.settings, setting)))
                     for setting, words in TOGGLES.items()),
                   ("new", "New game"), ("quit", "Save and quit")]
        if self.table is None:
            entries = [entry for entry in entries if entry[0] not in ("undo", "score", "last")]
        elif self.table.control.online:  # a server's table: no take back; leave it for the lobby
            entries = [entry for entry in entries if entry[0] not in ("undo", "new", "quit")] + [
                ("leave", "Leave table")]
        keys = [key for key, _ in entries]
        labels = [words for _, words in entries]
        self.rect = pygame.Rect(MENU_RECT.x, MENU_RECT.y, MENU_RECT.width, 44 + 24 * len(entries))
        buttons = widgets.column(self.app.ui, MENU_RECT.x + 20, MENU_RECT.y + 34, MENU_RECT.width - 40, labels,
                                 height=18)
        self.buttons = dict(zip(keys, buttons, strict=True))
        self.widgets = buttons
        self.veil = widgets.veil(layout.SIZE, SHADOW, 160)

    def resume(self) -> None:
        """Back from Options or How to play: settings may have changed."""
        super().resume()
        self._show_toggles()

    def _show_toggles(self) -> None:
        for setting, words in TOGGLES.items():
            self.buttons[setting].set_text(widgets.toggle_text(words, getattr(self.app.settings, setting)))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        pressed = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if pressed == "resume":
            self.app.pop()
        elif pressed in ("undo", "last") and self.table:
            self.app.pop()
            (self.table.take_back if pressed == "undo" else self.table.open_last_trick)()
        elif pressed == "score" and self.table:
            self.app.open("score", self.table.model)
        elif pressed == "options":
            self.app.open("options")
        elif pressed == "help":
            self.app.open("help", "how_to_play")
        elif pressed in TOGGLES:
            self.app.change_settings(**{pressed: not getattr(self.app.settings, pressed)})
            self._show_toggles()
        elif pressed == "new":  # asked as the title asks it
            self.app.open("confirm", "Start a new game?", "The game being played will be lost.", "New game",
                          "Keep playing", self.app.new_game)
        elif pressed == "quit":
            self.app.quit()
        elif pressed == "leave":
            self.table.leave_online()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.veil, (0, 0))
        draw_panel(surface, self.rect)
        text.draw(surface, "MENU", (self.rect.centerx, self.rect.y + 10), GOLD, size=16, align="centre")
