"""Records the game keeps on disk: the hand log, saved games, statistics, and the one atomic writer."""
