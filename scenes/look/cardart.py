"""Card pictures drawn by code: faces, backs, shadows and the felt, at 40 x 56 logical pixels.

Every picture is made from small pixel bitmaps (strings, one character a pixel) and the
colours of :mod:`scenes.look.palette`; nothing is loaded from disk and no font is used, so the
cards stay crisp when SDL scales the frame up.

>>> import pygame
>>> from game.cards import card
>>> art = CardArt()
>>> art.face(card("AS")).get_size()
(40, 56)
>>> art.rotated(art.back(), 1).get_size()
(56, 40)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from game.cards import CARDS, Card, Deck
from scenes.look.palette import (
    BACK_BLUE,
    BACK_NAVY,
    BACK_PURPLE,
    BACK_RED,
    BACK_TEAL,
    BLACK,
    BLUE,
    CARD_CREAM,
    CARD_EDGE,
    CARD_WHITE,
    DARK_RED,
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    GOLD,
    GOLD_DARK,
    GOOD,
    GREEN,
    GREY,
    GREY_DARK,
    GREY_LIGHT,
    PANEL,
    RED,
    RIM,
    RIM_DARK,
    SHADOW,
    WARNING,
    WHITE,
    WOOD,
    Colour,
)

CARD_W, CARD_H = 40, 56
CARD_SIZE = (CARD_W, CARD_H)
SHADOW_OFFSET = (1, 1)
"""Blit :meth:`CardArt.shadow` this far right and down of the card it belongs to."""
OUTLINE_WIDTH = 2
"""Thickness of :meth:`CardArt.outline`; blit it at the card's position minus this much."""

Bitmap = tuple[str, ...]
"""A picture as rows of characters: ``.`` is transparent, other characters name colours."""

# --- Corner indices -------------------------------------------------------------------

RANK_GLYPHS: dict[str, Bitmap] = {
    "A": (".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "2": (".###.", "#...#", "....#", "..##.", ".#...", "#....", "#####"),
    "3": ("####.", "....#", "....#", ".###.", "....#", "....#", "####."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": (".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."),
    "T": (".#.###", "##.#.#", ".#.#.#", ".#.#.#", ".#.#.#", ".#.#.#", ".#.###"),
    "J": ("..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."),
    "Q": (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    "K": ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),
}
"""Rank glyphs for the corner index, 5 x 7 (the ``10`` is a narrow 6 x 7 pair)."""

LETTERS: dict[str, Bitmap] = {
    "J": RANK_GLYPHS["J"],
    "O": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "K": RANK_GLYPHS["K"],
    "E": ("#####", "#....", "#....", "####.", "#....", "#....", "#####"),
    "R": ("####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"),
}
"""The letters of ``JOKER`` for the jokers' index."""

SMALL_PIPS: dict[str, Bitmap] = {
    "H": (".#.#.", "#####", "#####", ".###.", "..#.."),
    "D": ("..#..", ".###.", "#####", "#####", ".###.", "..#.."),
    "S": ("..#..", ".###.", "#####", "#####", "..#..", ".###."),
    "C": (".###.", ".###.", "#####", "#####", "..#..", ".###."),
}
"""Suit pips for the corner index, 5 wide and 5 or 6 tall."""

PIPS: dict[str, Bitmap] = {
    "H": (".##.##.", "#######", "#######", "#######", ".#####.", "..###..", "...#..."),
    "D": ("...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."),
    "S": ("...#...", "..###..", ".#####.", "#######", "#######", ".##.##.", "...#...", "..###.."),
    "C": ("..###..", "..###..", "##.#.##", "#######", "##.#.##", "...#...", "..###.."),
}
"""Suit pips for the middle of the number cards, 7 wide."""


def _big_pip(suit: str, size: int) -> Bitmap:
    """A suit shape `size` pixels wide, rasterised from circles and lines (left-right symmetric)."""
    rows: list[str] = []
    height = size + (size // 5 if suit in "SC" else 0)
    for j in range(height):
        row = []
        for i in range(size):
            x = (min(i, size - 1 - i) + 0.5 - size / 2) / (size / 2)  # -1 at the edge, 0 in the middle
            y = (j + 0.5) / size * 2 - 1  # -1 at the top, 1 at the bottom of the square part
            row.append("#" if _inside_suit(suit, x, y) else ".")
        rows.append("".join(row))
    return tuple(rows)


def _inside_suit(suit: str, x: float, y: float) -> bool:
    """Whether the point (x, y) of the unit square (-1..1, y down) lies inside the suit's shape.

    Spades and clubs reach below the square (to y = 1.4) with their stems.
    """
    ax = abs(x)
    if suit == "D":
        return ax / 0.8 + abs(y) <= 1.0
    if suit == "H":
        return _inside_heart(ax, y)
    if suit == "S":
        body = _inside_heart(ax, -(y + 0.15) / 0.85)
        stem = 0.4 <= y <= 1.38 and ax <= 0.07 + max(0.0, y - 0.98) * 1.2
        return body or stem
    top = math.hypot(ax, y + 0.5) <= 0.44
    sides = math.hypot(ax - 0.52, y - 0.22) <= 0.44
    middle = math.hypot(ax, y) <= 0.2
    stem = -0.2 <= y <= 1.38 and ax <= 0.07 + max(0.0, y - 0.98) * 1.2
    return top or sides or middle or stem


def _inside_heart(ax: float, y: float) -> bool:
    """A heart: two round lobes and straight flanks tangent to them meeting in the point."""
    lobes = math.hypot(ax - 0.48, y + 0.42) <= 0.52
    between = -0.42 <= y <= 0.0 and ax <= 0.48
    point = -0.1 <= y <= 0.98 and ax <= (0.98 - y) * 0.824
    return lobes or between or point


BIG_PIPS: dict[str, Bitmap] = {suit: _big_pip(suit, 15) for suit in "HDSC"}
"""Suit shapes for the aces, 15 wide."""

ACE_OF_SPADES_PIP: Bitmap = _big_pip("S", 23)
"""The ornate spade of the ace of spades."""

# --- Court figures: the top half of a double-headed card, 22 x 24 --------------------
# k ink, g gold, o dark gold, f face, e beard, s suit colour, d dark suit colour,
# b blue, r red, h hair, w white, G green stem, x steel.

COURT_FIGURES: dict[str, Bitmap] = {
    "K": (
        "......................",
        ".......g...g...g......",
        ".......gg.ggg.gg......",
        ".......ggggggggg......",
        ".......grggbggrg......",
        ".......ooooooooo......",
        ".......hfffffffh......",
        ".......hfkfffkfh......",
        ".......hffffffffh.....",
        ".......heeefeeeh......",
        ".......heeeeeeeh....g.",
        "........eeeeeee....gog",
        "...sssssseeeeesssss.g.",
        "..ssssssggeeeggsssssg.",
        "..sssssssgeeegsssssfg.",
        "..sdsssssgsgsgssssffg.",
        "..sdsssssgsgsgssssssg.",
        "..sdsssssgsssgssssssg.",
        "..sdssssggsgsggsssssg.",
        "..sdssssgsssssgsssssg.",
        "..sdsssgsssssssgssssg.",
        "..sdsssgsssssssgssssg.",
        "..sdssgsssssssssgsssg.",
        "..sdssgsssssssssgsssg.",
    ),
    "Q": (
        "......................",
        "........g..g..g.......",
        "........ggggggg.......",
        "........gbgrgbg.......",
        ".......hhhhhhhhh......",
        "......hhfffffffhh.....",
        "......hhfkfffkfhh.....",
        "......hhfffffffhh.....",
        "......hhffrrrffhh.....",
        ".....hhhhfffffhhhh....",
        ".....hhhhhfffhhhhh....",
        "....hhhsssgggsssshh...",
        "..wGw.ssswwwwwssssh...",
        "..wgwsssswwgwwssssss..",
        "..wGwssssswwwsssssss..",
        "...G.sssffwwwssssdss..",
        "...Gffsssswwwssssdss..",
        "..sssssssswwwssssdss..",
        "..sssssssswwwssssdss..",
        "..ssssssgggggggssdss..",
        "..sssssgsswwwssgsdss..",
        "..ssssgssswwwsssgdss..",
        "..sssgsssswwwssssgss..",
        "..sssgsssswwwssssgss..",
    ),
    "J": (
        "......................",
        "..............w.......",
        ".............ww.......",
        ".........sssswb.......",
        "........sssssssb......",
        ".......ggggggggg......",
        "........hfffffh.......",
        "........fkfffkf.......",
        "........fffffff.......",
        "........hffrffh.......",
        "........hhfffhh...x...",
        ".........hhfhh...xxx..",
        ".....ssswwwwwsss..x...",
        "....ssssswwwsssss.x...",
        "...ssssssswsssssssx...",
        "...sdssssbbbssssffx...",
        "...sdssssbgbssssffx...",
        "...sdssssbbbsssssgx...",
        "...sdssssssssssssgx...",
        "...sdggggggggggggsx...",
        "...sdsssssogsssssgx...",
        "...sdsssssssssssssx...",
        "...sdssssssssssssx....",
        "...sdsssssssssssss....",
    ),
}
"""The top half of each court card; the bottom half is the same picture turned 180°."""

JESTER: Bitmap = (
    ".cc.................cc",
    ".ccaa......c......bbcc",
    "....aa....cbc....bb...",
    ".....aa...bbb...bb....",
    "......aaa.bbb.bbb.....",
    ".......aaabbbbbb......",
    "......aaaabbbbbbb.....",
    ".....wcwcwcwcwcwcw....",
    ".....kfffffffffffk....",
    ".....kfffffffffffk....",
    ".....kffkfffffkffk....",
    ".....kfffffffffffk....",
    ".....krrfffffffrrk....",
    ".....kffkfffffkffk....",
    ".....kfffkkkkkfffk....",
    "......kfffffffffk.....",
    ".......kkfffffkk......",
    "..wawawawawbwbwbwbw...",
    "...wawawawbwbwbwbw....",
    "...aaaaaaaabbbbbbbb...",
    "..aaaaaaaaabbbbbbbbb..",
    "..aaaaacaaabbbcbbbbb..",
    "..aaaacccaabbcccbbbb..",
    "..aaaaacaaabbbcbbbbb..",
    "..aaaaaaaaabbbbbbbbb..",
    "..aaaaacaaabbbcbbbbb..",
    "..aaaacccaabbcccbbbb..",
    "..aaaaacaaabbbcbbbbb..",
    "..aaaaaaaaabbbbbbbbb..",
)
"""A jester: ``a``/``b`` are the two motley colours, ``c`` the middle bell."""

STAR: Bitmap = ("..#..", "..#..", "#####", ".###.", ".#.#.")

# --- Helpers -----------------------------------------------------------------------


def suit_colour(suit: str, four_colour: bool = False) -> Colour:
    """The ink of a suit: red hearts and diamonds, black spades and clubs (blue and green in four colours)."""
    if four_colour and suit == "D":
        return BLUE
    if four_colour and suit == "C":
        return GREEN
    return RED if suit in "HD" else BLACK


def _dark_of(colour: Colour) -> Colour:
    """The palette's shade for a suit colour (the fold of a robe)."""
    return {RED: DARK_RED, BLACK: GREY_DARK, BLUE: BACK_NAVY, GREEN: RIM}.get(colour, BLACK)


def _size(bitmap: Bitmap) -> tuple[int, int]:
    return max(len(row) for row in bitmap), len(bitmap)


def stamp(surface: pygame.Surface, bitmap: Bitmap, pos: tuple[int, int], colours: Mapping[str, Colour]) -> None:
    """Draw `bitmap` with its top-left at `pos`, each character in its colour; other characters stay clear."""
    left, top = pos
    for j, row in enumerate(bitmap):
        for i, char in enumerate(row):
            colour = colours.get(char)
            if colour is not None:
                surface.set_at((left + i, top + j), colour)


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """The surface converted for fast blits when a display exists (convert needs one)."""
    return surface.convert_alpha() if _display_ready() else surface


def _card_shape() -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The card's interior pixels and its edge pixels, with three-pixel rounded corners."""
    cut = (3, 1, 1)  # transparent pixels at the start of the first rows of each corner

    def inside(x: int, y: int) -> bool:
        if not (0 <= x < CARD_W and 0 <= y < CARD_H):
            return False
        row = min(y, CARD_H - 1 - y)
        column = min(x, CARD_W - 1 - x)
        return row >= len(cut) or column >= cut[row]

    interior, edge = [], []
    for y in range(CARD_H):
        for x in range(CARD_W):
            if not inside(x, y):
                continue
            if all(inside(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                interior.append((x, y))
            else:
                edge.append((x, y))
    return interior, edge


_INTERIOR, _EDGE = _card_shape()


def _blank(fill: Colour = CARD_WHITE, edge: Colour = CARD_EDGE) -> pygame.Surface:
    """An empty card: the rounded shape filled with `fill` and a one-pixel `edge`."""
    surface = pygame.Surface(CARD_SIZE, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    surface.fill(fill, pygame.Rect(1, 1, CARD_W - 2, CARD_H - 2))
    for x, y in _EDGE:
        surface.set_at((x, y), edge)
    # The fill rectangle reached the corners: clear what lies outside the rounded shape.
    inside = set(_INTERIOR) | set(_EDGE)
    for y in (0, 1, 2, CARD_H - 3, CARD_H - 2, CARD_H - 1):
        for x in (0, 1, 2, CARD_W - 3, CARD_W - 2, CARD_W - 1):
            if (x, y) not in inside:
                surface.set_at((x, y), (0, 0, 0, 0))
    return surface


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, cut_corners: bool = True) -> None:
    """A one-pixel frame along the inside of `rect`, corners cut off when asked."""
    left, top, right, bottom = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    start = 1 if cut_corners else 0
    for x in range(left + start, right + 1 - start):
        surface.set_at((x, top), colour)
        surface.set_at((x, bottom), colour)
    for y in range(top + start, bottom + 1 - start):
        surface.set_at((left, y), colour)
        surface.set_at((right, y), colour)


# --- Faces ---------------------------------------------------------------------------

INDEX_POS = (2, 3)
"""Top-left corner of the index (rank over suit); the other index is this turned 180°."""

PIP_COLUMNS = (13, 20, 27)
"""Centre x of the left, middle and right pip columns."""
_TOP, _BOTTOM = 9, 46


def _pip_layout(count: int) -> list[tuple[int, float]]:
    """Pip centres (column x, row y) of a number card, drawn like a printed deck."""
    left, middle, right = PIP_COLUMNS
    span = _BOTTOM - _TOP
    y = [_TOP + span * k / 3 for k in range(4)]  # four rows, as on the 9 and 10
    centre = (_TOP + _BOTTOM) / 2
    pairs_three = [(c, r) for r in (_TOP, centre, _BOTTOM) for c in (left, right)]
    pairs_four = [(c, r) for r in y for c in (left, right)]
    pairs_two = [(c, r) for r in (_TOP, _BOTTOM) for c in (left, right)]
    upper = (_TOP + centre) / 2
    lower = (centre + _BOTTOM) / 2
    layouts = {
        2: [(middle, _TOP), (middle, _BOTTOM)],
        3: [(middle, _TOP), (middle, centre), (middle, _BOTTOM)],
        4: pairs_two,
        5: pairs_two + [(middle, centre)],
        6: pairs_three,
        7: pairs_three + [(middle, upper)],
        8: pairs_three + [(middle, upper), (middle, lower)],
        9: pairs_four + [(middle, centre)],
        10: pairs_four + [(middle, (y[0] + y[1]) / 2), (middle, (y[2] + y[3]) / 2)],
    }
    return layouts[count]


def _inner_edge() -> list[tuple[int, int]]:
    """The ring of interior pixels that touch the edge (the second line of a gold edge)."""
    edge = set(_EDGE)
    return [(x, y) for x, y in _INTERIOR
            if any((x + dx, y + dy) in edge for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))]


def _draw_outline() -> pygame.Surface:
    """A two-pixel gold ring hugging the card's rounded shape from outside."""
    width = OUTLINE_WIDTH
    size = (CARD_W + 2 * width, CARD_H + 2 * width)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    card = {(x + width, y + width) for x, y in _INTERIOR + _EDGE}
    ring1 = set()
    for x, y in card:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            if (x + dx, y + dy) not in card:
                ring1.add((x + dx, y + dy))
    ring2 = set()
    for x, y in ring1:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            point = (x + dx, y + dy)
            if point not in card and point not in ring1:
                ring2.add(point)
    for point in ring1:
        surface.set_at(point, GOLD)
    for point in ring2:
        surface.set_at(point, GOLD_DARK)
    return surface


def _index(card: Card, colour: Colour, trump: bool = False) -> pygame.Surface:
    """The corner index of a number or court card: the rank over a small pip; under them a
    small gold spade on a card of another suit that plays as a spade (the 2♣ of Dunn's deck)."""
    glyph = RANK_GLYPHS[card.rank]
    width = max(_size(glyph)[0], 5)
    surface = pygame.Surface((width, 22 if trump else 14), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    stamp(surface, glyph, (0, 0), {"#": colour})
    stamp(surface, SMALL_PIPS[card.suit], (0, 8), {"#": colour})
    if trump:
        stamp(surface, SMALL_PIPS["S"], (0, 16), {"#": GOLD_DARK})
    return surface


def plays_as_spade(card: Card, deck: Deck | None) -> bool:
    """Whether `card` is printed in another suit but is a spade in `deck` (jokers aside: their face says so)."""
    return deck is not None and not card.is_joker and deck.suit(card) != card.suit


def _place_indices(surface: pygame.Surface, index: pygame.Surface) -> None:
    """The index top-left and the same turned 180° bottom-right."""
    left, top = INDEX_POS
    surface.blit(index, (left, top))
    turned = pygame.transform.flip(index, True, True)
    surface.blit(turned, (CARD_W - left - index.get_width(), CARD_H - top - index.get_height()))


def _draw_face(card: Card, four_colour: bool, trump: bool = False) -> pygame.Surface:
    if card.is_joker:
        return _draw_joker(big=card.text == "BJ")
    colour = suit_colour(card.suit, four_colour)
    surface = _blank()
    _place_indices(surface, _index(card, colour, trump))
    if card.rank == "A":
        _draw_ace(surface, card.suit, colour)
    elif card.rank in "JQK":
        _draw_court(surface, card, colour)
    else:
        count = 10 if card.rank == "T" else int(card.rank)
        pip = PIPS[card.suit]
        width, height = _size(pip)
        for x, y in _pip_layout(count):
            lower = y > (CARD_H - 1) / 2
            upper_y = CARD_H - 1 - y if lower else y
            top = int(round(upper_y - (height - 1) / 2))
            if lower:
                top = CARD_H - top - height  # mirror the matching upper pip's place about the middle
            stamp(surface, pip, (x - width // 2, top), {"#": colour})
    return surface


def _draw_ace(surface: pygame.Surface, suit: str, colour: Colour) -> None:
    if suit == "S":
        pip = ACE_OF_SPADES_PIP
        width, height = _size(pip)
        left, top = (CARD_W - width) // 2, (CARD_H - height) // 2
        # A gold halo round the spade and a small gold spade set in it, like the maker's ace.
        halo = {"#": GOLD}
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            stamp(surface, pip, (left + dx, top + dy), halo)
        stamp(surface, pip, (left, top), {"#": colour})
        jewel = PIPS["S"]
        jw, _ = _size(jewel)
        stamp(surface, jewel, (left + (width - jw) // 2, top + 8), {"#": GOLD})
        return
    pip = BIG_PIPS[suit]
    width, height = _size(pip)
    stamp(surface, pip, ((CARD_W - width) // 2, (CARD_H - height) // 2), {"#": colour})


def _draw_court(surface: pygame.Surface, card: Card, colour: Colour) -> None:
    frame = pygame.Rect(8, 3, CARD_W - 16, CARD_H - 6)
    inner = frame.inflate(-2, -2)
    surface.fill(CARD_WHITE, inner)
    colours = {
        "k": BLACK, "g": GOLD, "o": GOLD_DARK, "f": CARD_CREAM, "e": WHITE, "s": colour,
        "d": _dark_of(colour), "b": BLUE, "r": RED, "h": WOOD, "w": CARD_WHITE, "G": GREEN, "x": GREY,
    }
    figure = COURT_FIGURES[card.rank]
    half = pygame.Surface((inner.width, inner.height // 2), pygame.SRCALPHA)
    half.fill((0, 0, 0, 0))
    stamp(half, figure, (0, 0), colours)
    _outline_sprite(half, BLACK)
    stamp(half, SMALL_PIPS[card.suit], (1, 1), {"#": colour})
    surface.blit(half, inner.topleft)
    surface.blit(pygame.transform.flip(half, True, True), (inner.left, inner.top + inner.height // 2))
    _ring(surface, frame, colour)
    # A gold line across the middle where the two halves meet.
    for x in range(inner.left, inner.right):
        surface.set_at((x, CARD_H // 2 - 1), GOLD_DARK if x % 2 else GOLD)


def _outline_sprite(surface: pygame.Surface, colour: Colour) -> None:
    """Ink every transparent pixel that touches a painted one (left, right, above), a sprite's outline."""
    width, height = surface.get_size()
    painted = {(x, y) for y in range(height) for x in range(width) if surface.get_at((x, y)).a}
    for x, y in painted:
        for dx, dy in ((1, 0), (-1, 0), (0, -1)):
            point = (x + dx, y + dy)
            if 0 <= point[0] < width and 0 <= point[1] < height and point not in painted:
                surface.set_at(point, colour)


def _draw_joker(big: bool) -> pygame.Surface:
    surface = _blank()
    ink = RED if big else BLACK
    index = pygame.Surface((5, 5 * 8 - 1 + (7 if big else 0)), pygame.SRCALPHA)
    index.fill((0, 0, 0, 0))
    for k, letter in enumerate("JOKER"):
        stamp(index, LETTERS[letter], (0, 8 * k), {"#": ink})
    if big:
        stamp(index, STAR, (0, 41), {"#": GOLD_DARK})
    _place_indices(surface, index)
    motley = (RED, BLUE) if big else (BLACK, GREY)
    colours = {"a": motley[0], "b": motley[1], "c": GOLD if big else GREY_LIGHT, "w": WHITE,
               "k": BLACK, "f": CARD_CREAM, "r": RED if big else GREY_LIGHT}
    width, height = _size(JESTER)
    sprite = pygame.Surface((width, height), pygame.SRCALPHA)
    sprite.fill((0, 0, 0, 0))
    stamp(sprite, JESTER, (0, 0), colours)
    _outline_sprite(sprite, BLACK)
    surface.blit(sprite, ((CARD_W - width) // 2, (CARD_H - height) // 2 + 2))
    return surface


# --- Backs ---------------------------------------------------------------------------

PATTERN_RECT = pygame.Rect(3, 3, CARD_W - 6, CARD_H - 6)
"""The patterned part of a back, inside its white border."""

Painter = Callable[[int, int], Colour]
"""A back's field: the colour of each pixel of :data:`PATTERN_RECT`, in its own coordinates."""


def _lattice(x: int, y: int) -> Colour:
    a, b = (x + y) % 8, (x - y) % 8
    if a == 0 or b == 0:
        return CARD_CREAM
    if a in (1, 7) or b in (1, 7):
        return DARK_RED
    return BACK_RED


def _spade_field(x: int, y: int) -> Colour:
    return GREY_DARK if x % 4 == 1 and y % 4 == 1 else PANEL


def _computer_field(x: int, y: int) -> Colour:
    return BACK_NAVY if (x + 2) % 6 == 0 or (y + 2) % 6 == 0 else BACK_BLUE


def _stripes(x: int, y: int) -> Colour:
    band = (x + y) % 8
    return BACK_BLUE if band < 3 else (WHITE if band == 3 else BACK_NAVY)


def _checker(x: int, y: int) -> Colour:
    return BACK_PURPLE if (x // 4 + y // 4) % 2 else BACK_NAVY


def _waves(x: int, y: int) -> Colour:
    offset = round(1.6 * math.sin(x * math.pi / 4))
    band = (y + offset) % 6
    return CARD_WHITE if band == 0 else (FELT_LIGHT if band == 3 else BACK_TEAL)


def _boing_field(x: int, y: int) -> Colour:
    return BACK_PURPLE if (x + 2) % 6 == 0 or (y + 2) % 6 == 0 else GREY_LIGHT


COMPUTER: Bitmap = (
    "..gggggggggggggggg..",
    ".gwwwwwwwwwwwwwwwwG.",
    ".gwkkkkkkkkkkkkkkwG.",
    ".gwknnnnnnnnnnnnkwG.",
    ".gwknoooonnnnnnnkwG.",
    ".gwknnnnnnnnnnnnkwG.",
    ".gwknooonnnnnnnnkwG.",
    ".gwknnnnnnnsnnnnkwG.",
    ".gwknnnnnnsssnnnkwG.",
    ".gwknnnnnsssssnnkwG.",
    ".gwknnnnnsssssnnkwG.",
    ".gwknnnnnnnsnnnnkwG.",
    ".gwknnnnnnsssnnnkwG.",
    ".gwkkkkkkkkkkkkkkwG.",
    ".gwwwwwwwwwwwwwrwwG.",
    "..GGGGGGGGGGGGGGGG..",
    ".....GwwwwwwwwG.....",
    "..gggggggggggggggg..",
    ".gwwwwwwwwwwwwwwwwG.",
    ".gwkwkwkwkwkwkwkwwG.",
    ".gwwkwkwkwkwkwkwkwG.",
    ".gwkwkkkkkkkkkwkwwG.",
    ".gwwwwwwwwwwwwwwwwG.",
    "..GGGGGGGGGGGGGGGG..",
)
"""A home computer for the ``computer`` back: monitor with a spade on screen, keyboard below."""


def _boing_ball(surface: pygame.Surface, centre: tuple[int, int], radius: float) -> None:
    """A red and white chequered ball, tilted, as in the famous home-computer demo, with its shadow."""
    cx, cy = centre
    reach = int(radius) + 1
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            inside = math.hypot(dx + 0.5, dy + 0.5) <= radius
            if not inside and math.hypot(dx - 2.5, dy - 1.5) <= radius:
                surface.set_at((cx + dx, cy + dy), GREY)
    tilt = math.radians(20)
    step = math.pi / 4
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            u, v = (dx + 0.5) / radius, (dy + 0.5) / radius
            if u * u + v * v > 1.0:
                continue
            z = math.sqrt(1.0 - u * u - v * v)
            u, v = u * math.cos(tilt) - v * math.sin(tilt), u * math.sin(tilt) + v * math.cos(tilt)
            longitude = math.atan2(u, z) + step / 2
            latitude = math.asin(max(-1.0, min(1.0, v)))
            cell = math.floor(longitude / step) + math.floor(latitude / step)
            surface.set_at((cx + dx, cy + dy), RED if cell % 2 else WHITE)


def _draw_back(name: str) -> pygame.Surface:
    design = BACK_DESIGNS[name]
    surface = _blank()
    field = PATTERN_RECT
    for y in range(field.height):
        for x in range(field.width):
            surface.set_at((field.left + x, field.top + y), design.field(x, y))
    if design.emblem is not None:
        design.emblem(surface)
    _ring(surface, field, design.frame)
    for x, y in ((field.left, field.top), (field.right - 1, field.top), (field.left, field.bottom - 1),
                 (field.right - 1, field.bottom - 1)):
        surface.set_at((x, y), CARD_WHITE)
    return surface


def _spade_emblem(surface: pygame.Surface) -> None:
    pip = _big_pip("S", 19)
    width, height = _size(pip)
    left, top = (CARD_W - width) // 2, (CARD_H - height) // 2
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        stamp(surface, pip, (left + dx, top + dy), {"#": GOLD_DARK})
    stamp(surface, pip, (left, top), {"#": GOLD})
    stamp(surface, _big_pip("S", 11), (left + 4, top + 4), {"#": GOLD_DARK})
    stamp(surface, _big_pip("S", 9), (left + 5, top + 5), {"#": GOLD})
    for corner in ((5, 5), (CARD_W - 10, 5), (5, CARD_H - 11), (CARD_W - 10, CARD_H - 11)):
        stamp(surface, SMALL_PIPS["S"], corner, {"#": GOLD_DARK})


def _computer_emblem(surface: pygame.Surface) -> None:
    colours = {"g": GREY_LIGHT, "G": GREY, "w": CARD_CREAM, "k": BLACK, "n": BACK_NAVY, "o": GOOD, "s": GOOD,
               "r": WARNING}
    width, height = _size(COMPUTER)
    left, top = (CARD_W - width) // 2, (CARD_H - height) // 2
    stamp(surface, COMPUTER, (left, top), colours)


def _checker_emblem(surface: pygame.Surface) -> None:
    diamond = _big_pip("D", 13)
    width, height = _size(diamond)
    left, top = (CARD_W - width) // 2, (CARD_H - height) // 2
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        stamp(surface, diamond, (left + dx, top + dy), {"#": GOLD_DARK})
    stamp(surface, diamond, (left, top), {"#": GOLD})
    stamp(surface, _big_pip("D", 5), (left + 4, top + 4), {"#": GOLD_DARK})


def _boing_emblem(surface: pygame.Surface) -> None:
    _boing_ball(surface, (CARD_W // 2 - 1, CARD_H // 2), 11.5)


@dataclass(frozen=True)
class BackDesign:
    """One card back: the field's pattern, the colour of the line framing it, and an emblem in the middle."""

    field: Painter
    frame: Colour
    emblem: Callable[[pygame.Surface], None] | None = None


BACK_DESIGNS: dict[str, BackDesign] = {
    "lattice": BackDesign(_lattice, DARK_RED),
    "spade": BackDesign(_spade_field, GOLD_DARK, _spade_emblem),
    "computer": BackDesign(_computer_field, BACK_NAVY, _computer_emblem),
    "stripes": BackDesign(_stripes, BACK_NAVY),
    "checker": BackDesign(_checker, GOLD_DARK, _checker_emblem),
    "waves": BackDesign(_waves, BACK_NAVY),
    "boing": BackDesign(_boing_field, BACK_PURPLE, _boing_emblem),
}
"""Every back by name, the default first."""

BACKS: tuple[str, ...] = tuple(BACK_DESIGNS)
"""The names of the card backs, the default first."""


# --- The pictures, cached -----------------------------------------------------------


class CardArt:
    """Every card picture, drawn on first use and cached.

    ``four_colour`` paints diamonds blue and clubs green; ``back`` names the current
    back (one of :data:`BACKS`). Setting either drops the pictures it changes.
    """

    def __init__(self, four_colour: bool = False, back: str = BACKS[0]) -> None:
        self._four_colour = four_colour
        if back not in BACKS:
            raise ValueError(f"{back!r} is not a card back (choose from {', '.join(BACKS)})")
        self._back = back
        self._faces: dict[str, pygame.Surface] = {}
        self._dimmed: dict[str, pygame.Surface] = {}
        self._highlighted: dict[str, pygame.Surface] = {}
        self._backs: dict[str, pygame.Surface] = {}
        self._rotations: dict[int, tuple[pygame.Surface, dict[int, pygame.Surface]]] = {}
        self._shadow: pygame.Surface | None = None
        self._outline: pygame.Surface | None = None

    # Settings ---------------------------------------------------------------------
    @property
    def four_colour(self) -> bool:
        return self._four_colour

    @four_colour.setter
    def four_colour(self, value: bool) -> None:
        if bool(value) != self._four_colour:
            self._four_colour = bool(value)
            self._faces.clear()
            self._dimmed.clear()
            self._highlighted.clear()
            self._rotations.clear()

    @property
    def back_name(self) -> str:
        """The name of the current back."""
        return self._back

    @back_name.setter
    def back_name(self, name: str) -> None:
        if name not in BACKS:
            raise ValueError(f"{name!r} is not a card back (choose from {', '.join(BACKS)})")
        self._back = name

    def set_back(self, name: str) -> None:
        """Use the back called `name` from now on."""
        self.back_name = name

    def clear(self) -> None:
        """Forget every picture drawn so far (call after opening the display to redraw them converted)."""
        for cache in (self._faces, self._dimmed, self._highlighted, self._backs, self._rotations):
            cache.clear()
        self._shadow = self._outline = None

    # Pictures ---------------------------------------------------------------------
    def face(self, card: Card, deck: Deck | None = None) -> pygame.Surface:
        """The face of `card` (any of the 52 cards or a joker), marked as a spade where `deck` makes it one."""
        trump = plays_as_spade(card, deck)
        key = card.text + "*" * trump
        surface = self._faces.get(key)
        if surface is None:
            surface = self._faces[key] = _finish(_draw_face(card, self._four_colour, trump))
        return surface

    def back(self) -> pygame.Surface:
        """The current back."""
        return self.back_named(self._back)

    def back_named(self, name: str) -> pygame.Surface:
        """The back called `name` (one of :data:`BACKS`)."""
        surface = self._backs.get(name)
        if surface is None:
            if name not in BACK_DESIGNS:
                raise ValueError(f"{name!r} is not a card back (choose from {', '.join(BACKS)})")
            surface = self._backs[name] = _finish(_draw_back(name))
        return surface

    def rotated(self, surface: pygame.Surface, quarter_turns: int) -> pygame.Surface:
        """`surface` turned by `quarter_turns` × 90° anticlockwise (cached, pixel exact)."""
        turns = quarter_turns % 4
        if turns == 0:
            return surface
        kept, by_turns = self._rotations.setdefault(id(surface), (surface, {}))
        result = by_turns.get(turns)
        if result is None:
            result = by_turns[turns] = pygame.transform.rotate(kept, 90 * turns)
        return result

    def dimmed(self, card: Card, deck: Deck | None = None) -> pygame.Surface:
        """The face of `card` greyed and darkened, for a card that may not be played now."""
        key = card.text + "*" * plays_as_spade(card, deck)
        surface = self._dimmed.get(key)
        if surface is None:
            surface = self.face(card, deck).copy()
            grey = pygame.transform.grayscale(surface)
            grey.set_alpha(150)
            surface.blit(grey, (0, 0))
            surface.fill(GREY_LIGHT, special_flags=pygame.BLEND_RGB_MULT)
            self._dimmed[key] = surface
        return surface

    def highlighted(self, card: Card, deck: Deck | None = None) -> pygame.Surface:
        """The face of `card` with a gold edge: the trick's winner or a suggested card."""
        key = card.text + "*" * plays_as_spade(card, deck)
        surface = self._highlighted.get(key)
        if surface is None:
            surface = self.face(card, deck).copy()
            for x, y in _EDGE:
                surface.set_at((x, y), GOLD_DARK)
            inner = _inner_edge()
            for x, y in inner:
                surface.set_at((x, y), GOLD)
            self._highlighted[key] = surface
        return surface

    def outline(self) -> pygame.Surface:
        """A gold ring just outside a card; blit it at the card's position minus :data:`OUTLINE_WIDTH`."""
        if self._outline is None:
            self._outline = _finish(_draw_outline())
        return self._outline

    def shadow(self) -> pygame.Surface:
        """A soft card-shaped shadow; blit it at the card's position plus :data:`SHADOW_OFFSET`."""
        if self._shadow is None:
            surface = pygame.Surface(CARD_SIZE, pygame.SRCALPHA)
            surface.fill((0, 0, 0, 0))
            for x, y in _INTERIOR:
                surface.set_at((x, y), (*SHADOW, 120))
            for x, y in _EDGE:
                surface.set_at((x, y), (*SHADOW, 70))
            self._shadow = _finish(surface)
        return self._shadow


# --- The table -----------------------------------------------------------------------

_BAYER = ((0, 8, 2, 10), (12, 4, 14, 6), (3, 11, 1, 9), (15, 7, 13, 5))
RIM_WIDTH = 6
"""Pixels of dark rim round the felt."""


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table: felt green, darker towards the rim with an ordered dither, inside a dark rim."""
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    tiles = []
    for level in range(17):
        tile = pygame.Surface((4, 4))
        for y in range(4):
            for x in range(4):
                tile.set_at((x, y), FELT_DARK if _BAYER[y][x] < level else FELT)
        tiles.append(tile)
    cx, cy = width / 2, height / 2
    for by in range(0, height, 4):
        for bx in range(0, width, 4):
            dx, dy = (bx + 2 - cx) / max(cx, 1), (by + 2 - cy) / max(cy, 1)
            distance = math.hypot(dx, dy) / math.sqrt(2)
            level = max(0, min(16, int((distance - 0.35) * 22)))
            if level:
                surface.blit(tiles[level], (bx, by))
    # Faint light flecks so the centre is not flat.
    for y in range(0, height, 4):
        for x in range((y // 4) % 2 * 4, width, 8):
            if surface.get_at((x + 1, y + 2))[:3] == FELT:
                surface.set_at((x + 1, y + 2), FELT_LIGHT)
    rim = min(RIM_WIDTH, width // 4, height // 4)
    if rim > 0:
        pygame.draw.rect(surface, RIM, surface.get_rect(), rim)
        pygame.draw.rect(surface, RIM_DARK, surface.get_rect(), 1)
        pygame.draw.rect(surface, RIM_DARK, surface.get_rect().inflate(-2 * (rim - 1), -2 * (rim - 1)), 1)
    return surface.convert() if _display_ready() else surface


# --- The sheet -----------------------------------------------------------------------


def sheet(art: CardArt, gap: int = 4) -> pygame.Surface:
    """Every face (a row a suit, jokers at the end of the spades) and every back on one surface, on the felt."""
    columns = 15
    rows = 5
    width = gap + columns * (CARD_W + gap)
    height = gap + rows * (CARD_H + gap)
    surface = felt((width, height))
    order = "SHDC"
    ranks = "A23456789TJQK"
    for row, suit in enumerate(order):
        for column, rank in enumerate(ranks):
            card = CARDS[order.index(suit) * 13 + "23456789TJQKA".index(rank)]
            _blit_with_shadow(surface, art, art.face(card), (gap + column * (CARD_W + gap), gap + row * (CARD_H + gap)))
    for k, joker in enumerate(CARDS[52:]):
        _blit_with_shadow(surface, art, art.face(joker), (gap + (13 + k) * (CARD_W + gap), gap))
    for k, name in enumerate(BACKS):
        _blit_with_shadow(surface, art, art.back_named(name), (gap + k * (CARD_W + gap), gap + 4 * (CARD_H + gap)))
    # The states a card can be drawn in: highlighted, ringed with the outline, dimmed.
    top = gap + 4 * (CARD_H + gap)
    examples = [("highlighted", CARDS[51]), ("outline", CARDS[38]), ("dimmed", CARDS[24])]
    for k, (state, card) in enumerate(examples):
        left = gap + (len(BACKS) + 1 + k) * (CARD_W + gap)
        if state == "outline":
            surface.blit(art.outline(), (left - OUTLINE_WIDTH, top - OUTLINE_WIDTH))
            picture = art.face(card)
        else:
            picture = getattr(art, state)(card)
        _blit_with_shadow(surface, art, picture, (left, top))
    return surface


def _blit_with_shadow(target: pygame.Surface, art: CardArt, picture: pygame.Surface, pos: tuple[int, int]) -> None:
    target.blit(art.shadow(), (pos[0] + SHADOW_OFFSET[0], pos[1] + SHADOW_OFFSET[1]))
    target.blit(picture, pos)


if __name__ == "__main__":
    picture = sheet(CardArt())
    pygame.image.save(picture, "/tmp/cards_sheet.png")
    size = picture.get_size()
    pygame.image.save(pygame.transform.scale(picture, (size[0] * 4, size[1] * 4)), "/tmp/cards_sheet_x4.png")
    print("wrote /tmp/cards_sheet.png and /tmp/cards_sheet_x4.png")
