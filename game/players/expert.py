"""The Expert computer level: Monte-Carlo search over deals consistent with what it has seen.

Expert sees only its seat view. To play, it deals the unseen cards many ways that fit
everything shown (voids, must-beat and low-club deductions, cards it passed in an
exchange, and, weighted, what the bids imply), plays each legal card out to the end
of the hand in every deal with a sound playout policy (:func:`game.players.simulator.heuristic_policy`,
which covers a partner's nil and ducks under an opponent's), and keeps the card with
the best average score for its side minus the opponents' — bags, bag penalties, nils
and bonuses counted by the real scoring rules, and the bag penalty each side can expect
later in the game (:func:`game.players.search.bag_outlook`). To bid it plays the hand out the same
way, once as a trick-taker and once as a nil bidder, and chooses the legal bid worth
most on average. Misdeal calls and exchange cards follow the Normal player's judgement.

Its effort is counted in playouts, not seconds, so a seed gives the same decisions on
any machine; a game may also give it a time limit per card, and it then answers with
the deals searched by then.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from game.bids import BLIND_NIL, Bid
from game.cards import DECKS
from game.players.knowledge import Knowledge, sample_deals
from game.players.normal import NormalPlayer
from game.players.search import OutcomeValues, batch_from_view, bid_tricks, card_values
from game.players.simulator import heuristic_policy
from game.rules import Rules, suicide_override
from game.seats import SEATS, partner
from game.view import SeatView

PLAY_BUDGET = 3000
"""Playouts per card decision, shared among the legal cards."""
MIN_PLAY_DEALS = 16
MAX_PLAY_DEALS = 300
"""The budget goes to as many sampled deals as it allows (one playout each) within
these bounds: the playout policy is nearly deterministic, so another deal teaches more
than another playout of the same deal."""
MIN_BID_DEALS = 32
"""A bid is weighed on budget/12 deals (250 at the default budget), at least this many."""
BID_PLAYOUTS = 1
PLAY_ROUNDS = 4
"""Groups the deals are searched in when a time limit may cut the search short."""
BID_SHADE = 8.0
"""Points of simulated worth Expert gives up to bid one trick less: its playouts take
tricks a little more easily than real opponents allow."""
BLIND_DEALS = 200
NIL_SAFETY = 0.7
"""Least share of simulated hands in which a nil must hold before Expert bids it: the
playouts defend a nil better than real opponents attack it. Not under Suicide's one
nil per pair, where the pair's nil goes to whichever partner holds it better."""


@dataclass(frozen=True)
class BidWorths:
    """Each legal bid's simulated worth (points per hand for the side, minus the other side's),
    and the nils held too seldom in simulation to be bid (:data:`NIL_SAFETY`)."""

    worth: dict[Bid, float]
    risky: frozenset[Bid]


class ExpertPlayer:
    """The strongest level: searches sampled deals for every bid and card (see module docs).

    A subclass may set its own `bid_shade` or `nil_safety` (the arena tries variations
    that way: ``docs/arena/experiments/variations.py``)."""

    bid_shade: float = BID_SHADE
    nil_safety: float = NIL_SAFETY

    def __init__(self, seat: str, rules: Mapping, seed: int = 0, budget: int = PLAY_BUDGET,
                 time_limit: float | None = None) -> None:
        self.seat = seat
        self.rules = Rules.from_dict(rules)
        self.deck = DECKS[self.rules.deck]
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self.budget = budget
        self.time_limit = time_limit
        """Seconds a card decision may take (None: the whole budget, however long)."""
        self.normal = NormalPlayer(seat, rules, seed)
        self._known: dict[str, list[str]] = {}
        self._hand_number: int | None = None

    # -- bidding ---------------------------------------------------------------------
    def bid(self, view: dict) -> str:
        seen = SeatView.from_dict(view)
        self._new_hand_check(seen)
        if len(seen.legal) == 1:
            return str(seen.legal[0])
        if seen.phase == "misdeal":
            return self.normal.choose_bid(seen)
        if seen.phase == "blind":
            return self._blind_choice(view, seen)
        return self._simulated_bid(view, seen)

    def _blind_choice(self, view: dict, seen: SeatView) -> str:
        """Blind nil only when the side is at least 200 behind and its simulated worth (the
        partner covering) plus the need to catch up is high; blind numbers are left alone.
        (`view` is `seen` as a dict, for the search.)"""
        if BLIND_NIL not in seen.legal_bids:
            return "look"
        mate = partner(self.seat)
        knowledge = Knowledge.from_view(seen)
        deals = sample_deals(knowledge, BLIND_DEALS, self.rng)
        known = seen.bids
        tricks = bid_tricks({**known, self.seat: BLIND_NIL})
        batch = batch_from_view(view, self.rules, knowledge, deals, 1, tricks)
        batch.run(heuristic_policy, self.np_rng)
        me = SEATS.index(self.seat)
        success = float(np.mean(batch.taken[:, me] == 0))
        worth = success * self.rules.blind_nil - (1 - success) * self.rules.blind_nil_fail
        behind = seen.points_behind()
        urgency = max(0, behind - 200) / 5
        covered = self.rules.partners and mate not in known
        wanted = behind >= 200 and worth + urgency > 60
        return "bnil" if wanted and (covered or not self.rules.partners) else "look"

    def _simulated_bid(self, view: dict, seen: SeatView) -> str:
        return str(self.chosen_bid(self.bid_worths(view, seen)))

    def bid_worths(self, view: dict, seen: SeatView | None = None) -> BidWorths:
        """What each legal bid is worth to this seat's side in simulated play (the points per hand
        Expert's playouts expect, minus the other side's), and which nils are too risky to bid."""
        seen = seen if seen is not None else SeatView.from_dict(view)
        knowledge = Knowledge.from_view(seen)
        deals = sample_deals(knowledge, max(MIN_BID_DEALS, self.budget // 12), self.rng)
        known = seen.bids
        values = OutcomeValues(self.rules, self.seat, seen.scores, differential=True, bags_ahead=True)
        options = list(seen.legal_bids)
        # Suicide: a nil safer than the partner's would be is worth bidding, however risky.
        pair_must_nil = self.rules.partners and self.rules.one_nil
        worth: dict[Bid, float] = {}
        risky: set[Bid] = set()
        for as_nil in (False, True):
            chosen = [b for b in options if b.is_nil == as_nil]
            if not chosen:
                continue
            tricks = bid_tricks(self._playout_bids(known, Bid(0) if as_nil else Bid(3)))
            batch = batch_from_view(view, self.rules, knowledge, deals, BID_PLAYOUTS, tricks)
            batch.run(heuristic_policy, self.np_rng)
            expected = batch.taken.mean(axis=0)
            held = float(np.mean(batch.taken[:, SEATS.index(self.seat)] == 0))
            for option in chosen:
                bids = self._assumed_bids(known, option, expected)
                worth[option] = float(values.of(bids, batch.taken, batch.winners).mean())
                if as_nil and held < self.nil_safety and len(options) > len(chosen) and not pair_must_nil:
                    risky.add(option)
        return BidWorths(worth, frozenset(risky))

    def chosen_bid(self, worths: BidWorths) -> Bid:
        """The bid worth most (a risky nil never), one trick lower when that costs at most `bid_shade`."""
        worth = {bid: value for bid, value in worths.worth.items() if bid not in worths.risky}
        best = max(worth, key=lambda b: (worth[b], -b.tricks))
        lower = Bid(best.tricks - 1)  # never shades a 1 into a nil
        if best.tricks > 1 and worth.get(lower, -np.inf) >= worth[best] - self.bid_shade:
            best = lower
        return best

    def _playout_bids(self, known: Mapping[str, Bid], mine: Bid) -> dict[str, Bid]:
        """The bids the playouts know if this seat bids `mine`: the bids made, after the
        one-partner-nil override, and a partner still to bid whom `mine` forces to nil."""
        bids = dict(known)
        mate = partner(self.seat)
        if self.rules.partners and self.rules.one_nil:
            if mate in known:
                bids[mate] = suicide_override(self.rules, known[mate], mine)
            elif not mine.is_nil:
                bids[mate] = Bid(0)
        bids[self.seat] = mine
        return bids

    def _assumed_bids(self, known: Mapping[str, Bid], mine: Bid, expected: np.ndarray) -> dict[str, Bid]:
        """Everyone's final bids if this seat bids `mine`: the playouts' bids, and for seats
        still to bid the number of tricks they take on average (within the individual
        limits), the partner raised to the team minimum."""
        rules = self.rules
        low, high = max(1, rules.min_individual), rules.max_individual
        bids = self._playout_bids(known, mine)
        mate = partner(self.seat)
        for seat in SEATS:
            if seat not in bids:
                bids[seat] = Bid(int(min(high, max(low, round(expected[SEATS.index(seat)])))))
        if rules.partners and mate not in known and not bids[mate].is_nil:
            shortfall = rules.min_team - mine.tricks - bids[mate].tricks
            if shortfall > 0:
                bids[mate] = Bid(min(high, bids[mate].tricks + shortfall))
        return bids

    # -- exchange and play ---------------------------------------------------------------
    def exchange(self, view: dict) -> list[str]:
        seen = SeatView.from_dict(view)
        self._new_hand_check(seen)
        cards = self.normal.choose_exchange(seen)
        mate = partner(self.seat)
        self._known[mate] = self._known.get(mate, []) + list(cards)
        return cards

    def play(self, view: dict) -> str:
        seen = SeatView.from_dict(view)
        self._new_hand_check(seen)
        legal = seen.legal_cards
        if len(legal) == 1:
            return legal[0].text
        return self.best_card(seen, self.card_worths(view, seen))

    def card_worths(self, view: dict, seen: SeatView | None = None) -> dict[str, float]:
        """What each legal card is worth to this seat's side (card text to the points per hand its
        search expects, minus the other side's), within the time limit if one is set."""
        started = time.perf_counter()
        seen = seen if seen is not None else SeatView.from_dict(view)
        legal = seen.legal_cards
        knowledge = Knowledge.from_view(seen, self._known)
        deal_count = min(MAX_PLAY_DEALS, max(MIN_PLAY_DEALS, self.budget // len(legal)))
        playouts = max(1, self.budget // (deal_count * len(legal)))
        values = OutcomeValues(self.rules, self.seat, seen.scores, differential=True, bags_ahead=True)
        deadline = None if self.time_limit is None else started + self.time_limit
        return card_values(view, self.rules, knowledge, deal_count, playouts, heuristic_policy, values,
                           self.rng, self.np_rng, weigh_bids=True, deadline=deadline,
                           rounds=1 if deadline is None else PLAY_ROUNDS)

    def best_card(self, seen: SeatView, worth: Mapping[str, float]) -> str:
        """The card worth most; of equal ones, the lowest."""
        power = self.deck.power
        return max(seen.legal_cards, key=lambda c: (round(worth[c.text], 6), -power[c.index])).text

    def _new_hand_check(self, view: SeatView) -> None:
        """Forget the last hand's exchange when a new hand starts."""
        if view.hand_number != self._hand_number:
            self._hand_number = view.hand_number
            self._known = {}

