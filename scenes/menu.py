"""The in-game menu (Esc): resume, Save Hand, new game, save and quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from scenes import layout, text, widgets
from scenes.palette import GOLD, SHADOW
from scenes.scene import Scene
from scenes.score import draw_panel

MENU_RECT = pygame.Rect(layout.WIDTH // 2 - 100, 50, 200, 230)


class MenuScene(Scene):
    """An overlay over the table; the game below waits until it closes.

    `show_last_trick`, when given, is how the menu's Last trick button asks the table to show it."""

    overlay = True

    def __init__(self, app, show_last_trick: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.show_last_trick = show_last_trick

    def enter(self) -> None:
        entries = [("resume", "Resume"), ("last", "Last trick"),
                   ("save_hand", widgets.toggle_text("Save Hand", self.app.settings.save_hand)),
                   ("sound", widgets.toggle_text("Sound", self.app.settings.sound)),
                   ("new", "New game"), ("quit", "Save and quit")]
        if self.show_last_trick is None:
            entries.pop(1)
        keys = [key for key, _ in entries]
        labels = [words for _, words in entries]
        self.buttons = dict(zip(keys, widgets.column(self.app.ui, MENU_RECT.x + 20, MENU_RECT.y + 34,
                                                     MENU_RECT.width - 40, labels), strict=False))
        self.confirming = False

    def exit(self) -> None:
        for element in self.buttons.values():
            element.kill()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        pressed = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if pressed == "resume":
            self.app.pop()
        elif pressed == "last":
            self.app.pop()
            self.show_last_trick()
        elif pressed == "save_hand":
            self.app.change_settings(save_hand=not self.app.settings.save_hand)
            self.buttons["save_hand"].set_text(widgets.toggle_text("Save Hand", self.app.settings.save_hand))
        elif pressed == "sound":
            self.app.change_settings(sound=not self.app.settings.sound)
            self.buttons["sound"].set_text(widgets.toggle_text("Sound", self.app.settings.sound))
        elif pressed == "new":
            if self.confirming:
                self.app.new_game()
            else:
                self.confirming = True
                self.buttons["new"].set_text("Sure? New game")
        elif pressed == "quit":
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(layout.SIZE, pygame.SRCALPHA)
        shade.fill((*SHADOW, 160))
        surface.blit(shade, (0, 0))
        draw_panel(surface, MENU_RECT)
        text.draw(surface, "MENU", (MENU_RECT.centerx, MENU_RECT.y + 10), GOLD, size=16, align="centre")
