"""The perfect-play solver: its move generator follows the rules of play, and its values
equal a plain exhaustive search of every way the last tricks can be played."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from deals import bid_through, deal

from game import legality
from game.bids import Bid
from game.cards import DECKS, Card, card, cards, mask_of
from game.hand import Hand
from game.players import solver as solver_module
from game.players.search import bag_outlook, hands_after
from game.players.solver import (
    OutOfEffort,
    OutOfTime,
    Position,
    legal_mask,
    outlook_worth,
    play_tables,
    solve_cards,
    solver_for,
    trick_state,
)
from game.rules import PRESETS, Rules
from game.scoring import SideScore, Standing, score_hand
from game.seats import SEATS, next_seat, side_of, sides
from game.view import SeatView, seat_view

PARTNER = PRESETS["partner"].rules
RULE_SETS: dict[str, Rules] = {
    **{variant_id: variant.rules for variant_id, variant in PRESETS.items()},
    "mustbeat-lowclub": Rules.parse("mustbeat=1 lowclub=1", base=PARTNER),
    "mustbeat-lowclub-jokers": Rules.parse("mustbeat=1 lowclub=1 deck=jokers", base=PARTNER),
    "deuces-custom": Rules.parse("deck=deuces mustbeat=1 broken=0 teamnil=50 doubleset=1 boston=200 "
                                 "sevenfor140=1 bonusbid=7 niltricks=partner", base=PARTNER),
    "solo-jokers": Rules.parse("deck=jokers", base=PRESETS["solo"].rules),
}
"""Every preset, and custom rule sets mixing the options of play and of scoring."""


# ---------------------------------------------------------------------------
# Random positions from the engine


def random_hand(rules: Rules, rng: random.Random, cards_left: int, standings: dict | None = None) -> Hand:
    """A hand dealt and bid at random, then played at random until `cards_left` cards remain."""
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng, standings=standings)
    bid_through(hand, rng)
    while 52 - 4 * len(hand.tricks) - len(hand.trick) > cards_left:
        hand.play(hand.to_act, rng.choice(hand.legal_plays()))
    return hand


def random_standings(rules: Rules, rng: random.Random) -> dict[str, Standing]:
    """Scores and bag counts before the hand, bags near the limit now and then."""
    limit = rules.bag_limit or 10
    return {side: Standing(rng.randrange(-200, 400, 10), rng.choice([0, limit - 1, limit - 2, rng.randrange(limit)]))
            for side in sides(rules.partners)}


# ---------------------------------------------------------------------------
# The plain exhaustive search the solver must agree with


Worth = Callable[[SideScore], float]


def exhaustive_values(start: Hand | Position, worth: Worth = lambda s: float(s.total),
                      side: str | None = None) -> dict[Card, float]:
    """The value of each legal card for `side` (default: the side of the seat to act): that
    side's worth minus the mean worth of the other sides at the end of the hand, when its
    seats maximise it and every other seat minimises it, every legal card tried at every
    turn with the engine's own legality, trick winners and scoring. The only shortcut: a
    position met again (the same cards held, trick, leader and trick winners so far,
    in order where Moe needs it) is not searched twice."""
    position = Position.of_hand(start) if isinstance(start, Hand) else start
    rules = position.rules
    deck = DECKS[rules.deck]
    side = side or side_of(position.to_act, rules.partners)
    others = [o for o in sides(rules.partners) if o != side]
    holdings = dict(position.holdings)
    winners = list(position.winners)

    scored: dict[tuple[str, ...], float] = {}

    def finished() -> float:
        key = (*sorted(winners[8:]), *winners[:8])  # the order only matters for Moe
        if key not in scored:
            taken = {s: winners.count(s) for s in SEATS}
            score = score_hand(rules, position.bids, taken, winners, position.standings)
            scored[key] = worth(score.sides[side]) - sum(worth(score.sides[o]) for o in others) / len(others)
        return scored[key]

    def after(trick: list[tuple[str, Card]], leader: str, broken: bool, seat: str, choice: Card) -> float:
        holdings[seat] &= ~choice.bit
        played = [*trick, (seat, choice)]
        broken = broken or deck.suit_of[choice.index] == legality.SPADES
        if len(played) < 4:
            result = value(played, leader, broken)
        else:
            winners.append(played[legality.trick_winner_index(deck, [c for _, c in played])][0])
            result = value([], winners[-1], broken) if len(winners) < 13 else finished()
            winners.pop()
        holdings[seat] |= choice.bit
        return result

    def choices(trick: list[tuple[str, Card]], seat: str, broken: bool) -> list[Card]:
        allowed = legality.legal_play_mask(rules, deck, holdings[seat], [c for _, c in trick], len(winners) + 1,
                                           broken)
        return [c for c in deck.cards if allowed & c.bit]

    known: dict[tuple, float] = {}

    def value(trick: list[tuple[str, Card]], leader: str, broken: bool) -> float:
        state = (*holdings.values(), *trick, leader, broken, *sorted(winners[8:]), *winners[:8])
        if state not in known:
            seat = next_seat(leader, len(trick))
            results = [after(trick, leader, broken, seat, c) for c in choices(trick, seat, broken)]
            known[state] = max(results) if side_of(seat, rules.partners) == side else min(results)
        return known[state]

    trick = list(position.trick)
    return {c: after(trick, position.leader, position.spades_broken, position.to_act, c)
            for c in choices(trick, position.to_act, position.spades_broken)}


# ---------------------------------------------------------------------------
# The move generator


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_fast_legal_cards_agree_with_the_rules_of_play(name: str) -> None:
    """At every turn of 12 random hands, the solver's bitmask rules allow exactly the cards
    :func:`game.legality.legal_play_mask` allows."""
    rules = RULE_SETS[name]
    deck = DECKS[rules.deck]
    tables = play_tables(deck)
    rng = random.Random(name)
    for _ in range(12):
        hand = random_hand(rules, rng, 52)
        while hand.phase == "play":
            trick = [c for _, c in hand.trick]
            led, best_led, best_trump, _ = trick_state(tables, [c.index for c in trick]) if trick else (0, 0, -1, 0)
            holding = hand.holding_mask(hand.to_act)
            fast = legal_mask(rules, tables, holding, led, best_led, best_trump, not hand.tricks, not trick,
                              hand.spades_broken)
            assert fast == legality.legal_play_mask(rules, deck, holding, trick, len(hand.tricks) + 1,
                                                    hand.spades_broken)
            hand.play(hand.to_act, rng.choice(hand.legal_plays()))


def test_trick_state_names_the_winning_card_as_the_engine_does() -> None:
    rng = random.Random(5)
    for name in ("partner", "dunn", "mustbeat-lowclub-jokers", "deuces-custom"):
        rules = RULE_SETS[name]
        tables = play_tables(DECKS[rules.deck])
        for _ in range(10):
            hand = random_hand(rules, rng, 0)
            for trick in hand.tricks:
                played = [c for _, c in trick.plays]
                assert trick_state(tables, [c.index for c in played])[3] == \
                    legality.trick_winner_index(hand.deck, played)


# ---------------------------------------------------------------------------
# Values against the exhaustive search


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_solver_values_equal_exhaustive_search_on_random_endings(name: str) -> None:
    """14 random endings per rule set: the last three tricks, and up to three cards more of
    the fourth-last trick, with random bids and standings (bags near the limit at times)."""
    rules = RULE_SETS[name]
    rng = random.Random(f"endings {name}")
    for cards_left in [12] * 6 + [13] * 4 + [14, 14, 15, 15]:
        hand = random_hand(rules, rng, cards_left, random_standings(rules, rng))
        assert_values_agree(solve_cards(Position.of_hand(hand)), exhaustive_values(hand))


def test_solver_values_equal_exhaustive_search_on_four_trick_endings() -> None:
    rng = random.Random(16)
    for name in ("partner", "solo", "mustbeat-lowclub"):
        rules = RULE_SETS[name]
        hand = random_hand(rules, rng, 16, random_standings(rules, rng))
        assert_values_agree(solve_cards(Position.of_hand(hand)), exhaustive_values(hand))


def random_ending(rules: Rules, rng: random.Random, tricks_left: int) -> Position:
    """An ending the random play of whole hands seldom reaches: any cards of the deck dealt
    `tricks_left` to a seat, spades broken or not (leading a spade allowed only once they
    are), the finished tricks won at random, up to three cards of the trick played
    (legally), with a random hand's bids and random standings."""
    deck = DECKS[rules.deck]
    pool = rng.sample(deck.cards, 4 * tricks_left)
    winners = tuple(rng.choice(SEATS) for _ in range(13 - tricks_left))
    bids = random_hand(rules, rng, 52).bids
    position = Position(rules, {seat: mask_of(pool[i::4]) for i, seat in enumerate(SEATS)}, (), rng.choice(SEATS),
                        {s: winners.count(s) for s in SEATS}, winners, rng.random() < 0.5, bids,
                        random_standings(rules, rng))
    for _ in range(rng.randrange(4)):
        position = position.after(rng.choice(position.legal()))
    return position


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_solver_values_equal_exhaustive_search_on_dealt_endings(name: str) -> None:
    """Sixteen endings of three tricks and six of four per rule set, dealt at random (spades
    unbroken half the time, so leading them may be barred; must-beat and the jokers and
    deuces decks where the rules have them): every legal card's value is the exhaustive
    search's."""
    rules = RULE_SETS[name]
    rng = random.Random(f"dealt {name}")
    for tricks_left in [3] * 16 + [4] * 6:
        position = random_ending(rules, rng, tricks_left)
        assert_values_agree(solve_cards(position), exhaustive_values(position))


@pytest.mark.parametrize("name", ["dunn", "deuces-custom", "mustbeat-lowclub-jokers"])
def test_a_trick_start_with_fourteen_to_sixteen_spades_still_held_is_valued_exactly(name: str) -> None:
    """The jokers and deuces decks have sixteen spades, so a suit can hold more cards than
    the thirteen of a plain deck: four tricks from the end with 14 to 16 spades among the
    16 cards held, the solver's value of the trick start (its table keys and its bounds
    read each suit's holders) is the exhaustive search's best card for the leader's side."""
    rules = RULE_SETS[name]
    deck = DECKS[rules.deck]
    spades = [c for c in deck.cards if deck.suit_of[c.index] == legality.SPADES]
    others = [c for c in deck.cards if deck.suit_of[c.index] != legality.SPADES]
    rng = random.Random(f"sixteen {name}")
    for count in (16, 15, 14):
        pool = rng.sample(spades, count) + rng.sample(others, 16 - count)
        rng.shuffle(pool)
        winners = tuple(rng.choice(SEATS) for _ in range(9))
        position = Position(rules, {seat: mask_of(pool[4 * i:4 * i + 4]) for i, seat in enumerate(SEATS)}, (),
                            rng.choice(SEATS), {s: winners.count(s) for s in SEATS}, winners, True,
                            {s: Bid.parse(rng.choice(["1", "2", "3", "4", "nil"])) for s in SEATS},
                            random_standings(rules, rng))
        assert solver_for(position).value(position) == pytest.approx(max(exhaustive_values(position).values()))


def test_a_worth_with_the_bag_outlook_is_searched_exactly_too() -> None:
    """Expert's worth (the bag penalty still to come counted) gives fractional values."""
    rng = random.Random(17)
    for name in ("partner", "solo", "suicide"):
        rules = RULE_SETS[name]
        for _ in range(8):
            standings = random_standings(rules, rng)
            hand = random_hand(rules, rng, rng.randint(12, 14), standings)
            outlook = bag_outlook(rules, hands_after(rules, hand.standings), len(hand.standings))
            position = Position.of_hand(hand)
            assert_values_agree(solve_cards(position, outlook_worth(rules, hand.standings)),
                                exhaustive_values(hand, lambda s, ahead=outlook: s.total - ahead[s.after.bags]))


def test_one_solver_serves_many_positions_of_a_hand_and_both_sides() -> None:
    """A solver keeps its table between positions; with partners the other side's value is
    the negative of the solver's side's."""
    rng = random.Random(18)
    hand = random_hand(PARTNER, rng, 14)
    solver = solver_for(Position.of_hand(hand), seat="S")
    for _ in range(6):
        position = Position.of_hand(hand)
        exhaustive = exhaustive_values(hand)
        sign = 1 if hand.side(hand.to_act) == "NS" else -1
        assert_values_agree({c: sign * v for c, v in solver.card_values(position).items()}, exhaustive)
        hand.play(hand.to_act, rng.choice(hand.legal_plays()))


@pytest.mark.parametrize("name", ["dunn", "partner", "solo", "deuces-custom"])
def test_a_solver_table_shared_by_many_positions_never_changes_an_answer(name: str) -> None:
    """Positions about six tricks from the end of two hands (Moe still open in Dunn),
    all given the same bids, each with its finished tricks won in several different ways:
    one solver answering all of them agrees with a fresh solver for each, so what the
    table shares between taken states, and between cards that rank alike, is sound."""
    rules = RULE_SETS[name]
    rng = random.Random(f"shared {name}")
    standings = random_standings(rules, rng)
    shared = None
    bids = None
    for _ in range(2):
        hand = random_hand(rules, rng, rng.choice([24, 25, 26]), standings)
        bids = bids or hand.bids
        position = Position.of_hand(hand)
        for _ in range(3):
            winners = tuple(rng.choice(SEATS) for _ in position.winners)
            variant = dataclasses.replace(position, winners=winners, taken={s: winners.count(s) for s in SEATS},
                                          bids=bids)
            shared = shared or solver_for(variant, seat="S")
            assert shared.value(variant) == pytest.approx(solver_for(variant, seat="S").value(variant), abs=1e-9)


def test_a_full_table_starts_afresh_without_changing_an_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(21)
    hand = random_hand(PARTNER, rng, 24)
    expected = solve_cards(Position.of_hand(hand))
    monkeypatch.setattr(solver_module, "MAX_TABLE", 20)
    solver = solver_for(Position.of_hand(hand))
    assert solver.card_values(Position.of_hand(hand)) == expected
    assert 0 < solver.stored <= 20


def test_a_position_from_a_seat_view_and_a_deal_is_the_hands_position() -> None:
    """Expert's entry point: its view of the table and a deal of the cards it cannot see."""
    rng = random.Random(20)
    for name in ("partner", "dunn", "solo"):
        hand = random_hand(RULE_SETS[name], rng, rng.randint(12, 18))
        deal_now = {s: hand.holding_mask(s) for s in SEATS}
        view = seat_view(hand, hand.to_act)
        from_view = Position.from_view(view, deal_now)
        assert from_view == Position.of_hand(hand)
        assert Position.from_seat_view(SeatView.from_dict(view), deal_now) == from_view
        assert solve_cards(from_view) == solve_cards(Position.of_hand(hand))


def assert_values_agree(solved: dict[Card, float], exhaustive: dict[Card, float]) -> None:
    assert solved.keys() == exhaustive.keys()
    for choice, value in exhaustive.items():
        assert solved[choice] == pytest.approx(value, abs=1e-9), choice


# ---------------------------------------------------------------------------
# Moe and whole-hand bonuses


def test_big_moe_and_boston_count_in_the_value() -> None:
    """South holds all thirteen top trumps of the jokers deck (Dunn: Moe, Boston): whatever
    happens, North-South take every trick, so the value at any point is the score of that."""
    rules = PRESETS["dunn"].rules
    hand = deal(rules, S="BJLJAKQJT98762...2")
    bid_through(hand, random.Random(2))
    rng = random.Random(3)
    while len(hand.tricks) < 10:
        hand.play(hand.to_act, rng.choice(hand.legal_plays()))
    values = solve_cards(Position.of_hand(hand))
    taken = {"S": 13, "W": 0, "N": 0, "E": 0}
    score = score_hand(rules, hand.bids, taken, ["S"] * 13, hand.standings)
    assert "Big Moe" in score.sides["NS"].bonuses and "Boston" in score.sides["NS"].bonuses
    expected = score.sides["NS"].total - score.sides["EW"].total
    assert set(values.values()) == {expected if hand.side(hand.to_act) == "NS" else -expected}
    assert_values_agree(values, exhaustive_values(hand))


@pytest.mark.parametrize("run", ["little moe, run of 6", "little moe, run of 7", "big moe", "none"])
def test_moe_bonuses_follow_the_first_tricks_winners(run: str) -> None:
    """Endings of hands whose first eight tricks went a chosen way: North-South play their
    highest cards so that runs happen, and the ending is kept when its winners match."""
    rules = RULE_SETS["dunn"]
    rng = random.Random(run)
    wanted = {"little moe, run of 6": 6, "little moe, run of 7": 7, "big moe": 8, "none": 0}[run]
    found = 0
    while found < 3:
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
        bid_through(hand, rng)
        while 52 - 4 * len(hand.tricks) - len(hand.trick) > 12:
            legal = hand.legal_plays()
            strongest = max(legal, key=lambda c: (hand.deck.suit_of[c.index] == 0, hand.deck.power[c.index]))
            hand.play(hand.to_act, strongest if hand.side(hand.to_act) == "NS" else rng.choice(legal))
        sides_won = [hand.side(t.winner) for t in hand.tricks[:8]]
        first_run = next((i for i, side in enumerate(sides_won) if side != sides_won[0]), 8)
        if first_run == wanted or (wanted == 0 and first_run < 6):
            assert_values_agree(solve_cards(Position.of_hand(hand)), exhaustive_values(hand))
            found += 1


# ---------------------------------------------------------------------------
# Worked examples


def ending(rules: Rules, holdings: dict[str, str], leader: str, taken: dict[str, int], bids: dict[str, str],
           trick: str = "", standings: dict[str, Standing] | None = None,
           winners: tuple[str, ...] | None = None) -> Position:
    """A position near the end of a hand: holdings in card text, tricks taken so far (the
    winners list follows them unless given, in order, for Moe), bids by seat."""
    winners = winners or tuple(seat for seat in SEATS for _ in range(taken[seat]))
    played = tuple(zip([next_seat(leader, i) for i in range(4)], cards(trick), strict=False))
    return Position(rules, {s: mask_of(cards(text)) for s, text in holdings.items()}, played, leader,
                    taken, winners, True, {s: Bid.parse(b) for s, b in bids.items()},
                    standings or {side: Standing() for side in sides(rules.partners)})


def test_big_moe_still_open_at_the_eighth_trick_is_counted_beside_a_sure_trick_elsewhere() -> None:
    """Dunn: North-South won the first seven tricks and North leads the eighth with the top
    two cards of each side suit; West's 9♠, the only spade left, is a sure trick for it.
    North leads a top heart and wins the eighth trick (Big Moe, where a lost eighth trick
    would leave Little Moe); West ruffs the second round of hearts later. What the rest of
    the hand can still bring (Big Moe among it) must count in the bounds a sure trick gives."""
    rules = RULE_SETS["dunn"]
    winners = ("N", "S", "N", "N", "S", "S", "N")
    position = ending(rules, {"N": "AH KH AD KD AC KC", "E": "QH JH QD JD QC JC", "S": "TH 9H TD 9D TC 9C",
                              "W": "9S 8H 8D 7D 8C 7C"}, "N", {s: winners.count(s) for s in SEATS},
                      {"S": "4", "W": "3", "N": "4", "E": "2"}, winners=winners)
    exhaustive = exhaustive_values(position)
    assert solver_for(position).value(position) == max(exhaustive.values())
    assert_values_agree(solve_cards(position), exhaustive)


def test_leading_the_ace_first_keeps_the_bag_a_low_lead_gives_away() -> None:
    """Two tricks left, every seat bid 3, North-South have 6 tricks and East-West 5.
    South holds A♥ 2♥, East K♥ 3♠, West and North two low diamonds and clubs.
    A♥ first: East must follow with the K♥, then East ruffs the 2♥: 7 tricks to 6,
    NS 61 (a bag) against EW 60. The 2♥ first: East wins it with the K♥ and its 3♠
    then ruffs the A♥: 6 to 7, NS 60 against EW 61. The 2♥ throws away 2 points."""
    position = ending(PARTNER, {"S": "AH 2H", "W": "2D 3D", "N": "2C 3C", "E": "KH 3S"}, "S",
                      {"S": 3, "W": 3, "N": 3, "E": 2}, dict.fromkeys(SEATS, "3"))
    values = solve_cards(position)
    assert values == {card("AH"): 1.0, card("2H"): -1.0}
    assert mark_of(values, card("AH")) == "=" and mark_of(values, card("2H")) == "-2"


def test_a_nil_bidder_must_not_win_the_trick_even_at_a_cost_in_bags() -> None:
    """Two tricks left. North bid nil and has taken nothing; East led the Q♦, South threw
    the 4♣, West played the 9♦, and North holds K♦ 2♦. Ducking with the 2♦: East wins and
    leads the 4♥, which West ruffs: NS 41 + 100 for the nil, EW 62 (8 tricks on 6): +79.
    The K♦ wins the trick and breaks the nil: NS 42 - 100, EW 61: -119. The K♦ throws
    away 198 points."""
    position = ending(PARTNER, {"S": "5C", "W": "3S", "N": "KD 2D", "E": "4H"}, "E",
                      {"S": 5, "W": 3, "N": 0, "E": 3}, {"S": "4", "W": "3", "N": "nil", "E": "3"},
                      trick="QD 4C 9D")
    values = solve_cards(position)
    assert values == {card("2D"): 79.0, card("KD"): -119.0}
    assert mark_of(values, card("KD")) == "-198" and mark_of(values, card("2D")) == "="


def test_in_solo_each_seat_plays_for_itself_against_the_three_others() -> None:
    """Solo (paranoid convention): South's value is its hand score minus the mean of the
    three others', the others playing together against it. South bid 2 and has 1 trick;
    it holds the A♠ (a sure trick) and the 2♥; the others hold nothing above its needs.
    Whatever the order, South makes 2 exactly: 20, against the others' scores."""
    rules = PRESETS["solo"].rules
    position = ending(rules, {"S": "AS 2H", "W": "3H 4D", "N": "5H 6D", "E": "7H 8D"}, "S",
                      {"S": 1, "W": 4, "N": 3, "E": 3}, {"S": "2", "W": "4", "N": "3", "E": "4"})
    values = solve_cards(position)
    # South: AS wins, 2H loses to the 7H (East ends with 4 tricks: made).
    # W 4/4 = 40, N 3/3 = 30, E 4/4 = 40, S 2/2 = 20: 20 - (40 + 30 + 40) / 3.
    assert values[card("AS")] == pytest.approx(20 - 110 / 3)
    assert values[card("2H")] == pytest.approx(values[card("AS")])


def mark_of(values: dict[Card, float], played: Card) -> str:
    from game.players.analyse import mark_text

    return mark_text(max(values.values()) - values[played])


# ---------------------------------------------------------------------------
# Time


def test_a_search_past_its_deadline_stops_with_out_of_time() -> None:
    rng = random.Random(19)
    hand = random_hand(PARTNER, rng, 52)
    position = Position.of_hand(hand)
    with pytest.raises(OutOfTime):
        solve_cards(position, deadline=0.0)


def test_a_search_past_its_effort_stops_and_a_larger_effort_finishes_it_unchanged() -> None:
    """Expert counts its endgame effort in trick starts: past the limit the search stops with
    OutOfEffort (an OutOfTime), and what the table kept gives the same values once allowed more."""
    rng = random.Random(22)
    hand = random_hand(PARTNER, rng, 28)
    position = Position.of_hand(hand)
    solver = solver_for(position, max_starts=10)
    with pytest.raises(OutOfEffort):
        solver.card_values(position)
    assert solver.trick_starts == 11
    solver.max_starts = None
    assert solver.card_values(position) == solve_cards(position)
