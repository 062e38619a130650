"""Cards, the three decks, and the text notation of `Spades.save`.

A card is written rank then suit, by its printed face: ``"AS"``, ``"TD"``, ``"2C"``;
the jokers are ``"BJ"`` and ``"LJ"``. Every card is one shared object, so cards
compare with ``==`` or ``is`` and hash cheaply.

>>> Card.parse("AS")
Card('AS')
>>> str(Card.parse("td"))
'TD'
>>> Card.parse("TD").label
'10♦'

Inside, card ``i`` is bit ``1 << i`` of an int, so a hand is a bitmask and a suit
is a mask: that keeps legality checks and searches fast. A :class:`Deck` says how
a deck ranks its cards: which suit each card follows and how strong it is.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

SUITS = "SHDC"
"""Printed suits, in the order `Spades.save` writes a hand: spades, hearts, diamonds, clubs."""
RANKS = "23456789TJQKA"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKERS = ("LJ", "BJ")
SPADES = 0
"""Index of the spade suit in :data:`SUITS`: trumps in every deck."""
CLUBS = 3

_RANK_LABELS = {"T": "10"}


class Card:
    """One playing card, identified by its index (0–51: suit × 13 + rank; 52 LJ; 53 BJ).

    Use :meth:`parse` or :data:`CARDS`; there is exactly one object per card.
    """

    __slots__ = ("index", "rank", "suit", "text", "bit")

    index: int
    rank: str
    """Printed rank: ``"2"``…``"A"``, or ``"J"`` for a joker (its text is BJ/LJ)."""
    suit: str
    """Printed suit: ``"S" "H" "D" "C"``, or ``"J"`` for a joker."""
    text: str
    bit: int

    def __init__(self, index: int) -> None:
        self.index = index
        self.bit = 1 << index
        if index < 52:
            self.suit = SUITS[index // 13]
            self.rank = RANKS[index % 13]
            self.text = self.rank + self.suit
        else:
            self.suit = "J"
            self.rank = "J"
            self.text = JOKERS[index - 52]

    @staticmethod
    def parse(text: str) -> Card:
        """The card written `text` (``"AS"``, ``"td"``, ``"BJ"``); ValueError if none."""
        try:
            return _BY_TEXT[text.strip().upper()]
        except KeyError:
            raise ValueError(f"{text!r} is not a card (write rank then suit, like AS or TD)") from None

    @property
    def is_joker(self) -> bool:
        return self.index >= 52

    @property
    def label(self) -> str:
        """The card for people: ``10♦``, ``A♠``, ``Big Joker``."""
        if self.is_joker:
            return "Big Joker" if self.text == "BJ" else "Little Joker"
        return _RANK_LABELS.get(self.rank, self.rank) + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __reduce__(self) -> tuple:
        return (Card.parse, (self.text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(54))
"""Every card that exists in any deck, by index."""
_BY_TEXT = {card.text: card for card in CARDS}


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """Cards from space-separated text: ``cards("AS KD 2C")``."""
    return [Card.parse(part) for part in text.split()]


def mask_of(cards_: Iterable[Card]) -> int:
    """The bitmask holding these cards."""
    mask = 0
    for c in cards_:
        mask |= c.bit
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards in a bitmask, by index."""
    result = []
    while mask:
        low = mask & -mask
        result.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return result


@dataclass(frozen=True)
class Deck:
    """How one deck option ranks its cards.

    ``trumps_high`` lists the extra trumps above the A♠, strongest first; they are
    spades in every way (following, leading, breaking). Printed cards that leave
    the deck are in ``removed``.
    """

    name: str
    trumps_high: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    cards: tuple[Card, ...] = field(init=False)
    mask: int = field(init=False)
    suit_of: tuple[int, ...] = field(init=False, repr=False)
    """Effective suit index (0 spades … 3 clubs) of each card index; -1 if not in deck."""
    power: tuple[int, ...] = field(init=False, repr=False)
    """Strength within its effective suit (higher wins), by card index."""
    suit_masks: tuple[int, ...] = field(init=False, repr=False)
    """Mask of each effective suit."""
    beaters: tuple[int, ...] = field(init=False, repr=False)
    """For each card index: the mask of same-suit cards that beat it."""

    def __post_init__(self) -> None:
        removed = {Card.parse(t).index for t in self.removed}
        in_deck = [c for c in CARDS if (c.index < 52 and c.index not in removed) or c.text in self.extra]
        top = [Card.parse(t).index for t in self.trumps_high]
        suit_of = [-1] * 54
        power = [0] * 54
        for c in in_deck:
            suit_of[c.index] = SUITS.index(c.suit) if c.index < 52 else SPADES
            power[c.index] = RANKS.index(c.rank) + 2 if c.index < 52 else 0
        # The 2♠ and every special trump rank above the ace, lowest first.
        for strength, index in enumerate(reversed(top), start=15):
            suit_of[index] = SPADES
            power[index] = strength
        suit_masks = [0, 0, 0, 0]
        for c in in_deck:
            suit_masks[suit_of[c.index]] |= c.bit
        beaters = [0] * 54
        for c in in_deck:
            same = suit_masks[suit_of[c.index]]
            beaters[c.index] = mask_of(o for o in cards_of(same) if power[o.index] > power[c.index])
        object.__setattr__(self, "cards", tuple(sorted(in_deck, key=lambda c: c.index)))
        object.__setattr__(self, "mask", mask_of(in_deck))
        object.__setattr__(self, "suit_of", tuple(suit_of))
        object.__setattr__(self, "power", tuple(power))
        object.__setattr__(self, "suit_masks", tuple(suit_masks))
        object.__setattr__(self, "beaters", tuple(beaters))

    def suit(self, card_: Card) -> str:
        """The suit a card follows in this deck: the 2♣ of the jokers deck is ``"S"``."""
        return SUITS[self.suit_of[card_.index]]

    def is_trump(self, card_: Card) -> bool:
        return self.suit_of[card_.index] == SPADES

    def lowest(self, mask: int) -> Card:
        """The weakest card of a non-empty mask of one effective suit."""
        return min(cards_of(mask), key=lambda c: self.power[c.index])

    def sort_key(self, card_: Card) -> tuple[int, int]:
        """Orders a hand by effective suit (spades first), strongest first within it."""
        return (self.suit_of[card_.index], -self.power[card_.index])

    def shuffled(self, rng: random.Random) -> list[Card]:
        """The deck's cards in a random order drawn from `rng`."""
        order = list(self.cards)
        rng.shuffle(order)
        return order


DECKS: dict[str, Deck] = {
    "standard": Deck("standard"),
    "jokers": Deck("jokers", trumps_high=("BJ", "LJ", "2C", "2S"), removed=("2H", "2D"), extra=("LJ", "BJ")),
    "deuces": Deck("deuces", trumps_high=("2D", "2H", "2C", "2S")),
}
"""The deck options of SPEC §1 by their `Rules` name."""


def format_hand(hand: Iterable[Card]) -> str:
    """A hand in `Deal` notation: printed suits S.H.D.C, ranks A down to 2.

    >>> format_hand(cards("2C AS KS 9H BJ"))
    'BJAK.9..2'
    """
    held = set(hand)
    groups = []
    for suit in SUITS:
        group = "".join(r for r in reversed(RANKS) if _BY_TEXT[r + suit] in held)
        if suit == "S":
            group = "".join(j for j in ("BJ", "LJ") if _BY_TEXT[j] in held) + group
        groups.append(group)
    return ".".join(groups)


def parse_hand(text: str) -> list[Card]:
    """The cards of a hand in `Deal` notation; ValueError if it is malformed.

    >>> [str(c) for c in parse_hand("BJA.9..2")]
    ['BJ', 'AS', '9H', '2C']
    """
    groups = text.strip().split(".")
    if len(groups) != 4:
        raise ValueError(f"{text!r} is not a hand: it needs four suit groups separated by dots")
    result: list[Card] = []
    for suit, group in zip(SUITS, groups, strict=False):
        upper = group.upper()
        if suit == "S":
            while upper[:2] in ("BJ", "LJ"):
                result.append(_BY_TEXT[upper[:2]])
                upper = upper[2:]
        for rank in upper:
            if rank not in RANKS:
                raise ValueError(f"{rank!r} is not a rank in hand {text!r}")
            result.append(_BY_TEXT[rank + suit])
    if len(set(result)) != len(result):
        raise ValueError(f"hand {text!r} holds a card twice")
    return result
