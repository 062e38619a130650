"""The Table page: the hand's sorting, the deck's colours, helpers in play, take back, why the computers
played, and the card back."""

from __future__ import annotations

import pygame

from game.cards import DECKS, Card
from scenes.look import layout, text
from scenes.look.cardart import BACKS
from scenes.look.palette import GOLD, GREY, GREY_LIGHT
from scenes.screens.options.frame import (
    CONTROL_X,
    PAGE_TOP,
    OptionsFrame,
)
from scenes.table.model import sort_hand

ROW_STEP = 22
"""From one row to the next (eight rows and the card backs share the page)."""
PREVIEW_HAND = ("AS", "9S", "3S", "KH", "7H", "QC", "4C", "AD", "TD")
"""The little hand on the Table page: shows the sort order and the four-colour deck."""


class TablePage(OptionsFrame):
    # -- Table: sorting, the deck's colours, helpers in play, the card back ---------------------------------
    def _build_table(self) -> None:
        settings = self.app.settings
        x, width = 16, 396
        y = PAGE_TOP + 6
        self._row(x, y, width, "Sort spades", "Where the trumps go in your hand: at the left or at the right.")
        self._choices(CONTROL_X, y, [(True, "First"), (False, "Last")], settings.spades_first,
                      lambda value: self.change(spades_first=value))
        y += ROW_STEP
        self._row(x, y, width, "Aces go", "Each suit of your hand sorted high to low (aces at the left) or low to "
                                          "high (aces at the right).")
        self._choices(CONTROL_X, y, [(True, "Left"), (False, "Right")], settings.aces_left,
                      lambda value: self.change(aces_left=value))
        y += ROW_STEP
        self._row(x, y, width, "Four colours", "Blue diamonds and green clubs, so no two suits look alike.")
        self._on_off(CONTROL_X, y, "four_colour")
        y += ROW_STEP
        self._row(x, y, width, "Dim unplayable", "In play, cards you may not play now are greyed.")
        self._on_off(CONTROL_X, y, "dim_illegal")
        y += ROW_STEP
        self._row(x, y, width, "Play last card", "Your last card of a hand is played for you.")
        self._on_off(CONTROL_X, y, "auto_last_card")
        y += ROW_STEP
        self._row(x, y, width, "Click to raise", "On: the first click raises a card, a second click plays it. "
                                                 "Off: one click plays.")
        self._on_off(CONTROL_X, y, "click_to_raise")
        y += ROW_STEP
        self._row(x, y, width, "Allow take back", "Ctrl+Z or the menu's Take back returns your last bid or card "
                                                  "of the hand. A game with a take-back counts as \"with undo\".")
        self._on_off(CONTROL_X, y, "allow_undo")
        y += ROW_STEP
        self._row(x, y, width, "Why on hover", "Point at another player's card on the table or at their bid to "
                                               "see why they chose it, worked out from what they could see; "
                                               "what they still hold stays hidden until the hand is over.")
        self._on_off(CONTROL_X, y, "why")
        y += ROW_STEP + 4
        self._row(x, y, layout.WIDTH - 32, "Card back", "The pattern on the back of the cards: click one to "
                                                        "use it.", height=66)
        spacing = (layout.WIDTH - 24 - CONTROL_X) // len(BACKS)
        for i, name in enumerate(BACKS):
            self.back_rects[name] = pygame.Rect(CONTROL_X + i * spacing, y + 5, layout.CARD_W, layout.CARD_H)

    def choose_back(self, name: str) -> None:
        """Use the card back called `name` (one of cardart.BACKS) from now on."""
        if self.change(card_back=name):
            self.app.art.set_back(name)


    def _draw_table(self, surface: pygame.Surface) -> None:
        settings = self.app.settings
        art = self.app.art
        hand = sort_hand([Card.parse(name) for name in PREVIEW_HAND], DECKS["standard"], settings.spades_first,
                         settings.aces_left)
        left, top = 432, PAGE_TOP + 12
        for i, card in enumerate(hand):
            surface.blit(art.shadow(), (left + i * 18 + 1, top + 1))
            surface.blit(art.face(card), (left + i * 18, top))
        text.draw(surface, "Your hand", (left + 92, top + layout.CARD_H + 8), GREY, align="centre")
        for name, rect in self.back_rects.items():
            if name == settings.card_back:
                surface.blit(art.outline(), (rect.x - 2, rect.y - 2))
            elif rect.collidepoint(self.mouse) and not self.confirming:
                pygame.draw.rect(surface, GREY_LIGHT, rect.inflate(4, 4), 1)
            surface.blit(art.back_named(name), rect.topleft)
        first = next(iter(self.back_rects.values()))
        text.draw(surface, settings.card_back.capitalize(), (16, first.y + 36), GOLD)

