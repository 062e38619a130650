"""Variations of Expert for the arena, one constant changed in each.

``python -m game.arena --a docs/arena/experiments/variations.py:Nil70 --b mc --deals 300 --seed 102 --jobs 2``
"""

from collections.abc import Mapping

from game.players.expert import ExpertPlayer
from game.players.normal import NormalPlayer
from game.view import SeatView


class Shade14(ExpertPlayer):
    """Shades its bids harder: gives up to 14 points of simulated worth to bid a trick less (Expert: 8)."""

    bid_shade = 14.0


class Shade4(ExpertPlayer):
    """Shades its bids less: gives up to 4 points of simulated worth to bid a trick less (Expert: 8)."""

    bid_shade = 4.0


class Nil70(ExpertPlayer):
    """Bids nil only when the nil holds in 70% of its simulated hands, Expert's bar before
    2026-11-26 (Expert: 60%; the variation measured as `Nil60` then)."""

    nil_safety = 0.7


class Nil50(ExpertPlayer):
    """Bids nil when the nil holds in 50% of its simulated hands and is worth more than a number (Expert: 60%)."""

    nil_safety = 0.5


class Nil40(ExpertPlayer):
    """Bids nil when the nil holds in 40% of its simulated hands and is worth more than a number (Expert: 60%)."""

    nil_safety = 0.4


class GiveUpNils(ExpertPlayer):
    """Plays its live nil by its search alone, as Expert did before 2026-11-27: it may win a
    trick it could stay under with only opponents still to play (Expert: never, unless it
    holds a trump nothing unseen beats)."""

    nil_holds_on = False


class LeadIntoForcedNils(ExpertPlayer):
    """Leads to its partner's live Suicide nil by its search alone, as Expert did until the
    thirteenth session (2026-11-27): once the opponents' nil has fallen it may still lead a card
    the nil is likely to be forced over (Expert: only the leads least likely to force it)."""

    covers_forced_nils = False


class ThrowOverBeforePartner(ExpertPlayer):
    """Lets its live Suicide nil in second seat win the lead by its search alone, as Expert did
    until the fourteenth session (2026-11-27): it may throw a high card over the lead for its
    partner, still to play, to cover (Expert: stays under when it can, as with only opponents
    still to play)."""

    forced_nil_waits = False


class Wide6000(ExpertPlayer):
    """Searches twice as wide: 6,000 playouts per card decision on up to 600 sampled deals, and
    its bids on 500 deals (Expert: 3,000 on up to 300, and 250)."""

    max_play_deals = 600

    def __init__(self, seat: str, rules: Mapping, seed: int = 0, budget: int = 6000,
                 time_limit: float | None = None) -> None:
        super().__init__(seat, rules, seed, budget, time_limit)


class PairContractFirst(ExpertPlayer):
    """Bidding a number first of its pair, bids the pair's cautious contract less the tricks it
    expects of its partner, as Expert did until the eighteenth session (2026-11-27; measured then
    as `HonestFirstBid`, the way Expert bids now: the tricks it expects to take, less
    `FIRST_BID_DISCOUNT`, the partner bidding last setting the contract)."""

    honest_first_bid = False


class _NormalForcedNils(ExpertPlayer):
    """Plays some of Suicide's live-nil moments with Normal's card instead of its search's."""

    def __init__(self, seat: str, rules: Mapping, seed: int = 0, budget: int = 3000,
                 time_limit: float | None = None) -> None:
        super().__init__(seat, rules, seed, budget, time_limit)
        self._normal = NormalPlayer(seat, rules, seed)

    def play(self, view: dict) -> str:
        seen = SeatView.from_dict(view)
        if seen.rules.one_nil and self._normal_plays(seen):
            return self._normal.play(view)
        return super().play(view)

    def _normal_plays(self, seen: SeatView) -> bool:
        """Whether this moment is Normal's to play."""
        raise NotImplementedError


class NormalPlaysOwnForcedNil(_NormalForcedNils):
    """Holding a live Suicide nil of its own, plays the card Normal would (measured in the
    nineteenth session, 2026-11-27: Expert's search holds as many of these nils)."""

    def _normal_plays(self, seen: SeatView) -> bool:
        return seen.nil_alive(seen.seat)


class NormalCoversForcedNil(_NormalForcedNils):
    """With its partner's Suicide nil live, plays the card Normal would (measured in the
    nineteenth session, 2026-11-27: Expert's search holds as many of these nils, and breaks
    more of the opponents')."""

    def _normal_plays(self, seen: SeatView) -> bool:
        return seen.nil_alive(seen.partner)


class NormalCoversOnceTheirsFell(NormalCoversForcedNil):
    """With its partner's Suicide nil live and the opponents' nil fallen, plays the card Normal
    would (no nil of theirs left to attack, Normal's cover has nothing to trade)."""

    def _normal_plays(self, seen: SeatView) -> bool:
        theirs = [seat for seat in seen.bids if seat not in (seen.seat, seen.partner)]
        return super()._normal_plays(seen) and not any(seen.nil_alive(seat) for seat in theirs)


class OnePlayoutPerDeal(ExpertPlayer):
    """Plays each legal card out once per sampled deal, never more (Expert: with 2 to 5 legal
    cards its 3,000 playouts go to 300 deals, 2 to 5 noisy playouts of each card on each)."""

    def card_search(self, view: dict, seen: SeatView | None = None) -> tuple[dict[str, float], bool]:
        full = self.budget
        self.budget = min(full, self.max_play_deals * len(view["legal"]))
        try:
            return super().card_search(view, seen)
        finally:
            self.budget = full


class Effort32000(ExpertPlayer):
    """Spends up to 32,000 trick starts of perfect play on an endgame decision, as Expert did
    until 2026-11-28 (Expert: 24,000)."""

    endgame_effort = 32000


class Effort192000(ExpertPlayer):
    """Eight times the endgame's effort, 192,000 trick starts a decision (Expert: 24,000): it solves
    most seven-card endings that Expert plays out. Far slower (p95 over 2 s); a measure of what
    solving them is worth."""

    endgame_effort = 192000


class SixEndgameDeals(ExpertPlayer):
    """Gives an ending up to the playouts when its first 6 sampled deals fall behind 4,000 trick
    starts each (Expert: 8 deals at 3,000, its effort of 24,000 shared among 8): the threshold
    of the 32,000 effort before 2026-11-28, within the smaller effort."""

    min_endgame_deals = 6


class Effort20000(ExpertPlayer):
    """Spends up to 20,000 trick starts of perfect play on an endgame decision (Expert: 24,000),
    for the decision times of a slower day; it gives an ending up below 2,500 a deal, and so
    gives up the six-card ending of the partner position `no-trump-2` and trumps the partner."""

    endgame_effort = 20000


class Effort20000SixDeals(ExpertPlayer):
    """Up to 20,000 trick starts on an endgame decision, given up only when its first 6 sampled
    deals fall behind 3,333 trick starts each (Expert: 24,000, and 8 deals at 3,000)."""

    endgame_effort = 20000
    min_endgame_deals = 6


class SolvedEndingsFree(ExpertPlayer):
    """Plays a solved ending as solved, whatever its nil rules allow (Expert: they yield only to a
    card worth 40 points more; the thirty-second session tried this first)."""

    solved_overrules = 0.0
