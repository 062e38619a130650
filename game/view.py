"""The seat view of `BOT_API.md`: what one seat may see, as plain JSON-ready data.

Computer players, bots in the arena and (later) network clients all receive this
and nothing more: no other seat's cards, no deck order, no random state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.hand import Hand
from game.rules import Rules

PRIVATE_PHASES = ("blind", "misdeal")
"""Decisions of one seat; the others see the hand as still in bidding."""


def seat_view(hand: Hand, seat: str) -> dict[str, Any]:
    """What `seat` may see of `hand` now (see `BOT_API.md` for each key)."""
    looked = seat in hand.looked
    view: dict[str, Any] = {
        "seat": seat,
        "phase": hand.phase if hand.to_act == seat or hand.phase not in PRIVATE_PHASES else "bid",
        "rules": dict(_rules_dict(hand.rules)),
        "dealer": hand.dealer,
        "hand": [str(c) for c in hand.holding(seat)] if looked else [],
        "bids": {s: str(b) for s, b in hand.bids.items()},
        "legal": hand.legal_choices(seat),
        "trick": [[s, str(c)] for s, c in hand.trick],
        "tricks": [{"leader": t.leader, "cards": [[s, str(c)] for s, c in t.plays], "winner": t.winner}
                   for t in hand.tricks],
        "taken": dict(hand.taken),
        "spades_broken": hand.spades_broken,
        "scores": {side: {"points": s.points, "bags": s.bags} for side, s in hand.standings.items()},
        "hand_number": hand.number,
    }
    if hand.phase == "exchange" and hand.to_act == seat:
        view["exchange_count"] = hand.exchange_count
    return view


@lru_cache(maxsize=64)
def _rules_dict(rules: Rules) -> dict[str, Any]:
    return rules.to_dict()
