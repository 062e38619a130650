"""Fit how far the odds of a Suicide nil holding in real play stand from those of Expert's bid
playouts (`SUICIDE_NIL_ODDS` and `SUICIDE_TURNED_NIL_ODDS` in `game/players/expert.py`), on
hands an arena saved.

For each bid made by the seats of one level (a substring of the `Players` tag, e.g. ``normal``)
at the first table of each deal, Expert's bid playouts are run on the bidder's view
(`ExpertPlayer.bid_worths`, its `nil_held` shares) and set beside whether the pair's nil held:

- own: the bidder's own nil, where it became the pair's nil;
- to bid: a first bidder's number, which leaves the nil to the partner (or to the bidder
  itself, when the partner refuses it);
- after a nil: a second bidder's number, which keeps the partner's nil;
- turned: a second bidder's number after the partner's number, which turns that into the nil.

For each kind it prints the shift c of the log odds that makes the real outcomes most likely
(``P(held) = 1 / (1 + e^-(logit(simulated) + c))``, on a grid), a rough 95% interval, and the
log-likelihood beside that of no shift.

    python -m game.arena --a normal --b normal --rules suicide --deals 300 --seed 108 --save nn.save
    python -m docs.arena.experiments.fit_suicide_nil_odds normal nn.save
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict

from game.players.expert import ExpertPlayer
from game.records.handlog import LoggedHand, read_log, replay
from game.seats import partner
from game.view import seat_view

SHIFTS = [step / 100 for step in range(-300, 301)]
FLOOR = 0.002
"""Simulated shares are kept this far from 0 and 1 (half a playout of the 250 a bid plays)."""


def outcomes(paths: list[str], level: str) -> dict[str, list[tuple[float, bool]]]:
    """(simulated share of holds, held) of each bid, by kind (see the module doc)."""
    found: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for path in paths:
        for hand in read_log(path).hands:
            if hand.rules.one_nil and hand.rules.partners and hand.game_id.endswith("-t1"):
                _add_outcomes(hand, level, found)
    return found


def _add_outcomes(logged: LoggedHand, level: str, found: dict[str, list[tuple[float, bool]]]) -> None:
    order = [record.seat for record in logged.bids]
    made = {record.seat: record.bid for record in logged.bids}  # as bid, before any override
    nil_seats = [record.seat for record in logged.bids if record.final.is_nil]
    views: dict[str, dict] = {}
    replay(logged, lambda hand, record: views.setdefault(record.seat, seat_view(hand, record.seat)))
    for seat, view in views.items():
        mate = partner(seat)
        if level not in logged.players[seat]:
            continue
        nil_seat = seat if seat in nil_seats else mate
        held = logged.taken[nil_seat] == 0
        shares = ExpertPlayer(seat, logged.rules.to_dict(), seed=5).bid_worths(view).nil_held
        if nil_seat == seat:
            found["own"].append((shares[True], held))
        if not made[seat].is_nil:
            first = order.index(seat) < order.index(mate)
            kind = "to bid" if first else "after a nil" if made[mate].is_nil else "turned"
            found[kind].append((shares[False], held))


def log_likelihood(data: list[tuple[float, bool]], shift: float) -> float:
    total = 0.0
    for share, held in data:
        share = min(1 - FLOOR, max(FLOOR, share))
        leaning = math.log(share / (1 - share)) + shift
        total -= math.log1p(math.exp(-leaning if held else leaning))
    return total


def main(argv: list[str]) -> None:
    level, paths = argv[0], argv[1:]
    for kind, data in sorted(outcomes(paths, level).items()):
        likelihoods = {shift: log_likelihood(data, shift) for shift in SHIFTS}
        best = max(likelihoods, key=likelihoods.__getitem__)
        inside = [shift for shift, value in likelihoods.items() if value >= likelihoods[best] - 1.92]
        held = sum(h for _, h in data) / len(data)
        simulated = sum(s for s, _ in data) / len(data)
        print(f"{kind}: {len(data)} bids, held {held:.2f}, simulated {simulated:.2f}; shift {best:+.2f} "
              f"[{min(inside):+.2f}, {max(inside):+.2f}], log-likelihood {likelihoods[best]:.1f} "
              f"(no shift: {likelihoods[0.0]:.1f})")


if __name__ == "__main__":
    main(sys.argv[1:])
