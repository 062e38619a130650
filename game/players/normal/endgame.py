"""Normal's last tricks: with only a few cards left, the card that does best on a handful of
sampled deals, every seat playing perfectly after it.

Normal's rules of thumb win the tricks a contract needs with the cheapest winner and give
tricks up with the lowest card, so near the end it can be left holding high cards that must
win (bags), or a card too low to take the trick that would have made the contract. A player
who counts the last few cards sees that. Here Normal deals the unseen cards
(:func:`game.players.knowledge.sample_deals`, uniformly among the deals the play so far
allows) and solves each deal exactly with the one solver (:mod:`game.players.solver`), on the
hand's score with the bag outlook, as Expert does for its longer endings. So few cards make
small searches: the decision stays within a few milliseconds.
"""

from __future__ import annotations

import random

from game.cards import Card
from game.players.knowledge import Knowledge, sample_deals
from game.players.solver import EPSILON, Position, Solver, outlook_worth, solver_for
from game.view import SeatView

ENDGAME_CARDS = 3
"""Normal solves the play from the moment it holds this many cards or fewer."""
ENDGAME_DEALS = 8
"""Sampled deals solved for each such decision."""


class Endgame:
    """Normal's last tricks for one seat. It keeps the solver of the hand in play: a solver's
    values hold for any position with the same rules, bids and standings, so the seat's next
    decisions, and the deals that come up again, reuse what it has already worked out."""

    def __init__(self, seat: str, deals: int = ENDGAME_DEALS) -> None:
        self.seat = seat
        self.deals = deals
        self._solver: Solver | None = None
        self._made_for: tuple | None = None

    def card(self, view: SeatView, knowledge: Knowledge, preferred: Card, rng: random.Random) -> Card:
        """The legal card worth most over :attr:`deals` sampled deals; `preferred` (the rules of
        thumb's card) when it is among the best, else the lowest of the best."""
        dealt = sample_deals(knowledge, self.deals, rng, weigh_bids=False)
        first = Position.from_seat_view(view, dealt[0])
        solver = self._solver_for(first)
        totals = dict.fromkeys(view.legal_cards, 0.0)
        solved: dict[tuple, dict[Card, float]] = {}
        for deal in dealt:
            key = tuple(deal.values())
            if key not in solved:
                solved[key] = solver.card_values(first.with_holdings(deal))
            for card, value in solved[key].items():
                totals[card] += value
        top = max(totals.values())
        best = [card for card, total in totals.items() if total >= top - EPSILON * len(dealt)]
        if preferred in best:
            return preferred
        return min(best, key=lambda card: (view.deck.power[card.index], card.index))

    def _solver_for(self, position: Position) -> Solver:
        """This hand's solver: a new one when the rules, bids or standings differ from the last."""
        made_for = (position.rules, tuple(position.bids.items()), tuple(position.standings.items()))
        if self._solver is None or made_for != self._made_for:
            self._solver = solver_for(position, outlook_worth(position.rules, position.standings), seat=self.seat)
            self._made_for = made_for
        return self._solver
