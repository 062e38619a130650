"""Motion over time: eased card flights and timed beats, independent of drawing."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Point = tuple[float, float]


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic), for t in 0..1."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3


def lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


@dataclass
class Flight:
    """Something (a card picture, named by `look`) gliding from `start` to `end`.

    It waits `delay` seconds, then moves for `duration` seconds along an ease-out curve;
    `on_land` runs once when it arrives.
    """

    look: object
    start: Point
    end: Point
    duration: float
    delay: float = 0.0
    on_land: Callable[[], None] | None = None
    elapsed: float = 0.0
    landed: bool = False

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def position(self) -> Point:
        if self.duration <= 0:
            return self.end if self.started else self.start
        return lerp(self.start, self.end, ease_out((self.elapsed - self.delay) / self.duration))

    def advance(self, dt: float) -> None:
        self.elapsed += dt
        if not self.landed and self.elapsed >= self.delay + self.duration:
            self.landed = True
            if self.on_land:
                self.on_land()

    def finish(self) -> None:
        self.advance(self.delay + self.duration - self.elapsed + 1e-9)


@dataclass
class Beat:
    """One moment on the table: its flights, a minimum length, what happens at its end.

    A beat with `wait_click` also ends on a click (or when `duration` runs out, if > 0). One that
    `opens_screen` ends by opening another screen (the score, the game's end): a table playing on
    under the menu stops at it until the menu closes.
    """

    duration: float = 0.0
    flights: list[Flight] = field(default_factory=list)
    on_end: Callable[[], None] | None = None
    wait_click: bool = False
    opens_screen: bool = False
    elapsed: float = 0.0
    ended: bool = False

    @property
    def held(self) -> bool:
        """Whether only a click ends it (it has no time of its own)."""
        return self.wait_click and self.duration <= 0

    def advance(self, dt: float) -> None:
        self.elapsed += dt
        for flight in self.flights:
            flight.advance(dt)
        flights_done = all(f.landed for f in self.flights)
        timed_out = self.elapsed >= self.duration and not self.held
        if flights_done and timed_out:
            self.end()

    def end(self) -> None:
        """Finish now: land every flight, run `on_end` once."""
        if self.ended:
            return
        for flight in self.flights:
            if not flight.landed:
                flight.finish()
        self.ended = True
        if self.on_end:
            self.on_end()


FADE_SECONDS = 0.5
"""How long a message takes to fade out at the end of its life."""
FADE_STEPS = 4
"""A message fades in this many steps, as the old machines did (and a still screen needs
only a few frames for it, not one per refresh)."""


@dataclass
class Fade:
    """A message that shows, then fades out in steps over its last half second."""

    text: str
    life: float
    elapsed: float = 0.0

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def alive(self) -> bool:
        return self.elapsed < self.life

    @property
    def alpha(self) -> int:
        left = self.life - self.elapsed
        if left >= FADE_SECONDS:
            return 255
        return max(0, 255 * math.ceil(left / FADE_SECONDS * FADE_STEPS) // FADE_STEPS)

    def next_change(self) -> float:
        """Seconds until the message looks different (a fade step, or its end).

        >>> fade = Fade("Spades are broken", 3.0)
        >>> fade.next_change()
        2.5
        >>> fade.advance(2.6); round(fade.next_change(), 3)
        0.025
        """
        left = self.life - self.elapsed
        if left > FADE_SECONDS:
            return left - FADE_SECONDS
        step = FADE_SECONDS / FADE_STEPS
        return max(0.0, left - step * (math.ceil(left / step) - 1))
