"""Playing the arena's units: one duplicate deal at two tables, or one game at two tables.

Everything a unit does is drawn from the match seed and the unit's index alone
(``random.Random(f"{seed}:{index}")`` and friends), so a unit plays the same
whichever process plays it and in whatever order: ``--jobs`` cannot change a result.

A seat's player is seeded from (seed, unit, seat), the same at both tables: the
player of a side at table 1 meets exactly what the other side's player met at table
2, so the same player on both sides ties every deal, and swapping a and b mirrors
the whole result.

Side ``a`` sits N and S at table 1 and E and W at table 2; side ``b`` the other
seats. A side's points in a hand are the sum of the hand scores of the scoring
sides it holds: the team NS or EW with partners, its two seats in Solo.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.arena.referee import Contestant, Replacement, bot_host, isolated, start_bot_hosts
from game.cards import DECKS
from game.game import Game
from game.hand import Hand
from game.players.bot_process import FAILURES, TOLD_LENGTH
from game.rules import Rules
from game.scoring import HandScore, Standing, bag_share, bags_weighed
from game.seats import SEATS, seats_of, side_of, sides
from game.text_safety import safe_text
from game.view import seat_view

ARENA_SIDES: tuple[str, str] = ("a", "b")
TABLES: tuple[int, int] = (1, 2)
MAX_HANDS_PER_GAME = 100
"""A game still running after this many hands stops unfinished (nobody wins it):
some pairs of players (random ones in Solo, with no losing score) may never end one."""


def seats_of_side(side: str, table: int) -> tuple[str, str]:
    """The seats an arena side holds at a table: a is N/S at table 1, E/W at table 2."""
    north_south = (side == "a") == (table == 1)
    return ("N", "S") if north_south else ("E", "W")


def side_at(seat: str, table: int) -> str:
    """The arena side sitting at `seat` at `table`."""
    return "a" if seat in seats_of_side("a", table) else "b"


@dataclass(frozen=True)
class MatchConfig:
    """What every unit of a match needs; plain data, so it crosses to worker processes."""

    a: str
    b: str
    rules_line: str
    variant: str
    seed: int
    time_limit: float
    save: bool
    mode: str
    """``deals`` (duplicate deals from drawn score situations) or ``games`` (whole games)."""

    started: str = ""
    """When the match began (``2026-11-21T20:44:00``): part of each logged hand's
    `Game` tag, which must differ between matches that share a log file."""

    @property
    def rules(self) -> Rules:
        return Rules.parse(self.rules_line)

    def spec(self, side: str) -> str:
        return self.a if side == "a" else self.b

    def game_id(self, unit: str, table: int) -> str:
        """The `Game` tag of a unit's game at a table: ``arena-<start>-s<seed>-deal3-t1``."""
        return f"arena-{self.started}-s{self.seed}-{unit}-t{table}"


@dataclass
class Tally:
    """One arena side's counts over some hands (see the JSON keys in :mod:`game.arena`)."""

    hands: int = 0
    made: int = 0
    set: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    blind_nil_bids: int = 0
    blind_nil_made: int = 0
    bags: int = 0
    replaced: int = 0
    replaced_reasons: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAILURES, 0))
    """The replaced decisions by the kind of reason (:data:`game.players.bot_process.FAILURES`)."""
    decision_ms: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("hands", "made", "set", "nil_bids", "nil_made", "blind_nil_bids", "blind_nil_made",
                     "bags", "replaced"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for failure, count in other.replaced_reasons.items():
            self.replaced_reasons[failure] += count
        self.decision_ms.extend(other.decision_ms)

    def count_hand(self, score: HandScore, scoring_sides: list[str], share: float = 0.0) -> tuple[int, float]:
        """Count one scored hand for the arena side holding `scoring_sides`; returns its points,
        and its points with each bag weighed at `share` (see :func:`game.scoring.bags_weighed`)."""
        self.hands += 1
        points = 0
        weighed = 0.0
        for name in scoring_sides:
            side = score.sides[name]
            points += side.total
            weighed += bags_weighed(side, share)
            self.bags += side.bags_taken
            if side.made is not None:
                self.made += side.made
                self.set += not side.made
            for nil in side.nils:
                if nil.kind == "blind nil":
                    self.blind_nil_bids += 1
                    self.blind_nil_made += nil.made
                else:
                    self.nil_bids += 1
                    self.nil_made += nil.made
        return points, weighed


@dataclass
class UnitResult:
    """What one unit (a duplicate deal or a game pair) gives the match, index and all."""

    index: int
    points: dict[str, float]
    """The unit's points per deal for each arena side (the mean over its hands at both tables)."""
    weighed: dict[str, float]
    """The same with every bag weighed at its share of the bag penalty."""
    tallies: dict[str, Tally]
    won: dict[str, int]
    unfinished: int = 0
    replacements: list[Replacement] = field(default_factory=list)
    blocks: list[str] = field(default_factory=list)
    """The hands in `Spades.save` form, table 1 then table 2, when saving."""


def unit_seed(config: MatchConfig, index: int, *parts: Any) -> int:
    """A seed drawn from the match seed, the unit and `parts` (a table, a seat): stable
    across processes and Python runs (string seeds hash with SHA-512)."""
    key = ":".join(str(p) for p in (config.seed, config.mode, index, *parts))
    return random.Random(key).getrandbits(63)


def draw_situation(rules: Rules, rng: random.Random) -> tuple[dict[str, Standing], int]:
    """A plausible score situation for a deal played mid-game, and a hand number to match.

    Each scoring side gets points between about -200 (or 50 above the losing score)
    and 50 below the winning score, and bags from 0 to one below the bag limit, so
    bag penalties, blind bids when behind and near-win caution all come up."""
    limit = rules.bags[0] or 10
    low = -200 if rules.lose is None else max(-200, rules.lose + 50)
    high = rules.win - 50
    if low > high:
        low = high = ((rules.lose if rules.lose is not None else rules.win - 100) + rules.win) // 2
    standings = {}
    for side in sides(rules.partners):
        bags = rng.randrange(limit)
        fewest = math.ceil(low / 10)
        tens = rng.randint(fewest, max(fewest, math.floor(high / 10)))
        standings[side] = Standing(10 * tens + bags, bags)
    number = 1 + max(abs(s.points) for s in standings.values()) // 70
    return standings, number


class Table:
    """The four contestants of one table for one unit."""

    def __init__(self, config: MatchConfig, rules: Rules, index: int, table: int) -> None:
        # The seeds leave the table out on purpose (see the module docstring).
        self.table = table
        self.config = config
        rules_dict = rules.to_dict()
        self.seats: dict[str, Contestant] = {}
        self.replacements: list[tuple[Contestant, int, str, str, str]] = []
        for side in ARENA_SIDES:
            spec = config.spec(side)
            start_bot_hosts(spec, side)  # all four at once, so they load side by side (once per process)
            for seat in seats_of_side(side, table):
                host = bot_host(spec, side, seat) if isolated(spec) else None
                self.seats[seat] = Contestant(side, spec, seat, rules_dict, unit_seed(config, index, seat),
                                              config.time_limit, host, self.replacements)

    def act(self, hand: Hand, apply: Callable[[str, Any], None]) -> None:
        seat = hand.to_act
        assert seat is not None
        self.seats[seat].act(seat_view(hand, seat), lambda choice: apply(seat, choice))

    def finish(self, unit: str, result: UnitResult) -> None:
        """Hand the contestants' times and replacements over to the result."""
        for contestant in self.seats.values():
            result.tallies[contestant.side].decision_ms.extend(contestant.decision_ms)
        for contestant, number, moment, failure, reason in self.replacements:
            result.tallies[contestant.side].replaced += 1
            result.tallies[contestant.side].replaced_reasons[failure] += 1
            result.replacements.append(Replacement(contestant.side, contestant.spec, unit, self.table, number,
                                                   contestant.seat, moment, failure, safe_text(reason, TOLD_LENGTH)))

    def player_names(self) -> dict[str, str]:
        """Names for the `Players` tag: the side and its level or bot class, like ``a-random``."""
        return {seat: f"{c.side}-{c.spec.rpartition(':')[2]}" for seat, c in self.seats.items()}


def _scoring_sides(rules: Rules, side: str, table: int) -> list[str]:
    return sorted({side_of(seat, rules.partners) for seat in seats_of_side(side, table)})


def duplicate_hand(rules: Rules, seed: int, index: int) -> Hand:
    """Duplicate deal `index` of the match seeded `seed`, ready to bid: its cards, dealer and
    score situation are drawn from the seed and the index alone, the same at both tables."""
    rng = random.Random(f"{seed}:{index}")
    order = DECKS[rules.deck].shuffled(rng)
    dealer = rng.choice(SEATS)
    standings, number = draw_situation(rules, rng)
    return Hand(rules, dealer, order, number=number, standings=standings)


def play_deal(config: MatchConfig, index: int) -> UnitResult:
    """Duplicate deal `index`: the same cards, dealer and score situation at both tables,
    the sides swapped; misdeal calls are off so the cards stay the same."""
    rules = config.rules.replace(misdeal=False)
    result = UnitResult(index, {}, {}, {s: Tally() for s in ARENA_SIDES}, {s: 0 for s in ARENA_SIDES})
    totals = dict.fromkeys(ARENA_SIDES, 0)
    weighed_totals = dict.fromkeys(ARENA_SIDES, 0.0)
    share = bag_share(rules)
    unit = f"deal {index + 1}"
    for table in TABLES:
        players = Table(config, rules, index, table)
        hand = duplicate_hand(rules, config.seed, index)
        try:
            while hand.phase != "done":
                players.act(hand, hand.apply)
        finally:
            players.finish(unit, result)
        assert hand.score is not None
        for side in ARENA_SIDES:
            points, weighed = result.tallies[side].count_hand(hand.score, _scoring_sides(rules, side, table), share)
            totals[side] += points
            weighed_totals[side] += weighed
        if config.save:
            result.blocks.append(_block(hand, config.game_id(f"deal{index + 1}", table), config.variant,
                                        players.player_names()))
    result.points = {side: totals[side] / len(TABLES) for side in ARENA_SIDES}
    result.weighed = {side: weighed_totals[side] / len(TABLES) for side in ARENA_SIDES}
    return result


def play_game_pair(config: MatchConfig, index: int) -> UnitResult:
    """Game `index` twice, from the same seed (so the same deals, hand for hand, while
    the games last), the sides swapped; each seat keeps its player for the whole game."""
    rules = config.rules
    seed = unit_seed(config, index)
    result = UnitResult(index, {}, {}, {s: Tally() for s in ARENA_SIDES}, {s: 0 for s in ARENA_SIDES})
    totals = dict.fromkeys(ARENA_SIDES, 0)
    weighed_totals = dict.fromkeys(ARENA_SIDES, 0.0)
    share = bag_share(rules)
    hands = 0
    unit = f"game {index + 1}"
    for table in TABLES:
        players = Table(config, rules, index, table)
        game = Game(rules, seed=seed, variant=config.variant, names=players.player_names(),
                    game_id=config.game_id(f"game{index + 1}", table))
        try:
            while not game.over and len(game.finished) < MAX_HANDS_PER_GAME:
                players.act(game.hand, game.apply)
        finally:
            players.finish(unit, result)
        for hand in game.finished:
            assert hand.score is not None
            hands += 1
            for side in ARENA_SIDES:
                points, weighed = result.tallies[side].count_hand(hand.score, _scoring_sides(rules, side, table),
                                                                  share)
                totals[side] += points
                weighed_totals[side] += weighed
            if config.save:
                result.blocks.append(_block(hand, game.id, config.variant, players.player_names()))
        if game.winner is None:
            result.unfinished += 1
        else:
            result.won[side_at(seats_of(game.winner)[0], table)] += 1
    result.points = {side: totals[side] / max(hands, 1) for side in ARENA_SIDES}
    result.weighed = {side: weighed_totals[side] / max(hands, 1) for side in ARENA_SIDES}
    return result


def _block(hand: Hand, game_id: str, variant: str, players: Mapping[str, str]) -> str:
    """The hand as a `Spades.save` block (the hand log module writes the format)."""
    from game.records.handlog import LoggedHand, format_block

    return format_block(LoggedHand.from_hand(hand, game_id, variant, players))


UNIT_PLAYERS: dict[str, Callable[[MatchConfig, int], UnitResult]] = {"deals": play_deal, "games": play_game_pair}


def play_unit(task: tuple[MatchConfig, int]) -> UnitResult:
    """Play one unit of the match (a top-level function, so worker processes can run it)."""
    config, index = task
    return UNIT_PLAYERS[config.mode](config, index)
