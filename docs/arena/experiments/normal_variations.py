"""Variations of Normal for the arena, one setting changed in each.

For example:
``python -m game.arena --a expert --b docs/arena/experiments/normal_variations.py:NilRisk10 \\
--deals 60 --seed 201 --jobs 1``
"""

from typing import Any

from game.players.expert import ExpertPlayer
from game.players.normal import NormalPlayer, bidding


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
