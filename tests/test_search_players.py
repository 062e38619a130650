"""Expert and the `mc` yardstick: legal, blind to hidden cards, and right in plain positions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.bids import NIL
from game.cards import parse_hand
from game.game import Game
from game.hand import Hand
from game.players import decide, play_game
from game.players.expert import ExpertPlayer
from game.players.knowledge import Knowledge, sample_deals
from game.players.mc import MonteCarloPlayer
from game.players.normal import NormalPlayer
from game.players.search import nil_hold_share
from game.rules import PRESETS, Rules
from game.seats import SEATS
from game.view import ViewError, seat_view
from tests.deals import deal

PARTNER = PRESETS["partner"].rules


def _hand(rules: Rules, dealer: str, **hands: str) -> Hand:
    return Hand.from_holdings(rules, dealer, {seat: parse_hand(text) for seat, text in hands.items()})


def _bid(hand: Hand, bids: dict[str, str], until: str | None = None) -> None:
    """Make `bids` (seat → bid; looking when not bidding blind, keeping a hand that could be
    thrown in), stopping at `until`'s bid if given."""
    while hand.phase in ("blind", "misdeal", "bid"):
        seat = hand.to_act
        if hand.phase == "bid" and seat == until:
            return
        if hand.phase == "blind" and not bids.get(seat, "").startswith("b"):
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


LAST_NEEDED_DEAL = dict(S="KT954..K52.AT765", W="Q2.Q832.JT6.QJ82", N="73.AK64.A9843.K4", E="AJ86.JT975.Q7.93")
LAST_NEEDED_PLAY = ("look 5 look 1 look 4 look 2 AC 2C 4C 3C 5C 8C KC 9C KH 5H 4S 2H 2D 6D AD 7D AH 7H 5D 3H "
                    "4H 9H 5S 8H KD TD 3D QD 6C JC 3S 6S AS 9S 2S 7S TH KS QH 6H 7C QC 4D JH JD 8D 8S")
"""Trick 12: N/S bid 9 and hold 8; East has trumped West's J♦ with the 8♠ and South, void in
diamonds, holds T♠ T♣. Overtrumping makes the contract; the 10♣ loses this trick and the last."""


@pytest.mark.parametrize("player_class", [ExpertPlayer, MonteCarloPlayer])
def test_takes_the_last_trick_the_contract_needs(player_class) -> None:
    hand = _hand(PARTNER, "E", **LAST_NEEDED_DEAL)
    _play(hand, LAST_NEEDED_PLAY)
    assert hand.to_act == "S" and len(hand.tricks) == 11
    player = player_class("S", PARTNER.to_dict(), seed=1)
    assert decide(player, seat_view(hand, "S")) == "TS"


@pytest.mark.parametrize("player_class", [ExpertPlayer, MonteCarloPlayer])
def test_decisions_depend_only_on_the_view(player_class) -> None:
    hands = [_hand(PARTNER, "S", **deal) for deal in (COVER_DEAL, SAME_VIEW_DEAL)]
    for hand in hands:
        _play(hand, "look 3 look nil look 3 look")
    bid_views = [seat_view(hand, "S") for hand in hands]
    for hand in hands:
        _play(hand, "4 9H KH 7H")
    play_views = [seat_view(hand, "S") for hand in hands]
    for views in (bid_views, play_views):
        assert views[0] == views[1]
        choices = [decide(player_class("S", PARTNER.to_dict(), seed=9), view) for view in views]
        assert choices[0] == choices[1]


CHOICES_RULES = PARTNER.replace(misdeal=True, exchange=2)
CHOICES_DEALS = [dict(S="T98.T98.T987.T98", N="AKQJ.AKQ.AKQ.AKQ", W="765432.J765432..", E="..J65432.J765432"),
                 dict(S="T98.T98.T987.T98", N="AKQJ.AKQ.AKQ.AKQ", W="765.J76.J65.J765", E="432.5432.432.432")]
"""South's hand (no jack, queen or king: it may be thrown in) and North's are the same in both."""


@pytest.mark.parametrize("player_class", [ExpertPlayer, MonteCarloPlayer])
def test_misdeal_calls_and_exchanges_depend_only_on_the_view(player_class) -> None:
    rules = CHOICES_RULES.to_dict()
    misdeal = [_hand(CHOICES_RULES, "E", **deal) for deal in CHOICES_DEALS]
    for hand in misdeal:
        _play(hand, "look")
    exchange = [_hand(CHOICES_RULES, "E", **deal) for deal in CHOICES_DEALS]
    for hand in exchange:
        _bid(hand, {"S": "bnil", "W": "3", "N": "6", "E": "3"})
    stages = [([seat_view(h, "S") for h in misdeal], "S"), ([seat_view(h, "S") for h in exchange], "S")]
    for hands_views, seat in stages:
        assert hands_views[0] == hands_views[1]
        assert hands_views[0]["phase"] in ("misdeal", "exchange")
        choices = [decide(player_class(seat, rules, seed=9), view) for view in hands_views]
        assert choices[0] == choices[1]
    passed = decide(player_class("S", rules, seed=9), seat_view(exchange[0], "S"))
    for hand in exchange:
        hand.apply("S", passed)
    views = [seat_view(hand, "N") for hand in exchange]
    assert views[0] == views[1] and views[0]["phase"] == "exchange"
    returned = [decide(player_class("N", rules, seed=9), view) for view in views]
    assert returned[0] == returned[1]


class QuickExpert(ExpertPlayer):
    """Expert with a small search: its endings solved on an eighth of the usual effort (those too
    big for it are played out), so that whole games of every preset take seconds, not minutes."""

    endgame_effort = 4000


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_expert_plays_whole_games_of_every_preset_with_legal_choices(variant_id: str) -> None:
    rules = PRESETS[variant_id].rules.replace(win=150, lose=-150 if PRESETS[variant_id].rules.lose else None)
    game = Game(rules, seed=3)
    players = {s: QuickExpert(s, rules.to_dict(), seed=i, budget=120) for i, s in enumerate(SEATS)}
    played = play_game(game, players)
    assert played.over


def test_expert_with_a_time_limit_answers_from_the_deals_searched_so_far() -> None:
    hand = _hand(PARTNER, "S", **COVER_DEAL)
    _bid(hand, {"W": "3", "N": "nil", "E": "3", "S": "4"})
    _play(hand, "5H KH 7H")
    hurried = ExpertPlayer("S", PARTNER.to_dict(), seed=1, time_limit=0.0)
    assert hurried.play(seat_view(hand, "S")) == "AH"


def test_bags_ahead_cost_the_penalty_a_side_can_expect_later_in_the_game() -> None:
    import numpy as np

    from game.bids import Bid
    from game.players.search import OutcomeValues, bag_outlook
    from game.rules import PRESETS
    from game.scoring import Standing

    rules = PRESETS["partner"].rules
    bids = {seat: Bid(3) for seat in "SWNE"}
    taken = np.array([[4, 2, 4, 3]])  # N/S take 8 on 6: two bags; E/W 5 on 6: set
    winners = np.zeros((1, 13), dtype=int)
    fresh = {"NS": Standing(0, 0), "EW": Standing(0, 0)}
    near_limit = {"NS": Standing(0, 9), "EW": Standing(0, 0)}
    near_end = {"NS": Standing(480, 0), "EW": Standing(0, 0)}
    plain = OutcomeValues(rules, "S", fresh, differential=False)
    assert plain.of(bids, taken, winners)[0] == 62
    ahead = OutcomeValues(rules, "S", fresh, differential=False, bags_ahead=True)
    outlook = ahead.outlook
    assert ahead.of(bids, taken, winners)[0] == 62 - outlook[2]
    crossing = OutcomeValues(rules, "S", near_limit, differential=False, bags_ahead=True)
    assert crossing.of(bids, taken, winners)[0] == 62 - 100 - outlook[1], "the penalty paid now, and what is ahead"
    ending = OutcomeValues(rules, "S", near_end, differential=False, bags_ahead=True)
    assert ending.of(bids, taken, winners)[0] == 62, "a game about to end has no bag penalty ahead"
    assert bag_outlook(rules.replace(bags=(0, 0)), 5, 2) == ()


def test_bag_outlook_early_in_a_game_charges_each_bag_about_its_share() -> None:
    from game.players.search import bag_outlook
    from game.rules import PRESETS

    rules = PRESETS["partner"].rules
    outlook = bag_outlook(rules, 8, 2)
    steps = [later - now for now, later in zip(outlook, outlook[1:], strict=False)]
    assert all(7 < step < 13 for step in steps), steps
    few_left = bag_outlook(rules, 1, 2)
    assert few_left[1] - few_left[0] < 1 < few_left[9] - few_left[8], "late, low counts are free and high ones dear"


SUICIDE = PRESETS["suicide"].rules
SUICIDE_DEAL = dict(S="752.J85432.K.872", N="AKQ.AK.AQJ9.AKQ9", W="JT9864.9.T86.JT6", E="3.QT76.75432.543")


@pytest.mark.parametrize(("seat", "expected"), [("S", "nil"), ("N", "number")])
def test_suicide_first_partner_to_bid_takes_the_nil_with_the_low_hand(seat: str, expected: str) -> None:
    dealer = {"S": "E", "N": "W"}[seat]
    hand = _hand(SUICIDE, dealer, **SUICIDE_DEAL)
    assert hand.to_act == seat
    bid = ExpertPlayer(seat, SUICIDE.to_dict(), seed=3).bid(seat_view(hand, seat))
    assert (bid == "nil") == (expected == "nil"), bid


@pytest.mark.parametrize("player_class", [ExpertPlayer, MonteCarloPlayer])
def test_a_dict_that_is_not_a_seat_view_is_refused_with_the_reason(player_class) -> None:
    hand = _hand(PARTNER, "S", **COVER_DEAL)
    _bid(hand, {"W": "3", "N": "nil", "E": "3", "S": "4"})
    _play(hand, "5H KH 7H")
    view = seat_view(hand, "S")
    player = player_class("S", PARTNER.to_dict(), seed=1)
    with pytest.raises(ViewError, match=r"legal\[0\]: 'AH ' is not a card"):
        player.play({**view, "legal": ["AH ", *view["legal"][1:]]})
    with pytest.raises(ViewError, match="spades_broken: 0 is not true or false"):
        player.play({**view, "spades_broken": 0})


def test_expert_answers_a_moment_alike_whatever_it_was_asked_before() -> None:
    """After a take back the same card played again must meet the same answers: each decision's
    draws come from the seed and the moment, not from what the player was asked earlier."""
    hand = Hand.shuffled(PARTNER, "E", random.Random(3))
    normals = {seat: NormalPlayer(seat, PARTNER.to_dict(), seed=1) for seat in SEATS}
    views = []
    while hand.phase != "done":
        seat = hand.to_act
        view = seat_view(hand, seat)
        if seat == "N" and hand.phase in ("bid", "play") and len(view["legal"]) > 1:
            views.append(view)
        hand.apply(seat, decide(normals[seat], view))
    expert = ExpertPlayer("N", PARTNER.to_dict(), seed=5, budget=300)
    first = [decide(expert, view) for view in views]
    again = [decide(expert, view) for view in reversed(views)][::-1]
    assert len(views) >= 6 and first == again


class _PairContractFirst(ExpertPlayer):
    """Expert as it bid before 2026-11-27: first of its pair, the pair's cautious contract less the
    partner's expected tricks."""

    honest_first_bid = False


@pytest.mark.parametrize(("cards", "tricks"), [("AKQ2.AK3.A52.432", "6"), ("KQ4.A87.K54.QJ62", "3")])
def test_expert_bidding_first_of_its_pair_bids_the_tricks_its_hand_takes(cards: str, tricks: str) -> None:
    hand = deal(PARTNER, S=cards)  # dealt by East: South bids first, North after it
    _bid(hand, {}, until="S")
    view = seat_view(hand, "S")
    assert ExpertPlayer("S", PARTNER.to_dict(), seed=1).bid(view) == tricks
    assert int(_PairContractFirst("S", PARTNER.to_dict(), seed=1).bid(view)) < int(tricks)


@pytest.mark.parametrize("seed", [1, 2])
def test_expert_bidding_last_of_its_pair_still_bids_the_pairs_contract(seed: int) -> None:
    hand = deal(PARTNER, N="KQ4.A87.K54.QJ62")
    _bid(hand, {"S": "4", "W": "3"}, until="N")
    view = seat_view(hand, "N")
    player = ExpertPlayer("N", PARTNER.to_dict(), seed=seed)
    assert player.bid_worths(view).own_tricks is None
    assert player.bid(view) == _PairContractFirst("N", PARTNER.to_dict(), seed=seed).bid(view)


@pytest.mark.parametrize("variant_id", ["solo", "suicide", "mirrors"])
def test_the_first_bid_tells_the_hand_only_where_the_pair_bids_freely(variant_id: str) -> None:
    rules = PRESETS[variant_id].rules
    hand = deal(rules, S="KQ4.A87.K54.QJ62")
    _bid(hand, {}, until="S")
    assert ExpertPlayer("S", rules.to_dict(), seed=1).bid_worths(seat_view(hand, "S")).own_tricks is None


@pytest.mark.parametrize(("cards", "low", "high"), [("A32.7532.6432.54", 0.0, 0.0),
                                                    ("432.5432.432.432", 0.9, 1.0)])
def test_a_nil_holds_in_the_playouts_as_its_cards_say(cards: str, low: float, high: float) -> None:
    """The share of playouts in which a nil holds: never with the top trump, which takes a
    trick whenever it is played; nearly always with the lowest cards of every suit."""
    hand = deal(PARTNER, S=cards)
    _bid(hand, {}, until="S")
    view = seat_view(hand, "S")
    knowledge = Knowledge.from_view(view)
    deals = sample_deals(knowledge, 48, random.Random(5))
    share = nil_hold_share(view, PARTNER, knowledge, deals, {"S": NIL}, np.random.default_rng(5))
    assert low <= share <= high

