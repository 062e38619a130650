"""Every decision a variant offers the player can be made with the mouse: a whole hand of each
preset, and of house rules with a misdeal call, a blind-nil exchange and blind team bids, played
by clicks that pick blind bids, misdeals and the rest at random among what is legal. Each click
must move the game on (a card or button that looks live but does nothing leaves the player stuck)."""

from __future__ import annotations

import random

import pytest

from game.rules import PRESETS
from scenes.screens.score import ScoreScene
from tests.app_driver import answer_with_mouse, make_app, start_game, wait_for_turn

HOUSE = PRESETS["partner"].rules.replace(misdeal=True, exchange=2, blind_team=0, team_nil=50).to_line()
"""Partner with every optional decision of the bidding on offer."""
BLIND_FIRST = ("bnil", "b3", "b4", "b2")
"""What the player bids when asked to bid blind, in this order of preference (the first on offer)."""


def pick(table, rng: random.Random, bold: bool):
    """A legal choice: with `bold`, a blind bid, the misdeal or nil wherever offered; else at random."""
    turn = table.turn
    legal = list(turn.legal)
    if turn.phase == "exchange":
        return [str(card) for card in rng.sample(table.visible_south(), turn.give)]
    if bold:
        for wanted in (*BLIND_FIRST, "misdeal", "nil"):
            if wanted in legal:
                return wanted
    return rng.choice(legal)


BLIND_NIL = ("blind", "bnil")
CASES = [*((name, True, "always", 5, BLIND_NIL if PRESETS[name].rules.blind_nil else None) for name in PRESETS),
         ("custom1", True, "always", 5, ("exchange", None)), ("custom1", False, "always", 5, None),
         ("partner", False, "always", 5, None), ("custom1", True, "never", 10, ("misdeal", "misdeal"))]
"""(variant, bold, the blind offer, the deal's seed, a decision the hand must include: a phase and
the choice made, None for any). Seed 10 deals the player a hand that may be thrown in, which with
no blind offer is a misdeal question."""


@pytest.mark.parametrize(("variant", "bold", "offer", "seed", "included"), CASES,
                         ids=[f"{case[0]}-{'bold' if case[1] else 'random'}-blind {case[2]}" for case in CASES])
def test_a_whole_hand_of_every_variant_is_played_by_mouse_whatever_the_player_chooses(tmp_path, variant, bold,
                                                                                      offer, seed, included):
    app = make_app(tmp_path, seed=seed)
    try:
        app.change_settings(variant=variant, blind_offer=offer, custom_rules={"custom1": HOUSE})
        rng = random.Random(f"{variant}{bold}")
        table = start_game(app)
        made = []
        for _ in range(60):
            wait_for_turn(app, lambda: isinstance(app.scenes[-1], ScoreScene))
            if isinstance(app.scenes[-1], ScoreScene):
                break
            table = app.scenes[-1]
            actions = len(table.game.actions)
            choice = pick(table, rng, bold)
            made.append((table.turn.phase, choice))
            answer_with_mouse(app, choice)
            assert len(table.game.actions) > actions, f"{variant}: clicking for {choice!r} did nothing; {made}"
        else:
            raise AssertionError(f"{variant}: the hand did not end; choices {made}")
        assert sum(table.model.taken.values()) == 13
        if included is not None:
            phase, choice = included
            assert any(p == phase and choice in (None, c) for p, c in made), f"no {included} in {made}"
    finally:
        app.close()
