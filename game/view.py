"""The seat view of `docs/bot-api.md`: what one seat may see, as plain JSON-ready data, and
:class:`SeatView`, the same facts as typed values.

Computer players, bots in the arena and (later) network clients all receive the dict
and nothing more: no other seat's cards, no deck order, no random state. A player reads
it once into a :class:`SeatView` (cards as :class:`Card`, bids as :class:`Bid`, the
rules as :class:`Rules`, scores as :class:`Standing`) and works with that:

>>> import random
>>> from game.rules import PRESETS
>>> hand = Hand.shuffled(PRESETS["partner"].rules, "E", random.Random(1))
>>> hand.look("S")
>>> view = SeatView.from_dict(seat_view(hand, "S"))
>>> view.rules.nil, view.scores["NS"], view.partner
(100, Standing(points=0, bags=0), 'N')
>>> view.to_dict() == seat_view(hand, "S")
True

A dict that is not a seat view is refused with the reason:

>>> SeatView.from_dict({**seat_view(hand, "S"), "hand": ["AS", "1S"]})
Traceback (most recent call last):
...
game.view.ViewError: hand[1]: '1S' is not a card (write rank then suit, like AS or TD)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from game.bids import Bid
from game.cards import CARDS, DECKS, Card, Deck, cards_of, mask_of
from game.hand import Hand, Trick
from game.rules import Rules
from game.scoring import MOST_TOLD, Standing
from game.seats import SEATS, next_seat, partner, side_of, sides

PRIVATE_PHASES = ("blind", "misdeal")
"""Decisions of one seat; the others see the hand as still in bidding."""
PHASES = ("blind", "bid", "exchange", "misdeal", "play", "done", "misdealt")
"""Every phase a view may show: the five decisions of `docs/bot-api.md`, and a hand over."""
CALLS = ("look", "misdeal", "keep")
"""The choices that are neither a bid nor a card."""
KEYS = ("seat", "phase", "rules", "dealer", "hand", "bids", "legal", "trick", "tricks", "taken",
        "spades_broken", "scores", "hand_number")
"""The keys of every view, in the order it writes them; :data:`OPTIONAL_KEYS` may follow."""
OPTIONAL_KEYS = ("exchange_count", "bids_made")
"""Keys a view writes only when they say something."""

LegalChoice = Card | Bid | str
"""One entry of ``legal``: a card (play, exchange), a bid (blind, bid) or one of :data:`CALLS`."""

_CARD_BY_TEXT = {card.text: card for card in CARDS}
_BID_BY_TEXT = {str(bid): bid for bid in (Bid(tricks, blind) for tricks in range(14) for blind in (False, True))}


class ViewError(ValueError):
    """A dict that is not a seat view of `docs/bot-api.md`; the message says where and why."""


@dataclass(frozen=True)
class SeatView:
    """What `seat` may see of a hand, typed; every field is the `docs/bot-api.md` key of that name.

    Build one with :meth:`from_dict` (a view from outside, checked) or :meth:`of_hand`;
    :meth:`to_dict` writes the JSON face back exactly. The dict fields are not to be
    changed.
    """

    seat: str
    phase: str
    rules: Rules
    dealer: str
    hand: tuple[Card, ...]
    """This seat's cards; empty before it has looked."""
    bids: dict[str, Bid]
    """The bids made so far, after any override, by seat."""
    legal: tuple[LegalChoice, ...]
    """What this seat may choose now, in the view's order; empty when it is not its turn."""
    trick: tuple[tuple[str, Card], ...]
    tricks: tuple[Trick, ...]
    taken: dict[str, int]
    spades_broken: bool
    scores: dict[str, Standing]
    hand_number: int
    exchange_count: int | None = None
    """Phase ``exchange``, for the seat to give cards only: how many it gives."""
    bids_made: dict[str, Bid] = field(default_factory=dict)
    """The bids as made of the seats whose bid the one-partner-nil override changed (the
    table shows the change; ``bids`` holds the bid after it)."""

    # -- the JSON face ---------------------------------------------------------------
    @classmethod
    def of_hand(cls, hand: Hand, seat: str) -> SeatView:
        """What `seat` may see of `hand` now."""
        phase = hand.phase if hand.to_act == seat or hand.phase not in PRIVATE_PHASES else "bid"
        return cls(
            seat=seat, phase=phase, rules=hand.rules, dealer=hand.dealer,
            hand=tuple(hand.holding(seat)) if seat in hand.looked else (),
            bids=hand.bids,
            legal=_legal(phase, hand.legal_choices(seat), _Reader(DECKS[hand.rules.deck])),
            trick=tuple(hand.trick), tricks=tuple(hand.tricks), taken=dict(hand.taken),
            spades_broken=hand.spades_broken, scores=dict(hand.standings), hand_number=hand.number,
            exchange_count=hand.exchange_count if hand.phase == "exchange" and hand.to_act == seat else None,
            bids_made=hand.bids_made,
        )

    @classmethod
    def from_dict(cls, view: Mapping[str, Any]) -> SeatView:
        """The view a dict describes; :class:`ViewError` (a ValueError) naming the first key
        that is missing, unknown or not in the notation of `docs/bot-api.md`."""
        if not isinstance(view, Mapping):
            raise ViewError(f"a seat view is a dict, not {type(view).__name__}")
        _check_keys(view)
        rules = _rules_of(view["rules"])
        read = _Reader(DECKS[rules.deck])
        phase = read.choice(view["phase"], PHASES, "phase")
        result = cls(
            seat=read.seat(view["seat"], "seat"), phase=phase, rules=rules,
            dealer=read.seat(view["dealer"], "dealer"),
            hand=tuple(read.cards(view["hand"], "hand")),
            bids={read.seat(s, "bids"): read.bid(b, f"bids[{s}]") for s, b in read.mapping(view["bids"], "bids")},
            legal=_legal(phase, read.sequence(view["legal"], "legal"), read),
            trick=tuple(read.plays(view["trick"], "trick")),
            tricks=tuple(read.tricks(view["tricks"])),
            taken=_taken(view["taken"], read),
            spades_broken=read.flag(view["spades_broken"], "spades_broken"),
            scores=_scores(view["scores"], rules, read),
            hand_number=read.number(view["hand_number"], "hand_number", 1, MOST_TOLD),
            exchange_count=(read.number(view["exchange_count"], "exchange_count", 0, 13)
                            if "exchange_count" in view else None),
            bids_made={read.seat(s, "bids_made"): read.bid(b, f"bids_made[{s}]")
                       for s, b in read.mapping(view.get("bids_made", {}), "bids_made")},
        )
        result._check_cards()
        for s in result.bids_made:
            if s not in result.bids:
                raise ViewError(f"bids_made[{s}]: {s} has no bid in bids")
        return result

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready view of `docs/bot-api.md` (a new dict each time)."""
        view: dict[str, Any] = {
            "seat": self.seat,
            "phase": self.phase,
            "rules": dict(_rules_dict(self.rules)),
            "dealer": self.dealer,
            "hand": [c.text for c in self.hand],
            "bids": {s: str(b) for s, b in self.bids.items()},
            "legal": [str(choice) for choice in self.legal],
            "trick": [[s, c.text] for s, c in self.trick],
            "tricks": [{"leader": t.leader, "cards": [[s, c.text] for s, c in t.plays], "winner": t.winner}
                       for t in self.tricks],
            "taken": dict(self.taken),
            "spades_broken": self.spades_broken,
            "scores": {side: {"points": s.points, "bags": s.bags} for side, s in self.scores.items()},
            "hand_number": self.hand_number,
        }
        if self.exchange_count is not None:
            view["exchange_count"] = self.exchange_count
        if self.bids_made:
            view["bids_made"] = {s: str(b) for s, b in self.bids_made.items()}
        return view

    def _check_cards(self) -> None:
        """No card shown twice; the cards offered are cards held."""
        shown = [*self.hand, *[c for _, c in self.trick], *[c for t in self.tricks for _, c in t.plays]]
        if mask_of(shown).bit_count() != len(shown):
            twice = next(c for i, c in enumerate(shown) if c in shown[i + 1:])
            raise ViewError(f"the {twice.text} is shown twice (in hand or played)")
        offered = mask_of(self.legal_cards)
        if offered & ~self.hand_mask:
            raise ViewError(f"legal: the {cards_of(offered & ~self.hand_mask)[0].text} is not in the hand")

    # -- what follows from it ----------------------------------------------------------
    @cached_property
    def deck(self) -> Deck:
        return DECKS[self.rules.deck]

    @cached_property
    def hand_mask(self) -> int:
        """This seat's cards as a bitmask."""
        mask = 0
        for card in self.hand:
            mask |= card.bit
        return mask

    @property
    def partner(self) -> str | None:
        """The seat opposite when the rules have partners, else None."""
        return partner(self.seat) if self.rules.partners else None

    @property
    def side(self) -> str:
        """The side this seat scores for."""
        return side_of(self.seat, self.rules.partners)

    @property
    def cards_played(self) -> int:
        """The cards played so far this hand, the current trick included: which moment of the
        play this is (the computer players seed their draws by it)."""
        return sum(len(trick.plays) for trick in self.tricks) + len(self.trick)

    @cached_property
    def legal_cards(self) -> tuple[Card, ...]:
        """The cards among the legal choices (phases ``play`` and ``exchange``)."""
        return tuple(c for c in self.legal if isinstance(c, Card))

    @cached_property
    def legal_bids(self) -> tuple[Bid, ...]:
        """The bids among the legal choices (phases ``blind`` and ``bid``)."""
        return tuple(b for b in self.legal if isinstance(b, Bid))

    @property
    def leader(self) -> str:
        """Who led the trick in progress, or leads the next one."""
        if self.trick:
            return self.trick[0][0]
        return self.tricks[-1].winner if self.tricks else next_seat(self.dealer)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet finished, the one in progress included."""
        return 13 - len(self.tricks)

    def nil_alive(self, seat: str | None) -> bool:
        """Whether `seat` bid nil (blind or not) and has taken no trick yet."""
        if seat is None or seat not in self.bids:
            return False
        return self.bids[seat].is_nil and self.taken[seat] == 0

    def points_behind(self) -> int:
        """How far this seat's side trails the best other side (negative when it leads)."""
        others = [s.points for side, s in self.scores.items() if side != self.side]
        return max(others) - self.scores[self.side].points if others else 0


def seat_view(hand: Hand, seat: str) -> dict[str, Any]:
    """What `seat` may see of `hand` now (see `docs/bot-api.md` for each key)."""
    return SeatView.of_hand(hand, seat).to_dict()


# -- reading a view ------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _rules_dict(rules: Rules) -> dict[str, Any]:
    return rules.to_dict()


def _rules_of(raw: object) -> Rules:
    """The rules of a view: every option by its key, written as :meth:`Rules.to_dict` writes it."""
    if not isinstance(raw, Mapping):
        raise ViewError("rules: expected a dict of every option by its Rules key")
    try:  # the types are part of the key: 1 and True are equal, but only 1 is the view's notation
        return _rules_from_items(tuple(raw.items()), tuple(map(type, raw.values())))
    except TypeError:
        raise ViewError("rules: the values are whole numbers or strings") from None


@lru_cache(maxsize=64)
def _rules_from_items(items: tuple[tuple[Any, Any], ...], types: tuple[type, ...]) -> Rules:
    """The rules of a view's ``rules`` items (`types`, those of the values, key the cache)."""
    raw = dict(items)
    try:
        rules = Rules.from_dict(raw)
    except ValueError as error:
        raise ViewError(f"rules: {error}") from None
    written = _rules_dict(rules)
    unknown = [key for key in raw if key not in written]
    if unknown:
        raise ViewError(f"rules: {unknown[0]!r} is not an option")
    for key, value in written.items():
        if key not in raw:
            raise ViewError(f"rules: {key!r} is missing")
        if type(raw[key]) is not type(value) or raw[key] != value:
            raise ViewError(f"rules: {key}={raw[key]!r} is not written as the view writes it ({value!r})")
    return rules


def _check_keys(view: Mapping[str, Any]) -> None:
    for key in KEYS:
        if key not in view:
            raise ViewError(f"the key {key!r} is missing")
    for key in view:
        if key not in KEYS and key not in OPTIONAL_KEYS:
            raise ViewError(f"{key!r} is not a key of the seat view")


_SEAT_OF = {seat: seat for seat in SEATS}


@lru_cache(maxsize=8)
def _deck_cards(deck_name: str) -> dict[str, Card]:
    """The cards of a deck by their text."""
    return {card.text: card for card in DECKS[deck_name].cards}


class _Reader:
    """Reads the parts of a view, naming where the first wrong one is.

    Lists of cards are read at once by lookups; only when that fails are they read again
    card by card, to name the first wrong one (players read a view at every decision)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.by_text = _deck_cards(deck.name)

    def choice(self, value: object, allowed: Sequence[str], where: str) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise ViewError(f"{where}: {value!r} is not one of {', '.join(allowed)}")
        return value

    def seat(self, value: object, where: str) -> str:
        return self.choice(value, SEATS, where)

    def card(self, value: object, where: str) -> Card:
        card = _CARD_BY_TEXT.get(value) if isinstance(value, str) else None
        if card is None:
            raise ViewError(f"{where}: {value!r} is not a card (write rank then suit, like AS or TD)")
        if not self.deck.mask & card.bit:
            raise ViewError(f"{where}: the {card.text} is not in the {self.deck.name} deck")
        return card

    def bid(self, value: object, where: str) -> Bid:
        bid = _BID_BY_TEXT.get(value) if isinstance(value, str) else None
        if bid is None:
            raise ViewError(f"{where}: {value!r} is not a bid (write 4, nil, bnil or b6)")
        return bid

    def number(self, value: object, where: str, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise ViewError(f"{where}: {value!r} is not a whole number from {low} to {high}")
        return value

    def flag(self, value: object, where: str) -> bool:
        if type(value) is not bool:
            raise ViewError(f"{where}: {value!r} is not true or false")
        return value

    def sequence(self, value: object, where: str) -> list:
        if not isinstance(value, list):
            raise ViewError(f"{where}: expected a list, not {type(value).__name__}")
        return value

    def mapping(self, value: object, where: str) -> list[tuple[Any, Any]]:
        if not isinstance(value, Mapping):
            raise ViewError(f"{where}: expected a dict, not {type(value).__name__}")
        return list(value.items())

    def cards(self, value: object, where: str) -> list[Card]:
        if type(value) is list:
            try:
                return [self.by_text[text] for text in value]
            except (KeyError, TypeError):
                pass
        return [self.card(text, f"{where}[{i}]") for i, text in enumerate(self.sequence(value, where))]

    def plays(self, value: object, where: str) -> list[tuple[str, Card]]:
        """Cards in play order, each ``[seat, card]``, at most one from each seat."""
        try:
            plays = [(_SEAT_OF[p[0]], self.by_text[p[1]]) for p in value if type(p) is list and len(p) == 2]
            if type(value) is list and len(plays) == len(value) <= 4 and len({s for s, _ in plays}) == len(plays):
                return plays
        except (KeyError, TypeError):
            pass
        plays = []
        for i, play in enumerate(self.sequence(value, where)):
            if not isinstance(play, list) or len(play) != 2:
                raise ViewError(f"{where}[{i}]: {play!r} is not [seat, card]")
            plays.append((self.seat(play[0], f"{where}[{i}]"), self.card(play[1], f"{where}[{i}]")))
        if len(plays) > 4 or len({seat for seat, _ in plays}) != len(plays):
            raise ViewError(f"{where}: a trick holds at most one card from each seat")
        return plays

    def trick(self, value: object, where: str) -> Trick:
        """A finished trick: ``{"leader", "cards", "winner"}`` with four cards, led by the leader."""
        if not isinstance(value, Mapping) or set(value) != {"leader", "cards", "winner"}:
            raise ViewError(f"{where}: a finished trick is a dict of leader, cards and winner")
        plays = self.plays(value["cards"], f"{where}.cards")
        leader = self.seat(value["leader"], f"{where}.leader")
        if len(plays) != 4 or plays[0][0] != leader:
            raise ViewError(f"{where}: a finished trick holds four cards, the leader's first")
        return Trick(leader, tuple(plays), self.seat(value["winner"], f"{where}.winner"))

    def tricks(self, value: object) -> list[Trick]:
        tricks = []
        for i, trick in enumerate(self.sequence(value, "tricks")):
            if type(trick) is dict and len(trick) == 3:
                try:
                    plays = self.plays(trick["cards"], "")
                    leader, winner = _SEAT_OF[trick["leader"]], _SEAT_OF[trick["winner"]]
                    if len(plays) == 4 and plays[0][0] == leader:
                        tricks.append(Trick(leader, tuple(plays), winner))
                        continue
                except (KeyError, TypeError, ViewError):
                    pass
            tricks.append(self.trick(trick, f"tricks[{i}]"))
        return tricks


def _legal(phase: str, legal: Sequence[object], read: _Reader) -> tuple[LegalChoice, ...]:
    """The legal choices, typed by what the phase offers."""
    if phase in ("play", "exchange"):
        return tuple(read.cards(legal, "legal"))
    if phase in ("blind", "bid"):
        return tuple(choice if choice == "look" and phase == "blind" else read.bid(choice, f"legal[{i}]")
                     for i, choice in enumerate(legal))
    if phase == "misdeal":
        return tuple(read.choice(c, ("misdeal", "keep"), f"legal[{i}]") for i, c in enumerate(legal))
    if legal:
        raise ViewError(f"legal: nothing may be chosen in phase {phase}")
    return ()


def _taken(value: object, read: _Reader) -> dict[str, int]:
    taken = {read.seat(s, "taken"): read.number(n, f"taken[{s}]", 0, 13) for s, n in read.mapping(value, "taken")}
    if set(taken) != set(SEATS):
        raise ViewError(f"taken: expected a count for each seat, {' '.join(SEATS)}")
    return taken


def _scores(value: object, rules: Rules, read: _Reader) -> dict[str, Standing]:
    expected = sides(rules.partners)
    scores = {}
    for side, score in read.mapping(value, "scores"):
        if not isinstance(score, Mapping) or set(score) != {"points", "bags"}:
            raise ViewError(f"scores[{side}]: expected points and bags")
        scores[read.choice(side, expected, "scores")] = Standing(
            read.number(score["points"], f"scores[{side}].points", -MOST_TOLD, MOST_TOLD),
            read.number(score["bags"], f"scores[{side}].bags", 0, MOST_TOLD))
    if set(scores) != set(expected):
        raise ViewError(f"scores: expected one for each side, {' '.join(expected)}")
    return scores
