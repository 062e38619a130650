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

While a nil still stands, Normal starts one card sooner, on fewer deals: whether a nil holds
is worth a hundred points or more, and its last four cards often decide it (in Suicide, where
every hand has two nils, that is most hands). Those few deals are weighed by the bids (a nil
bidder rarely holds high cards), which brings them nearer the real one.
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
NIL_ENDGAME_CARDS = 4
"""While any seat's nil stands, Normal solves the play from the moment it holds this many cards."""
NIL_ENDGAME_DEALS = 4
"""Sampled deals solved for a decision with more than :data:`ENDGAME_CARDS` cards held. A
four-card search costs several times a three-card one: with 6 or 8 deals Normal's slowest
decisions in Suicide took over 5 ms (`docs/benchmarks.md`)."""


def nil_stands(view: SeatView) -> bool:
    """Whether some seat bid nil and has taken no trick yet."""
    return any(view.nil_alive(seat) for seat in view.bids)


class Endgame:
    """Normal's last tricks for one seat. It keeps the solver of the hand in play: a solver's
    values hold for any position with the same rules, bids and standings, so the seat's next
    decisions, and the deals that come up again, reuse what it has already worked out."""

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self._solver: Solver | None = None
        self._made_for: tuple | None = None

    def card(self, view: SeatView, knowledge: Knowledge, preferred: Card, rng: random.Random,
             deals: int = ENDGAME_DEALS, weigh_bids: bool = False) -> Card:
        """The legal card worth most over `deals` sampled deals (uniform, or with `weigh_bids`
        weighed by the bids: Normal reads no soft tells of the play); `preferred` (the rules of
        thumb's card) when it is among the best, else the lowest of the best."""
        dealt = sample_deals(knowledge, deals, rng, weigh_bids=weigh_bids)
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
