"""Seats turned round so the player always sits at the bottom of the screen (South).

A server's seats are fixed; a player who sits North sees the table turned: North becomes
South, East West, and so on. :class:`Turning` turns the seats in every message coming in
(events, seat views, the table's summary) and turns a seat going out back. Sides turn with
their seats: with partners, North-South and East-West swap when the turn is a quarter.

>>> turning = Turning("N")
>>> turning.seat("N"), turning.seat("E"), turning.side("NS"), turning.back("S")
('S', 'W', 'NS', 'N')
>>> Turning("W").side("NS")
'EW'
>>> Turning("N").message({"type": "event", "seq": 4, "event": {"kind": "card_dealt", "seat": "N", "card": "AS"}})
{'type': 'event', 'seq': 4, 'event': {'kind': 'card_dealt', 'seat': 'S', 'card': 'AS'}}
"""

from __future__ import annotations

from typing import Any

from game.seats import SEATS

SEAT_KEYS = ("seat", "dealer", "giver", "receiver", "winner", "leader", "to_act", "who")
"""Keys whose value is a seat (or, for a game's winner and a team nil, a side)."""
SIDE_KEYED = ("standings", "scores", "score")
SEAT_KEYED = ("bids", "bids_made", "taken", "deal", "seats", "names")
NESTED = ("event", "view")
"""Keys whose value is a whole message part to turn: an `event` message's event, a `turn`'s view."""


class Turning:
    """The turn that puts `mine` (a seat, or None for a spectator: no turn) at South."""

    def __init__(self, mine: str | None) -> None:
        self.shift = SEATS.index(mine) if mine in SEATS else 0

    def seat(self, seat: str) -> str:
        """A server's seat as the screen shows it."""
        if seat not in SEATS:
            return seat
        return SEATS[(SEATS.index(seat) - self.shift) % 4]

    def back(self, seat: str) -> str:
        """A seat on the screen as the server knows it."""
        return SEATS[(SEATS.index(seat) + self.shift) % 4]

    def side(self, side: str) -> str:
        """A scoring side turned: a seat in Solo, a pair with partners (written NS or EW)."""
        if len(side) == 1:
            return self.seat(side)
        turned = {self.seat(seat) for seat in side}
        return "NS" if turned == {"N", "S"} else "EW"

    def message(self, data: Any) -> Any:
        """An event, a seat view or a table summary with every seat and side turned."""
        if isinstance(data, list):
            return [self.message(item) for item in data]
        if not isinstance(data, dict):
            return data
        turned: dict[str, Any] = {}
        for key, value in data.items():
            turned[key] = self._value(key, value)
        return turned

    def _value(self, key: str, value: Any) -> Any:
        if key in NESTED and isinstance(value, dict):
            return self.message(value)
        if key in SEAT_KEYS and isinstance(value, str):
            return self.side(value)
        if key in SIDE_KEYED and isinstance(value, dict):
            return _in_order({self.side(side): self.message(inner) for side, inner in value.items()})
        if key in SEAT_KEYED and isinstance(value, dict):
            return _in_order({self.seat(seat): self.message(inner) for seat, inner in value.items()})
        if key == "blind_seats" and isinstance(value, list):
            return [self.seat(seat) for seat in value]
        if key in ("trick", "cards", "plays") and isinstance(value, list):
            return [self._pair(item) for item in value]
        if key in ("tricks", "nils") and isinstance(value, list):
            return [self.message(item) for item in value]
        return value

    def _pair(self, item: Any) -> Any:
        """A (seat, card) pair of a trick turned; a plain card (an exchange's) as it is."""
        if isinstance(item, list) and len(item) == 2 and item[0] in SEATS:
            return [self.seat(item[0]), item[1]]
        return item


ORDER = (*SEATS, "NS", "EW")
"""Seats and sides in the order the game lists them (the player's first): a turned table's score
has the player's side first, as at a table of one's own."""


def _in_order(turned: dict[str, Any]) -> dict[str, Any]:
    """A dict by seat or side, turned, in the game's order.

    >>> _in_order({"EW": 1, "NS": 2}), _in_order({"N": 1, "S": 2, "x": 3})
    ({'NS': 2, 'EW': 1}, {'S': 2, 'N': 1, 'x': 3})
    """
    return dict(sorted(turned.items(), key=lambda item: ORDER.index(item[0]) if item[0] in ORDER else len(ORDER)))
