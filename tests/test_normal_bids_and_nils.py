"""The Normal level's bidding against the table and its play around nils (issue 17): the last
bidder counts the tricks nobody bid for, the partner of a nil leads what the nil can stay
under (not a side suit to a nil left with trumps alone), the nil is covered with a trump that
holds, a nil throws a trump under a higher one, and an opponent's nil is attacked only where
that does not give away a trick the contract needs."""

from __future__ import annotations

from collections.abc import Iterable

from game.cards import DECKS, Card, parse_hand
from game.hand import Hand
from game.players import decide
from game.players.normal import NormalPlayer
from game.players.normal.bidding import NIL_SPADE_RISK
from game.rules import PRESETS, Rules
from game.seats import SEATS
from game.view import SeatView, seat_view

PARTNER = PRESETS["partner"].rules


def hand_of(rules: Rules, dealer: str, deal: dict[str, str], bids: Iterable[str], plays: Iterable[str] = ()) -> Hand:
    """A hand from the given holdings (Deal notation; the other seats share the rest in deck
    order), bid and played in turn up to the seat to act."""
    holdings = {seat: parse_hand(text) for seat, text in deal.items()}
    rest = [card for card in DECKS[rules.deck].cards if not any(card in held for held in holdings.values())]
    for seat in SEATS:
        if seat not in holdings:
            holdings[seat], rest = rest[:13], rest[13:]
    hand = Hand.from_holdings(rules, dealer, holdings)
    for bid in bids:
        while hand.phase in ("blind", "misdeal"):
            hand.apply(hand.to_act, "look" if hand.phase == "blind" else "keep")
        hand.apply(hand.to_act, bid)
    for card in plays:
        hand.apply(hand.to_act, card)
    while hand.phase in ("blind", "misdeal"):
        hand.apply(hand.to_act, "look" if hand.phase == "blind" else "keep")
    return hand


class CountOnly(NormalPlayer):
    """Normal without the nil check: the count alone decides (the Normal before)."""

    nil_hold_floor = 0.0


def normal_choice(hand: Hand, player: type[NormalPlayer] = NormalPlayer) -> str:
    seat = hand.to_act
    assert seat is not None
    return decide(player(seat, hand.rules.to_dict(), 0), seat_view(hand, seat))


LAST_BIDDER = "K76.A98.KJ3.QT98"
"""North's hand: about three tricks, whatever the others bid."""


def test_the_last_bidder_bids_more_when_the_table_leaves_tricks_unclaimed() -> None:
    # West deals: East, South (North's partner, 3 both times) and West bid before North.
    light = normal_choice(hand_of(PARTNER, "N", {"N": LAST_BIDDER}, ["1", "3", "1"]))
    crowded = normal_choice(hand_of(PARTNER, "N", {"N": LAST_BIDDER}, ["5", "3", "4"]))
    assert int(light) > int(crowded)


def test_the_last_bidder_bids_one_more_than_its_count_with_many_tricks_unclaimed() -> None:
    # The same hand bidding first bids what it counts; last, after bids of 1, 3 and 1
    # (five tricks nobody claims after its own three), it bids one more.
    first = normal_choice(hand_of(PARTNER, "W", {"N": LAST_BIDDER}, []))
    last = normal_choice(hand_of(PARTNER, "N", {"N": LAST_BIDDER}, ["1", "3", "1"]))
    assert int(last) == int(first) + 1


def test_in_suicide_the_number_bidder_counts_the_table_too() -> None:
    # North's partner South bid the side's nil. Bidding last, after East's 4 and West's
    # forced nil, North bids one more than it does before West and East have bid.
    suicide = PRESETS["suicide"].rules
    strong = "AK6.A98.KJ3.QT98"  # about four tricks: above Suicide's individual minimum of 4
    early = normal_choice(hand_of(suicide, "E", {"N": strong}, ["nil", "4"]))
    last = normal_choice(hand_of(suicide, "N", {"N": strong}, ["4", "nil", "nil"]))
    assert int(last) == int(early) + 1


def test_with_a_partner_trump_length_counts_for_more_than_side_aces() -> None:
    # Three aces and four small spades: the spades ruff, so South bids 4, not the 3 it
    # counts. No spade at all beside the same top cards: the aces and king are ruffed, so
    # South bids 3, not 4 (issue 17: the count is weighed on what partnerships take).
    assert normal_choice(hand_of(PARTNER, "E", {"S": "5432.A65.A65.A32"}, [])) == "4"
    assert normal_choice(hand_of(PARTNER, "E", {"S": ".AK54.A653.A7532"}, [])) == "3"


def test_without_a_partner_the_count_alone_makes_the_bid() -> None:
    solo = PRESETS["solo"].rules
    assert normal_choice(hand_of(solo, "E", {"S": "5432.A65.A65.A32"}, [])) == "3"


def test_in_suicide_the_number_is_bid_from_the_count_weighed_for_partnership_play() -> None:
    # North took the pair's nil. South's four small spades ruff: it counts about 4.1 tricks
    # plainly, 4.6 weighed, and bids 5.
    suicide = PRESETS["suicide"].rules
    assert normal_choice(hand_of(suicide, "W", {"S": "7432.AK65.A6.A32"}, ["nil", "4"])) == "5"


def test_the_nil_opening_the_play_keeps_its_low_cards_behind_its_high_ones() -> None:
    # From arena games against Expert, where each nil led its low card and was later
    # forced over it: North, with T♦ 9♦ 2♦, led the 2♦ and won a low diamond with the 9♦;
    # East, with J♣ 4♣, led the 4♣ and won a low club with the bare J♣. A lead that keeps
    # the low card sheds a high one while others can still beat it.
    north = normal_choice(hand_of(PARTNER, "W", {"N": "64.QJT74.T92.K93"}, ["nil", "2", "3", "4"]))
    assert north in ("TD", "9D")
    east = normal_choice(hand_of(PARTNER, "N", {"E": "743.KJ94.9854.J4"}, ["nil", "1", "5", "4"]))
    assert east != "4C"


def test_no_nil_with_a_long_suit_whose_lowest_card_is_high() -> None:
    # K♥ 9♥ 8♥: every heart from the 7 down led against the nil makes it follow with a
    # card that may win, and six of them are out. Normal bids 1 instead of nil; with the
    # same hand holding the 2♥ instead of the 8♥ it bids nil.
    assert normal_choice(hand_of(PARTNER, "E", {"S": "32.K98.Q542.6432"}, [])) == "1"
    assert normal_choice(hand_of(PARTNER, "E", {"S": "32.K92.Q542.6432"}, [])) == "nil"


NIL_PARTNER = {"S": "9S 8S 5S 4S TH 8H 6H 4H 2H 6D 4D 5C 3C", "W": "KS JS TS AH QH JH 5H 3H AD QD TD 8D 4C",
               "N": "AS QS 3S 2S 7H KD 7D 5D AC KC 8C 7C 6C", "E": "7S 6S KH 9H JD 9D 3D 2D QC JC TC 9C 2C"}


def test_the_partner_of_a_nil_does_not_lead_a_card_every_unseen_card_of_its_suit_beats() -> None:
    # South bid nil; North leads after five tricks. The only clubs still out are the
    # Q♣ J♣ 10♣: if South holds one, a club lead forces it over. The A♠ cannot.
    deal = {seat: ".".join("".join(c[0] for c in text.split() if c[1] == suit) for suit in "SHDC")
            for seat, text in NIL_PARTNER.items()}
    hand = hand_of(PARTNER, "S", deal, ["4", "5", "1", "nil"],
                   "3H 7H 9H 8H 2D 4D 8D KD AC 2C 5C 4C KC 9C 3C TS 5H 2S KH TH".split())
    assert hand.to_act == "N"
    choice = Card.parse(normal_choice(hand))
    assert choice.suit != "C"
    assert str(choice) != "3S"


def test_the_partner_of_a_clean_nil_keeps_the_high_cards_of_its_suits_when_it_discards() -> None:
    """From an arena game: East bid nil and still holds Q♣ 10♣ 6♣ (the clubs suit is
    not known void); West, its partner, has made its 2 and is out of hearts. Throwing the
    9♣ or 7♣ on this heart, as it did, left it only the 5♣ and 2♣ under East's clubs: a
    low club led later forced the nil over them."""
    deal = {"S": "KQ9543.KT64.A.84", "W": "2..KQJ9743.K9752", "N": "AJT7.AQ52.T5.AJ3", "E": "86.J9873.862.QT6"}
    plays = "4H 2S AH JH KC JC QC 8C KD 5D 8D AD TH QD QH 9H 7S 6S 9S JD 6H 9D 5H 3H 5S 7D TS 8S 2H 7H KH"
    hand = hand_of(PARTNER, "E", deal, ["4", "2", "2", "nil"], plays.split())
    assert hand.to_act == "W"
    assert normal_choice(hand) in {"2C", "5C", "3D", "4D"}


def test_a_nil_whose_partner_also_bid_nil_still_throws_its_most_dangerous_card() -> None:
    """Both partners bid nil and both are clean: South, void in diamonds, throws its A♥, not
    its lowest card as a partner covering a nil would."""
    deal = {"S": "32.A65432..65432", "W": "AKQJT..AKQJT9.AK", "N": "98.KQJT.8765.QJT"}
    hand = hand_of(PARTNER, "S", deal, ["4", "nil", "4", "nil"], ["AD", "5D", "2D"])
    assert hand.to_act == "S"
    assert normal_choice(hand) == "AH"


def test_no_nil_with_an_honour_beside_one_low_card_of_its_suit() -> None:
    # Q♥ 5♥: once hearts are led twice the queen must be played, and it may win. In
    # Normal's own play nils holding a king, queen or jack with one low card of its suit
    # held 68% of the time, against 83% for the others (6,000 arena deals). South bids a
    # number; with a third, low heart under the queen it bids nil.
    assert normal_choice(hand_of(PARTNER, "E", {"S": "T2.Q5.98742.K543"}, [])) != "nil"
    assert normal_choice(hand_of(PARTNER, "E", {"S": "T2.Q54.9874.K543"}, [])) == "nil"


def test_three_spades_count_against_a_nil() -> None:
    # Against Expert, Normal's nils with three spades held 45% of the time, those with two
    # 64% (412 nils). South's 10♠ 4♠ 2♠ hand (nil risk 1.15) bids a number; the two-spade
    # hand below carries more risk on the cards (1.24) and its count still allows the nil
    # (which the nil check then turns down: its A♣ falls to a club lead too often).
    assert normal_choice(hand_of(PARTNER, "E", {"S": "T42.8653.9742.J5"}, []), CountOnly) != "nil"
    assert normal_choice(hand_of(PARTNER, "E", {"S": "76.QJ3.9842.A873"}, []), CountOnly) == "nil"


def test_in_suicide_the_first_partner_takes_the_nil_with_a_middling_hand() -> None:
    # K♠ 8♠ 5♠ and A♦ 6♦ 2♦: a nil risk of about 2.6, two tricks. Its partner's unseen hand
    # would be a worse nil about half the time, so South, bidding first, takes the nil.
    suicide = PRESETS["suicide"].rules
    assert normal_choice(hand_of(suicide, "E", {"S": "K85.JT54.A62.T94"}, [])) == "nil"


def test_in_suicide_the_hand_holding_the_top_trump_never_takes_the_nil() -> None:
    # The A♠ wins whatever trick it is played to, so a nil holding it always fails; the
    # partner's nil, whatever its cards, holds now and then. With the A♠ in place of the K♠
    # above, South bids a number first; bidding second it refuses the nil its partner's 4
    # leaves it, and it does not take over its partner's nil, however low its other cards.
    suicide = PRESETS["suicide"].rules
    doomed = {"S": "A85.JT54.Q62.T94"}
    assert normal_choice(hand_of(suicide, "E", doomed, [])) != "nil"
    assert normal_choice(hand_of(suicide, "W", doomed, ["5", "4"])) != "nil"
    assert normal_choice(hand_of(suicide, "W", {"S": "A32.7532.6432.54"}, ["nil", "4"])) != "nil"
    assert normal_choice(hand_of(suicide, "W", {"S": "K32.7532.6432.54"}, ["nil", "4"])) == "nil"


def test_in_suicide_the_second_partner_takes_over_the_nil_with_a_near_certain_one() -> None:
    # North offered the pair's nil. South holds no card above a 7: its nil (which turns
    # North's into a number) is far safer than the under-3.0 risk North's offer tells of.
    # With a queen and two kings South leaves the nil to North and bids a number.
    suicide = PRESETS["suicide"].rules
    assert normal_choice(hand_of(suicide, "W", {"S": "32.7532.6432.543"}, ["nil", "4"])) == "nil"
    assert normal_choice(hand_of(suicide, "W", {"S": "A65.K742.Q85.K96"}, ["nil", "4"])) != "nil"


def test_in_suicide_the_second_partner_refuses_a_nil_it_cannot_hold() -> None:
    # North bid 4, leaving South the nil. With K♠ Q♠ J♠ and the side aces (a nil risk near 5)
    # South bids a number too, which turns North's 4 into the nil: a 4-bidder's hand
    # holds a nil now and then, this one never. After North's 5, or with a hand of
    # middling risk, South takes the nil as before.
    suicide = PRESETS["suicide"].rules
    strong = {"S": "KQJ.A742.A85.A96"}
    refused = normal_choice(hand_of(suicide, "W", strong, ["4", "4"]))
    assert refused != "nil" and int(refused) >= suicide.min_individual
    assert normal_choice(hand_of(suicide, "W", strong, ["5", "4"])) == "nil"
    assert normal_choice(hand_of(suicide, "W", {"S": "K65.K742.Q85.A96"}, ["4", "4"])) == "nil"


SURE_TRUMPS = {"S": "AK.A5.T987.T9876", "W": "QJT.QJT9.AKQ.AKQ", "N": "9876.K87.J65.J54",
               "E": "5432.6432.432.32"}


def test_with_the_contract_in_its_top_trumps_normal_ducks_the_other_tricks() -> None:
    # Every side bid 2; West has taken East and West's two with the A♣ and K♣. South holds
    # A♠ K♠, the two tricks its side still needs, which nothing can take from it. Fourth to
    # the Q♥ lead it keeps the A♥ back and plays the 5♥: winning the trick would only add a
    # bag. Without the top trumps (the same hand with the 2♠ 3♠ of East) it wins the trick.
    plays = ["AC", "4C", "2C", "6C", "KC", "5C", "3C", "7C", "QH", "7H", "2H"]
    hand = hand_of(PARTNER, "S", SURE_TRUMPS, ["1", "1", "1", "1"], plays)
    assert normal_choice(hand) == "5H"
    weak = dict(SURE_TRUMPS, S="32.A5.T987.T9876", E="AK54.6432.432.32")
    assert normal_choice(hand_of(PARTNER, "S", weak, ["1", "1", "1", "1"], plays)) == "AH"


def test_with_the_contract_in_its_top_trumps_normal_still_plays_for_a_set() -> None:
    # The same South, but East and West bid 4 and 3 and have taken two: taking the trick
    # may set them, so South wins it with the A♥.
    plays = ["AC", "4C", "2C", "6C", "KC", "5C", "3C", "7C", "QH", "7H", "2H"]
    assert normal_choice(hand_of(PARTNER, "S", SURE_TRUMPS, ["3", "1", "4", "1"], plays)) == "AH"


SHED = {"S": "AK.J3.96432.8643", "W": "Q32.KQ5.AKQ.AKQ5", "N": "J54.T2.JT87.JT92", "E": "T9876.A98764.5.7"}
SHED_PLAYS = ["KH", "2H", "AH"]


def test_with_masters_for_the_rest_of_the_contract_normal_sheds_its_high_card_under_the_trick() -> None:
    # North and South bid 1 each; South's A♠ K♠ make both tricks whatever happens. Fourth to
    # the K♥ lead and East's A♥, South cannot win the trick: it plays the J♥, which would
    # otherwise win a bag later, and keeps the 3♥.
    assert normal_choice(hand_of(PARTNER, "S", SHED, ["5", "1", "5", "1"], SHED_PLAYS)) == "JH"


def test_without_masters_for_the_rest_of_the_contract_normal_keeps_its_high_card() -> None:
    # The same cards with South bidding 2: the side needs three tricks and South holds two
    # masters, so the J♥ may be needed and South plays the 3♥.
    assert normal_choice(hand_of(PARTNER, "S", SHED, ["5", "1", "5", "2"], SHED_PLAYS)) == "3H"


SUICIDE = PRESETS["suicide"].rules
ONLY_TRUMPS_LEFT = {"N": "JS 8S 5S 4S 3S 2S TH 8H KD JD 8D 5D 5C", "E": "KS AH KH QH 6H 5H 2H QD TD 7D KC JC TC",
                    "S": "QS TS JH 3H AD 9D 2D AC QC 9C 8C 7C 4C", "W": "AS 9S 7S 6S 9H 7H 4H 6D 4D 3D 6C 3C 2C"}


def test_the_partner_of_a_nil_left_with_trumps_alone_does_not_lead_it_a_side_suit() -> None:
    """From an arena game (Suicide): North's nil has shown out of clubs and hearts, and of
    the diamonds only two are still out. South led the 9♦, North had to ruff and won the
    trick. Under the Q♠ it can stay low."""
    deal = {seat: ".".join("".join(c[0] for c in text.split() if c[1] == suit) for suit in "SHDC")
            for seat, text in ONLY_TRUMPS_LEFT.items()}
    plays = "TC AC 6C 5C AD 4D KD TD JH 7H TH AH KC 4C 3C JD KH 3H 4H 8H QD 2D 6D 8D 2H TS 9H 5D"
    hand = hand_of(SUICIDE, "N", deal, ["4", "4", "nil", "nil"], plays.split())
    assert hand.to_act == "S"
    assert normal_choice(hand) == "QS"


UNDERRUFF = {"N": "953..86432.86432", "W": "QJ7..AKQJ.AKQJT9", "S": "AKT8.AKQJT9.T9.7", "E": "642.8765432.75.5"}


def test_a_nil_out_of_the_suit_led_throws_a_trump_under_a_higher_ruff() -> None:
    """North bid nil and holds 9♠ 5♠ 3♠ and low cards of the minors. West ruffs South's A♥
    with the 7♠: North throws the 5♠ under it, as a trump can be thrown away only under a
    higher one, while its low diamonds and clubs can go under any lead it is out of."""
    hand = hand_of(PARTNER, "E", UNDERRUFF, ["5", "4", "nil", "2"], ["AH", "7S"])
    assert hand.to_act == "N"
    assert normal_choice(hand) == "5S"


def test_a_nil_holding_the_top_trump_takes_a_trick_from_the_opponents_with_it() -> None:
    """North bid nil with the A♠, which wins whatever trick it is played to: the nil is lost
    whatever North does. West ruffs South's A♥ with the 7♠, and North, out of hearts,
    overruffs with the A♠: the trick it must take one day is one won back from West."""
    deal = dict(UNDERRUFF, N="A53..86432.86432", S="KT98.AKQJT9.T9.7")
    hand = hand_of(PARTNER, "E", deal, ["5", "4", "nil", "2"], ["AH", "7S"])
    assert hand.to_act == "N"
    assert normal_choice(hand) == "AS"


def test_a_nil_throws_first_a_suit_where_even_its_lowest_card_beats_every_unseen_one() -> None:
    """South's nil is out of diamonds. With the A♣ gone its K♣ Q♣ win any club lead, while its
    A♥ still has four low hearts under it: the K♣ goes first, not the highest card."""
    deal = {"S": "98762.A65432..KQ", "W": "AKQJ..AKQJT.AJT9", "N": "T54.KQJ.98765.87", "E": "3.T987.432.65432"}
    hand = hand_of(PARTNER, "E", deal, ["nil", "4", "3", "2"], "2H AC KH 7H 5D 2D".split())
    assert hand.to_act == "S"
    assert normal_choice(hand) == "KC"


# ---------------------------------------------------------------------------
# The nil check: a nil the count allows is bid only if it holds in play often enough

LEAKY_NIL = "7.6532.J8732.AQ2"
"""A hand Normal's count allows a nil with (risk 1.29 of 1.3): the A♣ Q♣ 2♣ fall to a club
lead once the 2♣ is gone. From the arena against Expert (seed 203), where its nil failed; the
nil held in a third of Expert's playouts."""


def test_no_nil_the_playouts_break_though_the_count_allows_it() -> None:
    # East deals: South bids first, nobody has bid.
    hand = hand_of(PARTNER, "E", {"S": LEAKY_NIL}, [])
    view = seat_view(hand, "S")
    assert normal_choice(hand, CountOnly) == "nil"
    for seed in range(5):
        answer = decide(NormalPlayer("S", PARTNER.to_dict(), seed), view)
        assert answer != "nil" and int(answer) >= 1


def test_the_nil_check_answers_a_moment_alike() -> None:
    hand = hand_of(PARTNER, "E", {"S": LEAKY_NIL}, [])
    seen = SeatView.from_dict(seat_view(hand, "S"))
    player = NormalPlayer("S", PARTNER.to_dict(), 3)
    assert {player.nil_holds(seen) for _ in range(3)} == {False}
    assert NormalPlayer("S", PARTNER.to_dict(), 3).nil_holds(seen) is False


def test_without_a_partner_the_count_alone_decides_the_nil() -> None:
    solo = PRESETS["solo"].rules
    hand = hand_of(solo, "E", {"S": LEAKY_NIL}, [])
    assert NormalPlayer("S", solo.to_dict(), 3).nil_holds(SeatView.from_dict(seat_view(hand, "S")))


OVER_THE_COUNT = "J5.82.Q72.KQ9862"
"""A hand over the count for a nil bid without playing it out (nil risk 1.79 of 1.3): the
K♣ Q♣ sit over four low clubs, the J♠ over the 5♠. From Normal's arena games, where its nil
held."""


class UncheckedCount(NormalPlayer):
    """Plays out only the nils the count of unchecked nils allows (the Normal before)."""

    checked_nil_risk_limit = NormalPlayer.nil_risk_limit
    checked_nil_max_tricks = NormalPlayer.nil_max_tricks
    checked_nil_spade_risk = NIL_SPADE_RISK


def test_a_hand_over_the_unchecked_count_is_played_out_and_bid_nil_as_it_holds() -> None:
    hand = hand_of(PARTNER, "E", {"S": OVER_THE_COUNT}, [])
    view = seat_view(hand, "S")
    assert normal_choice(hand, UncheckedCount) != "nil"
    for seed in range(5):
        assert decide(NormalPlayer("S", PARTNER.to_dict(), seed), view) == "nil"


THREE_SPADES_OVER_THE_COUNT = "T96.QJ9632.873.2"
"""Three spades and a nil risk of 1.43: its nil holds in the playouts, and it failed against
Expert on the nil bench (seed 101, deal 279)."""


class ThreeSpadesPlayedOut(NormalPlayer):
    """Plays out a nil with three spades up to a nil risk of 1.7 (the Normal before)."""

    checked_nil_spade_risk = NIL_SPADE_RISK


def test_a_nil_with_three_spades_keeps_the_count_of_unchecked_nils() -> None:
    view = seat_view(hand_of(PARTNER, "E", {"S": THREE_SPADES_OVER_THE_COUNT}, []), "S")
    for seed in range(5):
        assert decide(ThreeSpadesPlayedOut("S", PARTNER.to_dict(), seed), view) == "nil"
        assert decide(NormalPlayer("S", PARTNER.to_dict(), seed), view) != "nil"


def test_a_low_hand_with_three_spades_still_bids_nil() -> None:
    view = seat_view(hand_of(PARTNER, "E", {"S": "852.J954.T42.652"}, []), "S")
    for seed in range(5):
        assert decide(NormalPlayer("S", PARTNER.to_dict(), seed), view) == "nil"


def test_a_nil_is_played_out_first_only_with_a_partner_and_a_nil_of_its_own() -> None:
    player = NormalPlayer("S", PARTNER.to_dict(), 0)
    checked = {name: player.checks_nils(SeatView.from_dict(seat_view(hand_of(PRESETS[name].rules, "E", {}, []), "S")))
               for name in ("partner", "netspades", "solo", "suicide", "dunn")}
    assert checked == {"partner": True, "netspades": True, "solo": False, "suicide": False, "dunn": False}


def test_without_a_partner_the_nil_count_stays_that_of_unchecked_nils() -> None:
    solo = PRESETS["solo"].rules
    assert normal_choice(hand_of(solo, "E", {"S": OVER_THE_COUNT}, [])) != "nil"


def test_a_nil_that_holds_in_play_is_still_bid_after_the_partners_number() -> None:
    # South deals and bids last: West 3, North (South's partner) 4, East 3.
    hand = hand_of(PARTNER, "S", {"S": "43.65.K7432.8632"}, ["3", "4", "3"])
    assert hand.to_act == "S"
    assert normal_choice(hand) == "nil"


def test_suicide_s_forced_nil_is_not_checked() -> None:
    # Under Suicide one partner must bid nil: the check never turns the first bidder's nil down.
    suicide = PRESETS["suicide"].rules
    hand = hand_of(suicide, "E", {"S": LEAKY_NIL}, [])
    assert normal_choice(hand) == "nil"
