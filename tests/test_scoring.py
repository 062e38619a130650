"""Worked examples of hand scoring, one or more for every scoring option of SPEC §3.

Every expected number below was worked out by hand from the words of SPEC §3 (quoted
where it helps) and `docs/hand-log.md`; the comment above each assertion shows the sum.
Nothing here was copied from the engine's output.

Bids and tricks are written compactly: ``"S:3 W:nil N:b4 E:bnil"`` and ``"S:4 W:2 N:5 E:2"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import given
from hypothesis import strategies as st

from game.bids import Bid
from game.cards import Card, cards
from game.hand import Hand
from game.rules import PRESETS, Rules
from game.scoring import PARTS, HandScore, Standing, score_hand
from game.seats import SEATS, sides

PARTNER = PRESETS["partner"].rules
"""nil=100 blindnil=200 blindnilfail=100 bags=10/100, no bonuses."""
SOLO = PRESETS["solo"].rules
STELMACK = PRESETS["stelmack"].rules
DUNN = PRESETS["dunn"].rules


# -- helpers -----------------------------------------------------------------------------

def bids_of(text: str) -> dict[str, Bid]:
    """``"S:3 W:nil N:b4 E:bnil"`` → bids by seat."""
    pairs = (item.split(":") for item in text.split())
    return {seat: Bid.parse(bid) for seat, bid in pairs}


def taken_of(text: str) -> dict[str, int]:
    """``"S:4 W:2 N:5 E:2"`` → tricks by seat (must add up to 13)."""
    taken = {seat: int(n) for seat, n in (item.split(":") for item in text.split())}
    assert sorted(taken) == sorted(SEATS) and sum(taken.values()) == 13, "a worked example must use 13 tricks"
    return taken


def round_robin(taken: Mapping[str, int]) -> list[str]:
    """A trick-winner order with these counts, the seats taking turns (S W N E …) while
    they still have tricks left, so no side wins a run of tricks unless it wins nearly all."""
    left = dict(taken)
    order: list[str] = []
    while len(order) < 13:
        for seat in SEATS:
            if left[seat]:
                left[seat] -= 1
                order.append(seat)
    return order


def fresh(rules: Rules) -> dict[str, Standing]:
    return {side: Standing() for side in sides(rules.partners)}


def check_books(hand: HandScore, before: Mapping[str, Standing]) -> None:
    """SPEC/SPADES_SAVE: the parts are the hand's points, and each Total is the previous Total plus Score."""
    for side, result in hand.sides.items():
        assert set(result.parts) == set(PARTS)
        assert sum(result.parts.values()) == result.total
        assert result.before == before[side]
        assert result.after.points == before[side].points + result.total


def score(rules: Rules, bids: str, taken: str | Mapping[str, int], *, winners: Sequence[str] | None = None,
          before: Mapping[str, Standing] | None = None) -> HandScore:
    """Score a hand written compactly; the books are checked on every example."""
    tricks = taken_of(taken) if isinstance(taken, str) else dict(taken)
    before = dict(before or fresh(rules))
    hand = score_hand(rules, bids_of(bids), tricks, list(winners or round_robin(tricks)), before)
    check_books(hand, before)
    return hand


def parts(hand: HandScore, side: str) -> dict[str, int]:
    """A side's non-zero parts, to compare with a hand-worked breakdown."""
    return {name: value for name, value in hand.sides[side].parts.items() if value}


def result_items(hand: HandScore) -> set[str]:
    return set(hand.result_text.split(", "))


# -- the basic contract ------------------------------------------------------------------

def test_made_contract_scores_ten_per_trick_bid_plus_one_per_overtrick() -> None:
    hand = score(PARTNER, "S:3 W:2 N:4 E:3", "S:4 W:2 N:5 E:2",
                 before={"NS": Standing(100, 3), "EW": Standing(50, 0)})
    # NS: contract 3+4 = 7, took 4+5 = 9: 10×7 + 2 overtricks = 72; bags 3 + 2 = 5.
    assert parts(hand, "NS") == {"contract": 70, "bags": 2}
    assert hand.sides["NS"].made is True
    assert hand.sides["NS"].bags_taken == 2
    # EW: contract 2+3 = 5, took 2+2 = 4: set, −10×5 = −50; a set side gains no bags.
    assert parts(hand, "EW") == {"contract": -50}
    assert hand.sides["EW"].made is False
    assert hand.result_text == "NS 9/7, EW 4/5"
    assert hand.score_text == "NS:+72 EW:-50"
    # 100 + 72 = 172 with 5 bags; 50 − 50 = 0 with 0 bags.
    assert hand.total_text == "NS:172/bags5 EW:0/bags0"


def test_contract_made_exactly_scores_ten_per_trick_and_no_bags() -> None:
    hand = score(PARTNER, "S:4 W:2 N:4 E:3", "S:5 W:2 N:3 E:3")
    # NS 8 bid, 8 taken: 80. EW 5 bid, 5 taken: 50.
    assert hand.score_text == "NS:+80 EW:+50"
    assert hand.sides["NS"].bags_taken == 0 and hand.sides["EW"].bags_taken == 0
    assert hand.result_text == "NS 8/8, EW 5/5"


def test_set_contract_loses_ten_per_trick_bid_whatever_the_shortfall() -> None:
    hand = score(PARTNER, "S:4 W:2 N:4 E:3", "S:4 W:3 N:3 E:3")
    # NS 8 bid, 7 taken: −80. EW 5 bid, 6 taken: 50 + 1 = 51.
    assert hand.score_text == "NS:-80 EW:+51"
    assert parts(hand, "NS") == {"contract": -80}
    assert hand.total_text == "NS:-80/bags0 EW:51/bags1"


# -- nil and blind nil --------------------------------------------------------------------

def test_nil_made_scores_nil_value_apart_from_the_partners_contract() -> None:
    hand = score(PARTNER, "S:nil W:3 N:4 E:3", "S:0 W:4 N:5 E:4")
    # NS: N's 4 bid, 5 taken → 40 + 1; S nil made +100 → 141.
    assert parts(hand, "NS") == {"contract": 40, "bags": 1, "nil": 100}
    # EW: 6 bid, 8 taken → 60 + 2 = 62.
    assert hand.score_text == "NS:+141 EW:+62"
    assert hand.result_text == "NS 5/4, EW 8/6, S nil made"


def test_nil_failed_loses_nil_value_and_its_tricks_are_bags() -> None:
    hand = score(PARTNER, "S:nil W:3 N:4 E:3", "S:2 W:3 N:4 E:4")
    # NS: N 4 bid 4 taken → 40; S nil failed −100; S's 2 tricks are bags, +1 each → 40 − 100 + 2 = −58.
    assert parts(hand, "NS") == {"contract": 40, "nil": -100, "bags": 2}
    assert hand.sides["NS"].after.bags == 2
    # EW: 6 bid, 7 taken → 61.
    assert hand.score_text == "NS:-58 EW:+61"
    assert hand.result_text == "NS 4/4, EW 7/6, S nil failed"


def test_blind_nil_made_scores_blindnil_value() -> None:
    hand = score(PARTNER, "S:3 W:bnil N:4 E:5", "S:3 W:0 N:4 E:6")
    # EW: E 5 bid, 6 taken → 50 + 1; W blind nil made +200 → 251. NS: 7 bid, 7 taken → 70.
    assert parts(hand, "EW") == {"contract": 50, "bags": 1, "blind_nil": 200}
    assert hand.score_text == "NS:+70 EW:+251"
    assert hand.result_text == "NS 7/7, EW 6/5, W blind nil made"


def test_blind_nil_failed_loses_blindnilfail_not_blindnil() -> None:
    hand = score(PARTNER, "S:3 W:bnil N:4 E:5", "S:3 W:1 N:4 E:5")
    # Partner: blindnil=200 but blindnilfail=100. EW: E 5 bid 5 taken → 50; W's trick is a bag +1;
    # blind nil failed −100 (not −200) → −49.
    assert parts(hand, "EW") == {"contract": 50, "bags": 1, "blind_nil": -100}
    assert hand.score_text == "NS:+70 EW:-49"
    assert hand.result_text == "NS 7/7, EW 5/5, W blind nil failed"


def test_blind_nil_values_follow_the_rules_line() -> None:
    rules = Rules.parse("nil=100 blindnil=300 blindnilfail=50 bags=10/100")
    made = score(rules, "S:3 W:bnil N:4 E:5", "S:3 W:0 N:4 E:6")
    # EW: 50 + 1 + 300 = 351.
    assert made.score_text == "NS:+70 EW:+351"
    failed = score(rules, "S:3 W:bnil N:4 E:5", "S:3 W:1 N:4 E:5")
    # EW: 50 + 1 bag − 50 = 1.
    assert failed.score_text == "NS:+70 EW:+1"


# -- niltricks ----------------------------------------------------------------------------

def test_failed_nil_tricks_are_only_bags_even_when_they_would_save_the_partner() -> None:
    # niltricks=bags (default): "count as the team's bags only (default, whatever the partner's result)".
    assert PARTNER.nil_tricks == "bags"
    hand = score(PARTNER, "S:nil W:2 N:5 E:2", "S:3 W:3 N:4 E:3")
    # NS: N bid 5, took 4 → set −50 (S's 3 tricks do not count for N); nil failed −100; 3 bags +3 → −147.
    assert parts(hand, "NS") == {"contract": -50, "nil": -100, "bags": 3}
    assert hand.sides["NS"].made is False
    assert hand.sides["NS"].after.bags == 3
    # EW: 4 bid, 6 taken → 40 + 2 = 42.
    assert hand.score_text == "NS:-147 EW:+42"
    assert hand.result_text == "NS 4/5, EW 6/4, S nil failed"


def test_failed_nil_tricks_are_bags_when_the_partner_makes_his_bid_too() -> None:
    hand = score(PARTNER, "S:nil W:2 N:4 E:1", "S:2 W:3 N:6 E:2")
    # NS: N 4 bid, 6 taken → 40 + 2; S's 2 tricks +2 bags; nil −100 → −56; bags 4.
    assert parts(hand, "NS") == {"contract": 40, "bags": 4, "nil": -100}
    assert hand.sides["NS"].after.bags == 4
    # EW: 3 bid, 5 taken → 32.
    assert hand.score_text == "NS:-56 EW:+32"


def test_failed_nil_tricks_count_toward_the_partners_bid_with_niltricks_partner() -> None:
    rules = PARTNER.replace(nil_tricks="partner")
    hand = score(rules, "S:nil W:2 N:5 E:2", "S:3 W:3 N:4 E:3")
    # Same cards as the bags-only example: N's 4 + S's 3 = 7 count for the 5 bid → made, 50 + 2 overtricks;
    # nil failed −100 → −48; bags 2 (the overtricks).
    assert parts(hand, "NS") == {"contract": 50, "bags": 2, "nil": -100}
    assert hand.sides["NS"].made is True
    assert hand.sides["NS"].after.bags == 2
    assert hand.score_text == "NS:-48 EW:+42"
    assert hand.result_text == "NS 7/5, EW 6/4, S nil failed"


# -- bags ---------------------------------------------------------------------------------

def test_reaching_the_bag_limit_costs_the_penalty_in_that_hand() -> None:
    hand = score(PARTNER, "S:2 W:3 N:3 E:3", "S:4 W:3 N:4 E:2",
                 before={"NS": Standing(200, 7), "EW": Standing(0, 0)})
    # NS: 5 bid, 8 taken → 50 + 3; bags 7 + 3 = 10 reaches the limit → −100 and the count drops to 0.
    # Hand: 53 − 100 = −47; total 200 − 47 = 153.
    assert parts(hand, "NS") == {"contract": 50, "bags": 3, "bag_penalty": -100}
    # EW: 6 bid, 5 taken → −60.
    assert hand.score_text == "NS:-47 EW:-60"
    assert hand.total_text == "NS:153/bags0 EW:-60/bags0"


def test_bag_count_still_at_limit_after_a_penalty_pays_again() -> None:
    hand = score(PARTNER, "S:1 W:1 N:1 E:1", "S:7 W:0 N:6 E:0",
                 before={"NS": Standing(300, 9), "EW": Standing(0, 0)})
    # NS: 2 bid, 13 taken → 20 + 11; bags 9 + 11 = 20 → −100 (10 left, still at the limit) → −100 → 0.
    # Hand 31 − 200 = −169; total 131. EW: 2 bid, 0 taken → −20.
    assert parts(hand, "NS") == {"contract": 20, "bags": 11, "bag_penalty": -200}
    assert hand.score_text == "NS:-169 EW:-20"
    assert hand.total_text == "NS:131/bags0 EW:-20/bags0"


def test_bags_over_the_limit_keep_the_remainder() -> None:
    hand = score(PARTNER, "S:2 W:3 N:1 E:3", "S:4 W:3 N:3 E:3",
                 before={"NS": Standing(0, 8), "EW": Standing(0, 0)})
    # NS: 3 bid, 7 taken → 30 + 4; bags 8 + 4 = 12 → −100, 2 left. Hand −66.
    assert hand.score_text == "NS:-66 EW:+60"
    assert hand.total_text == "NS:-66/bags2 EW:60/bags0"


def test_the_most_bags_a_saved_game_may_bring_pay_every_penalty_at_once() -> None:
    """A saved game may start a side with up to a million bags; under ``bags=1/1`` each is a
    penalty. They were once paid one at a time, a loop of a million steps in every score,
    and Expert, which scores each deal it looks at, took minutes over a card."""
    rules = PARTNER.replace(bags=(1, 1))
    hand = score(rules, "S:2 W:3 N:1 E:3", "S:4 W:3 N:3 E:3",
                 before={"NS": Standing(0, 10**6), "EW": Standing(0, 0)})
    # NS: 3 bid, 7 taken → 30 + 4 overtricks; bags 10**6 + 4, each one point → −(10**6 + 4), none left.
    assert parts(hand, "NS") == {"contract": 30, "bags": 4, "bag_penalty": -(10**6 + 4)}
    assert hand.total_text == f"NS:{34 - 10**6 - 4}/bags0 EW:60/bags0"


@given(limit=st.integers(0, 30), penalty=st.integers(0, 500), bags=st.integers(0, 400),
       taken=st.integers(0, 13))
def test_the_bag_penalty_is_paid_each_time_the_count_is_at_the_limit(limit, penalty, bags, taken) -> None:
    if limit == 0 and penalty:
        return  # refused by the rules: a penalty needs a limit
    rules = PARTNER.replace(bags=(limit, penalty))
    hand = score(rules, "S:0 W:0 N:0 E:0", {"S": taken, "W": 13 - taken, "N": 0, "E": 0},
                 before={"NS": Standing(0, bags), "EW": Standing(0, 0)})
    count, paid = bags + taken, 0
    while limit and count >= limit:  # the rule as SPEC words it: pay, and again while still at or over
        count, paid = count - limit, paid + penalty
    assert hand.sides["NS"].parts["bag_penalty"] == -paid and hand.sides["NS"].after.bags == count


def test_failed_nil_bags_can_trigger_the_bag_penalty() -> None:
    hand = score(PARTNER, "S:nil W:4 N:4 E:4", "S:1 W:4 N:4 E:4",
                 before={"NS": Standing(0, 9), "EW": Standing(0, 0)})
    # NS: 40; nil failed −100; S's trick +1 bag → bags 10 → −100, count 0. 40 − 100 + 1 − 100 = −159.
    # EW: 8 bid, 8 taken → 80.
    assert parts(hand, "NS") == {"contract": 40, "nil": -100, "bags": 1, "bag_penalty": -100}
    assert hand.score_text == "NS:-159 EW:+80"
    assert hand.total_text == "NS:-159/bags0 EW:80/bags0"


def test_bags_off_still_score_overtricks_without_any_penalty() -> None:
    assert STELMACK.bags == (0, 0)
    hand = score(STELMACK, "S:2 W:3 N:2 E:4", "S:5 W:2 N:4 E:2",
                 before={"NS": Standing(0, 8), "EW": Standing(0, 0)})
    # "0/0: overtricks still score 1, no penalty". NS: 4 bid, 9 taken → 40 + 5 = 45, no penalty even though
    # 8 + 5 would pass a limit of 10. EW: 7 bid, 4 taken → −70.
    assert parts(hand, "NS") == {"contract": 40, "bags": 5}
    assert hand.score_text == "NS:+45 EW:-70"


# -- double set ------------------------------------------------------------------------------

def test_double_set_taking_twice_the_contract_is_set_without_bags() -> None:
    rules = PARTNER.replace(double_set=True)
    hand = score(rules, "S:2 W:3 N:2 E:3", "S:4 W:3 N:4 E:2", before={"NS": Standing(0, 5), "EW": Standing(0, 0)})
    # NS: 4 bid, 8 taken = 2 × 4 → −10 × 4 = −40; the 4 overtricks are neither points nor bags (stays 5).
    assert parts(hand, "NS") == {"contract": -40}
    assert hand.sides["NS"].made is False
    assert hand.sides["NS"].bags_taken == 0
    # EW: 6 bid, 5 taken → −60.
    assert hand.score_text == "NS:-40 EW:-60"
    assert hand.total_text == "NS:-40/bags5 EW:-60/bags0"
    assert hand.result_text == "NS 8/4, EW 5/6"


def test_double_set_spares_a_side_one_trick_short_of_twice_its_contract() -> None:
    rules = PARTNER.replace(double_set=True)
    hand = score(rules, "S:2 W:3 N:2 E:3", "S:4 W:3 N:3 E:3")
    # NS: 4 bid, 7 taken (< 8) → made, 40 + 3. EW: 6 bid, 6 taken → 60.
    assert hand.score_text == "NS:+43 EW:+60"


def test_without_double_set_twice_the_contract_is_an_ordinary_make() -> None:
    hand = score(PARTNER, "S:2 W:3 N:2 E:3", "S:4 W:3 N:4 E:2")
    # NS: 4 bid, 8 taken → 40 + 4 = 44.
    assert hand.score_text == "NS:+44 EW:-60"


# -- 10-for-200, 7-for-140, bonus bid ---------------------------------------------------------

def test_ten_for_200_adds_100_to_a_made_team_contract_of_ten() -> None:
    rules = PARTNER.replace(ten_for_200=True)
    hand = score(rules, "S:5 W:2 N:5 E:1", "S:6 W:1 N:5 E:1")
    # NS: 10 bid, 11 taken → 100 + 1 + 100 = 201. EW: 3 bid, 2 taken → −30.
    assert parts(hand, "NS") == {"contract": 100, "bags": 1, "bonus": 100}
    assert hand.score_text == "NS:+201 EW:-30"


def test_ten_for_200_gives_nothing_to_a_set_ten_or_a_made_nine() -> None:
    rules = PARTNER.replace(ten_for_200=True)
    set_ten = score(rules, "S:5 W:2 N:5 E:1", "S:5 W:2 N:4 E:2")
    # NS: 10 bid, 9 taken → −100. EW: 3 bid, 4 taken → 31.
    assert set_ten.score_text == "NS:-100 EW:+31"
    nine = score(rules, "S:5 W:2 N:4 E:1", "S:5 W:2 N:5 E:1")
    # NS: 9 bid, 10 taken → 90 + 1 = 91, no bonus. EW: 3 bid, 3 taken → 30.
    assert nine.score_text == "NS:+91 EW:+30"


def test_seven_for_140_adds_70_to_a_made_solo_bid_of_seven() -> None:
    rules = SOLO.replace(seven_for_140=True)
    hand = score(rules, "S:7 W:2 N:2 E:1", "S:8 W:2 N:1 E:2")
    # S: 7 bid, 8 taken → 70 + 1 + 70 = 141. W: 2/2 → 20. N: 1 of 2 → −20. E: 1 bid, 2 taken → 11.
    assert parts(hand, "S") == {"contract": 70, "bags": 1, "bonus": 70}
    assert hand.score_text == "S:+141 W:+20 N:-20 E:+11"
    assert hand.result_text == "S 8/7, W 2/2, N 1/2, E 2/1"


def test_seven_for_140_gives_nothing_to_a_bid_of_six() -> None:
    rules = SOLO.replace(seven_for_140=True)
    hand = score(rules, "S:6 W:2 N:2 E:1", "S:8 W:2 N:1 E:2")
    # S: 6 bid, 8 taken → 60 + 2 = 62.
    assert hand.score_text == "S:+62 W:+20 N:-20 E:+11"


def test_bonus_bid_doubles_a_made_contract_at_the_threshold_with_bags_as_usual() -> None:
    rules = PARTNER.replace(bonus_bid=8)
    hand = score(rules, "S:4 W:2 N:4 E:1", "S:5 W:2 N:4 E:2")
    # NS: 8 bid (= threshold), 9 taken → 20 × 8 + 1 = 161, 1 bag. EW: 3 bid, 4 taken → 30 + 1 = 31.
    assert parts(hand, "NS") == {"contract": 160, "bags": 1}
    assert hand.sides["NS"].after.bags == 1
    assert hand.score_text == "NS:+161 EW:+31"


def test_bonus_bid_does_not_double_below_the_threshold_or_a_set() -> None:
    rules = PARTNER.replace(bonus_bid=8)
    below = score(rules, "S:4 W:2 N:3 E:1", "S:4 W:2 N:4 E:3")
    # NS: 7 bid, 8 taken → 70 + 1 = 71. EW: 3 bid, 5 taken → 32.
    assert below.score_text == "NS:+71 EW:+32"
    set_eight = score(rules, "S:4 W:3 N:4 E:3", "S:4 W:3 N:3 E:3")
    # NS: 8 bid, 7 taken → −10 × 8 = −80 (set as usual). EW: 6 bid, 6 taken → 60.
    assert set_eight.score_text == "NS:-80 EW:+60"


# -- Boston and Moe ----------------------------------------------------------------------------

def test_boston_rewards_a_side_taking_all_thirteen_tricks() -> None:
    rules = PARTNER.replace(boston=300)
    hand = score(rules, "S:6 W:1 N:5 E:1", "S:7 W:0 N:6 E:0")
    # NS: 11 bid, 13 taken → 110 + 2 + 300 = 412. EW: 2 bid, 0 taken → −20.
    assert parts(hand, "NS") == {"contract": 110, "bags": 2, "bonus": 300}
    assert hand.score_text == "NS:+412 EW:-20"
    without = score(PARTNER, "S:6 W:1 N:5 E:1", "S:7 W:0 N:6 E:0")
    # boston=0 (off): 112.
    assert without.score_text == "NS:+112 EW:-20"


def winners_text(text: str) -> list[str]:
    return text.split()


def taken_from(winners: Sequence[str]) -> dict[str, int]:
    return {seat: list(winners).count(seat) for seat in SEATS}


def test_little_moe_gives_fifty_for_the_first_six_tricks() -> None:
    rules = PARTNER.replace(moe=True)
    winners = winners_text("S N S N S N W E W E N S E")
    hand = score(rules, "S:4 W:3 N:4 E:2", taken_from(winners), winners=winners)
    # NS took tricks 1–6 (and 11, 12): 8 bid, 8 taken → 80 + 50 = 130. EW: 5 bid, 5 taken → 50.
    assert parts(hand, "NS") == {"contract": 80, "bonus": 50}
    assert hand.score_text == "NS:+130 EW:+50"


def test_little_moe_for_seven_first_tricks_is_still_fifty() -> None:
    rules = PARTNER.replace(moe=True)
    winners = winners_text("S N S N S N S W E W E W E")
    hand = score(rules, "S:4 W:3 N:3 E:3", taken_from(winners), winners=winners)
    # NS took tricks 1–7 only: 7 bid, 7 taken → 70 + 50. EW: 6 bid, 6 taken → 60.
    assert hand.score_text == "NS:+120 EW:+60"


def test_big_moe_gives_one_hundred_in_all_for_the_first_eight_tricks() -> None:
    rules = PARTNER.replace(moe=True)
    winners = winners_text("S N S N S N S N W E W E W")
    hand = score(rules, "S:4 W:3 N:4 E:2", taken_from(winners), winners=winners)
    # NS took tricks 1–8: 80 + 100 (Big Moe, "+100 in all", not 50 + 100) = 180. EW: 5/5 → 50.
    assert parts(hand, "NS") == {"contract": 80, "bonus": 100}
    assert hand.score_text == "NS:+180 EW:+50"


def test_moe_goes_to_whichever_side_takes_the_first_tricks() -> None:
    rules = PARTNER.replace(moe=True)
    winners = winners_text("W E W E W E N S N S N S N")
    hand = score(rules, "S:3 W:3 N:4 E:3", taken_from(winners), winners=winners)
    # EW took tricks 1–6: 6 bid, 6 taken → 60 + 50 = 110. NS: 7 bid, 7 taken → 70.
    assert hand.score_text == "NS:+70 EW:+110"


def test_no_moe_when_the_first_six_tricks_are_shared() -> None:
    rules = PARTNER.replace(moe=True)
    winners = winners_text("S N S N S W N S N W E W E")
    hand = score(rules, "S:4 W:3 N:4 E:2", taken_from(winners), winners=winners)
    # Trick 6 went to W: no bonus. NS 8/8 → 80; EW 5/5 → 50.
    assert hand.score_text == "NS:+80 EW:+50"


# -- team nil ------------------------------------------------------------------------------------

def test_team_nil_made_when_one_partner_takes_no_trick() -> None:
    assert DUNN.team_nil == 50 and DUNN.nil == 0
    hand = score(DUNN, "S:nil W:4 N:nil E:4", "S:0 W:6 N:2 E:5")
    # NS team nil: S took none → +50; the side's 2 tricks are bags, +1 each → 52.
    assert parts(hand, "NS") == {"nil": 50, "bags": 2}
    assert hand.sides["NS"].team_nil is True
    assert hand.sides["NS"].after.bags == 2
    # EW: 8 bid, 11 taken (< 16, no double set; no Moe: the first tricks alternate) → 80 + 3 = 83.
    assert hand.score_text == "NS:+52 EW:+83"
    # "Result lists only NS team nil made/failed".
    assert result_items(hand) == {"NS team nil made", "EW 11/8"}


def test_team_nil_failed_when_both_partners_take_tricks() -> None:
    hand = score(DUNN, "S:nil W:4 N:nil E:4", "S:1 W:5 N:2 E:5")
    # NS: −50 + 3 bags = −47. EW: 8 bid, 10 taken → 82.
    assert parts(hand, "NS") == {"nil": -50, "bags": 3}
    assert hand.score_text == "NS:-47 EW:+82"
    assert result_items(hand) == {"NS team nil failed", "EW 10/8"}


def test_team_nil_bags_count_toward_the_bag_penalty() -> None:
    hand = score(DUNN, "S:nil W:4 N:nil E:4", "S:1 W:5 N:2 E:5",
                 before={"NS": Standing(100, 8), "EW": Standing(0, 0)})
    # NS: −50 + 3 bags; 8 + 3 = 11 → −100, count 1 → −147; total −47.
    assert parts(hand, "NS") == {"nil": -50, "bags": 3, "bag_penalty": -100}
    assert hand.total_text == "NS:-47/bags1 EW:82/bags2"


def test_team_nil_replaces_the_individual_nil_scores() -> None:
    rules = PARTNER.replace(team_nil=50)
    hand = score(rules, "S:nil W:4 N:nil E:4", "S:0 W:5 N:3 E:5")
    # With nil=100 too, both partners nil is still a team nil: +50 + 3 bags = 53
    # (not S +100, N −100, +3). EW: 8 bid, 10 taken → 82.
    assert parts(hand, "NS") == {"nil": 50, "bags": 3}
    assert hand.score_text == "NS:+53 EW:+82"
    assert result_items(hand) == {"NS team nil made", "EW 10/8"}
    assert "S nil" not in hand.result_text and "N nil" not in hand.result_text


def test_a_side_with_a_blind_nil_forms_no_team_nil() -> None:
    rules = PARTNER.replace(team_nil=50)
    hand = score(rules, "S:bnil W:5 N:nil E:5", "S:0 W:6 N:1 E:6")
    # S blind nil made +200, N nil failed −100, N's trick a bag +1 → 101. EW: 10 bid, 12 taken → 102.
    assert hand.sides["NS"].team_nil is False
    assert parts(hand, "NS") == {"blind_nil": 200, "nil": -100, "bags": 1}
    assert hand.score_text == "NS:+101 EW:+102"
    assert hand.result_text == "EW 12/10, S blind nil made, N nil failed"


# -- blind team bid ------------------------------------------------------------------------------

def test_made_blind_team_bid_scores_double_for_the_blind_bid_and_no_bags() -> None:
    rules = PARTNER.replace(blind_team=0)
    hand = score(rules, "S:b4 W:2 N:3 E:2", "S:5 W:2 N:4 E:2", before={"NS": Standing(0, 5), "EW": Standing(0, 0)})
    # NS: contract 4 + 3 = 7, 9 taken → 20 × 4 + 10 × 3 = 110; the 2 overtricks are neither points nor bags.
    assert parts(hand, "NS") == {"contract": 110}
    assert hand.sides["NS"].bags_taken == 0
    # EW: 4 bid, 4 taken → 40.
    assert hand.score_text == "NS:+110 EW:+40"
    assert hand.total_text == "NS:110/bags5 EW:40/bags0"
    assert hand.result_text == "NS 9/7, EW 4/4"


def test_two_blind_bids_both_score_double() -> None:
    rules = PARTNER.replace(blind_team=0)
    hand = score(rules, "S:b4 W:2 N:b3 E:2", "S:4 W:2 N:3 E:4")
    # NS: 20 × 4 + 20 × 3 = 140. EW: 4 bid, 6 taken → 42.
    assert hand.score_text == "NS:+140 EW:+42"


def test_set_blind_team_bid_loses_ten_per_trick_as_usual() -> None:
    rules = PARTNER.replace(blind_team=0)
    hand = score(rules, "S:b4 W:2 N:3 E:2", "S:3 W:4 N:3 E:3")
    # NS: 7 bid, 6 taken → −10 × 7 = −70. EW: 4 bid, 7 taken → 43.
    assert parts(hand, "NS") == {"contract": -70}
    assert hand.score_text == "NS:-70 EW:+43"


# -- Solo ------------------------------------------------------------------------------------------

def test_solo_sides_are_seats_each_with_its_own_score_and_bags() -> None:
    before = {"S": Standing(50, 9), "W": Standing(20, 0), "N": Standing(0, 0), "E": Standing(100, 3)}
    hand = score(SOLO, "S:3 W:nil N:4 E:5", "S:5 W:1 N:4 E:3", before=before)
    assert tuple(hand.sides) == SEATS
    # S: 3 bid, 5 taken → 30 + 2; own bags 9 + 2 = 11 → −100, 1 left → −68; 50 − 68 = −18.
    assert parts(hand, "S") == {"contract": 30, "bags": 2, "bag_penalty": -100}
    # W: nil failed −100, its trick a bag +1 → −99; 20 − 99 = −79, 1 bag.
    assert parts(hand, "W") == {"nil": -100, "bags": 1}
    # N: 4 bid, 4 taken → 40. E: 5 bid, 3 taken → −50, its 3 bags untouched.
    assert hand.score_text == "S:-68 W:-99 N:+40 E:-50"
    assert hand.total_text == "S:-18/bags1 W:-79/bags1 N:40/bags0 E:50/bags3"
    assert hand.result_text == "S 5/3, N 4/4, E 3/5, W nil failed"


def test_a_side_has_made_its_hand_when_its_contract_and_every_nil_held() -> None:
    solo = score(SOLO, "S:nil W:nil N:4 E:5", "S:0 W:1 N:4 E:8")
    # S bid only a nil and took nothing: no contract, but its hand is made; W's nil failed.
    assert solo.sides["S"].made is None and solo.sides["S"].all_made
    assert not solo.sides["W"].all_made
    assert solo.sides["N"].all_made and solo.sides["E"].all_made
    partner = score(PARTNER, "S:nil W:3 N:4 E:3", "S:1 W:3 N:6 E:3")
    # NS made their 4 but S's nil failed: not all made. EW made 6 of 6.
    assert partner.sides["NS"].made is True and not partner.sides["NS"].all_made
    assert partner.sides["EW"].all_made
    team = score(DUNN, "S:nil W:4 N:nil E:4", "S:0 W:6 N:2 E:5")
    assert team.sides["NS"].all_made, "a team nil that held"


# -- the Spades.save example -------------------------------------------------------------------

def test_the_spades_save_example_block_scores_as_written() -> None:
    # docs/hand-log.md's block: Bids "N:4 E:3 S:nil W:bnil", Tricks "S:0 W:2 N:6 E:5",
    # Result "NS 6/4, EW 5/3, S nil made, W blind nil failed", Score "NS:+142 EW:-166",
    # Total "NS:482/bags5 EW:154/bags9".
    # NS: N 4 bid, 6 taken → 40 + 2; S nil +100 → +142; bags b + 2 = 5 → b = 3; points 482 − 142 = 340.
    # EW: E 3 bid, 5 taken → 30 + 2; W's 2 tricks +2 bags; W blind nil failed −F → 34 − F = −166 → F = 200.
    # So the block's numbers need blindnilfail=200 (its Rules line says blindnilfail=100, which gives −66);
    # bags b + 2 + 2 = 9 → b = 5; points 154 + 166 = 320.
    rules = PARTNER.replace(blind_nil_fail=200)
    hand = score(rules, "N:4 E:3 S:nil W:bnil", "S:0 W:2 N:6 E:5",
                 before={"NS": Standing(340, 3), "EW": Standing(320, 5)})
    assert hand.result_text == "NS 6/4, EW 5/3, S nil made, W blind nil failed"
    assert hand.score_text == "NS:+142 EW:-166"
    assert hand.total_text == "NS:482/bags5 EW:154/bags9"


def test_the_spades_save_example_under_its_own_rules_line() -> None:
    # The same hand under the block's printed Rules line (blindnilfail=100): EW 34 − 100 = −66.
    hand = score(PARTNER, "N:4 E:3 S:nil W:bnil", "S:0 W:2 N:6 E:5",
                 before={"NS": Standing(340, 3), "EW": Standing(320, 5)})
    assert hand.score_text == "NS:+142 EW:-66"
    assert hand.total_text == "NS:482/bags5 EW:254/bags9"


# -- the books always balance ----------------------------------------------------------------------

RULE_SETS: list[Rules] = [variant.rules for variant in PRESETS.values()] + [
    PARTNER.replace(double_set=True, ten_for_200=True, boston=250, moe=True),
    PARTNER.replace(nil_tricks="partner", bonus_bid=9, blind_team=0),
    PARTNER.replace(team_nil=60, bags=(5, 50)),
    SOLO.replace(seven_for_140=True, bags=(3, 30)),
]

BIDS = st.one_of(st.integers(0, 13).map(Bid), st.integers(0, 13).map(lambda n: Bid(n, blind=True)))


@given(rules=st.sampled_from(RULE_SETS),
       bids=st.fixed_dictionaries({seat: BIDS for seat in SEATS}),
       winners=st.lists(st.sampled_from(SEATS), min_size=13, max_size=13),
       points=st.lists(st.integers(-500, 600), min_size=4, max_size=4),
       bags=st.lists(st.integers(0, 30), min_size=4, max_size=4))
def test_parts_sum_to_the_score_and_total_is_before_plus_score(rules: Rules, bids: dict[str, Bid],
                                                                winners: list[str], points: list[int],
                                                                bags: list[int]) -> None:
    limit, penalty = rules.bags
    before = {side: Standing(points[i], bags[i] % limit if limit else bags[i])
              for i, side in enumerate(sides(rules.partners))}
    hand = score_hand(rules, bids, taken_from(winners), winners, before)
    check_books(hand, before)
    assert tuple(hand.sides) == sides(rules.partners)
    for side, result in hand.sides.items():
        # Each bag is one point; every penalty takes `limit` bags off the count.
        assert result.parts["bags"] == result.bags_taken >= 0
        if limit:
            penalties = -result.parts["bag_penalty"] // penalty
            assert result.parts["bag_penalty"] == -penalties * penalty
            assert result.after.bags == before[side].bags + result.bags_taken - penalties * limit
            assert 0 <= result.after.bags < limit
        else:
            assert result.parts["bag_penalty"] == 0
    assert hand.score_text == " ".join(f"{s}:{'+' if r.total >= 0 else '-'}{abs(r.total)}"
                                       for s, r in hand.sides.items())
    assert hand.total_text == " ".join(f"{s}:{r.after.points}/bags{r.after.bags}" for s, r in hand.sides.items())


# -- end to end: a dealt and played hand --------------------------------------------------------------

def bid_in_turn(hand: Hand, bids: str) -> None:
    """Each seat looks at its cards (where it could bid blind) and makes its bid."""
    wanted = bids_of(bids)
    while hand.phase in ("blind", "bid"):
        seat = hand.to_act
        if hand.phase == "blind":
            hand.look(seat)
        else:
            hand.bid(seat, wanted[seat])


def play_out(hand: Hand) -> None:
    """Play every trick. In these deals the winner of each trick is forced, whatever is chosen."""
    while hand.phase == "play":
        seat = hand.to_act
        hand.play(seat, hand.legal_plays(seat)[0])


def one_suit_each(spades: str, hearts: str, diamonds: str, clubs: str) -> dict[str, list[Card]]:
    """A deal where each seat holds all thirteen cards of one suit."""
    held: dict[str, list[Card]] = {}
    for seat, suit in ((spades, "S"), (hearts, "H"), (diamonds, "D"), (clubs, "C")):
        held[seat] = cards(" ".join(rank + suit for rank in "AKQJT98765432"))
    return held


def test_a_played_hand_where_south_holds_every_spade_scores_boston_big_moe_and_ten_for_200() -> None:
    rules = PARTNER.replace(boston=300, ten_for_200=True, moe=True)
    hand = Hand.from_holdings(rules, "E", one_suit_each(spades="S", hearts="W", diamonds="N", clubs="E"))
    # East deals, South bids and leads first. South holds only spades, so may lead them though unbroken,
    # and nobody else holds a spade: South wins all 13 tricks.
    bid_in_turn(hand, "S:10 W:2 N:nil E:1")
    play_out(hand)
    assert hand.phase == "done"
    assert [t.winner for t in hand.tricks] == ["S"] * 13
    assert hand.taken == {"S": 13, "W": 0, "N": 0, "E": 0}
    result = hand.score
    assert result is not None
    # NS: S bid 10, took 13 → 100 + 3 bags; 10-for-200 +100; Boston +300; Big Moe +100 (tricks 1–8);
    # N nil made +100 → 703. EW: 3 bid, 0 taken → −30.
    assert parts(result, "NS") == {"contract": 100, "bags": 3, "nil": 100, "bonus": 500}
    assert result.result_text == "NS 13/10, EW 0/3, N nil made"
    assert result.score_text == "NS:+703 EW:-30"
    assert result.total_text == "NS:703/bags3 EW:-30/bags0"


def test_a_played_hand_where_west_holds_every_spade_pays_the_bag_penalty() -> None:
    standings = {"NS": Standing(0, 0), "EW": Standing(100, 5)}
    hand = Hand.from_holdings(PARTNER, "S", one_suit_each(spades="W", hearts="S", diamonds="N", clubs="E"),
                              standings=standings)
    # South deals, West bids and leads first with nothing but spades: West wins all 13 tricks.
    bid_in_turn(hand, "W:6 N:4 E:nil S:3")
    play_out(hand)
    assert hand.taken == {"S": 0, "W": 13, "N": 0, "E": 0}
    result = hand.score
    assert result is not None
    # EW: W bid 6, took 13 → 60 + 7; E nil made +100; bags 5 + 7 = 12 → −100, 2 left. 67 + 100 − 100 = 67;
    # total 100 + 67 = 167. NS: 7 bid, 0 taken → −70. Boston and Moe are off in Partner.
    assert parts(result, "EW") == {"contract": 60, "bags": 7, "nil": 100, "bag_penalty": -100}
    assert result.result_text == "NS 0/7, EW 13/6, E nil made"
    assert result.score_text == "NS:-70 EW:+67"
    assert result.total_text == "NS:-70/bags0 EW:167/bags2"


def test_bags_weighed_charge_each_bag_its_share_instead_of_the_penalty():
    from game.bids import Bid
    from game.rules import PRESETS
    from game.scoring import Standing, bag_share, bags_weighed, score_hand

    rules = PRESETS["partner"].rules
    bids = {seat: Bid(3) for seat in "SWNE"}
    taken = {"S": 4, "W": 2, "N": 4, "E": 3}
    score = score_hand(rules, bids, taken, ["S"] * 13, {"NS": Standing(0, 9), "EW": Standing(0, 0)})
    us = score.sides["NS"]
    assert us.total == 60 + 2 - 100
    assert bag_share(rules) == 10
    assert bags_weighed(us, bag_share(rules)) == 60 + 2 - 2 * 10
    assert bag_share(rules.replace(bags=(0, 0))) == 0
