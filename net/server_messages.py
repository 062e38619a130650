"""What a server sends, checked before the game or a bot uses it.

:func:`read_server_message` is the other side of :func:`net.protocol.read_message`: any text a
server sends becomes a message whose every field has been checked and written the one way
the game writes it (an event as the engine writes events, a seat view as the engine writes
views, text made safe to draw and cut to what fits), or None for a type this version does
not know (a newer server's, left out), or :class:`~net.fields.ProtocolError` saying what is
wrong. Nothing a server sends reaches a screen unchecked: a server of another make, a newer
version or a broken one costs the player one message, told, never the game.

>>> read_server_message('{"type": "waiting", "seq": 3, "seat": "N", "extra": 1}')
{'type': 'waiting', 'seq': 3, 'seat': 'N'}
>>> read_server_message('{"type": "waiting", "seq": 3, "seat": "Q"}')
Traceback (most recent call last):
...
net.fields.ProtocolError: waiting: seat: a seat is one of S, W, N, E
>>> read_server_message('{"type": "news", "text": "from a newer server"}') is None
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from game.cards import Card
from game.events import from_dict, to_dict
from game.game import NAME_LENGTH
from game.rules import Rules
from game.scoring import MOST_TOLD
from game.seats import SEATS, TEAMS
from game.view import SeatView
from net.fields import Check, ProtocolError, choice, fields_of, seat, text, token, whole
from net.protocol import CHAT_LENGTH

REASON_LENGTH = 300
"""The most of an error's or a refusal's reason that is kept."""
WHY_LENGTH = 400
"""The most of a computer's reason for a bid or card that is kept."""
SEQ = whole(0, 10**9)
TABLE = whole(1, 10**9)
NAME = text(NAME_LENGTH)
"""A name at a seat, in the lobby or in chat: a longer one is cut (this version's names are no longer)."""
SEAT_KINDS = ("human", "computer", "open")


def _optional(check: Check) -> Check:
    """`check`, or null."""
    return lambda value: None if value is None else check(value)


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError("expected true or false")
    return value


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 10**6:
        raise ProtocolError("expected a number from 0 to 1000000")
    return value


def _card(value: object) -> str:
    try:
        return str(Card.parse(value))
    except (ValueError, AttributeError, TypeError):
        raise ProtocolError(f"{str(value)[:12]!r} is not a card") from None


def _cards(value: object) -> list[str]:
    if not isinstance(value, list) or len(value) > 13:
        raise ProtocolError("expected a list of at most 13 cards")
    return [_card(card) for card in value]


# -- a table's summary, as the lobby lists it and a table sends it ------------------------------------------
def _seat_summary(value: object) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise ProtocolError("a seat is its name, kind, away and connected")
    if value.get("kind") not in SEAT_KINDS:
        raise ProtocolError(f"a seat's kind is one of {', '.join(SEAT_KINDS)}")
    return {"name": NAME(value.get("name", "")), "kind": value["kind"],
            "away": _flag(value.get("away", False)), "connected": _flag(value.get("connected", False))}


def _seats(value: object) -> dict[str, dict[str, Any]]:
    if not isinstance(value, Mapping) or any(place not in value for place in SEATS):
        raise ProtocolError("seats gives each of S, W, N, E")
    return {place: _seat_summary(value[place]) for place in SEATS}


def _scores(value: object) -> dict[str, int]:
    if not isinstance(value, Mapping) or any(side not in TEAMS and side not in SEATS for side in value):
        raise ProtocolError("scores gives each side's points (NS and EW, or each seat)")
    return {side: whole(-MOST_TOLD, MOST_TOLD)(points) for side, points in value.items()}


SUMMARY: dict[str, Check] = {"table": TABLE, "seats": _seats}
SUMMARY_OPTIONAL: dict[str, Check] = {
    "name": text(40), "variant": text(40), "rules": text(1000), "level": text(20), "clock": _number,
    "state": text(20), "hand": whole(0, 10**9), "scores": _scores, "watchers": whole(0, 10**9)}


def _summary(value: object) -> dict[str, Any]:
    """A table as the lobby lists it."""
    if not isinstance(value, Mapping):
        raise ProtocolError("a table is a JSON object")
    return fields_of("table", value, SUMMARY, SUMMARY_OPTIONAL)


def _playable(value: object) -> dict[str, Any]:
    """The summary of a table the player sits at or watches: its rules must be ones this version plays."""
    summary = _summary(value)
    try:
        Rules.parse(summary.get("rules", ""), strict=True)
    except ValueError as error:
        raise ProtocolError(f"this version of the game cannot play its rules ({error})") from None
    return summary


def _tables(value: object) -> tuple[list[dict[str, Any]], list[str]]:
    """The lobby's tables that can be read, and what is wrong with each of the others."""
    if not isinstance(value, list):
        raise ProtocolError("expected a list of tables")
    tables, unread = [], []
    for item in value[:10_000]:
        try:
            tables.append(_summary(item))
        except ProtocolError as error:
            unread.append(str(error))
    return tables, unread


# -- a table's game ------------------------------------------------------------------------------------------
def _event(value: object) -> dict[str, Any]:
    try:
        return to_dict(from_dict(value))  # type: ignore[arg-type]
    except ValueError as error:
        raise ProtocolError(str(error)) from None


def _view(value: object) -> dict[str, Any]:
    try:
        return SeatView.from_dict(value).to_dict()  # type: ignore[arg-type]
    except ValueError as error:
        raise ProtocolError(f"not a seat view: {error}") from None


def _turn_view(value: object) -> dict[str, Any]:
    """A seat view asking its seat to decide: a phase with a decision, something legal to choose
    (in an exchange, how many cards to give)."""
    view = _view(value)
    if view["phase"] in ("done", "misdealt") or not view["legal"]:
        raise ProtocolError(f"not a decision: phase {view['phase']} with {len(view['legal'])} legal choices")
    if view["phase"] == "exchange" and view.get("exchange_count") is None:
        raise ProtocolError("an exchange that does not say how many cards to give")
    if view["phase"] in ("exchange", "play") and len(view["bids"]) != len(SEATS):
        raise ProtocolError(f"the bids are not all in, yet the phase is {view['phase']}")
    return view


def _deal(value: object) -> dict[str, list[str]]:
    if not isinstance(value, Mapping) or any(place not in value for place in SEATS):
        raise ProtocolError("a deal gives the cards of each of S, W, N, E")
    return {place: _cards(value[place]) for place in SEATS}


def _reasons(value: object) -> dict[str, str]:
    """Why each computer's bid or card of a hand was made, by the `seq` of its event (others left out)."""
    if not isinstance(value, Mapping):
        return {}
    return {key: text(WHY_LENGTH)(why) for key, why in list(value.items())[:200]
            if isinstance(key, str) and key.isdecimal() and len(key) <= 10 and isinstance(why, str)}


def _where(value: object) -> int | str:
    return value if value == "lobby" else TABLE(value)


SCHEMA: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "welcome": ({"version": whole(0, 1000)},
                {"you": text(64), "name": NAME, "token": token, "table": _optional(TABLE), "seat": _optional(seat)}),
    "lobby": ({"tables": _tables}, {"people": whole(0, 10**9)}),
    "joined": ({"table": TABLE, "seat": seat, "summary": _playable}, {}),
    "watching": ({"table": TABLE, "summary": _playable}, {}),
    "table": (SUMMARY, SUMMARY_OPTIONAL),
    "event": ({"seq": SEQ, "event": _event}, {"why": text(WHY_LENGTH)}),
    "waiting": ({"seq": SEQ, "seat": seat}, {}),
    "turn": ({"seq": SEQ, "view": _turn_view}, {}),
    "cards": ({"seq": SEQ, "cards": _cards}, {}),
    "refused": ({"reason": text(REASON_LENGTH)}, {"choice": choice}),
    "shown": ({"seq": SEQ, "hand": whole(0, 10**9), "deal": _deal}, {"why": _reasons}),
    "synced": ({"seq": SEQ}, {}),
    "chat": ({"from": NAME, "text": text(CHAT_LENGTH)}, {"where": _where}),
    "error": ({"reason": text(REASON_LENGTH)}, {"fatal": _flag}),
}
"""Every server message this version reads: its required and optional fields with their checks."""


def read_server_message(raw: str | bytes) -> dict[str, Any] | None:
    """A server's message, checked (see the module's text); None for a type this version does not know."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python reads
        raise ProtocolError("not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("a message is a JSON object with a 'type'")
    kind = data["type"]
    if kind not in SCHEMA:
        return None
    message = {"type": kind, **fields_of(kind, data, *SCHEMA[kind])}
    if kind == "lobby":
        message["tables"], message["unread"] = message["tables"]
    return message
