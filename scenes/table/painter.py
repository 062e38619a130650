"""Painting the table: hands, the trick, name plates, the scoreboard and the status corner.

Positions come from :mod:`scenes.look.layout`; what to paint comes from a
:class:`scenes.table.model.TableModel` plus the scene's moment-to-moment marks
(hover, cards in flight, dimmed cards, the suggested card).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

import pygame

from game.cards import Card, Deck
from game.seats import SEATS, partner
from scenes.look import layout, text, widgets
from scenes.look.breakdown import side_label
from scenes.look.cardart import CardArt
from scenes.look.palette import BLACK, GOLD, GREY, GREY_LIGHT, PANEL, PANEL_EDGE, SHADOW, WARNING, WHITE
from scenes.table.model import Hidden, TableModel

Point = tuple[float, float]
DOTS_STEP = 1 / 3
"""Seconds between two steps of the dots by a thinking computer's name."""
SIDE_TURNS = {"W": 1, "E": 3, "N": 2, "S": 0}
"""Quarter turns of a hidden card in each seat, so backs face the middle."""


def fan_positions(seat: str, count: int) -> list[Point]:
    """Top-left corners of `count` cards in a seat's hand (upright size for N/S, turned for W/E).
    More than thirteen (a blind-nil exchange) close up to the room of thirteen, clear of the bid box."""
    step = layout.SOUTH_STEP if seat == "S" else layout.SIDE_STEP
    if count > 13:
        step = 12 * step // (count - 1)
    if seat in ("N", "S"):
        width = (count - 1) * step + layout.CARD_W
        x0 = layout.WIDTH // 2 - width // 2
        y = layout.SOUTH_FAN_Y if seat == "S" else layout.NORTH_Y
        return [(x0 + i * step, y) for i in range(count)]
    height = (count - 1) * step + layout.CARD_W
    y0 = layout.SIDE_CENTRE_Y - height // 2
    x = layout.WEST_X if seat == "W" else layout.EAST_X
    return [(x, y0 + i * step) for i in range(count)]


def hand_origin(seat: str, count: int) -> Point:
    """Where a card leaves or joins a seat's hand: the middle of it."""
    positions = fan_positions(seat, max(1, count))
    return positions[len(positions) // 2]


def spades_sign(must_break: bool, broken: bool) -> str:
    """Whether spades may be led, as the table's corner says it: closed until one is played
    where the rules say spades must be broken, else open from the first trick."""
    if broken:
        return "Spades broken"
    return "Spades closed" if must_break else "Spades open"


@dataclass
class Marks:
    """What the scene wants shown on top of the model this frame."""

    hover: Card | None = None
    raised: Collection[Card] = ()
    playable: Collection[Card] | None = None
    """Cards the player may play now; others are dimmed (None: dim nothing)."""
    suggested: Card | None = None
    in_flight: Collection[Card] = ()
    to_act: str | None = None
    thinking: bool = False
    clock: float = 0.0
    reveal: bool = False
    south_order: list[Card] = field(default_factory=list)
    absent: Mapping[str, str] = field(default_factory=dict)
    """Seats of a server's table whose player is not playing: ``away`` (a computer plays for them)
    or ``no connection`` (dropped, the seat held)."""


class TablePainter:
    """Draws a TableModel; knows where each card of the player's fan is for the mouse."""

    def __init__(self, art: CardArt, felt: pygame.Surface) -> None:
        self.art = art
        self.felt = felt
        self.veil = widgets.veil(layout.SIZE, SHADOW, 200)

    # -- hands ----------------------------------------------------------------------
    def south_rects(self, order: list[Card], marks: Marks) -> list[tuple[Card, pygame.Rect]]:
        """Each fan card and its clickable rectangle, topmost (rightmost) last."""
        rects = []
        for card, (x, y) in zip(order, fan_positions("S", len(order)), strict=False):
            lift = layout.RAISE_LIFT if card in marks.raised else (layout.HOVER_LIFT if card == marks.hover else 0)
            rects.append((card, pygame.Rect(int(x), int(y) - lift, layout.CARD_W, layout.CARD_H)))
        return rects

    def draw_south(self, surface: pygame.Surface, model: TableModel, marks: Marks) -> None:
        cards = [c for c in marks.south_order if c not in marks.in_flight]
        for card, rect in self.south_rects(cards, marks):
            surface.blit(self.art.shadow(), rect.move(1, 1))
            if not model.south_looked or isinstance(card, Hidden):  # a server tells the cards once looked at
                image = self.art.back()
            elif marks.playable is not None and card not in marks.playable:
                image = self.art.dimmed(card, model.deck)
            else:
                image = self.art.face(card, model.deck)
            surface.blit(image, rect)
            if card == marks.suggested:
                surface.blit(self.art.highlighted(card, model.deck), rect)
                text.draw(surface, "*", (rect.centerx, rect.top - 10), GOLD, align="centre")

    def draw_hidden(self, surface: pygame.Surface, model: TableModel, marks: Marks, seat: str) -> None:
        count = len([c for c in model.holdings[seat] if c not in marks.in_flight])
        image = self.art.rotated(self.art.back(), SIDE_TURNS[seat])
        for x, y in fan_positions(seat, count):
            surface.blit(image, (int(x), int(y)))

    # -- the trick ----------------------------------------------------------------------
    def draw_trick(self, surface: pygame.Surface, plays: list[tuple[str, Card]], winner: str | None, deck: Deck,
                   hidden: Collection[Card] = ()) -> None:
        for seat, card in plays:
            if card in hidden:
                continue
            x, y = layout.TRICK_SLOTS[seat]
            surface.blit(self.art.shadow(), (x + 1, y + 1))
            surface.blit(self.art.face(card, deck), (x, y))
            if seat == winner:
                surface.blit(self.art.highlighted(card, deck), (x, y))
                text.draw(surface, "*", (x + layout.CARD_W + 2, y - 2), GOLD)

    def pointed(self, pos: tuple[int, int], model: TableModel,
                hidden: Collection[Card] = ()) -> tuple[str, Card | None] | None:
        """What the mouse points at of the other seats' choices: a card on the table (its seat and
        the card), a name plate with a bid (the seat and None), or nothing."""
        for seat, card in reversed(model.trick):
            x, y = layout.TRICK_SLOTS[seat]
            if seat != "S" and card not in hidden and pygame.Rect(x, y, layout.CARD_W, layout.CARD_H).collidepoint(pos):
                return seat, card
        for seat in SEATS:
            if seat != "S" and seat in model.bids and self.plate_rect(model, seat).collidepoint(pos):
                return seat, None
        return None

    # -- words -------------------------------------------------------------------------------
    @staticmethod
    def plate_lines(model: TableModel, seat: str) -> list[str]:
        """A seat's name plate: its name (and the dealer's mark, once a hand is dealt: a table on a
        server waiting for its players has no dealer yet), its bid and tricks taken."""
        name = model.names[seat] + (" (D)" if seat == model.dealer and model.hand_number else "")
        bid = model.bids.get(seat)
        counts = f"B:{bid.display if bid else '-'} T:{model.taken[seat]}"
        return [name + "  " + counts] if seat == "N" else [name, counts]

    @staticmethod
    def plate_place(model: TableModel, seat: str) -> tuple[int, int, str]:
        """Where a seat's name plate starts and how it is aligned: the player's stays clear of a
        hand holding more than thirteen cards (cards passed to it in an exchange) too."""
        x, y, align = layout.PLATES[seat]
        if seat == "S" and len(model.holdings["S"]) > 13:
            x = min(x, int(fan_positions("S", len(model.holdings["S"]))[0][0]) - layout.SOUTH_PLATE_GAP)
        return x, y, align

    def plate_rect(self, model: TableModel, seat: str) -> pygame.Rect:
        """Where a seat's name plate is drawn (without the thinking dots)."""
        x, y, align = self.plate_place(model, seat)
        lines = self.plate_lines(model, seat)
        width = max(text.render(line, WHITE).get_width() for line in lines)
        left = x - width if align == "right" else x - width // 2 if align == "centre" else x
        return pygame.Rect(left, y, width, len(lines) * text.LINE)

    def draw_plates(self, surface: pygame.Surface, model: TableModel, marks: Marks) -> None:
        for seat in SEATS:
            x, y, align = self.plate_place(model, seat)
            colour = GOLD if seat == marks.to_act else WHITE
            lines = [(line, colour) for line in self.plate_lines(model, seat)]
            if seat in marks.absent:
                lines.append((f"({marks.absent[seat]})", GREY_LIGHT))
            if seat == marks.to_act and marks.thinking:
                lines.append(("." * (1 + int(marks.clock / DOTS_STEP) % 3), colour))
            if seat == "N":  # one line, the chat band just below it: what follows goes on its right
                end = text.draw(surface, lines[0][0], (x, y), colour, align=align).right
                for line, shade in lines[1:]:
                    end = text.draw(surface, line, (end + 6, y), shade).right
                continue
            for i, (line, shade) in enumerate(lines):
                text.draw(surface, line, (x, y + i * text.LINE), shade, align=align)

    def draw_scoreboard(self, surface: pygame.Surface, model: TableModel) -> None:
        partners = model.rules.partners
        x, y = layout.SCOREBOARD
        rows = list(model.standings.items())
        box = pygame.Rect(x, y, 196, 8 + 10 * (len(rows) + 1))
        pygame.draw.rect(surface, PANEL, box)
        pygame.draw.rect(surface, PANEL_EDGE, box, 1)
        text.draw(surface, "Score Bags Won", (x + 60, y + 4), GREY_LIGHT, shadow=None)
        limit = model.rules.bag_limit or None  # 0: bags carry no penalty, so none are ever near it
        for i, (side, standing) in enumerate(rows):
            row_y = y + 14 + i * 10
            seats = [side] if not partners else [side[0], side[1]]
            taken, bid = model.contract(seats)
            text.draw(surface, side_label(side, partners, model.names, 6, model.watching), (x + 4, row_y), WHITE,
                      shadow=None)
            text.draw(surface, f"{standing.points:5d}", (x + 52, row_y), WHITE, shadow=None)
            near = limit is not None and standing.bags >= limit - 2
            text.draw(surface, f"{standing.bags:2d}{'!' if near else ' '}", (x + 108, row_y),
                      WARNING if near else WHITE, shadow=None)
            made = bid and taken >= bid
            text.draw(surface, f"{taken}/{bid}", (x + 148, row_y), GOLD if made else WHITE, shadow=None)

    def draw_status(self, surface: pygame.Surface, model: TableModel, variant: str) -> None:
        x, y = layout.STATUS
        if model.hand_number:  # none before the first deal
            text.draw(surface, f"Hand {model.hand_number}", (x, y), WHITE, align="right")
        text.draw(surface, f"{variant} to {model.rules.win}", (x, y + 10), GREY_LIGHT, align="right")
        broken = model.spades_broken
        text.draw(surface, ("\u2660 " if broken else "") + spades_sign(model.rules.spades_broken, broken), (x, y + 20),
                  GOLD if broken else GREY, align="right")

    def draw_reveal(self, surface: pygame.Surface, model: TableModel) -> None:
        """Every seat's cards face up, after the last trick."""
        surface.blit(self.veil, (0, 0))
        for row, seat in enumerate(("N", "W", "E", "S")):
            y = 16 + row * 82
            bid = model.bids.get(seat)
            text.draw(surface, f"{model.names[seat]}  B:{bid.display if bid else '-'} T:{model.taken[seat]}",
                      (120, y), GOLD if seat in ("S", partner("S")) else WHITE)
            cards = model.dealt_order(seat)
            for i, card in enumerate(cards):
                surface.blit(self.art.face(card, model.deck), (120 + i * 30, y + 12))
        text.draw(surface, "Click to see the score", (layout.WIDTH // 2, layout.HEIGHT - 12), WHITE,
                  align="centre", shadow=BLACK)
