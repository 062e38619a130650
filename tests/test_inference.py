"""What the play says about the hidden hands: sampled deals lean towards holdings that fit the
way the other seats played (a duck, a discard instead of a ruff, a nil's highest loser, a lead
from length), from the view alone, and never break a hard fact."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

from deals import deal
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import SPADES, Card, cards, mask_of
from game.hand import Hand
from game.players.knowledge import Knowledge, play_log_likelihood, sample_deals
from game.rules import PRESETS, Rules
from game.seats import SEATS
from game.view import seat_view

PARTNER = PRESETS["partner"].rules
CLUBS = 3
SAMPLES = 400
RULE_SETS = [PRESETS["partner"].rules, PRESETS["solo"].rules, PRESETS["suicide"].rules,
             Rules.parse("mustbeat=1 lowclub=1", base=PRESETS["partner"].rules)]


def bid_and_play(hand: Hand, bids: Mapping[str, str], plays: str) -> Hand:
    """Everyone looks and bids as given (in turn, from South), then the cards are played in turn."""
    while hand.phase != "play":
        legal = hand.legal_choices(hand.to_act)
        hand.apply(hand.to_act, "look" if "look" in legal else bids[hand.to_act])
    for text in plays.split():
        hand.apply(hand.to_act, text)
    return hand


def share_at(seat: str, mask: int, samples: list[dict[str, int]]) -> float:
    """How often `seat` holds all of `mask` among the samples."""
    return sum(1 for s in samples if s[seat] & mask == mask) / len(samples)


def both_ways(knowledge: Knowledge, seed: int) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
    """Samples leaning on the bids alone, and on the bids and the play."""
    return (sample_deals(knowledge, SAMPLES, random.Random(seed), weigh_play=False),
            sample_deals(knowledge, SAMPLES, random.Random(seed)))


def moved(sample: Mapping[str, int], cards_mask: int, source: str, target: str) -> dict[str, int]:
    """The deal with `cards_mask` moved from `source` to `target`, as many of the target's
    lowest-numbered other cards moved back (the counts stay right)."""
    swapped = dict(sample)
    back = 0
    rest = swapped[target] & ~cards_mask
    for _ in range(cards_mask.bit_count()):
        bit = rest & -rest
        rest ^= bit
        back |= bit
    swapped[source] = (swapped[source] & ~cards_mask) | back
    swapped[target] = (swapped[target] & ~back) | cards_mask
    return swapped


# A trick where East, last to play, ducks under North's queen of hearts with East-West
# needing tricks; its hearts are in truth all low, and West holds the ace and king.
DUCK_DEAL = {"S": "AKQ2.2.AKQJ.AKQJ", "W": "JT9.AK7.T987.T98", "N": ".QJT98.5432.5432", "E": "876543.6543.6.76"}
DUCK_BIDS = {"S": "6", "W": "3", "N": "1", "E": "3"}
TOP_HEARTS = mask_of(cards("AH KH"))


def duck_position() -> tuple[Hand, Knowledge]:
    hand = bid_and_play(deal(PARTNER, **DUCK_DEAL), DUCK_BIDS, "2H 7H QH 3H")
    return hand, Knowledge.from_view(seat_view(hand, "S"))


def mean_held(samples: list[dict[str, int]], seat: str, mask: int) -> float:
    """How many of the cards of `mask` `seat` holds, on average over the sampled deals."""
    return sum((deal[seat] & mask).bit_count() for deal in samples) / len(samples)

def test_a_seat_that_ducks_under_an_opponent_is_unlikely_to_hold_the_cards_that_would_have_won() -> None:
    _, knowledge = duck_position()
    sample = sample_deals(knowledge, 1, random.Random(0))[0]
    at_west = moved(sample, TOP_HEARTS & ~sample["W"], "E", "W")
    at_east = moved(at_west, TOP_HEARTS, "W", "E")
    assert play_log_likelihood(knowledge, at_east) < play_log_likelihood(knowledge, at_west)
    plain, leaning = both_ways(knowledge, 1)
    assert share_at("E", Card.parse("AH").bit, leaning) < share_at("E", Card.parse("AH").bit, plain) - 0.03


def test_the_true_deal_of_a_duck_fits_the_play_better_and_is_found_more_often_with_the_play_weighed() -> None:
    hand, knowledge = duck_position()
    truth = {s: hand.holding_mask(s) for s in SEATS}
    plain, leaning = both_ways(knowledge, 2)
    typical = sum(play_log_likelihood(knowledge, s) for s in plain) / len(plain)
    assert play_log_likelihood(knowledge, truth) > typical

    def placed_right(samples: list[dict[str, int]]) -> float:
        """The share of the unseen cards the samples give their real holders."""
        right = sum((s[seat] & truth[seat]).bit_count() for s in samples for seat in knowledge.holders)
        return right / (len(samples) * knowledge.unseen.bit_count())

    assert placed_right(leaning) > placed_right(plain)
    assert share_at("W", Card.parse("AH").bit, leaning) > share_at("W", Card.parse("AH").bit, plain) + 0.05


def test_a_duck_says_nothing_once_the_side_has_its_tricks() -> None:
    """East-West bid nothing they need: the duck may be a bag avoided, so it weighs nothing."""
    hand = bid_and_play(deal(PARTNER, **DUCK_DEAL), {**DUCK_BIDS, "W": "nil", "E": "nil"}, "2H 7H QH 3H")
    knowledge = Knowledge.from_view(seat_view(hand, "S"))
    assert not knowledge.leanings["E"] or not any(mask & TOP_HEARTS for mask, _ in knowledge.leanings["E"])


def test_a_clean_nil_s_plays_weigh_nothing_but_its_bid_still_does() -> None:
    """West bid nil and played the 3 under South's king: a nil may shed its highest loser or
    keep it, so the card says nothing; the nil bid still keeps West's honours rare."""
    hand = deal(PARTNER, S="AKQ2.K.AKQJ.AKQJ", W="JT9.32.T987.T987", N=".QJT98.5432.5432")
    bid_and_play(hand, {"S": "6", "W": "nil", "N": "1", "E": "3"}, "KH 3H")
    knowledge = Knowledge.from_view(seat_view(hand, "S"))
    assert not knowledge.leanings["W"]
    assert sample_deals(knowledge, 50, random.Random(3)) == sample_deals(knowledge, 50, random.Random(3),
                                                                         weigh_play=False)
    uniform = sample_deals(knowledge, SAMPLES, random.Random(3), weigh_bids=False)
    leaning = sample_deals(knowledge, SAMPLES, random.Random(3))
    assert share_at("W", Card.parse("AH").bit, leaning) < share_at("W", Card.parse("AH").bit, uniform) / 2


def test_a_seat_that_throws_a_side_card_under_an_opponent_winner_is_unlikely_to_hold_trumps() -> None:
    """East, out of diamonds and needing tricks, throws a club under South's ace instead of trumping."""
    hand = deal(PARTNER, S="AKQ2.2.AKQJ.AKQJ", E=".AKQJT9876..T987", N="JT9.5.5432.65432")
    bid_and_play(hand, {"S": "6", "W": "3", "N": "1", "E": "3"}, "AD 6D 2D 7C")
    knowledge = Knowledge.from_view(seat_view(hand, "S"))
    spades = knowledge.remaining(SPADES)
    plain, leaning = both_ways(knowledge, 4)
    assert mean_held(leaning, "E", spades) < mean_held(plain, "E", spades) - 0.2


def test_a_leader_is_likely_to_hold_length_in_the_side_suit_it_opened() -> None:
    hand = deal(PARTNER, S="A2.A2.A2.AKQJT98")
    bid_and_play(hand, {"S": "4", "W": "3", "N": "3", "E": "3"}, "8C")
    knowledge = Knowledge.from_view(seat_view(hand, "N"))
    clubs = knowledge.remaining(CLUBS)
    plain, leaning = both_ways(knowledge, 5)
    assert mean_held(leaning, "S", clubs) > mean_held(plain, "S", clubs) + 0.3


def test_the_viewer_s_own_plays_and_a_deal_before_any_play_weigh_nothing() -> None:
    hand = deal(PARTNER, **DUCK_DEAL)
    bid_and_play(hand, DUCK_BIDS, "")
    before = Knowledge.from_view(seat_view(hand, "S"))
    assert all(not leaning for leaning in before.leanings.values())
    assert sample_deals(before, 50, random.Random(6)) == sample_deals(before, 50, random.Random(6), weigh_play=False)
    bid_and_play(hand, DUCK_BIDS, "2H")
    assert "S" not in Knowledge.from_view(seat_view(hand, "S")).leanings


def test_knowledge_without_the_tells_has_the_same_hard_facts_and_no_leanings() -> None:
    """Normal reads no tells (it never weighs its deals by the play): the rest is the same."""
    hand, knowledge = duck_position()
    plain = Knowledge.from_view(seat_view(hand, "S"), tells=False)
    assert any(knowledge.leanings.values()) and not plain.leanings
    assert dataclasses.replace(plain, leanings=knowledge.leanings) == knowledge


def test_without_weighing_the_bids_the_play_is_not_weighed_either() -> None:
    """`weigh_bids=False` stays uniform (the `mc` yardstick): the play weighs only with the bids."""
    _, knowledge = duck_position()
    assert sample_deals(knowledge, 40, random.Random(7), weigh_bids=False) == \
        sample_deals(knowledge, 40, random.Random(7), weigh_bids=False, weigh_play=False)


def random_play(rules: Rules, seed: int, cards_played: int) -> Hand:
    """A hand bid near 3 a seat (nils where chosen at random) and played at random."""
    rng = random.Random(seed)
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
    while hand.phase not in ("play", "done", "misdealt"):
        legal = hand.legal_choices(hand.to_act)
        plain = [c for c in legal if c in ("look", "keep", "nil", "3")]
        hand.apply(hand.to_act, rng.choice(plain) if plain else rng.choice(legal))
    while hand.phase == "play" and cards_played > 0:
        hand.apply(hand.to_act, rng.choice(hand.legal_choices(hand.to_act)))
        cards_played -= 1
    return hand


@settings(max_examples=60, deadline=None)
@given(rules_index=st.integers(0, len(RULE_SETS) - 1), seed=st.integers(0, 10**6), cards_played=st.integers(1, 51),
       viewer=st.sampled_from(SEATS))
def test_weighing_the_play_never_breaks_a_hard_fact(rules_index: int, seed: int, cards_played: int,
                                                   viewer: str) -> None:
    hand = random_play(RULE_SETS[rules_index], seed, cards_played)
    if hand.phase != "play":
        return
    knowledge = Knowledge.from_view(seat_view(hand, viewer))
    assert viewer not in knowledge.leanings
    for leaning in knowledge.leanings.values():
        named = 0
        for mask, _ in leaning:
            assert not mask & ~knowledge.unseen and not mask & named  # unseen cards, each once
            named |= mask
    for sampled in sample_deals(knowledge, 12, random.Random(seed)):
        assert sampled[viewer] == knowledge.hand
        for seat in knowledge.holders:
            assert sampled[seat].bit_count() == knowledge.counts[seat]
            assert not sampled[seat] & knowledge.forbidden[seat]
            assert sampled[seat] & knowledge.known[seat] == knowledge.known[seat]
        assert sum(sampled[s] for s in knowledge.holders) == knowledge.unseen
