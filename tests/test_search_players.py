"""Expert and the `mc` yardstick: legal, blind to hidden cards, and right in plain positions."""

from __future__ import annotations

import pytest

from game.cards import parse_hand
from game.expert import ExpertPlayer
from game.game import Game
from game.hand import Hand
from game.mc import MonteCarloPlayer
from game.players import decide, play_game
from game.rules import PRESETS, Rules
from game.seats import SEATS
from game.view import seat_view

PARTNER = PRESETS["partner"].rules


def _hand(rules: Rules, dealer: str, **hands: str) -> Hand:
    return Hand.from_holdings(rules, dealer, {seat: parse_hand(text) for seat, text in hands.items()})


def _bid(hand: Hand, bids: dict[str, str]) -> None:
    while hand.phase in ("blind", "misdeal", "bid"):
        seat = hand.to_act
        if hand.phase == "blind" and not bids[seat].startswith("b"):
            hand.apply(seat, "look")
        elif hand.phase == "misdeal":
            hand.apply(seat, "keep")
        else:
            hand.apply(seat, bids[seat])


def _play(hand: Hand, cards: str) -> None:
    for text in cards.split():
        hand.apply(hand.to_act, text)


COVER_DEAL = dict(S="AKQ.A2.AKQ.AKQJT", N="32.K43.432.65432", W="654.9865.765.987", E="JT987.QJT7.JT98.")
SAME_VIEW_DEAL = {**COVER_DEAL, "W": "JT9.QJ98.JT9.987", "E": "87654.T765.8765."}
"""West and East hold other cards than in COVER_DEAL; South and North the same."""


@pytest.mark.parametrize("player_class", [ExpertPlayer, MonteCarloPlayer])
def test_covers_the_partners_nil(player_class) -> None:
    hand = _hand(PARTNER, "S", **COVER_DEAL)
    _bid(hand, {"W": "3", "N": "nil", "E": "3", "S": "4"})
    _play(hand, "5H KH 7H")
    player = player_class("S", PARTNER.to_dict(), seed=1)
    assert decide(player, seat_view(hand, "S")) == "AH"


@pytest.mark.parametrize("player_class", [ExpertPlayer, MonteCarloPlayer])
def test_does_not_trump_the_partners_winning_ace(player_class) -> None:
    hand = _hand(PARTNER, "S", S="AK4.5432..765432", N="5.AKQ.AKQJT9.AKQ", W="876.876.5432.T98",
                 E="QJT932.JT9.876.J")
    _bid(hand, {"W": "2", "N": "5", "E": "3", "S": "3"})
    _play(hand, "5D AD 8D")
    player = player_class("S", PARTNER.to_dict(), seed=1)
    assert decide(player, seat_view(hand, "S")) not in ("AS", "KS", "4S")


def test_expert_decisions_depend_only_on_the_view() -> None:
    hands = [_hand(PARTNER, "S", **deal) for deal in (COVER_DEAL, SAME_VIEW_DEAL)]
    for hand in hands:
        _bid(hand, {"W": "3", "N": "nil", "E": "3", "S": "4"})
        _play(hand, "9H KH 7H")
    views = [seat_view(hand, "S") for hand in hands]
    assert views[0] == views[1]
    choices = [ExpertPlayer("S", PARTNER.to_dict(), seed=9).play(view) for view in views]
    assert choices[0] == choices[1]


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_expert_plays_whole_games_of_every_preset_with_legal_choices(variant_id: str) -> None:
    rules = PRESETS[variant_id].rules.replace(win=150, lose=-150 if PRESETS[variant_id].rules.lose else None)
    game = Game(rules, seed=3)
    players = {s: ExpertPlayer(s, rules.to_dict(), seed=i, budget=120) for i, s in enumerate(SEATS)}
    played = play_game(game, players)
    assert played.over


def test_expert_with_a_time_limit_answers_from_the_deals_searched_so_far() -> None:
    hand = _hand(PARTNER, "S", **COVER_DEAL)
    _bid(hand, {"W": "3", "N": "nil", "E": "3", "S": "4"})
    _play(hand, "5H KH 7H")
    hurried = ExpertPlayer("S", PARTNER.to_dict(), seed=1, time_limit=0.0)
    assert hurried.play(seat_view(hand, "S")) == "AH"


def test_amortized_bags_cost_their_share_of_the_penalty_each():
    import numpy as np

    from game.bids import Bid
    from game.rules import PRESETS
    from game.scoring import Standing
    from game.search import OutcomeValues

    rules = PRESETS["partner"].rules
    bids = {seat: Bid(3) for seat in "SWNE"}
    taken = np.array([[4, 2, 4, 3]])
    winners = np.zeros((1, 13), dtype=int)
    fresh = {"NS": Standing(0, 0), "EW": Standing(0, 0)}
    near_limit = {"NS": Standing(0, 9), "EW": Standing(0, 0)}
    plain = OutcomeValues(rules, "S", fresh, differential=False)
    amortized = OutcomeValues(rules, "S", fresh, differential=False, amortize_bags=True)
    assert plain.of(bids, taken, winners)[0] == 62
    assert amortized.of(bids, taken, winners)[0] == 62 - 2 * 10
    crossing = OutcomeValues(rules, "S", near_limit, differential=False, amortize_bags=True)
    assert crossing.of(bids, taken, winners)[0] == 62 - 2 * 10, "the real penalty is replaced by the share"
