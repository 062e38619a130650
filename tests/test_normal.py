"""The Normal computer level: only legal choices under every rule set, the obvious
answer in known positions, and decisions that depend on the seat view alone."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from game.cards import DECKS, cards, parse_hand
from game.game import Game
from game.hand import Hand
from game.players import RandomPlayer, decide, play_game
from game.players.levels import LEVELS
from game.players.normal import NormalPlayer
from game.rules import PRESETS, Rules
from game.scoring import Standing
from game.seats import SEATS, sides
from game.view import SeatView, ViewError, seat_view

PARTNER = PRESETS["partner"].rules
SOLO = PRESETS["solo"].rules
RULE_SETS: dict[str, Rules] = {
    **{variant_id: variant.rules for variant_id, variant in PRESETS.items()},
    "mustbeat-lowclub": Rules.parse("mustbeat=1 lowclub=1", base=PARTNER),
    "jokers": Rules.parse("deck=jokers", base=PARTNER),
    "deuces": Rules.parse("deck=deuces", base=PARTNER),
    "exchange2-blindnil": Rules.parse("exchange=2", base=PARTNER),
    "misdeal": Rules.parse("misdeal=1", base=PARTNER),
    "bonusbid": Rules.parse("bonusbid=7 tenfor200=1", base=PARTNER),
    "blindteam0": Rules.parse("blindteam=0", base=PARTNER),
    "niltricks-partner-doubleset": Rules.parse("niltricks=partner doubleset=1 bags=0/0", base=PARTNER),
}


def normal(seat: str, rules: Rules, seed: int = 0) -> NormalPlayer:
    return NormalPlayer(seat, rules.to_dict(), seed)


def check_answer(view: dict, answer: object) -> None:
    """The answer is a choice the view offers (an exchange: distinct legal cards, as many as allowed)."""
    legal = view["legal"]
    if view["phase"] != "exchange":
        assert answer in legal
        return
    assert isinstance(answer, list) and len(set(answer)) == len(answer) and set(answer) <= set(legal)
    giving = view["bids"].get(view["seat"]) == "bnil" and len(view["hand"]) == 13
    if giving:
        assert 1 <= len(answer) <= view["exchange_count"]
    else:
        assert len(answer) == view["exchange_count"]


def play_checked(hand: Hand, players: dict) -> None:
    """Play the hand to its end, checking every answer of a Normal player."""
    while hand.phase not in ("done", "misdealt"):
        seat = hand.to_act
        view = seat_view(hand, seat)
        answer = decide(players[seat], view)
        if isinstance(players[seat], NormalPlayer):
            check_answer(view, answer)
        hand.apply(seat, answer)


def standings_for(rules: Rules, rng: random.Random) -> dict[str, Standing]:
    """A score situation that is sometimes far behind (blind bids open) and near the bag limit."""
    return {side: Standing(rng.choice((-250, -100, 0, 150, 300)), rng.randrange(10)) for side in sides(rules.partners)}


@pytest.mark.parametrize("rules_id", RULE_SETS)
def test_normal_answers_only_legal_choices(rules_id: str) -> None:
    rules = RULE_SETS[rules_id]
    for number in range(24):
        rng = random.Random(f"{rules_id}:{number}")
        # Half the hands mix in random players, whose odd bids (blind nils, nils) Normal must handle.
        mixed = number % 2 == 1
        players = {seat: (RandomPlayer(seat, rules.to_dict(), number) if mixed and seat == "W"
                          else normal(seat, rules, number)) for seat in SEATS}
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng, number=1 + number % 5,
                             standings=standings_for(rules, rng))
        play_checked(hand, players)


@pytest.mark.parametrize("rules_id", ["partner", "solo", "suicide", "dunn"])
def test_normal_plays_whole_games(rules_id: str) -> None:
    rules = RULE_SETS[rules_id]
    game = Game(rules, seed=5)
    players = {seat: normal(seat, rules, i) for i, seat in enumerate(SEATS)}
    play_game(game, players)
    assert game.over and game.winner is not None


@pytest.mark.parametrize("rules_id", ["partner", "solo", "dunn", "suicide"])
def test_the_last_tricks_solved_with_the_hands_solver_kept_choose_as_a_fresh_one(rules_id: str) -> None:
    """Normal keeps its solver through a hand's last tricks (from four cards while a nil stands,
    as in every Suicide hand): every such card is the one a new Normal player, solving from
    nothing, chooses in the same view."""
    rules = RULE_SETS[rules_id]
    compared = 0
    for number in range(6):
        rng = random.Random(f"endgame {rules_id}:{number}")
        players = {seat: normal(seat, rules, number) for seat in SEATS}
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng, standings=standings_for(rules, rng))
        while hand.phase != "done":
            seat = hand.to_act
            view = seat_view(hand, seat)
            answer = decide(players[seat], view)
            if hand.phase == "play" and 1 < len(view["legal"]) and len(view["hand"]) <= NormalPlayer.nil_endgame_cards:
                assert answer == decide(normal(seat, rules, number), view)
                compared += 1
            hand.apply(seat, answer)
    assert compared >= 12


@pytest.mark.parametrize("rules_id", ["partner", "suicide"])
def test_normal_solves_one_card_sooner_while_a_nil_stands(rules_id: str) -> None:
    """Normal solves its last three cards on 8 deals; its last four too, on 4 deals, while some
    seat's nil still stands (every Suicide hand has two nils); never earlier."""
    rules = RULE_SETS[rules_id]
    solved_at_four = {True: 0, False: 0}
    for number in range(12):
        rng = random.Random(f"nil endgame {rules_id}:{number}")
        players = {seat: normal(seat, rules, number) for seat in SEATS}
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
        while hand.phase != "done":
            seat = hand.to_act
            view = seat_view(hand, seat)
            if hand.phase == "play":
                seen = SeatView.from_dict(view)
                deals = players[seat].endgame_deals_for(seen)
                held = len(seen.hand)
                nil_stands = any(seen.nil_alive(s) for s in seen.bids)
                if held <= 3:
                    assert deals == 8
                elif held == 4:
                    assert deals == (4 if nil_stands else 0)
                    solved_at_four[nil_stands] += 1
                else:
                    assert deals == 0
            hand.apply(seat, decide(players[seat], view))
    assert solved_at_four[True] > 0
    assert rules_id == "suicide" or solved_at_four[False] > 0


def test_normal_is_a_computer_level() -> None:
    assert LEVELS["normal"] is NormalPlayer


# ---------------------------------------------------------------------------
# Known positions

def deal(rules: Rules, dealer: str, standings: dict[str, Standing] | None = None, **hands: str) -> Hand:
    """A hand with the given seats' cards (Deal notation); the others share the rest in deck order."""
    holdings = {seat: parse_hand(text) for seat, text in hands.items()}
    used = {card for held in holdings.values() for card in held}
    rest = [card for card in DECKS[rules.deck].cards if card not in used]
    for seat in SEATS:
        if seat not in holdings:
            holdings[seat], rest = rest[:13], rest[13:]
    return Hand.from_holdings(rules, dealer, holdings, standings=standings)


def drive(hand: Hand, choices: Iterable[str]) -> Hand:
    """Apply choices in turn for whoever is to act (blind seats look first)."""
    for choice in choices:
        if hand.phase == "blind" and not choice.startswith("b"):
            hand.apply(hand.to_act, "look")
        hand.apply(hand.to_act, choice)
    return hand


def ask(hand: Hand, seed: int = 0) -> Any:
    """Normal's answer for the seat to act (a seat offered a blind bid looks first)."""
    seat = hand.to_act
    assert seat is not None
    view = seat_view(hand, seat)
    if hand.phase == "blind":
        hand.apply(seat, "look")
        view = seat_view(hand, seat)
    answer = decide(normal(seat, hand.rules, seed), view)
    check_answer(view, answer)
    return answer


def bid_for(rules: Rules, text: str) -> str:
    """Normal's bid for South's hand in Deal notation, South bidding first."""
    return ask(deal(rules, "E", S=text))


def test_looks_at_its_cards_unless_far_behind() -> None:
    level = {"NS": Standing(120, 3), "EW": Standing(150, 2)}
    for seed in range(40):
        hand = Hand.shuffled(PARTNER, "E", random.Random(seed), standings=level)
        assert hand.phase == "blind"
        assert decide(normal("S", PARTNER, seed), seat_view(hand, "S")) == "look"


def test_bids_nil_with_a_truly_low_hand() -> None:
    assert bid_for(PARTNER, "32.7532.6432.543") == "nil"


def test_bids_a_big_number_with_a_strong_hand() -> None:
    assert int(bid_for(PARTNER, "AKQJ5.AK3.AK2.32")) >= 9


def test_three_top_spades_and_three_side_aces_bid_about_six() -> None:
    assert 5 <= int(bid_for(PARTNER, "AKQ.A742.A85.A96")) <= 7


def test_a_middling_hand_bids_a_middling_number() -> None:
    assert 2 <= int(bid_for(PARTNER, "K84.AQ62.J95.K73")) <= 4


def test_with_jokers_the_jokers_are_the_top_trumps() -> None:
    jokers = Rules.parse("deck=jokers", base=PARTNER)
    assert int(bid_for(jokers, "BJLJ3.8643.9753.64")) >= 2
    # Low printed spades are no nil with a joker in hand.
    assert bid_for(jokers, "BJ3.8643.9753.642") != "nil"
    # The same hand with the A♠ K♠ instead of the jokers is worth less: two trumps rank above them.
    assert bid_for(PARTNER, "AK3.8643.9753.64") != "nil"
    assert int(bid_for(PARTNER, "AK3.8643.9753.64")) >= 2


def test_deuces_count_as_top_trumps() -> None:
    deuces = Rules.parse("deck=deuces", base=PARTNER)
    # The 2♥ and 2♦ are the second and first trumps.
    assert int(bid_for(deuces, "3.86432.97532.64")) >= 2
    assert bid_for(PARTNER, "3.86432.97532.64") == "nil"


def test_covers_the_partners_nil() -> None:
    # West leads; North bid nil and must play its king, which wins so far: South overtakes.
    hand = deal(PARTNER, "S", W="A9876.5.432.5432", N="5432.KJ.8765.876", E="KQJT.976.AKQ.AKQ",
                S=".AQT8432.JT9.JT9")
    drive(hand, ["3", "nil", "6", "4"])
    drive(hand, ["5H", "KH", "6H"])
    assert hand.to_act == "S"
    assert ask(hand) == "AH"


def test_lets_the_partners_king_win_when_it_bid_a_number() -> None:
    hand = deal(PARTNER, "S", W="A9876.5.432.5432", N="5432.KJ.8765.876", E="KQJT.976.AKQ.AKQ",
                S=".AQT8432.JT9.JT9")
    drive(hand, ["3", "2", "6", "4"])
    drive(hand, ["5H", "KH", "6H"])
    assert ask(hand) == "2H"


VOID_IN_DIAMONDS = {"W": "K5.KQ3.KQJ.98765", "N": "Q4.A54.A8762.AKQ", "E": "J32.JT9.T9543.JT",
                    "S": "AT9876.8762..432"}


def test_does_not_trump_the_partners_winning_ace() -> None:
    hand = deal(PARTNER, "S", **VOID_IN_DIAMONDS)
    drive(hand, ["2", "4", "2", "4"])
    drive(hand, ["KD", "AD", "3D"])
    assert not ask(hand).endswith("S")


def test_trumps_cheaply_when_void_and_an_opponent_wins() -> None:
    hand = deal(PARTNER, "S", **VOID_IN_DIAMONDS)
    drive(hand, ["2", "4", "2", "4"])
    drive(hand, ["KD", "2D", "3D"])
    assert ask(hand) == "6S"


CHEAP_WIN = {"W": "KQ.9.AKQJT.AKQJT", "N": "JT5.J86.9876.987", "E": "432.Q5432.54.654", "S": "A9876.AKT7.32.32"}
SOLO_PLAIN = Rules.parse("mustbeat=0 lowclub=0", base=SOLO)


def test_wins_a_trick_its_contract_needs_cheaply() -> None:
    # Solo: South bid 3 and needs three tricks; West's 9♥ wins so far, the 10♥ is enough.
    hand = deal(SOLO_PLAIN, "S", **CHEAP_WIN)
    drive(hand, ["6", "2", "1", "3"])
    drive(hand, ["9H", "8H", "5H"])
    assert ask(hand) == "TH"


def test_wins_the_last_trick_its_contract_needs_with_its_highest_card() -> None:
    # South bid 1: this trick makes its contract, and the A♥ kept could only win a bag later.
    # The A♥ wins now; the 10♥ kept can still go under the J♥ or the Q♥.
    hand = deal(SOLO_PLAIN, "S", **CHEAP_WIN)
    drive(hand, ["6", "2", "1", "1"])
    drive(hand, ["9H", "8H", "5H"])
    assert ask(hand) == "AH"


def test_wins_with_its_highest_card_when_its_top_trump_makes_the_rest() -> None:
    # South bid 2: after this trick its A♠ makes the contract whenever it is played, so the
    # A♥ wins now rather than later as a bag.
    hand = deal(SOLO_PLAIN, "S", **CHEAP_WIN)
    drive(hand, ["6", "2", "1", "2"])
    drive(hand, ["9H", "8H", "5H"])
    assert ask(hand) == "AH"


def test_ducks_once_the_contract_is_made() -> None:
    # South took its one trick; now it leads something the others will beat, not a winner.
    hand = deal(SOLO_PLAIN, "S", **CHEAP_WIN)
    drive(hand, ["6", "2", "1", "1"])
    drive(hand, ["9H", "8H", "5H", "TH"])
    assert hand.to_act == "S"
    assert ask(hand) not in {"AH", "KH", "AS"}


def test_second_hand_plays_low() -> None:
    # East leads a low heart; South holds the king but not the ace.
    hand = deal(PARTNER, "N", E="AQ.543.AKQ32.AKQ", S="K98.K82.JT9.JT98", W="JT76.AQ976.8.765",
                N="5432.JT.7654.432")
    drive(hand, ["3", "3", "3", "3"])
    drive(hand, ["3H"])
    assert hand.to_act == "S"
    assert ask(hand) == "2H"


def test_third_hand_plays_high() -> None:
    # North leads a low heart, East follows with the 6♥; South's king may hold, its 9♥ hardly.
    hand = deal(PARTNER, "W", N="5432.43.7654.432", E="AQ.J65.AKQ32.AKQ", S="K98.K92.JT9.JT98",
                W="JT76.AQT87.8.765")
    drive(hand, ["3", "3", "3", "3"])
    drive(hand, ["3H", "6H"])
    assert hand.to_act == "S"
    assert ask(hand) == "KH"


NIL_DEAL = {"N": "AKQ2.A43.K2.5432", "E": "JT9.KQJ.Q765.AKQ", "S": "876.T98.AJ3.JT98", "W": "543.7652.T984.76"}


def test_stays_under_so_the_opponents_nil_may_win() -> None:
    # West bid nil and plays last; East's 5♦ wins so far. South plays under it, not its ace.
    hand = deal(PARTNER, "W", **NIL_DEAL)
    drive(hand, ["4", "3", "3", "nil"])
    drive(hand, ["2D", "5D"])
    assert hand.to_act == "S"
    assert ask(hand) == "3D"


def test_the_nil_bidder_sheds_its_highest_card_under_the_winner() -> None:
    rotated = {"W": NIL_DEAL["N"], "N": NIL_DEAL["E"], "E": NIL_DEAL["S"], "S": NIL_DEAL["W"]}
    hand = deal(PARTNER, "S", **rotated)
    drive(hand, ["4", "3", "3", "nil"])
    drive(hand, ["KD", "5D", "3D"])
    assert ask(hand) == "TD"


def test_suicide_one_partner_bids_nil() -> None:
    rules = PRESETS["suicide"].rules
    # North bid 5 first: South takes the nil, however strong its hand (a hand worth 5
    # makes no better nil), unless it holds the A♠ (see test_normal_bids_and_nils).
    hand = deal(rules, "W", S="KQJ.A742.A85.A96")
    drive(hand, ["5", "4"])
    assert hand.to_act == "S"
    assert ask(hand) == "nil"
    # North bid nil first: South, no safer nil, bids a number, at least the individual minimum.
    hand = deal(rules, "W", S="A65.K742.Q85.K96")
    drive(hand, ["nil", "4"])
    answer = ask(hand)
    assert answer != "nil" and int(answer) >= rules.min_individual


def test_team_nil_follows_the_partners_nil() -> None:
    hand = deal(PRESETS["dunn"].rules, "W", S="BJLJA.AKQ.AKQ.AKQJ")
    drive(hand, ["nil", "4"])
    assert ask(hand) == "nil"


def test_bids_the_nearest_number_the_team_minimum_allows() -> None:
    # NetSpades: the team must bid 3 in all; the partner bid 1, so a weak hand bids 2, not 1 or nil.
    hand = deal(PRESETS["netspades"].rules, "W", S="Q2.7532.6432.543")
    drive(hand, ["1", "4"])
    assert ask(hand) == "2"


def test_calls_a_misdeal_only_with_a_weak_hand() -> None:
    rules = Rules.parse("misdeal=1 blindnil=0", base=PARTNER)
    weak = deal(rules, "E", S="Q.QJ976.KJ43.J42")
    assert weak.phase == "misdeal"
    assert ask(weak) == "misdeal"
    strong = deal(rules, "E", S="AKQJT98.AK.A2.A2")
    assert strong.phase == "misdeal"
    assert ask(strong) == "keep"


def test_a_weak_hand_is_kept_for_a_nil_only_if_the_nil_holds_in_play() -> None:
    # Both hold one spade, so either may be thrown in, and both are weak. The count allows
    # each a nil; played out, the first one's breaks (its A♣ Q♣ 2♣ fall to a club lead) and
    # the second one's holds: that hand is kept, and then bid nil.
    rules = Rules.parse("misdeal=1 blindnil=0", base=PARTNER)
    leaky = deal(rules, "E", S="7.6532.J8732.AQ2")
    assert leaky.phase == "misdeal"
    assert ask(leaky) == "misdeal"
    holds = deal(rules, "E", S="T.T52.AT8754.Q62")
    assert holds.phase == "misdeal"
    assert ask(holds) == "keep"
    holds.apply("S", "keep")
    assert (holds.phase, holds.to_act) == ("bid", "S")
    assert ask(holds) == "nil"


def test_blind_nil_exchange_gives_dangerous_cards_and_takes_back_low_ones() -> None:
    rules = Rules.parse("exchange=2", base=PARTNER)
    hand = deal(rules, "E", S="AKQ.A742.A85.A96", N="5432.653.432.832")
    hand.apply("S", "bnil")
    drive(hand, ["3", "5", "3"])
    assert (hand.phase, hand.to_act) == ("exchange", "S")
    given = ask(hand)
    assert 1 <= len(given) <= 2 and set(given) <= {"AS", "KS", "QS"}
    hand.apply("S", given)
    assert hand.to_act == "N"
    returned = ask(hand)
    assert len(returned) == len(given) and not set(returned) & set(given)
    assert not any(card.endswith("S") for card in returned)


def test_the_same_view_and_seed_give_the_same_decision() -> None:
    for number in range(6):
        rng = random.Random(number)
        hand = Hand.shuffled(PARTNER, rng.choice(SEATS), rng)
        while hand.phase != "done":
            seat = hand.to_act
            view = seat_view(hand, seat)
            first = decide(normal(seat, PARTNER, 7), view)
            again = decide(normal(seat, PARTNER, 7), seat_view(hand, seat))
            assert first == again
            hand.apply(seat, first)


def test_decisions_depend_only_on_the_seat_view() -> None:
    # South's cards and everything it has seen are the same; the other seats' cards differ.
    south = "AQ5.K1093.J84.Q72".replace("10", "T")
    lead = {"W": "3C", "N": "5C", "E": "KC"}
    rest = [c for c in DECKS["standard"].cards if str(c) not in set(map(str, parse_hand(south))) | set(lead.values())]
    answers = []
    views = []
    for seed in range(4):
        rng = random.Random(seed)
        shuffled = rest[:]
        rng.shuffle(shuffled)
        holdings = {"S": parse_hand(south)}
        for i, seat in enumerate("WNE"):
            holdings[seat] = shuffled[12 * i:12 * i + 12] + cards(lead[seat])
        hand = Hand.from_holdings(PARTNER, "S", holdings)
        drive(hand, ["3", "4", "3"])
        views.append(seat_view(hand, "S"))
        answers.append(ask(hand))
        drive(hand, [answers[-1], "3C", "5C", "KC"])
        views.append(seat_view(hand, "S"))
        answers.append(ask(hand))
    assert all(v == views[i % 2] for i, v in enumerate(views))
    assert answers[0::2] == [answers[0]] * 4 and answers[1::2] == [answers[1]] * 4


def test_a_dict_that_is_not_a_seat_view_is_refused_with_the_reason() -> None:
    hand = deal(PARTNER, "S", **VOID_IN_DIAMONDS)
    drive(hand, ["2", "4", "2", "4", "KD"])
    view = seat_view(hand, hand.to_act)
    player = normal(hand.to_act, PARTNER)
    with pytest.raises(ViewError, match=r"bids\[S\]: 'four' is not a bid"):
        player.play({**view, "bids": {**view["bids"], "S": "four"}})
    with pytest.raises(ViewError, match="the key 'taken' is missing"):
        player.play({key: value for key, value in view.items() if key != "taken"})


def test_the_typed_decisions_answer_as_the_bot_interface() -> None:
    rules = Rules.parse("exchange=2 misdeal=1", base=PARTNER)
    for number in range(3):
        rng = random.Random(number)
        hand = Hand.shuffled(rules, rng.choice(SEATS), rng, standings={"NS": Standing(-300), "EW": Standing(0)})
        while hand.phase not in ("done", "misdealt"):
            seat = hand.to_act
            view = seat_view(hand, seat)
            seen = SeatView.from_dict(view)
            player = normal(seat, rules, number)
            choose = {"play": player.choose_card, "exchange": player.choose_exchange}.get(hand.phase,
                                                                                          player.choose_bid)
            typed = choose(seen)
            assert typed == decide(normal(seat, rules, number), view)
            hand.apply(seat, typed)
