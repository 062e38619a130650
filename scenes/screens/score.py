"""The score after each hand: each side's contract, tricks, points by part, totals, bags,
and the running scoreboard of every hand so far."""

from __future__ import annotations

import pygame
import pygame_gui

from game.scoring import PART_LABELS, PARTS, HandScore
from scenes.look import layout, text, widgets
from scenes.look.palette import GOLD, GOOD, GREY, GREY_LIGHT, PANEL, PANEL_EDGE, SHADOW, WARNING, WHITE
from scenes.look.text import plural
from scenes.scene import Scene
from scenes.table.model import TableModel
from scenes.table.painter import side_label

PANEL_RECT = pygame.Rect(40, 14, 560, 332)
COLUMN = 120


def draw_panel(surface: pygame.Surface, rect: pygame.Rect = PANEL_RECT) -> None:
    """A black framed panel: score, game over and menu screens sit on one."""
    pygame.draw.rect(surface, PANEL, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    pygame.draw.rect(surface, GREY, rect.inflate(-4, -4), 1)


def draw_scoreboard(surface: pygame.Surface, model: TableModel, top: int, rows: int) -> None:
    """The running score of every hand (the last `rows` of them), one column per side."""
    partners = model.rules.partners
    sides = list(model.standings)
    x = PANEL_RECT.x + 20
    text.draw(surface, "Hand", (x, top), GREY_LIGHT, shadow=None)
    for i, side in enumerate(sides):
        text.draw(surface, side_label(side, partners), (x + 90 + i * COLUMN, top), GREY_LIGHT, shadow=None)
    shown = model.scores[-rows:]
    first = len(model.scores) - len(shown) + 1
    for row, score in enumerate(shown):
        y = top + 12 + row * 10
        text.draw(surface, f"{first + row:3d}", (x, y), WHITE, shadow=None)
        for i, side in enumerate(sides):
            part = score.sides[side]
            words = f"{part.total:+5d} {part.after.points:5d}/{part.after.bags}"
            text.draw(surface, words, (x + 90 + i * COLUMN, y), WHITE, shadow=None)


class ScoreScene(Scene):
    """Shown over the table after each hand (the button goes on to the next hand, or to the
    result after the `final` hand), or from the menu with no hand `score`: then the
    scoreboard alone, and Back."""

    overlay = True

    def __init__(self, app, model: TableModel, score: HandScore | None = None, final: bool = False,
                 problems: list[str] | None = None) -> None:
        super().__init__(app)
        self.model = model
        self.score = score
        self.final = final
        self.problems = list(problems or [])
        """What could not be written during the hand (Save Hand, statistics), in a warning line."""

    def enter(self) -> None:
        words = ("Final result" if self.final else "Next hand") if self.score else "Back"
        self.button = widgets.button(self.app.ui, (PANEL_RECT.centerx - 60, PANEL_RECT.bottom - 30, 120, 20),
                                     words, object_id="title_button")
        self.widgets = [self.button]
        self.veil = widgets.veil(layout.SIZE, SHADOW, 200)

    def handle_event(self, event: pygame.event.Event) -> None:
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
        x, y = PANEL_RECT.x + 20, PANEL_RECT.y + 12
        text.draw(surface, f"Hand {len(model.scores)}: the score", (PANEL_RECT.centerx, y), GOLD, size=16,
                  align="centre")
        y += 28
        sides = list(self.score.sides.values())
        for i, side in enumerate(sides):
            colour = GOOD if side.made else (WARNING if side.made is False else WHITE)
            verdict = {True: "made", False: "set", None: ""}[side.made]
            text.draw(surface, f"{side_label(side.side, partners)} {verdict}", (x + 150 + i * COLUMN, y), colour)
        rows = [("Bid", lambda s: str(s.contract)), ("Tricks", lambda s: str(s.counted))]
        rows += [(PART_LABELS[p], lambda s, p=p: f"{s.parts.get(p, 0):+d}") for p in PARTS
                 if any(s.parts.get(p, 0) for s in sides)]
        rows += [("This hand", lambda s: f"{s.total:+d}"), ("Score now", lambda s: str(s.after.points)),
                 ("Bags now", lambda s: str(s.after.bags))]
        for label_text, value in rows:
            y += 11
            text.draw(surface, label_text, (x, y), GREY_LIGHT, shadow=None)
            for i, side in enumerate(sides):
                text.draw(surface, value(side), (x + 150 + i * COLUMN, y), WHITE, shadow=None)
        notes = [f"{model.names.get(nil.who, nil.who)} {nil.kind} {'made' if nil.made else 'failed'}"
                 for side in sides for nil in side.nils] + [b for side in sides for b in side.bonuses]
        if notes:
            y += 14
            text.draw(surface, "; ".join(notes)[:68], (x, y), GOLD, shadow=None)
        if self.problems:
            y += 12
            text.draw(surface, text.wrap(self.problems[-1], PANEL_RECT.width - 40)[0], (x, y), WARNING, shadow=None)
        y += 18
        text.draw(surface, "Scoreboard (hand points, score/bags)", (x, y), GOLD, shadow=None)
        draw_scoreboard(surface, model, y + 12, rows=max(1, (PANEL_RECT.bottom - 40 - y - 24) // 10))

    def draw_scoreboard_only(self, surface: pygame.Surface) -> None:
        model = self.model
        x, y = PANEL_RECT.x + 20, PANEL_RECT.y + 12
        text.draw(surface, "Scoreboard", (PANEL_RECT.centerx, y), GOLD, size=16, align="centre")
        y += 28
        for side, standing in model.standings.items():
            text.draw(surface, f"{side_label(side, model.rules.partners):5} {standing.points:5d} points, "
                      f"{plural(standing.bags, 'bag')}", (x, y), WHITE, shadow=None)
            y += 10
        if not model.scores:
            text.draw(surface, "No hand has been scored yet.", (x, y + 10), GREY_LIGHT, shadow=None)
            return
        draw_scoreboard(surface, model, y + 10, rows=max(1, (PANEL_RECT.bottom - 40 - y - 24) // 10))
