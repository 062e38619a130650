"""The Spades engine: cards, rules, a hand, scoring, a game, the seat view.

Pure Python (no pygame anywhere here): the screens, the arena and the computer
players all stand on it.
"""
