"""The score after each hand: each side's contract, tricks, points by part, totals, bags,
and the running scoreboard of every hand so far."""

from __future__ import annotations

from collections.abc import Mapping

import pygame
import pygame_gui

from game.scoring import HandScore
from scenes.look import layout, text, widgets
from scenes.look.breakdown import (
    PANEL_RECT,
    Row,
    block_left,
    draw_panel,
    draw_rows,
    draw_scoreboard,
    score_notes,
    score_rows,
    scoreboard_width,
    side_label,
    standing_words,
)
from scenes.look.palette import GOLD, GREY_LIGHT, SHADOW, WARNING, WHITE, Colour
from scenes.look.scrolling import ListScroll
from scenes.scene import Scene
from scenes.table.model import TableModel

COLUMN = 120
"""The step between two sides' values; four sides share the panel's width instead."""
FIRST_VALUES = 190
"""Where the first side's values end (they are right-aligned), from the labels' left edge."""
NOTE_LINES = 2
"""Lines for the hand's nils and bonuses (four nils by long names, with a bonus, take two), and for a
file the hand could not be written to (its folder with it)."""


class ScoreScene(Scene):
    """Shown over the table after each hand (the button goes on to the next hand, or to the
    result after the `final` hand), or from the menu with no hand `score`: then the
    scoreboard alone, and Back."""

    overlay = True

    def __init__(self, app, model: TableModel, score: HandScore | None = None, final: bool = False,
                 problems: list[str] | None = None, before: Mapping[str, int] | None = None) -> None:
        super().__init__(app)
        self.model = model
        self.score = score
        self.final = final
        self.problems = list(problems or [])
        """What could not be written during the hand (Save Hand, statistics), in a warning line."""
        self.taken = dict(model.taken)
        """Each seat's tricks in the hand, kept: at a server's table the next hand may start under this screen."""
        self.before = dict(before or {})
        """For a deal played again (Review's Play it): what each side scored with it the first time."""
        self.scroll = ListScroll(at_end=True)
        """The scoreboard shows the latest hands; the wheel, Up and Down show the earlier ones."""

    def before_line(self) -> str:
        """What the deal scored when it was played before, to compare ("" if it was not)."""
        partners = self.model.rules.partners
        return "When it was played: " + ", ".join(
            f"{side_label(side, partners, self.model.names, watching=self.model.watching)} {points:+d}"
            for side, points in self.before.items()
        ) if self.before else ""

    def enter(self) -> None:
        words = ("Final result" if self.final else "Next hand") if self.score else "Back"
        self.button = widgets.button(self.app.ui, (PANEL_RECT.centerx - 60, PANEL_RECT.bottom - 30, 120, 20),
                                     words, object_id="title_button")
        self.widgets = [self.button]
        self.veil = widgets.veil(layout.SIZE, SHADOW, 200)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.scroll.hear(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.score is None:
                self.app.pop()
                return
            self.app.open("menu")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.veil, (0, 0))
        draw_panel(surface)
        if self.score is None:
            self.draw_scoreboard_only(surface)
            return
        model = self.model
        partners = model.rules.partners
        y = PANEL_RECT.y + 12
        text.draw(surface, f"Hand {model.last_scored}: the score", (PANEL_RECT.centerx, y), GOLD, size=16,
                  align="centre")
        sides = list(self.score.sides.values())
        header = Row("", tuple(side_label(side.side, partners, model.names, watching=model.watching) for side in sides),
                     (GOLD,) * len(sides))
        column = min(COLUMN, (PANEL_RECT.width - 40 - FIRST_VALUES) // max(1, len(sides) - 1))
        x = block_left(max(FIRST_VALUES + (len(sides) - 1) * column, scoreboard_width(len(sides))))
        rows = [header, *score_rows(self.score, self.taken, verdicts=True)]
        y = draw_rows(surface, rows, x, y + 28, x + FIRST_VALUES - column, column)
        notes = score_notes(self.score, model.names.get)
        if notes:
            y += 4
            y += (self.draw_lines(surface, "; ".join(notes), y, GOLD) - 1) * text.LINE
        if self.before:
            y += 12
            text.draw(surface, self.before_line(), (PANEL_RECT.centerx, y), GREY_LIGHT, shadow=None, align="centre")
        if self.problems:
            y += 2 + text.LINE
            y += (self.draw_lines(surface, self.problems[-1], y, WARNING) - 1) * text.LINE
        y += 18
        text.draw(surface, "Scoreboard (hand points, score/bags)", (x, y), GOLD, shadow=None)
        self.draw_scoreboard(surface, y + 12, rows=max(1, (PANEL_RECT.bottom - 40 - y - 24) // 10))

    @staticmethod
    def draw_lines(surface: pygame.Surface, words: str, top: int, colour: Colour) -> int:
        """Words across the panel, centred, on at most `NOTE_LINES` lines; how many it took."""
        lines = text.fitted(words, PANEL_RECT.width - 40, NOTE_LINES)
        for i, line in enumerate(lines):
            text.draw(surface, line, (PANEL_RECT.centerx, top + i * text.LINE), colour, shadow=None, align="centre")
        return len(lines)

    def draw_scoreboard(self, surface: pygame.Surface, top: int, rows: int) -> None:
        model = self.model
        draw_scoreboard(surface, model.scores, model.standings, model.rules.partners, top, self.scroll, rows,
                        first_hand=model.first_hand, names=model.names, watching=model.watching)

    def draw_scoreboard_only(self, surface: pygame.Surface) -> None:
        model = self.model
        x, y = PANEL_RECT.x + 20, PANEL_RECT.y + 12
        text.draw(surface, "Scoreboard", (PANEL_RECT.centerx, y), GOLD, size=16, align="centre")
        y += 28
        for side, standing in model.standings.items():
            text.draw(surface, standing_words(side, standing, model.rules.partners, model.names, model.watching),
                      (x, y), WHITE, shadow=None)
            y += 10
        if not model.scores:
            text.draw(surface, "No hand has been scored yet.", (x, y + 10), GREY_LIGHT, shadow=None)
            return
        self.draw_scoreboard(surface, y + 10, rows=max(1, (PANEL_RECT.bottom - 40 - y - 24) // 10))
