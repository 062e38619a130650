"""The messages between the game and a Spades server: what each may hold, checked before use.

One JSON object per WebSocket message, with a ``type``. :func:`read_message` turns any
text a client sends into a :class:`Message` whose fields have been checked, or raises
:class:`ProtocolError` saying in plain words what is wrong: nothing a client sends can
reach a table unchecked. :func:`event_for` is what one seat (or a spectator) may see of
an engine event. ``docs/protocol.md`` describes every message with an example.

>>> read_message('{"type": "hello", "version": 1, "name": " Ann  "}').fields["name"]
'Ann'
>>> read_message('{"type": "act"}')
Traceback (most recent call last):
...
net.fields.ProtocolError: the 'act' message needs 'choice'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.events import CardDealt, CardsExchanged, Event, to_dict
from game.game import NAME_LENGTH, is_player_name
from game.players.levels import PLAYABLE
from game.rules import PRESETS, Rules, RulesError
from game.seats import SEATS
from game.text_safety import safe_text
from net.fields import ProtocolError, choice, fields_of, seat, text, token, whole

VERSION = 1
"""The protocol's version: a client of another version is told so and let go."""
PORT = 7626
"""The port NetSpades' server listened on, and ours by default."""
MAX_MESSAGE = 16_384
"""The largest message a client may send, in bytes (a seat view is about 2,000)."""
MAX_FROM_SERVER = 2**22
"""The largest message a client reads, in bytes (the lobby, with every table, is the largest)."""
CHAT_LENGTH = 200
SEAT_KINDS = ("human", "computer")
CLOCK_RANGE = (5, 600)
"""The seconds a table's decision clock may be set to."""
LEVEL_NAMES = tuple(level.name for level in PLAYABLE)
"""The levels a table's computer seats may play at (those the options offer)."""


@dataclass(frozen=True)
class Message:
    """A client's message: its `type` and its checked `fields`."""

    type: str
    fields: dict[str, Any]


# -- checks of single fields: each returns the value as it will be used, or raises ProtocolError --
def _name(value: object) -> str:
    name = text(NAME_LENGTH * 4)(value)
    name = " ".join(name.split())
    if not is_player_name(name):
        raise ProtocolError(f"a name has 1 to {NAME_LENGTH} printable characters")
    return name


def _seats(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping) or set(value) != set(SEATS):
        raise ProtocolError("seats gives each of S, W, N, E as 'human' or 'computer'")
    if any(kind not in SEAT_KINDS for kind in value.values()):
        raise ProtocolError("a seat is 'human' or 'computer'")
    return {place: str(value[place]) for place in SEATS}


def table_rules(value: object) -> tuple[str, Rules]:
    """A preset's id or a `Rules` line: the variant's name and its rules (ProtocolError with the
    engine's reason for rules that cannot be played)."""
    if not isinstance(value, str) or len(value) > 1000:
        raise ProtocolError("rules is a preset (partner, solo, …) or a Rules line")
    if value in PRESETS:
        return PRESETS[value].name, PRESETS[value].rules
    try:
        rules = Rules.parse(value, base=PRESETS["partner"].rules)
    except RulesError as error:
        raise ProtocolError(f"these rules cannot be played: {error}") from None
    same = next((preset.name for preset in PRESETS.values() if _same_but_the_win(preset.rules, rules)), None)
    return same or "Custom", rules


def _same_but_the_win(preset: Rules, rules: Rules) -> bool:
    """Whether `rules` are the preset's played to another score (the Options' Win at): the game
    calls those by the preset's name, and so does the lobby."""
    try:
        return preset.replace(win=rules.win) == rules
    except RulesError:  # the preset's losing score is not below that win: other rules
        return False


def _rules(value: object) -> str:
    table_rules(value)
    return str(value)


def _level(value: object) -> str:
    if value not in LEVEL_NAMES:
        raise ProtocolError(f"a level is one of {', '.join(LEVEL_NAMES)}")
    return str(value)


def _table_id(value: object) -> int:
    return whole(1, 10**9)(value)


# Each type: its required fields and optional fields with their checks.
SCHEMA: dict[str, tuple[dict[str, Callable[[object], Any]], dict[str, Callable[[object], Any]]]] = {
    "hello": ({"version": whole(0, 1000), "name": _name}, {"token": token, "last_seq": whole(0, 10**9)}),
    "tables": ({}, {}),
    "create": ({"rules": _rules, "seats": _seats},
               {"seat": seat, "level": _level, "clock": whole(*CLOCK_RANGE), "name": text(40)}),
    "join": ({"table": _table_id, "seat": seat}, {}),
    "watch": ({"table": _table_id}, {}),
    "leave": ({}, {}),
    "act": ({"choice": choice}, {}),
    "again": ({}, {}),
    "ready": ({}, {}),
    "chat": ({"text": text(CHAT_LENGTH)}, {}),
}
"""What every client message holds."""


def read_message(raw: str | bytes) -> Message:
    """A client's message, checked; ProtocolError (a reason for the sender) for anything else."""
    if isinstance(raw, bytes):
        raise ProtocolError("send text (a JSON object), not bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON: send one JSON object a message") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMA:
        raise ProtocolError(f"unknown message type {safe_text(str(kind), 24)!r}; known: {', '.join(SCHEMA)}")
    fields = fields_of(kind, data, *SCHEMA[kind])
    if kind == "chat" and not fields["text"]:
        raise ProtocolError("chat: nothing to say")
    return Message(kind, fields)


def encode(message: Mapping[str, Any]) -> str:
    """A server message as the text sent."""
    return json.dumps(message, separators=(",", ":"))


def event_for(event: Event, seat: str | None) -> dict[str, Any]:
    """`event` as `seat` may see it (None: a spectator): a card dealt to another seat, or
    passed between two other seats, is hidden (null)."""
    data = to_dict(event)
    if isinstance(event, CardDealt) and seat != event.seat:
        data["card"] = None
    elif isinstance(event, CardsExchanged) and seat not in (event.giver, event.receiver):
        data["cards"] = [None] * len(event.cards)
    return data
