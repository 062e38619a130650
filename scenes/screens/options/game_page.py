"""The Game page: the variant and its summary, the partner's and the opponents' levels, the blind question,
names, Save Hand, the coach."""

from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIDropDownMenu

from game.rules import CUSTOM_SLOTS, PRESETS, summary
from game.seats import SEAT_NAMES, SEATS
from scenes.look import layout, text
from scenes.look.palette import GOLD, GREY_LIGHT
from scenes.screens.options.frame import (
    CONTROL_X,
    PAGE_TOP,
    ROW_H,
    SUMMARY_LINES,
    OptionsFrame,
    variant_name,
    variant_rules,
)
from scenes.settings import BLIND_OFFERS, COACH_MARGINS, LEVELS, NAME_LENGTH

LEVEL_WORDS = "Normal plays sensibly, Expert thinks ahead."
LEVEL_ROWS = (
    ("Partner's level", "partner_level",
     f"How well North, your partner, bids and plays, and whom Suggest asks (in Solo, Suggest only): {LEVEL_WORDS}"),
    ("Opponents' level", "opponents_level",
     f"How well West and East, the opponents, bid and play (in Solo, North too): {LEVEL_WORDS}"),
)
"""(row title, setting, help) of each computer level the player chooses."""
LEVEL_ROW_STEP = 22
"""A little closer than other rows, so the page holds both."""
BLIND_OFFER_HELP = ("Whether to ask \"Bid blind?\" before you see your cards, where the rules allow a blind "
                    "bid: every hand, only while your side is behind, or never.")
BLIND_OFFER_WORDS = {"always": "Always", "trailing": "When behind", "never": "Never"}
COACH_HELP = ("The coach asks \"Play it anyway?\" before a card that loses this many points per hand or more "
              "against Expert's choice: Play goes on, Take back lets you choose again.")


class GamePage(OptionsFrame):
    # -- Game: variant, levels, names, Save Hand --------------------------------------------------------
    def _build_game(self) -> None:
        settings = self.app.settings
        x, width = 16, layout.WIDTH - 32
        y = PAGE_TOP + 8
        self._row(x, y, width, "Variant", "Which rules to play: a preset, or Custom 1 and 2 that you set "
                                          "option by option on the Rules page.")
        self._variant_menu(CONTROL_X, y, 160)
        rules = variant_rules(settings, settings.variant)
        lines = text.wrap(summary(rules), width - CONTROL_X + 16)
        if len(lines) > SUMMARY_LINES:
            lines = [*lines[:SUMMARY_LINES - 1], "... and more: see the Rules page."]
        for i, line in enumerate(lines):
            self.labels.append((line, (CONTROL_X, y + 24 + i * text.LINE), GREY_LIGHT))
        y += 24 + SUMMARY_LINES * text.LINE + 6  # the rows below stay put whatever the summary's length
        for title, setting, help_text in LEVEL_ROWS:
            self._row(x, y, width, title, help_text)
            self._choices(CONTROL_X, y, [(level, level.capitalize()) for level in LEVELS], getattr(settings, setting),
                          lambda level, setting=setting: self.change(**{setting: level}))
            y += LEVEL_ROW_STEP
        self._row(x, y, width, "Bid blind?", BLIND_OFFER_HELP)
        self._choices(CONTROL_X, y, [(offer, BLIND_OFFER_WORDS[offer]) for offer in BLIND_OFFERS],
                      settings.blind_offer, lambda offer: self.change(blind_offer=offer))
        y += 24
        self._row(x, y, width, "Player names", f"The names shown at the table, 1 to {NAME_LENGTH} characters; "
                                               "press Enter or click elsewhere to keep a name.", height=44)
        for i, seat in enumerate(SEATS):
            column, line = divmod(i, 2)
            left = CONTROL_X + column * 212
            top = y + line * 24
            words = "You" if seat == "S" else SEAT_NAMES[seat]
            self.labels.append((words, (left, top + 5), GREY_LIGHT))
            self._entry((left + 56, top, 8 * NAME_LENGTH + 12, ROW_H), settings.names[i],
                        lambda name, i=i: self._change_name(i, name), limit=NAME_LENGTH)
        y += 50
        self._row(x, y, width, "Save Hand", "Append every finished hand, with its deal, bids and play, to "
                                            "Spades.save in the current folder (Review Hands reads it).")
        self._on_off(CONTROL_X, y, "save_hand")
        y += 24
        self._row(x, y, width, "Coach", COACH_HELP)
        current = settings.coach_margin if settings.coach else 0
        end = self._choices(CONTROL_X, y, [(0, "Off"), *((m, str(m)) for m in COACH_MARGINS)], current,
                            self._change_coach)
        self.labels.append(("points", (end + 2, y + 5), GREY_LIGHT))
        if self.app.session is not None and not self.app.session.game.over:
            self.labels.append(("Variant and names apply from the next new game.", (x, y + 26), GOLD))

    def _change_coach(self, margin: int) -> None:
        """Off (0), or on asking about a card worse than Expert's by `margin` points or more."""
        if margin:
            self.change(coach=True, coach_margin=margin)
        else:
            self.change(coach=False)

    def _variant_menu(self, x: int, y: int, width: int) -> None:
        choices = [(variant.name, variant_id) for variant_id, variant in PRESETS.items()]
        choices += [(variant_name(slot), slot) for slot in CUSTOM_SLOTS]
        current = next(choice for choice in choices if choice[1] == self.app.settings.variant)
        menu = UIDropDownMenu(choices, current, pygame.Rect(x, y, width, ROW_H), manager=self.app.ui,
                              object_id=ObjectID(object_id="#options_menu"))
        self._add(menu, lambda event: self.change(variant=event.selected_option_id))

    def _change_name(self, index: int, name: str) -> None:
        names = list(self.app.settings.names)
        if name.strip() == names[index]:
            return
        names[index] = name
        self.change(names=tuple(names))

