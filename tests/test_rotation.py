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


def test_a_hand_scored_turned_for_east_or_west_lists_the_players_side_first_as_at_home() -> None:
    """The score screen writes its columns in the score's order: Us first, whatever the seat."""
    import random

    from game.events import HandScored, from_dict
    from game.game import Game
    from net.protocol import event_for

    for variant, first in (("partner", "NS"), ("solo", "S")):
        game = Game(PRESETS[variant].rules, seed=3)
        rng = random.Random(3)
        while not any(isinstance(event, HandScored) for event in game.events):
            seat = game.to_act
            game.apply(seat, rng.choice(seat_view(game.hand, seat)["legal"]))
        scored = next(event for event in game.events if isinstance(event, HandScored))
        for seat in ("E", "W", "N"):
            turned = from_dict(Turning(seat).message({"event": event_for(scored, seat)})["event"])
            assert next(iter(turned.score.sides)) == first, (variant, seat)
            assert next(iter(turned.score.standings)) == first, (variant, seat)
