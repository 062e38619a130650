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
LOW_WIDTH = 520
LOW_BOTTOM = 286
"""A low question (the coach's) sits between the trick and the player's hand, as wide as that gap
allows, so that the trick, the name plates and the hand stay in sight while the player answers."""


class ConfirmScene(Scene):
    """Asks `question` (with a line or two of `detail`); the first answer runs `on_yes`,
    the second (or Esc) just closes. Enter, or Y, gives the first answer."""

    overlay = True

    def __init__(self, app, question: str, detail: str, yes: str, no: str, on_yes: Callable[[], None], *,
                 low: bool = False) -> None:
        """`low`: asked about the table under way (the coach), the panel sits in the gap between the
        trick and the hand, with no veil over the table."""
        super().__init__(app)
        self.question = question
        self.low = low
        width = LOW_WIDTH if low else PANEL_WIDTH
        self.lines = text.wrap(detail, width - 24)
        self.answers = (yes, no)
        self.on_yes = on_yes
        height = (44 if low else 70) + 10 * len(self.lines)
        top = LOW_BOTTOM - height if low else (layout.HEIGHT - height) // 2
        self.rect = pygame.Rect((layout.WIDTH - width) // 2, top, width, height)

    def enter(self) -> None:
        y = self.rect.bottom - (22 if self.low else 28)
        half = self.rect.centerx
        self.yes = widgets.button(self.app.ui, (half - 130, y, 124, 18), self.answers[0], object_id="title_button")
        self.no = widgets.button(self.app.ui, (half + 6, y, 124, 18), self.answers[1], object_id="title_button")
        self.widgets = [self.yes, self.no]
        self.veil = None if self.low else widgets.veil(layout.SIZE, SHADOW, 170)

    def handle_event(self, event: pygame.event.Event) -> None:
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        key = event.key if event.type == pygame.KEYDOWN else None
        if pressed is self.yes or key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
            self.app.pop()
            self.on_yes()
        elif pressed is self.no or key in (pygame.K_ESCAPE, pygame.K_n):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if self.veil is not None:
            surface.blit(self.veil, (0, 0))
        draw_panel(surface, self.rect)
        title_y, first_y = (self.rect.y + 7, self.rect.y + 19) if self.low else (self.rect.y + 12, self.rect.y + 30)
        text.draw(surface, self.question, (self.rect.centerx, title_y), GOLD, align="centre")
        for i, line in enumerate(self.lines):
            text.draw(surface, line, (self.rect.centerx, first_y + 10 * i), WHITE, align="centre", shadow=None)
