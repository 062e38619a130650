"""The array simulator plays by the same rules as the engine, and its playouts finish hands."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import DECKS, mask_of
from game.hand import Hand
from game.players.simulator import Batch, heuristic_policy, holdings_array, random_policy
from game.rules import PRESETS, Rules
from game.seats import SEATS, next_seat
from tests.deals import bid_through, policy_card

PARTNER = PRESETS["partner"].rules
RULE_SETS: dict[str, Rules] = {
    **{variant_id: variant.rules for variant_id, variant in PRESETS.items()},
    "mustbeat-lowclub-jokers": Rules.parse("mustbeat=1 lowclub=1 deck=jokers", base=PARTNER),
    "mustbeat-deuces": Rules.parse("mustbeat=1 deck=deuces", base=PARTNER),
    "lowclub-deuces-unbroken": Rules.parse("lowclub=1 deck=deuces broken=0", base=PARTNER),
}


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32 - 1))
def test_simulator_agrees_with_the_engine_on_every_play(name: str, seed: int) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(seed)
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
    bid_through(hand, rng)
    deal = {s: mask_of(hand.holding(s)) for s in SEATS}
    batch = Batch.start(rules, hand.deck, holdings_array([deal]), leader=SEATS.index(next_seat(hand.dealer)),
                        bids=[hand.bids[s].tricks for s in SEATS])
    while hand.phase == "play":
        seat = hand.to_act
        assert SEATS[int(batch.to_play[0])] == seat
        engine_legal = {c.index for c in hand.legal_plays(seat)}
        assert set(np.flatnonzero(batch.legal()[0]).tolist()) == engine_legal
        card = rng.choice(hand.legal_plays(seat))
        hand.play(seat, card)
        batch.play(np.array([card.index]))
    assert batch.taken[0].tolist() == [hand.taken[s] for s in SEATS]
    assert [SEATS[w] for w in batch.winners[0]] == [t.winner for t in hand.tricks]


@pytest.mark.parametrize("policy", [random_policy, heuristic_policy])
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_playouts_finish_every_hand_with_legal_cards(name: str, policy) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(3)
    deals = []
    for _ in range(64):
        dealt = Hand.shuffled(rules, "S", rng)
        deals.append({s: mask_of(dealt.holding(s)) for s in SEATS})
    batch = Batch.start(rules, DECKS[rules.deck], holdings_array(deals), leader=1, bids=[3, 0, 4, 2])
    generator = np.random.default_rng(5)
    while batch.tricks_done < 13:
        legal = batch.legal()
        assert legal.any(axis=1).all()
        cards = policy(batch, legal, generator)
        assert legal[np.arange(batch.size), cards].all()
        batch.play(cards)
    assert (batch.taken.sum(axis=1) == 13).all()
    assert not batch.holdings.any()


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_batch_started_at_any_point_of_a_hand_allows_what_the_engine_allows(name: str) -> None:
    """The searches start batches mid-hand, mid-trick: from each position of random hands,
    a batch built from the public facts allows exactly the engine's legal cards."""
    rules = RULE_SETS[name]
    rng = random.Random(name)
    for _ in range(3):
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
        bid_through(hand, rng)
        while hand.phase == "play":
            deal = {s: hand.holding_mask(s) for s in SEATS}
            batch = Batch.start(rules, hand.deck, holdings_array([deal]), leader=SEATS.index(hand.leader),
                                trick=[(SEATS.index(s), c.index) for s, c in hand.trick],
                                tricks_done=len(hand.tricks), taken=[hand.taken[s] for s in SEATS],
                                broken=hand.spades_broken, winners=[SEATS.index(t.winner) for t in hand.tricks])
            assert SEATS[int(batch.to_play[0])] == hand.to_act
            engine_legal = {c.index for c in hand.legal_plays()}
            assert set(np.flatnonzero(batch.legal()[0]).tolist()) == engine_legal
            hand.play(hand.to_act, rng.choice(hand.legal_plays()))


MADE = dict(bids=(2, 2, 2, 2), taken=(3, 2, 2, 3))
"""Ten tricks played (S, W, N, E), both sides past their contracts: the last three are bags."""
NEEDED = dict(bids=(4, 2, 4, 2), taken=(3, 2, 2, 3))
"""The same tricks, North–South still needing all three left."""


@pytest.mark.parametrize(("contracts", "lead"), [(MADE, "2C"), (NEEDED, "AH")])
def test_policy_leads_its_lowest_card_once_every_contract_is_made(contracts: dict, lead: str) -> None:
    holdings = dict(S=".A3..2", W=".QJ..9", N=".T9..8", E=".87..7")
    assert policy_card(PARTNER, holdings, "S", **contracts) == lead


@pytest.mark.parametrize(("contracts", "card"), [(MADE, "8H"), (NEEDED, "KH")])
def test_policy_plays_the_highest_card_under_the_trick_once_every_contract_is_made(contracts: dict,
                                                                                    card: str) -> None:
    holdings = dict(S=".K85..", W=".T9..", N=".74..", E=".62..")
    assert policy_card(PARTNER, holdings, "W", "9H 4H 2H", **contracts) == card


@pytest.mark.parametrize(("contracts", "card"), [(MADE, "KH"), (NEEDED, "QH")])
def test_policy_wins_with_its_highest_card_when_every_card_wins_a_trick_it_does_not_want(contracts: dict,
                                                                                           card: str) -> None:
    holdings = dict(S=".KQ..4", W=".T9..", N=".74..", E=".62..")
    assert policy_card(PARTNER, holdings, "W", "9H 4H 2H", **contracts) == card


def test_policy_still_plays_for_tricks_while_a_bid_is_unknown() -> None:
    holdings = dict(S=".K85..", W=".T9..", N=".74..", E=".62..")
    unknown = dict(bids=(2, 2, 2, None), taken=(3, 2, 2, 3))
    assert policy_card(PARTNER, holdings, "W", "9H 4H 2H", **unknown) == "KH"


def test_policy_takes_overtricks_when_they_cost_no_bag_penalty() -> None:
    holdings = dict(S=".K85..", W=".T9..", N=".74..", E=".62..")
    assert policy_card(PRESETS["stelmack"].rules, holdings, "W", "9H 4H 2H", **MADE) == "KH"
