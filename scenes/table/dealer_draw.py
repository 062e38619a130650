"""The dealer draw: cards fly face up to the seats, one by one, until the ace of spades."""

from __future__ import annotations

import pygame

from game.cards import Card
from game.events import FirstDealerCard
from scenes.look import layout, text
from scenes.look.animation import Flight
from scenes.look.palette import GOLD, WHITE
from scenes.look.text import does
from scenes.scene import Scene

PILES = {"S": (300, 218), "W": (150, 130), "N": (300, 44), "E": (450, 130)}
DECK_AT = (300, 130)


class DealerDrawScene(Scene):
    """Shows the engine's first-dealer draw, then moves on to the table."""

    def __init__(self, app) -> None:
        super().__init__(app)
        pending = app.session.pending
        self.draws: list[FirstDealerCard] = []
        while pending and isinstance(pending[0], FirstDealerCard):
            self.draws.append(pending.popleft())
        self.flights: list[Flight] = []
        self.landed: list[tuple[str, Card]] = []
        self.elapsed = 0.0
        self.done_at: float | None = None
        speed = app.speed
        for i, draw in enumerate(self.draws):
            self.flights.append(Flight(draw, DECK_AT, PILES[draw.seat], layout.PLAY_FLIGHT * speed,
                                       delay=i * layout.FIRST_DEALER_INTERVAL * speed,
                                       on_land=lambda d=draw: self._land(d)))

    @property
    def dealer(self) -> str:
        return self.app.session.game.first_dealer

    def _land(self, draw: FirstDealerCard) -> None:
        self.landed.append((draw.seat, draw.card))
        self.app.sounds.play("deal")
        if draw.card.text == "AS":
            self.app.sounds.play("trick")
            self.done_at = self.elapsed

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE)):
            if self.done_at is None:
                for flight in self.flights:
                    flight.finish()
            else:
                self.to_table()

    def to_table(self) -> None:
        self.app.show("table")

    def update(self, dt: float) -> None:
        self.elapsed += dt
        for flight in self.flights:
            flight.advance(dt)
        if self.done_at is not None and self.elapsed - self.done_at >= layout.ANNOUNCE_PAUSE * self.app.speed:
            self.to_table()

    def frame_due(self) -> float | None:
        if self.done_at is None:
            return 0.0
        return max(0.0, layout.ANNOUNCE_PAUSE * self.app.speed - (self.elapsed - self.done_at))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.felt, (0, 0))
        art = self.app.art
        names = self.app.session.game.names
        text.draw(surface, "Drawing for the deal: the ace of spades deals first", (layout.WIDTH // 2, 8), WHITE,
                  align="centre")
        for seat, (x, y) in PILES.items():
            text.draw(surface, names[seat], (x + 20, y + 60), GOLD if self.done_at is not None and
                      seat == self.dealer else WHITE, align="centre")
        left = sum(1 for f in self.flights if not f.started)
        for i in range(min(left, 8)):
            surface.blit(art.back(), (DECK_AT[0] - i, DECK_AT[1] - i))
        counts = {seat: 0 for seat in PILES}
        for seat, card in self.landed:
            x, y = PILES[seat]
            n = counts[seat]
            counts[seat] += 1
            surface.blit(art.shadow(), (x + n * 3 + 1, y + 1))
            surface.blit(art.face(card), (x + n * 3, y))
            if card.text == "AS":
                surface.blit(art.highlighted(card), (x + n * 3, y))
        for flight in self.flights:
            if flight.started and not flight.landed:
                x, y = flight.position
                surface.blit(art.face(flight.look.card), (int(x), int(y)))
        if self.done_at is not None:
            text.draw(surface, f"{does(names[self.dealer], 'deal')} first", (layout.WIDTH // 2, 300), GOLD, size=16,
                      align="centre")
            text.draw(surface, "Click to go on", (layout.WIDTH // 2, 324), WHITE, align="centre")
