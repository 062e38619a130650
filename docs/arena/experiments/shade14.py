"""Experiment: Expert shading bids harder (BID_SHADE 14 instead of 8).

A bot file for the arena, e.g.
``python -m game.arena --a docs/arena/experiments/shade14.py:Expert --b mc --deals 300 --seed 102 --jobs 2``.
"""
import game.expert as expert

expert.BID_SHADE = 14.0


class Expert(expert.ExpertPlayer):
    pass
