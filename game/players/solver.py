"""The perfect-play solver: what a position is worth when all four hands are known.

Given a full deal in the middle of the play (every seat's cards, the trick so far, the
tricks taken, the bids and the standings), the solver finds the value of the rest of the
hand if every seat plays perfectly from there, for one side. It searches on the *hand
score* (contracts, nils, bags, the bag penalty, bonuses: :func:`game.scoring.score_hand`),
not on tricks, because a side's score is not monotonic in its tricks.

**What a side plays for.** The value of a finished hand for a side is its *worth* minus the
mean worth of the other sides; a side's worth is its hand score (:func:`hand_points`), or
whatever the caller passes (Expert passes :func:`outlook_worth`, which also counts the bag
penalty a side can expect later in the game).

- With partners there are two sides and the value is zero-sum: one side maximises
  ``worth(us) − worth(them)``, the other minimises it (minimax with alpha-beta).
- In Solo (every seat for itself) the convention is *paranoid*: the seat whose value is
  asked maximises ``worth(me) − mean(worth of the three others)`` and the three others
  play together to minimise it. The value is what the seat can secure whatever the others
  do; each seat of a Solo hand has its own search.

**How it is fast enough in pure Python.** Fail-soft alpha-beta with move ordering (the
table's best lead first, then the leads by suit, weakest first; a follower's cheapest
winner first, or its lowest card when its partner wins); a table of trick starts keyed by
the *relative* ranks of the cards still held (after the A♠ is gone, the K♠ plays as the
top spade, so the two positions are one), the leader, spades broken, and a class of the
tricks taken so far (taken states whose every possible finish scores alike share it:
with no nil bid only each side's total counts); equivalent cards merged (cards of one
hand adjacent in a suit once the cards already played are left out: playing either is
the same); bounds from the master spades and the winners the leader can cash. The rules
of play are those of :func:`game.legality.play_steps`, written again over bitmasks for
speed: ``tests/test_solver.py`` checks that both allow the same cards on many positions
under every rule option, and that the solver's values equal a plain exhaustive search.

**Entry points.** :func:`solve_cards` gives the value of each legal card of the seat to
act; Expert builds the position from its view and a sampled deal with
:meth:`Position.from_view` (the next deals with :meth:`Position.with_holdings`) and shares one
:func:`solver_for` across the deals of one decision, its effort limited in trick starts
(`max_starts`, :class:`OutOfEffort`) so that it decides alike on any machine. Normal solves
its last three cards the same way (:mod:`game.players.normal.endgame`), keeping one solver
through a hand. Review's analysis of a whole hand is
:func:`game.players.analyse.analyse_hand`.

>>> from game.cards import card, cards, mask_of
>>> from game.rules import PRESETS
>>> from game.bids import Bid
>>> from game.scoring import Standing
>>> end = Position(PRESETS["partner"].rules,
...                holdings={"S": mask_of(cards("AH 2H")), "W": mask_of(cards("2D 3D")),
...                          "N": mask_of(cards("2C 3C")), "E": mask_of(cards("KH 3S"))},
...                trick=(), leader="S", taken={"S": 3, "W": 3, "N": 3, "E": 2},
...                winners=("S", "W", "N") * 3 + ("E", "E"), spades_broken=True,
...                bids={s: Bid(3) for s in "SWNE"}, standings={"NS": Standing(), "EW": Standing()})
>>> values = solve_cards(end)
>>> values[card("AH")], values[card("2H")]
(1.0, -1.0)

Leading the A♥ first (East must follow with the K♥, then ruffs the 2♥) gives North-South
7 tricks to 6: 61 to 60, their seventh trick a bag. The 2♥ first lets East win it with the
K♥ and ruff the A♥ with the 3♠: 60 to 61.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game import legality
from game.bids import Bid
from game.cards import CLUBS, DECKS, SPADES, Card, Deck, cards_of
from game.players.search import bag_outlook, hands_after
from game.rules import Rules
from game.scoring import HandScore, SideScore, Standing, score_hand
from game.seats import SEATS, next_seat, side_of, sides
from game.view import SeatView

if TYPE_CHECKING:
    from game.hand import Hand

SideWorth = Callable[[SideScore], float]
"""What a side's finished hand is worth to it; the solver plays for worth(us) minus the
mean worth of the others."""

EPSILON = 1e-6
"""Values closer than this are the same value (worths may be fractions)."""

_DEADLINE_EVERY = 1024
"""Trick starts searched between two looks at the clock."""
_HOLDER_BITS = 32
"""Room for a suit's holders in its code, two bits a card: the jokers and deuces decks have
sixteen spades."""
_WIN, _LOW, _DUCK = 0, 1, 2
"""How a follower orders its cards (:meth:`Solver._follow_moves`)."""
MAX_TABLE = 300_000
"""Trick starts the table holds before it starts afresh (about 200 MB): ten seconds of
search fill about a third of it."""


def hand_points(side: SideScore) -> float:
    """The default worth: the side's hand score, everything included."""
    return float(side.total)


def outlook_worth(rules: Rules, standings: Mapping[str, Standing]) -> SideWorth:
    """A side's hand score less the bag penalty it can expect to pay later in the game for
    the bag count the hand leaves it with (:func:`game.players.search.bag_outlook`): Expert's worth."""
    outlook = bag_outlook(rules, hands_after(rules, standings), len(standings))
    if not outlook:
        return hand_points
    return lambda side: side.total - outlook[side.after.bags]


class OutOfTime(Exception):
    """The search passed its deadline; what it stored before stays valid."""


class OutOfEffort(OutOfTime):
    """The search used up the trick starts it was allowed (`max_starts`): a limit on work
    rather than seconds, so that a player that stops there decides alike on any machine."""


# ---------------------------------------------------------------------------
# Positions


@dataclass(frozen=True)
class Position:
    """A moment of the play with every hand known: plain data, picklable.

    `holdings` are the cards each seat holds now (masks, :mod:`game.cards`); `trick` the
    cards of the current trick in play order; `leader` who led it (or leads next);
    `winners` the winner of each finished trick in order (their count is the tricks done);
    `bids` the final bids; `standings` each side's score and bags before the hand.
    """

    rules: Rules
    holdings: Mapping[str, int]
    trick: tuple[tuple[str, Card], ...]
    leader: str
    taken: Mapping[str, int]
    winners: tuple[str, ...]
    spades_broken: bool
    bids: Mapping[str, Bid]
    standings: Mapping[str, Standing]

    @classmethod
    def of_hand(cls, hand: Hand) -> Position:
        """Where a hand in its play phase stands now."""
        return cls(hand.rules, {s: hand.holding_mask(s) for s in SEATS}, tuple(hand.trick), hand.leader,
                   dict(hand.taken), tuple(t.winner for t in hand.tricks), hand.spades_broken, hand.bids,
                   dict(hand.standings))

    @classmethod
    def from_view(cls, view: Mapping[str, Any], deal: Mapping[str, int]) -> Position:
        """The position of a seat view (`docs/bot-api.md`, phase ``play``) with the hidden cards
        dealt as `deal` says (seat → mask of the cards it holds now, as
        :func:`game.players.knowledge.sample_deals` gives them)."""
        return cls.from_seat_view(SeatView.from_dict(view), deal)

    @classmethod
    def from_seat_view(cls, view: SeatView, deal: Mapping[str, int]) -> Position:
        """The same from a view already read."""
        winners = tuple(trick.winner for trick in view.tricks)
        leader = view.trick[0][0] if view.trick else (winners[-1] if winners else next_seat(view.dealer))
        return cls(view.rules, dict(deal), view.trick, leader, dict(view.taken), winners, view.spades_broken,
                   dict(view.bids), dict(view.scores))

    def with_holdings(self, deal: Mapping[str, int]) -> Position:
        """The same moment with the cards dealt as `deal` says: the next sampled deal of one
        decision, without reading the view again."""
        return _replace(self, holdings=dict(deal))

    @property
    def deck(self) -> Deck:
        return DECKS[self.rules.deck]

    @property
    def tricks_done(self) -> int:
        return len(self.winners)

    @property
    def finished(self) -> bool:
        return len(self.winners) == 13

    @property
    def to_act(self) -> str:
        return next_seat(self.leader, len(self.trick))

    def legal(self) -> list[Card]:
        """The cards the seat to act may play (by :mod:`game.legality`), in hand order."""
        mask = legality.legal_play_mask(self.rules, self.deck, self.holdings[self.to_act],
                                        [c for _, c in self.trick], self.tricks_done + 1, self.spades_broken)
        return sorted(cards_of(mask), key=self.deck.sort_key)

    def after(self, played: Card) -> Position:
        """The position once the seat to act plays `played` (not checked: see :meth:`legal`)."""
        seat = self.to_act
        holdings = dict(self.holdings)
        holdings[seat] &= ~played.bit
        trick = (*self.trick, (seat, played))
        broken = self.spades_broken or self.deck.suit_of[played.index] == SPADES
        if len(trick) < 4:
            return _replace(self, holdings=holdings, trick=trick, spades_broken=broken)
        winner = trick[legality.trick_winner_index(self.deck, [c for _, c in trick])][0]
        taken = dict(self.taken)
        taken[winner] += 1
        return _replace(self, holdings=holdings, trick=(), leader=winner, taken=taken,
                        winners=(*self.winners, winner), spades_broken=broken)

    def score(self) -> HandScore:
        """The hand's score, once it is finished."""
        return score_hand(self.rules, self.bids, self.taken, self.winners, self.standings)


def _replace(position: Position, **changes: Any) -> Position:
    values = {name: getattr(position, name) for name in Position.__dataclass_fields__}
    values.update(changes)
    return Position(**values)


# ---------------------------------------------------------------------------
# The rules of play over bitmasks


@dataclass(frozen=True)
class PlayTables:
    """A deck's suits and ranks arranged for the search: masks and card lists by suit."""

    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    suit_masks: tuple[int, ...]
    ascending: tuple[tuple[int, ...], ...]
    """Card indices of each effective suit, weakest first."""
    above: tuple[dict[int, int], ...]
    """Per suit, power → mask of that suit's cards stronger than it (-1: the whole suit)."""

    @classmethod
    def of(cls, deck: Deck) -> PlayTables:
        ascending = tuple(tuple(sorted((c.index for c in deck.cards if deck.suit_of[c.index] == suit),
                                       key=lambda i: deck.power[i])) for suit in range(4))
        above = []
        for suit in range(4):
            table = {-1: deck.suit_masks[suit]}
            for index in ascending[suit]:
                table[deck.power[index]] = deck.beaters[index]
            above.append(table)
        return cls(deck.suit_of, deck.power, deck.suit_masks, ascending, tuple(above))


_TABLES: dict[str, PlayTables] = {}


def play_tables(deck: Deck) -> PlayTables:
    if deck.name not in _TABLES:
        _TABLES[deck.name] = PlayTables.of(deck)
    return _TABLES[deck.name]


def legal_mask(rules: Rules, tables: PlayTables, holding: int, led: int, best_led: int, best_trump: int,
               first_trick: bool, leading: bool, broken: bool) -> int:
    """The cards of `holding` that may be played: :func:`game.legality.play_steps` over masks.

    `led` is the effective suit led (when not `leading`), `best_led` the highest power of
    that suit in the trick, `best_trump` the highest spade in it (-1: none)."""
    masks = tables.suit_masks
    if first_trick and rules.low_club:
        clubs = holding & masks[CLUBS]
        if clubs:
            for index in tables.ascending[CLUBS]:
                if clubs >> index & 1:
                    return 1 << index
        if not leading:
            return holding
    if leading:
        if rules.spades_broken and not broken and holding & ~masks[SPADES]:
            return holding & ~masks[SPADES]
        return holding
    following = holding & masks[led]
    if following:
        if rules.must_beat and (led == SPADES or best_trump < 0):
            beaters = following & tables.above[led][best_led]
            if beaters:
                return beaters
        return following
    if rules.must_beat:
        trumps = holding & masks[SPADES] & tables.above[SPADES][best_trump]
        if trumps:
            return trumps
    return holding


def trick_state(tables: PlayTables, trick: Sequence[int]) -> tuple[int, int, int, int]:
    """What the rest of a trick depends on, from its card indices so far: the suit led, the
    highest power of that suit, the highest spade (-1: none) and the winning position."""
    suit_of, power = tables.suit_of, tables.power
    led = suit_of[trick[0]]
    best_led = power[trick[0]]
    best_trump = best_led if led == SPADES else -1
    winning = 0
    for place, index in enumerate(trick):
        suit, strength = suit_of[index], power[index]
        if suit == SPADES and strength > best_trump:
            best_trump, winning = strength, place
        elif suit == led and best_trump < 0 and strength > best_led:
            winning = place
        if suit == led and strength > best_led:
            best_led = strength
    return led, best_led, best_trump, winning


# ---------------------------------------------------------------------------
# The search


@dataclass(slots=True)
class _Entry:
    """What the table knows of a trick start: bounds on its value and the lead that did best."""

    low: float = -math.inf
    high: float = math.inf
    best: tuple[int, int] | None = None
    """The best lead as (suit, position among the suit's cards still held, weakest first)."""


class Solver:
    """Exact values of positions of one hand for one side (see the module docs).

    One solver serves any number of positions that share the rules, bids and standings
    (the positions of one hand, or many sampled deals of one moment): its table of trick
    starts is reused. `side` is a side of :func:`game.seats.sides`; with `deadline` (a
    ``time.perf_counter()`` value) a search that runs past it raises :class:`OutOfTime`,
    and with `max_starts` one that has searched more trick starts in all (:attr:`trick_starts`,
    counted over every position it was given) raises :class:`OutOfEffort`.
    """

    def __init__(self, rules: Rules, bids: Mapping[str, Bid], standings: Mapping[str, Standing], side: str,
                 worth: SideWorth = hand_points, deadline: float | None = None,
                 max_starts: int | None = None) -> None:
        self.rules = rules
        self.deck = DECKS[rules.deck]
        self.tables = play_tables(self.deck)
        self.bids = dict(bids)
        self.standings = dict(standings)
        self.side = side
        self.worth = worth
        self.deadline = deadline
        self._max_starts = max_starts
        self.others = [s for s in sides(rules.partners) if s != side]
        self._side_index = [_side_number(rules, s) for s in SEATS]
        self._ours = [side_of(s, rules.partners) == side for s in SEATS]
        self._nil = [s in self.bids and self.bids[s].is_nil for s in SEATS]
        self._feeding = [[_LOW if rules.partners and winner != seat and self._ours[winner] == self._ours[seat]
                          else _WIN for winner in range(4)] for seat in range(4)]
        """By follower and seat winning the trick so far: how the follower orders its cards
        when it does not play for nil."""
        # The tables the search reads at every card, bound once.
        self._suit_of, self._power, self._suit_masks = self.tables.suit_of, self.tables.power, self.tables.suit_masks
        self._spades_above = self.tables.above[SPADES]
        self._table: dict[tuple, _Entry] = {}
        self._leaves: dict[tuple, float] = {}
        self._classes: dict[tuple, int] = {}
        self._signatures: dict[tuple, int] = {}
        self._ranges: dict[tuple, tuple[float, float]] = {}
        self._weaker = [self.tables.suit_masks[suit] & ~self.deck.beaters[index] & ~(1 << index)
                        for index, suit in enumerate(self.tables.suit_of)]
        """For each card, the cards of its suit weaker than it."""
        self._weakness = [power + (20 if suit == SPADES else 0)
                          for suit, power in zip(self.tables.suit_of, self.tables.power, strict=True)]
        """How little each card is worth keeping: the order for throwing cards away."""
        self._runs: dict[tuple[int, int], tuple[int, ...]] = {}
        self._discards: dict[tuple[int, int], tuple[int, ...]] = {}
        """A void follower's cards to play (one of each run), weakest first."""
        self._codes: dict[tuple[int, int, int, int], int] = {}
        self._position_codes: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
        self._patterns: dict[int, tuple[int, int, tuple[int, ...]]] = {}
        self._patterns_of: dict[tuple[int, ...], tuple[tuple[int, int, tuple[int, ...]], ...]] = {}
        self.trick_starts = 0
        """Trick starts searched so far (a measure of effort)."""
        self._next_look = 0
        """The count of trick starts at which the search next looks at its limits."""
        self._schedule_look()
        # The state of the position being searched, changed in place and restored.
        self._hands = [0, 0, 0, 0]
        self._taken = [0, 0, 0, 0]
        self._done = 0
        self._broken = False
        self._moe = 0

    # -- public --------------------------------------------------------------------
    @property
    def max_starts(self) -> int | None:
        """The trick starts (:attr:`trick_starts`, in all) past which a search raises
        :class:`OutOfEffort`; None: no limit. It may be raised between searches."""
        return self._max_starts

    @max_starts.setter
    def max_starts(self, limit: int | None) -> None:
        self._max_starts = limit
        self._schedule_look()

    @property
    def stored(self) -> int:
        """Trick starts the table holds now (at most :data:`MAX_TABLE`)."""
        return len(self._table)

    def value(self, position: Position, alpha: float = -math.inf, beta: float = math.inf) -> float:
        """The position's value for this solver's side with perfect play from here.

        With a window, a value at or below `alpha` (at or above `beta`) may be returned
        for any value at or below (above) it: alpha-beta's fail-soft bounds."""
        trick = self._load(position)
        if not trick:
            return self._trick_start(SEATS.index(position.leader), alpha, beta)
        return self._resume(SEATS.index(position.leader), trick, alpha, beta)

    def card_values(self, position: Position) -> dict[Card, float]:
        """The exact value, for this solver's side, of each legal card of the seat to act;
        equivalent cards are searched once."""
        values: dict[Card, float] = {}
        searched: dict[tuple[int, int], float] = {}
        for choice in position.legal():
            group = self.equivalence(position, choice)
            if group not in searched:
                searched[group] = self.value(position.after(choice))
            values[choice] = searched[group]
        return values

    def equivalence(self, position: Position, choice: Card) -> tuple[int, int]:
        """A name for the group of cards the seat to act could play instead of `choice` with
        the same result: its suit and the lowest card of its run among the cards in play."""
        live = 0
        for held in position.holdings.values():
            live |= held
        for _, played in position.trick:
            live |= played.bit
        mine = position.holdings[position.to_act]
        suit = self.deck.suit_of[choice.index]
        start = -1
        for index in self.tables.ascending[suit]:
            if not live >> index & 1:
                continue
            if not mine >> index & 1:
                start = -1
                continue
            if start < 0:
                start = index
            if index == choice.index:
                break
        return suit, start

    # -- loading a position ---------------------------------------------------------------
    def _load(self, position: Position) -> list[tuple[int, int]]:
        if position.rules != self.rules or dict(position.bids) != self.bids or \
                dict(position.standings) != self.standings:
            raise ValueError("this solver was made for other rules, bids or standings")
        self._hands = [position.holdings[s] for s in SEATS]
        self._taken = [position.taken[s] for s in SEATS]
        self._done = len(position.winners)
        self._broken = position.spades_broken
        self._moe = 0
        for number, winner in enumerate(position.winners[:8]):
            self._moe = self._next_moe(self._moe, self._side_index[SEATS.index(winner)], number)
        return [(SEATS.index(s), c.index) for s, c in position.trick]

    def _resume(self, leader: int, trick: list[tuple[int, int]], alpha: float, beta: float) -> float:
        """Search on from the middle of a trick: the cards so far set who is winning."""
        led, best_led, best_trump, winning = trick_state(self.tables, [index for _, index in trick])
        hands = self._hands
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for _, index in trick:
            live |= 1 << index
        return self._follow(len(trick), leader, led, best_led, best_trump, trick[winning][0], live, alpha, beta)

    # -- the state of the Moe bonuses ---------------------------------------------------------
    def _next_moe(self, moe: int, side: int, number: int) -> int:
        """The Moe state after trick `number` (0-based) is won by `side`: 0 before any trick;
        -1 when no side can earn a Moe any more; else ``owner*32 + run*2 + frozen``, where
        the owner (side + 1) won the first `run` tricks and `frozen` says its run has ended."""
        if not self.rules.moe or number >= 8:
            return moe
        if moe == 0:
            return (side + 1) * 32 + 2
        if moe < 0 or moe & 1:
            return moe
        if moe >> 5 == side + 1:
            return moe + 2
        return moe + 1 if (moe >> 1) & 15 >= 6 else -1

    def _moe_winners(self, moe: int) -> list[str]:
        """Winners of the first tricks that give the same Moe bonus as state `moe`."""
        if moe <= 0:
            return []
        owner = (moe >> 5) - 1
        seat = next(s for i, s in enumerate(SEATS) if self._side_index[i] == owner)
        return [seat] * ((moe >> 1) & 15)

    # -- values of finished hands ------------------------------------------------------------
    def _leaf(self) -> float:
        return self._final_value(tuple(self._taken), self._moe)

    def _final_value(self, taken: tuple[int, ...], moe: int) -> float:
        """The value of the hand finished with these tricks taken (by seat) and Moe state."""
        key = (*taken, moe)
        value = self._leaves.get(key)
        if value is None:
            score = score_hand(self.rules, self.bids, dict(zip(SEATS, taken, strict=True)), self._moe_winners(moe),
                               self.standings)
            value = self._leaves[key] = self.outcome_value(score)
        return value

    def outcome_value(self, score: HandScore) -> float:
        """The value of a finished hand's score for this solver's side."""
        others = [self.worth(score.sides[o]) for o in self.others]
        return self.worth(score.sides[self.side]) - sum(others) / len(others)

    # -- what the tricks taken still decide --------------------------------------------------
    def _taken_class(self, state: tuple[int, ...]) -> int:
        """A number for the tricks taken so far and the Moe state (`state`: the taken
        counts, then the Moe state), shared by every other taken state whose finished
        hands would all score the same for every way the remaining tricks can fall: with no
        nil bid, only each side's total matters."""
        signature = (self._moe, *self._future_values(self._done))
        number = self._classes[state] = self._signatures.setdefault(signature, len(self._signatures))
        return number

    def _future_values(self, done: int) -> list[float]:
        """The value of every way the tricks not counted in the taken state can fall among
        the seats, and the Moe bonuses still go after `done` tricks played (fewer than the
        taken state counts when it holds tricks sure to come)."""
        south, west, north, east = self._taken
        final = self._final_value
        return [final((south + more[0], west + more[1], north + more[2], east + more[3]), finals)
                for finals in self._moe_finals(self._moe, done) for more in _splits(13 - south - west - north - east)]

    def _moe_finals(self, moe: int, done: int) -> list[int]:
        """Moe states standing for every bonus the hand may still end with."""
        if not self.rules.moe or done >= 8 or moe < 0 or moe & 1:
            return [moe]
        owners = [moe >> 5] if moe else range(1, len(sides(self.rules.partners)) + 1)
        return [-1, *(owner * 32 + run * 2 + 1 for owner in owners for run in (6, 8))]

    # -- trick starts ---------------------------------------------------------------------------
    def _trick_start(self, leader: int, alpha: float, beta: float) -> float:
        if self._done >= 12:
            return self._leaf() if self._done == 13 else self._last_trick(leader)
        self.trick_starts += 1
        if self.trick_starts >= self._next_look:
            self._look_at_limits()
        held = tuple(self._hands)
        codes = self._position_codes.get(held)
        if codes is None:
            codes = self._relative_codes(held)
        state = (*self._taken, self._moe)
        number = self._classes.get(state)
        if number is None:
            number = self._taken_class(state)
        key = codes + (leader, number, self._broken)
        entry = self._table.get(key)
        if entry is None:
            if len(self._table) >= MAX_TABLE:
                self._table.clear()
                self._position_codes.clear()
                self._patterns_of.clear()
                self._discards.clear()
            entry = self._table[key] = _Entry(*self._static_bounds(leader, codes))
        if entry.low >= beta or entry.low == entry.high:
            return entry.low
        if entry.high <= alpha:
            return entry.high
        alpha, beta = max(alpha, entry.low), min(beta, entry.high)
        value, best = self._lead(leader, alpha, beta, self._card_at(entry.best))
        if value <= alpha:
            entry.high = min(entry.high, value)
        elif value >= beta:
            entry.low = max(entry.low, value)
        else:
            entry.low = entry.high = value
        if best >= 0:
            entry.best = self._relative_card(best)
        return value

    def _look_at_limits(self) -> None:
        """OutOfEffort past `max_starts` trick starts, OutOfTime past the deadline; else the
        next look comes :data:`_DEADLINE_EVERY` trick starts on (sooner when the effort ends)."""
        if self._max_starts is not None and self.trick_starts > self._max_starts:
            raise OutOfEffort
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        self._schedule_look()

    def _schedule_look(self) -> None:
        self._next_look = self.trick_starts + _DEADLINE_EVERY
        if self._max_starts is not None:
            self._next_look = min(self._next_look, self._max_starts + 1)

    # -- bounds from tricks that cannot be stopped ---------------------------------------------
    def _static_bounds(self, leader: int, codes: tuple[int, ...]) -> tuple[float, float]:
        """Bounds on the value without searching: the seat holding the master spades takes
        a trick with each of them whatever happens, and the leader can cash its sure
        winners (its master spades, then its top cards in suits no other seat can ruff)."""
        if self._done == 0:
            return -math.inf, math.inf
        patterns = self._patterns_of.get(codes)
        if patterns is None:
            pattern = self._pattern
            patterns = self._patterns_of[codes] = (pattern(codes[0]), pattern(codes[1]), pattern(codes[2]),
                                                   pattern(codes[3]))
        least = [0, 0, 0, 0]
        top, run, _ = patterns[SPADES]
        if top >= 0:
            least[top] = run
        low, high = self._value_range(tuple(least))
        cashed = self._cashable(leader, patterns, least[leader])
        if not cashed:
            return low, high
        least[leader] += cashed
        if self._ours[leader]:
            return max(low, self._value_range(tuple(least))[0]), high
        return low, min(high, self._value_range(tuple(least))[1])

    def _cashable(self, leader: int, patterns: Sequence[tuple[int, int, tuple[int, ...]]], masters: int) -> int:
        """Tricks the leader can take in a row with top cards of side suits, after leading
        its `masters` master spades when it may lead spades (the others follow with
        spades as long as they hold any; while every seat that still holds a spade also
        holds the suit led, nobody can ruff)."""
        if patterns[1][0] != leader and patterns[2][0] != leader and patterns[3][0] != leader:
            return 0
        may_lead_spades = not self.rules.spades_broken or self._broken or \
            not patterns[1][2][leader] + patterns[2][2][leader] + patterns[3][2][leader]
        drawn = masters if may_lead_spades else 0
        spades = patterns[SPADES][2]
        cashed = 0
        for suit in (1, 2, 3):
            top, run, lengths = patterns[suit]
            if top == leader:
                for seat in range(4):
                    if seat != leader and spades[seat] > drawn:  # a seat that may ruff
                        run = min(run, lengths[seat])
                cashed += run
        return cashed

    def _pattern(self, code: int) -> tuple[int, int, tuple[int, ...]]:
        """A suit's holder sequence read: who holds its top card (-1: nobody), how many of
        the top cards in a row that seat holds, and each seat's length."""
        found = self._patterns.get(code)
        if found is None:
            count, digits = code >> _HOLDER_BITS, code & (1 << _HOLDER_BITS) - 1
            holders = [digits >> (2 * place) & 3 for place in range(count)]
            top, run = (holders[-1], 1) if holders else (-1, 0)
            while run < count and holders[-1 - run] == top:
                run += 1
            found = self._patterns[code] = (top, run, tuple(holders.count(seat) for seat in range(4)))
        return found

    def _value_range(self, least: tuple[int, int, int, int]) -> tuple[float, float]:
        """The lowest and highest value of a finished hand when each seat takes at least
        `least` of the remaining tricks (and the Moe bonuses go any way they still can)."""
        key = (*self._taken, self._moe, *least)
        found = self._ranges.get(key)
        if found is None:
            taken, done = self._taken, self._done
            for seat in range(4):
                taken[seat] += least[seat]
            values = self._future_values(done)
            for seat in range(4):
                taken[seat] -= least[seat]
            found = self._ranges[key] = (min(values), max(values))
        return found

    def _last_trick(self, leader: int) -> float:
        """Trick 13: every seat's one card is forced."""
        hands, suit_of, power = self._hands, self._suit_of, self._power
        lead = hands[leader].bit_length() - 1
        led = suit_of[lead]
        winner, win_suit, win_power = leader, led, power[lead]
        for step in (1, 2, 3):
            seat = (leader + step) % 4
            index = hands[seat].bit_length() - 1
            suit, strength = suit_of[index], power[index]
            if (suit == win_suit and strength > win_power) or (suit == SPADES and win_suit != SPADES):
                winner, win_suit, win_power = seat, suit, strength
        self._taken[winner] += 1
        value = self._leaf()
        self._taken[winner] -= 1
        return value

    def _relative_codes(self, held: tuple[int, int, int, int]) -> tuple[int, ...]:
        """The cards `held` (by seat) as each suit's sequence of holders, weakest first: the
        part of the key that ignores which cards are gone, as only their order matters.
        Each suit's code is its card count times 2**32 plus two bits per card for its holder."""
        codes = []
        known = self._codes
        south, west, north, east = held
        for suit, mask in enumerate(self._suit_masks):
            holders = (south & mask, west & mask, north & mask, east & mask)
            code = known.get(holders)
            if code is None:
                code = known[holders] = self._suit_code(suit, holders)
            codes.append(code)
        found = self._position_codes[held] = tuple(codes)
        return found

    def _suit_code(self, suit: int, holders: tuple[int, int, int, int]) -> int:
        """One suit's code from the cards of it each seat holds."""
        count, digits = 0, 0
        held = holders[0] | holders[1] | holders[2] | holders[3]
        for index in self.tables.ascending[suit]:
            if held >> index & 1:
                seat = 0
                while not holders[seat] >> index & 1:
                    seat += 1
                digits |= seat << (2 * count)
                count += 1
        return count << _HOLDER_BITS | digits

    def _relative_card(self, index: int) -> tuple[int, int]:
        """A card as (suit, how many cards of its suit still held are weaker)."""
        held = self._hands[0] | self._hands[1] | self._hands[2] | self._hands[3]
        return self.tables.suit_of[index], (held & self._weaker[index]).bit_count()

    def _card_at(self, best: tuple[int, int] | None) -> int:
        """The card index of a relative (suit, rank) in the current position, -1 if none."""
        if best is None:
            return -1
        suit, rank = best
        held = self._hands[0] | self._hands[1] | self._hands[2] | self._hands[3]
        for index in self.tables.ascending[suit]:
            if held >> index & 1:
                if rank == 0:
                    return index
                rank -= 1
        return -1

    # -- one trick, card by card ---------------------------------------------------------------
    def _moves(self, legal: int, live: int) -> Sequence[int]:
        """One card of each run of equivalent legal cards (its weakest), weakest first by suit."""
        masks, runs = self.tables.suit_masks, self._runs
        single = masks[self.tables.suit_of[(legal & -legal).bit_length() - 1]]
        if not legal & ~single:
            key = (legal, live & single)
            found = runs.get(key)
            if found is None:
                found = runs[key] = self._run_starts(legal, live)
            return found
        moves: list[int] = []
        for mask in masks:
            mine = legal & mask
            if mine:
                key = (mine, live & mask)
                found = runs.get(key)
                if found is None:
                    found = runs[key] = self._run_starts(mine, live)
                moves.extend(found)
        return moves

    def _run_starts(self, mine: int, live: int) -> tuple[int, ...]:
        """The weakest card of each run of `mine` (cards of one suit) among the `live` cards."""
        starts = []
        in_run = False
        for index in self.tables.ascending[self.tables.suit_of[(mine & -mine).bit_length() - 1]]:
            if not live >> index & 1:
                continue
            if mine >> index & 1:
                if not in_run:
                    starts.append(index)
                in_run = True
            else:
                in_run = False
        return tuple(starts)

    def _lead(self, leader: int, alpha: float, beta: float, first: int) -> tuple[float, int]:
        hands = self._hands
        live = hands[0] | hands[1] | hands[2] | hands[3]
        legal = legal_mask(self.rules, self.tables, hands[leader], 0, 0, -1, self._done == 0, True, self._broken)
        moves = self._order_leads(self._moves(legal, live), first)
        maximising = self._ours[leader]
        suit_of, power = self._suit_of, self._power
        best_value = -math.inf if maximising else math.inf
        best_card = -1
        broken = self._broken
        holding = hands[leader]
        for index in moves:
            suit = suit_of[index]
            hands[leader] = holding ^ 1 << index
            self._broken = broken or suit == SPADES
            strength = power[index]
            trump = strength if suit == SPADES else -1
            value = self._follow(1, leader, suit, strength, trump, leader, live, alpha, beta)
            hands[leader] = holding
            self._broken = broken
            if maximising:
                if value > best_value:
                    best_value, best_card = value, index
                    alpha = max(alpha, value)
            elif value < best_value:
                best_value, best_card = value, index
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best_value, best_card

    @staticmethod
    def _order_leads(moves: Sequence[int], first: int) -> list[int]:
        """The table's best lead first, then the others as they come: by suit, spades first,
        weakest first (measured: on hands of Normal players, far fewer trick starts than
        strong and weak leads alternating, and no hand among them worse by much)."""
        if first not in moves:
            return list(moves)
        return [first, *(m for m in moves if m != first)]

    def _follow(self, position: int, leader: int, led: int, best_led: int, best_trump: int, winner: int,
                live: int, alpha: float, beta: float) -> float:
        hands = self._hands
        seat = (leader + position) % 4
        holding = hands[seat]
        moves = self._follow_moves(seat, holding, led, best_led, best_trump, winner, live)
        maximising = self._ours[seat]
        suit_of, power = self._suit_of, self._power
        best_value = -math.inf if maximising else math.inf
        broken = self._broken
        last = position == 3
        position += 1
        for index in moves:
            suit, strength = suit_of[index], power[index]
            new_winner, new_led, new_trump = winner, best_led, best_trump
            if suit == led and strength > best_led:
                new_led = strength
                if best_trump < 0:  # never with spades led: the lead is the best trump
                    new_winner = seat
            if suit == SPADES:
                self._broken = True
                if strength > best_trump:
                    new_winner, new_trump = seat, strength
            hands[seat] = holding ^ 1 << index
            if last:
                value = self._finish_trick(new_winner, alpha, beta)
            else:
                value = self._follow(position, leader, led, new_led, new_trump, new_winner, live, alpha, beta)
            hands[seat] = holding
            self._broken = broken
            if maximising:
                if value > best_value:
                    best_value = value
                    if value > alpha:
                        alpha = value
            elif value < best_value:
                best_value = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best_value

    def _follow_moves(self, seat: int, holding: int, led: int, best_led: int, best_trump: int, winner: int,
                      live: int) -> Sequence[int]:
        """One card of each run of the follower's legal cards, in the order of
        :meth:`_order_follows`. When they are all of the suit led or all of other suits
        (always but on the first trick under Low club first), that order is quicker found:
        sorted by weakness, the cards that would win the trick come last, so each order is
        a cut of that list."""
        led_mask = self._suit_masks[led]
        legal = legal_mask(self.rules, self.tables, holding, led, best_led, best_trump, self._done == 0,
                           False, self._broken)
        following = legal & led_mask
        if following == legal:  # of the suit led: weakest first as they come
            key = (legal, live & led_mask)
            moves = self._runs.get(key)
            if moves is None:
                moves = self._runs[key] = self._run_starts(legal, live)
        elif not following:  # discards
            key = (legal, live)
            moves = self._discards.get(key)
            if moves is None:
                moves = self._discards[key] = tuple(sorted(self._moves(legal, live), key=self._weakness.__getitem__))
        else:  # some of the suit led, some not
            moves = self._moves(legal, live)
            if len(moves) < 2:
                return moves
            return self._order_follows(self._follow_order(seat, winner), moves, led,
                                      self._beats(led, best_led, best_trump))
        if len(moves) < 2:
            return moves
        order = self._follow_order(seat, winner)
        if order == _LOW:
            return moves
        beats = self._beats(led, best_led, best_trump)
        losers = 0
        for index in moves:
            if beats >> index & 1:
                break
            losers += 1
        if order == _DUCK:  # the losing cards, highest first, then the winners
            return moves[losers - 1::-1] + moves[losers:] if losers else moves
        return moves[losers:] + moves[:losers]

    def _follow_order(self, seat: int, winner: int) -> int:
        """How the follower orders its cards (:data:`_WIN`, :data:`_LOW` or :data:`_DUCK`)."""
        return _DUCK if self._nil[seat] and not self._taken[seat] else self._feeding[seat][winner]

    def _beats(self, led: int, best_led: int, best_trump: int) -> int:
        """The cards that would win the trick so far (as a mask): a higher spade than any in
        it, or, while none is, a higher card of the suit led."""
        beats = self._spades_above[best_trump]
        if best_trump < 0:
            beats |= self.tables.above[led][best_led]
        return beats

    def _order_follows(self, order: int, moves: Sequence[int], led: int, beats: int) -> list[int]:
        """Likely good cards first: with a partner winning (:data:`_LOW`), the lowest; else
        (:data:`_WIN`) the lowest card that wins (of `beats`), then the lowest; a seat
        playing for nil (:data:`_DUCK`) ducks with its highest losing card. For the first
        trick's mix of suits under Low club first; :meth:`_follow_moves` cuts the others."""
        winning, losing = [], []
        for index in moves:
            (winning if beats >> index & 1 else losing).append(index)
        if self._suit_of[losing[0] if losing else winning[0]] != led:  # discards of several suits
            losing.sort(key=self._weakness.__getitem__)
            winning.sort(key=self._weakness.__getitem__)
        if order == _DUCK:
            return losing[::-1] + winning
        if order == _LOW:
            return sorted(moves, key=self._weakness.__getitem__)
        return winning + losing

    def _finish_trick(self, winner: int, alpha: float, beta: float) -> float:
        """After the fourth card: the trick's winner takes it and leads the next."""
        taken, moe, done = self._taken, self._moe, self._done
        taken[winner] += 1
        self._moe = self._next_moe(moe, self._side_index[winner], done)
        self._done = done + 1
        value = self._trick_start(winner, alpha, beta)
        taken[winner] -= 1
        self._moe = moe
        self._done = done
        return value


_SPLITS: dict[int, list[tuple[int, int, int, int]]] = {}


def _splits(tricks: int) -> list[tuple[int, int, int, int]]:
    """Every way `tricks` tricks can fall among the four seats."""
    if tricks not in _SPLITS:
        _SPLITS[tricks] = [(a, b, c, tricks - a - b - c) for a in range(tricks + 1)
                           for b in range(tricks + 1 - a) for c in range(tricks + 1 - a - b)]
    return _SPLITS[tricks]


def _side_number(rules: Rules, seat: str) -> int:
    return sides(rules.partners).index(side_of(seat, rules.partners))


# ---------------------------------------------------------------------------
# Entry points


def solver_for(position: Position, worth: SideWorth = hand_points, deadline: float | None = None,
               seat: str | None = None, max_starts: int | None = None) -> Solver:
    """A solver playing for the side of `seat` (default: the seat to act) in this position's hand."""
    side = side_of(seat or position.to_act, position.rules.partners)
    return Solver(position.rules, position.bids, position.standings, side, worth, deadline, max_starts)


def solve_cards(position: Position, worth: SideWorth = hand_points, deadline: float | None = None,
                solver: Solver | None = None) -> dict[Card, float]:
    """The exact value of each legal card for the seat to act, with perfect play after it:
    its side's worth minus the others' mean worth (see the module docs).

    Pass a `solver` made by :func:`solver_for` to reuse its table across positions of one
    moment (Expert's sampled deals); OutOfTime if `deadline` passes first."""
    solver = solver or solver_for(position, worth, deadline)
    return solver.card_values(position)


__all__ = ["EPSILON", "OutOfEffort", "OutOfTime", "PlayTables", "Position", "SideWorth", "Solver", "hand_points",
           "legal_mask", "outlook_worth", "play_tables", "solve_cards", "solver_for", "trick_state"]
