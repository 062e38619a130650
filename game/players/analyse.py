"""Perfect-play analysis of a finished hand, card by card, and the ``python -m game.players.analyse`` command.

For every card played, :func:`analyse_hand` tells what the acting seat's side could still
reach before the card and after it if all four hands were visible and everyone played
perfectly from there (:mod:`game.players.solver`), and marks the card like the double-dummy
marks of bridge software:

- ``=``: the card keeps the best result;
- ``-20``, ``-1`` …: the points it threw away;
- ``~`` before a mark: estimated, not solved exactly (see below).

**The unit of values and marks** is the quantity perfect play maximises: the acting
side's hand score minus the other side's (in Solo, minus the mean of the three others'),
everything of the hand's rules counted — contract, nils, bags, the bag penalty, bonuses.
So a trick thrown away that costs the side its contract and lets the opponents make
theirs may show ``-20`` or more, and a card that gives the opponents a bag ``-1``. In Solo
values are thirds of a point at times and marks then show one decimal.

The analysis runs backwards from the last trick, where positions are small, to the
first; each search fills a table the earlier ones reuse. Within `time_limit` seconds (the
whole analysis) it solves as many plays as it can exactly; the earlier ones get Expert's
sampled value instead (Monte-Carlo over deals consistent with what the seat could see)
and say so (``exact`` is False). An exact mark is never a guess.

Everything in and out is plain data (picklable), so a worker process can run it while
the screen stays live, a slice of time at a time (:class:`Analyser`, and the
``"analyse"`` requests of :mod:`game.players.thinker`)::

    analysis = analyse_hand(logged_hand, time_limit=10.0)
    for play in analysis.plays:
        print(play.seat, play.card, play.label, "" if play.exact else "(estimated)")
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
"""Seconds for a hand's whole analysis by default."""
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

    @property
    def label(self) -> str:
        """The mark as Review and the command show it; an estimate has a ``~`` before it and
        whole points (``~-3``: sampled values are means, their decimals mean nothing)."""
        return self.mark if self.exact else "~" + mark_text(round(self.loss))


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

    The whole analysis takes about `time_limit` seconds at most (None: no limit): exact
    search covers at most the last `exact_tricks` tricks, and the plays it does not reach
    in time are estimated with Expert's sampling on `estimate_deals` deals per card
    (seeded by `seed`; about 30 ms a card at the default). `viewpoint` is the seat whose
    side the tricks' values are for. ReplayError if the engine refuses the logged hand;
    ValueError if the hand is not finished."""
    analyser = Analyser(source, time_limit, viewpoint, exact_tricks, estimate_deals, seed)
    analyser.advance()
    assert analyser.result is not None
    return analyser.result


@dataclass(frozen=True)
class AnalysisProgress:
    """What an analysis under way knows so far. A worker process sends one after each slice
    of work (:meth:`Analyser.advance`), so Review shows the marks as they come: the exact
    ones from the last trick back, then the estimates of the first cards."""

    plays: dict[int, PlayAnalysis]
    """The cards judged so far, by number (1 to 52)."""
    tricks: dict[int, TrickAnalysis]
    """The tricks judged so far, by number (1 to 13)."""
    phase: str
    """``"exact"`` while the exact search works back from the last card, ``"estimate"``
    while the cards it did not reach are estimated, ``"done"`` at the end."""
    analysis: HandAnalysis | None = None
    """The whole analysis, once done."""


class Analyser:
    """One hand's analysis, done a slice of time at a time (:meth:`advance`), so that a worker
    process can answer other questions between the slices; :func:`analyse_hand` runs one
    to its end. Arguments as for :func:`analyse_hand`.

    The time limit counts the time spent working, not the pauses between slices. So that
    the estimates fit in it too, the first card is estimated before the exact search starts
    and its cost, the dearest of all, is kept in reserve for each card still unsolved; but
    each card may be searched for as long as its estimate would take, as solving it saves
    that (the last tricks take a millisecond or so).
    """

    RESERVE = 1.25
    """The reserve per unsolved card, in first estimates: a trick may need an estimate of its own (Solo)."""

    def __init__(self, source: LoggedHand | Hand, time_limit: float | None = DEFAULT_TIME_LIMIT,
                 viewpoint: str = "S", exact_tricks: int = 13, estimate_deals: int = ESTIMATE_DEALS,
                 seed: int = 0) -> None:
        logged = source if isinstance(source, LoggedHand) else LoggedHand.from_hand(source, "analysis", "", {})
        self.final = replay(logged)
        if self.final.score is None:
            raise ValueError("only a finished hand can be analysed")
        self.time_limit = time_limit
        self.viewpoint = viewpoint
        self.phase = "exact"
        """As :attr:`AnalysisProgress.phase`."""
        self.result: HandAnalysis | None = None
        self._exact = _ExactSearch(self.final)
        self._estimates = _Estimates(logged, self.final, estimate_deals, seed)
        self._earliest = 4 * (13 - exact_tricks) + 1
        """The first card the exact search may reach."""
        self._next = 52
        """The card the exact search solves next (it works from the last card back)."""
        self._estimated: dict[int, PlayAnalysis] = {}
        self._estimated_tricks: dict[int, TrickAnalysis] = {}
        self._estimate_cost: float | None = None
        self._worked = 0.0
        self._searched = 0.0
        self._slice_start = 0.0
        self._card_started = (0, 0.0)
        """The card the exact search is on, and the working time when it began on it."""

    def advance(self, seconds: float | None = None) -> bool:
        """Work on for about `seconds` (None: to the end, within the time limit); True once done.
        A slice of any length gets on: a search stopped by its end goes on from where it was."""
        self._slice_start = time.perf_counter()
        stop = math.inf if seconds is None else self._slice_start + seconds
        try:
            while self.phase != "done":  # at least one step each time
                if self.phase == "exact":
                    self._solve_next(stop)
                else:
                    self._estimate_next()
                if time.perf_counter() >= stop:
                    break
        finally:
            self._worked += time.perf_counter() - self._slice_start
            self._slice_start = time.perf_counter()
        return self.phase == "done"

    def progress(self) -> AnalysisProgress:
        """What is known so far (picklable: a worker sends it as its answer)."""
        return AnalysisProgress({**self._estimated, **self._exact.plays},
                                {**self._estimated_tricks, **self._exact.tricks}, self.phase, self.result)

    # -- the exact search, from the last card back ---------------------------------------------
    def _solve_next(self, stop: float) -> None:
        number = self._next
        if number < self._earliest:
            self.phase = "estimate"
            return
        if self.time_limit is not None and self._estimate_cost is None:
            began = time.perf_counter()
            self._estimated[1] = self._estimates.play(1)
            self._estimate_cost = time.perf_counter() - began
            return
        ends = self._exact_ends(number)
        if time.perf_counter() >= ends:
            self.phase = "estimate"
            return
        deadline = min(stop, ends)
        self._exact.set_deadline(None if math.isinf(deadline) else deadline)
        began = time.perf_counter()
        try:
            self._exact.solve(number, self.viewpoint)
        except OutOfTime:
            if time.perf_counter() >= ends:
                self.phase = "estimate"
            return
        finally:
            self._searched += time.perf_counter() - began
        self._next = number - 1

    def _exact_ends(self, number: int) -> float:
        """When the search for card `number` must stop (a ``time.perf_counter()`` value): in
        time to estimate it and the cards before it (the first card is estimated already),
        but not before it has had the time its estimate would take."""
        if self.time_limit is None:
            return math.inf
        assert self._estimate_cost is not None
        if self._card_started[0] != number:
            self._card_started = (number, self._worked + time.perf_counter() - self._slice_start)
        reserve = self._estimate_cost * self.RESERVE * (number - 1)
        work_ends = max(self.time_limit - reserve, self._card_started[1] + self._estimate_cost)
        return self._slice_start + work_ends - self._worked

    # -- the estimates, from the first card on ----------------------------------------------
    def _estimate_next(self) -> None:
        """Estimate one card the exact search did not reach, or one trick; done after the last."""
        for number in range(1, self._next + 1):
            if number not in self._estimated:
                self._estimated[number] = self._estimates.play(number)
                return
        plays = tuple(self._exact.plays.get(number) or self._estimated[number] for number in range(1, 53))
        for trick in range(1, 14):
            if trick not in self._exact.tricks and trick not in self._estimated_tricks:
                self._estimated_tricks[trick] = self._estimates.trick(trick, self.viewpoint, plays)
                return
        tricks = tuple(self._exact.tricks.get(n) or self._estimated_tricks[n] for n in range(1, 14))
        assert self.final.score is not None
        worked = self._worked + time.perf_counter() - self._slice_start
        self.result = HandAnalysis(plays, tricks, self.viewpoint,
                                   {side: s.total for side, s in self.final.score.sides.items()}, worked,
                                   self._searched)
        self.phase = "done"


def _plays(final: Hand) -> list[tuple[str, Card]]:
    """The 52 cards of a finished hand in play order."""
    return [play for trick in final.tricks for play in trick.plays]


class _ExactSearch:
    """The exact part of the analysis, from the last card back to the first: one solver
    per side, but one for both with partners (their values are zero-sum)."""

    def __init__(self, final: Hand) -> None:
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
        self.solvers = {side: Solver(self.rules, final.bids, final.standings, side) for side in own}
        self.plays: dict[int, PlayAnalysis] = {}
        self.tricks: dict[int, TrickAnalysis] = {}
        self._values: dict[tuple[str, int], float] = {}

    def set_deadline(self, deadline: float | None) -> None:
        """When the searches must stop (a ``time.perf_counter()`` value; None: never)."""
        for solver in self.solvers.values():
            solver.deadline = deadline

    def solve(self, number: int, viewpoint: str) -> None:
        """Judge card `number` (the cards after it are judged already) and, if it leads a
        trick, the trick. OutOfTime when the deadline passes first; what was found stays,
        so solving it again goes on from there."""
        if number not in self.plays:
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
            lines.append(f"    {play.seat} {play.card!s:>2}  {play.label:>6}   {play.side} "
                         f"{_number(play.best):>7} -> {_number(play.value):>7}{better}{note}")
    exact_from = analysis.exact_from
    if exact_from is None:
        lines.append(f"Every card solved exactly in {analysis.seconds:.1f} s.")
    elif exact_from > 13:
        lines.append(f"No card solved exactly in the time; every card estimated ({analysis.seconds:.1f} s).")
    else:
        lines.append(f"Solved exactly from trick {exact_from} on; earlier cards estimated "
                     f"({analysis.seconds:.1f} s).")
    return "\n".join(lines)


def _points(scores: dict[str, int]) -> str:
    return " ".join(f"{side} {points:+d}" for side, points in scores.items())


def _number(value: float) -> str:
    return f"{value:+.0f}" if abs(value - round(value)) < EPSILON else f"{value:+.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.analyse",
                                     description="Perfect-play analysis of every hand in a Spades.save log.")
    parser.add_argument("log", help="the hand log (Spades.save)")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                        help=f"seconds for each hand's analysis (default {DEFAULT_TIME_LIMIT:g})")
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
