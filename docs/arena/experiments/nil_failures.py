"""How each level's nils failed: the first trick each broken nil took, and how its seat came to take it.

Every nil of the logs is read (blind or not, forced or chosen). For a nil that failed, its first
trick is classed by how the nil won it:

- led it (a nil leads only the first trick of the hand, or after a trick it won);
- held a loser: one of the cards it could play (as :mod:`game.legality` says) would have lost the
  trick, the other three cards as played; split by whether it then held a trump that no card
  still in another hand beats (its nil was lost whatever it played, so the trick was as good as
  any);
- forced: every card it could play won; split by following suit or trumping, and by whether its
  partner had led the trick or played second (and then whether, in hindsight, it held a card the
  nil could have gone under: see :func:`could_shelter`), or played after it and could not
  overtake it, or could have.

Also counted: the nils that held the top trump from the deal (lost from the start), and in which
part of the hand each nil fell.

    python -m game.arena --a expert --b normal --rules suicide --deals 100 --seed 101 --save run.save
    python -m docs.arena.experiments.nil_failures run.save [more.save …]

Figures are counts; a level's rows under "failed" add up to its failed nils.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence

from docs.arena.experiments.bag_sources import held_a_loser, level_of
from game.cards import DECKS, SPADES, Card, Deck, cards_of, mask_of
from game.legality import legal_play_mask, trick_winner_index
from game.records.handlog import LoggedHand, read_log
from game.seats import partner


def top_trump(deck: Deck) -> Card:
    return max(cards_of(deck.suit_masks[SPADES]), key=lambda card: deck.power[card.index])


def holds_master_trump(deck: Deck, hand: set[Card], out: set[Card]) -> bool:
    """Whether `hand` holds a spade that no card in `out` (the cards still held by the others) beats."""
    out_mask = mask_of(out)
    return any(deck.suit_of[card.index] == SPADES and not deck.beaters[card.index] & out_mask for card in hand)


def spades_shown(deck: Deck, broken: bool, cards: list[Card]) -> bool:
    """Whether spades count as broken for the next card: before this trick, or by one of `cards` in it."""
    return broken or any(deck.suit_of[c.index] == SPADES for c in cards)


def could_overtake(logged: LoggedHand, cards: list[Card], position: int, hand: set[Card], number: int,
                   broken: bool) -> bool:
    """Whether some card the seat at `position` could play would win trick `number` over the cards before it."""
    deck = DECKS[logged.rules.deck]
    legal = legal_play_mask(logged.rules, deck, mask_of(hand), cards[:position], number, broken)
    return any(trick_winner_index(deck, [*cards[:position], card]) == position for card in cards_of(legal))


def could_shelter(logged: LoggedHand, cards: list[Card], mate_at: int, position: int, held: dict[str, set[Card]],
                  seat: str, number: int, broken: bool) -> bool:
    """In hindsight: whether the partner, playing before the nil at `position`, had a card after which
    the nil could have played under the trick. A partner's lead is weighed against the nil's cards
    alone (another lead may change the suit, and the opponent between would then play otherwise);
    a partner's second card with the opponent's third as it was."""
    deck = DECKS[logged.rules.deck]
    mate = partner(seat)
    options = legal_play_mask(logged.rules, deck, mask_of(held[mate]), cards[:mate_at], number,
                              spades_shown(deck, broken, cards[:mate_at]))
    for card in cards_of(options):
        before = [card] if mate_at == 0 else [*cards[:mate_at], card, *cards[mate_at + 1:position]]
        answers = legal_play_mask(logged.rules, deck, mask_of(held[seat]), before, number,
                                  spades_shown(deck, broken, before))
        if any(trick_winner_index(deck, [*before, answer]) != len(before) for answer in cards_of(answers)):
            return True
    return False


def how_it_fell(logged: LoggedHand, seat: str, number: int, cards: list[Card], seats: list[str],
                held: dict[str, set[Card]], broken: bool) -> str:
    """How the nil at `seat` came to take trick `number` (see the module doc)."""
    deck = DECKS[logged.rules.deck]
    position = seats.index(seat)
    if position == 0:
        return "led it"
    if held_a_loser(logged, cards, position, held[seat], number, spades_shown(deck, broken, cards[:position])):
        out = set().union(*(held[other] for other in held if other != seat))
        doomed = holds_master_trump(deck, held[seat], out)
        return "held a loser, " + ("and a trump no other hand beats" if doomed else "no sure trump")
    how = "following" if deck.suit_of[cards[position].index] == deck.suit_of[cards[0].index] else "trumping"
    mate = partner(seat)
    if mate not in seats:
        return f"forced, {how}, no partner"
    mate_at = seats.index(mate)
    if mate_at < position:
        where = "led" if mate_at == 0 else "played second"
        shelter = could_shelter(logged, cards, mate_at, position, held, seat, number, broken)
        return f"forced, {how}, partner {where}, " + ("had a card to go under" if shelter else "had none")
    over = could_overtake(logged, cards, mate_at, held[mate], number,
                          spades_shown(deck, broken, cards[:mate_at]))
    return f"forced, {how}, partner after, " + ("could overtake" if over else "could not overtake")


def read_hand(logged: LoggedHand, counts: dict[str, Counter]) -> None:
    """Add one hand's nils, and how the failed ones fell, to `counts` (level → row → nils)."""
    deck = DECKS[logged.rules.deck]
    nils = {record.seat for record in logged.bids if record.final.is_nil}
    for seat in nils:
        level = level_of(logged, seat)
        counts[level]["nils"] += 1
        if top_trump(deck) in logged.deal[seat]:
            counts[level]["held the top trump from the deal"] += 1
    held = {seat: set(cards) for seat, cards in logged.deal.items()}
    fallen: set[str] = set()
    broken = False
    for number, trick in enumerate(logged.tricks, 1):
        cards = [card for _, card in trick.plays]
        seats = [seat for seat, _ in trick.plays]
        if trick.winner in nils and trick.winner not in fallen:
            fallen.add(trick.winner)
            level = level_of(logged, trick.winner)
            when = "1 to 4" if number <= 4 else "5 to 8" if number <= 8 else "9 to 13"
            how = how_it_fell(logged, trick.winner, number, cards, seats, held, broken)
            counts[level].update(["failed", f"failed, how: {how}", f"failed, when: tricks {when}"])
        broken = spades_shown(deck, broken, cards)
        for seat, card in trick.plays:
            held[seat].discard(card)


def nil_failures(paths: Sequence[str]) -> dict[str, Counter]:
    """Nils and how the failed ones fell, for each level over the logs."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for path in paths:
        for logged in read_log(path).hands:
            read_hand(logged, counts)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m docs.arena.experiments.nil_failures",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+", help="arena hand logs (--save)")
    args = parser.parse_args(argv)
    counts = nil_failures(args.logs)
    if not counts:
        print("no nil in these logs")
        return 1
    for level in sorted(counts):
        found = counts[level]
        print(f"{level}: {found['nils']} nils, {found['nils'] - found['failed']} held, "
              f"{found['held the top trump from the deal']} held the top trump from the deal")
        print(f"  failed{found['failed']:>58}")
        for part in ("how", "when"):
            for row, count in sorted((r, c) for r, c in found.items() if r.startswith(f"failed, {part}:")):
                print(f"    {row.removeprefix('failed, '):60} {count:3}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
