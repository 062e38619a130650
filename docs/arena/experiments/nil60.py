"""Experiment: Expert bids nil when it holds in 60% of simulated hands (instead of 70%).

A bot file for the arena, e.g.
``python -m game.arena --a docs/arena/experiments/nil60.py:Expert --b mc --deals 300 --seed 102 --jobs 2``.
"""
import game.expert as expert

expert.NIL_SAFETY = 0.6


class Expert(expert.ExpertPlayer):
    pass
