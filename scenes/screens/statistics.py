"""The Statistics screen: games, contracts, nils and bags per variant and levels (partner's/opponents'),
or month by month, with a Reset."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui

from game.players.levels import PLAYABLE, levels_label, levels_of
from game.records.atomic import write_atomic
from game.records.stats import Form, Key, Statistics, Tally
from game.rules import CUSTOM_SLOTS, PRESETS, custom_variant
from scenes.look import text, widgets
from scenes.look.breakdown import draw_panel
from scenes.look.palette import GOLD, GOOD, GREY, GREY_LIGHT, PANEL_EDGE, WARNING, WHITE
from scenes.scene import Scene

PANEL_RECT = pygame.Rect(8, 10, 624, 340)
HEADER_Y = 78
ROWS_Y = HEADER_Y + 26
ROW = 11
VISIBLE_ROWS = 14
LAST_GAMES = 10
"""The latest games the line of form counts ("Last 10: won 6.")."""
NAME_X, LEVEL_X = PANEL_RECT.x + 12, PANEL_RECT.x + 92
NAME_CHARS = 9
"""The longest variant name shown whole (room for the levels, "Expert/Normal", beside it)."""
MESSAGE_WIDTH = 416
"""The footer's answer to Reset, between the buttons (what does not fit ends in "..")."""
BUTTON_Y = PANEL_RECT.bottom - 28
VIEWS = {"rules": "By rules", "months": "By month"}
"""The two ways the table is cut, by their tab's words: per variant and levels, or per month."""
TAB_W, TAB_H = 72, 16
MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
LEVEL_ORDER = tuple(level.name for level in PLAYABLE)
VARIANT_ORDER = tuple(v.name for v in PRESETS.values()) + tuple(custom_variant(s).name for s in CUSTOM_SLOTS)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{round(100 * value)}%"


def _per_hand(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


COLUMNS: tuple[tuple[str, int, Callable[[Tally], str]], ...] = (
    # (heading, right edge x, value of a tally): room for counts of four or five digits
    ("Won", 244, lambda t: str(t.games_won)),
    ("Lost", 284, lambda t: str(t.games_lost)),
    ("Win%", 324, lambda t: _percent(t.win_rate)),
    ("Hands", 372, lambda t: str(t.hands)),
    ("Made", 420, lambda t: str(t.contracts_made)),
    ("Set", 460, lambda t: str(t.contracts_set)),
    ("Nil", 516, lambda t: f"{t.nils_made}/{t.nils_tried}"),
    ("Blind", 564, lambda t: f"{t.blind_nils_made}/{t.blind_nils_tried}"),
    ("/hand", 612, lambda t: _per_hand(t.bags_per_hand)),
)
GROUPS = (("Games", 212, 324), ("Contracts", 388, 460), ("Nils", 468, 564), ("Bags", 572, 612))
"""Headings over several columns: (words, left x, right x)."""


def cells(tally: Tally) -> list[str]:
    """A tally's values in the order of :data:`COLUMNS`."""
    return [value(tally) for _, _, value in COLUMNS]


def _rank(level: str) -> int:
    return LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)


def ordered(statistics: Statistics) -> list[tuple[Key, Tally]]:
    """The tallies worth a row (something happened), presets in their usual order, then
    the custom slots, then any other name; by the partner's level, then the opponents', Normal
    before Expert."""
    def place(item: tuple[Key, Tally]) -> tuple:
        (variant, levels), _ = item
        known = VARIANT_ORDER.index(variant) if variant in VARIANT_ORDER else len(VARIANT_ORDER)
        partner, opponents = levels_of(levels)
        return known, variant, _rank(partner), _rank(opponents), levels

    return sorted(((key, tally) for key, tally in statistics if not tally.empty), key=place)


def short_variant(variant: str) -> str:
    """A variant's name as the table's first column holds it: a preset's year left off first
    ("Stelmack 1990": "Stelmack"), then cut ("Longer name": "Longer n.").

    >>> short_variant("Stelmack 1990"), short_variant("Dunn 1995"), short_variant("Longer name")
    ('Stelmack', 'Dunn 1995', 'Longer n.')
    """
    if len(variant) <= NAME_CHARS:
        return variant
    name, _, year = variant.rpartition(" ")
    if year.isdecimal() and len(year) == 4 and name and len(name) <= NAME_CHARS:
        return name
    return variant[:NAME_CHARS - 1].rstrip() + "."


def row_levels(variant: str, levels: str) -> str:
    """The levels as the table shows them, partner's first; a preset without partners (Solo) has
    none, its computers all opponents ("-/Normal")."""
    preset = next((p for p in PRESETS.values() if p.name == variant), None)
    if preset is not None and not preset.rules.partners:
        return "-/" + levels_of(levels)[1].capitalize()
    return levels_label(levels)


def month_label(month: str) -> str:
    """A month as the table names it.

    >>> month_label("2026-12")
    'Dec 2026'
    """
    year, number = month.split("-")
    return f"{MONTH_NAMES[int(number) - 1]} {year}"


def summary(total: Tally) -> str:
    """One line over the table: games, wins, those played with undo, and the best score."""
    if not total.games_played:
        return f"{total.hands} hands played; no game finished yet." if total.hands else ""
    games = "1 game" if total.games_played == 1 else f"{total.games_played} games"
    words = f"{games}: won {total.games_won}, lost {total.games_lost} ({_percent(total.win_rate)})"
    words += f", {total.games_with_undo} with undo." if total.games_with_undo else "."
    if total.best_score is not None:
        words += f" Best score {total.best_score}."
    return words


def form_line(form: Form) -> str:
    """The latest games: how many of the last ten were won, the run they end in, the best run
    (empty before the first game)."""
    won, played = form.last(LAST_GAMES)
    if not played:
        return ""
    latest = f"Last {played}: won {won}." if played > 1 else ("Last game: won." if won else "Last game: lost.")
    if form.run > 1:
        latest += f" {form.run} {'won' if form.winning else 'lost'} in a row."
    if form.best_run > 1:
        latest += f" Best run: {form.best_run} won."
    return latest


def coach_line(total: Tally) -> str:
    """How often the coach spoke and was followed (empty before it has spoken)."""
    if not total.coach_spoke:
        return ""
    times = "once" if total.coach_spoke == 1 else f"{total.coach_spoke} times"
    share = _percent(total.coach_followed / total.coach_spoke)
    followed = "once" if total.coach_followed == 1 else f"{total.coach_followed} times"
    return f"The coach spoke {times}; its advice was followed {followed} ({share})."


class StatisticsScene(Scene):
    """Pushed on the title: the player's record as a table, by rules or by month (the tabs, or
    Tab); Esc or Back returns.

    Reset asks once more ("Sure?") before forgetting everything and saving to `path`."""

    def __init__(self, app, statistics: Statistics, path: Path) -> None:
        super().__init__(app)
        self.statistics = statistics
        self.path = Path(path)
        self.view = "rules"
        """Which table is shown: one of :data:`VIEWS`."""
        self.first_row = 0
        self.confirming = False
        self.message: tuple[str, tuple[int, int, int]] | None = None

    # -- widgets ------------------------------------------------------------------------------
    def enter(self) -> None:
        ui = self.app.ui
        self.buttons = {
            "reset": widgets.button(ui, (PANEL_RECT.x + 12, BUTTON_Y, 120, 20), "Reset",
                                    object_id="title_button", tool_tip="Forget every game and hand counted here"),
            "back": widgets.button(ui, (PANEL_RECT.right - 132, BUTTON_Y, 120, 20), "Back", object_id="title_button"),
        }
        self.tabs = {view: widgets.button(ui, (PANEL_RECT.right - 12 - (len(VIEWS) - i) * (TAB_W + 4) + 4,
                                               PANEL_RECT.y + 10, TAB_W, TAB_H), words)
                     for i, (view, words) in enumerate(VIEWS.items())}
        self.widgets = [*self.buttons.values(), *self.tabs.values()]
        self._refresh()

    def resume(self) -> None:
        super().resume()
        self._refresh()

    def _refresh(self) -> None:
        if self.statistics.empty:
            self.buttons["reset"].disable()
        else:
            self.buttons["reset"].enable()
        self.buttons["reset"].set_text("Sure? Reset" if self.confirming else "Reset")
        for view, tab in self.tabs.items():
            if view == self.view:
                tab.select()
            else:
                tab.unselect()

    def show(self, view: str) -> None:
        """Show the table cut by rules or by month (see :data:`VIEWS`), from its first row."""
        self.view, self.first_row = view, 0
        self._refresh()

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP,
                                                             pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -VISIBLE_ROWS,
                     pygame.K_PAGEDOWN: VISIBLE_ROWS, pygame.K_HOME: -10_000, pygame.K_END: 10_000}
            self.scroll(steps[event.key])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            views = list(VIEWS)
            self.show(views[(views.index(self.view) + 1) % len(views)])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons["back"]:
                self.app.pop()
            elif event.ui_element is self.buttons["reset"]:
                self._reset_pressed()
            else:
                self.show(next((view for view, tab in self.tabs.items() if tab is event.ui_element), self.view))

    def scroll(self, rows: int) -> None:
        """Move the table by `rows` (when there are more rows than fit)."""
        most = max(0, len(self.rows()) - VISIBLE_ROWS)
        self.first_row = min(most, max(0, self.first_row + rows))

    def _reset_pressed(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.message = ("Press Reset again to forget everything.", WARNING)
            self._refresh()
            return
        self.confirming = False
        self.statistics.reset()
        self.first_row = 0
        self.message = ("Statistics reset.", GOOD)
        # after any statistics still being written: the reset is what the file keeps
        self.app.files.run(functools.partial(write_atomic, self.path, self.statistics.text()), self._reset_saved)
        self._refresh()

    def _reset_saved(self, error: BaseException | None) -> None:
        if isinstance(error, OSError):
            self.message = (f"Reset, but not saved: {error.strerror or error}", WARNING)
            self.app.redraw()
        elif error is not None:
            raise error

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        draw_panel(surface, PANEL_RECT)
        centre = PANEL_RECT.centerx
        text.draw(surface, "STATISTICS", (centre, PANEL_RECT.y + 12), GOLD, size=16, align="centre")
        total = self.statistics.total
        lines = [(summary(total), WHITE), (form_line(self.statistics.form), GREY_LIGHT),
                 (coach_line(total), GREY_LIGHT)]
        for i, (words, colour) in enumerate((words, colour) for words, colour in lines if words):
            text.draw(surface, words, (centre, PANEL_RECT.y + 36 + i * text.LINE), colour, align="centre", shadow=None)
        rows = self.rows()
        if not rows:
            for i, line in enumerate(self.nothing_yet()):
                text.draw(surface, line, (centre, 130 + i * 14), GREY_LIGHT, align="centre", shadow=None)
        else:
            self._draw_table(surface, rows)
        self._draw_footer(surface, bool(rows))

    def rows(self) -> list[tuple[str, str, Tally]]:
        """Every row of the table shown (not only those in view): its two names and its tally."""
        if self.view == "months":
            return [(month_label(month), "", tally) for month, tally in self.statistics.by_month()]
        merged: dict[tuple[str, str], Tally] = {}  # Solo's rows that differ only by the partner level it lacks
        for (variant, levels), tally in ordered(self.statistics):
            key = (short_variant(variant), row_levels(variant, levels))
            merged[key] = merged.get(key, Tally()) + tally
        return [(variant, levels, tally) for (variant, levels), tally in merged.items()]

    def nothing_yet(self) -> tuple[str, ...]:
        """What the screen says in place of a table with no rows."""
        if self.view == "months" and not self.statistics.empty:
            return ("No month counted yet.", "What you play from now on is counted",
                    "here too, month by month.")
        how = "month by month" if self.view == "months" else "per variant and levels"
        return ("Nothing counted yet.", "Play a game: every hand and every finished", f"game is counted here, {how}.")

    def table(self) -> list[list[str]]:
        """The rows in view, cell by cell as drawn (by rules: the rules and the levels as "Expert/Normal"
        for the partner's and the opponents'; by month: the month and nothing; then one per column), and
        the total row last; empty when nothing has been counted."""
        rows = self.rows()
        if not rows:
            return []
        shown = rows[self.first_row:self.first_row + VISIBLE_ROWS]
        total = sum((tally for _, _, tally in rows), Tally()) if self.view == "months" else self.statistics.total
        return [[name, levels, *cells(tally)] for name, levels, tally in shown] + [["All", "", *cells(total)]]

    def _draw_table(self, surface: pygame.Surface, rows: list[tuple[str, str, Tally]]) -> None:
        for words, left, right in GROUPS:
            text.draw(surface, words, ((left + right) // 2, HEADER_Y), GOLD, align="centre", shadow=None)
            pygame.draw.line(surface, GOLD, (left, HEADER_Y + 10), (right, HEADER_Y + 10))
        names = ["Month", ""] if self.view == "months" else ["Rules", "Levels"]
        self._draw_row(surface, HEADER_Y + 14, [*names, *(heading for heading, _, _ in COLUMNS)], GREY_LIGHT)
        *body, total_row = self.table()
        y = ROWS_Y
        for row in body:
            self._draw_row(surface, y, row, WHITE)
            y += ROW
        if len(rows) > VISIBLE_ROWS:
            more = f"rows {self.first_row + 1}-{self.first_row + len(body)} of {len(rows)}: Up/Down scroll"
            text.draw(surface, more, (PANEL_RECT.centerx, y), GREY, align="centre", shadow=None)
            y += ROW
        pygame.draw.line(surface, PANEL_EDGE, (NAME_X, y + 1), (PANEL_RECT.right - 12, y + 1))
        self._draw_row(surface, y + 4, total_row, GOLD)

    def _draw_row(self, surface: pygame.Surface, y: int, row: list[str], colour) -> None:
        name, level, *values = row
        text.draw(surface, name, (NAME_X, y), colour, shadow=None)
        text.draw(surface, level, (LEVEL_X, y), colour, shadow=None)
        for (_, right, _), value in zip(COLUMNS, values, strict=True):
            text.draw(surface, value, (right, y), colour, align="right", shadow=None)

    def notes(self) -> tuple[str, ...]:
        """The lines under the table that say what it counts."""
        first = "Levels: your partner's/the opponents'."
        if self.view == "months":
            months = self.statistics.by_month()
            counted = sum((tally for _, tally in months), Tally())
            first = "Every variant and level together."
            if months and counted.hands < self.statistics.total.hands:  # the rest was counted by an older version
                first = f"Every variant and level together, since {month_label(months[-1][0])}."
        return first, "Contracts: your side's bids made and set.", "Nils: your own, made/tried."

    def _draw_footer(self, surface: pygame.Surface, table: bool) -> None:
        if table:
            notes = self.notes()
            for i, line in enumerate(notes):
                text.draw(surface, line, (NAME_X, BUTTON_Y - 34 + i * 10), GREY, shadow=None)
        if self.message:
            words, colour = self.message
            text.draw(surface, text.fitted(words, MESSAGE_WIDTH)[0], (PANEL_RECT.centerx, BUTTON_Y + 6), colour,
                      align="centre", shadow=None)
        else:
            other = next(words for view, words in VIEWS.items() if view != self.view)
            text.draw(surface, f"Tab: {other.lower()}   Esc: back", (PANEL_RECT.centerx, BUTTON_Y + 6), GREY,
                      align="centre", shadow=None)
