"""Pixel text: the Press Start 2P font at its native size, rendered crisp and cached."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame

from scenes.look.palette import BLACK, Colour

FONT_PATH = str(resources.files("fontpkg_press_start_2p") / "files/PressStart2P-Regular.ttf")
LINE = 10
"""Line height at the base size (8 px glyphs and 2 px of leading)."""


def font(size: int = 8) -> pygame.font.Font:
    """The pixel font at `size` (8, 16 or 24 keep it crisp); the font module started again, and
    what was kept forgotten, if it is not running (a tool or a doctest measuring words before any
    window, or after an App closed)."""
    if not pygame.font.get_init():
        pygame.font.init()
        reset()
    return _font(size)


@lru_cache(maxsize=8)
def _font(size: int) -> pygame.font.Font:
    return pygame.font.Font(FONT_PATH, size)


CLUB = "\u2663"
CLUB_GLYPH = (
    "..###..",
    "..###..",
    "##.#.##",
    "#######",
    "##.#.##",
    "...#...",
    "..###..",
)
"""The club drawn by the game in place of the font's, whose open loops read as % or & at
the small sizes (rows from the top of the 8-pixel cell; scaled with the text size)."""


@lru_cache(maxsize=2048)
def render(text: str, colour: Colour, size: int = 8, shadow: Colour | None = None) -> pygame.Surface:
    """`text` as a surface, without antialiasing; with a one-pixel drop shadow if asked."""
    face = _line(text, colour, size)
    if shadow is None:
        return face
    step = max(1, size // 8)
    surface = pygame.Surface((face.get_width() + step, face.get_height() + step), pygame.SRCALPHA)
    surface.blit(_line(text, shadow, size), (step, step))
    surface.blit(face, (0, 0))
    return surface


def _line(text: str, colour: Colour, size: int) -> pygame.Surface:
    """One line in the pixel font, with the game's own club sign."""
    if CLUB not in text:
        return font(size).render(text, False, colour)
    parts = [font(size).render(part, False, colour) for part in text.split(CLUB)]
    cell = _club(colour, size)
    surface = pygame.Surface((sum(p.get_width() for p in parts) + cell.get_width() * (len(parts) - 1),
                              font(size).get_height()), pygame.SRCALPHA)
    x = 0
    for index, part in enumerate(parts):
        surface.blit(part, (x, 0))
        x += part.get_width()
        if index < len(parts) - 1:
            surface.blit(cell, (x, 0))
            x += cell.get_width()
    return surface


@lru_cache(maxsize=64)
def _club(colour: Colour, size: int) -> pygame.Surface:
    """The club sign in one 8-pixel cell (a whole multiple of it for larger sizes)."""
    scale = max(1, size // 8)
    cell = pygame.Surface((8, 8), pygame.SRCALPHA)
    for y, row in enumerate(CLUB_GLYPH):
        for x, pixel in enumerate(row):
            if pixel == "#":
                cell.set_at((x, y), colour)
    return pygame.transform.scale_by(cell, scale) if scale > 1 else cell


def reset() -> None:
    """Forget fonts and rendered text: needed after ``pygame.quit()`` (a new App in the same process)."""
    _font.cache_clear()
    render.cache_clear()
    _wrapped.cache_clear()
    _club.cache_clear()


def draw(surface: pygame.Surface, text: str, pos: tuple[int, int], colour: Colour, *, size: int = 8,
         align: str = "left", shadow: Colour | None = BLACK) -> pygame.Rect:
    """Draw one line; `align` is left, centre or right of `pos`'s x. Returns the area drawn."""
    image = render(text, colour, size, shadow)
    x, y = pos
    if align == "centre":
        x -= image.get_width() // 2
    elif align == "right":
        x -= image.get_width()
    return surface.blit(image, (x, y))


def wrap(text: str, width: int, size: int = 8) -> list[str]:
    """Split `text` into lines no wider than `width` pixels: at spaces, and inside a word too
    long for a line of its own (a web address, a name typed without spaces)."""
    return list(_wrapped(text, width, size))


@lru_cache(maxsize=512)
def _wrapped(text: str, width: int, size: int) -> tuple[str, ...]:
    """:func:`wrap`'s lines, kept: the same words are wrapped again at every frame they are drawn
    (a panel of chat over cards in flight), and measuring them is most of a frame's text work."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if _fits(trial, width, size):
                line = trial
                continue
            if _fits(word, width, size):
                lines.append(line)
                line = word
                continue
            pieces = _pieces(trial, width, size)  # too long for any line: it starts on this one
            lines += pieces[:-1]
            line = pieces[-1]
        lines.append(line)
    return tuple(lines)


def _fits(words: str, width: int, size: int) -> bool:
    return font(size).size(words)[0] <= width


def _pieces(word: str, width: int, size: int) -> list[str]:
    """`word` in pieces that each fit `width` (a piece holds one character at the least); a path
    breaks after a slash where one falls in the piece past its first third.

    >>> _pieces("/home/ann/.local/share/spades/game.json", 120, 8)
    ['/home/ann/', '.local/share/', 'spades/', 'game.json']
    """
    pieces = []
    while len(word) > 1 and not _fits(word, width, size):
        end = 1
        while end < len(word) and _fits(word[:end + 1], width, size):
            end += 1
        slash = max(word.rfind("/", 0, end), word.rfind("\\", 0, end))
        end = slash + 1 if slash >= max(1, end // 3) else end  # not so early that most of the line is lost
        pieces.append(word[:end])
        word = word[end:].lstrip(" ")  # a break at a space: the next line does not start with it
    return [*pieces, word]


def fitted(words: str, width: int, most: int = 1, size: int = 8) -> list[str]:
    """`words` wrapped to `width` pixels in at most `most` lines; when that cuts them, the last line
    shown ends in ``..`` (words taken off it until that fits, or the end of a word longer than half
    the line), so that a cut is seen.

    >>> fitted("The saved game /home/ann/.local/share/spades/game.json is damaged", 200)
    ['The saved game ..']
    >>> fitted("/home/ann/.local/share/spades/game.json is damaged", 200)
    ['/home/ann/.local/share ..']
    """
    lines = wrap(words, width, size)
    if len(lines) <= most:
        return lines
    line = last = lines[most - 1]
    while last and not _fits(last + " ..", width, size):
        last = last[:-1]
    if line[len(last):len(last) + 1] not in ("", " ") and " " in last[len(last) // 2:]:
        last = last[:last.rindex(" ")]  # cut inside a word: at the word's start, unless most of the line is that word
    return [*lines[:most - 1], last.rstrip() + " .."]


def cut(words: str, chars: int) -> str:
    """`words` cut to `chars` characters, ending in ``..`` when cut.

    >>> cut("Partner - hand 3", 10), cut("Partner", 10)
    ('Partner ..', 'Partner')
    """
    return words if len(words) <= chars else words[: max(0, chars - 2)] + ".."


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 bag``, ``3 bags``, ``2 tricks`` (`many` for words that do not just add an s).

    >>> plural(1, "bag"), plural(0, "bag"), plural(2, "card")
    ('1 bag', '0 bags', '2 cards')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"


def does(name: str, verb: str, verb_s: str | None = None) -> str:
    """A player's name with a verb that agrees with it: the player's own seat is called
    "You" by default, and "You deals" reads wrong.

    >>> does("You", "deal"), does("West", "deal"), does("North", "pass", "passes")
    ('You deal', 'West deals', 'North passes')
    """
    if name == "You":
        return f"You {verb}"
    return f"{name} {verb_s or verb + 's'}"
