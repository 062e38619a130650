"""Clear blunders in the last tricks of arena hands: how often each level plays a card that
perfect play on the deals its seat could be looking at puts far below another.

For every card decision with at most ``--held`` cards in hand and a choice to make, the seat's
view is dealt ``--deals`` times (:func:`game.players.knowledge.sample_deals`, the hidden cards
weighed by the bids, as the partner positions of ``tests/test_partner_positions.py`` were
chosen) and each deal is solved exactly for every legal card (:mod:`game.players.solver`, on
Expert's worth: the hand score with the bag outlook, the side's worth less the others').

A card's *loss* is the best card's mean value less its own. A decision is a *clear blunder*
when the card played loses at least ``--blunder`` points and the cards within ``--near``
points of the best are set apart: every other card loses at least ``--blunder`` too. Those are
the positions the partner tests take. A blunder so found is judged again on ``--confirm`` other
deals, and counts only if it is a clear blunder there too: on 32 deals the judge itself errs.

The judge's defenders see every card of each deal, as Expert's search's do. Around a nil that
makes it as pessimistic as the search, which Expert's nil rules guard against: a blunder there
is a strong hint, not a proof; the arena decides.

For each level the tool prints the decisions examined, the clear blunders with their 95%
interval, the mean loss a decision, and each blunder as a ``Spot`` of the partner tests, ready
to paste (but for a hand with a blind nil: the tests make no blind bids).

    python -m game.arena --a expert --b normal --deals 100 --seed 101 --jobs 1 --save run.save
    python -m docs.arena.experiments.blunders --held 6 run.save [more.save …]

A measuring tool: nothing imports it. About a fifth of a second a decision
(Partner, seven cards held or fewer: 200 hands in half an hour on one core).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from docs.arena.experiments.bag_sources import level_of
from game.arena.tally import wilson
from game.cards import Card, format_hand
from game.players.knowledge import Knowledge, sample_deals
from game.players.solver import Position, outlook_worth, solver_for
from game.records.handlog import LoggedHand, read_log, replay
from game.view import SeatView, seat_view

DEAL_ORDER = "SWNE"
"""The seats of a deal's four hands in a partner test's `Spot`."""


@dataclass(frozen=True)
class Decision:
    """One card decision judged: who chose, what, and how the legal cards compare."""

    logged: LoggedHand
    seat: str
    level: str
    held: int
    plays_before: tuple[Card, ...]
    played: Card
    losses: dict[Card, float]
    """Each legal card's mean loss against the best (0 for the best)."""
    context: str
    view: SeatView

    def right(self, near: float) -> list[Card]:
        return sorted((c for c, loss in self.losses.items() if loss <= near), key=str)

    def is_blunder(self, near: float, blunder: float) -> bool:
        """The card played loses `blunder` or more, and so does every card but those within `near` of the best."""
        return self.losses[self.played] >= blunder and all(
            loss <= near or loss >= blunder for loss in self.losses.values())


def context_of(view: SeatView) -> str:
    """Which nil stands at this moment, as the seat sees it: its own, its partner's, an opponent's, or none."""
    mate = view.partner
    if view.nil_alive(view.seat):
        return "own nil"
    if mate and view.nil_alive(mate):
        return "partner's nil"
    if any(view.nil_alive(s) for s in view.bids if s not in (view.seat, mate)):
        return "opponent's nil"
    return "no nil"


def judge(view: SeatView, deals: int, rng: random.Random) -> dict[Card, float] | None:
    """Each legal card's mean loss against the best over `deals` sampled deals solved exactly;
    None if no deal fits the view (a blind nil's exchange the view does not show)."""
    try:
        dealt = sample_deals(Knowledge.from_view(view, tells=False), deals, rng, weigh_bids=True)
    except ValueError:
        return None
    first = Position.from_seat_view(view, dealt[0])
    solver = solver_for(first, outlook_worth(first.rules, first.standings), seat=view.seat)
    totals = dict.fromkeys(view.legal_cards, 0.0)
    for deal in dealt:
        for card, value in solver.card_values(first.with_holdings(deal)).items():
            totals[card] += value
    top = max(totals.values())
    return {card: (top - total) / len(dealt) for card, total in totals.items()}


def decisions(logged: LoggedHand, held_max: int, deals: int, seed: int) -> Iterator[Decision]:
    """The judged card decisions of one logged hand with `held_max` cards or fewer in hand (the
    losses as a first judge found them: see :func:`confirmed`)."""
    hand = replay(dataclasses.replace(logged, tricks=()))
    plays = [play for trick in logged.tricks for play in trick.plays]
    rng = random.Random(f"{seed}:{logged.game_id}:{logged.number}")
    for index, (seat, card) in enumerate(plays):
        if len(hand.holding(seat)) <= held_max and len(hand.legal_plays(seat)) > 1:
            view = SeatView.from_dict(seat_view(hand, seat))
            losses = judge(view, deals, rng)
            if losses is not None:
                yield Decision(logged, seat, level_of(logged, seat), len(view.hand),
                               tuple(c for _, c in plays[:index]), card, losses, context_of(view), view)
        hand.play(seat, card)


def confirmed(d: Decision, near: float, blunder: float, deals: int, seed: int) -> Decision:
    """`d` with the losses a second judge finds on `deals` other deals, if the first judge found
    a clear blunder (else, or with no `deals`, `d` as it is)."""
    if not deals or not d.is_blunder(near, blunder):
        return d
    rng = random.Random(f"{seed}:confirm:{d.logged.game_id}:{d.logged.number}:{len(d.plays_before)}")
    return dataclasses.replace(d, losses=judge(d.view, deals, rng) or d.losses)


def spot_text(d: Decision, near: float) -> str:
    """The decision as a `Spot(...)` of ``tests/test_partner_positions.py``."""
    logged = d.logged
    deal = " ".join(format_hand(logged.deal[s]) for s in DEAL_ORDER)
    bids = " ".join(f"{r.seat}:{r.bid}" for r in logged.bids)
    scores = " ".join(f"{side}:{s.points}/{s.bags}" for side, s in logged.standings_before().items())
    plays = " ".join(str(c) for c in d.plays_before)
    right = d.right(near)
    least_other = min(loss for c, loss in d.losses.items() if c not in right)
    why = (f"{d.context}, {d.held} cards held: {' or '.join(str(c) for c in right)}; "
           f"others lose {least_other:.0f}+ points ({d.level} played {d.played}, "
           f"{logged.game_id} hand {logged.number})")
    rules = "" if logged.variant == "Partner" else f', rules="{logged.variant.lower()}"'
    return (f'    Spot("KIND", "{why}",\n         "{logged.dealer}", "{deal}",\n         "{bids}", "{scores}",\n'
            f'         "{plays}",\n         "{" ".join(str(c) for c in right)}"{rules}),')


def report(found: Sequence[Decision], near: float, blunder: float) -> str:
    """Per level: decisions, clear blunders with their interval, mean loss; by cards held and by
    nil context; then every blunder as a `Spot`."""
    lines = []
    by_level: dict[str, list[Decision]] = defaultdict(list)
    for d in found:
        by_level[d.level].append(d)
    for level, ds in sorted(by_level.items()):
        bad = [d for d in ds if d.is_blunder(near, blunder)]
        low, high = wilson(len(bad), len(ds)) or (0.0, 0.0)
        mean = sum(d.losses[d.played] for d in ds) / len(ds)
        lines.append(f"{level}: {len(ds)} decisions, {len(bad)} clear blunders "
                     f"({len(bad) / len(ds):.1%} [{low:.1%}, {high:.1%}]), mean loss {mean:.2f} points a decision")
        for label, key in (("cards held", lambda d: d.held), ("nil", lambda d: d.context)):
            tried, hit = Counter(key(d) for d in ds), Counter(key(d) for d in bad)
            lines.append(f"  by {label}: " + ", ".join(f"{k}: {hit[k]} of {n}" for k, n in sorted(tried.items())))
    for level, ds in sorted(by_level.items()):
        lines.append(f"\n# {level}'s clear blunders")
        lines.extend(spot_text(d, near) for d in ds if d.is_blunder(near, blunder))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m docs.arena.experiments.blunders",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", help="hand logs the arena saved (--save)")
    parser.add_argument("--held", type=int, default=6, help="judge decisions with this many cards held or fewer")
    parser.add_argument("--deals", type=int, default=32, help="sampled deals solved for each decision")
    parser.add_argument("--confirm", type=int, default=128, help="deals to judge a blunder again on (0: once)")
    parser.add_argument("--near", type=float, default=3.0, help="a card this close to the best counts as right")
    parser.add_argument("--blunder", type=float, default=12.0, help="a loss this large is a blunder")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    found: list[Decision] = []
    for path in args.logs:
        hands = read_log(path).hands
        for number, logged in enumerate(hands, 1):
            found.extend(confirmed(d, args.near, args.blunder, args.confirm, args.seed)
                         for d in decisions(logged, args.held, args.deals, args.seed))
            if number % 20 == 0:
                print(f"{path}: {number} of {len(hands)} hands judged", file=sys.stderr, flush=True)
    print(report(found, args.near, args.blunder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
