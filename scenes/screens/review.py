"""Review Hands: the hands of a `Spades.save` log listed, and one replayed card by card with all four hands shown.

:class:`ReviewScene` is pushed on top of the title (``app.push(ReviewScene(app, path))``)
and leaves with ``app.pop()``. It reads the log with :class:`game.records.handlog.LogScan` a few
blocks each frame (:class:`~scenes.screens.review_log.LogLister`), so the list fills in
while a long log is read and the window never stops answering; a damaged block is listed
as damaged while every other hand still opens. The list keeps only what it shows of each
hand and where the hand is in the file; an opened hand is read again from there and played
again through the engine (:class:`~scenes.screens.review_log.HandReplay`), which gives the
position after each card; for South's
plays the Expert player is asked, through the App's thinker, what it would have played, and
pointing at another seat's card on the table, or at its name plate, shows why that seat played
or bid so, worked out from its own view then (:func:`game.players.suggest.why`, quick enough
for the frame).
The hand's perfect-play analysis (every card marked, the best reachable at each trick) is
worked out in the thinker's worker process while the screen stays live, and drawn as it
arrives (:mod:`scenes.screens.review_analysis`).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.cards import DECKS, Card
from game.players.suggest import titled, why
from game.players.thinker import Request
from game.records.handlog import DamagedBlock, LoggedHand, read_block
from game.scoring import HandScore
from game.seats import SEATS
from game.text_safety import safe_text
from scenes.look import breakdown, layout, text, widgets
from scenes.look.breakdown import draw_panel, draw_rows, score_notes, score_rows
from scenes.look.cardart import OUTLINE_WIDTH
from scenes.look.palette import (
    BLACK,
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
from scenes.look.scrolling import draw_scrollbar
from scenes.scene import Scene
from scenes.screens import review_analysis
from scenes.screens.review_analysis import (
    POLL,
    HandAnalysisView,
    current_trick,
    draw_bar,
    draw_legend,
    draw_trick_marks,
    draw_verdict,
    verdict_lines,
)
from scenes.screens.review_log import (
    LISTED_LENGTH,
    HandReplay,
    Listed,
    LogLister,
    Position,
    Row,
    bid_words,
    player_name,
    short_game,
)
from scenes.table.model import sort_hand
from scenes.table.painter import spades_sign

ADVICE_LEVEL = "expert"
SEAT_WORDS = {"S": "South", "W": "West", "N": "North", "E": "East"}

# -- the list -------------------------------------------------------------------------------------
LIST_RECT = pygame.Rect(6, 30, 628, 256)
ROW_H = 11
HEADER_Y = LIST_RECT.y + 6
ROWS_TOP = LIST_RECT.y + 20
VISIBLE_ROWS = (LIST_RECT.bottom - ROWS_TOP - 4) // ROW_H
COLUMNS = {"game": 14, "hand": 102, "dealer": 146, "bids": 216, "result": 372}
"""Left edge of each column of the list, in logical pixels."""
BID_STEP = 38
RESULT_CHARS = (LIST_RECT.right - 14 - COLUMNS["result"]) // 8
DETAIL_Y = LIST_RECT.bottom + 4
WHEEL_ROWS = 3
READ_SHARE = 0.5
"""The part of each frame spent reading the log while it is listed; the rest is left for drawing."""

# -- the replay -----------------------------------------------------------------------------------
CARD_W, CARD_H = layout.CARD_W, layout.CARD_H
CARD_STEP = 14
SUIT_GAP = 5
ROW_Y = {"N": 16, "W": 112, "E": 112, "S": 238}
"""Top of each seat's row of cards (West and East share the middle band)."""
EDGE = 8
TRICK_SLOTS = {"N": (300, 80), "W": (254, 114), "E": (346, 114), "S": (300, 148)}
ADVICE_Y = 304
NAV_Y = 336
BREAKDOWN_RECT = pygame.Rect(6, 112, 238, 0)
NOTES_RECT = pygame.Rect(396, 112, 238, 0)
"""Where the score panels sit at the end of a hand (their height follows what they hold)."""
ANALYSIS_BUTTON_W = 76
PLAY_BUTTON_W = 68


# ---------------------------------------------------------------------------------------------------
# The scene


class ReviewScene(Scene):
    """The list of a log's hands; Enter or a click opens one, replayed card by card.

    Keys in the list: Up/Down, PageUp/PageDown, Home/End choose, Enter opens, Esc leaves.
    In a hand: Left/Right one card, Up/Down or PageUp/PageDown one trick, Home/End the
    start and the end, Esc back to the list; the `<` `>` `<<` `>>` `|<` `>|` buttons do the same.
    A (or the Analysis button) turns the perfect-play analysis on and off: it is on from the
    start where a worker process thinks, off where the thinking is inline (it would hold
    up the screen then: Analysis turns it on anyway). P (or Play it) starts a new game from the
    open hand's deal, at the scores it was played at.
    """

    def __init__(self, app, path: Path) -> None:
        super().__init__(app)
        self.path = Path(path)
        self.rows: list[Row] = []
        self.counts = {"hands": 0, "damaged": 0}
        """How many rows are hands and how many damaged blocks."""
        self.message = ""
        """Why there is nothing to list (a missing, empty or unreadable file), or why reading stopped."""
        self.lister: LogLister | None = None
        """The log being read, until it is all listed."""
        self.read_budget = READ_SHARE / app.frame_rate
        """Seconds of each frame spent reading the log (at least one block is read a frame)."""
        self.selected = 0
        self.top = 0
        self.replay: HandReplay | None = None
        self.step = 0
        self.advice: dict[int, tuple[str | None, str]] = {}
        """Expert's answer for the South play that makes this many cards: (card text, reason),
        or (None, why it could not answer)."""
        self.asking: tuple[int, int] | None = None
        """The token of the question to Expert still unanswered, and the step it is for."""
        self.clock = 0.0
        self.drawn: dict[str, list[Card]] = {}
        """The cards the last frame showed, by seat and ``"trick"`` (what the player saw)."""
        self.list_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.hand_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.analysis_on = not app.thinker.inline
        """Whether opened hands are analysed (A toggles it)."""
        self.analysis_seconds = review_analysis.ANALYSIS_SECONDS
        """The time each hand's analysis may take in the worker."""
        self.analysis: HandAnalysisView | None = None
        """The perfect-play analysis of the opened hand, as far as it has arrived."""
        self.shown_marks: list[tuple[int, str]] = []
        """The marks the last frame showed beside the trick's cards, by card number (1-52)."""
        self.shown_status = ""
        """The analysis's status line the last frame showed (how far it is)."""
        self.mouse: tuple[int, int] | None = None
        self.plates: dict[str, pygame.Rect] = {}
        """Where each seat's name plate (name, bid, tricks) was last drawn."""
        self.reasons: dict[int, str] = {}
        """Why each other seat's card of the opened hand was played (by its number), once pointed at."""
        self.shown_why: str | None = None
        """The reason the last frame showed in the advice band, if any."""

    # -- lifecycle ----------------------------------------------------------------------------------
    def enter(self) -> None:
        self._start_reading()
        ui = self.app.ui
        bottom = NAV_Y
        self.list_buttons = {
            "open": widgets.button(ui, (LIST_RECT.right - 132, bottom, 60, 18), "Open", object_id="title_button",
                                   tool_tip="Replay the chosen hand (Enter)"),
            "back": widgets.button(ui, (LIST_RECT.right - 64, bottom, 64, 18), "Back", object_id="title_button",
                                   tool_tip="Back to the title (Esc)"),
        }
        x = EDGE
        self.hand_buttons = {}
        for key, words, tip in (("first", "|<", "The deal (Home)"), ("trick_back", "<<", "Back one trick (Up)"),
                                ("back_one", "<", "Back one card (Left)"), ("next", ">", "Next card (Right)"),
                                ("trick_next", ">>", "Next trick (Down)"), ("last", ">|", "The end (End)")):
            self.hand_buttons[key] = widgets.button(ui, (x, bottom, 28, 18), words, object_id="title_button",
                                                    tool_tip=tip)
            x += 32
        self.hand_buttons["list"] = widgets.button(ui, (layout.WIDTH - EDGE - 64, bottom, 64, 18), "List",
                                                   object_id="title_button", tool_tip="Back to the list (Esc)")
        self.hand_buttons["analysis"] = widgets.button(
            ui, (layout.WIDTH - EDGE - 64 - 4 - ANALYSIS_BUTTON_W, bottom, ANALYSIS_BUTTON_W, 18), "Analysis",
            object_id="title_button", tool_tip="Perfect-play analysis of every card, on or off (A)")
        self.hand_buttons["play"] = widgets.button(
            ui, (layout.WIDTH - EDGE - 64 - 8 - ANALYSIS_BUTTON_W - PLAY_BUTTON_W, bottom, PLAY_BUTTON_W, 18),
            "Play it", object_id="title_button",
            tool_tip="Play this deal yourself, at the scores it was played at, and the game on from there (P)")
        self.widgets = [*self.list_buttons.values(), *self.hand_buttons.values()]
        self._show_buttons()

    def resume(self) -> None:
        self._show_buttons()

    def _show_buttons(self) -> None:
        showing, hiding = (self.list_buttons, self.hand_buttons) if self.replay is None else (
            self.hand_buttons, self.list_buttons)
        for element in hiding.values():
            element.hide()
        for element in showing.values():
            element.show()
        if not self.rows:
            self.list_buttons["open"].hide()
        if self.replay is not None and self.replay.logged.replay_problem():
            self.hand_buttons["play"].disable()
        else:
            self.hand_buttons["play"].enable()

    def exit(self) -> None:
        if self.lister is not None:
            self.lister.close()
        self._drop_analysis()
        super().exit()

    @property
    def file_name(self) -> str:
        return safe_text(self.path.name, 40)

    def _start_reading(self) -> None:
        """Open the log to be read over the next frames, or say why there is nothing to read."""
        name = self.file_name
        if not self.path.exists():
            self.message = f"There are no saved hands yet: {name} was not found in {safe_text(self.path.parent)}. " \
                           "Turn Save Hand on and every finished hand is kept there."
        elif self.path.is_dir():
            self.message = f"{name} is a folder, not a hand log: Review Hands reads a file like Spades.save."
        elif not self.path.is_file():
            self.message = f"{name} is not a file of saved hands (it is a device or another special file)."
        else:
            try:
                self.lister = LogLister(self.path)
            except OSError as error:
                self.message = f"{name} could not be read: {safe_text(error.strerror or error)}"

    def _read_more(self) -> None:
        """List the blocks read in this frame's share of time; say what was found once all are read."""
        lister = self.lister
        rows = lister.read(self.read_budget)
        if rows and not self.rows and self.replay is None:
            self.list_buttons["open"].show()
        self.rows += rows
        for row in rows:
            self.counts["hands" if row.hand else "damaged"] += 1
        if not lister.done:
            return
        self.lister = None
        name = self.file_name
        if lister.error:
            self.message = f"{name} could not be read to its end: {lister.error}"
        elif not self.rows and lister.size:
            self.message = f"No hand found in the {lister.lines:,} lines ({lister.size:,} bytes) of {name}."
        elif not self.rows:
            self.message = f"{name} holds no hands yet. Turn Save Hand on and every finished hand is kept there."

    # -- the list -----------------------------------------------------------------------------------
    @property
    def summary(self) -> str:
        """The line over the list: how many hands and damaged blocks, and how far the reading is."""
        hands, damaged = self.counts["hands"], self.counts["damaged"]
        words = f"{self.file_name}: {hands:,} hand{'s' if hands != 1 else ''}"
        if damaged:
            words += f", {damaged:,} damaged"
        if self.lister is not None:
            words += f" - reading {int(self.lister.progress * 100)}%"
        elif self.rows and self.message:
            words += " - not read to the end"
        return words

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row `index` is drawn (it must be scrolled into view to be clicked)."""
        return pygame.Rect(LIST_RECT.x + 4, ROWS_TOP + (index - self.top) * ROW_H - 1, LIST_RECT.width - 12, ROW_H)

    def choose(self, index: int) -> None:
        """Select row `index` (clamped), scrolling it into view."""
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + VISIBLE_ROWS:
            self.top = self.selected - VISIBLE_ROWS + 1

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(max(0, len(self.rows) - VISIBLE_ROWS), self.top + rows))

    def open(self, index: int) -> bool:
        """Replay the hand of row `index`; a damaged block, or a hand the engine refuses, stays closed."""
        self.choose(index)
        row = self.rows[self.selected] if self.rows else None
        if row is None or not row.openable:
            return False
        try:
            logged = read_block(self.path, row.place)
        except OSError as error:
            logged = DamagedBlock(row.place.first_line, row.place.last_line, safe_text(error.strerror or error))
        if isinstance(logged, LoggedHand) and Listed.of(logged) != row.hand:
            logged = DamagedBlock(row.place.first_line, row.place.last_line, "the file has changed since it was listed")
        if isinstance(logged, DamagedBlock):
            row.problem = f"cannot be read again: {logged.reason}"
            return False
        try:
            self.replay = HandReplay(logged)
        except ValueError as error:  # ReplayError, or a rule the engine refuses in another way
            row.problem = f"cannot be replayed: {safe_text(error)}"
            return False
        self.step = 0
        self.advice = {}
        self.reasons = {}
        self.asking = None
        self._drop_analysis()
        if self.analysis_on:
            self.analysis = HandAnalysisView(logged, time_limit=self.analysis_seconds)
        self._show_buttons()
        return True

    def play_it(self) -> None:
        """Play the open hand's deal again as the start of a new game (asked first if that would lose
        the game Continue offers)."""
        if self.replay is not None and not self.replay.logged.replay_problem():
            self.app.ask_new_game(self.replay.logged)

    def close_hand(self) -> None:
        self.replay = None
        self.asking = None
        self._drop_analysis()
        self._show_buttons()

    # -- the perfect-play analysis ------------------------------------------------------------------
    def toggle_analysis(self) -> None:
        """Analysis on (the opened hand is analysed now) or off (its work is dropped)."""
        self.analysis_on = not self.analysis_on
        self._drop_analysis()
        if self.analysis_on and self.replay is not None:
            self.analysis = HandAnalysisView(self.replay.logged, time_limit=self.analysis_seconds)

    def _drop_analysis(self) -> None:
        """Leave the analysis of the opened hand: the worker drops any work left on it."""
        if self.analysis is not None:
            self.analysis.drop(self.app)
            self.analysis = None

    # -- stepping -----------------------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Show the position after `step` cards (clamped to the hand)."""
        if self.replay is None:
            return
        self.step = max(0, min(self.replay.last_step, step))

    def next_trick(self) -> None:
        self.go((self.step // 4 + 1) * 4)

    def previous_trick(self) -> None:
        self.go((self.step - 1) // 4 * 4 if self.step else 0)

    @property
    def position(self) -> Position | None:
        """The position on screen, None in the list."""
        return self.replay.positions[self.step] if self.replay else None

    # -- Expert's advice ----------------------------------------------------------------------------
    def advice_step(self) -> int | None:
        """The step whose South play Expert is asked about: the shown one, when South played last."""
        position = self.position
        if position is None or position.last is None or position.last[0] != "S":
            return None
        return self.step

    def _ask_expert(self) -> None:
        step = self.advice_step()
        if step is None or step in self.advice or self.asking is not None:
            return
        token = self.app.new_token()
        self.asking = (token, step)
        self.app.thinker.ask(Request(token, "suggest", ADVICE_LEVEL, self.replay.south_views[step], seed=0))

    def _take_answers(self) -> None:
        while (answer := self.app.thinker.poll()) is not None:
            if self.analysis is not None and self.analysis.take(answer):
                self.app.redraw()
                continue
            if self.asking is None or answer.token != self.asking[0]:
                continue  # not ours (or no longer wanted)
            step = self.asking[1]
            self.asking = None
            if answer.error or answer.choice is None:
                self.advice[step] = (None, answer.error or "no answer")
            else:
                self.advice[step] = (str(answer.choice), answer.reason)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.lister is not None:
            self._read_more()
        self._take_answers()  # in the list too: answers no longer wanted are let go
        if self.replay is None:
            return
        self._ask_expert()
        if self.analysis is not None:
            self.analysis.ask(self.app)

    def frame_due(self) -> float | None:
        """Every frame while the log is read, or while Expert's "thinking" dots move; the
        analysis's dots move three times a second."""
        if self.lister is not None or self.asking is not None:
            return 0.0
        if self.analysis is not None and not self.analysis.done:
            return review_analysis.DOTS_STEP - self.clock % review_analysis.DOTS_STEP
        return None

    def wake_due(self) -> float | None:
        """While the analysis is under way, look for the worker's answers often (each one
        asks for the next slice of work), drawing only when one comes or the dots move."""
        due = self.frame_due()
        if self.analysis is not None and not self.analysis.done:
            return POLL if due is None else min(due, POLL)
        return due

    # -- input --------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.replay is None:
            self._list_event(event)
        else:
            self._hand_event(event)

    def _list_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.list_buttons.get("back"):
                self.app.pop()
            elif event.ui_element is self.list_buttons.get("open"):
                self.open(self.selected)
        elif event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -VISIBLE_ROWS,
                     pygame.K_PAGEDOWN: VISIBLE_ROWS}
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in moves:
                self.choose(self.selected + moves[event.key])
            elif event.key == pygame.K_HOME:
                self.choose(0)
            elif event.key == pygame.K_END:
                self.choose(len(self.rows) - 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.selected)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * WHEEL_ROWS)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index in range(self.top, min(len(self.rows), self.top + VISIBLE_ROWS)):
                if self.row_rect(index).collidepoint(event.pos):
                    if index == self.selected:
                        self.open(index)
                    else:
                        self.choose(index)
                    return

    def _hand_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = next((k for k, b in self.hand_buttons.items() if b is event.ui_element), None)
            actions = {"first": lambda: self.go(0), "trick_back": self.previous_trick,
                       "back_one": lambda: self.go(self.step - 1), "next": lambda: self.go(self.step + 1),
                       "trick_next": self.next_trick, "last": lambda: self.go(self.replay.last_step),
                       "list": self.close_hand, "analysis": self.toggle_analysis, "play": self.play_it}
            if pressed in actions:
                actions[pressed]()
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: lambda: self.go(self.step - 1), pygame.K_RIGHT: lambda: self.go(self.step + 1),
                    pygame.K_UP: self.previous_trick, pygame.K_PAGEUP: self.previous_trick,
                    pygame.K_DOWN: self.next_trick, pygame.K_PAGEDOWN: self.next_trick,
                    pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(self.replay.last_step),
                    pygame.K_SPACE: lambda: self.go(self.step + 1), pygame.K_ESCAPE: self.close_hand,
                    pygame.K_a: self.toggle_analysis, pygame.K_p: self.play_it}
            if event.key in keys:
                keys[event.key]()
        elif event.type == pygame.MOUSEWHEEL:
            self.go(self.step - event.y)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos

    # -- drawing ------------------------------------------------------------------------------------
    # -- why the others played their cards --------------------------------------------------------
    def pointed_play(self) -> int | None:
        """The number (1-52) of another seat's card on the table that the mouse points at, or None."""
        position = self.position
        if position is None or self.mouse is None:
            return None
        first = position.played - len(position.trick) + 1
        for index in range(len(position.trick) - 1, -1, -1):
            seat, _ = position.trick[index]
            x, y = TRICK_SLOTS[seat]
            if seat != "S" and pygame.Rect(x, y, CARD_W, CARD_H).collidepoint(self.mouse):
                return first + index
        return None

    def pointed_bid(self) -> str | None:
        """The other seat whose name plate (with its bid) the mouse points at, or None."""
        if self.mouse is None:
            return None
        told = set(self.replay.bid_views) | ({record.seat for record in self.replay.logged.bids}
                                             if self.replay.logged.rules.bid_spades else set())
        return next((seat for seat, rect in self.plates.items()
                     if seat != "S" and seat in told and rect.collidepoint(self.mouse)), None)

    def pointed_reason(self) -> str | None:
        """Why the card or bid pointed at was chosen, from its player's view just before."""
        number = self.pointed_play()
        if number is not None:
            if number not in self.reasons:
                seat, card = self.replay.positions[number].last
                self.reasons[number] = why(self.replay.views[number], str(card),
                                           player_name(self.replay.logged, seat))
            return self.reasons[number]
        seat = self.pointed_bid() if self.replay is not None else None
        if seat is None:
            return None
        record = next(record for record in self.replay.logged.bids if record.seat == seat)
        name = player_name(self.replay.logged, seat)
        if seat not in self.replay.bid_views:  # the rules made the bid (Mirrors): no choice to explain
            return titled(name, str(record.bid), False, "the rules set every bid to the spades held")
        return why(self.replay.bid_views[seat], str(record.bid), name)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        self.drawn = {}
        self.shown_why = None
        self.shown_marks, self.shown_status = [], ""
        if self.replay is None:
            self._draw_list(surface)
        else:
            self._draw_hand(surface)

    def _draw_list(self, surface: pygame.Surface) -> None:
        text.draw(surface, "REVIEW HANDS", (EDGE, 8), GOLD, size=16)
        text.draw(surface, self.summary, (layout.WIDTH - EDGE, 12), GREY_LIGHT, align="right")
        draw_panel(surface, LIST_RECT)
        if not self.rows:
            y = LIST_RECT.y + 40
            for line in text.wrap(self.message or f"Reading {self.file_name}...", LIST_RECT.width - 60):
                text.draw(surface, line, (LIST_RECT.centerx, y), WHITE, align="centre")
                y += text.LINE + 2
            return
        header = [("game", "Game"), ("hand", "Hand"), ("dealer", "Dealer"), ("result", "Result")]
        for key, words in header:
            text.draw(surface, words, (COLUMNS[key], HEADER_Y), GOLD, shadow=None)
        for i, seat in enumerate(SEATS):
            text.draw(surface, seat, (COLUMNS["bids"] + i * BID_STEP, HEADER_Y), GOLD, shadow=None)
        pygame.draw.line(surface, GREY_DARK, (LIST_RECT.x + 4, ROWS_TOP - 4), (LIST_RECT.right - 5, ROWS_TOP - 4))
        for index in range(self.top, min(len(self.rows), self.top + VISIBLE_ROWS)):
            self._draw_row(surface, index)
            if index > self.top and self._game_of(index) != self._game_of(index - 1):
                y = self.row_rect(index).y
                pygame.draw.line(surface, GREY, (LIST_RECT.x + 4, y - 1), (LIST_RECT.right - 10, y - 1))
        self._draw_scrollbar(surface)
        self._draw_detail(surface)

    def _game_of(self, index: int) -> str | None:
        """The game of row `index`; a damaged block goes with the hand above it."""
        for earlier in range(index, -1, -1):
            hand = self.rows[earlier].hand
            if hand is not None:
                return hand.game_id
        return None

    def _draw_row(self, surface: pygame.Surface, index: int) -> None:
        row = self.rows[index]
        rect = self.row_rect(index)
        y = rect.y + 2
        if index == self.selected:
            pygame.draw.rect(surface, GREY_DARK, rect)
            pygame.draw.rect(surface, GOLD, rect, 1)
        if row.hand is None:
            damage = row.damage
            words = f"DAMAGED lines {damage.first_line}-{damage.last_line}: {damage.reason}"
            text.draw(surface, text.cut(words, (rect.width - 12) // 8), (COLUMNS["game"], y), WARNING, shadow=None)
            return
        hand = row.hand
        colour = WARNING if row.problem else WHITE
        text.draw(surface, short_game(hand.game_id), (COLUMNS["game"], y), GREY_LIGHT, shadow=None)
        text.draw(surface, f"{hand.number:>3}", (COLUMNS["hand"], y), colour, shadow=None)
        text.draw(surface, text.cut(hand.dealer_name, 8), (COLUMNS["dealer"], y), colour, shadow=None)
        for i, words in enumerate(hand.bids):
            text.draw(surface, words, (COLUMNS["bids"] + i * BID_STEP, y), colour, shadow=None)
        result = "cannot be replayed" if row.problem else hand.result
        text.draw(surface, text.cut(result, RESULT_CHARS), (COLUMNS["result"], y), colour, shadow=None)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(LIST_RECT.right - 7, ROWS_TOP - 1, 3, VISIBLE_ROWS * ROW_H)
        draw_scrollbar(surface, track, self.top, VISIBLE_ROWS, len(self.rows))

    def _draw_detail(self, surface: pygame.Surface) -> None:
        """The chosen row in full under the list: game, players and tags, or why it is damaged."""
        row = self.rows[self.selected]
        x, width = EDGE, layout.WIDTH - 2 * EDGE
        if row.hand is None:
            lines = text.wrap(f"Damaged block, {row.damage}. It cannot be opened; the other hands can.", width)
            colours = [WARNING] * len(lines)
        else:
            hand = row.hand
            lines = [text.cut(f"Game {hand.game_id}  Hand {hand.number}  {hand.variant}  dealt by {hand.dealer_name}",
                          width // 8)]
            if row.problem:
                lines += text.fitted(f"This hand {row.problem}", width, 3)
                colours = [GREY_LIGHT] + [WARNING] * 3
            else:
                lines += [text.cut(f"{tag} {value}", width // 8)
                          for tag, value in (("Result", hand.result), ("Score", hand.score), ("Total", hand.total))]
                colours = [GREY_LIGHT, WHITE, WHITE, WHITE]
        for i, (line, colour) in enumerate(list(zip(lines, colours, strict=False))[:4]):
            text.draw(surface, line, (x, DETAIL_Y + i * text.LINE), colour)
        text.draw(surface, "Enter opens  Esc leaves", (LIST_RECT.right - 140, NAV_Y + 5), GREY,
                  align="right")

    # -- the hand -----------------------------------------------------------------------------------
    def _sorted(self, cards: tuple[Card, ...]) -> list[Card]:
        settings = self.app.settings
        return sort_hand(cards, DECKS[self.replay.logged.rules.deck], getattr(settings, "spades_first", True),
                         getattr(settings, "aces_left", True))

    def _row_spots(self, cards: list[Card], seat: str) -> list[tuple[Card, int]]:
        """Each card of a seat's row and its left edge: suits apart by a small gap."""
        deck = DECKS[self.replay.logged.rules.deck]
        xs, x = [], 0
        for i, card in enumerate(cards):
            if i:
                x += CARD_STEP + (SUIT_GAP if deck.suit(card) != deck.suit(cards[i - 1]) else 0)
            xs.append(x)
        width = (xs[-1] + CARD_W) if xs else 0
        if seat in ("N", "S"):
            left = layout.WIDTH // 2 - width // 2
        elif seat == "W":
            left = EDGE
        else:
            left = layout.WIDTH - EDGE - width
        return [(card, left + offset) for card, offset in zip(cards, xs, strict=True)]

    def _draw_hand(self, surface: pygame.Surface) -> None:
        replay_, position = self.replay, self.position
        logged = replay_.logged
        art = self.app.art
        at_end = self.step == replay_.last_step
        deck = DECKS[logged.rules.deck]
        for seat in SEATS:
            cards = self._sorted(position.holdings[seat])
            self.drawn[seat] = cards
            for card, x in self._row_spots(cards, seat):
                surface.blit(art.shadow(), (x + 1, ROW_Y[seat] + 1))
                surface.blit(art.face(card, deck), (x, ROW_Y[seat]))
        self.drawn["trick"] = [card for _, card in position.trick]
        for seat, card in position.trick:
            x, y = TRICK_SLOTS[seat]
            surface.blit(art.shadow(), (x + 1, y + 1))
            if position.winner is None and position.last == (seat, card):
                surface.blit(art.outline(), (x - OUTLINE_WIDTH, y - OUTLINE_WIDTH))
            surface.blit(art.highlighted(card, deck) if seat == position.winner else art.face(card, deck), (x, y))
            if seat == position.winner:
                star_x = x - 8 if seat == "W" else x + CARD_W + 2
                text.draw(surface, "*", (star_x, y - 2), GOLD)
        self._draw_plates(surface, position, logged, clear_of=BREAKDOWN_RECT.right + 6 if at_end else 0)
        self._draw_corners(surface, position, logged)
        if at_end and replay_.score is not None:
            self._draw_breakdown(surface, replay_.score, logged)
        if self.analysis is not None:
            self._draw_analysis(surface, position, at_end)
        self._draw_advice(surface)
        text.draw(surface, "\u2190\u2192 card  \u2191\u2193 trick", (EDGE + 196, NAV_Y + 5), GREY, shadow=None)

    def _draw_analysis(self, surface: pygame.Surface, position: Position, at_end: bool) -> None:
        """The marks beside the trick's cards, the best reachable at each trick at the top
        left, and (but at the end, where the score shows) the shown card's verdict and the key."""
        analysis = self.analysis
        self.shown_marks = draw_trick_marks(surface, analysis, self.step - len(position.trick) + 1,
                                            [(seat, TRICK_SLOTS[seat]) for seat, _ in position.trick])
        self.shown_status = draw_bar(surface, analysis, current_trick(self.step), self.clock)
        if not at_end:
            name = player_name(self.replay.logged, position.last[0]) if position.last else ""
            draw_verdict(surface, verdict_lines(analysis, self.step, position.last, text.cut(name, 10)))
            draw_legend(surface)

    def _draw_plates(self, surface: pygame.Surface, position: Position, logged: LoggedHand, clear_of: int = 0) -> None:
        """Each seat's name, bid and tricks by its cards; South's starts no further left than
        `clear_of` (the score's panel at the end of the hand)."""
        bids = {record.seat: record for record in logged.bids}
        for seat in SEATS:
            record = bids.get(seat)
            bid = bid_words(record.final) if record else "-"
            if record is not None and record.changed_to is not None:
                bid = f"{bid_words(record.bid)}>{bid}"
            dealer = " (D)" if seat == logged.dealer else ""
            words = f"{text.cut(player_name(logged, seat), 10)}{dealer}  bid {bid}  took {position.taken[seat]}"
            colour = GOLD if seat == position.to_act else WHITE
            y = ROW_Y[seat] - 11
            if seat == "S" and layout.WIDTH // 2 - text.render(words, colour).get_width() // 2 < clear_of:
                self.plates[seat] = text.draw(surface, words, (clear_of, y), colour)
            elif seat in ("N", "S"):
                self.plates[seat] = text.draw(surface, words, (layout.WIDTH // 2, y), colour, align="centre")
            elif seat == "W":
                self.plates[seat] = text.draw(surface, words, (EDGE, y), colour)
            else:
                self.plates[seat] = text.draw(surface, words, (layout.WIDTH - EDGE, y), colour, align="right")

    def _draw_corners(self, surface: pygame.Surface, position: Position, logged: LoggedHand) -> None:
        left = [f"Game {short_game(logged.game_id)}", f"Hand {logged.number}  {text.cut(logged.variant, 12)}"]
        for i, line in enumerate(left):
            text.draw(surface, line, (EDGE, 6 + i * text.LINE), GREY_LIGHT if i else WHITE)
        trick_number = min(13, self.step // 4 + (1 if self.step % 4 else 0))
        right = [f"Card {self.step} of {self.replay.last_step}",
                 f"Trick {trick_number} of 13" if self.step else "The deal"]
        if position.trick:
            right.append(f"{SEAT_WORDS[position.trick[0][0]]} led")
        if position.to_act:
            right.append(f"{SEAT_WORDS[position.to_act]} to play")
        elif self.step:
            right.append("Hand over")
        right.append(spades_sign(logged.rules.spades_broken, position.spades_broken))
        if logged.exchanges:  # on the right, so the analysis's chart has the top left
            right += [f"{SEAT_WORDS[e.giver]} gave {' '.join(c.label for c in e.cards) or 'nothing'}"
                      for e in logged.exchanges]
        for i, line in enumerate(right):
            colour = GOLD if line.endswith("to play") else (GREY_LIGHT if i else WHITE)
            text.draw(surface, line, (layout.WIDTH - EDGE, 6 + i * text.LINE), colour, align="right")

    def _draw_breakdown(self, surface: pygame.Surface, score: HandScore, logged: LoggedHand) -> None:
        """The hand's score by part (as the score screen shows it) on a panel at the left, the
        log's Result, Score and Total tags on one at the right."""
        sides = list(score.sides)
        rows = [breakdown.Row("", tuple(sides), (GOLD,) * len(sides)), *score_rows(score, logged.taken)]
        notes = score_notes(score, lambda seat: player_name(logged, seat))
        rect = BREAKDOWN_RECT.copy()
        rect.height = 8 + 12 + len(rows) * text.LINE + len(notes) * text.LINE + 4
        draw_panel(surface, rect)
        x, y = rect.x + 6, rect.y + 6
        text.draw(surface, "The score", (x, y), GOLD, shadow=None)
        label_w = 92
        column = (rect.width - label_w - 8) // max(1, len(sides))
        y = draw_rows(surface, rows, x, y + 12, x + label_w - 4, column)
        for note in notes:
            text.draw(surface, text.cut(note, (rect.width - 12) // 8), (x, y), GOLD, shadow=None)
            y += text.LINE
        self._draw_log_tags(surface, score, logged)

    def _draw_log_tags(self, surface: pygame.Surface, score: HandScore, logged: LoggedHand) -> None:
        width = NOTES_RECT.width - 12
        result = safe_text(logged.result, LISTED_LENGTH)
        lines = [("The log", GOLD), ("Result", GREY_LIGHT)] + [(line, WHITE) for line in text.wrap(result, width)]
        lines += [("Score", GREY_LIGHT)] + [(line, WHITE) for line in text.wrap(logged.score, width)]
        if score.score_text != logged.score:
            lines += [(line, WARNING) for line in text.wrap(f"(the engine: {score.score_text})", width)]
        lines += [("Total", GREY_LIGHT)] + [(line, WHITE) for line in text.wrap(logged.total, width)]
        notes_rect = NOTES_RECT.copy()
        notes_rect.height = 12 + len(lines) * text.LINE
        draw_panel(surface, notes_rect)
        for i, (line, colour) in enumerate(lines):
            text.draw(surface, line, (notes_rect.x + 6, notes_rect.y + 6 + i * text.LINE + (2 if i else 0)), colour,
                      shadow=None)

    def _draw_advice(self, surface: pygame.Surface) -> None:
        """The band under the table: why the card pointed at was played, or else Expert's word on
        South's card just played."""
        self.shown_why = self.pointed_reason()
        shown = (self.shown_why, WHITE) if self.shown_why else self._advice_words()
        if shown is None:
            return
        words, colour = shown
        lines = text.fitted(words, layout.WIDTH - 2 * EDGE - 8, 3)
        box = pygame.Rect(EDGE, ADVICE_Y - 3, layout.WIDTH - 2 * EDGE, len(lines) * text.LINE + 4)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((*PANEL, 190))
        surface.blit(shade, box)
        for i, line in enumerate(lines):
            text.draw(surface, line, (box.centerx, ADVICE_Y + i * text.LINE), colour, align="centre", shadow=BLACK)

    def _advice_words(self) -> tuple[str, Colour] | None:
        """Expert's word on South's card just played, and its colour; None after another seat's card."""
        step = self.advice_step()
        if step is None:
            return None
        played = self.position.last[1]
        name = player_name(self.replay.logged, "S")
        head = f"{name} played {played.label}."
        answer = self.advice.get(step)
        if answer is None:
            words, colour = f"{head} Expert: thinking{'.' * (1 + int(self.clock * 3) % 3)}", GREY_LIGHT
        elif answer[0] is None:
            words, colour = f"{head} Expert could not answer: {answer[1]}", WARNING
        else:
            choice = Card.parse(answer[0])
            judged = self.analysis.play(step) if self.analysis is not None else None
            if choice == played:
                words, colour = f"{head} Expert agrees \u2014 {answer[1]}", GOOD
            elif judged is not None and judged.mark == "=":  # Expert sees one hand, perfect play all four
                whose_cards = "your" if name == "You" else f"{name}'s"
                words, colour = (f"{head} Best with every hand seen; from {whose_cards} cards alone Expert would "
                                 f"play {choice.label} \u2014 {answer[1]}"), WHITE
            else:
                words, colour = f"{head} Expert would play {choice.label} \u2014 {answer[1]}", GOLD
        return words, colour

    # -- for tests and the screenshot ----------------------------------------------------------------
    @property
    def shown_advice(self) -> tuple[str | None, str] | None:
        """Expert's answer for the South play on screen, if it has arrived."""
        step = self.advice_step()
        return None if step is None else self.advice.get(step)



__all__ = ["ReviewScene"]
