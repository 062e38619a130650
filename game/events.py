"""The facts a game reports, each once, in the order they happen.

Screens animate them, the hand log writes them, and later the network sends them:
one stream, several consumers. Each event is a frozen dataclass with a ``kind``
name; :func:`to_dict` gives its JSON-ready form.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.bids import Bid
from game.cards import Card
from game.scoring import HandScore, NilResult, SideScore, Standing


@dataclass(frozen=True)
class FirstDealerCard:
    """A card dealt face up to `seat` while looking for the first dealer."""

    kind: ClassVar[str] = "first_dealer_card"
    seat: str
    card: Card


@dataclass(frozen=True)
class HandStarted:
    """A new hand (or a redeal after a misdeal) is about to be dealt by `dealer`.

    `blind_seats` may still bid blind: their cards stay face down until they choose to
    bid blind or to look. Every other seat sees its cards as they are dealt."""

    kind: ClassVar[str] = "hand_started"
    number: int
    dealer: str
    redeal: bool = False
    blind_seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardDealt:
    """The `position`-th card of the deal (0–51) goes to `seat`."""

    kind: ClassVar[str] = "card_dealt"
    seat: str
    card: Card
    position: int


@dataclass(frozen=True)
class BlindChoice:
    """A seat allowed a blind bid chose one (`choice` is the bid) or to ``look``."""

    kind: ClassVar[str] = "blind_choice"
    seat: str
    choice: str


@dataclass(frozen=True)
class MisdealCalled:
    """`seat` threw its hand in; all bids are void and the same dealer deals again."""

    kind: ClassVar[str] = "misdeal"
    seat: str
    grounds: str


@dataclass(frozen=True)
class BidMade:
    """`seat` bid; `automatic` when the rules set the bid (bid your spades)."""

    kind: ClassVar[str] = "bid"
    seat: str
    bid: Bid
    automatic: bool = False


@dataclass(frozen=True)
class BidChanged:
    """The one-partner-nil override changed `seat`'s earlier bid."""

    kind: ClassVar[str] = "bid_changed"
    seat: str
    old: Bid
    new: Bid


@dataclass(frozen=True)
class CardsExchanged:
    """`giver` passed `cards` to `receiver` in a blind-nil exchange."""

    kind: ClassVar[str] = "exchange"
    giver: str
    receiver: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CardPlayed:
    """`seat` played `card` to the current trick."""

    kind: ClassVar[str] = "card_played"
    seat: str
    card: Card


@dataclass(frozen=True)
class SpadesBroken:
    """The first spade of the hand was played, by `seat`."""

    kind: ClassVar[str] = "spades_broken"
    seat: str


@dataclass(frozen=True)
class TrickWon:
    """Trick `number` (1–13) went to `winner`; `cards` in play order from the leader."""

    kind: ClassVar[str] = "trick_won"
    number: int
    leader: str
    winner: str
    cards: tuple[tuple[str, Card], ...]


@dataclass(frozen=True)
class HandScored:
    """The hand `number` is over and scored."""

    kind: ClassVar[str] = "hand_scored"
    number: int
    score: HandScore


@dataclass(frozen=True)
class GameOver:
    """The game ended; `winner` is the side with the most points."""

    kind: ClassVar[str] = "game_over"
    winner: str
    standings: dict[str, Standing]


Event = (FirstDealerCard | HandStarted | CardDealt | BlindChoice | MisdealCalled | BidMade
         | BidChanged | CardsExchanged | CardPlayed | SpadesBroken | TrickWon | HandScored | GameOver)


def to_dict(event: Event) -> dict[str, Any]:
    """The event as plain JSON-ready data: ``{"kind": "bid", "seat": "N", "bid": "4", …}``;
    :func:`from_dict` reads it back."""
    result: dict[str, Any] = {"kind": event.kind}
    for item in dataclasses.fields(event):
        result[item.name] = _plain(getattr(event, item.name))
    return result


def _plain(value: Any) -> Any:
    if isinstance(value, (Card, Bid)):
        return str(value)
    if isinstance(value, Standing):
        return {"points": value.points, "bags": value.bags}
    if isinstance(value, HandScore):
        return {side: _side_score(s) for side, s in value.sides.items()}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _side_score(score: SideScore) -> dict[str, Any]:
    return {"contract": score.contract, "tricks": score.counted, "made": score.made, "parts": dict(score.parts),
            "total": score.total, "bags_taken": score.bags_taken, "before": _plain(score.before),
            "points": score.after.points, "bags": score.after.bags, "team_nil": score.team_nil,
            "nils": [{"who": n.who, "kind": n.kind, "made": n.made} for n in score.nils],
            "bonuses": list(score.bonuses)}


EVENT_TYPES: dict[str, type] = {cls.kind: cls for cls in (
    FirstDealerCard, HandStarted, CardDealt, BlindChoice, MisdealCalled, BidMade, BidChanged, CardsExchanged,
    CardPlayed, SpadesBroken, TrickWon, HandScored, GameOver)}
"""Every kind of event by its `kind` name."""


def _standing(data: Mapping[str, Any]) -> Standing:
    return Standing(int(data["points"]), int(data["bags"]))


def _hand_score(data: Mapping[str, Any]) -> HandScore:
    sides = {}
    for side, score in data.items():
        sides[side] = SideScore(
            side=side, contract=int(score["contract"]), counted=int(score["tricks"]), made=score["made"],
            parts={str(k): int(v) for k, v in score["parts"].items()}, bags_taken=int(score["bags_taken"]),
            before=_standing(score["before"]), after=Standing(int(score["points"]), int(score["bags"])),
            nils=tuple(NilResult(str(n["who"]), str(n["kind"]), bool(n["made"])) for n in score["nils"]),
            bonuses=tuple(str(b) for b in score["bonuses"]), team_nil=bool(score["team_nil"]))
    return HandScore(sides)


def _card(text: Any) -> Card | None:
    """A card, or None where the sender hides it (a server hides other seats' cards)."""
    return None if text is None else Card.parse(text)


_FIELD_READERS: dict[str, Any] = {
    "card": Card.parse,
    "bid": Bid.parse, "old": Bid.parse, "new": Bid.parse,
    "blind_seats": lambda seats: tuple(str(seat) for seat in seats),
    "standings": lambda standings: {str(side): _standing(s) for side, s in standings.items()},
    "score": _hand_score,
}


def _cards_field(kind: str, value: Any) -> Any:
    if kind == "trick_won":
        return tuple((str(seat), Card.parse(card)) for seat, card in value)
    return tuple(_card(card) for card in value)  # an exchange's cards: hidden from other seats


def from_dict(data: Mapping[str, Any]) -> Event:
    """The event :func:`to_dict` wrote; ValueError (saying what) for anything else. The card
    dealt, and the cards passed, may be null: hidden from the reader (then None).

    >>> event = BidMade("N", Bid(0, blind=True))
    >>> from_dict(to_dict(event)) == event
    True
    >>> from_dict({"kind": "bid", "seat": "N"})
    Traceback (most recent call last):
    ...
    ValueError: a bid event needs bid
    """
    if not isinstance(data, Mapping) or data.get("kind") not in EVENT_TYPES:
        raise ValueError(f"not an event: {str(data)[:80]}")
    kind = data["kind"]
    cls = EVENT_TYPES[kind]
    values = {}
    for item in dataclasses.fields(cls):
        if item.name not in data:
            if item.default is dataclasses.MISSING:
                raise ValueError(f"a {kind} event needs {item.name}")
            continue
        raw = data[item.name]
        try:
            if item.name == "cards":
                values[item.name] = _cards_field(kind, raw)
            elif kind == "card_dealt" and item.name == "card":
                values[item.name] = _card(raw)
            else:
                values[item.name] = _FIELD_READERS.get(item.name, lambda value: value)(raw)
        except (TypeError, KeyError, AttributeError, ValueError) as error:
            raise ValueError(f"a {kind} event with a bad {item.name}: {error}") from None
    return cls(**values)
