"""The Expert computer level: Monte-Carlo search over deals consistent with what it has seen.

Expert sees only its seat view. To play, it deals the unseen cards many ways that fit
everything shown (voids, must-beat and low-club deductions, cards it passed in an
exchange, and, weighted, what the bids imply), plays each legal card out to the end
of the hand in every deal with a sound playout policy (:func:`game.players.simulator.heuristic_policy`,
which covers a partner's nil and ducks under an opponent's), and keeps the card with
the best average score for its side minus the opponents' — bags, bag penalties, nils
and bonuses counted by the real scoring rules, and the bag penalty each side can expect
later in the game (:func:`game.players.search.bag_outlook`). In the last tricks, when an ending
is small enough to solve on enough deals, it values each card by perfect play on every sampled
deal instead (:mod:`game.players.solver`, on the same worth): "double dummy", as if every seat
saw every card, yet far closer to good play than the playout policy there. To bid it plays
the hand out the same way, once as a trick-taker and once as a nil bidder, and chooses the
legal bid worth most on average.

Misdeal calls and blind-nil exchanges are simulated too. A hand that may be thrown in
is kept when its best bid is worth at least what a redeal is expected to be worth: a
random new deal, this seat bidding its best on it (:meth:`ExpertPlayer.misdeal_worths`).
In an exchange the nil bidder tries the sets of its most dangerous cards, the partner
the sets of its lowest ones, and each set is played out on sampled deals with the
exchange applied (:meth:`ExpertPlayer.exchange_worths`).

Its effort is counted in playouts, not seconds, so a seed gives the same decisions on
any machine; a game may also give it a time limit per card, and it then answers with
the deals searched by then.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

import numpy as np

from game.bids import BLIND_NIL, Bid
from game.cards import DECKS, SPADES, Card
from game.legality import legal_bids, spade_count, trick_winner_index
from game.players.knowledge import Knowledge, sample_deals
from game.players.normal.bidding import nearest_bid
from game.players.normal.decision import Decision
from game.players.normal.hand_value import card_nil_risk, suit_positions
from game.players.normal.nil import forcing_chances
from game.players.search import SEAT_INDEX, OutcomeValues, batch_from_view, bid_tricks, card_values, nil_hold_share
from game.players.simulator import Batch, heuristic_policy
from game.players.solver import OutOfEffort, OutOfTime, Position, outlook_worth, solver_for
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
ENDGAME_CARDS = 7
"""From the trick where Expert holds this many cards or fewer, it tries to value each card
by perfect play on every sampled deal (:mod:`game.players.solver`) instead of a playout:
the playout policy takes every trick it can, so it neither plays for a set nor ducks a
bag, and late in the hand those are what decide the score. Whether an ending is small
enough is found by solving it (:data:`MIN_ENDGAME_DEALS`)."""
ENDGAME_DEALS = 96
"""Sampled deals an endgame decision solves (fewer when :data:`ENDGAME_EFFORT` runs out)."""
ENDGAME_EFFORT = 24000
"""Trick starts the solver may search for one endgame decision, over all its deals: 0.25 s of
one core on a fast machine to 0.7 s on a slow one (it searches some 35,000 to 100,000 a
second). These are Expert's slowest decisions; 32,000 scored no better in the arena (Dunn
−1.0 [−2.7, +0.7] over 300 deals), while 20,000 gave up the six-card ending of a partner
position and trumped the partner, and 16,000 left such endings to the playouts about half the
time (`docs/benchmarks.md`). Counted in work, not seconds, so that a seed gives the same
decisions on any machine."""
MIN_ENDGAME_DEALS = 8
"""Fewest deals an endgame's values may rest on. The first of them must be solved at the
pace of :data:`ENDGAME_EFFORT` shared among this many (deal n within n/8 of the effort):
an ending that falls behind is too big to solve on enough deals, and the search gives up
at once and plays it out, having spent little."""
BID_SHADE = 8.0
"""Points of simulated worth Expert gives up to bid one trick less: its playouts take
tricks a little more easily than real opponents allow."""
FIRST_BID_DISCOUNT = 0.4
"""Tricks taken off this seat's mean in the playouts when it bids first of its pair: its
number then says what it holds, and the partner, bidding last, sets the pair's contract
(with :data:`BID_SHADE`) from both hands. Bidding the pair's cautious contract first left the
whole margin on the first number, and a partner reading it as the hand's tricks took it
again: Expert's pairs bid 4.8 and took 6.3 tricks in the hands without a nil against mc."""
BLIND_DEALS = 200
NIL_SAFETY = 0.6
"""Least share of simulated hands in which a nil must hold before Expert bids it: the
playouts defend a nil better than real opponents attack it. Not under Suicide's one
nil per pair, where the pair's nil goes to whichever partner holds it better."""
SUICIDE_NIL_ODDS = 0.8
SUICIDE_TURNED_NIL_ODDS = -0.6
"""How far Suicide's bids move the log odds that the pair's nil holds from its share of the
playouts: :data:`SUICIDE_TURNED_NIL_ODDS` for a partner's number that this seat's second
number would turn into the nil, :data:`SUICIDE_NIL_ODDS` for every other nil (this seat's
own, a partner's nil bid, the nil a first bidder's number leaves to the partner still to
bid). The playouts' defenders see every card, so a nil holds in them less often than against
real defenders; and a hand that bids a number first is a worse nil than the hands sampled
for it. Fitted by likelihood on how often the nils of Normal's Suicide bids held against
their share of Expert's playouts (``docs/arena/experiments/fit_suicide_nil_odds.py``). The
move weighs a nil against a number; which number is bid stays the playouts' choice."""
SOLVED_OVERRULES = 40.0
"""Points by which the exact endgame's best card must beat every card the nil rules allow
(:func:`nil_choices`, :func:`cover_leads`) for Expert to play it instead: about a nil's or a
contract's worth. Those rules guard a nil against the search's pessimism (its defenders see every
card); in the last tricks, where every sampled deal is solved, a clear loss is a loss (with no
margin, 0.0, the solved ending always decides)."""
COVER_LEAD_SLACK = 0.02
"""Under Suicide's forced nils, once the opponents' nil has fallen, a lead to a partner's live
nil is one of those least likely to force it over (the Normal player's reckoning,
:func:`game.players.normal.nil.forcing_chances`), within this much chance of the least; the
search chooses among them (:func:`cover_leads`). Of Expert's leads to such a nil while the
opponents' still stood, those 0.02 to 0.05 above the least broke it on 8 of 123, those within
0.02 on 23 of 675."""
REDEAL_HANDS = 32
REDEAL_DEALS_PER_HAND = 8
"""A redeal is valued on this many random hands for the seat, each bid on this many
random deals of the other cards (one playout each, as a trick-taker and as a nil). Many
hands and few deals each: the new hand is what varies most."""
MISDEAL_MARGIN = 5.0
"""Points a redeal must be worth above keeping before Expert throws a hand in: a redeal's
hands are bid on few deals each, and the best of a few noisy bid worths is a little
optimistic."""
EXCHANGE_POOL = 5
"""Cards an exchange chooses among (its most dangerous to the nil for the nil bidder,
its lowest for the partner): every set of the size passed is tried, at most 10 for 2 cards."""
EXCHANGE_DEALS = 160
"""Sampled deals each candidate set of an exchange is played out on (the same deals for all)."""
EXCHANGE_MARGIN = 10.0
"""Points a set tried later must play out better than an earlier one to be passed instead: the
sets come most promising first, and worths nearer than this are within the sampling noise
(about its standard error on 160 deals; with a well-covered nil every set nearly always holds)."""


@dataclass(frozen=True)
class BidWorths:
    """Each legal bid's simulated worth (points per hand for the side, minus the other side's),
    the nils held too seldom in simulation to be bid (:data:`NIL_SAFETY`), and the share of the
    playouts in which the nil held: keyed True, this seat's nil; False, under Suicide's one nil
    per pair, the partner's nil that a number leaves (as simulated, before
    :data:`SUICIDE_NIL_ODDS`)."""

    worth: dict[Bid, float]
    risky: frozenset[Bid]
    nil_held: dict[bool, float] = field(default_factory=dict)
    own_tricks: float | None = None
    """This seat's mean tricks in the playouts as a trick-taker, when it bids first of its pair
    (partners, the partner still to bid, no forced nil): then its number tells the partner
    what it holds (:data:`FIRST_BID_DISCOUNT`); None otherwise."""


class ExpertPlayer:
    """The strongest level: searches sampled deals for every bid and card (see module docs).

    A subclass may set its own `bid_shade`, `nil_safety`, `endgame_effort`, `min_endgame_deals`,
    `max_play_deals` or `solved_overrules` (the arena tries variations that way:
    ``docs/arena/experiments/variations.py``; the whole-game tests search lighter endings to
    stay quick)."""

    bid_shade: float = BID_SHADE
    nil_safety: float = NIL_SAFETY
    endgame_effort: int = ENDGAME_EFFORT
    min_endgame_deals: int = MIN_ENDGAME_DEALS
    max_play_deals: int = MAX_PLAY_DEALS
    nil_holds_on: bool = True
    honest_first_bid: bool = True
    covers_forced_nils: bool = True
    forced_nil_waits: bool = True
    solved_overrules: float = SOLVED_OVERRULES

    def __init__(self, seat: str, rules: Mapping, seed: int = 0, budget: int = PLAY_BUDGET,
                 time_limit: float | None = None) -> None:
        self.seat = seat
        self.rules = Rules.from_dict(rules)
        self.deck = DECKS[self.rules.deck]
        self.seed = seed
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self.budget = budget
        self.time_limit = time_limit
        """Seconds a card decision may take (None: the whole budget, however long)."""
        self._known: dict[str, list[str]] = {}
        self._hand_number: int | None = None

    # -- bidding ---------------------------------------------------------------------
    def bid(self, view: dict) -> str:
        seen = SeatView.from_dict(view)
        self._begin_decision(seen)
        if len(seen.legal) == 1:
            return str(seen.legal[0])
        if seen.phase == "misdeal":
            keep, redeal = self.misdeal_worths(view, seen)
            return "misdeal" if redeal > keep + MISDEAL_MARGIN else "keep"
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
        success = nil_hold_share(view, self.rules, knowledge, deals, {**known, self.seat: BLIND_NIL}, self.np_rng)
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
        values = OutcomeValues(self.rules, self.seat, seen.scores, differential=True, bags_ahead=True)
        options = list(seen.legal_bids)
        runs = self._bid_runs(view, knowledge, deals, seen.bids, options)
        return self._worths_of(runs, seen.bids, options, values, slice(None))

    def _bid_runs(self, view: Mapping, knowledge: Knowledge, deals: Sequence[dict[str, int]],
                  known: Mapping[str, Bid], options: Sequence[Bid]) -> dict[bool, Batch]:
        """The deals played out once with this seat as a trick-taker (bidding 3) and once as a
        nil bidder, as far as `options` has bids of each kind (keyed by `is_nil`)."""
        runs: dict[bool, Batch] = {}
        for as_nil in (False, True):
            if any(b.is_nil == as_nil for b in options):
                tricks = bid_tricks(self._playout_bids(known, Bid(0) if as_nil else Bid(3)))
                batch = batch_from_view(view, self.rules, knowledge, deals, BID_PLAYOUTS, tricks, stand_in=True)
                batch.run(heuristic_policy, self.np_rng)
                runs[as_nil] = batch
        return runs

    def _worths_of(self, runs: Mapping[bool, Batch], known: Mapping[str, Bid], options: Sequence[Bid],
                   values: OutcomeValues, rows: slice) -> BidWorths:
        """Each option's mean worth over the playouts `rows` of `runs` (see :meth:`bid_worths`)."""
        # Suicide: a nil safer than the partner's would be is worth bidding, however risky.
        pair_must_nil = self.rules.partners and self.rules.one_nil
        worth: dict[Bid, float] = {}
        risky: set[Bid] = set()
        nil_held: dict[bool, float] = {}
        own_tricks = None
        for as_nil, batch in runs.items():
            chosen = [b for b in options if b.is_nil == as_nil]
            taken, winners = batch.taken[rows], batch.winners[rows]
            expected = taken.mean(axis=0)
            if not as_nil and self._bids_first_of_pair(known):
                own_tricks = float(expected[SEATS.index(self.seat)])
            nil_seat, odds = self._pair_nil(known, as_nil) if pair_must_nil else (self.seat, 0.0)
            held_by_nil = taken[:, SEATS.index(nil_seat)] == 0
            if as_nil or pair_must_nil:
                nil_held[as_nil] = float(held_by_nil.mean())
            outcomes = {option: values.of(self._assumed_bids(known, option, expected), taken, winners)
                        for option in chosen}
            moved = _odds_move(outcomes, held_by_nil, odds)
            for option, outcome in outcomes.items():
                worth[option] = float(outcome.mean()) + moved
                if as_nil and nil_held[True] < self.nil_safety and len(options) > len(chosen) and not pair_must_nil:
                    risky.add(option)
        return BidWorths(worth, frozenset(risky), nil_held, own_tricks)

    def _bids_first_of_pair(self, known: Mapping[str, Bid]) -> bool:
        """Whether this seat bids before its partner, its number free (not Suicide's one nil
        per pair, nor Mirrors' spade count)."""
        rules = self.rules
        return rules.partners and not rules.one_nil and not rules.bid_spades and partner(self.seat) not in known

    def _pair_nil(self, known: Mapping[str, Bid], as_nil: bool) -> tuple[str, float]:
        """Under Suicide's one nil per pair: whose nil the playouts of this seat bidding a nil
        (`as_nil`) or a number hold, and how far their log odds of holding it move
        (:data:`SUICIDE_NIL_ODDS`)."""
        mate = partner(self.seat)
        if as_nil:
            return self.seat, SUICIDE_NIL_ODDS
        turned = mate in known and not known[mate].is_nil
        return mate, SUICIDE_TURNED_NIL_ODDS if turned else SUICIDE_NIL_ODDS

    def chosen_bid(self, worths: BidWorths) -> Bid:
        """The pair's contract (:meth:`contract_bid`); but bidding a number first of its pair, the
        tricks it expects to take (:data:`FIRST_BID_DISCOUNT`), for the partner to read."""
        best = self.contract_bid(worths)
        if self.honest_first_bid and worths.own_tricks is not None and not best.is_nil:
            numbers = [bid for bid in worths.worth if not bid.is_nil]
            return nearest_bid(numbers, worths.own_tricks - FIRST_BID_DISCOUNT)
        return best

    def contract_bid(self, worths: BidWorths) -> Bid:
        """The bid worth most (a risky nil never), one trick lower when that costs at most
        `bid_shade`: what the hand is worth bidding, as a misdeal call weighs it."""
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

    # -- misdeals ---------------------------------------------------------------------------
    def misdeal_worths(self, view: dict, seen: SeatView | None = None) -> tuple[float, float]:
        """What keeping this hand is worth (its chosen bid's worth, :meth:`bid_worths`) and what a
        redeal is expected to be worth, in the same points (the side's minus the other side's).

        A redeal is not simply worth 0 though the points are a difference: the bag penalty
        each side can expect later (`bags_ahead`) differs with the sides' bag counts, and the
        score situation changes what the bids are worth. So it is estimated: random new hands
        for this seat (:data:`REDEAL_HANDS`), each bid as Expert bids on random deals of the
        rest, no bids known (the redeal starts the bidding again)."""
        seen = seen if seen is not None else SeatView.from_dict(view)
        bidding = replace(seen, phase="bid", legal=tuple(self._own_bids(seen, seen.bids, seen.hand_mask)))
        worths = self.bid_worths(view, bidding)
        return worths.worth[self.contract_bid(worths)], self._redeal_worth(view, seen)

    def _own_bids(self, seen: SeatView, known: Mapping[str, Bid], hand: int) -> list[Bid]:
        """The bids this seat may make holding `hand` once it keeps it, with the bids `known` made."""
        mate = partner(self.seat)
        partners = self.rules.partners
        return legal_bids(self.rules, looked=True, behind=seen.points_behind(),
                          partner_bid=known.get(mate) if partners else None,
                          partner_to_bid=partners and mate not in known,
                          spades_held=spade_count(self.deck, hand))

    def _redeal_worth(self, view: dict, seen: SeatView) -> float:
        per_hand = REDEAL_DEALS_PER_HAND
        deals = self._random_deals(REDEAL_HANDS, per_hand)
        knowledge = Knowledge.from_view(seen)  # the deck, for the playouts
        values = OutcomeValues(self.rules, self.seat, seen.scores, differential=True, bags_ahead=True)
        kinds = [Bid(1), Bid(0)] if self.rules.nil_allowed else [Bid(1)]
        runs = self._bid_runs(view, knowledge, deals, {}, kinds)
        me = SEAT_INDEX[self.seat]
        total = 0.0
        for index in range(REDEAL_HANDS):
            rows = slice(index * per_hand, (index + 1) * per_hand)
            options = self._own_bids(seen, {}, deals[index * per_hand][self.seat])
            worths = self._worths_of(runs, {}, _near_bids(options, runs[False].taken[rows, me].mean()), values, rows)
            total += worths.worth[self.contract_bid(worths)]
        return total / REDEAL_HANDS

    def _random_deals(self, hands: int, per_hand: int) -> list[dict[str, int]]:
        """`hands` random hands for this seat, each with `per_hand` random deals of the other cards."""
        cards = _indices(self.deck.mask)
        others = [s for s in SEATS if s != self.seat]
        deals = []
        for _ in range(hands):
            self.rng.shuffle(cards)
            mine, rest = cards[:13], cards[13:]
            for _ in range(per_hand):
                self.rng.shuffle(rest)
                deal = {self.seat: _mask(mine)}
                for place, seat in enumerate(others):
                    deal[seat] = _mask(rest[13 * place:13 * place + 13])
                deals.append(deal)
        return deals

    # -- exchange and play ---------------------------------------------------------------
    def exchange(self, view: dict) -> list[str]:
        seen = SeatView.from_dict(view)
        self._begin_decision(seen)
        worths = self.exchange_worths(view, seen)
        best = max(worths.values())
        cards = list(next(c for c, worth in worths.items() if worth >= best - EXCHANGE_MARGIN))
        mate = partner(self.seat)
        self._known[mate] = self._known.get(mate, []) + cards
        return cards

    def exchange_worths(self, view: dict, seen: SeatView | None = None) -> dict[tuple[str, ...], float]:
        """What each candidate set of cards to pass in a blind-nil exchange is worth (as
        :meth:`card_worths`), the most promising first (:meth:`_exchange_candidates`).

        Each set is played out on the same sampled deals with the exchange applied. When this
        seat gives first, the partner's answer is taken to be its lowest side cards (then its
        lowest spades), as a sound partner returns; when it gives back, the exchange is over."""
        seen = seen if seen is not None else SeatView.from_dict(view)
        candidates = self._exchange_candidates(seen)
        if len(candidates) == 1:
            return {tuple(c.text for c in candidates[0]): 0.0}
        giving = len(seen.hand) <= 13
        knowledge = Knowledge.from_view(seen, self._known)
        deals = sample_deals(knowledge, EXCHANGE_DEALS, self.rng)
        batch = batch_from_view(view, self.rules, knowledge, deals, len(candidates), bid_tricks(seen.bids))
        me, mate = SEAT_INDEX[self.seat], SEAT_INDEX[partner(self.seat)]
        for number, cards in enumerate(candidates):
            held = batch.holdings[number::len(candidates)]  # a view: the batch's rows of this set
            moved = [c.index for c in cards]
            held[:, me, moved] = False
            held[:, mate, moved] = True
            if giving:
                back = _lowest_cards(held[:, mate], moved, len(moved), self.deck.name)
                held[:, mate] &= ~back
                held[:, me] |= back
        batch.run(heuristic_policy, self.np_rng)
        values = OutcomeValues(self.rules, self.seat, seen.scores, differential=True, bags_ahead=True)
        worth = values.of(seen.bids, batch.taken, batch.winners).reshape(len(deals), len(candidates)).mean(axis=0)
        return {tuple(c.text for c in cards): float(w) for cards, w in zip(candidates, worth, strict=True)}

    def _exchange_candidates(self, seen: SeatView) -> list[tuple[Card, ...]]:
        """The sets of cards worth trying in an exchange, the most promising first: as many
        as may be passed (all of them: a nil gains by every dangerous card it sheds) out of
        the :data:`EXCHANGE_POOL` cards most dangerous to the nil for the nil bidder (high
        trumps and side honours, :func:`card_nil_risk`), and out of the lowest side cards, then
        spades, for the partner giving back."""
        deck = self.deck
        positions = suit_positions(deck.name)
        count = seen.exchange_count or 0
        if len(seen.hand) <= 13:
            order = sorted(seen.legal_cards, key=lambda c: (-card_nil_risk(deck, c), deck.suit_of[c.index] != SPADES,
                                                              positions[c.index]))
        else:
            order = sorted(seen.legal_cards, key=lambda c: (deck.suit_of[c.index] == SPADES, -positions[c.index]))
        return list(combinations(order[:max(count, EXCHANGE_POOL)], count))

    def play(self, view: dict) -> str:
        seen = SeatView.from_dict(view)
        self._begin_decision(seen)
        legal = seen.legal_cards
        if len(legal) == 1:
            return legal[0].text
        worths, solved = self.card_search(view, seen)
        return self.best_card(seen, worths, solved)

    def card_worths(self, view: dict, seen: SeatView | None = None) -> dict[str, float]:
        """What each legal card is worth to this seat's side (card text to the points per hand its
        search expects, minus the other side's), within the time limit if one is set: by perfect
        play on sampled deals in the endgame (:meth:`endgame_worths`), else by playouts."""
        return self.card_search(view, seen)[0]

    def card_search(self, view: dict, seen: SeatView | None = None) -> tuple[dict[str, float], bool]:
        """:meth:`card_worths`, and whether the endgame solved them exactly (else they were
        played out): :meth:`best_card` wants both."""
        started = time.perf_counter()
        seen = seen if seen is not None else SeatView.from_dict(view)
        legal = seen.legal_cards
        knowledge = Knowledge.from_view(seen, self._known)
        deadline = None if self.time_limit is None else started + self.time_limit
        if len(seen.hand) <= ENDGAME_CARDS:
            deals = sample_deals(knowledge, ENDGAME_DEALS, self.rng, weigh_bids=True)
            solved = self.endgame_worths(view, deals, deadline, self.endgame_effort)
            if solved is not None:
                return solved, True
        deal_count = min(self.max_play_deals, max(MIN_PLAY_DEALS, self.budget // len(legal)))
        playouts = max(1, self.budget // (deal_count * len(legal)))
        values = OutcomeValues(self.rules, self.seat, seen.scores, differential=True, bags_ahead=True)
        return card_values(view, self.rules, knowledge, deal_count, playouts, heuristic_policy, values,
                           self.rng, self.np_rng, weigh_bids=True, deadline=deadline,
                           rounds=1 if deadline is None else PLAY_ROUNDS), False

    def endgame_worths(self, view: Mapping, deals: Sequence[dict[str, int]], deadline: float | None = None,
                       effort: int = ENDGAME_EFFORT) -> dict[str, float] | None:
        """Each legal card's mean worth over `deals` (seat → the cards it holds now) with perfect
        play after it by every seat, on the same worth as the playouts (the hand's score with
        the bag outlook, minus the other side's). One solver serves all the deals.

        The deals are solved in order until `effort` trick starts are spent or the `deadline`
        passes; the mean is over the deals solved by then. None when the first
        `min_endgame_deals` (:data:`MIN_ENDGAME_DEALS`) fall behind their share of the effort (an ending too big to
        solve: play it out), or the deadline passes before one is solved."""
        first = Position.from_view(view, deals[0])
        solver = solver_for(first, outlook_worth(first.rules, first.standings), deadline, self.seat)
        least = self.min_endgame_deals
        pace = effort // least
        totals = dict.fromkeys(view["legal"], 0.0)
        solved = 0
        for deal in deals:
            solver.max_starts = min(effort, pace * (solved + 1))
            try:
                values = solver.card_values(first.with_holdings(deal))
            except OutOfTime as stopped:
                if solved < (least if isinstance(stopped, OutOfEffort) else 1):
                    return None
                break
            for card, value in values.items():
                totals[card.text] += value
            solved += 1
        return {text: total / solved for text, total in totals.items()}

    def best_card(self, seen: SeatView, worth: Mapping[str, float], solved: bool = False) -> str:
        """The card worth most; of equal ones, the lowest. A live nil picks among the cards that
        keep it clean (:func:`nil_choices`); a lead to a partner's forced nil, once the
        opponents' nil has fallen, among those least likely to force it over (:func:`cover_leads`).
        In an ending `solved` exactly, those two rules yield to a card worth
        :data:`SOLVED_OVERRULES` points more than any they allow."""
        power = self.deck.power
        choices = nil_choices(seen, self.forced_nil_waits) if self.nil_holds_on else seen.legal_cards
        if self.covers_forced_nils:
            choices = cover_leads(seen, choices)
        if solved and max(worth.values()) - max(worth[c.text] for c in choices) >= self.solved_overrules:
            choices = seen.legal_cards
        return max(choices, key=lambda c: (round(worth[c.text], 6), -power[c.index])).text

    def _begin_decision(self, view: SeatView) -> None:
        """Forget the last hand's exchange when a new hand starts, and seed this decision's
        random draws from the player's seed and the moment of the hand: the same moment asked
        again gets the same answer, whatever was asked in between (after a take back, the
        computers answer a card played again as they did the first time)."""
        if view.hand_number != self._hand_number:
            self._hand_number = view.hand_number
            self._known = {}
        moment = f"{self.seed}:{view.hand_number}:{view.phase}:{len(view.bids)}:{len(view.hand)}:{view.cards_played}"
        self.rng = random.Random(moment)
        self.np_rng = np.random.default_rng(zlib.crc32(moment.encode()))



def nil_choices(seen: SeatView, forced_waits: bool = True) -> tuple[Card, ...]:
    """The cards a live nil chooses among when it follows with only opponents still to play:
    those that stay under the trick so far, if it has any, unless it holds a trump that no
    unseen card beats (that trump must take a trick sooner or later, so the nil is lost and
    the search may play for the rest of the hand). With its partner still to play, a nil
    may throw a high card for the partner to cover; under Suicide's one nil per pair, unless
    `forced_waits` is false, it stays under then too.

    The search would often give a nil up while it can still hold: its playouts and its
    solver attack the nil knowing every card it holds, which real opponents do not. A Partner
    nil is bid on a low hand, and none of its 19 throws for the partner took the trick (300 deals
    against Normal); a forced nil's took it 20 times in 79 (200 Suicide deals), and the nil held
    to the end 33 times (``docs/arena/experiments/second_seat_throws.py``)."""
    legal = seen.legal_cards
    if not seen.trick or not seen.nil_alive(seen.seat):
        return legal
    partner_to_play = seen.partner is not None and seen.partner not in [s for s, _ in seen.trick]
    if partner_to_play and not (forced_waits and seen.rules.one_nil):
        return legal
    deck, knowledge = seen.deck, Knowledge.from_view(seen)
    if any(deck.suit_of[c.index] == SPADES and knowledge.is_master(c) for c in seen.hand):
        return legal
    trick = [card for _, card in seen.trick]
    under = tuple(c for c in legal if trick_winner_index(deck, [*trick, c]) != len(trick))
    return under or legal


def cover_leads(seen: SeatView, choices: Sequence[Card]) -> tuple[Card, ...]:
    """The leads among `choices` a partner's live nil is least likely to be forced over (those
    within :data:`COVER_LEAD_SLACK` of the least chance), under Suicide's one nil per pair once
    the opponents' nil has fallen; else, and when not leading, `choices` as they are.

    The search gives such a nil up too early, as it does its own (:func:`nil_choices`): its
    solver and playouts attack the nil knowing every card it holds. On 200 deals against Normal,
    its 82 leads away from the least forcing broke the nil 10 times, its 216 others 8
    (``docs/arena/experiments/cover_leads.py``). While the opponents' nil still stands, a lead
    that risks the partner's nil often forces theirs too; keeping to these leads then made
    Expert's forced nils hold more often (49% against 44%) and Normal's more still (43% against
    36%), and lost 5.6 points a deal. In Partner a nil is bid on a low hand, and the search's
    leads to it seldom break it (3 of 171 away from the least forcing)."""
    rules = seen.rules
    if seen.trick or not (rules.one_nil and rules.partners) or not seen.nil_alive(seen.partner):
        return tuple(choices)
    if any(seen.nil_alive(seat) for seat in SEATS if seat not in (seen.seat, seen.partner)):
        return tuple(choices)
    forcing = forcing_chances(Decision(seen, Knowledge.from_view(seen)))
    least = min(forcing[card] for card in choices)
    return tuple(card for card in choices if forcing[card] <= least + COVER_LEAD_SLACK)


def _odds_move(outcomes: Mapping[Bid, np.ndarray], held: np.ndarray, odds: float) -> float:
    """What moving the log odds of the nil's holds by `odds` adds to the worth of one kind of bid
    (a nil, or the numbers), each option's `outcomes` played out alike: the playouts where the
    nil `held` weighed to their new share, measured on the option worth most and added to every
    option, so that the odds weigh a nil against a number without changing which number is bid.
    Nothing when the nil always or never held."""
    share = float(held.mean())
    if not outcomes or odds == 0.0 or share in (0.0, 1.0):
        return 0.0
    moved = 1.0 / (1.0 + (1.0 - share) / share * math.exp(-odds))
    best = max(outcomes.values(), key=np.mean)
    return (moved - share) * (float(best[held].mean()) - float(best[~held].mean()))


def _indices(mask: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _mask(indices: Sequence[int]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def _lowest_cards(holdings: np.ndarray, received: Sequence[int], count: int, deck_name: str) -> np.ndarray:
    """(B, 54) booleans: in each row of `holdings` (B, 54), the `count` cards a partner gives
    back in an exchange, never one of those `received`: its lowest side cards, then its lowest spades."""
    deck = DECKS[deck_name]
    positions = suit_positions(deck_name)
    rank = np.array([positions[i] - (100 if deck.suit_of[i] == SPADES else 0) if positions[i] < 99 else -1000
                     for i in range(len(positions))], dtype=np.float64)
    eligible = holdings.copy()
    eligible[:, list(received)] = False
    order = np.argsort(-np.where(eligible, rank, -np.inf), axis=1, kind="stable")[:, :count]
    chosen = np.zeros_like(holdings)
    np.put_along_axis(chosen, order, True, axis=1)
    return chosen & eligible


def _near_bids(options: Sequence[Bid], tricks: float) -> list[Bid]:
    """The nils among `options` and the numbers within 2 of `tricks` (else the nearest one): a
    bid further from what the hand takes is never worth most, and valuing it costs time."""
    numbers = [b for b in options if not b.is_nil]
    near = [b for b in numbers if abs(b.tricks - tricks) <= 2.5]
    if not near and numbers:
        near = [min(numbers, key=lambda b: abs(b.tricks - tricks))]
    return [b for b in options if b.is_nil] + near
