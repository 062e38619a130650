"""Bids: a number of tricks, nil, and their blind forms, in `Spades.save` notation.

>>> Bid.parse("b6")
Bid('b6')
>>> Bid.parse("nil").is_nil, Bid.parse("bnil").display
(True, 'b0')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bid:
    """A bid of `tricks` (0 is nil), made blind (before looking) or not."""

    tricks: int
    blind: bool = False

    @staticmethod
    def parse(text: str) -> Bid:
        """A bid from its text: ``"4"``, ``"nil"``, ``"bnil"``, ``"b6"``; ValueError if none."""
        raw = text.strip().lower()
        blind = raw.startswith("b")
        body = raw[1:] if blind else raw
        if body == "nil":
            return Bid(0, blind)
        if body.isdigit() and 0 < int(body) <= 13:
            return Bid(int(body), blind)
        if body == "0":
            return Bid(0, blind)
        raise ValueError(f"{text!r} is not a bid (write 4, nil, bnil or b6)")

    @property
    def is_nil(self) -> bool:
        return self.tricks == 0

    @property
    def display(self) -> str:
        """The bid as the table shows it after ``B:``: ``4``, ``0`` for nil, ``b0``, ``b6``."""
        return ("b" if self.blind else "") + str(self.tricks)

    @property
    def label(self) -> str:
        """The bid in words: ``4``, ``nil``, ``blind nil``, ``blind 6``."""
        if self.is_nil:
            return "blind nil" if self.blind else "nil"
        return f"blind {self.tricks}" if self.blind else str(self.tricks)

    def __str__(self) -> str:
        body = "nil" if self.is_nil else str(self.tricks)
        return ("b" + body) if self.blind else body

    def __repr__(self) -> str:
        return f"Bid({str(self)!r})"


NIL = Bid(0)
BLIND_NIL = Bid(0, blind=True)
