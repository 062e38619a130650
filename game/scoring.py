"""Scoring one hand: every option of SPEC §3, with the points broken down by part.

A side's contract is the sum of its numeric bids; each nil bidder is scored apart.
A made contract scores 10 a trick bid and 1 per overtrick (a bag); a set costs 10
a trick bid. The parts (:data:`PARTS`) add up to the hand's score for the side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.bids import Bid
from game.rules import Rules
from game.seats import SEATS, seats_of, side_of, sides

PARTS: tuple[str, ...] = ("contract", "bags", "nil", "blind_nil", "bonus", "bag_penalty")
"""The parts of a hand's score, in the order a score screen lists them."""
PART_LABELS: dict[str, str] = {
    "contract": "Contract",
    "bags": "Bags",
    "nil": "Nil",
    "blind_nil": "Blind nil",
    "bonus": "Bonuses",
    "bag_penalty": "Bag penalty",
}


@dataclass(frozen=True)
class Standing:
    """A side's running score and bag count."""

    points: int = 0
    bags: int = 0


@dataclass(frozen=True)
class NilResult:
    """One nil's outcome: `who` is a seat, or a team for a team nil."""

    who: str
    kind: str
    """``nil``, ``blind nil`` or ``team nil``."""
    made: bool

    def __str__(self) -> str:
        return f"{self.who} {self.kind} {'made' if self.made else 'failed'}"


@dataclass(frozen=True)
class SideScore:
    """One side's hand: contract, tricks counted for it, and points by part."""

    side: str
    contract: int
    counted: int
    """Tricks that count toward the contract."""
    made: bool | None
    """Whether the contract was made; None when the side bid no number."""
    parts: dict[str, int]
    bags_taken: int
    """Bags added to the side's count this hand (before any penalty)."""
    before: Standing
    after: Standing
    nils: tuple[NilResult, ...] = ()
    bonuses: tuple[str, ...] = field(default=())
    """Names of the bonuses earned (``Boston``, ``Little Moe`` …)."""
    team_nil: bool = False

    @property
    def total(self) -> int:
        """The hand's points for the side, everything included."""
        return sum(self.parts.values())


@dataclass(frozen=True)
class HandScore:
    """The score of one hand for every side, in the order of :func:`game.seats.sides`."""

    sides: dict[str, SideScore]

    @property
    def result_text(self) -> str:
        """The `Result` tag: ``NS 6/4, EW 5/3, S nil made, W blind nil failed``.

        A side that bid no number (only nils) has no ``tricks/contract`` entry."""
        parts = []
        nils = []
        for score in self.sides.values():
            if score.team_nil:
                parts.extend(str(n) for n in score.nils)
                continue
            if score.contract:
                parts.append(f"{score.side} {score.counted}/{score.contract}")
            nils.extend(score.nils)
        nils.sort(key=lambda n: SEATS.index(n.who))
        return ", ".join(parts + [str(n) for n in nils])

    @property
    def score_text(self) -> str:
        """The `Score` tag: ``NS:+142 EW:-166``."""
        return " ".join(f"{s.side}:{s.total:+d}" for s in self.sides.values())

    @property
    def total_text(self) -> str:
        """The `Total` tag: ``NS:482/bags5 EW:154/bags9``."""
        return " ".join(f"{s.side}:{s.after.points}/bags{s.after.bags}" for s in self.sides.values())

    @property
    def standings(self) -> dict[str, Standing]:
        return {side: s.after for side, s in self.sides.items()}


def score_hand(rules: Rules, bids: Mapping[str, Bid], taken: Mapping[str, int],
               winners: Sequence[str], before: Mapping[str, Standing]) -> HandScore:
    """Score a finished hand.

    `bids` are the final bids by seat, `taken` the tricks by seat, `winners` the
    seat winning each trick in order (for Moe), `before` each side's standing
    before the hand.
    """
    result = {}
    for side in sides(rules.partners):
        result[side] = _score_side(rules, side, bids, taken, winners, before[side])
    return HandScore(result)


def _score_side(rules: Rules, side: str, bids: Mapping[str, Bid], taken: Mapping[str, int],
                winners: Sequence[str], before: Standing) -> SideScore:
    members = seats_of(side)
    parts = dict.fromkeys(PARTS, 0)
    nil_seats = [s for s in members if bids[s].is_nil]
    numbers = [bids[s] for s in members if not bids[s].is_nil]
    contract = sum(b.tricks for b in numbers)
    side_tricks = sum(taken[s] for s in members)
    nils: list[NilResult] = []
    bonuses: list[str] = []
    team_nil = bool(rules.team_nil) and len(members) == 2 and all(
        bids[s].is_nil and not bids[s].blind for s in members)
    made: bool | None = None
    counted = 0
    bags_taken = 0
    if team_nil:
        made_nil = any(taken[s] == 0 for s in members)
        parts["nil"] = rules.team_nil if made_nil else -rules.team_nil
        nils.append(NilResult(side, "team nil", made_nil))
        bags_taken = side_tricks
    else:
        failed_nil_tricks = 0
        for seat in nil_seats:
            blind = bids[seat].blind
            made_nil = taken[seat] == 0
            value = (rules.blind_nil if made_nil else -rules.blind_nil_fail) if blind else (
                rules.nil if made_nil else -rules.nil)
            parts["blind_nil" if blind else "nil"] += value
            nils.append(NilResult(seat, "blind nil" if blind else "nil", made_nil))
            failed_nil_tricks += taken[seat]
        counted = sum(taken[s] for s in members if not bids[s].is_nil)
        if rules.nil_tricks == "partner" and contract:
            counted += failed_nil_tricks
        else:
            bags_taken += failed_nil_tricks
        if contract:
            doubly = rules.double_set and counted >= 2 * contract
            made = counted >= contract and not doubly
            if made:
                blind_part = sum(b.tricks for b in numbers if b.blind)
                if blind_part:
                    parts["contract"] = 20 * blind_part + 10 * (contract - blind_part)
                else:
                    doubled = rules.bonus_bid and contract >= rules.bonus_bid
                    parts["contract"] = (20 if doubled else 10) * contract
                    bags_taken += counted - contract
                if rules.ten_for_200 and contract >= 10:
                    parts["bonus"] += 100
                    bonuses.append("10 for 200")
                if rules.seven_for_140 and contract >= 7:
                    parts["bonus"] += 70
                    bonuses.append("7 for 140")
            else:
                parts["contract"] = -10 * contract
    if rules.boston and side_tricks == 13:
        parts["bonus"] += rules.boston
        bonuses.append("Boston")
    if rules.moe:
        if len(winners) >= 8 and all(w in members for w in winners[:8]):
            parts["bonus"] += 100
            bonuses.append("Big Moe")
        elif len(winners) >= 6 and all(w in members for w in winners[:6]):
            parts["bonus"] += 50
            bonuses.append("Little Moe")
    parts["bags"] = bags_taken
    bag_count = before.bags + bags_taken
    limit, penalty = rules.bags
    while limit and bag_count >= limit:
        parts["bag_penalty"] -= penalty
        bag_count -= limit
    total = sum(parts.values())
    return SideScore(side=side, contract=contract, counted=counted, made=made, parts=parts,
                     bags_taken=bags_taken, before=before,
                     after=Standing(before.points + total, bag_count),
                     nils=tuple(nils), bonuses=tuple(bonuses), team_nil=team_nil)


def side_for(rules: Rules, seat: str) -> str:
    """The side a seat scores for under these rules."""
    return side_of(seat, rules.partners)


def bag_share(rules: Rules) -> float:
    """What one bag costs over a game: its share of the bag penalty (10 points under
    ``bags=10/100``), 0 without a bag penalty.

    >>> from game.rules import PRESETS
    >>> bag_share(PRESETS["partner"].rules)
    10.0
    """
    limit, penalty = rules.bags
    return penalty / limit if limit and penalty else 0.0


def bags_weighed(side: SideScore, share: float) -> float:
    """A side's hand points with every bag it took costing `share` now, in place of
    the penalty paid when the count crosses the limit."""
    return side.total - side.parts.get("bag_penalty", 0) - share * side.bags_taken
