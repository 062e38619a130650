#!/usr/bin/env python3
"""Spades: start the game.

The screens are still to come; until then this plays one whole game of the
Partner variant between four random computer players and prints each hand.
"""

from game.__main__ import main

if __name__ == "__main__":
    main()
