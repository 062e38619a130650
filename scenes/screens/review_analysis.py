"""Review's perfect-play analysis of the hand on screen: asked of the worker process a slice
at a time, and drawn (a mark beside each card of the trick, the best reachable at each
trick in a bar chart at the top, and the shown card's verdict with what each side could
still score).

The analysis itself is :class:`game.players.analyse.Analyser`'s, in the worker process of
the App's :class:`game.players.thinker.Thinker`: each ``"analyse"`` request works on it
for a slice of time and answers with what is known so far, so the screen shows the exact
marks as they come (from the last trick back) and the frame loop never waits. Cards the
exact search did not reach in the time are *estimated* (Expert's sampled value): their
marks carry a ``~`` and are drawn in grey, never as exact ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.players.analyse import DEFAULT_TIME_LIMIT, AnalysisProgress, PlayAnalysis, TrickAnalysis
from game.players.thinker import Answer, Request
from game.records.handlog import LoggedHand
from game.seats import side_of
from scenes.look import layout, text
from scenes.look.breakdown import draw_panel
from scenes.look.palette import (
    BLACK,
    CARD_CREAM,
    GOLD,
    GOOD,
    GREY,
    GREY_DARK,
    GREY_LIGHT,
    PANEL,
    WARNING,
    WHITE,
    Colour,
)

ANALYSIS_SECONDS: float | None = DEFAULT_TIME_LIMIT
"""The time a hand's whole analysis may take in the worker (its working time)."""
POLL = 0.05
"""Seconds between looks for the worker's answer while an analysis is under way."""
DOTS_STEP = 1 / 3
BIG_LOSS = 10
"""A mark of this many points or more is drawn in the warning colour."""

SEAT_WORDS = {"S": "South", "W": "West", "N": "North", "E": "East"}

# -- where things are drawn (logical pixels) --------------------------------------------------------
BAR_RECT = pygame.Rect(4, 28, 204, 70)
"""The chart of the best reachable at each trick, at the top left under the hand's name."""
BAR_W, BAR_GAP = 10, 4
CHART_TOP, CHART_HEIGHT = 44, 32
VERDICT_RECT = pygame.Rect(4, 172, 234, 52)
"""The shown card's verdict, under West's cards."""
LEGEND_X, LEGEND_Y = layout.WIDTH - 8, 184
"""The right end of the key to the marks, under East's cards."""
BADGE_H = 11
BADGE_SPOTS = {
    "N": lambda x, y: (x + layout.CARD_W + 3, y + 12),
    "S": lambda x, y: (x + layout.CARD_W + 3, y + layout.CARD_H - BADGE_H),
    "W": lambda x, y: (x, y + layout.CARD_H + 2),
    "E": lambda x, y: (x, y + layout.CARD_H + 2),
}
"""Where a trick card's mark goes, from the card's top-left corner."""


# ---------------------------------------------------------------------------------------------------
# The analysis of the opened hand, as it arrives


@dataclass
class HandAnalysisView:
    """The analysis of one opened hand: asks the worker for each slice in turn (:meth:`ask`,
    every frame), takes its answers (:meth:`take`), and tells what is known of each card and
    trick. :meth:`drop` tells the worker to forget the hand when Review moves on."""

    logged: LoggedHand
    viewpoint: str = "S"
    time_limit: float | None = ANALYSIS_SECONDS
    progress: AnalysisProgress | None = None
    error: str = ""
    waiting: int | None = None
    """The token of the request whose answer is awaited."""

    @property
    def done(self) -> bool:
        return bool(self.error) or (self.progress is not None and self.progress.analysis is not None)

    @property
    def side(self) -> str:
        """The side the tricks' values are for (the player's)."""
        return side_of(self.viewpoint, self.logged.rules.partners)

    def ask(self, app) -> None:
        """Ask for the next slice of work, unless one is awaited or all is known."""
        if self.waiting is None and not self.done:
            self.waiting = app.new_token()
            app.thinker.ask(Request.analysis(self.waiting, self.logged, self.time_limit))

    def take(self, answer: Answer) -> bool:
        """Keep `answer` if it is the one awaited (True), else leave it to others (False)."""
        if answer.token != self.waiting:
            return False
        self.waiting = None
        if answer.error or not isinstance(answer.choice, AnalysisProgress):
            self.error = answer.error or "no answer"
        else:
            self.progress = answer.choice
        return True

    def drop(self, app) -> None:
        """Leaving the hand: the worker forgets its analysis (and the answer awaited is not wanted)."""
        if self.waiting is not None or not self.done:
            app.thinker.ask(Request.analysis(app.new_token(), None))
        self.waiting = None

    def play(self, number: int) -> PlayAnalysis | None:
        """The verdict on card `number` (1 to 52), once known."""
        return self.progress.plays.get(number) if self.progress else None

    def trick(self, number: int) -> TrickAnalysis | None:
        return self.progress.tricks.get(number) if self.progress else None

    def status(self, clock: float) -> tuple[str, Colour]:
        """One line on how far the analysis is: which tricks are exact, and what is left."""
        if self.error:
            return "Analysis failed", WARNING
        dots = "." * (1 + int(clock / DOTS_STEP) % 3)
        plays = self.progress.plays if self.progress else {}
        exact = [number for number, play in plays.items() if play.exact]
        first = (min(exact) + 2) // 4 + 1 if exact else 14  # the first trick all exact from there on
        phase = self.progress.phase if self.progress else "exact"
        if phase == "exact":
            return (f"Tricks {first}-13 exact{dots}" if first <= 13 else f"Analysing{dots}"), GREY_LIGHT
        if phase == "estimate":
            return f"Estimating 1-{first - 1}{dots}", GREY_LIGHT
        if len(exact) == 52:
            return "Every trick exact", GOOD
        if first > 13:
            return "Every trick estimated", GREY_LIGHT
        return f"Tricks {first}-13 exact", GREY_LIGHT


# ---------------------------------------------------------------------------------------------------
# Drawing


def mark_colour(play: PlayAnalysis) -> Colour:
    """Green for a card that keeps the best, gold for a small loss, the warning colour for a
    big one; grey for any estimate."""
    if not play.exact:
        return GREY_LIGHT
    if play.mark == "=":
        return GOOD
    return WARNING if play.loss >= BIG_LOSS else GOLD


def draw_badge(surface: pygame.Surface, play: PlayAnalysis, anchor: tuple[int, int]) -> None:
    """A card's mark in a small dark box, its top-left corner at `anchor`."""
    words = play.label
    box = pygame.Rect(anchor, (8 * len(words) + 4, BADGE_H))
    pygame.draw.rect(surface, PANEL, box)
    pygame.draw.rect(surface, GREY_DARK if not play.exact else mark_colour(play), box, 1)
    text.draw(surface, words, (box.x + 2, box.y + 2), mark_colour(play), shadow=None)


def draw_trick_marks(surface: pygame.Surface, view: HandAnalysisView, first_number: int,
                     slots: list[tuple[str, tuple[int, int]]]) -> list[tuple[int, str]]:
    """The mark of each card of the trick on the table, beside the card: `slots` are the
    trick's seats in play order with the top-left corner of their card; the first is card
    `first_number` of the hand. North's and South's marks sit to the right of their cards,
    West's and East's under theirs (clear of the score panels at the end of the hand).
    Returns the marks drawn, by card number."""
    drawn = []
    for offset, (seat, (x, y)) in enumerate(slots):
        play = view.play(first_number + offset)
        if play is not None:
            draw_badge(surface, play, BADGE_SPOTS[seat](x, y))
            drawn.append((play.number, play.label))
    return drawn


def value_text(value: float) -> str:
    """``+21``, ``-119``, ``+13.3`` (Solo's thirds)."""
    return f"{value:+.0f}" if abs(value - round(value)) < 1e-6 else f"{value:+.1f}"


def draw_bar(surface: pygame.Surface, view: HandAnalysisView, current: int, clock: float) -> str:
    """The best reachable for the player's side at the start of each trick (its score less
    the others' on a perfect line from there), a bar a trick with the hand's real result
    last; the `current` trick framed in gold, estimated bars dotted. Returns the status line
    drawn under it (how far the analysis is)."""
    draw_panel(surface, BAR_RECT)
    x0, y0 = BAR_RECT.x + 6, BAR_RECT.y + 5
    tricks = [view.trick(n) for n in range(1, 14)]
    text.draw(surface, f"Best {view.side} margin", (x0, y0), GOLD, shadow=None)
    shown = tricks[current - 1]
    if shown is not None:
        words = value_text(shown.value) if shown.exact else "~" + value_text(round(shown.value))
        text.draw(surface, words, (BAR_RECT.right - 6, y0), WHITE if shown.exact else GREY_LIGHT,
                  align="right", shadow=None)
    result = _result(view)
    values = [t.value for t in tricks if t is not None] + ([result] if result is not None else [])
    scale = max([10.0, *(abs(v) for v in values)])
    zero = CHART_TOP + CHART_HEIGHT // 2
    pygame.draw.line(surface, GREY_DARK, (x0, zero), (x0 + 14 * (BAR_W + BAR_GAP) - BAR_GAP, zero))
    columns: list[tuple[float | None, bool]] = [(t.value, t.exact) if t else (None, True) for t in tricks]
    for index, (value, exact) in enumerate([*columns, (result, True)]):
        x = x0 + index * (BAR_W + BAR_GAP)
        if index + 1 == current:
            pygame.draw.rect(surface, GOLD, (x - 2, CHART_TOP - 1, BAR_W + 4, CHART_HEIGHT + 2), 1)
        colour = CARD_CREAM if index == 13 else None
        _draw_column(surface, x, zero, value, scale, exact, colour)
    words, colour = view.status(clock)
    text.draw(surface, words, (x0, BAR_RECT.bottom - 14), colour, shadow=None)
    return words


def _result(view: HandAnalysisView) -> float | None:
    """What the hand really scored for the player's side, less the others (once known)."""
    if view.progress is None or view.progress.analysis is None:
        return None
    scores = view.progress.analysis.scores
    others = [points for side, points in scores.items() if side != view.side]
    return scores[view.side] - sum(others) / len(others)


def _draw_column(surface: pygame.Surface, x: int, zero: int, value: float | None, scale: float, exact: bool,
                 colour: Colour | None) -> None:
    """One bar of the chart: up for a lead, down for a deficit, a dot while unknown."""
    if value is None:
        pygame.draw.rect(surface, GREY, (x + BAR_W // 2 - 1, zero - 1, 2, 2))
        return
    height = max(1, round(abs(value) / scale * (CHART_HEIGHT // 2 - 1)))
    rect = pygame.Rect(x, zero - height if value >= 0 else zero + 1, BAR_W, height)
    colour = colour or (GOOD if value >= 0 else WARNING)
    if exact:
        pygame.draw.rect(surface, colour, rect)
    else:
        _dotted(surface, rect, colour)


def _dotted(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """An estimated bar: every other pixel, a checkerboard (dotted even when it is one pixel high)."""
    for y in range(rect.y, rect.bottom):
        for x in range(rect.x + (y - rect.y) % 2, rect.right, 2):
            surface.set_at((x, y), colour)


def verdict_lines(view: HandAnalysisView, step: int, last: tuple[str, object] | None,
                  name: str) -> list[tuple[str, Colour]]:
    """What the verdict panel says after `step` cards: the card shown and its mark, the
    best cards when it was not one, and what each side could still score from there with
    perfect play (after the card played, and after the best); for an estimate, Expert's
    sampled value instead."""
    if step == 0 or last is None:
        trick = view.trick(1)
        if trick is None:
            return [("The deal", WHITE), ("Perfect play: analysing", GREY_LIGHT)]
        if not trick.exact:
            return [("The deal", WHITE), (f"Expert's estimate: {view.side} ~{value_text(trick.value)}", GREY_LIGHT)]
        return [("The deal", WHITE), (f"Perfect play: {_scores(trick.scores)}", WHITE)]
    play = view.play(step)
    card = getattr(last[1], "label", str(last[1]))
    if play is None:
        return [(f"{name} played {card}", WHITE), ("Perfect play: analysing", GREY_LIGHT)]
    lines = [(f"{name} played {card}: {play.label}", mark_colour(play))]
    if play.mark != "=":
        best = " ".join(c.label for c in play.best_cards[:5])
        lines.append((f"Best: {best}" + ("" if play.exact else " (est.)"), GREY_LIGHT))
    if not play.exact:
        return [*lines, (f"Expert's estimate: {play.side} ~{value_text(round(play.value))}", GREY_LIGHT)]
    lines.append((f"Perfect play: {_scores(play.scores)}", WHITE))
    if play.mark != "=":
        lines.append((f"With {play.best_cards[0].label}: {_scores(play.best_scores)}", GREY_LIGHT))
    return lines


def _scores(scores: dict[str, int]) -> str:
    """Each side's points, a side and its points held together on one line (a no-break space)."""
    return "  ".join(f"{side}\u00a0{points}" for side, points in scores.items())


def draw_verdict(surface: pygame.Surface, lines: list[tuple[str, Colour]]) -> None:
    """The verdict panel under West's cards; a line too long for it (Solo's four scores) goes on the next."""
    rect = VERDICT_RECT.copy()
    shown = [(line, colour) for words, colour in lines for line in text.wrap(words, rect.width - 10)]
    rect.height = 8 + len(shown) * text.LINE + 2
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((*PANEL, 200))
    surface.blit(shade, rect)
    pygame.draw.rect(surface, GREY_DARK, rect, 1)
    for i, (line, colour) in enumerate(shown):
        text.draw(surface, line, (rect.x + 5, rect.y + 5 + i * text.LINE), colour, shadow=BLACK)


def draw_legend(surface: pygame.Surface) -> None:
    """The key to the marks, under East's cards."""
    lines = [("= kept the best", GOOD), ("-n points lost", GOLD), ("~ estimated", GREY_LIGHT)]
    for i, (words, colour) in enumerate(lines):
        text.draw(surface, words, (LEGEND_X, LEGEND_Y + i * text.LINE), colour, align="right")


def current_trick(step: int) -> int:
    """The trick the shown card belongs to (the first at the deal)."""
    return max(1, math.ceil(step / 4))



__all__ = ["ANALYSIS_SECONDS", "HandAnalysisView", "current_trick", "draw_bar", "draw_legend", "draw_trick_marks",
           "draw_verdict", "verdict_lines"]
