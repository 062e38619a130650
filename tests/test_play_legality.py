"""Which cards a seat may play, and why others are refused, driven through :class:`Hand`.

Every deal here has East dealing, so South bids first and leads the first trick.
Hands are written in `Deal` notation (spades.hearts.diamonds.clubs); seats left out
receive the rest of the deck in deck order.
"""

from __future__ import annotations

import pytest
from deals import deal

from game.cards import DECKS, Card, parse_hand
from game.events import SpadesBroken, TrickWon
from game.hand import Hand, RuleError, trick_leader
from game.legality import trick_winner_index
from game.rules import PRESETS, Rules

PLAIN = Rules.parse("partners=1 broken=1 nil=100 bags=10/100 win=500 lose=-300")
"""Partner rules without blind nil, so bidding needs no blind choices."""
OPEN = PLAIN.replace(spades_broken=False)
MUST_BEAT = PLAIN.replace(must_beat=True)
SOLO = PRESETS["solo"].rules
"""Solo: must beat highest and first-trick low clubs."""
LOW_CLUB_JOKERS = Rules.parse("partners=0 deck=jokers broken=1 mustbeat=1 lowclub=1 nil=100 bags=10/100 win=300")
LOW_CLUB_DEUCES = LOW_CLUB_JOKERS.replace(deck="deuces")


def bid_round(hand: Hand, bid: str = "3") -> None:
    """Every seat looks (where it may bid blind), keeps its hand and bids `bid`."""
    while hand.phase in ("blind", "misdeal", "bid"):
        seat = hand.to_act
        if hand.phase == "blind":
            hand.apply(seat, "look")
        elif hand.phase == "misdeal":
            hand.apply(seat, "keep")
        else:
            hand.apply(seat, bid)
    assert hand.phase == "play"


def ready(rules: Rules, **hands: str) -> Hand:
    hand = deal(rules, **hands)
    bid_round(hand)
    return hand


def play(hand: Hand, *texts: str) -> None:
    """Play these cards in turn, each by the seat to act."""
    for text in texts:
        hand.play(hand.to_act, Card.parse(text))


def legal(hand: Hand) -> set[str]:
    return {str(card) for card in hand.legal_plays(hand.to_act)}


def held(hand: Hand, seat: str) -> set[str]:
    return {str(card) for card in hand.holding(seat)}


def suit_of(hand: Hand, seat: str, suit: str) -> set[str]:
    return {str(card) for card in hand.holding(seat) if hand.deck.suit(card) == suit}


def assert_refused(hand: Hand, text: str, message: str) -> None:
    """Playing `text` is refused with `message`, and nothing changes."""
    seat = hand.to_act
    before = held(hand, seat), list(hand.trick), len(hand.events)
    with pytest.raises(RuleError) as refused:
        hand.play(seat, Card.parse(text))
    assert message in str(refused.value)
    assert (held(hand, seat), list(hand.trick), len(hand.events)) == before
    assert hand.to_act == seat


# Everyone holds every suit; nobody holds all of one.
EVEN = {"S": "AKQ.AKQJ.AKQ.AKQ", "W": "JT9.T98.JT98.JT9", "N": "876.765.765.8765", "E": "5432.432.432.432"}
# West is void in hearts.
WEST_VOID = {"S": "AKQ.AKQJ.AKQ.AKQ", "W": "JT98..JT98.JT987", "N": "76.T98765.765.65", "E": "5432.432.432.432"}


# ---------------------------------------------------------------------------
# Follow suit


def test_must_follow_the_suit_led() -> None:
    hand = ready(PLAIN, **EVEN)
    play(hand, "AH")
    assert hand.to_act == "W"
    assert legal(hand) == {"TH", "9H", "8H"}
    assert_refused(hand, "JD", "You must follow hearts")
    assert_refused(hand, "JS", "You must follow hearts")


def test_following_suit_may_play_any_card_of_it() -> None:
    hand = ready(PLAIN, **EVEN)
    play(hand, "AH", "8H")
    assert legal(hand) == {"7H", "6H", "5H"}


def test_void_in_the_suit_led_may_play_any_card() -> None:
    hand = ready(PLAIN, **WEST_VOID)
    play(hand, "AH")
    assert legal(hand) == held(hand, "W")


def test_refusals_name_the_suit_to_follow() -> None:
    hand = ready(PLAIN, **EVEN)
    play(hand, "AD")
    assert_refused(hand, "JC", "You must follow diamonds")
    play(hand, "JD", "7D", "4D")
    play(hand, "AC")
    assert_refused(hand, "TD", "You must follow clubs")


# ---------------------------------------------------------------------------
# Spades broken


def test_spade_cannot_be_led_before_broken() -> None:
    hand = ready(PLAIN, **EVEN)
    assert legal(hand) == held(hand, "S") - {"AS", "KS", "QS"}
    assert_refused(hand, "AS", "Spades are not broken yet")


def test_leader_holding_only_spades_may_lead_one_and_that_breaks_spades() -> None:
    hand = ready(PLAIN, S="AKQJT98765432...", W=".AKQJT98765432..", N="..AKQJT98765432.")
    assert legal(hand) == held(hand, "S")
    play(hand, "2S")
    assert hand.spades_broken
    assert [e.seat for e in hand.events if isinstance(e, SpadesBroken)] == ["S"]


def test_trumping_breaks_spades_once() -> None:
    hand = ready(PLAIN, **WEST_VOID)
    assert not hand.spades_broken
    play(hand, "AH", "8S")
    assert hand.spades_broken
    play(hand, "5H", "2H")
    assert hand.tricks[-1].winner == "W"
    # The trick's winner may now lead a spade, and that does not break them again.
    assert hand.to_act == "W"
    assert legal(hand) == held(hand, "W")
    play(hand, "JS", "7S", "5S", "QS")
    assert [e.seat for e in hand.events if isinstance(e, SpadesBroken)] == ["W"]


def test_spades_may_be_led_at_once_when_they_need_no_breaking() -> None:
    hand = ready(OPEN, **EVEN)
    assert legal(hand) == held(hand, "S")
    play(hand, "AS")
    assert hand.spades_broken


def test_netspades_lets_spades_lead_from_the_first_trick() -> None:
    hand = ready(PRESETS["netspades"].rules, **EVEN)
    assert legal(hand) == held(hand, "S")


def test_a_joker_cannot_be_led_before_spades_are_broken() -> None:
    hand = ready(PLAIN.replace(deck="jokers"), S="BJ.AKQJT9.AKQJ.AK", W="LJ.87654.T98.QJT9")
    assert "BJ" not in legal(hand)
    assert_refused(hand, "BJ", "Spades are not broken yet")


# ---------------------------------------------------------------------------
# Must beat highest

BEAT_IN_SUIT = {"S": "AKQ.AKQJ.AKQ.T98", "W": "JT9.T98.JT98.J54", "N": "876.765.765.AK76"}
# West and East are void in hearts; North holds hearts above and below the 9♥.
BEAT_VOID = {"S": "A.9876.AKQJ.AKQJ", "W": "T54..T9876.T9876", "E": "98732..5432.5432"}


def test_must_beat_the_highest_card_of_the_suit_led() -> None:
    hand = ready(MUST_BEAT, **BEAT_IN_SUIT)
    play(hand, "TC")
    assert legal(hand) == {"JC"}
    assert_refused(hand, "5C", "You must beat the 10♣")
    assert_refused(hand, "JD", "You must follow clubs")
    play(hand, "JC")
    assert legal(hand) == {"AC", "KC"}
    assert_refused(hand, "7C", "You must beat the J♣")
    play(hand, "KC")
    # East cannot beat the K♣: any club will do.
    assert legal(hand) == suit_of(hand, "E", "C") == {"QC", "3C", "2C"}


def test_without_must_beat_any_card_of_the_suit_follows() -> None:
    hand = ready(PLAIN, **BEAT_IN_SUIT)
    play(hand, "TC")
    assert legal(hand) == {"JC", "5C", "4C"}


def test_void_must_trump_when_no_spade_was_played() -> None:
    hand = ready(MUST_BEAT, **BEAT_VOID)
    play(hand, "9H")
    assert legal(hand) == {"TS", "5S", "4S"}
    assert_refused(hand, "TD", "You have no hearts, so you must trump with a spade")


def test_a_trumped_trick_lets_any_card_of_the_suit_led_follow() -> None:
    hand = ready(MUST_BEAT, **BEAT_VOID)
    play(hand, "9H", "5S")
    assert hand.to_act == "N"
    north_hearts = suit_of(hand, "N", "H")
    assert {"4H", "3H", "2H"} <= north_hearts
    assert legal(hand) == north_hearts


def test_void_must_trump_higher_than_every_spade_so_far() -> None:
    hand = ready(MUST_BEAT, **BEAT_VOID)
    play(hand, "9H", "5S", "2H")
    assert hand.to_act == "E"
    assert legal(hand) == {"9S", "8S", "7S"}
    assert_refused(hand, "3S", "You have no hearts, so you must trump higher than the 5♠")
    assert_refused(hand, "5D", "You have no hearts, so you must trump higher than the 5♠")


def test_void_with_only_lower_spades_may_play_any_card() -> None:
    hand = ready(MUST_BEAT, **BEAT_VOID)
    play(hand, "9H", "TS", "2H")
    assert legal(hand) == held(hand, "E")


def test_must_beat_applies_to_a_spade_lead() -> None:
    rules = MUST_BEAT.replace(spades_broken=False)
    hand = ready(rules, S="JT9.AKQJ.AKQ.AKQ", W="A87.T98.JT98.JT9", N="KQ6.765.765.8765")
    play(hand, "9S")
    assert legal(hand) == {"AS"}
    assert_refused(hand, "8S", "You must beat the 9♠")
    play(hand, "AS")
    # North's K♠ Q♠ 6♠ cannot beat the A♠: any spade.
    assert legal(hand) == {"KS", "QS", "6S"}


# ---------------------------------------------------------------------------
# First trick: low clubs

# South leads holding K♣ T♣ 9♣; West holds J♣ 3♣; North has no clubs; East's lowest is the 2♣.
LOW_CLUBS = {"S": "AK.AKQJ.AKQJ.KT9", "W": "QJT9.T98.T987.J3", "N": "8765.7654.65432.", "E": "432.32..AQ876542"}
# South has no clubs; West holds hearts and clubs; East only diamonds and clubs.
NO_CLUB_LEADER = {"S": "AKQ.AKQJT98765..", "W": "JT9.432.A.KQJ987", "N": "8765432..KQJT98."}


def test_first_trick_leader_must_lead_the_lowest_club() -> None:
    hand = ready(SOLO, **LOW_CLUBS)
    assert legal(hand) == {"9C"}
    assert_refused(hand, "KC", "On the first trick you must play your lowest club, the 9♣")
    assert_refused(hand, "AH", "On the first trick you must play your lowest club, the 9♣")


def test_first_trick_low_club_overrides_must_beat() -> None:
    hand = ready(SOLO, **LOW_CLUBS)
    play(hand, "9C")
    assert legal(hand) == {"3C"}
    assert_refused(hand, "JC", "On the first trick you must play your lowest club, the 3♣")


def test_first_trick_seat_without_clubs_may_play_any_card() -> None:
    hand = ready(SOLO, **LOW_CLUBS)
    play(hand, "9C", "3C")
    assert legal(hand) == held(hand, "N")
    play(hand, "8S")
    assert hand.spades_broken
    assert legal(hand) == {"2C"}
    play(hand, "2C")
    assert hand.tricks[0].winner == "N"


def test_first_trick_low_club_applies_whatever_was_led() -> None:
    hand = ready(SOLO, **NO_CLUB_LEADER)
    # The leader without clubs still obeys spades-broken.
    assert legal(hand) == suit_of(hand, "S", "H")
    assert_refused(hand, "AS", "Spades are not broken yet")
    play(hand, "AH")
    assert legal(hand) == {"7C"}
    assert_refused(hand, "4H", "On the first trick you must play your lowest club, the 7♣")
    play(hand, "7C")
    assert legal(hand) == held(hand, "N")
    play(hand, "KD")
    assert legal(hand) == {"2C"}


def test_low_clubs_apply_only_to_the_first_trick() -> None:
    hand = ready(SOLO, **LOW_CLUBS)
    play(hand, "9C", "3C", "8S", "2C")
    assert hand.to_act == "N"
    play(hand, "2D")
    # East, void in diamonds, must now trump (must beat) rather than play its lowest club.
    assert legal(hand) == {"4S", "3S", "2S"}
    assert_refused(hand, "4C", "You have no diamonds, so you must trump with a spade")


@pytest.mark.parametrize("rules", [LOW_CLUB_JOKERS, LOW_CLUB_DEUCES], ids=["jokers", "deuces"])
def test_with_a_trump_two_of_clubs_the_lowest_club_is_the_three(rules: Rules) -> None:
    hand = ready(rules, S="AK.AKQJ.AKQJ.532", W="QJT9.T987.T98.AK")
    assert legal(hand) == {"3C"}
    assert_refused(hand, "2C", "On the first trick you must play your lowest club, the 3♣")


# ---------------------------------------------------------------------------
# Jokers and trump deuces


def test_jokers_and_the_two_of_clubs_follow_a_spade_lead() -> None:
    rules = OPEN.replace(deck="jokers")
    hand = ready(rules, S="5.AKQJ.AKQJ.AKQJ", W="BJ.T9876543.T987.", N="..6543.T98765432", E="LJAKQJT9876432...")
    play(hand, "5S")
    # West's only spade is the Big Joker: it must follow with it.
    assert legal(hand) == {"BJ"}
    assert_refused(hand, "TH", "You must follow spades")
    play(hand, "BJ")
    # North's only spade is the 2♣.
    assert legal(hand) == {"2C"}
    assert_refused(hand, "TC", "You must follow spades")
    play(hand, "2C")
    assert legal(hand) == held(hand, "E")
    play(hand, "LJ")
    assert hand.tricks[0].winner == "W"


def test_the_trump_two_of_clubs_does_not_follow_clubs() -> None:
    rules = OPEN.replace(deck="jokers")
    hand = ready(rules, S="5.AKQJ.AKQJ.AKQJ", W="BJ.T9876543.T987.", N="..6543.T98765432", E="LJAKQJT9876432...")
    play(hand, "AC")
    assert hand.to_act == "W"
    # West has no clubs at all.
    assert legal(hand) == held(hand, "W")
    play(hand, "TH")
    # North's clubs are T…3; the 2♣ is no club.
    assert legal(hand) == {"TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C"}
    assert_refused(hand, "2C", "You must follow clubs")


def test_deuces_deck_trump_deuces_do_not_follow_their_printed_suit() -> None:
    rules = PLAIN.replace(deck="deuces")
    hand = ready(rules, S="AKQ.AKQJ.AKQ.AKQ", W="J2.T982.JT98.JT9")
    play(hand, "AH")
    # The 2♥ is a spade here: West follows with its real hearts only.
    assert legal(hand) == {"TH", "9H", "8H"}
    assert_refused(hand, "2H", "You must follow hearts")


# ---------------------------------------------------------------------------
# Trick winners


@pytest.mark.parametrize(("deck_name", "trick", "winner"), [
    ("standard", "5H KH AD 3H", 1),
    ("standard", "5H KH 2S AH", 2),
    ("standard", "5H AS KS 2S", 1),
    ("standard", "2S AH KH QH", 0),
    ("jokers", "AS 2S 2C LJ", 3),
    ("jokers", "LJ BJ 2C AS", 1),
    ("jokers", "2S AS KS 3S", 0),
    ("jokers", "2C 2S AS KS", 0),
    ("jokers", "3C KC 2C AC", 2),
    ("jokers", "AH BJ KH QH", 1),
    ("deuces", "2S AS KS QS", 0),
    ("deuces", "2C 2S AS 3S", 0),
    ("deuces", "2H 2C 2S AS", 0),
    ("deuces", "AS 2C 2H 2D", 3),
    ("deuces", "AH KH 2H 3H", 2),
    ("deuces", "3D 2D AD KD", 1),
])
def test_trick_winner(deck_name: str, trick: str, winner: int) -> None:
    assert trick_winner_index(DECKS[deck_name], [Card.parse(t) for t in trick.split()]) == winner


def test_played_trick_goes_to_the_highest_card_of_the_suit_led() -> None:
    hand = ready(PLAIN, **EVEN)
    play(hand, "QD", "JD", "7D", "4D")
    won = [e for e in hand.events if isinstance(e, TrickWon)]
    assert [(e.number, e.leader, e.winner) for e in won] == [(1, "S", "S")]
    assert hand.taken["S"] == 1
    assert hand.to_act == "S"


def test_the_leader_is_the_first_to_play_else_the_last_winner_else_left_of_the_dealer() -> None:
    hand = ready(PLAIN, **EVEN)
    assert hand.leader == "S" == trick_leader("E", [], None)
    play(hand, "QD", "JD")
    assert hand.leader == "S" == trick_leader("E", [["S", "QD"], ["W", "JD"]], None)
    play(hand, "7D", "4D")
    assert hand.leader == "S" == trick_leader("E", [], "S")
    assert trick_leader("N", [], "W") == "W" and trick_leader("N", [], None) == "E"


def test_played_trick_goes_to_the_trump() -> None:
    hand = ready(PLAIN, **WEST_VOID)
    play(hand, "AH", "8S", "TH", "4H")
    assert hand.tricks[0].winner == "W"
    assert hand.taken == {"S": 0, "W": 1, "N": 0, "E": 0}


def test_deuces_deck_trick_goes_to_the_highest_trump_deuce() -> None:
    rules = OPEN.replace(deck="deuces")
    hand = ready(rules, S="AKQ.AKQJ.AKQ.AKQ", W="J2.T98.JT98.JT98", N=".765432.765432.7")
    play(hand, "AS")
    assert legal(hand) == {"JS", "2S"}
    play(hand, "2S")
    # North holds no printed spade, but the 2♥ and 2♦ are spades.
    assert legal(hand) == {"2H", "2D"}
    play(hand, "2H")
    assert "2C" in legal(hand)
    play(hand, "2C")
    assert hand.tricks[0].winner == "N"


# ---------------------------------------------------------------------------
# Turn and holding


def test_it_is_not_your_turn() -> None:
    hand = ready(PLAIN, **EVEN)
    assert hand.to_act == "S"
    assert hand.legal_plays("W") == []
    with pytest.raises(RuleError, match="It is not your turn"):
        hand.play("W", Card.parse("TH"))
    assert held(hand, "W") == {str(c) for c in parse_hand(EVEN["W"])}


def test_you_do_not_hold_the_card() -> None:
    hand = ready(PLAIN, **EVEN)
    with pytest.raises(RuleError, match="You do not hold the 2♥"):
        hand.play("S", Card.parse("2H"))
    with pytest.raises(RuleError, match="You do not hold the 10♠"):
        hand.apply("S", "TS")


def test_a_card_played_twice_is_no_longer_held() -> None:
    hand = ready(PLAIN, **EVEN)
    play(hand, "AH", "TH", "7H", "4H")
    with pytest.raises(RuleError, match="You do not hold the A♥"):
        hand.play("S", Card.parse("AH"))


def test_legal_plays_are_what_play_accepts() -> None:
    hand = ready(MUST_BEAT, **BEAT_VOID)
    play(hand, "9H", "5S", "2H")
    for card in hand.holding("E"):
        allowed = str(card) in legal(hand)
        try:
            probe = ready(MUST_BEAT, **BEAT_VOID)
            play(probe, "9H", "5S", "2H")
            probe.play("E", card)
            accepted = True
        except RuleError:
            accepted = False
        assert accepted == allowed, str(card)
