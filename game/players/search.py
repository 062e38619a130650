"""Monte-Carlo search from a seat view: sampled deals, playouts, and what an outcome is worth.

The computer players that search (Expert and the `mc` yardstick) share this: deal
the unseen cards in ways consistent with what the seat knows, play the rest of the
hand many times with a policy of :mod:`game.players.simulator`, and score every outcome
with the real scoring rules of :mod:`game.scoring`. Normal asks one question of it: how
often a nil it would bid holds (:func:`nil_hold_share`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence

import numpy as np

from game.bids import Bid
from game.cards import Card
from game.hand import trick_leader
from game.players.knowledge import Knowledge, sample_deals
from game.players.simulator import Batch, Policy, heuristic_policy, holdings_array
from game.rules import Rules
from game.scoring import SideScore, Standing, score_hand
from game.seats import SEATS, side_of, sides

SEAT_INDEX = {seat: index for index, seat in enumerate(SEATS)}
TABLE_POINTS_PER_HAND = 120.0
"""Roughly what one hand adds to all the sides' scores together in sound play: each
side's pace toward the winning score is its share of this."""
TABLE_BAGS_PER_HAND = 3.5
"""Roughly how many overtricks one hand leaves at the table, shared among the sides."""


def standings_of(view: Mapping) -> dict[str, Standing]:
    """Each side's score and bags before this hand, from the view."""
    return {side: Standing(s["points"], s["bags"]) for side, s in view["scores"].items()}


def current_leader(view: Mapping) -> str:
    """Who led the trick in progress, or leads the next one (:func:`game.hand.trick_leader`)."""
    return trick_leader(view["dealer"], view["trick"], view["tricks"][-1]["winner"] if view["tricks"] else None)


def batch_from_view(view: Mapping, rules: Rules, knowledge: Knowledge, deals: Sequence[dict[str, int]],
                    repeats: int, bids: Sequence[int | None], stand_in: bool = False) -> Batch:
    """A batch of ``len(deals) × repeats`` playouts standing where the view stands (`stand_in`:
    a bid of `bids` is only tried out, see :meth:`Batch.start`)."""
    holdings = np.repeat(holdings_array(deals), repeats, axis=0)
    return Batch.start(
        rules, knowledge.deck, holdings,
        leader=SEAT_INDEX[current_leader(view)],
        trick=[(SEAT_INDEX[s], Card.parse(c).index) for s, c in view["trick"]],
        tricks_done=len(view["tricks"]),
        taken=[view["taken"][s] for s in SEATS],
        broken=view["spades_broken"],
        winners=[SEAT_INDEX[t["winner"]] for t in view["tricks"]],
        bids=bids,
        stand_in=stand_in,
    )


def nil_hold_share(view: Mapping, rules: Rules, knowledge: Knowledge, deals: Sequence[dict[str, int]],
                   bids: Mapping[str, Bid], np_rng: np.random.Generator) -> float:
    """The share of `deals`, each played out once by the playout policy with the view's seat
    bidding a nil (in `bids`, beside the bids made), in which that nil holds. The playouts'
    defenders see every card, so a nil holds in them less often than at the table."""
    batch = batch_from_view(view, rules, knowledge, deals, 1, bid_tricks(bids), stand_in=True)
    batch.run(heuristic_policy, np_rng)
    return float(np.mean(batch.taken[:, SEAT_INDEX[view["seat"]]] == 0))


def bid_tricks(bids: Mapping[str, Bid]) -> list[int | None]:
    """Each seat's tricks bid, in seat order (None where not known)."""
    return [bids[s].tricks if s in bids else None for s in SEATS]


def hands_after(rules: Rules, standings: Mapping[str, Standing]) -> float:
    """About how many hands the game has left after this one, from the leader's distance
    to the winning score at the usual pace (never below zero)."""
    leader = max(s.points for s in standings.values())
    pace = TABLE_POINTS_PER_HAND / len(standings)
    return max(0.0, (rules.win - leader) / pace - 1)


def bag_outlook(rules: Rules, hands: float, side_count: int) -> tuple[float, ...]:
    """The bag penalty a side can expect to pay after this hand, for each bag count
    (0 to limit - 1) the hand may leave it with; empty without a bag penalty.

    The bags still to come in `hands` more hands are taken as Poisson distributed
    (:data:`TABLE_BAGS_PER_HAND` shared by `side_count` sides); the expected penalty is
    the penalty times the expected number of times the count still reaches the limit.
    Early in a game each bag costs about its share (10 points under ``bags=10/100``);
    with the end near, a few bags cost nothing, and a count one short of the limit a lot.
    """
    limit, penalty = rules.bags
    if not limit or not penalty:
        return ()
    mean = TABLE_BAGS_PER_HAND / side_count * hands
    most = int(mean + 10 * math.sqrt(mean) + 2 * limit)
    chance = [math.exp(-mean)]
    for n in range(1, most + 1):
        chance.append(chance[-1] * mean / n)
    at_least = [0.0] * (most + 2)
    for n in range(most, -1, -1):
        at_least[n] = at_least[n + 1] + chance[n]
    return tuple(penalty * sum(at_least[k - held] for k in range(limit, most + held + 1, limit))
                 for held in range(limit))


class OutcomeValues:
    """Worth of finished playouts to one seat: its side's hand score, optionally minus
    the other sides' (so that setting the opponents counts as much as making it).

    With `bags_ahead`, a side's worth also takes off the bag penalty it can expect to
    pay later in the game for the bag count the hand leaves it with (:func:`bag_outlook`):
    a single hand's score makes bags look nearly free until the count is high, while
    over a game each bag costs about its share of the penalty.
    """

    def __init__(self, rules: Rules, seat: str, standings: Mapping[str, Standing], differential: bool,
                 bags_ahead: bool = False) -> None:
        self.rules = rules
        self.side = side_of(seat, rules.partners)
        self.others = [s for s in sides(rules.partners) if s != self.side]
        self.standings = dict(standings)
        self.differential = differential
        self.outlook = bag_outlook(rules, hands_after(rules, standings), len(standings)) if bags_ahead else ()
        self._cache: dict[tuple, float] = {}

    def of(self, bids: Mapping[str, Bid], taken: np.ndarray, winners: np.ndarray) -> np.ndarray:
        """(N,) values of N outcomes: `taken` (N, 4) tricks by seat, `winners` (N, 13)."""
        keys = taken if not self.rules.moe else np.concatenate([taken, winners[:, :8]], axis=1)
        # One number per outcome, four bits a column (tricks 0-13, a winner -1 to 3 shifted up
        # by one): a sort of plain numbers finds the distinct outcomes far sooner than of rows.
        codes = (keys + 1) @ (16 ** np.arange(keys.shape[1], dtype=np.int64))
        _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
        bid_key = tuple(sorted((s, str(b)) for s, b in bids.items()))
        values = np.empty(len(first))
        for row, key in enumerate(keys[first]):
            values[row] = self._value(bid_key, bids, tuple(int(k) for k in key))
        return values[inverse.reshape(-1)]

    def _value(self, bid_key: tuple, bids: Mapping[str, Bid], key: tuple[int, ...]) -> float:
        cached = self._cache.get((bid_key, key))
        if cached is not None:
            return cached
        taken = dict(zip(SEATS, key[:4], strict=True))
        winners = [SEATS[w] for w in key[4:]]
        score = score_hand(self.rules, bids, taken, winners, self.standings)
        value = self._worth(score.sides[self.side])
        if self.differential:
            value -= float(np.mean([self._worth(score.sides[o]) for o in self.others]))
        self._cache[(bid_key, key)] = value
        return value

    def _worth(self, side: SideScore) -> float:
        if not self.outlook:
            return float(side.total)
        return side.total - self.outlook[side.after.bags]


def card_values(view: Mapping, rules: Rules, knowledge: Knowledge, deal_count: int, playouts: int,
                policy: Policy, values: OutcomeValues, rng: random.Random, np_rng: np.random.Generator,
                weigh_bids: bool, deadline: float | None = None, rounds: int = 1) -> dict[str, float]:
    """The mean worth of each legal card: `deal_count` sampled deals, `playouts` per card and deal.

    The deals are searched in `rounds` groups; with a `deadline` (a ``time.perf_counter()``
    value) the search stops after the first group that ends past it, so the answer comes
    in time with the deals searched so far (an anytime search)."""
    legal = view["legal"]
    bids = {s: Bid.parse(b) for s, b in view["bids"].items()}
    cards = [Card.parse(c).index for c in legal]
    totals = np.zeros(len(legal))
    searched = 0
    for group in range(rounds):
        size = deal_count // rounds + (1 if group < deal_count % rounds else 0)
        deals = sample_deals(knowledge, size, rng, weigh_bids=weigh_bids)
        batch = batch_from_view(view, rules, knowledge, deals, playouts * len(legal), bid_tricks(bids))
        batch.play(np.tile(np.repeat(cards, playouts), len(deals)))
        batch.run(policy, np_rng)
        worth = values.of(bids, batch.taken, batch.winners)
        totals += worth.reshape(len(deals), len(legal), playouts).sum(axis=(0, 2))
        searched += len(deals) * playouts
        if deadline is not None and time.perf_counter() > deadline:
            break
    return dict(zip(legal, (totals / searched).tolist(), strict=True))
