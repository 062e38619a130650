"""The table's colours: one small palette that every scene draws from.

Colours are RGB tuples named for what they paint, so a scene never invents a colour.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

# The felt and its rim.
FELT = (30, 110, 62)
FELT_DARK = (24, 92, 52)
FELT_LIGHT = (40, 128, 74)
RIM = (16, 60, 36)
RIM_DARK = (10, 38, 24)
WOOD = (92, 56, 30)

# Cards.
CARD_WHITE = (248, 246, 236)
CARD_CREAM = (236, 228, 204)
CARD_EDGE = (40, 40, 48)
RED = (208, 40, 44)
DARK_RED = (140, 24, 32)
BLACK = (16, 16, 22)
BLUE = (40, 84, 200)
GREEN = (28, 128, 56)
BACK_BLUE = (44, 70, 150)
BACK_NAVY = (24, 36, 88)
BACK_RED = (160, 36, 44)
BACK_PURPLE = (96, 52, 140)
BACK_TEAL = (28, 120, 120)

# Light, shadow and text.
WHITE = (255, 255, 255)
GOLD = (240, 196, 64)
GOLD_DARK = (176, 128, 32)
SHADOW = (12, 40, 24)
GREY_LIGHT = (196, 196, 204)
GREY = (128, 128, 140)
GREY_DARK = (68, 68, 80)
INK = (20, 20, 28)
PANEL = (12, 12, 18)
PANEL_EDGE = (92, 92, 108)
WARNING = (248, 120, 48)
GOOD = (112, 220, 120)

PALETTE: dict[str, Colour] = {name: value for name, value in globals().items()
                              if name.isupper() and isinstance(value, tuple)}
"""Every colour by name (for the theme file and the tests)."""
