"""A question before something that cannot be undone: a panel with two answers over a veil."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from scenes.look import layout, text, widgets
from scenes.look.breakdown import draw_panel
from scenes.look.palette import GOLD, SHADOW, WHITE
from scenes.scene import Scene

PANEL_WIDTH = 320


class ConfirmScene(Scene):
    """Asks `question` (with a line or two of `detail`); the first answer runs `on_yes`,
    the second (or Esc) just closes. Enter, or Y, gives the first answer."""

    overlay = True

    def __init__(self, app, question: str, detail: str, yes: str, no: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.lines = text.wrap(detail, PANEL_WIDTH - 32)
        self.answers = (yes, no)
        self.on_yes = on_yes
        height = 70 + 10 * len(self.lines)
        self.rect = pygame.Rect((layout.WIDTH - PANEL_WIDTH) // 2, (layout.HEIGHT - height) // 2, PANEL_WIDTH, height)

    def enter(self) -> None:
        y = self.rect.bottom - 28
        half = self.rect.centerx
        self.yes = widgets.button(self.app.ui, (half - 130, y, 124, 18), self.answers[0], object_id="title_button")
        self.no = widgets.button(self.app.ui, (half + 6, y, 124, 18), self.answers[1], object_id="title_button")
        self.widgets = [self.yes, self.no]
        self.veil = widgets.veil(layout.SIZE, SHADOW, 170)

    def handle_event(self, event: pygame.event.Event) -> None:
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        key = event.key if event.type == pygame.KEYDOWN else None
        if pressed is self.yes or key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
            self.app.pop()
            self.on_yes()
        elif pressed is self.no or key in (pygame.K_ESCAPE, pygame.K_n):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.veil, (0, 0))
        draw_panel(surface, self.rect)
        text.draw(surface, self.question, (self.rect.centerx, self.rect.y + 12), GOLD, align="centre")
        for i, line in enumerate(self.lines):
            text.draw(surface, line, (self.rect.centerx, self.rect.y + 30 + 10 * i), WHITE, align="centre",
                      shadow=None)
