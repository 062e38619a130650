"""The in-game menu (Esc): resume, take back, Save Hand, new game, save and quit.

At a server's table the game does not wait while the menu is open: the table plays on beneath it
and the menu says when the player's turn has come."""

from __future__ import annotations

from typing import Protocol

import pygame
import pygame_gui

from scenes.look import layout, text, widgets
from scenes.look.breakdown import draw_panel
from scenes.look.palette import GOLD, GREY_LIGHT, SHADOW, Colour
from scenes.scene import Scene
from scenes.table.controller import Turn


class Table(Protocol):
    """What the menu uses of the table it was opened over."""

    model: object
    control: object
    turn: Turn | None
    playing_on: bool

    def update(self, dt: float) -> None: ...

    def frame_due(self) -> float | None: ...

    def wake_due(self) -> float | None: ...

    def player_away(self) -> bool: ...

    def open_last_trick(self) -> None: ...

    def take_back(self) -> None: ...

    def leave_online(self) -> None: ...


TOGGLES = {"save_hand": "Save Hand", "sound": "Sound"}
"""The entries that switch a setting on and off, and their words."""
MENU_RECT = pygame.Rect(layout.WIDTH // 2 - 100, 44, 200, 272)
"""Where the menu sits; its height follows the number of entries."""
PLAYING_ON = "The table plays on"
AWAY = "Away: Resume to play"
YOUR_TURN = {"play": "Your turn to play", "exchange": "Your turn to pass"}
"""What the menu says at a server's table, on its last line (the game goes on meanwhile): the
player's turn, by phase (any other is a bid), that a computer plays for the player (the clock ran
out; resuming takes the seat back), else that the table plays on."""


class MenuScene(Scene):
    """An overlay over the table; a game on this computer waits until it closes.

    `table`, when the menu is opened from the table, gives the score and the last trick, and
    takes back (a game on this computer only). A server's table plays on under the menu (its
    `update` is run from here), since the players there do not wait."""

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
        self.live = self.table is not None and bool(self.table.control.online)
        if self.live:
            self.table.playing_on = True
        self.rect = pygame.Rect(MENU_RECT.x, MENU_RECT.y, MENU_RECT.width, 44 + 24 * len(entries) + 14 * self.live)
        buttons = widgets.column(self.app.ui, MENU_RECT.x + 20, MENU_RECT.y + 34, MENU_RECT.width - 40, labels,
                                 height=18)
        self.buttons = dict(zip(keys, buttons, strict=True))
        self.widgets = buttons
        self.veil = widgets.veil(layout.SIZE, SHADOW, 96 if self.live else 160)

    def exit(self) -> None:
        super().exit()
        if self.live:
            self.table.playing_on = False

    def update(self, dt: float) -> None:
        if self.live:
            self.table.update(dt)

    def frame_due(self) -> float | None:
        return self.table.frame_due() if self.live else None

    def wake_due(self) -> float | None:
        return self.table.wake_due() if self.live else None

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
        if self.live:
            words, colour = self.table_words()
            text.draw(surface, words, (self.rect.centerx, self.rect.bottom - 17), colour, align="centre")

    def table_words(self) -> tuple[str, Colour]:
        """The last line at a server's table: the player's turn, away, or that the table plays on."""
        turn = self.table.turn
        if self.table.player_away():
            return AWAY, GOLD
        if turn is not None:
            return YOUR_TURN.get(turn.phase, "Your turn to bid"), GOLD
        return PLAYING_ON, GREY_LIGHT
