"""Suicide: how much of a pair's forced-nil rate is the choice of which partner nils?

For every side of a level in a Suicide arena log, at the first partner's bid, Expert's
playouts value both choices as if each partner saw the other's cards: the first
partner's nil (the other bidding 3) and the second partner's (the first bidding 3), on
deals where only the two opponents' cards are unknown. It prints the share of those
playouts in which the nil the pair chose held, the share for the better of the two
nils, how often both were poor (under 20%), and how often the chosen nils really held.

The playouts' shares are a yardstick, not the truth (their nil play is a fixed policy,
below the search's): what matters is the gap between the chosen and the better nil.

    python -m game.arena --a expert --b normal --rules suicide --deals 300 --seed 108 --save s.save
    python -m docs.arena.experiments.suicide_choice s.save expert
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import numpy as np

from game.bids import Bid
from game.hand import Hand
from game.players.knowledge import Knowledge, sample_deals
from game.players.search import batch_from_view, bid_tricks
from game.players.simulator import heuristic_policy
from game.records.handlog import BidRecord, LoggedHand, play_out, read_log
from game.seats import SEATS, partner
from game.view import seat_view

DEALS = 250
POOR = 0.2


def nil_chances(hand: Hand, first: str, rng: random.Random, np_rng: np.random.Generator) -> tuple[float, float]:
    """How often the first partner's nil holds in the playouts, and how often the second's,
    each partner's cards known to the first (the hand stands at the first partner's bid)."""
    view = seat_view(hand, first)
    mate = partner(first)
    knowledge = Knowledge.from_view(view, {mate: [card.text for card in hand.holding(mate)]})
    deals = sample_deals(knowledge, DEALS, rng)
    held = []
    for nil_seat in (first, mate):
        bids = {**knowledge.bids, first: Bid(3), mate: Bid(3), nil_seat: Bid(0)}
        batch = batch_from_view(view, knowledge.rules, knowledge, deals, 1, bid_tricks(bids), stand_in=True)
        batch.run(heuristic_policy, np_rng)
        held.append(float(np.mean(batch.taken[:, SEATS.index(nil_seat)] == 0)))
    return held[0], held[1]


def side_rows(logged: LoggedHand, level: str, seed: int) -> list[tuple[float, float, bool]]:
    """Per side of `level` in the hand: the playouts' share for the chosen nil, for the other
    partner's, and whether the chosen nil held."""
    order = [record.seat for record in logged.bids]
    final = {record.seat: record.final for record in logged.bids}
    firsts = {next(seat for seat in order if seat in side) for side in ("NS", "EW")
              if logged.players[side[0]].split("-", 1)[-1].startswith(level)}
    chances: dict[str, tuple[float, float]] = {}

    def at_bid(hand: Hand, record: BidRecord) -> None:
        if record.seat in firsts and record.seat not in chances:
            chances[record.seat] = nil_chances(hand, record.seat, random.Random(seed), np.random.default_rng(seed))

    if firsts:
        hand = Hand.from_holdings(logged.rules, logged.dealer, logged.deal, number=logged.number,
                                  standings=logged.standings_before())
        play_out(hand, logged.bids, logged.exchanges, [], before_bid=at_bid)
    rows = []
    for first, (own, mate) in chances.items():
        holder = first if final[first].is_nil else partner(first)
        chosen, other = (own, mate) if holder == first else (mate, own)
        rows.append((chosen, other, logged.taken[holder] == 0))
    return rows


def main(argv: Sequence[str]) -> int:
    path, level = argv
    rows = [row for number, logged in enumerate(read_log(path).hands) for row in side_rows(logged, level, number)]
    if not rows:
        print(f"no Suicide side of {level} in {path}")
        return 1
    table = np.array(rows, dtype=float)
    chosen, other, made = table[:, 0], table[:, 1], table[:, 2]
    best = np.maximum(chosen, other)
    print(f"{len(rows)} forced nils of {level}")
    print(f"held in the playouts: the chosen nil {chosen.mean():.1%}, the better of the two {best.mean():.1%}")
    print(f"the other partner's nil would have held at least {POOR:.0%} better: {np.sum(other > chosen + POOR)}")
    print(f"both nils under {POOR:.0%}: {np.sum(best < POOR)} ({np.mean(best < POOR):.0%})")
    print(f"the chosen nils really held: {made.mean():.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
