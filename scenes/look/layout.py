"""Where things sit on the table and how long they take: every layout and timing constant.

All positions are in logical pixels of the 640 x 360 frame; SDL scales the
frame to the screen.
"""

from __future__ import annotations

WIDTH, HEIGHT = 640, 360
SIZE = (WIDTH, HEIGHT)
FPS = 60
"""Frames per second where the display's refresh rate is unknown."""
MOST_FPS = 240
SLOW_FPS = 30
"""Frames per second while something moves, where a frame is slow to reach the screen."""
PRESENT_BUDGET = 0.006
"""Seconds a frame may take to reach the screen before motion drops to SLOW_FPS."""

CARD_W, CARD_H = 40, 56

# The player's fan (South) and the three hidden hands.
SOUTH_FAN_Y = 294
SOUTH_STEP = 22
HOVER_LIFT = 6
RAISE_LIFT = 12
NORTH_Y = -20
SIDE_STEP = 11
WEST_X = -18
EAST_X = WIDTH - CARD_H + 18
SIDE_CENTRE_Y = 160

# The trick in the middle: the top-left corner of each seat's card.
TRICK_SLOTS = {
    "S": (300, 156),
    "N": (300, 90),
    "W": (252, 123),
    "E": (348, 123),
}
SOUTH_PLATE_GAP = 6
"""Between the player's name plate and the first card of a full hand."""
# Name plates: (x, y, alignment) of the first text line. The player's ends just left of a full
# hand, so a long name grows away from the cards instead of over them.
PLATES = {
    "S": (WIDTH // 2 - (12 * SOUTH_STEP + CARD_W) // 2 - SOUTH_PLATE_GAP, 300, "right"),
    "N": (320, 52, "centre"),
    "W": (44, 92, "left"),
    "E": (596, 92, "right"),
}

MESSAGE_Y = 222
"""The top of the message band: below the trick (its lowest card ends at y 212), above the
raised cards of the player's hand and the bid box (from y 250)."""
CHAT_LINE = (120, 64, 400, 18)
"""At a server's table: the chat line, between North's name (y 52) and the trick (from y 90)."""
MESSAGE_WIDTH = 520
MESSAGE_LINES = 2
BID_BOX = (484, 250, 150, 104)
SCOREBOARD = (6, 6)
STATUS = (634, 6)

# Timings in seconds at normal speed; the speed setting scales them.
SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
DEAL_INTERVAL = 0.028
DEAL_FLIGHT = 0.22
PLAY_FLIGHT = 0.22
SWEEP_FLIGHT = 0.3
BID_PAUSE = 0.55
THINK_PAUSE = 0.35
FIRST_DEALER_INTERVAL = 0.2
ANNOUNCE_PAUSE = 1.4
BID_REVIEW_PAUSE = 2.0
MESSAGE_LIFE = 3.0
