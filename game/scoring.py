"""Scoring one hand: every option of SPEC §3, with the points broken down by part.

A side's contract is the sum of its numeric bids; each nil bidder is scored apart.
A made contract scores 10 a trick bid and 1 per overtrick (a bag); a set costs 10
a trick bid. The parts (:data:`PARTS`) add up to the hand's score for the side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from game.bids import Bid
from game.rules import Rules
from game.seats import SEATS, seats_of, sides

MOST_TOLD = 10**9
"""The largest score (either way), bag count or hand number an event or a seat view tells: far past
the game's own bound (:data:`game.game.MOST_POINTS`), which a tie for the lead may play a few hands
beyond, and small enough to draw."""
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

    @property
    def all_made(self) -> bool:
        """Whether the side made everything it bid: its contract, if it bid a number, and each nil
        (a side that bid only nils has made its hand when they all held)."""
        return self.made is not False and all(nil.made for nil in self.nils)


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
    play = SidePlay.of(rules, side, bids, taken, winners)
    nils = _nil_results(play)
    bonuses = [earned for bonus in BONUSES if (earned := bonus(play))]
    bags_taken = _bags_taken(play)
    penalty, bags_left = _bag_penalty(rules, before.bags + bags_taken)
    parts = {
        "contract": _contract_points(play),
        "bags": bags_taken,
        "nil": sum(_nil_points(rules, n) for n in nils if n.kind != "blind nil"),
        "blind_nil": sum(_nil_points(rules, n) for n in nils if n.kind == "blind nil"),
        "bonus": sum(points for _, points in bonuses),
        "bag_penalty": -penalty,
    }
    return SideScore(side=side, contract=play.contract, counted=play.counted, made=play.made, parts=parts,
                     bags_taken=bags_taken, before=before,
                     after=Standing(before.points + sum(parts.values()), bags_left),
                     nils=nils, bonuses=tuple(name for name, _ in bonuses), team_nil=play.team_nil)


@dataclass(frozen=True)
class SidePlay:
    """What one side bid and took in a finished hand: what each part of its score reads.
    Every figure is worked out once, by :meth:`of` (the solver scores many finished hands)."""

    rules: Rules
    side: str
    bids: Mapping[str, Bid]
    taken: Mapping[str, int]
    winners: Sequence[str]
    """The seat winning each trick, in order."""
    members: tuple[str, ...]
    contract: int
    """The tricks the side bid: the sum of its numeric bids."""
    blind_tricks: int
    """The tricks the side bid blind."""
    tricks: int
    """Every trick the side took, nil bidders' included."""
    nil_tricks: int
    """The tricks its nil bidders took (each one fails their nil)."""
    nil_tricks_help: bool
    """Whether a failed nil's tricks count toward the partner's contract."""
    team_nil: bool
    """Whether both partners bid nil (not blind) as a team nil."""
    counted: int
    """Tricks that count toward the contract."""
    made: bool | None
    """Whether the contract was made (None without one); under the double-set rule, taking
    twice the contract or more is a set."""

    @classmethod
    def of(cls, rules: Rules, side: str, bids: Mapping[str, Bid], taken: Mapping[str, int],
           winners: Sequence[str]) -> SidePlay:
        members = seats_of(side)
        numbers = [bids[s] for s in members if not bids[s].is_nil]
        contract = sum(b.tricks for b in numbers)
        tricks = sum(taken[s] for s in members)
        nil_tricks = sum(taken[s] for s in members if bids[s].is_nil)
        nil_tricks_help = rules.nil_tricks == "partner" and contract > 0
        team_nil = bool(rules.team_nil) and len(members) == 2 and all(
            bids[s].is_nil and not bids[s].blind for s in members)
        counted = tricks - nil_tricks + (nil_tricks if nil_tricks_help else 0)
        made = None
        if contract:
            made = counted >= contract and not (rules.double_set and counted >= 2 * contract)
        return cls(rules, side, bids, taken, winners, members, contract, sum(b.tricks for b in numbers if b.blind),
                   tricks, nil_tricks, nil_tricks_help, team_nil, counted, made)


def _nil_results(play: SidePlay) -> tuple[NilResult, ...]:
    """Each nil's outcome: one team nil (made if either partner takes no trick), or each nil bidder's."""
    if play.team_nil:
        return (NilResult(play.side, "team nil", any(play.taken[s] == 0 for s in play.members)),)
    return tuple(NilResult(s, "blind nil" if play.bids[s].blind else "nil", play.taken[s] == 0)
                 for s in play.members if play.bids[s].is_nil)


def _nil_points(rules: Rules, nil: NilResult) -> int:
    """What a nil scores, made or failed."""
    won, lost = {"team nil": (rules.team_nil, rules.team_nil), "blind nil": (rules.blind_nil, rules.blind_nil_fail),
                 "nil": (rules.nil, rules.nil)}[nil.kind]
    return won if nil.made else -lost


def _contract_points(play: SidePlay) -> int:
    """A made contract: 10 a trick bid, 20 a trick bid blind, 20 a trick for a bonus bid
    (a contract of ``bonus_bid`` or more); a set: minus 10 a trick bid."""
    if play.made is None:
        return 0
    if not play.made:
        return -10 * play.contract
    if play.blind_tricks:
        return 20 * play.blind_tricks + 10 * (play.contract - play.blind_tricks)
    bonus_bid = play.rules.bonus_bid and play.contract >= play.rules.bonus_bid
    return (20 if bonus_bid else 10) * play.contract


def _bags_taken(play: SidePlay) -> int:
    """Bags: the overtricks of a made contract bid without blind tricks, and the tricks of
    failed nils that do not count toward the partner's contract."""
    overtricks = play.counted - play.contract if play.made and not play.blind_tricks else 0
    return overtricks + (0 if play.nil_tricks_help else play.nil_tricks)


def _ten_for_200(play: SidePlay) -> tuple[str, int] | None:
    made = play.made and play.rules.ten_for_200 and play.contract >= 10
    return ("10 for 200", 100) if made else None


def _seven_for_140(play: SidePlay) -> tuple[str, int] | None:
    made = play.made and play.rules.seven_for_140 and play.contract >= 7
    return ("7 for 140", 70) if made else None


def _boston(play: SidePlay) -> tuple[str, int] | None:
    return ("Boston", play.rules.boston) if play.rules.boston and play.tricks == 13 else None


def _moe(play: SidePlay) -> tuple[str, int] | None:
    """Big Moe: the first eight tricks; Little Moe: the first six."""
    if not play.rules.moe:
        return None
    for name, points, first in (("Big Moe", 100, 8), ("Little Moe", 50, 6)):
        if len(play.winners) >= first and all(w in play.members for w in play.winners[:first]):
            return name, points
    return None


BONUSES: tuple[Callable[[SidePlay], tuple[str, int] | None], ...] = (_ten_for_200, _seven_for_140, _boston, _moe)
"""The bonuses a side may earn, each as ``(name, points)`` or None, in the order a score lists them."""


def _bag_penalty(rules: Rules, bags: int) -> tuple[int, int]:
    """The points a bag count costs (`penalty` each time it reaches `limit`, as often as it is
    still there) and the bags left; in one step, however many bags a saved game brings."""
    limit, penalty = rules.bags
    times = bags // limit if limit and bags >= limit else 0
    return times * penalty, bags - times * limit


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
