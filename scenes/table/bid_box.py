"""The black bid box, lower right: the player's answer in every bidding decision.

It offers only what the engine's legal choices allow: − / number / + / OK over the
legal numbers, Nil, Blind Nil and Look before the cards are seen, Misdeal / Keep, and
Give during a blind-nil exchange. Values outside the limits cannot be chosen.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel

from scenes.look import layout, widgets
from scenes.look.text import plural

TITLES = {"blind": "Bid blind?", "misdeal": "Misdeal?", "bid": "Your bid", "exchange": "Exchange"}
NAMED = (("nil", "Nil"), ("bnil", "Blind Nil"), ("look", "Look"), ("misdeal", "Misdeal"), ("keep", "Keep"))
"""The choices with a button of their own, in the order the box shows them."""
HINTS = {"blind": ["Your cards are", "still face down."], "misdeal": ["Your hand may be", "thrown in."],
         "exchange": ["Click cards in", "your hand."]}


class BidBox:
    """Widgets for one decision; :meth:`choice_for` turns a button press into a choice."""

    def __init__(self, manager: pygame_gui.UIManager, phase: str, legal: list[str], give_count: int = 0,
                 give_fewer: bool = False) -> None:
        """`give_count`: the cards an exchange gives; `give_fewer`: fewer may be given, none at all
        (a blind-nil bidder's choice), and the Give button says how many."""
        self.phase = phase
        self.give_fewer = give_fewer
        self.legal = legal
        prefix = "b" if phase == "blind" else ""
        self.numbers = sorted(int(c[len(prefix):]) for c in legal
                              if c.startswith(prefix) and c[len(prefix):].isdigit())
        self.value = min(self.numbers, key=lambda n: (abs(n - 3), n)) if self.numbers else 0
        rows = self._button_rows()
        hint = HINTS.get(phase, []) if not self.numbers else []
        # the most a box offers (a blind number, Blind Nil and Look) packs its rows closer, clear of East's hand
        counter, pitch, button, foot = (26, 20, 18, 2) if self.numbers and len(rows) > 2 else (30, 24, 20, 4)
        height = 20 + (counter if self.numbers else 0) + 12 * len(hint) + pitch * len(rows) + foot
        x, top, width, most = layout.BID_BOX
        self.panel = UIPanel(pygame.Rect(x, top + most - height, width, height), manager=manager)
        self.buttons: dict[str, UIButton] = {}
        self.marked: str | None = None
        """The named choice a suggestion lit (its button shows selected)."""
        if phase != "exchange":
            title = TITLES[phase]
        else:  # "Give up to 2 cards" would run past the box
            title = f"Give up to {give_count}" if give_fewer else f"Give {plural(give_count, 'card')}"
        widgets.label(manager, (4, 2, width - 10, 14), title, container=self.panel, object_id="box_title")
        inner = width - 10
        y = 18
        if self.numbers:
            self._counter(manager, y, inner, counter - 4)
            y += counter
        for line in hint:
            widgets.label(manager, (4, y, inner, 11), line, container=self.panel, object_id="reason")
            y += 12
        for row in rows:
            each = (inner - 4 * (len(row) - 1)) // len(row)
            for i, (key, words) in enumerate(row):
                self.buttons[key] = widgets.button(manager, (4 + i * (each + 4), y, each, button), words,
                                                   container=self.panel)
            y += pitch
        self._refresh()

    def _button_rows(self) -> list[list[tuple[str, str]]]:
        """The buttons under the counter, row by row: OK (and Nil beside it), then one a row."""
        if self.phase == "exchange":
            named = [("give", "Give")]
        else:
            named = [(key, words) for key, words in NAMED if key in self.legal]
        rows: list[list[tuple[str, str]]] = []
        if self.numbers:
            rows.append([("ok", "Bid blind" if self.phase == "blind" else "OK")])
            if named and named[0][0] == "nil":
                rows[0].append(named.pop(0))
        return rows + [[entry] for entry in named]

    def _counter(self, manager: pygame_gui.UIManager, y: int, inner: int, height: int) -> None:
        """− the number +."""
        self.buttons["minus"] = widgets.button(manager, (4, y, 28, height), "-", container=self.panel)
        self.number = widgets.label(manager, (34, y, inner - 60, height), str(self.value), container=self.panel,
                                    object_id="bid_number")
        self.buttons["plus"] = widgets.button(manager, (inner - 24, y, 28, height), "+", container=self.panel)

    def _refresh(self) -> None:
        if self.numbers:
            self.number.set_text(str(self.value))
            self._enable("minus", self.value > self.numbers[0])
            self._enable("plus", self.value < self.numbers[-1])

    def _enable(self, key: str, on: bool) -> None:
        if on:
            self.buttons[key].enable()
        else:
            self.buttons[key].disable()

    def step(self, direction: int) -> None:
        """Move to the next legal number up (+1) or down (−1); stops at the limits."""
        self._unmark()
        if not self.numbers:
            return
        index = self.numbers.index(self.value) + direction
        if 0 <= index < len(self.numbers):
            self.value = self.numbers[index]
        self._refresh()
        self._mark_number()

    def set_choice(self, choice: str) -> None:
        """Show a suggested choice in the box: a number sets the counter; Nil, Blind Nil, Look,
        Misdeal or Keep lights its button, and Enter then takes it."""
        self._unmark()
        digits = choice.lstrip("b")
        if digits.isdigit() and int(digits) in self.numbers:
            self.value = int(digits)
            self._refresh()
            self._mark_number()
        elif choice in self.legal and choice in self.buttons:
            self.marked = choice
            self.buttons[choice].select()

    def _mark_number(self) -> None:
        """Before the cards are seen, a number chosen (with − or +, or by a suggestion) lights Bid
        blind, and Enter bids it blind instead of looking."""
        if self.phase == "blind":
            self.marked = "ok"
            self.buttons["ok"].select()

    def _unmark(self) -> None:
        if self.marked is not None:
            self.buttons[self.marked].unselect()
            self.marked = None

    def enter_choice(self) -> str | None:
        """What Enter answers: the button a suggestion lit (Bid blind: the number shown, blind);
        before the cards are seen, or on a misdeal question, Look or Keep (the choices that give
        nothing away: a blind bid is made with its own button, or lit by choosing a number); else
        the number shown. None when Enter has nothing to take."""
        if self.marked is not None:
            return self.number_choice() if self.marked == "ok" else self.marked
        safe = next((choice for choice in ("look", "keep") if choice in self.legal), None)
        if safe is not None or not self.numbers:
            return safe
        return self.number_choice()

    def number_choice(self) -> str:
        return f"b{self.value}" if self.phase == "blind" else str(self.value)

    def choice_for(self, event: pygame.event.Event) -> str | None:
        """The decision a pressed button makes (``give`` for the exchange), else None."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if key in ("minus", "plus"):
            self.step(-1 if key == "minus" else 1)
            return None
        if key == "ok":
            return self.number_choice()
        return key

    def show_picked(self, picked: int, ready: bool) -> None:
        """`picked` cards are marked to give, and Give is live if `ready`; where fewer may be given it
        says how many go (``Give none`` included, so that none goes only when meant)."""
        if "give" not in self.buttons:
            return
        self._enable("give", ready)
        if self.give_fewer:
            self.buttons["give"].set_text("Give none" if picked == 0 else f"Give {plural(picked, 'card')}")

    def hide(self) -> None:
        self.panel.hide()

    def show(self) -> None:
        self.panel.show()

    def kill(self) -> None:
        self.panel.kill()
