"""Variations of Normal for the arena, one setting changed in each.

For example:
``python -m game.arena --a expert --b docs/arena/experiments/normal_variations.py:NilRisk10 \\
--deals 60 --seed 201 --jobs 1``
"""

import random
from typing import Any

from game.cards import cards_of
from game.players.expert import ExpertPlayer
from game.players.knowledge import Knowledge, sample_deals
from game.players.normal import NormalPlayer, bidding
from game.players.normal.decision import Decision
from game.players.normal.player import choose_card
from game.players.solver import EPSILON, Position, solver_for
from game.scoring import SideScore
from game.view import SeatView


class NilRisk11(NormalPlayer):
    """Bids nil only with a nil risk of at most 1.1 (Normal: 1.3). Since Normal plays a nil out
    before bidding it (with a partner), this limit and the two below bind only the nils it does
    not play out: in Solo and team nils."""

    nil_risk_limit = 1.1


class NilRisk10(NormalPlayer):
    """Bids nil only with a nil risk of at most 1.0."""

    nil_risk_limit = 1.0


class NilRisk08(NormalPlayer):
    """Bids nil only with a nil risk of at most 0.8."""

    nil_risk_limit = 0.8


class Round06(NormalPlayer):
    """Rounds its trick count up from .4 instead of .5."""

    bid_rounding = 0.6


class Round07(NormalPlayer):
    """Rounds its trick count up from .3 instead of .5: bids closer to what the pair takes (fewer bags)."""

    bid_rounding = 0.7


class EndgameFourCards(NormalPlayer):
    """Solves its last four cards instead of three (slower: a 4-card decision takes several
    times a 3-card one)."""

    endgame_cards = 4


class EndgameSixDeals(NormalPlayer):
    """Solves its last three cards on 6 sampled deals instead of 8."""

    endgame_deals = 6


class NilEndgameThreeCards(NormalPlayer):
    """Solves only its last three cards, on uniform deals, a nil standing or not (the Normal of
    the twenty-third session)."""

    nil_endgame_cards = 3
    nil_endgame_weighs = False


class NilEndgameUniform(NormalPlayer):
    """While a nil stands, solves its last four cards on uniform deals, not weighed by the bids."""

    nil_endgame_weighs = False


class NilEndgameFiveDeals(NilEndgameUniform):
    """While a nil stands, solves its last four cards on 5 uniform deals instead of 4."""

    nil_endgame_deals = 5


class NilEndgameEightDeals(NilEndgameUniform):
    """While a nil stands, solves its last four cards on 8 uniform deals instead of 4."""

    nil_endgame_deals = 8


class NoNilCheck(NormalPlayer):
    """Bids the nil its count allows without playing it out first (the Normal of the
    twenty-fourth session)."""

    nil_hold_floor = 0.0


class NilFloor60(NormalPlayer):
    """Bids a nil only if it holds in 60% of the 64 deals played out (Normal: 65%)."""

    nil_hold_floor = 0.6


class NilCheck32(NilFloor60):
    """Bids a nil only if it holds in 60% of 32 deals played out."""

    nil_check_deals = 32


class ExpertBids(NormalPlayer):
    """Normal's play with Expert's bids (blind and misdeal choices included): whether Normal's
    bags come from its bidding or its play."""

    def __init__(self, seat: str, rules: Any, seed: int = 0) -> None:
        super().__init__(seat, rules, seed)
        self._expert = ExpertPlayer(seat, rules, seed)

    def bid(self, view: dict) -> str:
        return self._expert.bid(view)



class ThreeSpadeNilsPlayedOut(NormalPlayer):
    """A nil played out first with three spades may carry a nil risk of 1.7 (Normal: 1.0): the
    Normal of the twenty-sixth session. The four variations after it change that Normal."""

    checked_nil_spade_risk = bidding.NIL_SPADE_RISK


class CheckNilsUnderOldLimits(ThreeSpadeNilsPlayedOut):
    """Plays out only the nils its count allows under the limits of unchecked nils (risk 1.3,
    2 tricks): the Normal of the twenty-fifth session."""

    checked_nil_risk_limit = NormalPlayer.nil_risk_limit
    checked_nil_max_tricks = NormalPlayer.nil_max_tricks


class CheckNilRisk16(ThreeSpadeNilsPlayedOut):
    """Plays out the nils its count allows up to a nil risk of 1.6 and 2 tricks (Normal: 2.0 and 2.5)."""

    checked_nil_risk_limit = 1.6
    checked_nil_max_tricks = 2.0


class CheckNilRisk25(ThreeSpadeNilsPlayedOut):
    """Plays out the nils its count allows up to a nil risk of 2.5 and 3 tricks."""

    checked_nil_risk_limit = 2.5
    checked_nil_max_tricks = 3.0


class NilFloor70(ThreeSpadeNilsPlayedOut):
    """Bids a nil only if it holds in 70% of the 64 deals played out (Normal: 65%)."""

    nil_hold_floor = 0.7


class CheckedNilThreeSpades07(NormalPlayer):
    """A nil played out first with three spades may carry a nil risk of 1.3 (Normal: 1.0)."""

    checked_nil_spade_risk = (0.0, 0.0, 0.0, 0.7, 1.0)


class CheckedNilTwoSpades(NormalPlayer):
    """A nil played out first with two spades may carry a nil risk of 1.7 (Normal: 2.0)."""

    checked_nil_spade_risk = (0.0, 0.0, 0.3, 1.0, 1.0)


class NilEndgameSixCards16Deals(NormalPlayer):
    """While a nil stands, solves its last six cards on 16 deals weighed by the bids (Normal: four
    cards on 4 deals): a ceiling for Normal's late play around nils, far from instant."""

    nil_endgame_cards = 6
    nil_endgame_deals = 16


def nil_only_worth(side: SideScore) -> float:
    """Only the nils count: 100 points off a side for each of its nils that fails."""
    return -100.0 * sum(not nil.made for nil in side.nils)


class NilOnlyEndgame(NormalPlayer):
    """With 5 or 6 cards held while its own or its partner's nil stands, plays the card whose
    nils fare best under perfect play on 16 deals weighed by the bids, nothing but the nils
    counted (:func:`nil_only_worth`); the rules of thumb's card when it is among those. It never
    gives a nil up for the contract, as :class:`NilEndgameSixCards16Deals` may. Not instant."""

    nil_only_deals = 16
    nil_only_cards = 6

    def choose_card(self, view: SeatView) -> str:
        held = len(view.hand)
        ours = view.nil_alive(self.seat) or bool(view.partner and view.nil_alive(view.partner))
        if len(view.legal) == 1 or not ours or not self.nil_endgame_cards < held <= self.nil_only_cards:
            return super().choose_card(view)
        self._remember(view)
        mate = view.partner
        known = {mate: [str(c) for c in cards_of(self._passed)]} if mate and self._passed else None
        knowledge = Knowledge.from_view(view, known=known, tells=False)
        preferred = choose_card(Decision(view, knowledge))
        moment = f"{self.seed}:{self.seat}:{view.hand_number}:{view.dealer}:{view.cards_played}"
        dealt = sample_deals(knowledge, self.nil_only_deals, random.Random(moment), weigh_bids=True)
        first = Position.from_seat_view(view, dealt[0])
        solver = solver_for(first, nil_only_worth, seat=self.seat)
        totals = dict.fromkeys(view.legal_cards, 0.0)
        for deal in dealt:
            for card, value in solver.card_values(first.with_holdings(deal)).items():
                totals[card] += value
        top = max(totals.values())
        best = [card for card, total in totals.items() if total >= top - EPSILON * len(dealt)]
        if preferred in best:
            return str(preferred)
        return str(min(best, key=lambda card: (view.deck.power[card.index], card.index)))
