"""Where each level's bags come from: every trick a side took after making its contract, by how
its winner came to take it.

Only hands without a nil are read, and only partnership rules (the side is a seat and its
partner). A trick the winner led is a bag it chose to take; a trick it followed to is a bag it
could have avoided only if one of the cards it could play (as :mod:`game.legality` says) would
have lost the trick, the other three cards as played ("held a loser"). The rest were forced:
every card it could play won. Forced bags are split by how the winner took the trick (following
a side suit, following spades, trumping a side suit) and whether it held spades alone, and by
the trick's number; the bags taken holding a loser, by whether the opponents still needed
tricks (a trick taken to set them) or had made their contract.

    python -m game.arena --a expert --b normal --deals 200 --seed 101 --save run.save
    python -m docs.arena.experiments.bag_sources run.save [more.save …]

Figures are bags per side-hand of each level (a level's side-hands are its sides' hands
without a nil). The rows of each part of a level's table add up to the part's first row.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence

from game.cards import DECKS, SPADES, Card, cards_of, mask_of
from game.legality import legal_play_mask, trick_winner_index
from game.records.handlog import LoggedHand, read_log
from game.seats import side_of


def level_of(logged: LoggedHand, seat: str) -> str:
    """The level playing a seat, from the arena's player name (``a-expert`` → ``expert``)."""
    name = logged.players[seat]
    return name.split("-", 1)[1] if name[:2] in ("a-", "b-") else name


def forced_kind(logged: LoggedHand, led: int, card: Card, hand: set[Card], number: int) -> tuple[str, str]:
    """How a winner that held no losing card took its trick, and in which part of the hand."""
    deck = DECKS[logged.rules.deck]
    suit = deck.suit_of[card.index]
    how = "trumped a side suit" if suit != led else "followed spades" if led == SPADES else "followed a side suit"
    alone = ", spades alone" if all(deck.suit_of[c.index] == SPADES for c in hand) else ""
    return (f"forced, how: {how}{alone}", f"forced, when: tricks {'10 to 13' if number >= 10 else '1 to 9'}")


def held_a_loser(logged: LoggedHand, cards: list[Card], position: int, hand: set[Card], number: int,
                 broken: bool) -> bool:
    """Whether some card the winner could play (by :mod:`game.legality`) would have lost trick
    `number`, the others as played."""
    deck = DECKS[logged.rules.deck]
    legal = legal_play_mask(logged.rules, deck, mask_of(hand), cards[:position], number, broken)
    return any(trick_winner_index(deck, [*cards[:position], c, *cards[position + 1:]]) != position
               for c in cards_of(legal))


def read_hand(logged: LoggedHand, counts: dict[str, Counter]) -> None:
    """Add one hand's bags, by source, to `counts` (level → source → bags)."""
    deck = DECKS[logged.rules.deck]
    contract: Counter = Counter()
    for record in logged.bids:
        contract[side_of(record.seat, True)] += record.final.tricks
    held = {seat: set(cards) for seat, cards in logged.deal.items()}
    taken: Counter = Counter()
    broken = False
    for number, trick in enumerate(logged.tricks, 1):
        cards = [card for _, card in trick.plays]
        side = side_of(trick.winner, True)
        if taken[side] >= contract[side]:
            level = level_of(logged, trick.winner)
            position = [seat for seat, _ in trick.plays].index(trick.winner)
            if position == 0:
                sources = ["taken: led it"]
            elif held_a_loser(logged, cards, position, held[trick.winner], number,
                              broken or any(deck.suit_of[c.index] == SPADES for c in cards[:position])):
                other = next(s for s in contract if s != side)
                need = "the opponents still needed tricks" if taken[other] < contract[other] else \
                    "the opponents had made"
                sources = [f"taken: seat {position + 1} of the trick, held a loser", f"held a loser, when: {need}"]
            else:
                sources = [f"taken: seat {position + 1} of the trick, forced",
                           *forced_kind(logged, deck.suit_of[cards[0].index], cards[position], held[trick.winner],
                                        number)]
            counts[level].update([*sources, "bags"])
        taken[side] += 1
        broken = broken or any(deck.suit_of[c.index] == SPADES for c in cards)
        for seat, card in trick.plays:
            held[seat].discard(card)


def bag_sources(paths: Sequence[str]) -> tuple[dict[str, Counter], Counter]:
    """Bags by source for each level over the logs, and each level's side-hands read."""
    counts: dict[str, Counter] = defaultdict(Counter)
    side_hands: Counter = Counter()
    for path in paths:
        for logged in read_log(path).hands:
            if not logged.rules.partners or any(record.final.is_nil for record in logged.bids):
                continue
            for seat in ("N", "E"):
                side_hands[level_of(logged, seat)] += 1
            read_hand(logged, counts)
    return counts, side_hands


def table(found: Counter) -> list[tuple[str, int]]:
    """A level's rows: all its bags and how they were taken, then the forced ones and those
    taken holding a loser, each split."""
    taken = sorted((source, bags) for source, bags in found.items() if source.startswith("taken"))
    rows = [("bags", found["bags"]), *taken]
    for part, ending in (("forced", "forced"), ("held a loser", "held a loser")):
        rows.append((part, sum(bags for source, bags in taken if source.endswith(ending))))
        rows += sorted((source, bags) for source, bags in found.items() if source.startswith(part + ","))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m docs.arena.experiments.bag_sources",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+", help="arena hand logs (--save)")
    args = parser.parse_args(argv)
    counts, side_hands = bag_sources(args.logs)
    if not side_hands:
        print("no hand of a partnership game without a nil in these logs")
        return 1
    for level in sorted(counts):
        print(f"{level}: {side_hands[level]} side-hands without a nil, bags per side-hand")
        for source, bags in table(counts[level]):
            indent = "    " if ":" in source else "  "
            print(f"{indent}{source:56} {bags / side_hands[level]:5.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
