"""How the Normal player leads: cash sure winners, draw trumps with the top one, lead a
suit the partner can ruff or a short suit to ruff later, else a low card that costs
least; to lose the trick, the card least likely to hold."""

from __future__ import annotations

from game.cards import SPADES, Card
from game.players.normal.decision import CASH, Decision
from game.players.normal.hand_value import suit_positions


def lead_to_win(d: Decision) -> Card:
    """A lead for a seat that wants tricks: the first of the plans below that has a card."""
    side_cards = [c for c in d.legal if d.suit(c) != SPADES]
    spades = [c for c in d.legal if d.suit(c) == SPADES]
    for plan in (_cash_winner, _draw_trumps, _partner_ruffs, _short_suit):
        card = plan(d, side_cards, spades)
        if card is not None:
            return card
    if side_cards:
        return safe_low_lead(d, side_cards)
    if spades and d.is_master(d.highest(spades)):
        return d.highest(spades)
    return d.cheapest(d.legal)


def _cash_winner(d: Decision, side_cards: list[Card], spades: list[Card]) -> Card | None:
    """Cash sure side winners first."""
    cashable = [c for c in side_cards if d.is_master(c) and d.hold_chance(c) >= CASH]
    if cashable:
        return max(cashable, key=lambda c: (d.hold_chance(c), -d.power(c)))
    return None


def _draw_trumps(d: Decision, side_cards: list[Card], spades: list[Card]) -> Card | None:
    """The top trump, with trumps to spare, while an opponent may still hold some."""
    if not spades:
        return None
    top = d.highest(spades)
    many = len(spades) >= 3 or not side_cards
    return top if d.is_master(top) and many and d.opponents_may_hold_trumps() else None


def _partner_ruffs(d: Decision, side_cards: list[Card], spades: list[Card]) -> Card | None:
    """A suit the partner is out of, while it still holds trumps: the partner ruffs."""
    mate = d.mate
    if not mate:
        return None
    for card in sorted(side_cards, key=d.power):
        suit = d.suit(card)
        if (d.know.void_in(mate, suit) and not d.know.void_in(mate, SPADES)
                and not any(d.know.void_in(o, suit) for o in d.opponents)):
            return card
    return None


def _short_suit(d: Decision, side_cards: list[Card], spades: list[Card]) -> Card | None:
    """A low singleton, to ruff the suit later with a spare trump."""
    if not side_cards or d.held_in_suit(SPADES) < 2:
        return None
    positions = suit_positions(d.deck.name)
    singles = [c for c in side_cards
               if d.held_in_suit(d.suit(c)) == 1 and not d.is_master(c) and positions[c.index] > 2]
    return d.cheapest(singles) if singles else None


def safe_low_lead(d: Decision, side_cards: list[Card]) -> Card:
    """A low card from the suit that costs least to open: long, without a lone honour,
    not one an opponent can ruff."""
    positions = suit_positions(d.deck.name)

    def cost(card: Card) -> tuple:
        suit = d.suit(card)
        held = [c for c in side_cards if d.suit(c) == suit]
        lowest = min(held, key=d.power)
        exposed = any(positions[c.index] <= 2 and not d.is_master(c) for c in held) and len(held) <= 2
        ruffable = any(d.know.void_in(o, suit) and not d.know.void_in(o, SPADES) for o in d.opponents)
        return (card is not lowest, ruffable, exposed, -len(held), d.power(card))

    return min(side_cards, key=cost)


def lead_to_lose(d: Decision) -> Card:
    """A lead the opponents should win: low, under many higher cards they may hold."""
    def chance_to_hold(card: Card) -> tuple:
        return (d.hold_chance(card, d.opponents), d.suit(card) == SPADES, -d.power(card))

    return min(d.legal, key=chance_to_hold)
