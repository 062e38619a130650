"""Suggest: the partner's level advises the player's seat, with a one-line reason.

>>> from game.hand import Hand
>>> from game.rules import PRESETS
>>> import random
>>> hand = Hand.shuffled(PRESETS["partner"].rules, "E", random.Random(4))
>>> hand.look("S")
>>> from game.view import seat_view
>>> advice = suggest(seat_view(hand, "S"), level="normal")
>>> advice.choice in seat_view(hand, "S")["legal"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.bids import Bid
from game.cards import DECKS, SPADES, Card
from game.knowledge import Knowledge
from game.legality import trick_winner_index
from game.players import LEVELS, decide
from game.seats import SEAT_NAMES, partner


@dataclass(frozen=True)
class Suggestion:
    """A suggested choice (in view notation: a bid, a card, ``look``…) and why, in one line."""

    choice: object
    reason: str


def suggest(view: Mapping, level: str = "normal", seed: int = 0) -> Suggestion:
    """What the `level` player would choose in this seat, and a short reason for it."""
    player = LEVELS[level](view["seat"], view["rules"], seed)
    choice = decide(player, dict(view))
    return Suggestion(choice, explain(view, choice))


def explain(view: Mapping, choice: object) -> str:
    """A one-line reason for a choice, read off the position."""
    phase = view["phase"]
    if phase == "play":
        return _explain_card(view, Card.parse(str(choice)))
    if phase == "exchange":
        cards = ", ".join(Card.parse(c).label for c in choice)  # type: ignore[union-attr]
        return f"Pass {cards}" if cards else "Keep your cards"
    if choice == "look":
        return "Look at your cards before bidding"
    if choice == "misdeal":
        return "Throw this hand in: it qualifies for a misdeal and is weak"
    if choice == "keep":
        return "Keep this hand and bid it"
    return _explain_bid(view, Bid.parse(str(choice)))


def _explain_bid(view: Mapping, bid: Bid) -> str:
    if bid.blind:
        return "Bid blind nil: your side is far behind and needs the points" if bid.is_nil else (
            f"Bid {bid.tricks} blind for the double points")
    knowledge = Knowledge.from_view(view)
    deck = knowledge.deck
    held = [Card.parse(t) for t in view["hand"]]
    spades = [c for c in held if deck.suit_of[c.index] == SPADES]
    aces = [c for c in held if c.rank == "A" and deck.suit_of[c.index] != SPADES]
    if bid.is_nil:
        return f"Nil: your highest cards are low ({_top(held, deck)}), and nil is worth more here"
    parts = []
    if aces:
        parts.append("aces " + " ".join(c.label for c in aces))
    if spades:
        parts.append(f"{len(spades)} spade{'s' if len(spades) > 1 else ''} (top {_top(spades, deck)})")
    return f"About {bid.tricks} trick{'s' if bid.tricks != 1 else ''}" + (": " + ", ".join(parts) if parts else "")


def _top(cards: list[Card], deck) -> str:
    if not cards:
        return "none"
    return max(cards, key=lambda c: (deck.suit_of[c.index] == SPADES, deck.power[c.index])).label


def _explain_card(view: Mapping, card: Card) -> str:
    deck = DECKS[view["rules"]["deck"]]
    seat = view["seat"]
    mate = partner(seat)
    partners = bool(view["rules"]["partners"])
    bids = view["bids"]
    taken = view["taken"]
    trick = [(s, Card.parse(c)) for s, c in view["trick"]]
    mate_nil = partners and bids.get(mate) == "nil" and taken[mate] == 0
    me_nil = bids.get(seat) in ("nil", "bnil") and taken[seat] == 0
    if not trick:
        if me_nil:
            return f"You bid nil: lead low, the {card.label}"
        if mate_nil:
            return f"Partner bid nil: lead high to draw the big cards, the {card.label}"
        if Knowledge.from_view(view).is_master(card):
            return f"Lead your sure winner, the {card.label}"
        return f"Lead the {card.label}"
    played = [c for _, c in trick]
    winner_seat = trick[trick_winner_index(deck, played)][0]
    wins = trick_winner_index(deck, played + [card]) == len(played)
    if me_nil:
        return f"You bid nil: duck with the {card.label}" if not wins else f"You must win this one: the {card.label}"
    if mate_nil and winner_seat == mate and wins:
        return f"Partner bid nil: cover with the {card.label}"
    if partners and winner_seat == mate and not wins:
        return f"{SEAT_NAMES[mate]} is winning this trick: play low, the {card.label}"
    if wins and deck.suit_of[card.index] == SPADES and deck.suit_of[trick[0][1].index] != SPADES:
        return f"Trump it with the {card.label}"
    if wins:
        return f"Win the trick with the {card.label}" if len(trick) == 3 else f"Play high: the {card.label}"
    return f"You cannot win this one: throw the {card.label}"

