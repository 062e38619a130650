"""What the table shows: the state of the hand as far as the animations have got.

The engine runs ahead (a computer's card is already played while it still glides);
the table draws this model, which takes the engine's events one at a time.
No pygame here: the model is plain data, tested without a screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

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
from game.rules import Rules
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


class Hidden:
    """A card the table may not see (another seat's, at a table on a server): only how many
    there are is shown, as backs."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Hidden()"


@dataclass(frozen=True)
class HandShown:
    """The four hands of hand `number` as dealt, told by a server once the hand is over
    (a table on this computer knows them all along)."""

    number: int
    deal: Mapping[str, list[Card]]


@dataclass(frozen=True)
class OwnCards:
    """The player's own cards, told by a server once the player has looked at them (it keeps
    them back while the player may still bid blind)."""

    cards: tuple[Card, ...]


class TableModel:
    """The hand as shown: holdings, bids, tricks taken, the trick on the table, the score.

    `names` and `standings` are those the game starts with; `first_dealer` deals the first hand."""

    watching = False
    """The table is shown to someone watching, on neither side (South is a seat like the others)."""

    def __init__(self, rules: Rules, names: Mapping[str, str], standings: Mapping[str, Standing],
                 scores: Iterable[HandScore] = (), first_dealer: str = "S", first_hand: int = 1) -> None:
        self.rules = rules
        self.deck: Deck = DECKS[rules.deck]
        self.names = dict(names)
        self.standings: dict[str, Standing] = dict(standings)
        self.scores: list[HandScore] = list(scores)
        self.first_hand = first_hand
        """The number of the game's first hand: 1, or that of the deal a game was started from."""
        self.hand_number = 0
        self.dealer = first_dealer
        self._clear()

    @classmethod
    def of_game(cls, game: Game) -> TableModel:
        """The table of `game` before any of its events is shown."""
        return cls(game.rules, game.names, game.standings, game.scores, game.first_dealer,
                   game.start.number if game.start else 1)

    @property
    def last_scored(self) -> int:
        """The number of the last hand scored (0 before the first)."""
        return self.first_hand + len(self.scores) - 1 if self.scores else 0

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
        model = cls.of_game(game)
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
        if isinstance(event, (HandStarted, CardDealt, HandShown, OwnCards)):
            self._apply_cards_told(event)
        elif isinstance(event, (BlindChoice, BidMade, BidChanged)):
            self._apply_bidding(event)
        elif isinstance(event, CardsExchanged):
            for card in event.cards:
                self._take(event.giver, card)
                self.holdings[event.receiver].append(card if card is not None else Hidden())
        elif isinstance(event, CardPlayed):
            if self.trick_winner is not None:
                self.collect_trick()
            self._take(event.seat, event.card)
            self.trick.append((event.seat, event.card))
        elif isinstance(event, SpadesBroken):
            self.spades_broken = True
        elif isinstance(event, TrickWon):
            self.trick_winner = event.winner
            self.taken[event.winner] += 1  # counted as soon as the winner is marked, before the sweep
        elif isinstance(event, HandScored):
            self.scores.append(event.score)
            self.standings = dict(event.score.standings)

    def _apply_cards_told(self, event: HandStarted | CardDealt | HandShown | OwnCards) -> None:
        """A new hand, a card dealt, the player's own cards or the four hands told by a server."""
        if isinstance(event, HandStarted):
            self._clear()
            self.hand_number, self.dealer = event.number, event.dealer
            self.south_looked = "S" not in event.blind_seats
        elif isinstance(event, CardDealt):
            card = event.card if event.card is not None else Hidden()
            self.holdings[event.seat].append(card)
            self.dealt[event.seat].append(card)
        elif isinstance(event, HandShown):
            self.reveal(event.deal)
        elif all(isinstance(card, Hidden) for card in self.holdings["S"]):
            self.holdings["S"], self.dealt["S"] = list(event.cards), list(event.cards)

    def _apply_bidding(self, event: BlindChoice | BidMade | BidChanged) -> None:
        """A bid, a changed bid, or a blind choice. South's fan turns up once it looks or has bid:
        a blind bid is made before looking, and then the cards are picked up to be played."""
        if isinstance(event, BlindChoice):
            self.south_looked = self.south_looked or (event.seat == "S" and event.choice == "look")
        elif isinstance(event, BidMade):
            self.bids[event.seat] = event.bid
            self.south_looked = self.south_looked or event.seat == "S"
        else:
            self.bids[event.seat] = event.new

    def _take(self, seat: str, card: Card | None) -> None:
        """A card leaves `seat`'s hand: that card, or one of its hidden ones (a server's seat that was
        not told holding it: none)."""
        holding = self.holdings[seat]
        if card in holding:
            holding.remove(card)
        elif (hidden := next((c for c in holding if isinstance(c, Hidden)), None)) is not None:
            holding.remove(hidden)

    def reveal(self, deal: Mapping[str, Iterable[Card]]) -> None:
        """The hand is over: every seat's cards as dealt (a server sends them then)."""
        self.dealt = {seat: list(deal[seat]) for seat in SEATS}

    def collect_trick(self) -> None:
        """The marked trick goes to its winner (the sweep has landed)."""
        if self.trick_winner is None:
            return
        self.last_trick, self.last_winner = self.trick, self.trick_winner
        self.trick, self.trick_winner = [], None

    def south_hand(self, spades_first: bool = True, aces_left: bool = True) -> list[Card]:
        """The player's fan in its order (cards the table may not see, a spectator's, as dealt)."""
        holding = self.holdings["S"]
        if any(isinstance(card, Hidden) for card in holding):
            return list(holding)
        return sort_hand(holding, self.deck, spades_first, aces_left)

    def dealt_order(self, seat: str) -> list[Card]:
        """A seat's cards as dealt, sorted as the player's fan is (none while some are hidden)."""
        if any(isinstance(card, Hidden) for card in self.dealt[seat]):
            return []
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
