"""Expert with every hand in view while it plays: how much of a goal better inference could reach.

Expert plays each card by searching deals sampled from what its seat knows. The variation
here, ``oracle``, is Expert with one change: at every card it plays, each "sampled" deal is
the real one (its bidding, misdeal calls and exchange are Expert's own, so it bids the same
as Expert on the same deals and pairs with an arena run of Expert deal by deal). What it
reaches is about the most that perfect inference could give this search; what it still
misses is the search's (its playouts' policy, its budget) or the cards'.

``oracle-nil-first`` sees the same and plays for its own side's nil above everything: its
search takes :data:`NIL_FIRST` points off its side's worth for each of the side's nils that
fails (in the playouts and the endgame solver alike). Against the same opponent, its nils held
are about the most this search could hold with every card in view.

A measuring tool that reads hidden cards on purpose: it is not a player of the game and
nothing imports it. It runs the arena in this process, one job (run seeds side by side),
with both added to the levels:

    python -m docs.arena.experiments.oracle --a oracle --b normal --rules suicide --deals 100 \
        --seed 101 --save oracle-101.save
    python -m game.arena.paired expert-101.save oracle-101.save
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import game.players.expert as expert_module
import game.players.search as search_module
from game.arena import match
from game.arena.command import build_parser, run
from game.hand import Hand
from game.players.expert import ExpertPlayer
from game.players.knowledge import Knowledge, sample_deals
from game.players.levels import LEVELS
from game.players.search import OutcomeValues
from game.players.solver import SideWorth, outlook_worth
from game.rules import Rules
from game.scoring import SideScore, Standing
from game.seats import SEATS, side_of

NIL_FIRST = 1000.0
"""What a failed nil of its own side costs the nil-first oracle's search, on top of the score."""

_truth: dict[str, int] | None = None
"""What each seat really holds, while an oracle decides a card; None at every other decision."""

_nil_first_side: str | None = None
"""The side of a nil-first oracle while it values its cards; None at every other time."""


class OracleExpert(ExpertPlayer):
    """Expert whose play searches only the real deal (see the module docstring)."""


class NilFirstOracle(OracleExpert):
    """The oracle that plays for its own side's nil first (see the module docstring)."""

    def card_search(self, view: dict, seen: Any = None) -> tuple[dict[str, float], bool]:
        global _nil_first_side
        _nil_first_side = side_of(self.seat, self.rules.partners)
        try:
            return super().card_search(view, seen)
        finally:
            _nil_first_side = None


def _nil_cost(side: SideScore) -> float:
    """What the nil-first oracle deciding now takes off `side`'s worth for its failed nils."""
    if side.side != _nil_first_side:
        return 0.0
    return NIL_FIRST * sum(not nil.made for nil in side.nils)


class _NilFirstValues(OutcomeValues):
    """Expert's playout worth, less :func:`_nil_cost`."""

    def _worth(self, side: SideScore) -> float:
        return super()._worth(side) - _nil_cost(side)


def _nil_first_worth(rules: Rules, standings: dict[str, Standing]) -> SideWorth:
    """Expert's endgame worth, less :func:`_nil_cost` (the same while no nil-first oracle decides)."""
    worth = outlook_worth(rules, standings)
    return lambda side: worth(side) - _nil_cost(side)


def _sample_truth(knowledge: Knowledge, count: int, *args: Any, **kwargs: Any) -> list[dict[str, int]]:
    """`count` copies of the real deal while an oracle plays a card, else Expert's own sampling."""
    if _truth is None:
        return sample_deals(knowledge, count, *args, **kwargs)
    return [dict(_truth) for _ in range(count)]


def _act_seeing(original: Callable[..., None]) -> Callable[..., None]:
    """The table's `act`, which shows an oracle about to play a card the real holdings."""

    def act(table: match.Table, hand: Hand, apply: Callable[[str, Any], None]) -> None:
        global _truth
        seat = hand.to_act
        oracle = seat is not None and isinstance(table.seats[seat].player, OracleExpert)
        _truth = {s: hand.holding_mask(s) for s in SEATS} if oracle and hand.phase == "play" else None
        try:
            original(table, hand, apply)
        finally:
            _truth = None

    return act


def install() -> None:
    """Add the two levels, let them see the real deal when they play, and let the nil-first one
    weigh its nils (the worths stay Expert's for every other player)."""
    LEVELS["oracle"] = OracleExpert
    LEVELS["oracle-nil-first"] = NilFirstOracle
    expert_module.OutcomeValues = _NilFirstValues
    expert_module.outlook_worth = _nil_first_worth
    expert_module.sample_deals = _sample_truth
    search_module.sample_deals = _sample_truth
    match.Table.act = _act_seeing(match.Table.act)


def check_one_job(argv: list[str]) -> None:
    """Stop with a usage error unless the match runs in this process (``--jobs 1``, the arena's
    default): the arena starts its workers afresh, without the two levels."""
    parser = build_parser()
    parser.prog = "python -m docs.arena.experiments.oracle"
    if parser.parse_args(argv).jobs != 1:
        parser.error("the oracles play in this process only: give --jobs 1, and run seeds side by side")


if __name__ == "__main__":
    check_one_job(sys.argv[1:])
    install()
    run()
