"""What a hand is worth to the Normal player's bidding: the tricks it should take, and
how dangerous it is to a nil.

Card strength is always the deck's: with jokers or deuces the A♠ is not the top trump.
"""

from __future__ import annotations

from functools import lru_cache

from game.cards import CLUBS, DECKS, SPADES, Card, Deck, cards_of

SIDE_SUITS = (1, 2, 3)
"""The effective suits that are not trumps: hearts, diamonds, clubs."""


def popcount(mask: int) -> int:
    return bin(mask).count("1")


@lru_cache(maxsize=8)
def suit_positions(deck_name: str) -> tuple[int, ...]:
    """For each card index: its place from the top of its effective suit (0 = highest)."""
    deck = DECKS[deck_name]
    positions = [99] * 54
    for mask in deck.suit_masks:
        ranked = sorted(cards_of(mask), key=lambda c: -deck.power[c.index])
        for place, card in enumerate(ranked):
            positions[card.index] = place
    return tuple(positions)


def ranked(deck: Deck, mask: int) -> list[Card]:
    """The cards of `mask`, strongest first (within an effective suit; trumps above all)."""
    return sorted(cards_of(mask), key=lambda c: (deck.suit_of[c.index] != SPADES, -deck.power[c.index]))


def estimate_tricks(deck: Deck, hand: int) -> float:
    """How many tricks the hand should take: the count of winners behind every bid.

    Top trumps count when enough spades guard them (the second trump with one under
    it, the third with two…); each spade past four counts nearly one; spare spades
    count a little for each void, singleton or doubleton they can ruff. In side
    suits an ace is a trick, a king guarded or with its ace nearly one, a queen
    with company a part of one; long side suits lose value (they get ruffed).
    """
    positions = suit_positions(deck.name)
    spades = ranked(deck, hand & deck.suit_masks[SPADES])
    length = len(spades)
    honours = 0.0
    counted = 0
    for held_above, card in enumerate(spades):
        missing = positions[card.index] - held_above
        guards = length - held_above - 1
        value = 1.0 if missing == 0 else ({1: 0.85, 2: 0.7, 3: 0.5}.get(missing, 0.0) if guards >= missing else 0.0)
        if value:
            honours += value
            counted += 1
    # Past the fourth spade (later with the bigger trump suits of jokers and deuces) each one is nearly a trick.
    long_start = 4 + (popcount(deck.suit_masks[SPADES]) - 13) / 2
    long_trumps = min(length - counted, max(0.0, length - long_start))
    spare = length - counted - long_trumps
    side = 0.0
    ruffs = 0.0
    for suit in SIDE_SUITS:
        held = ranked(deck, hand & deck.suit_masks[suit])
        count = len(held)
        ruffs += {0: 2.0, 1: 1.0, 2: 0.4}.get(count, 0.0)
        tops = {positions[c.index] for c in held}
        if 0 in tops:
            side += 1.0 if count <= 5 else (0.8 if count == 6 else 0.6)
        if 1 in tops:
            if 0 in tops:
                side += 0.9 if count <= 5 else 0.5
            else:
                side += {1: 0.1, 2: 0.7, 3: 0.7, 4: 0.65, 5: 0.5}.get(count, 0.3)
        if 2 in tops and count >= 3:
            partners_above = len(tops & {0, 1})
            if partners_above == 2:
                side += 0.6 if count <= 4 else 0.3
            elif partners_above == 1:
                side += 0.4 if count <= 4 else 0.2
            else:
                side += 0.2 if count <= 4 else 0.05
    return side + honours + 0.85 * long_trumps + 0.55 * min(spare, ruffs)


PARTNER_TRICKS = (0.917, 0.457, -0.208, -1.036)
"""How a partnership hand's count turns into the tricks it adds to the pair's: the count's
weight, each spade's up to the fourth, each spade's past it, and a constant. Fitted by least
squares on the tricks 3,240 pairs took in Normal's own play (1,000 arena deals, `--seed 77`,
with the plain count; `docs/arena/experiments/fit_partner_tricks.py`). The constant keeps the
average a tenth of a trick above the plain count's, where the arena found fewer sets and
fewer bags."""


def partner_terms(deck: Deck, hand: int) -> tuple[float, int, int]:
    """What :data:`PARTNER_TRICKS` weighs: the count, the spades up to the fourth and the spades past it."""
    spades = popcount(hand & deck.suit_masks[SPADES])
    return estimate_tricks(deck, hand), min(spades, 4), max(0, spades - 4)


def partner_tricks(deck: Deck, hand: int) -> float:
    """The count of :func:`estimate_tricks` weighed for partnership play with the standard
    deck, where length in trumps is worth more than the count says (a hand short in trumps
    sees its side winners ruffed)."""
    *weights, constant = PARTNER_TRICKS
    return sum(w * term for w, term in zip(weights, partner_terms(deck, hand), strict=True)) + constant


SPADE_NIL_RISK = (1.5, 1.2, 0.8, 0.55, 0.4, 0.28, 0.18, 0.1, 0.06)
SIDE_NIL_RISK = (0.85, 0.6, 0.38, 0.2, 0.1, 0.05, 0.02)


LOW_GUARD_RISK = 0.25
LOW_GUARD_FREE = 3
"""A side suit of three cards or more whose lowest card has more than `LOW_GUARD_FREE` cards
of the suit below it adds `LOW_GUARD_RISK` for each one past them: those are the leads that
force the nil to follow with cards that win. In Normal's own play, nils whose lowest card
of such a suit had 5 cards below held 60% of the time, with 6 or more about 45%, against
about 82% with 3 or fewer (3,000 arena deals)."""


SHORT_HONOUR_RISK = 0.3
SHORT_HONOUR_TOP = 3
"""A side suit of two cards headed by an honour (ace to jack: places up to `SHORT_HONOUR_TOP`)
adds `SHORT_HONOUR_RISK`: the second round of the suit forces the honour out. In Normal's own
play such nils held 68% of the time, against 83% for the others (6,000 arena deals); against
Expert 2 of 9."""


def card_nil_risk(deck: Deck, card: Card) -> float:
    """How dangerous one card is to a nil, by its place in its suit (trumps worst)."""
    place = suit_positions(deck.name)[card.index]
    table = SPADE_NIL_RISK if deck.suit_of[card.index] == SPADES else SIDE_NIL_RISK
    return table[place] if place < len(table) else 0.0


def nil_risk(deck: Deck, hand: int, must_beat: bool = False, low_club: bool = False) -> float:
    """How likely the hand is to be forced to take a trick, on a rough scale where
    about 1 is the most a nil should carry.

    High spades are the worst (they can never be thrown away under a higher card of
    the suit led), then unguarded aces and kings; low cards under an honour guard it;
    voids and singletons give discards, but an honour beside one low card does not stay
    under for long. Must-beat forces cards over others, and the
    first-trick low club can force a lone high club out at once.
    """
    positions = suit_positions(deck.name)
    spades = hand & deck.suit_masks[SPADES]
    length = popcount(spades)
    risk = sum(SPADE_NIL_RISK[positions[c.index]] if positions[c.index] < len(SPADE_NIL_RISK) else 0.03
               for c in cards_of(spades))
    risk += 0.15 * (length == 3) + 0.6 * max(0, length - 3)
    for suit in SIDE_SUITS:
        held = ranked(deck, hand & deck.suit_masks[suit])
        count = len(held)
        if count <= 1:
            # A short suit gives discards, but under must-beat a void forces a trump.
            risk += 0.3 * min(length, 2) if must_beat else -0.1
        for under, card in enumerate(reversed(held)):
            place = positions[card.index]
            if place >= len(SIDE_NIL_RISK):
                continue
            base = SIDE_NIL_RISK[place]
            risk += base * (0.6 if under >= 3 else 0.8 if under == 2 else 1.0)
        if count == 2 and positions[held[0].index] <= SHORT_HONOUR_TOP:
            risk += SHORT_HONOUR_RISK
        if count >= 3:
            below = popcount(deck.suit_masks[suit]) - 1 - positions[held[-1].index]
            risk += LOW_GUARD_RISK * max(0, below - LOW_GUARD_FREE)
        if count >= 6:
            risk += 0.25
    if must_beat:
        risk *= 1.3
    if low_club:
        # Trick 1 takes every seat's lowest club: a high lowest club may win it.
        clubs = hand & deck.suit_masks[CLUBS]
        if clubs:
            risk += 0.1 * max(0, 10 - positions[deck.lowest(clubs).index])
    return max(risk, 0.0)
