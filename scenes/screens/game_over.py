"""Game over: the winner, the final scoreboard, and "Play again?" Yes / No (to someone watching a
server's table: "Watch the next game?")."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pygame_gui

from game.cards import Card
from game.seats import side_of
from scenes.look import text, widgets
from scenes.look.breakdown import PANEL_RECT, draw_panel, draw_scoreboard, standing_words
from scenes.look.flourish import Cascade
from scenes.look.palette import GOLD, GREY_LIGHT, WHITE
from scenes.look.scrolling import ListScroll
from scenes.scene import Scene
from scenes.table.model import TableModel

FLOURISH_CARDS = ("AS", "KH", "QD", "JC")
"""The cards that leap when the winner's own last hand is not known (a game restored at its end)."""


class GameOverScene(Scene):
    """Yes deals a new game with the same settings; No goes back to the title."""

    def __init__(self, app, model: TableModel, winner: str, seed: int = 0, again: Callable[[], None] | None = None,
                 leave: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.again = again or app.new_game
        """Yes: a new game (at a server's table, the table's next game)."""
        self.leave = leave
        self.model = model
        self.winner = winner
        self.won = winner == side_of("S", model.rules.partners) and not model.watching
        """The player's side won (someone watching is on neither side)."""
        self.cascade: Cascade | None = None
        self.scroll = ListScroll(at_end=True)
        """The scoreboard shows the last hands; the wheel, Up and Down show the earlier ones."""
        if self.won:
            cards = model.dealt_order("S") or [Card.parse(name) for name in FLOURISH_CARDS]
            faces = [app.art.face(card, model.deck) for card in cards]
            self.cascade = Cascade(faces, random.Random(seed))

    def enter(self) -> None:
        ui = self.app.ui
        y = PANEL_RECT.bottom - 30
        self.yes = widgets.button(ui, (PANEL_RECT.centerx - 90, y, 80, 20), "Yes", object_id="title_button")
        self.no = widgets.button(ui, (PANEL_RECT.centerx + 10, y, 80, 20), "No", object_id="title_button")
        self.widgets = [self.yes, self.no]

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.scroll.hear(event):
            return
        if self.cascade is not None and event.type == pygame.MOUSEBUTTONDOWN:
            self.cascade.skip()
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.yes:
            self.again()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.no:
            self.to_title()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_RETURN):
            self.again()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_n, pygame.K_ESCAPE):
            self.to_title()

    def to_title(self) -> None:
        """No: back to the title (from a server's table, to its lobby)."""
        if self.leave is not None:
            self.leave()
            return
        self.app.session = None
        self.app.show("title")

    def update(self, dt: float) -> None:
        if self.cascade is not None:
            self.cascade.update(dt)
            if self.cascade.done:
                self.cascade = None

    def frame_due(self) -> float | None:
        return 0.0 if self.cascade is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        draw_panel(surface)
        model = self.model
        partners = model.rules.partners
        centre = PANEL_RECT.centerx
        if model.watching and partners:
            headline = " and ".join(model.names[seat] for seat in self.winner) + " win"
        elif partners:
            headline = "You and your partner win!" if self.won else "The other side wins"
        else:
            headline = "You win!" if self.won else f"{model.names[self.winner]} wins"
        text.draw(surface, "GAME OVER", (centre, PANEL_RECT.y + 12), GOLD, size=16, align="centre")
        text.draw(surface, headline, (centre, PANEL_RECT.y + 36), WHITE, align="centre")
        y = PANEL_RECT.y + 54
        for side, standing in model.standings.items():
            mark = "*" if side == self.winner else " "
            words = f"{mark} {standing_words(side, standing, partners, model.names, model.watching)}"
            text.draw(surface, words, (PANEL_RECT.x + 120, y), GOLD if side == self.winner else WHITE, shadow=None)
            y += 10
        draw_scoreboard(surface, model.scores, model.standings, partners, y + 10, self.scroll,
                        rows=max(1, (PANEL_RECT.bottom - 56 - y - 20) // 10), first_hand=model.first_hand,
                        names=model.names, watching=model.watching)
        question = "Watch the next game?" if model.watching else "Play again?"
        text.draw(surface, question, (centre, PANEL_RECT.bottom - 44), GREY_LIGHT, align="centre")
        if self.cascade is not None:
            self.cascade.draw(surface)
