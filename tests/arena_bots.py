"""Bots for the arena's tests: one that plays by the rules, and some that misbehave.

Each has the constructor and methods of `BOT_API.md`."""

from __future__ import annotations

import time


class Steady:
    """A well-behaved, fully deterministic bot: looks, keeps, bids the legal number
    nearest 3, gives and plays the last legal cards."""

    def __init__(self, seat: str, rules: dict, seed: int) -> None:
        self.seat = seat

    def bid(self, view: dict) -> str:
        legal = view["legal"]
        for choice in ("look", "keep"):
            if choice in legal:
                return choice
        numbers = [b for b in legal if b.isdigit()]
        return min(numbers, key=lambda b: abs(int(b) - 3)) if numbers else legal[-1]

    def play(self, view: dict) -> str:
        return view["legal"][-1]

    def exchange(self, view: dict) -> list[str]:
        return view["legal"][-view["exchange_count"]:]


class Raiser(Steady):
    """Fails at every card it is asked to play."""

    def play(self, view: dict) -> str:
        return str(1 / 0)


class Illegal(Steady):
    """Bids a number no one may bid and plays a card it may not play (or does not hold)."""

    def bid(self, view: dict) -> str:
        return "14" if "look" not in view["legal"] else "look"

    def play(self, view: dict) -> str:
        not_legal = [c for c in view["hand"] if c not in view["legal"]]
        return not_legal[0] if not_legal else "ZZ"


class Sleeper(Steady):
    """Thinks far too long over its first card of each deal, then plays well."""

    def __init__(self, seat: str, rules: dict, seed: int) -> None:
        super().__init__(seat, rules, seed)
        self.slept = False

    def play(self, view: dict) -> str:
        if not self.slept:
            self.slept = True
            time.sleep(0.3)
        return super().play(view)


class Unborn:
    """Cannot even be created."""

    def __init__(self, seat: str, rules: dict, seed: int) -> None:
        raise RuntimeError("no rules for me")
