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
from game.scoring import MOST_TOLD, HandScore, NilResult, SideScore, Standing
from game.seats import SEATS, TEAMS


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


SEAT_FIELDS = ("seat", "dealer", "giver", "receiver", "leader", "winner")
"""Fields whose value is a seat (a game's `winner` is a side instead)."""


def _whole(value: Any, low: int = 0, high: int = MOST_TOLD) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"expected a whole number from {low} to {high}, not {str(value)[:20]!r}")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {str(value)[:20]!r}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise ValueError("expected a line of text")
    return value


def _seat(value: Any) -> str:
    if value not in SEATS:
        raise ValueError(f"a seat is one of {', '.join(SEATS)}, not {str(value)[:20]!r}")
    return value


def _side(value: Any) -> str:
    """A scoring side: a team (NS, EW) or, in Solo, a seat."""
    if value not in TEAMS and value not in SEATS:
        raise ValueError(f"a side is a team ({', '.join(TEAMS)}) or a seat, not {str(value)[:20]!r}")
    return value


def _listed(value: Any, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"expected a list of at most {most}")
    return value


def _by_side(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping) or not value:
        raise ValueError("expected each side's value")
    return {_side(side): inner for side, inner in value.items()}


def _standing(data: Any) -> Standing:
    if not isinstance(data, Mapping):
        raise ValueError("a standing is its points and bags")
    return Standing(_whole(data["points"], -MOST_TOLD), _whole(data["bags"]))


def _nil(data: Any) -> NilResult:
    """One nil's outcome: a seat's, or a team's (a team nil)."""
    return NilResult(_side(data["who"]), _text(data["kind"]), _flag(data["made"]))


def _read_side_score(side: str, score: Any) -> SideScore:
    made = score["made"]
    if made is not None:
        _flag(made)
    return SideScore(
        side=side, contract=_whole(score["contract"], 0, 52), counted=_whole(score["tricks"], 0, 52), made=made,
        parts={_text(k): _whole(v, -MOST_TOLD) for k, v in score["parts"].items()},
        bags_taken=_whole(score["bags_taken"], 0, 52), before=_standing(score["before"]),
        after=_standing({"points": score["points"], "bags": score["bags"]}),
        nils=tuple(_nil(n) for n in _listed(score["nils"], 4)),
        bonuses=tuple(_text(b) for b in _listed(score["bonuses"], 10)), team_nil=_flag(score["team_nil"]))


def _hand_score(data: Any) -> HandScore:
    return HandScore({side: _read_side_score(side, score) for side, score in _by_side(data).items()})


def _card(text: Any) -> Card | None:
    """A card, or None where the sender hides it (a server hides other seats' cards)."""
    return None if text is None else Card.parse(text)


def _choice(value: Any) -> str:
    """A blind choice: ``look``, or the blind bid made."""
    if value != "look":
        Bid.parse(_text(value))
    return value


def _play(pair: Any) -> tuple[str, Card]:
    seat, card = pair
    return _seat(seat), Card.parse(card)


_FIELD_READERS: dict[str, Any] = {
    **dict.fromkeys(SEAT_FIELDS, _seat),
    "card": Card.parse, "number": _whole, "position": lambda value: _whole(value, 0, 63),
    "redeal": _flag, "automatic": _flag, "grounds": _text, "choice": _choice,
    "bid": Bid.parse, "old": Bid.parse, "new": Bid.parse,
    "blind_seats": lambda seats: tuple(_seat(seat) for seat in _listed(seats, 4)),
    "standings": lambda standings: {side: _standing(s) for side, s in _by_side(standings).items()},
    "score": _hand_score,
}
"""How each field is read: every value is checked, so an event read is one the table can show."""
_KIND_READERS: dict[tuple[str, str], Any] = {
    ("game_over", "winner"): _side,
    ("card_dealt", "card"): _card,
    ("trick_won", "cards"): lambda plays: tuple(_play(pair) for pair in _listed(plays, 4)),
    ("exchange", "cards"): lambda cards: tuple(_card(card) for card in _listed(cards, 13)),  # hidden from others
}


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
    if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str) or data["kind"] not in EVENT_TYPES:
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
        read = _KIND_READERS.get((kind, item.name)) or _FIELD_READERS[item.name]
        try:
            values[item.name] = read(raw)
        except (TypeError, KeyError, AttributeError, ValueError) as error:
            raise ValueError(f"a {kind} event with a bad {item.name}: {error}") from None
    return cls(**values)
