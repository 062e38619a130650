"""The chat band of a server's table: one line under North's name, and the chat so far beneath it.

The band holds one line: the connection while it is down, the server's notice, or the newest line
of chat. Words longer than the band are shown a part at a time, :data:`PAGE_SECONDS` each,
:data:`ROUNDS` times through, then the first part stays, ending in "..". Pointing at the band, or
typing in it, opens the chat so far beneath it, every line whole.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.look import layout, text
from scenes.look.palette import PANEL, Colour
from scenes.look.reading import draw_reading

PAGE_SECONDS = 3.0
"""How long each part of words too long for the band shows."""
ROUNDS = 2
"""Times the parts are shown one after another before the first part stays."""
MORE = " .."
"""The end of a part that more words follow (and, turned round, the start of one that follows)."""
LATE = 0.001
"""Seconds after a part's time is up that the frame showing the next is asked for."""
LOG_ROWS = 10
"""Rows of the chat so far at the most (whole lines: the oldest that do not fit are left out)."""


def parts(words: str, width: int) -> list[str]:
    """`words` as the band shows them: one part when they fit `width`, else the parts in turn, each
    marked where it goes on (every part fits `width`, markers included)."""
    lines = text.wrap(words, width)
    if len(lines) <= 1:
        return lines
    inner = text.wrap(words, width - 2 * text.font().size(MORE)[0])
    last = len(inner) - 1
    return [(".. " if i else "") + line + (MORE if i < last else "") for i, line in enumerate(inner)]


class ChatBand:
    """The words in the band and since when they are there (the table's clock)."""

    def __init__(self) -> None:
        self.words = ""
        self.since = 0.0
        self.parts: list[str] = []

    @property
    def width(self) -> int:
        return layout.CHAT_LINE[2] - 2  # the words' shadow inside it too

    def show(self, words: str, clock: float) -> None:
        """The band holds `words` from `clock` on: new words start at their first part."""
        if words != self.words:
            self.words, self.since, self.parts = words, clock, parts(words, self.width)

    def reading_time(self, words: str) -> float:
        """Seconds the band takes to show `words` once through."""
        return len(parts(words, self.width)) * PAGE_SECONDS

    def shown(self, clock: float) -> str:
        """The part of the words the band shows at `clock`."""
        if len(self.parts) <= 1:
            return self.words
        turn = int((clock - self.since) // PAGE_SECONDS)
        return self.parts[turn % len(self.parts)] if turn < ROUNDS * len(self.parts) else self.parts[0]

    def next_change(self, clock: float) -> float | None:
        """Seconds until the band shows another part (a millisecond after its time, so that the frame
        then is sure to show it, however the clock's seconds add up); None once it rests on the first."""
        elapsed = clock - self.since
        if len(self.parts) <= 1 or elapsed >= ROUNDS * len(self.parts) * PAGE_SECONDS:
            return None
        return PAGE_SECONDS - elapsed % PAGE_SECONDS + LATE

    def draw(self, surface: pygame.Surface, clock: float, colour: Colour) -> None:
        x, y, width, _ = layout.CHAT_LINE
        text.draw(surface, self.shown(clock), (x + width // 2, y + 5), colour, align="centre", shadow=PANEL)


def draw_log(surface: pygame.Surface, lines: Sequence[tuple[str, Colour]]) -> None:
    """The chat so far (each line with its colour, oldest first) in a panel under the band, each
    line whole; as many of the newest as :data:`LOG_ROWS` holds."""
    x, y, width, height = layout.CHAT_LINE
    draw_reading(surface, lines, x, y + height + 2, width, LOG_ROWS)
