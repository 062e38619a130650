"""The `mc` level: a plain Monte-Carlo player, the yardstick Expert must beat.

It bids, calls misdeals and exchanges like Normal. To play, it deals the unseen cards
30 ways consistent with the voids shown (and the other deductions from play, but not
the bids), plays each legal card out 30 times per deal with uniformly random play,
and keeps the card with the best average score for its own side — the design of the
open-source Cards With Cats bot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import numpy as np

from game.players.knowledge import Knowledge
from game.players.normal import NormalPlayer
from game.players.search import OutcomeValues, card_values
from game.players.simulator import random_policy
from game.rules import Rules
from game.view import SeatView

DEALS = 30
PLAYOUTS = 30


class MonteCarloPlayer:
    """Bids like Normal; plays by random playouts on sampled deals (see module docs)."""

    def __init__(self, seat: str, rules: Mapping, seed: int = 0) -> None:
        self.seat = seat
        self.rules = Rules.from_dict(rules)
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self.normal = NormalPlayer(seat, rules, seed)

    def bid(self, view: dict) -> str:
        return self.normal.bid(view)

    def exchange(self, view: dict) -> list[str]:
        return self.normal.exchange(view)

    def play(self, view: dict) -> str:
        seen = SeatView.from_dict(view)
        if len(seen.legal) == 1:
            return str(seen.legal[0])
        values = OutcomeValues(self.rules, self.seat, seen.scores, differential=False)
        worth = card_values(view, self.rules, Knowledge.from_view(seen), DEALS, PLAYOUTS, random_policy, values,
                            self.rng, self.np_rng, weigh_bids=False)
        return max(seen.legal_cards, key=lambda card: worth[card.text]).text
