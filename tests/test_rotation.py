"""A network player's seat views turned round so that it sits South (`net/rotation.py`)."""

from __future__ import annotations

from deals import deal

from game.bids import Bid
from game.rules import PRESETS
from game.view import SeatView, seat_view
from net.rotation import Turning


def test_a_turned_view_turns_the_bids_as_made_with_the_bids() -> None:
    # Suicide: South's 4, then North's 4 turns it into the pair's nil. East, turned to sit
    # South, sees that seat (its West) as the nil that was bid as a 4.
    hand = deal(PRESETS["suicide"].rules, E="Q2.Q8765.9876.65")
    for seat, bid in (("S", "4"), ("W", "nil"), ("N", "4")):
        hand.apply(seat, bid)
    turning = Turning("E")
    turned = turning.message({"type": "turn", "view": seat_view(hand, "E")})["view"]
    assert turning.seat("S") == "W"
    assert turned["bids"]["W"] == "nil" and turned["bids_made"] == {"W": "4"}
    assert SeatView.from_dict(turned).bids_made == {"W": Bid(4)}
