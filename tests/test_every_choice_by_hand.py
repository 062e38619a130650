"""Every decision a variant offers the player can be made with the mouse, and with the keys: a
whole hand of each preset, and of house rules with a misdeal call, a blind-nil exchange and blind
team bids, played by clicks (or keys) that pick blind bids, misdeals and the rest at random among
what is legal. Each answer must move the game on (a card or button that looks live but does
nothing leaves the player stuck)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.rules import PRESETS
from scenes.screens.score import ScoreScene
from tests.app_driver import answer_with_mouse, make_app, player_turn, press, start_game, wait_for_turn
from tests.netserver import running_server
from tests.test_online import control, create_table, to_lobby, top, wait_until

HOUSE = PRESETS["partner"].rules.replace(misdeal=True, exchange=2, blind_team=0, team_nil=50).to_line()
"""Partner with every optional decision of the bidding on offer."""
BLIND_FIRST = ("bnil", "b3", "b4", "b2")
"""What the player bids when asked to bid blind, in this order of preference (the first on offer)."""


KEYS = {"nil": pygame.K_n, "bnil": pygame.K_b, "misdeal": pygame.K_d, "look": pygame.K_RETURN,
        "keep": pygame.K_RETURN}
"""The key that makes each named bid or call."""


def pick(table, rng: random.Random, bold: bool):
    """A legal choice: with `bold`, a blind bid, the misdeal or nil wherever offered; else at random."""
    turn = table.turn
    legal = list(turn.legal)
    if turn.phase == "exchange":
        return rng.sample([str(card) for card in table.visible_south() if str(card) in legal], turn.give)
    if bold:
        for wanted in (*BLIND_FIRST, "misdeal", "nil"):
            if wanted in legal:
                return wanted
    return rng.choice(legal)


def to_card(app, table, card) -> None:
    """Right arrow until the keyboard's cursor is on `card`."""
    for _ in range(len(table.visible_south()) + 1):
        if table.hover == card:
            return
        press(app, pygame.K_RIGHT)
    raise AssertionError(f"the arrows never reach {card}")


def answer_with_keys(app, choice) -> None:
    """Make the player's decision with the keyboard: arrows and Enter (Space to pick a card to give),
    + and - then Enter for a number (a blind one once + or - has lit Bid blind), N, B, D or Enter for
    the rest."""
    table = app.scenes[-1]
    if table.turn.phase in ("play", "exchange"):
        cards = [choice] if isinstance(choice, str) else choice
        for card in cards:
            to_card(app, table, next(c for c in table.visible_south() if str(c) == card))
            if table.turn.phase == "exchange":
                press(app, pygame.K_SPACE)
        press(app, pygame.K_RETURN)
    elif choice in KEYS:
        press(app, KEYS[choice])
    else:
        wanted = int(choice.lstrip("b"))
        if table.box.value == wanted:  # a step away and back, which lights Bid blind before the cards are seen
            away = pygame.K_PLUS if wanted < table.box.numbers[-1] else pygame.K_MINUS
            press(app, away)
        while table.box.value != wanted:
            press(app, pygame.K_PLUS if table.box.value < wanted else pygame.K_MINUS)
        press(app, pygame.K_RETURN)


BLIND_NIL = ("blind", "bnil")
CASES = [*((name, True, "always", 5, BLIND_NIL if PRESETS[name].rules.blind_nil else None) for name in PRESETS),
         ("custom1", True, "always", 5, ("exchange", None)), ("custom1", False, "always", 5, None),
         ("partner", False, "always", 5, None), ("custom1", True, "never", 10, ("misdeal", "misdeal"))]
"""(variant, bold, the blind offer, the deal's seed, a decision the hand must include: a phase and
the choice made, None for any). Seed 10 deals the player a hand that may be thrown in, which with
no blind offer is a misdeal question."""


BY_KEYS = [case for case in CASES if case[0] in ("partner", "solo", "dunn", "custom1") and case[1]] + [
    ("custom1", False, "always", 5, None)]
"""The cases played again with the keyboard (the last picks a blind number)."""


@pytest.mark.parametrize(("variant", "bold", "offer", "seed", "included", "by_keys"),
                         [*((*case, False) for case in CASES), *((*case, True) for case in BY_KEYS)],
                         ids=[*(f"{case[0]}-{'bold' if case[1] else 'random'}-blind {case[2]}" for case in CASES),
                              *(f"{case[0]}-keys-blind {case[2]}" for case in BY_KEYS)])
def test_a_whole_hand_of_every_variant_is_played_by_mouse_or_keys_whatever_the_player_chooses(
        tmp_path, variant, bold, offer, seed, included, by_keys):
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
            (answer_with_keys if by_keys else answer_with_mouse)(app, choice)
            assert len(table.game.actions) > actions, f"{variant}: answering {choice!r} did nothing; {made}"
        else:
            raise AssertionError(f"{variant}: the hand did not end; choices {made}")
        assert sum(table.model.taken.values()) == 13
        if included is not None:
            phase, choice = included
            assert any(p == phase and choice in (None, c) for p, c in made), f"no {included} in {made}"
    finally:
        app.close()


@pytest.mark.parametrize(("variant", "seed"), [("custom1", 3), ("solo", 4)])
def test_at_a_servers_table_every_choice_is_made_by_mouse_too(tmp_path, variant, seed):
    """A whole hand at a server (three computers), blind bids, misdeals and nils taken wherever offered."""
    with running_server() as server:
        app = make_app(tmp_path, server=server.address, name="Ann")
        try:
            app.change_settings(variant=variant, blind_offer="always", custom_rules={"custom1": HOUSE})
            table = create_table(app, to_lobby(app))
            rng, made = random.Random(seed), []
            for _ in range(60):
                wait_until(app, lambda: player_turn(app) or isinstance(top(app), ScoreScene), "a turn or the score")
                if isinstance(top(app), ScoreScene):
                    break
                choice = pick(table, rng, bold=True)
                made.append((table.turn.phase, choice))
                asked = control(table).turn_seq
                answer_with_mouse(app, choice)
                assert control(table).sent == (asked,) or control(table).turn_seq != asked, \
                    f"clicking for {choice!r} sent nothing; {made}"
            else:
                raise AssertionError(f"the hand did not end; choices {made}")
            assert made[0] == BLIND_NIL and sum(table.model.taken.values()) == 13, made
        finally:
            app.close()
