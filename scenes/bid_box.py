"""The black bid box, lower right: the player's answer in every bidding decision.

It offers only what the engine's legal choices allow: − / number / + / OK over the
legal numbers, Nil, Blind Nil and Look before the cards are seen, Misdeal / Keep, and
Give during a blind-nil exchange. Values outside the limits cannot be chosen.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel

from scenes import layout, widgets

TITLES = {"blind": "Bid blind?", "misdeal": "Misdeal?", "bid": "Your bid", "exchange": "Exchange"}


class BidBox:
    """Widgets for one decision; :meth:`choice_for` turns a button press into a choice."""

    def __init__(self, manager: pygame_gui.UIManager, phase: str, legal: list[str], give_count: int = 0) -> None:
        self.phase = phase
        self.legal = legal
        x, y, width, height = layout.BID_BOX
        self.panel = UIPanel(pygame.Rect(x, y, width, height), manager=manager)
        self.buttons: dict[str, UIButton] = {}
        prefix = "b" if phase == "blind" else ""
        self.numbers = sorted(int(c[len(prefix):]) for c in legal
                              if c.startswith(prefix) and c[len(prefix):].isdigit())
        self.value = min(self.numbers, key=lambda n: (abs(n - 3), n)) if self.numbers else 0
        title = f"Give {give_count} card{'s' if give_count != 1 else ''}" if phase == "exchange" else TITLES[phase]
        widgets.label(manager, (4, 2, width - 10, 14), title, container=self.panel, object_id="box_title")
        inner = width - 10
        half = (inner - 4) // 2
        if self.numbers:
            self.buttons["minus"] = widgets.button(manager, (4, 18, 28, 26), "-", container=self.panel)
            self.number = widgets.label(manager, (34, 18, inner - 60, 26), str(self.value), container=self.panel,
                                        object_id="bid_number")
            self.buttons["plus"] = widgets.button(manager, (inner - 24, 18, 28, 26), "+", container=self.panel)
            self.buttons["ok"] = widgets.button(manager, (4, 48, half, 22), "Bid blind" if phase == "blind" else "OK",
                                                container=self.panel)
        row = [("nil", "Nil"), ("bnil", "Blind Nil"), ("look", "Look"), ("misdeal", "Misdeal"), ("keep", "Keep")]
        offered = [(key, words) for key, words in row if key in legal]
        if phase == "exchange":
            offered = [("give", "Give")]
        slots = ([(4 + half + 4, 48, half, 22)] if self.numbers else []) + [
            (4, 74, half, 22), (4 + half + 4, 74, half, 22), (4, 48, half, 22), (4 + half + 4, 48, half, 22)]
        for (key, words), rect in zip(offered, slots, strict=False):
            self.buttons[key] = widgets.button(manager, rect, words, container=self.panel)
        self._refresh()

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
        if not self.numbers:
            return
        index = self.numbers.index(self.value) + direction
        if 0 <= index < len(self.numbers):
            self.value = self.numbers[index]
        self._refresh()

    def set_choice(self, choice: str) -> None:
        """Show a suggested bid in the box (a number sets the counter)."""
        digits = choice.lstrip("b")
        if digits.isdigit() and int(digits) in self.numbers:
            self.value = int(digits)
            self._refresh()

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

    def enable_give(self, on: bool) -> None:
        if "give" in self.buttons:
            self._enable("give", on)

    def hide(self) -> None:
        self.panel.hide()

    def show(self) -> None:
        self.panel.show()

    def kill(self) -> None:
        self.panel.kill()
