"""What a seat may bid or play, and why anything else is refused: the one place.

Each rule narrows the choice step by step; a refused choice is explained by the
first step that excluded it, in one plain sentence ("You must follow hearts").
Hands are bitmasks (see :mod:`game.cards`); the :class:`game.hand.Hand` methods
wrap these functions for cards and bids as objects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from game.bids import Bid
from game.cards import CARDS, CLUBS, SPADES, SUIT_NAMES, SUITS, Card, Deck

if TYPE_CHECKING:  # rules.py validates limits with this module
    from game.rules import Rules

# ---------------------------------------------------------------------------
# Play


def play_steps(rules: Rules, deck: Deck, holding: int, trick: Sequence[Card],
               trick_number: int, spades_broken: bool) -> list[tuple[int, str]]:
    """The narrowing steps for the next card: ``(allowed mask, rule)`` pairs, each
    mask inside the one before. With no steps, any held card may be played."""
    steps: list[tuple[int, str]] = []
    if trick_number == 1 and rules.low_club:
        clubs = holding & deck.suit_masks[CLUBS]
        if clubs:
            lowest = deck.lowest(clubs)
            return [(lowest.bit, f"On the first trick you must play your lowest club, the {lowest.label}")]
        if trick:
            return steps
    if not trick:
        spades = deck.suit_masks[SPADES]
        if rules.spades_broken and not spades_broken and holding & ~spades:
            steps.append((holding & ~spades, "Spades are not broken yet"))
        return steps
    led = deck.suit_of[trick[0].index]
    following = holding & deck.suit_masks[led]
    if following:
        steps.append((following, f"You must follow {SUIT_NAMES[SUITS[led]]}"))
        trumped = led != SPADES and any(deck.suit_of[c.index] == SPADES for c in trick)
        if rules.must_beat and not trumped:
            best = max((c for c in trick if deck.suit_of[c.index] == led), key=lambda c: deck.power[c.index])
            beaters = following & deck.beaters[best.index]
            if beaters:
                steps.append((beaters, f"You must beat the {best.label}"))
        return steps
    if rules.must_beat:
        trumps = holding & deck.suit_masks[SPADES]
        played = [c for c in trick if deck.suit_of[c.index] == SPADES]
        if played:
            best = max(played, key=lambda c: deck.power[c.index])
            trumps &= deck.beaters[best.index]
            reason = f"You have no {SUIT_NAMES[SUITS[led]]}, so you must trump higher than the {best.label}"
        else:
            reason = f"You have no {SUIT_NAMES[SUITS[led]]}, so you must trump with a spade"
        if trumps:
            steps.append((trumps, reason))
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


def number_range(rules: Rules) -> range:
    """The numbers a seat may bid by the individual limits."""
    return range(max(1, rules.min_individual), rules.max_individual + 1)


def candidate_bids(rules: Rules, blind: bool, behind: int) -> tuple[Bid, ...]:
    """Bids open to a seat before team limits: blind ones, or looked ones."""
    if blind:
        return _candidates(rules, True, blind_nil_open(rules, behind), blind_team_open(rules, behind))
    return _candidates(rules, False, False, False)


@lru_cache(maxsize=256)
def _candidates(rules: Rules, blind: bool, blind_nil: bool, blind_numbers: bool) -> tuple[Bid, ...]:
    if blind:
        found = [Bid(0, True)] if blind_nil else []
        if blind_numbers:
            found += [Bid(n, True) for n in number_range(rules)]
        return tuple(found)
    found = [Bid(0)] if rules.nil_allowed else []
    return tuple(found + [Bid(n) for n in number_range(rules)])


def suicide_override(rules: Rules, earlier: Bid, later: Bid) -> Bid:
    """The earlier partner's bid after the one-partner-nil override: a second bid of
    the same kind turns the earlier number into nil, or the earlier nil into the
    individual minimum (at least 1)."""
    if not rules.one_nil or earlier.is_nil != later.is_nil:
        return earlier
    return Bid(max(1, rules.min_individual)) if earlier.is_nil else Bid(0)


def pair_refusal(rules: Rules, earlier: Bid, later: Bid, later_is_you: bool = True) -> str | None:
    """Why a team may not hold these two bids (earlier partner first), or None.

    The wording addresses the seat bidding `later` when `later_is_you`."""
    earlier = suicide_override(rules, earlier, later)
    looked_nils = [b for b in (earlier, later) if b.is_nil and not b.blind]
    blind_nils = [b for b in (earlier, later) if b.is_nil and b.blind]
    if len(looked_nils) == 2 and rules.team_nil:
        return None
    if looked_nils and not rules.nil:
        if blind_nils:
            return "A side with a blind nil cannot bid a team nil"
        if later_is_you and later.is_nil:
            return "Nil is allowed only as a team nil, after your partner bids nil"
        return "Your partner bid nil: a team nil needs you to bid nil too"
    total = earlier.tricks + later.tricks
    if total < rules.min_team:
        return f"Your team must bid at least {rules.min_team} in all"
    if total > rules.max_team:
        return f"Your team may bid at most {rules.max_team} in all"
    return None


def team_has_legal_pair(rules: Rules) -> bool:
    """Whether the bid limits leave a team at least one pair of looked bids."""
    options = candidate_bids(rules, False, 0)
    return any(pair_refusal(rules, first, second) is None for first in options for second in options)


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

