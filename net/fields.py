"""Checks of the single fields of a message, either way between the game and a server.

Each check takes any value read from JSON and returns it as it will be used, or raises
:class:`ProtocolError` saying in plain words what it should be.

>>> whole(1, 13)(4), seat("N"), text(5)(" Ann and Bo ")
(4, 'N', 'Ann…')
>>> whole(1, 13)(True)
Traceback (most recent call last):
...
net.fields.ProtocolError: expected a whole number from 1 to 13
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.seats import SEATS
from game.text_safety import safe_text

Check = Callable[[object], Any]


class ProtocolError(ValueError):
    """A message that cannot be used; the text says why, for the sender."""


def text(limit: int) -> Callable[[object], str]:
    """Text, made safe to draw and cut to `limit` characters."""
    def check(value: object) -> str:
        if not isinstance(value, str):
            raise ProtocolError(f"expected text, not {type(value).__name__}")
        return safe_text(value, limit).strip()

    return check


def seat(value: object) -> str:
    if value not in SEATS:
        raise ProtocolError(f"a seat is one of {', '.join(SEATS)}")
    return str(value)


def whole(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError(f"expected a whole number from {low} to {high}")
        return value

    return check


def token(value: object) -> str:
    if not isinstance(value, str) or not 8 <= len(value) <= 64 or not value.isalnum():
        raise ProtocolError("not a token this server gave")
    return value


def choice(value: object) -> str | list[str]:
    """A bid, ``look``, a card, or the cards to give: in the seat view's notation."""
    if isinstance(value, str) and 0 < len(value) <= 8:
        return value
    if isinstance(value, list) and len(value) <= 13 and all(isinstance(c, str) and len(c) <= 3 for c in value):
        return list(value)
    raise ProtocolError("a choice is a bid, 'look', a card, or a list of cards, as the view's 'legal' lists them")


def fields_of(kind: str, data: Mapping[str, Any], required: Mapping[str, Check],
              optional: Mapping[str, Check]) -> dict[str, Any]:
    """The fields of a `kind` message that `required` and `optional` name, each checked (any other
    field is left out); ProtocolError naming the first that is missing or wrong."""
    fields: dict[str, Any] = {}
    for key, check in [*required.items(), *optional.items()]:
        if key not in data:
            if key in required:
                raise ProtocolError(f"the '{kind}' message needs {key!r}")
            continue
        try:
            fields[key] = check(data[key])
        except ProtocolError as error:
            raise ProtocolError(f"{kind}: {key}: {error}") from None
    return fields
