"""Play and bids around nils: the playout policy covers a partner's nil and attacks an
opponent's, Expert beats its partner's nil in fourth seat, a live nil stays under the trick
when only opponents play after it (Suicide's forced nil in second seat too), and under
Suicide's one nil per pair the nil goes to the partner whose hand is clearly the better nil,
whichever bids first, its odds weighed as real play gives them, and the partner of a forced
nil leads what the nil can stay under."""

from __future__ import annotations

import pytest

from game.bids import Bid
from game.cards import parse_hand
from game.hand import Hand
from game.players import decide
from game.players import expert as expert_module
from game.players.expert import SOLVED_OVERRULES, ExpertPlayer, cover_leads, nil_choices
from game.rules import PRESETS, Rules
from game.scoring import Standing
from game.view import SeatView, seat_view
from tests.deals import policy_card

PARTNER = PRESETS["partner"].rules
SUICIDE = PRESETS["suicide"].rules


def test_policy_in_fourth_seat_beats_the_partners_nil_as_cheaply_as_it_can() -> None:
    holdings = dict(S="A.AT4.5.", W="2.K8.7.", N="3.Q7.6.", E="4.J6.8.")
    card = policy_card(PARTNER, holdings, "W", "5H 9H 3H", bids=(3, 3, 0, 3))
    assert card == "TH"


def test_policy_second_hand_plays_high_while_the_partners_nil_is_still_to_play() -> None:
    holdings = dict(S="2.K73..", W="3.Q2..", N="4.84..", E="5.J6..")
    card = policy_card(PARTNER, holdings, "E", "5H", bids=(3, 3, 0, 3))
    assert card == "KH"


def test_policy_leads_above_every_card_the_partners_nil_holds_in_the_suit() -> None:
    """N's nil holds the 8♥ and the bare A♦: the 9♥ is safe for it, the K♦ forces its ace out."""
    holdings = dict(S=".9.K.", W=".T.Q.", N=".8.A.", E=".7.J.")
    card = policy_card(PARTNER, holdings, "S", bids=(3, 3, 0, 3))
    assert card == "9H"


def test_policy_leads_below_the_lowest_card_of_an_opponents_nil_in_its_short_suit() -> None:
    """E's nil holds only K♦ Q♦ in diamonds: the 7♦ forces it over; the 4♣ lets its 3♣ duck."""
    holdings = dict(S="A..7.4", W="K..5.8", N="Q..9.T", E="..KQ.3")
    card = policy_card(PARTNER, holdings, "S", bids=(3, 3, 3, 0))
    assert card == "7D"


def test_policy_keeps_low_cards_when_it_discards_while_an_opponents_nil_is_still_to_play() -> None:
    """W's nil plays after S, who is out of hearts: S throws its ace of diamonds and keeps the
    3♣ to lead under the nil later (its 2♠ would win the trick)."""
    holdings = dict(S="2..AK.3", W="Q.9.T.4", N="3.T.J.5", E="4.7.5.")
    card = policy_card(PARTNER, holdings, "E", "8H", bids=(3, 0, 3, 3))
    assert card == "AD"


def _hand(rules: Rules, dealer: str, **hands: str) -> Hand:
    return Hand.from_holdings(rules, dealer, {seat: parse_hand(text) for seat, text in hands.items()})


def test_expert_in_fourth_seat_wins_the_trick_its_partners_nil_is_winning() -> None:
    hand = _hand(PARTNER, "S", S="AK.AT42.AK2.A432", N="32.Q95.9543.8765", W="654.K876.76.KQT9",
                 E="QJT987.J3.QJT8.J")
    for bid in ("3", "nil", "3", "5"):  # W, N, E, S
        while hand.phase == "blind":
            hand.apply(hand.to_act, "look")
        hand.apply(hand.to_act, bid)
    for card in ("6H", "9H", "3H"):
        hand.apply(hand.to_act, card)
    assert hand.to_act == "S"
    card = decide(ExpertPlayer("S", PARTNER.to_dict(), seed=2), seat_view(hand, "S"))
    assert card in ("TH", "AH"), card


LOW_HAND = "542.5432.432.432"
STRONG_HAND = "AKQ.AKQ.AKQJ.AKQ"
SUICIDE_OTHERS = dict(W="JT98.JT98.T98.T9", E="763.76.765.J8765")


@pytest.mark.parametrize("first", ["S", "N"])
def test_suicide_nil_goes_to_the_low_hand_whichever_partner_bids_first(first: str) -> None:
    """S holds deuces to fives, N every ace, king and queen. Bidding first, the low hand bids
    nil and the strong hand a number; bidding second, each keeps or takes the nil so that it
    ends with the low hand, even after a partner's bid that pointed the other way."""
    second = "N" if first == "S" else "S"
    dealer = {"S": "E", "N": "W"}[first]
    deal = dict(S=LOW_HAND, N=STRONG_HAND, **SUICIDE_OTHERS)
    hand = _hand(SUICIDE, dealer, **deal)
    while hand.phase == "blind":
        hand.apply(hand.to_act, "look")
    assert hand.to_act == first
    opening = ExpertPlayer(first, SUICIDE.to_dict(), seed=3).bid(seat_view(hand, first))
    assert (opening == "nil") == (first == "S"), opening
    contrary = "4" if first == "S" else "nil"
    hand.apply(first, contrary)
    while hand.to_act != second:
        hand.apply(hand.to_act, "look" if hand.phase == "blind" else "4")
    answer = ExpertPlayer(second, SUICIDE.to_dict(), seed=3).bid(seat_view(hand, second))
    assert (answer == "nil") == (second == "S"), answer


def _suicide_hand(dealer: str, points: tuple[int, int, int, int], **hands: str) -> Hand:
    """A Suicide hand dealt from an arena game, with its scores before it (NS points and bags, EW's)."""
    standings = {"NS": Standing(points[0], points[1]), "EW": Standing(points[2], points[3])}
    hand = Hand.from_holdings(SUICIDE, dealer, {seat: parse_hand(text) for seat, text in hands.items()},
                              standings=standings)
    while hand.phase == "blind":
        hand.apply(hand.to_act, "look")
    return hand


@pytest.mark.parametrize("seed", [0, 1])
def test_a_suicide_second_bidder_keeps_a_fair_nil_rather_than_turn_its_partners_six_into_one(seed: int) -> None:
    """From an arena game (seed 108): S bid 6 first holding A♠ Q♠ and three top hearts, a
    nil that cannot hold. N's hand, seven diamonds and four low spades, is a fair nil: N bids
    it. The Expert before bid 5, which turned S's 6 into the nil (its playouts judged N's own
    nil lost and S's sampled hands better nils than a hand that bids 6 first is)."""
    hand = _suicide_hand("N", (-123, 7, -38, 2), S="AQT93.AKQ3.5.J85", W=".J96542.32.KQT97",
                         N="J752..AQJT986.A3", E="K864.T87.K74.642")
    for bid in ("4", "6", "nil"):  # E, S, W
        hand.apply(hand.to_act, bid)
    assert hand.to_act == "N"
    player = ExpertPlayer("N", SUICIDE.to_dict(), seed=seed)
    view = seat_view(hand, "N")
    assert player.bid_worths(view).nil_held[True] > player.bid_worths(view).nil_held[False]
    assert decide(player, view) == "nil"


@pytest.mark.parametrize("seed", [0, 1])
def test_expert_as_a_live_nil_in_last_seat_stays_under_when_it_can(seed: int) -> None:
    """From an arena game (seed 108): N's nil holds K♥ 5♥ under the J♥ led at trick 4, and
    no trump that must win. The Expert before threw the K♥ on it and lost the nil: its
    playouts and endgame search attack a nil knowing every card it holds."""
    hand = _suicide_hand("S", (-99, 1, -154, 6), S="KQ975.8643.8.AQ4", W="J82.T2.KT97652.5",
                         N="T4.KQ5.QJ3.KJ976", E="A63.AJ97.A4.T832")
    for move in "nil 4 4 4 5C 6C 3C AC 8D 7D 3D AD AH 8H TH QH JH 3H 2H".split():
        hand.apply(hand.to_act, move)
    view = seat_view(hand, "N")
    assert hand.to_act == "N" and view["bids"]["N"] == "nil" and hand.taken["N"] == 0
    assert [card.text for card in nil_choices(SeatView.from_dict(view))] == ["5H"]
    assert decide(ExpertPlayer("N", SUICIDE.to_dict(), seed=seed), view) == "5H"


NIL_CHOICES_DEAL = dict(N="5.K2.75432.65432", E="432.A9.AKQJ.AKQJ", S="KQJ.QJT3.T98.T98",
                        W="AT9876.87654.6.7")


def _nil_view(dealer: str, plays: str, **swap: str) -> SeatView:
    """N's view in Partner, N having bid nil, after `plays` of the first trick."""
    hand = _hand(PARTNER, dealer, **{**NIL_CHOICES_DEAL, **swap})
    while hand.phase != "play":
        seat = hand.to_act
        hand.apply(seat, "look" if hand.phase == "blind" else "nil" if seat == "N" else "3")
    for card in plays.split():
        hand.apply(hand.to_act, card)
    assert hand.to_act == "N"
    return SeatView.from_dict(seat_view(hand, "N"))


def test_a_live_nil_with_only_opponents_to_play_after_it_chooses_among_the_cards_under_the_trick() -> None:
    assert [c.text for c in nil_choices(_nil_view("N", "9H 3H 4H"))] == ["2H"]


def test_a_live_nil_chooses_freely_with_its_partner_still_to_play_or_a_trump_that_must_win() -> None:
    """With S still to play, N may throw its K♥ for S to cover; holding the A♠, which must
    take a trick some time, the nil is lost anyway and every legal card is a choice."""
    assert {c.text for c in nil_choices(_nil_view("S", "8H"))} == {"KH", "2H"}
    master = dict(N="A.K2.75432.65432", W="T98765.87654.6.7")
    assert {c.text for c in nil_choices(_nil_view("N", "9H 3H 4H", **master))} == {"KH", "2H"}


def test_a_suicide_nil_in_second_seat_stays_under_the_lead_though_its_partner_is_still_to_play() -> None:
    """Where Partner's nil may throw its K♥ over W's 8♥ for S to cover, Suicide's forced nil
    keeps the 2♥: a forced nil is seldom a low hand, and its partner often cannot cover."""
    hand = _hand(SUICIDE, "S", **NIL_CHOICES_DEAL)
    for move in "4 nil nil 4 8H".split():
        while hand.phase == "blind":
            hand.apply(hand.to_act, "look")
        hand.apply(hand.to_act, move)
    seen = SeatView.from_dict(seat_view(hand, "N"))
    assert seen.nil_alive("N") and [seat for seat, _ in seen.trick] == ["W"]
    assert [c.text for c in nil_choices(seen)] == ["2H"]
    assert {c.text for c in nil_choices(seen, forced_waits=False)} == {"KH", "2H"}


def _suicide_second_seat_5() -> dict:
    """From an arena game (seed 108): E leads the K♦ to trick 3; S's nil holds the A♦ 3♦, its
    partner N the Q♦ 8♦ 4♦ 2♦ to play last."""
    hand = _suicide_hand("W", (-187, 3, -54, 6), N="AK72.Q872.Q842.T", E="965.A.KT765.K632",
                         S="QJ83.KJ43.A3.Q74", W="T4.T965.J9.AJ985")
    for move in "4 4 nil nil TC KC QC JC AH KH TH 8H KD".split():
        hand.apply(hand.to_act, move)
    assert hand.to_act == "S"
    return seat_view(hand, "S")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_suicide_nil_does_not_win_the_lead_with_its_ace_for_a_partner_who_cannot_cover(seed: int) -> None:
    """The Expert before played the A♦ over the K♦ on 6 of 6 seeds: nothing but a trump could
    beat it, and the nil was lost at once."""
    view = _suicide_second_seat_5()
    assert decide(ExpertPlayer("S", SUICIDE.to_dict(), seed=seed), view) == "3D"


def test_suicides_nil_odds_weigh_the_nil_against_the_numbers_but_never_change_which_number(monkeypatch) -> None:
    """The same playouts valued with and without the odds (`SUICIDE_NIL_ODDS`): every number
    moves by the same amount, so the number bid is chosen as before, and the nil by another."""
    hand = _suicide_hand("N", (0, 0, 0, 0), S="AQT93.AKQ3.5.J85", W=".J96542.32.KQT97",
                         N="J752..AQJT986.A3", E="K864.T87.K74.642")
    hand.apply("E", "4")
    view = seat_view(hand, "S")
    with_odds = ExpertPlayer("S", SUICIDE.to_dict(), seed=4).bid_worths(view).worth
    monkeypatch.setattr(expert_module, "SUICIDE_NIL_ODDS", 0.0)
    plain = ExpertPlayer("S", SUICIDE.to_dict(), seed=4).bid_worths(view).worth
    moves = {bid: with_odds[bid] - plain[bid] for bid in plain}
    number_moves = {round(move, 6) for bid, move in moves.items() if not bid.is_nil}
    assert len(number_moves) == 1, moves
    assert round(moves[Bid(0)], 6) not in number_moves, moves


def _cover_view(hand: Hand, moves: str, seat: str) -> dict:
    for move in moves.split():
        hand.apply(hand.to_act, move)
    assert hand.to_act == seat and not hand.trick
    return seat_view(hand, seat)


def _suicide_cover_175() -> dict:
    """From an arena game (seed 108): N leads to trick 4 holding A♠ K♠ T♠ 9♠ 2♠; its
    partner S's nil holds the J♠ alone among its spades, and E's nil is alive too."""
    hand = _suicide_hand("N", (213, 3, 193, 3), S="J.AQ985.K98632.T", W="65.42.AQJT.98652",
                         N="AKQT92.T.7.KQJ73", E="8743.KJ763.54.A4")
    return _cover_view(hand, "nil nil 4 5 4D 6D TD 7D AD QS 5D KD QC 4C TC 2C", "N")


def _suicide_cover_93() -> dict:
    """From an arena game (seed 108): S leads to trick 10 holding 8♠ K♣ Q♣ 8♣; its partner
    N's nil holds the Q♠; E's nil fell at trick 8."""
    hand = _suicide_hand("E", (66, 6, 112, 2), S="A86.542.2.AKQJ86", W="972.J986.AKT9.75",
                         N="QT543.T.763.T432", E="KJ.AKQ73.QJ854.9")
    return _cover_view(hand, "4 4 nil nil JC 5C TC 9C AC 7C 4C AH 5H JH TH 7H AD 3D QD 2D KD 6D JD 4H "
                             "TD 7D 8D 2H 9D TS 5D AS 6C 6H 2C KS 3H 6S 9H 3S", "S")


def _suicide_cover_133() -> dict:
    """From an arena game (seed 108): N leads to trick 11 holding A♠ 6♠ 5♠; its partner S's
    nil holds the T♠; W's nil fell at trick 9."""
    hand = _suicide_hand("S", (222, 2, 1, 1), S="JT97.KT52.K93.73", W="Q4.6.AJT542.QT98",
                         N="AK65.Q873.76.AJ6", E="832.AJ94.Q8.K542")
    return _cover_view(hand, "nil 4 4 nil 4D 7D 8D 3D AH KH 6H 8H KC 7C QC AC 6D QD 9D JD JH TH AD 3H 9H "
                             "5H TD 7H 4H 2H TC QH JC 5C 3C 9C 6C 2C KD 8C 5D KS 4C 9S", "N")


@pytest.mark.parametrize("seed", [0, 2])
@pytest.mark.parametrize(("position", "safe"), [(_suicide_cover_93, {"KC", "QC", "8C"}), (_suicide_cover_133, {"AS"})])
def test_the_partner_of_a_suicide_nil_leads_a_card_the_nil_can_stay_under(seed: int, position, safe: set[str]) -> None:
    """The opponents' nil has fallen. The Expert before led the 8♠ (8 of 8 seeds) and the 5♠
    (7 of 8), and the partner's nil took the trick with its Q♠, its T♠: its endgame solver,
    defending perfectly, counted the nil lost."""
    view = position()
    seen = SeatView.from_dict(view)
    assert {card.text for card in cover_leads(seen, seen.legal_cards)} == safe
    assert decide(ExpertPlayer(seen.seat, SUICIDE.to_dict(), seed=seed), view) in safe


def test_a_solved_ending_overrules_the_nil_rules_only_by_a_clear_margin() -> None:
    """In the first position the cover rule allows only the clubs. Worths from a solved ending
    that put the 8♠ a nil's worth above them (:data:`SOLVED_OVERRULES`) play the 8♠; a smaller
    margin, or the same worths from playouts, keep to the rule."""
    seen = SeatView.from_dict(_suicide_cover_93())
    player = ExpertPlayer(seen.seat, SUICIDE.to_dict())

    def worths(margin: float) -> dict[str, float]:
        return {"8S": 10.0, "KC": 10.0 - margin, "QC": 10.0 - margin, "8C": 10.0 - margin}

    assert player.best_card(seen, worths(SOLVED_OVERRULES), solved=True) == "8S"
    assert player.best_card(seen, worths(SOLVED_OVERRULES - 1), solved=True) == "8C"
    assert player.best_card(seen, worths(SOLVED_OVERRULES), solved=False) == "8C"


def _cover_deal_view(rules: Rules, plays: str, seat: str, bids: str = "4 nil nil 4") -> SeatView:
    """`seat`'s view of the nil-choices deal, E dealing, after `bids` (S, W, N, E)."""
    hand = _hand(rules, "E", **NIL_CHOICES_DEAL)
    for move in bids.split():
        while hand.phase == "blind":
            hand.apply(hand.to_act, "look")
        hand.apply(hand.to_act, move)
    for card in plays.split():
        hand.apply(hand.to_act, card)
    assert hand.to_act == seat
    return SeatView.from_dict(seat_view(hand, seat))


def test_cover_leads_leave_the_choice_alone_outside_a_suicide_lead_to_a_live_nil() -> None:
    """S leading to N's live nil chooses among fewer cards in Suicide once E's nil has fallen;
    with E's nil (or W's) still standing, in Partner, and following to a trick, every card
    stays a choice."""
    fallen = SeatView.from_dict(_suicide_cover_93())
    assert set(cover_leads(fallen, fallen.legal_cards)) < set(fallen.legal_cards)
    for standing in (_cover_deal_view(SUICIDE, "", "S"), SeatView.from_dict(_suicide_cover_175())):
        assert cover_leads(standing, standing.legal_cards) == standing.legal_cards
    partner_game = _cover_deal_view(PARTNER, "", "S", bids="4 4 nil 4")
    assert partner_game.nil_alive("N") and not partner_game.nil_alive("W")
    assert cover_leads(partner_game, partner_game.legal_cards) == partner_game.legal_cards
    following = _cover_deal_view(SUICIDE, "TD 6D 7D", "E")
    assert following.nil_alive("W")
    assert cover_leads(following, following.legal_cards) == following.legal_cards
