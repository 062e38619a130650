"""Play whole random games from the command line: ``python -m game --rules solo``.

Four random players play a game of the chosen variant: each plays a random legal
card and bids the legal number nearest 3 (uniform random bids are set so often
that a game with no losing score would never end). Each hand's bids, result and
score are printed.
"""

from __future__ import annotations

import argparse

from game.game import Game
from game.players import RandomPlayer, play_game
from game.rules import PRESETS, Rules
from game.seats import SEATS


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="partner", choices=[*PRESETS, "all"],
                        help="variant to play, or 'all' for one game of each (default: partner)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="change one option (a Rules key); repeatable")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: 1)")
    args = parser.parse_args(argv)
    for variant_id in (PRESETS if args.rules == "all" else [args.rules]):
        variant = PRESETS[variant_id]
        rules = Rules.parse(" ".join(args.set), base=variant.rules)
        game = Game(rules, seed=args.seed, variant=variant.name)
        players = {s: RandomPlayer(s, rules.to_dict(), seed=args.seed * 4 + i, steady_bid=3)
                   for i, s in enumerate(SEATS)}
        play_game(game, players)
        print(f"== {variant.name}: {rules.to_line()}")
        print(f"first dealer {game.first_dealer}")
        for hand in game.finished:
            assert hand.score is not None
            bids = " ".join(f"{r.seat}:{r.bid}" + (f">{r.changed_to}" if r.changed_to else "")
                            for r in hand.bid_history)
            print(f"hand {hand.number:2} dealer {hand.dealer}  bids {bids:24} "
                  f"{hand.score.result_text:48} {hand.score.score_text:20} {hand.score.total_text}")
        print(f"winner {game.winner} after {len(game.finished)} hands\n")


if __name__ == "__main__":
    main()
