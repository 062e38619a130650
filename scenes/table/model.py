"""What the table shows: the state of the hand as far as the animations have got.

The engine runs ahead (a computer's card is already played while it still glides);
the table draws this model, which takes the engine's events one at a time.
No pygame here: the model is plain data, tested without a screen.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.bids import Bid
from game.cards import DECKS, SPADES, Card, Deck
from game.events import (
    BidChanged,
    BidMade,
    BlindChoice,
    CardDealt,
    CardPlayed,
    CardsExchanged,
    Event,
    HandScored,
    HandStarted,
    SpadesBroken,
    TrickWon,
)
from game.game import Game
from game.legality import points_behind
from game.scoring import HandScore, Standing
from game.seats import SEATS, side_of

SUIT_ORDER_SPADES_FIRST = (0, 1, 3, 2)
"""Spades, hearts, clubs, diamonds: black and red alternate."""
SUIT_ORDER_SPADES_LAST = (1, 3, 2, 0)


def sort_hand(cards: Iterable[Card], deck: Deck, spades_first: bool = True, aces_left: bool = True) -> list[Card]:
    """The player's fan order: by suit (trumps, jokers included, first or last), then rank."""
    order = SUIT_ORDER_SPADES_FIRST if spades_first else SUIT_ORDER_SPADES_LAST
    sign = -1 if aces_left else 1
    return sorted(cards, key=lambda c: (order.index(deck.suit_of[c.index]), sign * deck.power[c.index]))


class TableModel:
    """The hand as shown: holdings, bids, tricks taken, the trick on the table, the score."""

    def __init__(self, game: Game) -> None:
        self.rules = game.rules
        self.deck: Deck = DECKS[game.rules.deck]
        self.names = dict(game.names)
        self.standings: dict[str, Standing] = dict(game.standings)
        self.scores: list[HandScore] = list(game.scores)
        self.hand_number = 0
        self.dealer = game.first_dealer
        self._clear()

    def _clear(self) -> None:
        self.holdings: dict[str, list[Card]] = {seat: [] for seat in SEATS}
        self.dealt: dict[str, list[Card]] = {seat: [] for seat in SEATS}
        self.bids: dict[str, Bid] = {}
        self.taken: dict[str, int] = {seat: 0 for seat in SEATS}
        self.trick: list[tuple[str, Card]] = []
        self.last_trick: list[tuple[str, Card]] = []
        self.last_winner: str | None = None
        self.trick_winner: str | None = None
        self.spades_broken = False
        self.south_looked = False

    @classmethod
    def from_game(cls, game: Game) -> TableModel:
        """The table of a game picked up where it stands (a restored game)."""
        model = cls(game)
        hand = game.hand
        model.hand_number, model.dealer = hand.number, hand.dealer
        model.holdings = {seat: list(hand.holding(seat)) for seat in SEATS}
        model.dealt = {seat: list(cards) for seat, cards in hand.dealt.items()}
        model.bids = dict(hand.bids)
        model.taken = dict(hand.taken)
        model.trick = list(hand.trick)
        if hand.tricks:
            model.last_trick, model.last_winner = list(hand.tricks[-1].plays), hand.tricks[-1].winner
        model.spades_broken = hand.spades_broken
        model.south_looked = "S" in hand.looked
        return model

    def apply(self, event: Event) -> None:
        """Show one more event."""
        if isinstance(event, HandStarted):
            self._clear()
            self.hand_number, self.dealer = event.number, event.dealer
            self.south_looked = "S" not in event.blind_seats
        elif isinstance(event, CardDealt):
            self.holdings[event.seat].append(event.card)
            self.dealt[event.seat].append(event.card)
        elif isinstance(event, BlindChoice) and event.seat == "S" and event.choice == "look":
            self.south_looked = True
        elif isinstance(event, BidMade):
            self.bids[event.seat] = event.bid
            if event.seat == "S" and not event.bid.blind:
                self.south_looked = True
        elif isinstance(event, BidChanged):
            self.bids[event.seat] = event.new
        elif isinstance(event, CardsExchanged):
            for card in event.cards:
                self.holdings[event.giver].remove(card)
                self.holdings[event.receiver].append(card)
        elif isinstance(event, CardPlayed):
            if self.trick_winner is not None:
                self.collect_trick()
            self.holdings[event.seat].remove(event.card)
            self.trick.append((event.seat, event.card))
        elif isinstance(event, SpadesBroken):
            self.spades_broken = True
        elif isinstance(event, TrickWon):
            self.trick_winner = event.winner
        elif isinstance(event, HandScored):
            self.scores.append(event.score)
            self.standings = dict(event.score.standings)

    def collect_trick(self) -> None:
        """The marked trick goes to its winner (the sweep has landed)."""
        if self.trick_winner is None:
            return
        self.taken[self.trick_winner] += 1
        self.last_trick, self.last_winner = self.trick, self.trick_winner
        self.trick, self.trick_winner = [], None

    def south_hand(self, spades_first: bool = True, aces_left: bool = True) -> list[Card]:
        return sort_hand(self.holdings["S"], self.deck, spades_first, aces_left)

    def dealt_order(self, seat: str) -> list[Card]:
        """A seat's cards as dealt, sorted as the player's fan is."""
        return sort_hand(self.dealt[seat], self.deck)

    def contract(self, seats: Iterable[str]) -> tuple[int, int]:
        """Tricks taken and tricks bid (nil bids count zero) by these seats."""
        seats = list(seats)
        return (sum(self.taken[s] for s in seats),
                sum(self.bids[s].tricks for s in seats if s in self.bids))

    def behind(self, seat: str) -> int:
        """How many points the seat's side trails the best other side, as the scores stand."""
        points = {side: standing.points for side, standing in self.standings.items()}
        return points_behind(points, side_of(seat, self.rules.partners))

    def is_trump(self, card: Card) -> bool:
        return self.deck.suit_of[card.index] == SPADES
