"""Count the times one level's live nil, in second seat with its partner still to play, played
over the card led when it held a card that stayed under it, on hands an arena saved, and how
those nils fared: taken at that very trick, later, or never (`nil_choices` in
`game/players/expert.py`).

A card stays under the lead when it is lower in the suit led or, out of that suit, not a trump;
a card over it is higher in the suit led, or a trump on a side suit.

    python -m game.arena --a expert --b normal --rules suicide --deals 200 --seed 108 --save en.save
    python -m docs.arena.experiments.second_seat_throws expert en.save
"""

from __future__ import annotations

import sys
from collections import Counter

from game.cards import DECKS, Card
from game.legality import trick_winner_index
from game.records.handlog import LoggedHand, read_log

DECK = DECKS["standard"]


def count_throws(paths: list[str], level: str) -> Counter:
    """"under" (second-seat follows that stayed under with a choice) and, for the throws over,
    (over, that trick, the end) → count."""
    counts: Counter = Counter()
    for path in paths:
        for logged in read_log(path).hands:
            for record in logged.bids:
                if record.final.is_nil and level in logged.players[record.seat]:
                    _count_nil(logged, record.seat, counts)
    return counts


def _count_nil(logged: LoggedHand, seat: str, counts: Counter) -> None:
    held = set(logged.deal[seat])
    held_to_the_end = logged.taken[seat] == 0
    for trick in logged.tricks:
        if [s for s, _ in trick.plays].index(seat) == 1:
            lead, played = trick.plays[0][1], trick.plays[1][1]
            if _stays_under(held, lead):
                if _beats(played, lead):
                    counts["over", "took that trick" if trick.winner == seat else "held that trick",
                           "held to the end" if held_to_the_end else "taken later or then"] += 1
                else:
                    counts["under"] += 1
        held.discard(next(card for s, card in trick.plays if s == seat))
        if trick.winner == seat:
            return


def _beats(card: Card, lead: Card) -> bool:
    return trick_winner_index(DECK, [lead, card]) == 1


def _stays_under(held: set[Card], lead: Card) -> bool:
    """Whether the nil holds a legal card that does not beat `lead` alone."""
    legal = [card for card in held if DECK.suit_of[card.index] == DECK.suit_of[lead.index]] or held
    return any(not _beats(card, lead) for card in legal)


def main(argv: list[str]) -> None:
    level, paths = argv[0], argv[1:]
    counts = count_throws(paths, level)
    print(f"second seat, the partner still to play, a card under the lead held: {counts['under']} stayed under")
    for (kind, *outcome), number in sorted(counts.items(), key=str):
        if kind == "over":
            print(f"  over the lead: {number} ({', '.join(outcome)})")


if __name__ == "__main__":
    main(sys.argv[1:])
