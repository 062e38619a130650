"""Expert's exact endgame: in the last tricks it values each card by perfect play on every
sampled deal, on the same worth as its playouts, and still answers under a time limit."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from game.cards import Card
from game.hand import Hand
from game.players import decide
from game.players.expert import ENDGAME_CARDS, ExpertPlayer
from game.players.knowledge import Knowledge, sample_deals
from game.players.search import OutcomeValues
from game.players.solver import Solver, outlook_worth
from game.rules import PRESETS, Rules
from game.scoring import Standing
from game.seats import SEATS, side_of, sides
from game.view import SeatView, seat_view

Action = tuple[str, str]


def random_standings(rules: Rules, rng: random.Random) -> dict[str, Standing]:
    """Scores and bag counts before the hand, a side near the bag limit now and then."""
    limit = rules.bag_limit or 10
    return {side: Standing(rng.randrange(-150, 450, 10), rng.choice([0, limit - 1, limit - 2, rng.randrange(limit)]))
            for side in sides(rules.partners)}


def random_play(rules: Rules, rng: random.Random, cards_left: int) -> tuple[Hand, list[Action]]:
    """A hand dealt, bid and played at random until `cards_left` cards are still to be
    played, and every action taken, in order (to replay them on another deal)."""
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng, standings=random_standings(rules, rng))
    actions: list[Action] = []
    while hand.phase != "done" and (hand.phase != "play" or 52 - 4 * len(hand.tricks) - len(hand.trick) > cards_left):
        seat = hand.to_act
        legal = hand.legal_choices(seat)
        choice = {"blind": "look", "misdeal": "keep"}.get(hand.phase) or rng.choice(legal)
        hand.apply(seat, choice)
        actions.append((seat, choice))
    return hand, actions


def dealt_as(hand: Hand, actions: list[Action], now: dict[str, int]) -> Hand:
    """The same hand with the cards still held dealt as `now` says (seat → mask), the same
    actions replayed: each seat was dealt what it holds now and what it has played."""
    dealt = dict(now)
    for seat, card in [play for trick in hand.tricks for play in trick.plays] + list(hand.trick):
        dealt[seat] |= card.bit
    holdings = {seat: [c for c in hand.deck.cards if dealt[seat] & c.bit] for seat in SEATS}
    rebuilt = Hand.from_holdings(hand.rules, hand.dealer, holdings, standings=hand.standings)
    for seat, choice in actions:
        rebuilt.apply(seat, choice)
    return rebuilt


def exhaustive_worths(hand: Hand, values: OutcomeValues) -> dict[str, float]:
    """Each legal card's value for the side of the seat to act: the hand played out every
    way the engine allows, that side maximising the worth and every other seat minimising
    it, finished hands valued as Expert's playouts value them."""
    side = side_of(hand.to_act, hand.rules.partners)

    def value(position: Hand) -> float:
        if position.phase == "done":
            taken = np.array([[position.taken[s] for s in SEATS]])
            winners = np.array([[SEATS.index(t.winner) for t in position.tricks]])
            return float(values.of(position.bids, taken, winners)[0])
        results = [value(after(position, card)) for card in position.legal_plays()]
        return max(results) if side_of(position.to_act, position.rules.partners) == side else min(results)

    return {str(card): value(after(hand, card)) for card in hand.legal_plays()}


def after(hand: Hand, card: Card) -> Hand:
    following = copy.deepcopy(hand)
    following.play(following.to_act, card)
    return following


@pytest.mark.parametrize("name", ["partner", "solo", "suicide", "dunn"])
def test_endgame_values_equal_an_exhaustive_search_over_the_sampled_deals(name: str) -> None:
    rules = PRESETS[name].rules
    rng = random.Random(f"endgame {name}")
    for _ in range(3):
        hand, actions = random_play(rules, rng, rng.randint(6, 10))
        seat = hand.to_act
        view = seat_view(hand, seat)
        deals = sample_deals(Knowledge.from_view(SeatView.from_dict(view)), 4, rng, weigh_bids=True)
        values = OutcomeValues(rules, seat, hand.standings, differential=True, bags_ahead=True)
        expected: dict[str, float] = {}
        for deal in deals:
            for card, worth in exhaustive_worths(dealt_as(hand, actions, deal), values).items():
                expected[card] = expected.get(card, 0.0) + worth / len(deals)
        solved = ExpertPlayer(seat, rules.to_dict()).endgame_worths(view, deals)
        assert solved is not None
        assert solved.keys() == expected.keys()
        for card, worth in expected.items():
            assert solved[card] == pytest.approx(worth, abs=1e-9), card


@pytest.mark.parametrize("name", ["partner", "solo", "suicide", "dunn"])
def test_the_solvers_worth_is_the_playouts_value_of_a_finished_hand(name: str) -> None:
    """Expert's two ways of valuing a finished hand agree: the solver's outcome value with the
    bag outlook and :class:`OutcomeValues` (Big Moe in Dunn reads the first tricks' winners)."""
    rules = PRESETS[name].rules
    rng = random.Random(f"worth {name}")
    for _ in range(12):
        hand, _ = random_play(rules, rng, 0)
        seat = rng.choice(SEATS)
        solver = Solver(rules, hand.bids, hand.standings, side_of(seat, rules.partners),
                        outlook_worth(rules, hand.standings))
        values = OutcomeValues(rules, seat, hand.standings, differential=True, bags_ahead=True)
        taken = np.array([[hand.taken[s] for s in SEATS]])
        winners = np.array([[SEATS.index(t.winner) for t in hand.tricks]])
        assert hand.score is not None
        assert solver.outcome_value(hand.score) == pytest.approx(float(values.of(hand.bids, taken, winners)[0]))


def test_an_ending_too_big_for_the_effort_is_left_to_the_playouts() -> None:
    rng = random.Random(5)
    hand, _ = random_play(PRESETS["partner"].rules, rng, 28)
    seat = hand.to_act
    view = seat_view(hand, seat)
    deals = sample_deals(Knowledge.from_view(SeatView.from_dict(view)), 8, rng)
    player = ExpertPlayer(seat, hand.rules.to_dict())
    assert player.endgame_worths(view, deals, effort=16) is None
    assert player.endgame_worths(view, deals, deadline=0.0) is None


def test_a_time_limited_endgame_decision_still_answers_with_a_legal_card() -> None:
    """With its time gone before the search starts, Expert still plays: the deals solved so
    far, or the playouts searched by then."""
    rng = random.Random(9)
    for cards_left in (4 * ENDGAME_CARDS, 4 * ENDGAME_CARDS - 6, 10):
        hand, _ = random_play(PRESETS["partner"].rules, rng, cards_left)
        seat = hand.to_act
        player = ExpertPlayer(seat, hand.rules.to_dict(), time_limit=0.0)
        assert Card.parse(decide(player, seat_view(hand, seat))) in hand.legal_plays()
