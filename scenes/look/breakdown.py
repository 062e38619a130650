"""A hand's score as the screens show it: the breakdown by part, the notes, the running
scoreboard, and the black panel they sit on. The score screen, game over and Review Hands
all draw these, so a side reads the same everywhere.

>>> from game.scoring import Standing, score_hand
>>> from game.bids import Bid
>>> from game.rules import PRESETS
>>> score = score_hand(PRESETS["partner"].rules, {"S": Bid(3), "N": Bid(2), "W": Bid(4), "E": Bid(0)},
...                    {"S": 4, "N": 2, "W": 5, "E": 2}, ["S"] * 6 + ["W"] * 7,
...                    {"NS": Standing(), "EW": Standing()})
>>> [(row.label, row.values) for row in score_rows(score)][:3]
[('Bid', ('5', '4')), ('Tricks', ('6', '5')), ('Contract', ('+50', '+40'))]
>>> score_notes(score, {"E": "East"}.get)
["East's nil failed"]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.scoring import PART_LABELS, PARTS, HandScore, SideScore, Standing
from game.seats import SEATS
from scenes.look import text
from scenes.look.palette import GOLD, GOOD, GREY, GREY_LIGHT, PANEL, PANEL_EDGE, WARNING, WHITE, Colour
from scenes.look.scrolling import ListScroll, draw_scrollbar

PANEL_RECT = pygame.Rect(40, 14, 560, 332)
"""Where the score and game-over panels sit."""
SCOREBOARD_COLUMN = 120
SCOREBOARD_ENTRY = 13 * 8
"""How wide one side's entry on the scoreboard is: ``+ 120   340/4``, 8 pixels a character."""
HAND_NUMBERS = 40
"""The least room the scoreboard's hand numbers take at its left."""


@dataclass(frozen=True)
class Row:
    """One line of the breakdown: its label and one value (and colour) per side."""

    label: str
    values: tuple[str, ...]
    colours: tuple[Colour, ...]


def side_label(side: str, partners: bool, names: Mapping[str, str] | None = None, chars: int = 12,
               watching: bool = False) -> str:
    """How a scoring side is named to the player: Us and Them with partners (to someone `watching`,
    who is on neither side, NS and EW), else the seat's player (from `names`, cut to `chars`), or
    the seat's letter.

    >>> side_label("NS", True), side_label("NS", True, watching=True), side_label("W", False)
    ('Us', 'NS', 'W')
    >>> side_label("W", False, {"W": "Maximiliana"}, 6)
    'Maxi..'
    """
    if not partners:
        return text.cut(names[side], chars) if names and side in names else side
    if watching:
        return side
    return "Us" if "S" in side else "Them"


def standing_words(side: str, standing: Standing, partners: bool, names: Mapping[str, str] | None = None,
                   watching: bool = False) -> str:
    """A side's score and bags in one line, the sides' names in a column: ``Us     340 points, 4 bags``.

    >>> standing_words("NS", Standing(340, 1), True)
    'Us      340 points, 1 bag'
    """
    label = side_label(side, partners, names, watching=watching)
    return f"{label:{5 if partners else 12}} {standing.points:5d} points, {text.plural(standing.bags, 'bag')}"


def verdict(side: SideScore) -> tuple[str, Colour]:
    """``made`` in green, ``set`` in orange, nothing for a side without a contract."""
    return {True: ("made", GOOD), False: ("set", WARNING), None: ("", WHITE)}[side.made]


def nils_bid(side: SideScore) -> tuple[str, Colour]:
    """What a side that bid no number bid: its nils (``blind nil``, ``nil + nil``), green if they all
    held, orange if one failed; a dash if it bid nothing at all."""
    if not side.nils:
        return "-", WHITE
    return " + ".join(nil.kind for nil in side.nils), GOOD if all(nil.made for nil in side.nils) else WARNING


def score_rows(score: HandScore, taken: Mapping[str, int] | None = None, *, verdicts: bool = False) -> list[Row]:
    """The breakdown of a hand's score: bid (``4 made``, ``6 set`` with `verdicts`), tricks,
    the tricks a side's nils took apart from them (given the tricks each seat `taken`, where a
    nil took any), every part that scored, the hand's total, the score and bags after it."""
    sides = list(score.sides.values())

    def row(label: str, value: Callable[[SideScore], str], colour: Callable[[SideScore], Colour]) -> Row:
        return Row(label, tuple(value(side) for side in sides), tuple(colour(side) for side in sides))

    def bid(side: SideScore) -> str:
        if not side.contract:
            return nils_bid(side)[0]
        return f"{side.contract} {verdict(side)[0]}" if verdicts else str(side.contract)

    def bid_colour(side: SideScore) -> Colour:
        if not verdicts:
            return WHITE
        return verdict(side)[1] if side.contract else nils_bid(side)[1]

    def nil_tricks(side: SideScore) -> int:
        return sum(taken.get(seat, 0) for seat in side.side if seat in SEATS) - side.counted if taken else 0

    plain = (lambda side: WHITE)  # noqa: E731 - one colour for every side
    rows = [row("Bid", bid, bid_colour),
            row("Tricks", lambda side: str(side.counted), lambda side: verdict(side)[1])]
    if any(nil_tricks(side) > 0 for side in sides):
        rows.append(row("Nil tricks", lambda side: str(nil_tricks(side)) if side.nils else "-", plain))
    rows += [row(PART_LABELS[part], lambda side, part=part: f"{side.parts.get(part, 0):+d}", plain)
             for part in PARTS if any(side.parts.get(part, 0) for side in sides)]
    rows += [row("This hand", lambda side: f"{side.total:+d}", lambda side: GOLD),
             row("Score now", lambda side: str(side.after.points), plain),
             row("Bags now", lambda side: str(side.after.bags), plain)]
    return rows


def score_notes(score: HandScore, name_of: Callable[[str], str | None]) -> list[str]:
    """The nils made or failed (by the bidder's name) and the bonuses of a hand."""
    sides = score.sides.values()
    nils = [f"{whose(name_of(nil.who) or nil.who) if nil.who in SEATS else nil.who} {nil.kind} "
            f"{'made' if nil.made else 'failed'}" for side in sides for nil in side.nils]
    return nils + [bonus for side in sides for bonus in side.bonuses]


def whose(name: str) -> str:
    """A player's name as the owner of a nil: ``Your``, ``West's``.

    >>> whose("You"), whose("West"), whose("Chris")
    ('Your', "West's", "Chris's")
    """
    return "Your" if name == "You" else f"{name}'s"


def draw_panel(surface: pygame.Surface, rect: pygame.Rect = PANEL_RECT) -> None:
    """A black framed panel: the score, game over, menus and questions sit on one."""
    pygame.draw.rect(surface, PANEL, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    pygame.draw.rect(surface, GREY, rect.inflate(-4, -4), 1)


def draw_rows(surface: pygame.Surface, rows: Sequence[Row], left: int, top: int, first_column: int,
              column: int) -> int:
    """The breakdown as a table: labels at `left`, each side's values right-aligned in its
    column; the y under the last row."""
    y = top
    for row in rows:
        text.draw(surface, row.label, (left, y), GREY_LIGHT, shadow=None)
        for i, (words, colour) in enumerate(zip(row.values, row.colours, strict=True)):
            text.draw(surface, words, (first_column + (i + 1) * column, y), colour, shadow=None, align="right")
        y += text.LINE
    return y


def draw_scoreboard(surface: pygame.Surface, scores: Sequence[HandScore], standings: Mapping[str, Standing],
                    partners: bool, top: int, scroll: ListScroll, rows: int, first_hand: int = 1,
                    names: Mapping[str, str] | None = None, watching: bool = False) -> None:
    """The running score of every hand, one column per side, as many hands as `rows` from where
    `scroll` stands (at first the latest), a bar at the right when they do not all fit; the first
    of `scores` is hand `first_hand`."""
    sides = list(standings)
    x = block_left(scoreboard_width(len(sides)))
    left, column = scoreboard_columns(len(sides))
    text.draw(surface, "Hand", (x, top), GREY_LIGHT, shadow=None)
    for i, side in enumerate(sides):
        text.draw(surface, side_label(side, partners, names, watching=watching),
                  (x + left + i * column + SCOREBOARD_ENTRY // 2, top),
                  GREY_LIGHT, shadow=None, align="centre")
    first, stop = scroll.window(len(scores), rows)
    for row, score in enumerate(scores[first:stop]):
        y = top + 12 + row * 10
        text.draw(surface, f"{first_hand + first + row:3d}", (x, y), WHITE, shadow=None)
        for i, side in enumerate(sides):
            part = score.sides[side]
            words = f"{part.total:+5d} {part.after.points:5d}/{part.after.bags}"
            text.draw(surface, words, (x + left + i * column, y), WHITE, shadow=None)
    track = pygame.Rect(PANEL_RECT.right - 12, top + 12, 3, scroll.rows * 10 - 2)
    draw_scrollbar(surface, track, first, stop - first, len(scores))


def scoreboard_columns(sides: int) -> tuple[int, int]:
    """Where the scoreboard's first side starts (from the hand numbers) and the step from side to
    side: two sides sit well apart; four share the panel's width, the last clear of the bar."""
    room = PANEL_RECT.width - 40 - SCOREBOARD_ENTRY - 8
    column = min(SCOREBOARD_COLUMN, (room - HAND_NUMBERS) // max(1, sides - 1))
    return min(90, room - (sides - 1) * column), column


def scoreboard_width(sides: int) -> int:
    """How wide the scoreboard of `sides` sides is, from its hand numbers to its last entry."""
    left, column = scoreboard_columns(sides)
    return left + (sides - 1) * column + SCOREBOARD_ENTRY


def block_left(width: int) -> int:
    """Where a block of figures `width` wide starts: centred in the panel, within its margins
    (two sides' figures would leave the panel's right half empty)."""
    inner = PANEL_RECT.width - 40
    return PANEL_RECT.x + 20 + max(0, (inner - width) // 2)
