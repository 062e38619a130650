"""Bots for the arena's tests: one that plays by the rules, and some that misbehave.

Each has the constructor and methods of `docs/bot-api.md`."""

from __future__ import annotations

import gc
import os
import signal
import time
from pathlib import Path


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
    """Thinks far too long over its first card of each hand at seat N, then plays well."""

    def play(self, view: dict) -> str:
        if self.seat == "N" and not view["tricks"]:
            time.sleep(0.3)
        return super().play(view)


class Unborn:
    """Cannot even be created."""

    def __init__(self, seat: str, rules: dict, seed: int) -> None:
        raise RuntimeError("no rules for me")


class Exiter(Steady):
    """Ends its whole process (``os._exit(3)``, no cleanup, no exception) on its first
    card of each hand at seat N; a bot started again afterwards plays on."""

    def play(self, view: dict) -> str:
        if self.seat == "N" and not view["tricks"]:
            os._exit(3)
        return super().play(view)


class Spinner(Steady):
    """Spins forever over its first card of each hand at seat N: only a kill stops it.
    Each one notes its process id in the folder ``$ARENA_BOTS_PIDS``, when that is set."""

    def __init__(self, seat: str, rules: dict, seed: int) -> None:
        super().__init__(seat, rules, seed)
        if os.environ.get("ARENA_BOTS_PIDS"):
            Path(os.environ["ARENA_BOTS_PIDS"], str(os.getpid())).touch()

    def play(self, view: dict) -> str:
        while self.seat == "N" and not view["tricks"]:
            pass
        return super().play(view)


class Garbage(Steady):
    """Answers with things that are not choices at all: an object, None, a number."""

    def bid(self, view: dict) -> str:
        return object()  # type: ignore[return-value]

    def play(self, view: dict) -> str:
        return None  # type: ignore[return-value]

    def exchange(self, view: dict) -> list[str]:
        return 42  # type: ignore[return-value]


class Unspeakable(Exception):
    """An exception that cannot say what it is."""

    def __str__(self) -> str:
        raise ValueError("no words")


class Mumbler(Steady):
    """Fails with an exception whose own message raises."""

    def play(self, view: dict) -> str:
        raise Unspeakable


class Nester(Steady):
    """Plays a card wrapped in lists a hundred thousand deep (no JSON writer goes that far)."""

    def play(self, view: dict) -> str:
        answer: object = view["legal"][0]
        for _ in range(100_000):
            answer = [answer]
        return answer  # type: ignore[return-value]


class Giant(Steady):
    """Bids a whole number of five thousand digits, which neither JSON nor repr will write out."""

    def bid(self, view: dict) -> str:
        return 10 ** 5000  # type: ignore[return-value]


class Rambler(Steady):
    """Fails at every card with a message of sixty thousand characters."""

    def play(self, view: dict) -> str:
        raise RuntimeError("why " * 15_000)


class Snoop(Steady):
    """Searches its process's memory for the hands being played, at each bid and at its
    first card, and raises if it finds a card of another seat; otherwise plays like Steady."""

    def bid(self, view: dict) -> str:
        self.look_around(view)
        return super().bid(view)

    def play(self, view: dict) -> str:
        if not view["tricks"]:
            self.look_around(view)
        return super().play(view)

    @staticmethod
    def hidden_cards(view: dict) -> set[str]:
        """The cards of other seats found in any hand object this process holds."""
        from game.hand import Hand
        from game.seats import SEATS

        found: set[str] = set()
        for thing in gc.get_objects():
            if isinstance(thing, Hand):
                for seat in SEATS:
                    if seat != view["seat"]:
                        found.update(str(card) for card in thing.holding(seat))
        return found - set(view["hand"])

    def look_around(self, view: dict) -> None:
        found = self.hidden_cards(view)
        if found:
            raise RuntimeError(f"saw {len(found)} cards of other seats: {' '.join(sorted(found))}")


class Parricide(Steady):
    """Kills the process that started its own (SIGTERM) on its first card at seat N."""

    def play(self, view: dict) -> str:
        if self.seat == "N" and not view["tricks"]:
            os.kill(os.getppid(), signal.SIGTERM)
        return super().play(view)
