"""The winner's flourish: cards leap from the top of the table and bounce away, leaving trails.

The old card games of the early 90s ended a won game this way; here it lasts a few
seconds (a click ends it), then the trails fade and the result shows clearly again.
Plain motion on a layer of its own, drawn over the scene.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from scenes.look import layout

GRAVITY = 900.0
"""Pixels per second², downwards."""
BOUNCE = 0.78
"""The share of its speed a card keeps when it bounces off the bottom of the table."""
LAUNCH_EVERY = 0.32
CARDS = 14
FADE_OUT = 1.0
"""Seconds the trails take to fade once the last card has left."""
TRAIL_EVERY = 1 / 60
"""Seconds between two prints of a card on the trail layer (the same at any frame rate)."""


@dataclass
class _Leaper:
    image: pygame.Surface
    x: float
    y: float
    vx: float
    vy: float
    since_print: float = TRAIL_EVERY

    @property
    def gone(self) -> bool:
        return self.x < -layout.CARD_W or self.x > layout.WIDTH


class Cascade:
    """Cards launched one after another; :attr:`done` once every one has left and the trails faded."""

    def __init__(self, faces: list[pygame.Surface], rng: random.Random) -> None:
        self.waiting = [self._launch(faces[i % len(faces)], rng) for i in range(CARDS)]
        self.flying: list[_Leaper] = []
        self.trails = pygame.Surface(layout.SIZE, pygame.SRCALPHA)
        self.clock = 0.0
        self.launched = 0
        self.fade = FADE_OUT

    @staticmethod
    def _launch(image: pygame.Surface, rng: random.Random) -> _Leaper:
        x = rng.uniform(40, layout.WIDTH - 40 - layout.CARD_W)
        speed = rng.uniform(120, 260) * rng.choice((-1, 1))
        return _Leaper(image, x, -layout.CARD_H * 0.4, speed, rng.uniform(-80, 60))

    @property
    def moving(self) -> bool:
        return bool(self.waiting or self.flying)

    @property
    def done(self) -> bool:
        return not self.moving and self.fade <= 0

    def skip(self) -> None:
        """End it now (a click): no more cards, the trails fade at once."""
        self.waiting, self.flying, self.fade = [], [], 0.0

    def update(self, dt: float) -> None:
        self.clock += dt
        while self.waiting and self.clock >= self.launched * LAUNCH_EVERY:
            self.flying.append(self.waiting.pop(0))
            self.launched += 1
        floor = layout.HEIGHT - layout.CARD_H
        for card in self.flying:
            card.vy += GRAVITY * dt
            card.x += card.vx * dt
            card.y += card.vy * dt
            if card.y > floor:
                card.y, card.vy = floor, -card.vy * BOUNCE
            card.since_print += dt
            if card.since_print >= TRAIL_EVERY:
                card.since_print = 0.0
                self.trails.blit(card.image, (int(card.x), int(card.y)))
        self.flying = [card for card in self.flying if not card.gone]
        if not self.moving and self.fade > 0:
            self.fade = max(0.0, self.fade - dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        self.trails.set_alpha(255 if self.moving else int(255 * self.fade / FADE_OUT))
        surface.blit(self.trails, (0, 0))

