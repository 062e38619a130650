"""Variations of Normal for the arena, one setting changed in each.

For example:
``python -m game.arena --a expert --b docs/arena/experiments/normal_variations.py:NilRisk10 \\
--deals 60 --seed 201 --jobs 1``
"""

from game.players.normal import NormalPlayer


class NilRisk11(NormalPlayer):
    """Bids nil only with a nil risk of at most 1.1 (Normal: 1.3)."""

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
