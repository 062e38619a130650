"""Computer players: the bot interface every level and bot answers, and the loop that asks them.

A player is any object with ``bid(view)``, ``play(view)`` and ``exchange(view)``;
:func:`decide` asks the right one for the view's phase.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from game.game import Game
from game.view import seat_view


class Player(Protocol):
    """The bot interface: each method returns a choice from ``view["legal"]``."""

    def bid(self, view: dict) -> str: ...

    def play(self, view: dict) -> str: ...

    def exchange(self, view: dict) -> list[str]: ...


class RandomPlayer:
    """Chooses uniformly among the legal choices: a baseline and a test partner.

    With `steady_bid`, it looks at its cards and bids the legal number nearest to
    that instead (its plays stay random): uniform bids are set so often that a
    game without a losing score may never end, and the demo wants whole games.
    """

    def __init__(self, seat: str, rules: Mapping[str, Any], seed: int = 0,
                 steady_bid: int | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.steady_bid = steady_bid

    def bid(self, view: dict) -> str:
        legal = view["legal"]
        if self.steady_bid is not None:
            if "look" in legal:
                return "look"
            numbers = [b for b in legal if b.isdigit()]
            if numbers:
                return min(numbers, key=lambda b: (abs(int(b) - self.steady_bid), int(b)))
        return self.rng.choice(legal)

    def play(self, view: dict) -> str:
        return self.rng.choice(view["legal"])

    def exchange(self, view: dict) -> list[str]:
        count = view["exchange_count"]
        if view["bids"].get(self.seat) == "bnil" and len(view["hand"]) == 13:
            count = self.rng.randint(0, count)
        return self.rng.sample(view["legal"], count)


def default_choice(view: dict) -> Any:
    """The legal choice that stands in for a replaced decision.

    Phase ``blind``: look; ``misdeal``: keep; ``bid``: the legal number nearest 3
    (a plain bid, not a nil); ``exchange``: the first ``exchange_count`` legal cards;
    ``play``: the first legal card."""
    legal = view["legal"]
    phase = view["phase"]
    if phase == "exchange":
        return list(legal[:view.get("exchange_count", 0)])
    if "look" in legal:
        return "look"
    if "keep" in legal:
        return "keep"
    if phase == "bid":
        numbers = [b for b in legal if b.isdigit()]
        if numbers:
            return min(numbers, key=lambda b: (abs(int(b) - 3), int(b)))
    return legal[0]


def decide(player: Player, view: dict) -> Any:
    """Ask `player` for the decision the view's phase calls for."""
    if view["phase"] == "play":
        return player.play(view)
    if view["phase"] == "exchange":
        return player.exchange(view)
    return player.bid(view)


def play_game(game: Game, players: Mapping[str, Player]) -> Game:
    """Let `players` (one per seat) make every decision until the game is over."""
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, decide(players[seat], seat_view(game.hand, seat)))
    return game
