"""A list taller than its space: which rows show, the keys and wheel that move it, and the thin
bar at its side that says where it is.

>>> scroll = ListScroll(at_end=True)
>>> scroll.window(total=20, rows=8)
(12, 20)
>>> scroll.move(-3); scroll.window(total=20, rows=8)
(9, 17)
>>> scroll.move(-100); scroll.window(total=20, rows=8)
(0, 8)
"""

from __future__ import annotations

import pygame

from scenes.look.palette import GOLD, GREY_DARK

STEPS = {pygame.K_UP: -1, pygame.K_DOWN: 1}
"""Keys that move a list by a row; Page Up and Page Down move it by what shows."""
PAGES = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


class ListScroll:
    """The first row shown of a list; `at_end` lists (a scoreboard) start at their last rows."""

    def __init__(self, at_end: bool = False) -> None:
        self.top: int | None = None if at_end else 0
        """None: the last rows, however many the list has."""
        self.rows = 0
        self.total = 0

    def window(self, total: int, rows: int) -> tuple[int, int]:
        """The rows shown, as a range of indices, of a list of `total` rows with room for `rows`."""
        self.total, self.rows = total, max(1, rows)
        most = max(0, total - self.rows)
        first = most if self.top is None else min(self.top, most)
        return first, min(total, first + self.rows)

    def move(self, rows: int) -> None:
        first, _ = self.window(self.total, self.rows)
        self.top = max(0, first + rows)

    def hear(self, event: pygame.event.Event) -> bool:
        """Move for the wheel, Up, Down, Page Up and Page Down; whether `event` was one of them."""
        if event.type == pygame.MOUSEWHEEL:
            self.move(-event.y)
        elif event.type == pygame.KEYDOWN and event.key in STEPS:
            self.move(STEPS[event.key])
        elif event.type == pygame.KEYDOWN and event.key in PAGES:
            self.move(PAGES[event.key] * self.rows)
        else:
            return False
        return True


def draw_scrollbar(surface: pygame.Surface, track: pygame.Rect, first: int, shown: int, total: int) -> None:
    """A thin bar down `track` whose gold part is where the `shown` rows from `first` sit among
    `total` (nothing when every row shows)."""
    if total <= shown:
        return
    pygame.draw.rect(surface, GREY_DARK, track)
    height = max(6, track.height * shown // total)
    y = track.y + (track.height - height) * first // max(1, total - shown)
    pygame.draw.rect(surface, GOLD, (track.x, y, track.width, height))
