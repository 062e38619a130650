"""Perfect-play analysis of a finished hand, card by card, and the ``python -m game.players.analyse`` command.

For every card played, :func:`analyse_hand` tells what the acting seat's side could still
reach before the card and after it if all four hands were visible and everyone played
perfectly from there (:mod:`game.players.solver`), and marks the card like the double-dummy
marks of bridge software:

- ``=``: the card keeps the best result;
- ``-20``, ``-1`` …: the points it threw away.

**The unit of values and marks** is the quantity perfect play maximises: the acting
side's hand score minus the other side's (in Solo, minus the mean of the three others'),
everything of the hand's rules counted — contract, nils, bags, the bag penalty, bonuses.
So a trick thrown away that costs the side its contract and lets the opponents make
theirs may show ``-20`` or more, and a card that gives the opponents a bag ``-1``. In Solo
values are thirds of a point at times and marks then show one decimal.

The analysis runs backwards from the last trick, where positions are small, to the
first; each search fills a table the earlier ones reuse. Within `time_limit` seconds it
solves as many plays as it can exactly; the earlier ones get Expert's sampled value
instead (Monte-Carlo over deals consistent with what the seat could see) and say so
(``exact`` is False). An exact mark is never a guess.

Everything in and out is plain data (picklable), so a worker process can run it while
the screen stays live::

    analysis = analyse_hand(logged_hand, time_limit=10.0)
    for play in analysis.plays:
        print(play.seat, play.card, play.mark, "" if play.exact else "(estimated)")
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.bids import Bid
from game.cards import Card
from game.hand import Hand
from game.players.knowledge import Knowledge, sample_deals
from game.players.search import OutcomeValues, batch_from_view, bid_tricks, card_values, standings_of
from game.players.simulator import heuristic_policy
from game.players.solver import EPSILON, OutOfTime, Position, Solver
from game.records.handlog import LoggedHand, ReplayError, read_log, replay
from game.rules import Rules
from game.seats import SEATS, side_of, sides
from game.view import seat_view

DEFAULT_TIME_LIMIT = 10.0
"""Seconds of exact search per hand by default."""
ESTIMATE_DEALS = 40
ESTIMATE_PLAYOUTS = 4
"""Sampled deals per estimated decision, and playouts per card and deal (Expert's method,
smaller: an estimate stands in for a search that did not fit in time)."""


@dataclass(frozen=True)
class PlayAnalysis:
    """One card of the hand, judged with perfect play after it.

    `best` is the value of the position before the card for the acting seat's `side`,
    `value` the value after it. `best_cards` are the legal cards that keep `best` when the
    card played does not; for a card that keeps it, the card and its equivalents (cards
    as good are not searched for).
    `scores` are each side's hand points at the end of a perfect line after this card,
    `best_scores` on a perfect line from before it (empty when estimated).
    """

    number: int
    """1 to 52: the card's place in the hand."""
    trick: int
    seat: str
    card: Card
    side: str
    best: float
    value: float
    best_cards: tuple[Card, ...]
    scores: dict[str, int]
    best_scores: dict[str, int]
    exact: bool

    @property
    def loss(self) -> float:
        """What the card threw away (0 when it keeps the best value)."""
        return max(0.0, self.best - self.value)

    @property
    def mark(self) -> str:
        """``=`` when the card keeps the best value, else ``-`` and the points lost."""
        return mark_text(self.loss)


@dataclass(frozen=True)
class TrickAnalysis:
    """The best reachable at the start of one trick: the value for the `viewpoint` side of
    :class:`HandAnalysis` and each side's hand points on a perfect line from there."""

    number: int
    leader: str
    value: float
    scores: dict[str, int]
    exact: bool


@dataclass(frozen=True)
class HandAnalysis:
    """The analysis of a whole hand: its 52 plays and 13 tricks in order."""

    plays: tuple[PlayAnalysis, ...]
    tricks: tuple[TrickAnalysis, ...]
    viewpoint: str
    """The seat whose side the tricks' values are for."""
    scores: dict[str, int]
    """The hand points each side actually scored."""
    seconds: float
    """How long the analysis took."""
    search_seconds: float
    """How much of it the exact search took (the rest went to the estimates)."""

    @property
    def exact_from(self) -> int | None:
        """The first trick from which every play is exact (14 if none, None if all are)."""
        inexact = [play.trick for play in self.plays if not play.exact]
        return max(inexact) + 1 if inexact else None


def mark_text(loss: float) -> str:
    """The mark for a loss in points: ``=`` for none, ``-20``, ``-3.3`` in Solo's thirds."""
    if loss < EPSILON:
        return "="
    if abs(loss - round(loss)) < EPSILON:
        return f"-{round(loss)}"
    return f"-{loss:.1f}"


# ---------------------------------------------------------------------------
# The analysis


def analyse_hand(source: LoggedHand | Hand, time_limit: float | None = DEFAULT_TIME_LIMIT, viewpoint: str = "S",
                 exact_tricks: int = 13, estimate_deals: int = ESTIMATE_DEALS, seed: int = 0) -> HandAnalysis:
    """Judge every card of a finished hand (a logged one, or a :class:`Hand` in phase ``done``).

    Exact search covers at most the last `exact_tricks` tricks and stops after
    `time_limit` seconds (None: no limit); the plays it does not reach are estimated
    with Expert's sampling on `estimate_deals` deals per card (seeded by `seed`), which
    takes a little longer (about 30 ms a card at the default). `viewpoint` is the seat
    whose side the tricks' values are for. ReplayError if the engine refuses the logged
    hand; ValueError if the hand is not finished."""
    started = time.perf_counter()
    logged = source if isinstance(source, LoggedHand) else LoggedHand.from_hand(source, "analysis", "", {})
    final = replay(logged)
    exact = _ExactSearch(final, None if time_limit is None else started + time_limit)
    try:
        exact.run(viewpoint, first_trick=14 - exact_tricks)
    except OutOfTime:
        pass
    searched = time.perf_counter() - started
    estimates = _Estimates(logged, final, estimate_deals, seed)
    plays = tuple(exact.plays.get(number) or estimates.play(number) for number in range(1, 53))
    tricks = tuple(exact.tricks.get(number) or estimates.trick(number, viewpoint, plays) for number in range(1, 14))
    assert final.score is not None
    return HandAnalysis(plays, tricks, viewpoint, {side: s.total for side, s in final.score.sides.items()},
                        time.perf_counter() - started, searched)


def _plays(final: Hand) -> list[tuple[str, Card]]:
    """The 52 cards of a finished hand in play order."""
    return [play for trick in final.tricks for play in trick.plays]


class _ExactSearch:
    """The exact part of the analysis, from the last card back to the first: one solver
    per side, but one for both with partners (their values are zero-sum)."""

    def __init__(self, final: Hand, deadline: float | None) -> None:
        self.rules: Rules = final.rules
        self.played = _plays(final)
        holdings = dict.fromkeys(SEATS, 0)
        for seat, played in self.played:
            holdings[seat] |= played.bit
        position = Position(final.rules, holdings, (), self.played[0][0], dict.fromkeys(SEATS, 0), (), False,
                            final.bids, dict(final.standings))
        self.positions = [position]
        """The position before each card (0–51), and after the last (52)."""
        for _, played in self.played:
            position = position.after(played)
            self.positions.append(position)
        own = sides(self.rules.partners)[:1] if self.rules.partners else sides(False)
        self.solvers = {side: Solver(self.rules, final.bids, final.standings, side, deadline=deadline)
                        for side in own}
        self.plays: dict[int, PlayAnalysis] = {}
        self.tricks: dict[int, TrickAnalysis] = {}
        self._values: dict[tuple[str, int], float] = {}

    def run(self, viewpoint: str, first_trick: int) -> None:
        """Solve the cards from the last back to the first of trick `first_trick`
        (OutOfTime when the deadline passes first)."""
        for number in range(52, 4 * (first_trick - 1), -1):
            self.plays[number] = self._play(number)
            if number % 4 == 1:
                trick = number // 4 + 1
                self.tricks[trick] = self._trick(trick, viewpoint)

    # -- values for a side ---------------------------------------------------------------
    def value(self, side: str, index: int) -> float:
        """The exact value of position `index` (0–52) for `side`."""
        if side not in self.solvers:  # partners: the other side's value, negated
            return -self.value(next(iter(self.solvers)), index)
        key = (side, index)
        if key not in self._values:
            self._values[key] = self.window(side, self.positions[index])
        return self._values[key]

    def _remember(self, side: str, index: int, value: float) -> None:
        """Keep a value found for position `index` another way than by :meth:`value`."""
        if side in self.solvers:
            self._values[(side, index)] = value
        else:
            self._values[(next(iter(self.solvers)), index)] = -value

    def window(self, side: str, position: Position, alpha: float = -math.inf, beta: float = math.inf) -> float:
        """Alpha-beta's answer for `side` within a window: exact inside it, a bound outside."""
        if side in self.solvers:
            return self.solvers[side].value(position, alpha, beta)
        other = next(iter(self.solvers.values()))
        return -other.value(position, -beta, -alpha)

    def _equivalence(self, position: Position, choice: Card) -> tuple[int, int]:
        return next(iter(self.solvers.values())).equivalence(position, choice)

    # -- one card ------------------------------------------------------------------------
    def _play(self, number: int) -> PlayAnalysis:
        before = self.positions[number - 1]
        seat, played = self.played[number - 1]
        side = side_of(seat, self.rules.partners)
        value = self.value(side, number)
        best, best_cards = self._best(side, before, played, value)
        self._remember(side, number - 1, best)
        scores = self._line(side, number, value)
        if played in best_cards:
            best_scores = scores
        else:
            best_scores = self._line_from(side, before.after(best_cards[0]), best)
        return PlayAnalysis(number, (number - 1) // 4 + 1, seat, played, side, best, value, best_cards,
                            scores, best_scores, True)

    def _best(self, side: str, before: Position, played: Card, value: float) -> tuple[float, tuple[Card, ...]]:
        """The best value of any legal card, knowing the played card's `value`, and the cards
        reaching it when the played card does not (else the played card and its equivalents).

        Each other group of equivalent cards is tested with a null window for beating the
        best so far, and searched exactly only when it does; after a mistake, the groups
        left are tested for reaching the best."""
        group_of = {c: self._equivalence(before, c) for c in before.legal()}
        first = {}
        for choice, group in group_of.items():
            first.setdefault(group, choice)
        best, reaching = value, {group_of[played]}
        for group, choice in first.items():
            if group in reaching:
                continue
            child = before.after(choice)
            if self.window(side, child, best, best + EPSILON) >= best + EPSILON:
                best, reaching = self.window(side, child, best, math.inf), {group}
        if best > value:
            for group, choice in first.items():
                if group not in reaching and group != group_of[played] and \
                        self.window(side, before.after(choice), best - EPSILON, best) >= best:
                    reaching.add(group)
        return best, tuple(c for c, group in group_of.items() if group in reaching)

    def _line(self, side: str, index: int, value: float) -> dict[str, int]:
        """Each side's hand points at the end of a perfect line from position `index` of the
        hand (worth `value` to `side`): the hand's own cards while they keep the value,
        then any cards that do."""
        while index < 52 and abs(self.value(side, index + 1) - value) < EPSILON:
            index += 1
        return self._line_from(side, self.positions[index], value)

    def _line_from(self, side: str, position: Position, value: float) -> dict[str, int]:
        """Each side's hand points at the end of a perfect line from `position` (worth
        `value` to `side`): at every turn, a card that keeps the value."""
        while not position.finished:
            for choice in position.legal():
                child = position.after(choice)
                if abs(self.window(side, child, value - EPSILON, value + EPSILON) - value) < EPSILON:
                    position = child
                    break
            else:
                raise AssertionError("no card keeps the value of a solved position")
        return {s: score.total for s, score in position.score().sides.items()}

    # -- one trick -------------------------------------------------------------------------
    def _trick(self, trick: int, viewpoint: str) -> TrickAnalysis:
        index = (trick - 1) * 4
        side = side_of(viewpoint, self.rules.partners)
        value = self.value(side, index)
        first = self.plays[index + 1]
        if first.side == side or self.rules.partners:  # a perfect line for one side is one for both
            scores = first.best_scores
        else:
            scores = self._line(side, index, value)
        return TrickAnalysis(trick, self.positions[index].leader, value, scores, True)


class _Estimates:
    """Expert's sampled values for the plays the exact search did not reach: each seat's
    view before its card, deals consistent with it, heuristic playouts of every card."""

    def __init__(self, logged: LoggedHand, final: Hand, deals: int, seed: int) -> None:
        self.rules = final.rules
        self.deals = deals
        self.logged = logged
        self.played = _plays(final)
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self._hand: Hand | None = None
        self._next = 0

    def _view_before(self, number: int, seat: str) -> dict:
        """`seat`'s view just before card `number` is played (the hand is replayed forward)."""
        if self._hand is None or self._next > number - 1:
            self._hand = replay(dataclasses.replace(self.logged, tricks=()))
            self._next = 0
        while self._next < number - 1:
            who, played = self.played[self._next]
            self._hand.play(who, played)
            self._next += 1
        return seat_view(self._hand, seat)

    def play(self, number: int) -> PlayAnalysis:
        seat, played = self.played[number - 1]
        view = self._view_before(number, seat)
        values = OutcomeValues(self.rules, seat, standings_of(view), differential=True)
        worth = card_values(view, self.rules, Knowledge.from_view(view), self.deals, ESTIMATE_PLAYOUTS,
                            heuristic_policy, values, self.rng, self.np_rng, weigh_bids=True)
        best = max(worth.values())
        best_cards = tuple(Card.parse(c) for c, v in worth.items() if v > best - EPSILON)
        return PlayAnalysis(number, (number - 1) // 4 + 1, seat, played, side_of(seat, self.rules.partners), best,
                            worth[str(played)], best_cards, {}, {}, False)

    def trick(self, number: int, viewpoint: str, plays: Sequence[PlayAnalysis]) -> TrickAnalysis:
        first = plays[(number - 1) * 4]
        side = side_of(viewpoint, self.rules.partners)
        if first.side == side:
            value = first.best
        elif self.rules.partners:
            value = -first.best
        else:
            value = self._position_value(first.number, viewpoint)
        return TrickAnalysis(number, first.seat, value, {}, False)

    def _position_value(self, number: int, seat: str) -> float:
        """The sampled value for `seat` of the position before card `number`, another seat to play."""
        view = self._view_before(number, seat)
        knowledge = Knowledge.from_view(view)
        deals = sample_deals(knowledge, self.deals, self.rng)
        bids = {s: Bid.parse(b) for s, b in view["bids"].items()}
        batch = batch_from_view(view, self.rules, knowledge, deals, ESTIMATE_PLAYOUTS, bid_tricks(bids))
        batch.run(heuristic_policy, self.np_rng)
        values = OutcomeValues(self.rules, seat, standings_of(view), differential=True)
        return float(values.of(bids, batch.taken, batch.winners).mean())


# ---------------------------------------------------------------------------
# The command


def format_analysis(logged: LoggedHand, analysis: HandAnalysis) -> str:
    """The analysis of one hand as text: a line per trick with the best reachable, then a
    line per card with its mark."""
    bids = " ".join(f"{record.seat}:{record.final}" for record in logged.bids)
    lines = [f"Game {logged.game_id}, hand {logged.number} ({logged.variant}): bids {bids}; "
             f"scored {_points(analysis.scores)}"]
    view_side = side_of(analysis.viewpoint, logged.rules.partners)
    for trick in analysis.tricks:
        reach = _points(trick.scores) if trick.scores else "estimated"
        lines.append(f"Trick {trick.number:>2}  {trick.leader} leads   best for {view_side}: "
                     f"{_number(trick.value):>7}   perfect line: {reach}")
        for play in analysis.plays[(trick.number - 1) * 4:trick.number * 4]:
            better = "" if play.mark == "=" else "  best: " + " ".join(str(c) for c in play.best_cards)
            note = "" if play.exact else "  (estimated)"
            lines.append(f"    {play.seat} {play.card!s:>2}  {play.mark:>6}   {play.side} "
                         f"{_number(play.best):>7} -> {_number(play.value):>7}{better}{note}")
    exact_from = analysis.exact_from
    if exact_from is None:
        lines.append(f"Every card solved exactly in {analysis.seconds:.1f} s.")
    else:
        lines.append(f"Solved exactly from trick {exact_from} on; earlier cards estimated "
                     f"({analysis.seconds:.1f} s).")
    return "\n".join(lines)


def _points(scores: dict[str, int]) -> str:
    return " ".join(f"{side} {points:+d}" for side, points in scores.items())


def _number(value: float) -> str:
    return f"{value:+.0f}" if abs(value - round(value)) < EPSILON else f"{value:+.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.players.analyse",
                                     description="Perfect-play analysis of every hand in a Spades.save log.")
    parser.add_argument("log", help="the hand log (Spades.save)")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                        help=f"seconds of exact search per hand (default {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--estimate-deals", type=int, default=ESTIMATE_DEALS,
                        help=f"sampled deals per card estimated beyond the time (default {ESTIMATE_DEALS})")
    parser.add_argument("--hand", type=int, action="append",
                        help="analyse only the hand(s) with this number (repeatable)")
    args = parser.parse_args(argv)
    try:
        reading = read_log(args.log)
    except OSError as error:
        print(f"Cannot read {args.log}: {error.strerror or error}", file=sys.stderr)
        return 1
    for damaged in reading.damaged:
        print(f"Skipped a damaged block, {damaged}")
    chosen = [h for h in reading.hands if args.hand is None or h.number in args.hand]
    if not chosen:
        print("No hand to analyse.")
    for logged in chosen:
        try:
            analysis = analyse_hand(logged, args.time_limit, estimate_deals=args.estimate_deals)
        except ReplayError as error:
            print(f"Game {logged.game_id}, hand {logged.number}: cannot replay it: {error}\n")
            continue
        print(format_analysis(logged, analysis) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
