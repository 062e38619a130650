"""Variations of Expert for the arena, one constant changed in each.

``python -m game.arena --a docs/arena/experiments/variations.py:Nil60 --b mc --deals 300 --seed 102 --jobs 2``
"""

from game.players.expert import ExpertPlayer


class Shade14(ExpertPlayer):
    """Shades its bids harder: gives up to 14 points of simulated worth to bid a trick less (Expert: 8)."""

    bid_shade = 14.0


class Nil60(ExpertPlayer):
    """Bids nil when the nil holds in 60% of its simulated hands (Expert: 70%)."""

    nil_safety = 0.6
