"""The screens around the table: title, menu, score, game over, how to play, review, statistics, options."""
