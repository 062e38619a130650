"""Words to be read whole, in a small panel over the screen: the chat so far at a server's table,
the title's notices. Each line is wrapped, never cut; when they are more than the panel's rows,
the oldest lines are left out whole."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.look import text
from scenes.look.palette import PANEL, PANEL_EDGE, Colour

MARGIN = 6


def whole_rows(lines: Sequence[tuple[str, Colour]], width: int, most: int) -> list[tuple[str, Colour]]:
    """The rows of `lines` (oldest first, each with its colour) wrapped to `width`: as many of the
    newest lines as `most` rows hold (the newest, cut at `most` rows and ending in "..", if it
    alone is longer)."""
    rows: list[tuple[str, Colour]] = []
    for words, colour in reversed(lines):
        wrapped = text.fitted(words, width, most)
        if rows and len(rows) + len(wrapped) > most:
            break
        rows[:0] = [(row, colour) for row in wrapped]
    return rows


def draw_reading(surface: pygame.Surface, lines: Sequence[tuple[str, Colour]], x: int, y: int, width: int,
                 most: int, upward: bool = False) -> pygame.Rect | None:
    """The panel of `lines`, `width` wide at `x`, its top at `y` (its bottom, `upward`); the area it
    covers, or None when there is nothing to show."""
    rows = whole_rows(lines, width - 2 * MARGIN, most)
    if not rows:
        return None
    height = len(rows) * text.LINE + 2 * MARGIN - 2
    box = pygame.Rect(x, y - height if upward else y, width, height)
    pygame.draw.rect(surface, PANEL, box)
    pygame.draw.rect(surface, PANEL_EDGE, box, 1)
    for i, (row, colour) in enumerate(rows):
        text.draw(surface, row, (box.x + MARGIN, box.y + MARGIN + i * text.LINE), colour, shadow=None)
    return box
