"""Seats, sides and the clockwise order of the table.

Seats are the letters of `Spades.save`: ``"S"`` (the player), ``"W"``, ``"N"``,
``"E"``. Play and bidding move clockwise, S → W → N → E → S.

>>> next_seat("E")
'S'
>>> partner("W")
'E'
>>> side_of("N", partners=True)
'NS'
"""

from __future__ import annotations

SEATS: tuple[str, ...] = ("S", "W", "N", "E")
SEAT_NAMES: dict[str, str] = {"S": "South", "W": "West", "N": "North", "E": "East"}
TEAMS: tuple[str, ...] = ("NS", "EW")


def next_seat(seat: str, steps: int = 1) -> str:
    """The seat `steps` places clockwise (to the left) of `seat`."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def partner(seat: str) -> str:
    """The seat opposite: South's partner is North, West's is East."""
    return next_seat(seat, 2)


def side_of(seat: str, partners: bool) -> str:
    """The scoring side of a seat: its team with partners, the seat itself in Solo."""
    if not partners:
        return seat
    return "NS" if seat in "NS" else "EW"


def sides(partners: bool) -> tuple[str, ...]:
    """Every scoring side of the table, in a fixed order."""
    return TEAMS if partners else SEATS


def seats_of(side: str) -> tuple[str, ...]:
    """The seats that score for a side: ``"NS"`` → ``("N", "S")``; ``"W"`` → ``("W",)``."""
    return tuple(side)


def seats_from(first: str) -> tuple[str, ...]:
    """The four seats clockwise, starting with `first`."""
    start = SEATS.index(first)
    return SEATS[start:] + SEATS[:start]
