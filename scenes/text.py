"""Pixel text: the Press Start 2P font at its native size, rendered crisp and cached."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame

from scenes.palette import BLACK, Colour

FONT_PATH = str(resources.files("fontpkg_press_start_2p") / "files/PressStart2P-Regular.ttf")
LINE = 10
"""Line height at the base size (8 px glyphs and 2 px of leading)."""


@lru_cache(maxsize=8)
def font(size: int = 8) -> pygame.font.Font:
    """The pixel font at `size` (8, 16 or 24 keep it crisp)."""
    return pygame.font.Font(FONT_PATH, size)


@lru_cache(maxsize=2048)
def render(text: str, colour: Colour, size: int = 8, shadow: Colour | None = None) -> pygame.Surface:
    """`text` as a surface, without antialiasing; with a one-pixel drop shadow if asked."""
    face = font(size).render(text, False, colour)
    if shadow is None:
        return face
    step = max(1, size // 8)
    surface = pygame.Surface((face.get_width() + step, face.get_height() + step), pygame.SRCALPHA)
    surface.blit(font(size).render(text, False, shadow), (step, step))
    surface.blit(face, (0, 0))
    return surface


def reset() -> None:
    """Forget fonts and rendered text: needed after ``pygame.quit()`` (a new App in the same process)."""
    font.cache_clear()
    render.cache_clear()


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
    """Split `text` into lines no wider than `width` pixels."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font(size).size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
