"""Worked examples of scoring and of the end of the game, for combinations of presets and
options that tests/test_scoring.py and tests/test_game.py do not cover.

Every expected number was worked out by hand from SPEC §3 before the engine was run; the
comment above each assertion gives the arithmetic. Hands are scored two ways:

- through :func:`game.scoring.score_hand` with chosen bids, tricks and trick winners;
- through a whole :class:`game.game.Game` started (``StartingDeal``) at chosen scores from a deal
  in which one seat holds every trump and so takes all thirteen tricks whoever leads.

Bids and tricks are written compactly: ``"S:3 W:nil N:b4 E:bnil"`` and ``"S:4 W:2 N:5 E:2"``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from game.bids import Bid
from game.cards import Card, cards
from game.events import GameOver, HandStarted
from game.game import Game, StartingDeal
from game.hand import Hand
from game.rules import PRESETS, Rules
from game.scoring import HandScore, Standing, score_hand
from game.seats import SEATS, next_seat, sides
from tests.test_scoring import round_robin

PARTNER = PRESETS["partner"].rules
SOLO = PRESETS["solo"].rules
SUICIDE = PRESETS["suicide"].rules
MIRRORS = PRESETS["mirrors"].rules
STELMACK = PRESETS["stelmack"].rules
NETSPADES = PRESETS["netspades"].rules
DUNN = PRESETS["dunn"].rules


# -- helpers -----------------------------------------------------------------------------------

def bids_of(text: str) -> dict[str, Bid]:
    return {seat: Bid.parse(bid) for seat, bid in (item.split(":") for item in text.split())}


def taken_of(text: str) -> dict[str, int]:
    taken = {seat: int(n) for seat, n in (item.split(":") for item in text.split())}
    assert sorted(taken) == sorted(SEATS) and sum(taken.values()) == 13
    return taken


def score(rules: Rules, bids: str, taken: str, *, winners: Sequence[str] | None = None,
          before: Mapping[str, Standing] | None = None) -> HandScore:
    tricks = taken_of(taken)
    if winners is not None:
        assert {seat: list(winners).count(seat) for seat in SEATS} == tricks
    before = dict(before or {side: Standing() for side in sides(rules.partners)})
    hand = score_hand(rules, bids_of(bids), tricks, list(winners or round_robin(tricks)), before)
    for side, result in hand.sides.items():  # the books balance in every example
        assert result.after.points == before[side].points + result.total
    return hand


def parts(hand: HandScore, side: str) -> dict[str, int]:
    return {name: value for name, value in hand.sides[side].parts.items() if value}


def one_suit_each(spades: str, hearts: str, diamonds: str, clubs: str) -> dict[str, tuple[Card, ...]]:
    """Standard deck: each seat holds the thirteen cards of one suit; the spade holder takes every trick."""
    return {seat: tuple(cards(" ".join(rank + suit for rank in "AKQJT98765432")))
            for seat, suit in ((spades, "S"), (hearts, "H"), (diamonds, "D"), (clubs, "C"))}


def all_trumps_to(seat: str) -> dict[str, tuple[Card, ...]]:
    """Standard deck: `seat` holds every spade, the others one plain suit each."""
    others = [s for s in SEATS if s != seat]
    return one_suit_each(seat, *others)


def jokers_deal(trumps: str) -> dict[str, tuple[Card, ...]]:
    """Jokers deck (Dunn): `trumps` holds the thirteen highest trumps; the next seats clockwise
    hold the three lowest spades and ten hearts, then hearts and diamonds, then a diamond and the
    clubs. The trump holder takes every trick whoever leads."""
    hands = ["BJ LJ 2C 2S AS KS QS JS TS 9S 8S 7S 6S",
             "5S 4S 3S AH KH QH JH TH 9H 8H 7H 6H 5H",
             "4H 3H AD KD QD JD TD 9D 8D 7D 6D 5D 4D",
             "3D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"]
    seats = [next_seat(trumps, i) for i in range(4)]
    return {seat: tuple(cards(text)) for seat, text in zip(seats, hands, strict=True)}


def game_from(rules: Rules, deal: Mapping[str, Sequence[Card]], standings: Mapping[str, Standing],
              dealer: str = "E", number: int = 5) -> Game:
    return Game(rules, seed=1, start=StartingDeal(number, dealer, dict(deal), dict(standings)))


def play_hand(game: Game, bids: str = "") -> Hand:
    """Play the hand in progress: a seat bidding blind (``bnil``, ``b6``) does so, every other seat
    looks and makes its bid; every card is the first legal one (the deals here force the winners)."""
    wanted = dict(item.split(":") for item in bids.split())
    number = len(game.finished)
    while len(game.finished) == number:
        hand, seat = game.hand, game.to_act
        if hand.phase == "blind":
            game.apply(seat, wanted[seat] if wanted[seat].startswith("b") else "look")
        elif hand.phase == "bid":
            game.apply(seat, wanted[seat])
        elif hand.phase == "play":
            game.apply(seat, str(hand.legal_plays(seat)[0]))
        else:
            raise AssertionError(f"unexpected phase {hand.phase}")
    return game.finished[-1]


def points(game: Game) -> dict[str, int]:
    return {side: s.points for side, s in game.standings.items()}


# -- nil beside a set contract, both partners nil -----------------------------------------------

def test_a_made_nil_still_scores_when_the_partners_contract_is_set() -> None:
    hand = score(PARTNER, "S:nil W:3 N:5 E:3", "S:0 W:5 N:3 E:5")
    # "a nil bidder's result is scored apart". NS: N bid 5, took 3 → −50; S nil made +100 → +50.
    # EW: 6 bid, 10 taken → 60 + 4 = 64.
    assert parts(hand, "NS") == {"contract": -50, "nil": 100}
    assert hand.score_text == "NS:+50 EW:+64"
    assert hand.result_text == "NS 3/5, EW 10/6, S nil made"


def test_a_made_blind_nil_still_scores_when_the_partners_contract_is_set() -> None:
    hand = score(PARTNER, "S:bnil W:3 N:5 E:3", "S:0 W:5 N:4 E:4")
    # NS: N bid 5, took 4 → −50; S blind nil made +200 → +150. EW: 6 bid, 9 taken → 63.
    assert parts(hand, "NS") == {"contract": -50, "blind_nil": 200}
    assert hand.score_text == "NS:+150 EW:+63"


def test_both_partners_nil_without_team_nil_are_two_nils_scored_apart() -> None:
    assert PARTNER.team_nil == 0 and PARTNER.min_team == 0
    one_fails = score(PARTNER, "S:nil W:4 N:nil E:4", "S:0 W:6 N:2 E:5")
    # NS: S +100, N −100, N's 2 tricks are bags +2 → +2; no contract, so no "NS t/c" in Result.
    # EW: 8 bid, 11 taken → 80 + 3 = 83.
    assert parts(one_fails, "NS") == {"bags": 2}  # the nil part is +100 − 100 = 0
    assert one_fails.sides["NS"].team_nil is False
    assert one_fails.score_text == "NS:+2 EW:+83"
    assert one_fails.result_text == "EW 11/8, S nil made, N nil failed"
    both_made = score(PARTNER, "S:nil W:4 N:nil E:4", "S:0 W:7 N:0 E:6")
    # NS: +100 +100 = +200. EW: 8 bid, 13 taken → 80 + 5 = 85.
    assert both_made.score_text == "NS:+200 EW:+85"
    both_fail = score(PARTNER, "S:nil W:4 N:nil E:4", "S:1 W:5 N:1 E:6")
    # NS: −100 −100 + 2 bags = −198. EW: 8 bid, 11 taken → 83.
    assert both_fail.score_text == "NS:-198 EW:+83"


def test_a_nil_and_a_blind_nil_on_one_side_each_score_their_own_value() -> None:
    hand = score(PARTNER, "S:nil W:4 N:bnil E:4", "S:1 W:6 N:0 E:6")
    # NS: S nil failed −100 (+1 bag), N blind nil made +200 → +101. EW: 8 bid, 12 taken → 84.
    assert parts(hand, "NS") == {"nil": -100, "blind_nil": 200, "bags": 1}
    assert hand.score_text == "NS:+101 EW:+84"
    assert hand.result_text == "EW 12/8, S nil failed, N blind nil made"


# -- bags: several penalties in one hand, per seat in Solo, carried over to the next hand --------

def test_two_bag_penalties_in_one_hand_from_overtricks_and_failed_nil_tricks() -> None:
    hand = score(PARTNER, "S:nil W:1 N:1 E:1", "S:5 W:0 N:7 E:1",
                 before={"NS": Standing(100, 9), "EW": Standing(0, 0)})
    # NS: N bid 1, took 7 → 10 + 6 overtricks; S nil failed −100, its 5 tricks bags +5; bags 9 + 11 = 20
    # → −100 (10 left, still at the limit) → −100 more, 0 left. Hand: 10 + 11 − 100 − 200 = −279; 100 − 279 = −179.
    # EW: 2 bid, 1 taken → −20.
    assert parts(hand, "NS") == {"contract": 10, "bags": 11, "nil": -100, "bag_penalty": -200}
    assert hand.total_text == "NS:-179/bags0 EW:-20/bags0"


def test_solo_each_seat_pays_its_own_bag_penalty() -> None:
    before = {"S": Standing(50, 9), "W": Standing(0, 8), "N": Standing(0, 9), "E": Standing(0, 9)}
    hand = score(SOLO, "S:2 W:nil N:3 E:3", "S:5 W:3 N:3 E:2", before=before)
    # S: 2 bid, 5 taken → 20 + 3; bags 9 + 3 = 12 → −100, 2 left → −77; 50 − 77 = −27.
    # W: nil failed −100, 3 bags; 8 + 3 = 11 → −100, 1 left → −197.
    # N: 3 of 3 → 30, no bags (9 stays). E: 3 bid, 2 taken → −30 (9 stays).
    assert hand.score_text == "S:-77 W:-197 N:+30 E:-30"
    assert hand.total_text == "S:-27/bags2 W:-197/bags1 N:30/bags9 E:-30/bags9"


def test_solo_blind_nil_is_scored_for_the_seat_alone() -> None:
    made = score(SOLO, "S:bnil W:nil N:4 E:5", "S:0 W:1 N:5 E:7")
    # S blind nil made +200. W nil failed −100 + 1 bag = −99. N: 40 + 1 = 41. E: 50 + 2 = 52.
    assert made.score_text == "S:+200 W:-99 N:+41 E:+52"
    failed = score(SOLO, "S:bnil W:nil N:4 E:5", "S:1 W:0 N:5 E:7")
    # S blind nil failed −blindnilfail (100) + 1 bag = −99. W nil made +100.
    assert failed.score_text == "S:-99 W:+100 N:+41 E:+52"
    assert failed.result_text == "N 5/4, E 7/5, S blind nil failed, W nil made"


def test_bags_carry_over_into_the_next_hand_of_a_game() -> None:
    game = game_from(PARTNER, all_trumps_to("S"), {"NS": Standing(0, 8), "EW": Standing(0, 0)})
    first = play_hand(game, "S:6 W:1 N:4 E:1")
    # NS: 10 bid, 13 taken → 100 + 3; bags 8 + 3 = 11 → −100, 1 left → +3. EW: 2 bid, 0 taken → −20.
    assert first.score.total_text == "NS:3/bags1 EW:-20/bags0"
    assert not game.over and game.hand.standings == {"NS": Standing(3, 1), "EW": Standing(-20, 0)}
    rng = random.Random(2)
    while len(game.finished) == 1:  # the next hand, shuffled, played at random
        seat = game.to_act
        choices = [c for c in game.hand.legal_choices(seat) if c != "look" and not c.startswith("b")]
        game.apply(seat, rng.choice(choices or game.hand.legal_choices(seat)))
    second = game.finished[1].score.sides["NS"]
    # The second hand starts from 3 points and 1 bag, and its bags add to that 1.
    assert second.before == Standing(3, 1)
    count = 1 + second.bags_taken
    assert second.parts["bag_penalty"] == (-100 if count >= 10 else 0)
    assert second.after.bags == count % 10


# -- double set, team nil, blind bids, 10-for-200, Boston, Moe (Dunn and custom) --------------------

def test_dunn_team_nil_made_while_the_opponents_are_double_set() -> None:
    hand = score(DUNN, "S:nil W:2 N:nil E:2", "S:0 W:5 N:3 E:5")
    # NS team nil: S took none → +50; the side's 3 tricks are bags +3 → +53.
    # EW: 4 bid, 10 taken ≥ 2 × 4 → double set −40, overtricks neither points nor bags.
    assert parts(hand, "NS") == {"nil": 50, "bags": 3}
    assert parts(hand, "EW") == {"contract": -40}
    assert hand.sides["EW"].bags_taken == 0
    assert hand.score_text == "NS:+53 EW:-40"


def test_dunn_ten_for_200_on_a_blind_contract_scores_double_without_bags() -> None:
    winners = "S N W S N E S N S N S N S".split()
    hand = score(DUNN, "S:b6 W:3 N:4 E:1", "S:6 W:1 N:5 E:1", winners=winners,
                 before={"NS": Standing(0, 4), "EW": Standing(100, 0)})
    # NS: contract 6 + 4 = 10, 11 taken (< 20: no double set) → 20 × 6 + 10 × 4 = 160; 10-for-200 +100;
    # the overtrick is neither a point nor a bag (bags stay 4). No Moe: W took trick 3. → 260.
    # EW: 4 bid, 2 taken → −40.
    assert parts(hand, "NS") == {"contract": 160, "bonus": 100}
    assert hand.total_text == "NS:260/bags4 EW:60/bags0"


def test_little_moe_is_earned_even_by_a_side_that_is_set() -> None:
    winners = "S N S N S N W E W E W E W".split()
    hand = score(DUNN, "S:5 W:2 N:4 E:2", "S:3 W:4 N:3 E:3", winners=winners)
    # SPEC: "a side taking the first six tricks earns +50" (no condition on the contract).
    # NS: 9 bid, 6 taken → −90 + 50 = −40. EW: 4 bid, 7 taken (< 8) → 40 + 3 = 43.
    assert parts(hand, "NS") == {"contract": -90, "bonus": 50}
    assert hand.sides["NS"].bonuses == ("Little Moe",)
    assert hand.score_text == "NS:-40 EW:+43"


def test_boston_is_earned_by_a_side_whose_nil_failed() -> None:
    rules = PARTNER.replace(boston=300)
    hand = score(rules, "S:nil W:2 N:6 E:2", "S:1 W:0 N:12 E:0")
    # SPEC: "a side taking all 13 tricks earns this bonus". NS: N 6 bid, 12 taken → 60 + 6; S nil failed −100,
    # its trick a bag +1; Boston +300 → 267. EW: 4 bid, 0 taken → −40.
    assert parts(hand, "NS") == {"contract": 60, "bags": 7, "nil": -100, "bonus": 300}
    assert hand.score_text == "NS:+267 EW:-40"


def test_a_failed_nils_tricks_can_make_a_ten_for_200_with_niltricks_partner() -> None:
    rules = PARTNER.replace(nil_tricks="partner", ten_for_200=True)
    hand = score(rules, "S:nil W:1 N:10 E:1", "S:2 W:2 N:8 E:1")
    # NS: N's 8 + S's 2 = 10 count for the 10 bid → made 100 + 10-for-200 100; nil failed −100; no overtrick,
    # no bag → +100. EW: 2 bid, 3 taken → 21.
    assert parts(hand, "NS") == {"contract": 100, "nil": -100, "bonus": 100}
    assert hand.score_text == "NS:+100 EW:+21"


def test_bonus_bid_and_ten_for_200_add_up() -> None:
    rules = PARTNER.replace(bonus_bid=10, ten_for_200=True)
    hand = score(rules, "S:5 W:1 N:5 E:1", "S:6 W:1 N:5 E:1")
    # NS: 10 bid (= bonus threshold), 11 taken → 20 × 10 + 1 + 100 = 301. EW: 2 of 2 → 20.
    assert parts(hand, "NS") == {"contract": 200, "bags": 1, "bonus": 100}
    assert hand.score_text == "NS:+301 EW:+20"


def test_a_made_blind_bid_beside_a_failed_nil_scores_the_nils_trick_as_a_bag_only() -> None:
    rules = PARTNER.replace(blind_team=0)
    hand = score(rules, "S:b5 W:3 N:nil E:3", "S:6 W:3 N:1 E:3", before={"NS": Standing(0, 2), "EW": Standing(0, 0)})
    # NS: blind 5, 6 taken → 20 × 5 = 100, the overtrick neither point nor bag; N nil failed −100, its trick
    # a bag +1 → +1, bags 2 + 1 = 3. EW: 6 of 6 → 60.
    assert parts(hand, "NS") == {"contract": 100, "nil": -100, "bags": 1}
    assert hand.total_text == "NS:1/bags3 EW:60/bags0"


def test_stelmack_bags_never_cost_a_penalty_however_many() -> None:
    hand = score(STELMACK, "S:1 W:2 N:1 E:2", "S:6 W:1 N:5 E:1", before={"NS": Standing(0, 95), "EW": Standing(0, 0)})
    # bags=0/0: NS 2 bid, 11 taken → 20 + 9; the count goes 95 → 104 with no penalty. EW: 4 bid, 2 taken → −40.
    assert hand.total_text == "NS:29/bags104 EW:-40/bags0"


# -- whole hands of each preset, played -------------------------------------------------------------

def test_dunn_double_set_side_taking_every_trick_still_earns_boston_and_big_moe() -> None:
    game = game_from(DUNN, jokers_deal("S"), {"NS": Standing(0, 0), "EW": Standing(0, 0)})
    hand = play_hand(game, "S:4 W:3 N:2 E:1")
    assert hand.taken == {"S": 13, "W": 0, "N": 0, "E": 0}
    # NS: 6 bid, 13 taken ≥ 12 → double set −60, no bags; Boston +300 and Big Moe +100 are worded without
    # a condition on the contract → +340. EW: 4 bid, 0 taken → −40.
    assert parts(hand.score, "NS") == {"contract": -60, "bonus": 400}
    assert hand.score.sides["NS"].bonuses == ("Boston", "Big Moe")
    assert hand.score.score_text == "NS:+340 EW:-40"
    assert not game.over


def test_dunn_team_nil_against_a_side_taking_every_trick() -> None:
    game = game_from(DUNN, jokers_deal("W"), {"NS": Standing(0, 0), "EW": Standing(0, 0)})
    hand = play_hand(game, "S:nil W:4 N:nil E:2")
    assert hand.taken == {"S": 0, "W": 13, "N": 0, "E": 0}
    # NS team nil, neither took a trick → +50. EW: 6 bid, 13 taken → double set −60 + Boston 300 + Big Moe 100.
    assert hand.score.score_text == "NS:+50 EW:+340"
    assert hand.score.result_text == "NS team nil made, EW 13/6"


def test_dunn_blind_bid_when_100_behind_wins_the_game_in_one_hand() -> None:
    game = game_from(DUNN, jokers_deal("S"), {"NS": Standing(0, 0), "EW": Standing(100, 0)})
    assert game.hand.phase == "blind" and game.hand.to_act == "S", "NS is 100 behind: S may bid blind"
    hand = play_hand(game, "S:b6 W:3 N:4 E:1")
    # NS: 10 bid, 13 taken (< 20) → 20 × 6 + 10 × 4 = 160, no bags; 10-for-200 +100, Boston +300,
    # Big Moe +100 → 660 ≥ 500. EW: 4 bid, 0 taken → −40 → 60.
    assert parts(hand.score, "NS") == {"contract": 160, "bonus": 500}
    assert points(game) == {"NS": 660, "EW": 60}
    assert game.over and game.winner == "NS"


def test_suicide_scores_the_bids_as_the_override_left_them() -> None:
    game = game_from(SUICIDE, all_trumps_to("S"), {"NS": Standing(-100, 0), "EW": Standing(0, 0)})
    hand = play_hand(game, "S:5 W:nil N:6 E:nil")
    # Two numbers on NS: S's earlier 5 becomes nil; two nils on EW: W's earlier nil becomes 4 (minind).
    assert hand.bids == bids_of("S:nil W:4 N:6 E:nil")
    # S takes all 13. NS: S nil failed −100; N bid 6, took 0 → −60; S's 13 tricks are bags +13; bags 13 → −100,
    # 3 left → −247; −100 − 247 = −347 ≤ −300. EW: W bid 4, took 0 → −40; E nil made +100 → +60.
    assert hand.score.score_text == "NS:-247 EW:+60"
    assert hand.score.total_text == "NS:-347/bags3 EW:60/bags0"
    assert game.over and game.winner == "EW"


def test_mirrors_bids_are_the_spades_held_and_seats_without_spades_bid_nil() -> None:
    game = game_from(MIRRORS, all_trumps_to("S"), {"NS": Standing(0, 0), "EW": Standing(0, 0)})
    hand = play_hand(game)
    assert hand.bids == bids_of("S:13 W:nil N:nil E:nil")
    # NS: 13 of 13 → 130; N nil made +100 → 230. EW: two nils made → +200.
    assert hand.score.score_text == "NS:+230 EW:+200"
    assert hand.score.result_text == "NS 13/13, W nil made, N nil made, E nil made"


# -- the end of the game ------------------------------------------------------------------------

def test_when_both_sides_pass_the_win_score_in_one_hand_the_higher_wins() -> None:
    game = game_from(PARTNER, all_trumps_to("S"), {"NS": Standing(430, 0), "EW": Standing(320, 0)})
    play_hand(game, "S:4 W:nil N:3 E:nil")
    # NS: 7 bid, 13 taken → 70 + 6 → 506. EW: two nils made → +200 → 520. Both ≥ 500: EW is higher.
    assert points(game) == {"NS": 506, "EW": 520}
    assert game.over and game.winner == "EW"
    assert isinstance(game.events[-1], GameOver) and game.events[-1].winner == "EW"


def test_a_tie_at_the_top_past_the_win_score_plays_another_hand() -> None:
    game = game_from(PARTNER, all_trumps_to("S"), {"NS": Standing(424, 0), "EW": Standing(300, 0)})
    play_hand(game, "S:4 W:nil N:3 E:nil")
    # NS 424 + 76 = 500, EW 300 + 200 = 500: tied at the top → the next hand is dealt by the next seat.
    assert points(game) == {"NS": 500, "EW": 500}
    assert not game.over and game.winner is None
    started = [e for e in game.events if isinstance(e, HandStarted)][-1]
    assert (started.number, started.dealer, started.redeal) == (6, "S", False)
    assert not any(isinstance(e, GameOver) for e in game.events)


def test_a_side_passing_the_win_while_the_other_falls_past_the_lose_score_wins() -> None:
    game = game_from(PARTNER, all_trumps_to("S"), {"NS": Standing(450, 0), "EW": Standing(-250, 0)})
    play_hand(game, "S:4 W:3 N:3 E:3")
    # NS: 7 bid, 13 taken → 76 → 526. EW: 6 bid, 0 taken → −60 → −310.
    assert points(game) == {"NS": 526, "EW": -310}
    assert game.over and game.winner == "NS"


def test_when_both_sides_fall_past_the_lose_score_the_higher_wins() -> None:
    game = game_from(PARTNER, all_trumps_to("W"), {"NS": Standing(-250, 0), "EW": Standing(-200, 0)})
    play_hand(game, "S:4 W:nil N:4 E:2")
    # W takes all 13. NS: 8 bid, 0 taken → −80 → −330. EW: W nil failed −100; E bid 2, 0 counted → −20;
    # W's 13 tricks are bags +13, 13 ≥ 10 → −100, 3 left → −207 → −407. Both ≤ −300; NS is higher.
    assert points(game) == {"NS": -330, "EW": -407}
    assert game.over and game.winner == "NS"


def test_a_bag_penalty_in_the_hand_can_keep_a_side_under_the_win_score() -> None:
    game = game_from(PARTNER, all_trumps_to("S"), {"NS": Standing(480, 9), "EW": Standing(0, 0)})
    play_hand(game, "S:6 W:1 N:4 E:1")
    # "checked after each scored hand (penalties included)": NS 10 bid, 13 taken → 103, bags 12 → −100 →
    # +3 → 483 < 500. EW −20. The game goes on.
    assert points(game) == {"NS": 483, "EW": -20}
    assert not game.over


def test_without_a_lose_score_no_score_ends_the_game() -> None:
    game = game_from(STELMACK, all_trumps_to("W"), {"NS": Standing(-990, 0), "EW": Standing(0, 0)})
    play_hand(game, "S:2 W:3 N:2 E:1")
    # NS: 4 bid, 0 taken → −40 → −1030; lose=off. EW: 4 bid, 13 taken → 40 + 9 → 49 < 500.
    assert points(game) == {"NS": -1030, "EW": 49}
    assert not game.over


def test_netspades_a_tie_over_500_plays_on_and_a_lead_over_500_wins() -> None:
    tie = game_from(NETSPADES, all_trumps_to("S"), {"NS": Standing(430, 0), "EW": Standing(436, 0)})
    play_hand(tie, "S:4 W:nil N:3 E:3")
    # NS: 7 bid, 13 taken → 76 → 506. EW: W nil made +100; E bid 3, took 0 → −30 → +70 → 506: tie, play on.
    assert points(tie) == {"NS": 506, "EW": 506} and not tie.over
    lead = game_from(NETSPADES, all_trumps_to("S"), {"NS": Standing(430, 0), "EW": Standing(440, 0)})
    play_hand(lead, "S:4 W:nil N:3 E:3")
    assert points(lead) == {"NS": 506, "EW": 510} and lead.winner == "EW"


def test_solo_the_highest_seat_wins_and_a_tie_at_the_top_plays_on() -> None:
    deal = all_trumps_to("S")
    won = game_from(SOLO, deal, {"S": Standing(197, 0), "W": Standing(210, 0), "N": Standing(0, 0),
                                 "E": Standing(100, 0)})
    play_hand(won, "S:10 W:nil N:nil E:1")
    # S: 10 bid, 13 taken → 103 → 300. W: nil made → 310. N: nil made → 100. E: 1 bid, 0 taken → −10 → 90.
    assert points(won) == {"S": 300, "W": 310, "N": 100, "E": 90}
    assert won.over and won.winner == "W"
    tied = game_from(SOLO, deal, {"S": Standing(197, 0), "W": Standing(200, 0), "N": Standing(0, 0),
                                  "E": Standing(100, 0)})
    play_hand(tied, "S:10 W:nil N:nil E:1")
    # S 300 and W 300 tie at the top: another hand.
    assert points(tied) == {"S": 300, "W": 300, "N": 100, "E": 90}
    assert not tied.over
