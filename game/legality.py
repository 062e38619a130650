"""What a seat may bid or play, and why anything else is refused: the one place.

The rules of play are one list of steps, :data:`PLAY_RULES`. Each step makes
demands (:class:`Demand`: "play one of these cards if you hold one") that narrow
the choice in turn; a refused card is explained by the first demand that excluded it,
in one plain sentence ("You must follow hearts"). Read the other way, they tell
what a card played proves: each demand it does not meet says its player held none
of the cards the demand asks for (among those the earlier demands left).

Hands are bitmasks (see :mod:`game.cards`); the :class:`game.hand.Hand` methods
wrap these functions for cards and bids as objects. The bids a team may hold
together are in :mod:`game.rules`, whose bid limits are checked with them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from game.bids import Bid
from game.cards import CARDS, CLUBS, DECKS, SPADES, SUIT_NAMES, SUITS, Card, Deck, cards_of, mask_of
from game.rules import Rules, looked_bids, number_range, pair_refusal

# ---------------------------------------------------------------------------
# Play


class PlayTurn(NamedTuple):
    """What the choice of the next card depends on, besides the cards held."""

    rules: Rules
    deck: Deck
    trick: Sequence[Card]
    """The cards already in the trick, the led card first."""
    trick_number: int
    """1 for the first trick of the hand."""
    spades_broken: bool

    @property
    def led(self) -> int:
        """The effective suit led (the trick must not be empty)."""
        return self.deck.suit_of[self.trick[0].index]

    @property
    def led_name(self) -> str:
        return SUIT_NAMES[SUITS[self.led]]

    @property
    def low_clubs_only(self) -> bool:
        """Whether the low-club rule governs every card of this trick (the first one)."""
        return self.trick_number == 1 and self.rules.low_club

    @property
    def following(self) -> bool:
        """Whether the rules for following apply: a card is led, and the low-club rule
        does not govern this trick."""
        return bool(self.trick) and not self.low_clubs_only

    def played(self, suit: int) -> list[Card]:
        """The cards of the effective `suit` in the trick."""
        return [c for c in self.trick if self.deck.suit_of[c.index] == suit]

    def highest(self, cards: Sequence[Card]) -> Card:
        """The strongest of some cards of one effective suit."""
        return max(cards, key=lambda c: self.deck.power[c.index])


class Demand(NamedTuple):
    """One step of the rules of play: play one of `cards` if you hold one (among the
    cards the earlier demands left you). `reason` is what a card it refuses is told."""

    cards: int
    reason: str


NO_DEMAND: tuple[Demand, ...] = ()


def _lowest_club_first(turn: PlayTurn) -> tuple[Demand, ...]:
    """First trick, low-club rule: a seat holding clubs plays its lowest one."""
    return _low_club_demands(turn.deck.name) if turn.low_clubs_only else NO_DEMAND


@cache
def _low_club_demands(deck_name: str) -> tuple[Demand, ...]:
    """The low-club rule as demands: a club no higher than the deck's lowest club, then
    no higher than the next one, and so on; the first a seat can meet names its lowest club."""
    deck = DECKS[deck_name]
    clubs = sorted(cards_of(deck.suit_masks[CLUBS]), key=lambda c: deck.power[c.index])
    return tuple(Demand(mask_of(clubs[:count]), f"On the first trick you must play your lowest club, the {club.label}")
                 for count, club in enumerate(clubs, start=1))


def _no_spade_lead_unbroken(turn: PlayTurn) -> tuple[Demand, ...]:
    """Spades-broken rule: lead a card other than a spade until a spade has been played."""
    if turn.trick or not turn.rules.spades_broken or turn.spades_broken:
        return NO_DEMAND
    return (Demand(turn.deck.mask & ~turn.deck.suit_masks[SPADES], "Spades are not broken yet"),)


def _follow_suit(turn: PlayTurn) -> tuple[Demand, ...]:
    """Play a card of the suit led."""
    if not turn.following:
        return NO_DEMAND
    return (Demand(turn.deck.suit_masks[turn.led], f"You must follow {turn.led_name}"),)


def _beat_the_suit_led(turn: PlayTurn) -> tuple[Demand, ...]:
    """Must-beat rule: following suit, beat its highest card, unless a spade has trumped
    the trick."""
    if not turn.following or not turn.rules.must_beat or (turn.led != SPADES and turn.played(SPADES)):
        return NO_DEMAND
    best = turn.highest(turn.played(turn.led))
    return (Demand(turn.deck.beaters[best.index], f"You must beat the {best.label}"),)


def _trump_when_void(turn: PlayTurn) -> tuple[Demand, ...]:
    """Must-beat rule: with no card of the plain suit led, trump, higher than any spade
    in the trick."""
    if not turn.following or not turn.rules.must_beat or turn.led == SPADES:
        return NO_DEMAND
    void = f"You have no {turn.led_name}, so you must trump"
    trumps = turn.played(SPADES)
    if not trumps:
        return (Demand(turn.deck.suit_masks[SPADES], f"{void} with a spade"),)
    best = turn.highest(trumps)
    return (Demand(turn.deck.beaters[best.index], f"{void} higher than the {best.label}"),)


PLAY_RULES: tuple[Callable[[PlayTurn], tuple[Demand, ...]], ...] = (
    _lowest_club_first,
    _no_spade_lead_unbroken,
    _follow_suit,
    _beat_the_suit_led,
    _trump_when_void,
)
"""The rules of play, in the order they narrow the choice: each gives its demands on
the next card (none where it does not apply). A demand that no card held (and still
allowed) meets narrows nothing."""


def play_demands(turn: PlayTurn) -> list[Demand]:
    """Every demand of :data:`PLAY_RULES` on the next card, in order."""
    return [demand for rule in PLAY_RULES for demand in rule(turn)]


def play_steps(rules: Rules, deck: Deck, holding: int, trick: Sequence[Card],
               trick_number: int, spades_broken: bool) -> list[tuple[int, str]]:
    """The narrowing steps for the next card: ``(allowed mask, rule)`` pairs, each
    mask inside the one before. With no steps, any held card may be played.

    Each demand of :data:`PLAY_RULES` that some allowed card meets is a step.

    >>> from game.cards import DECKS, cards, mask_of
    >>> from game.rules import PRESETS
    >>> steps = play_steps(PRESETS["solo"].rules, DECKS["standard"], mask_of(cards("AH 3H 9D")),
    ...                    cards("TH"), 2, True)
    >>> [(sorted(str(c) for c in cards_of(mask)), rule) for mask, rule in steps]
    [(['3H', 'AH'], 'You must follow hearts'), (['AH'], 'You must beat the 10♥')]
    """
    steps: list[tuple[int, str]] = []
    allowed = holding
    for demand in play_demands(PlayTurn(rules, deck, trick, trick_number, spades_broken)):
        narrowed = allowed & demand.cards
        if narrowed:
            allowed = narrowed
            steps.append((narrowed, demand.reason))
    return steps


def legal_play_mask(rules: Rules, deck: Deck, holding: int, trick: Sequence[Card],
                    trick_number: int, spades_broken: bool) -> int:
    """The mask of the held cards that may be played next."""
    steps = play_steps(rules, deck, holding, trick, trick_number, spades_broken)
    return steps[-1][0] if steps else holding


def play_refusal(rules: Rules, deck: Deck, holding: int, trick: Sequence[Card],
                 trick_number: int, spades_broken: bool, card: Card) -> str | None:
    """Why `card` may not be played now, or None if it may."""
    if not holding & card.bit:
        return f"You do not hold the {card.label}"
    for allowed, rule in play_steps(rules, deck, holding, trick, trick_number, spades_broken):
        if not allowed & card.bit:
            return rule
    return None


def trick_winner_index(deck: Deck, trick: Sequence[Card]) -> int:
    """Position in `trick` of the winning card: the highest spade, else the highest
    card of the suit led."""
    led = deck.suit_of[trick[0].index]
    best = 0
    for position in range(1, len(trick)):
        challenger, holder = trick[position], trick[best]
        suit, best_suit = deck.suit_of[challenger.index], deck.suit_of[holder.index]
        if suit == best_suit:
            if deck.power[challenger.index] > deck.power[holder.index]:
                best = position
        elif suit == SPADES and best_suit == led:
            best = position
    return best


# ---------------------------------------------------------------------------
# Misdeals


def misdeal_grounds(deck: Deck, holding: int) -> str | None:
    """Why this hand may be thrown in (at most one spade, a suit of 7+, or no J, Q, K),
    or None if it may not."""
    if bin(holding & deck.suit_masks[SPADES]).count("1") <= 1:
        return "at most one spade"
    for suit in range(4):
        if bin(holding & deck.suit_masks[suit]).count("1") >= 7:
            return f"seven or more {SUIT_NAMES[SUITS[suit]]}"
    if not any(CARDS[i].rank in "JQK" and holding >> i & 1 for i in range(52)):
        return "no jack, queen or king"
    return None


NO_MISDEAL = "A misdeal needs at most one spade, a suit of seven or more, or no jack, queen or king"


def give_back_refusal(card: Card) -> str:
    """Why the partner of a blind nil may not give `card` back in the exchange: it was just received."""
    return f"You cannot give back the {card.label} you were just given"


# ---------------------------------------------------------------------------
# Bids


def spade_count(deck: Deck, holding: int) -> int:
    """Spades held, the deck's extra trumps included (what Mirrors bids)."""
    return bin(holding & deck.suit_masks[SPADES]).count("1")


def points_behind(scores: Mapping[str, int], side: str) -> int:
    """How far `side` trails the best other side (negative when it leads)."""
    others = [points for other, points in scores.items() if other != side]
    return max(others) - scores[side] if others else 0


def blind_nil_open(rules: Rules, behind: int) -> bool:
    """Whether a side `behind` points behind may bid blind nil."""
    return rules.blind_nil > 0 and (rules.blind_nil_down == 0 or behind >= rules.blind_nil_down)


def blind_team_open(rules: Rules, behind: int) -> bool:
    """Whether a side `behind` points behind may bid a number blind."""
    return rules.blind_team is not None and (rules.blind_team == 0 or behind >= rules.blind_team)


def candidate_bids(rules: Rules, blind: bool, behind: int) -> tuple[Bid, ...]:
    """Bids open to a seat before team limits: blind ones, or looked ones."""
    if blind:
        return _blind_bids(rules, blind_nil_open(rules, behind), blind_team_open(rules, behind))
    return looked_bids(rules)


@lru_cache(maxsize=256)
def _blind_bids(rules: Rules, nil: bool, numbers: bool) -> tuple[Bid, ...]:
    blind_nil = (Bid(0, True),) if nil else ()
    return blind_nil + (tuple(Bid(n, True) for n in number_range(rules)) if numbers else ())


def bid_refusal(rules: Rules, bid: Bid, *, looked: bool, behind: int,
                partner_bid: Bid | None, partner_to_bid: bool,
                spades_held: int) -> str | None:
    """Why a seat may not make `bid` now, or None if it may.

    `partner_bid` is the partner's bid when it was made earlier in this round;
    `partner_to_bid` says the partner still bids after this seat."""
    if rules.bid_spades:
        fixed = Bid(spades_held)
        return None if bid == fixed else f"In this game every bid is the spades held: {fixed.label}"
    if bid not in candidate_bids(rules, bid.blind, behind):
        return _individual_refusal(rules, bid, behind)
    if bid.blind and looked:
        return "A blind bid must be made before looking at the cards"
    if not rules.partners:
        return None
    if partner_bid is not None:
        return pair_refusal(rules, partner_bid, bid)
    if partner_to_bid:
        options = candidate_bids(rules, False, behind)
        if not any(pair_refusal(rules, bid, other, later_is_you=False) is None for other in options):
            return "That bid would leave your partner no legal bid"
    return None


def _individual_refusal(rules: Rules, bid: Bid, behind: int) -> str:
    if bid.blind and bid.is_nil:
        if not rules.blind_nil:
            return "Blind nil is not allowed in this game"
        return f"Blind nil needs your side to be {rules.blind_nil_down} points behind"
    if bid.blind:
        if rules.blind_team is None:
            return "Blind bids are not allowed in this game"
        if not blind_team_open(rules, behind):
            return f"A blind bid needs your side to be {rules.blind_team} points behind"
    if bid.is_nil:
        return "Nil is not allowed in this game"
    low, high = max(1, rules.min_individual), rules.max_individual
    return f"Bids go from {low} to {high}"


def legal_bids(rules: Rules, *, looked: bool, behind: int, partner_bid: Bid | None,
               partner_to_bid: bool, spades_held: int) -> list[Bid]:
    """Every bid the seat may make now: blind bids if it has not looked, else looked ones."""
    if rules.bid_spades:
        return [Bid(spades_held)]
    return [b for b in candidate_bids(rules, not looked, behind)
            if bid_refusal(rules, b, looked=looked, behind=behind, partner_bid=partner_bid,
                           partner_to_bid=partner_to_bid, spades_held=spades_held) is None]

