"""Cards, hands in `Deal` notation, the trump order of each deck, and the rules object.

The preset table below is copied verbatim from SPEC §3 and parsed here by the test
itself, so the presets are checked against the SPEC's own words, not against the
engine's parser.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cards import CARDS, DECKS, Card, cards, format_hand, parse_hand
from game.legality import trick_winner_index
from game.rules import OPTIONS, PRESETS, Rules, RulesError, summary

# ---------------------------------------------------------------------------
# SPEC §3, the preset table, copied verbatim.

SPEC_PRESET_TABLE = """
| id | variant | Rules |
|---|---|---|
| `partner` | Partner (default) | `partners=1 broken=1 nil=100 blindnil=200 blindnilfail=100 blindnildown=0 bags=10/100 win=500 lose=-300` |
| `solo` | Solo (cutthroat) | `partners=0 broken=1 mustbeat=1 lowclub=1 nil=100 blindnil=200 blindnilfail=100 blindnildown=0 bags=10/100 win=300 lose=off` |
| `suicide` | Suicide | `partners=1 broken=1 nil=100 onenil=1 minind=4 bags=10/100 win=300 lose=-300` |
| `mirrors` | Mirrors | `partners=1 broken=1 nil=100 bidspades=1 bags=10/100 win=500 lose=-300` |
| `stelmack` | Stelmack 1990 | `partners=1 broken=1 nil=0 bags=0/0 win=500 lose=off` |
| `netspades` | NetSpades | `partners=1 broken=0 nil=100 mintm=3 bags=10/100 win=500 lose=off` |
| `dunn` | Dunn 1995 | `partners=1 deck=jokers broken=1 nil=0 teamnil=50 mintm=4 blindteam=100 doubleset=1 bags=10/100 moe=1 tenfor200=1 boston=300 win=500 lose=off` |
"""  # noqa: E501

SPEC_ROWS: dict[str, str] = {
    match.group(1): match.group(2)
    for match in re.finditer(r"^\| `(\w+)` \| [^|]+ \| `([^`]+)` \|$", SPEC_PRESET_TABLE, re.M)
}

# The keys docs/hand-log.md requires in a `Rules` line, at the neutral values SPEC §3
# gives for keys a preset does not name ("off, 0, `bags`, `standard`, limits 0–13").
NEUTRAL: dict[str, str] = {
    "deck": "standard", "broken": "0", "mustbeat": "0", "lowclub": "0", "misdeal": "0", "nil": "0",
    "niltricks": "bags", "blindnil": "0", "blindnilfail": "0", "blindnildown": "0", "exchange": "0",
    "blindteam": "off", "teamnil": "0", "doubleset": "0", "tenfor200": "0", "sevenfor140": "0",
    "bonusbid": "0", "boston": "0", "moe": "0", "minind": "0", "maxind": "13", "mintm": "0", "maxtm": "13",
    "onenil": "0", "bidspades": "0", "lose": "off",
}
"""Every key but partners, bags and win, which every preset names."""
SAVE_KEYS = {*NEUTRAL, "partners", "bags", "win"}


def split_line(line: str) -> dict[str, str]:
    """A `Rules` line as key → value text, read without the engine."""
    return dict(part.split("=", 1) for part in line.split())


# ---------------------------------------------------------------------------
# Cards


SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def expected_label(text: str) -> str:
    if text == "BJ":
        return "Big Joker"
    if text == "LJ":
        return "Little Joker"
    rank = "10" if text[0] == "T" else text[0]
    return rank + SYMBOLS[text[1]]


ALL_DECK_CARDS = sorted({card for deck in DECKS.values() for card in deck.cards}, key=lambda c: c.index)


@pytest.mark.parametrize("card", ALL_DECK_CARDS, ids=str)
def test_every_card_reads_back_from_its_text_and_has_a_label(card: Card) -> None:
    text = str(card)
    assert Card.parse(text) is card
    assert Card.parse(text.lower()) is card
    assert Card.parse(f" {text} ") is card
    assert card.label == expected_label(text)


def test_card_text_is_rank_then_printed_suit() -> None:
    written = {str(card) for card in CARDS}
    expected = {rank + suit for suit in "SHDC" for rank in "23456789TJQKA"} | {"BJ", "LJ"}
    assert written == expected


def test_card_labels_for_people() -> None:
    assert Card.parse("TD").label == "10♦"
    assert Card.parse("AS").label == "A♠"
    assert Card.parse("BJ").label == "Big Joker"
    assert Card.parse("LJ").label == "Little Joker"


@pytest.mark.parametrize("text", ["", "1S", "AX", "11H", "ZZ", "10D", "JJ"])
def test_text_that_is_no_card_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


def test_each_deck_holds_its_52_cards() -> None:
    standard = {str(c) for c in DECKS["standard"].cards}
    assert standard == {rank + suit for suit in "SHDC" for rank in "23456789TJQKA"}
    assert {str(c) for c in DECKS["jokers"].cards} == (standard - {"2H", "2D"}) | {"BJ", "LJ"}
    assert {str(c) for c in DECKS["deuces"].cards} == standard
    assert all(len(deck.cards) == 52 for deck in DECKS.values())


# ---------------------------------------------------------------------------
# Hands in `Deal` notation


@pytest.mark.parametrize("text", [
    "AKQ2.T98.7654.32",
    ".AK2.QJ32.T98765",
    "BJLJA5.K2..T982",
    "BJ.AKQJT98765..",
    "LJ...",
    "AKQJT98765432...",
    "...AKQJT98765432",
    "...",
])
def test_deal_notation_round_trips(text: str) -> None:
    held = parse_hand(text)
    assert format_hand(held) == text
    assert format_hand(reversed(held)) == text


def test_deal_notation_writes_jokers_first_in_the_spade_group_big_before_little() -> None:
    held = parse_hand("BJLJA5.K2..T982")
    assert [str(c) for c in held] == ["BJ", "LJ", "AS", "5S", "KH", "2H", "TC", "9C", "8C", "2C"]
    assert format_hand(cards("2C 5S LJ KH TC AS 9C BJ 2H 8C")) == "BJLJA5.K2..T982"


def test_deal_notation_keeps_the_printed_suit_of_a_trump_deuce() -> None:
    # In the jokers and deuces decks the 2♣ plays as a spade but is written with the clubs.
    assert format_hand(cards("2C 2D 2H AS")) == "A.2.2.2"
    assert {str(c) for c in parse_hand("A.2.2.2")} == {"AS", "2H", "2D", "2C"}


def test_deal_notation_leaves_a_void_empty() -> None:
    assert format_hand(cards("AS KS 3C")) == "AK...3"
    assert format_hand(cards("9H")) == ".9.."


@pytest.mark.parametrize("text", ["AKQ.T98.765", "AKQ.T98.765.4.3", "AXQ...", "AA...", "A1...", "BJBJ..."])
def test_malformed_deal_notation_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_hand(text)


@given(st.sampled_from(sorted(DECKS)), st.data())
def test_any_set_of_cards_round_trips_through_deal_notation(deck_name: str, data: st.DataObject) -> None:
    deck = DECKS[deck_name]
    held = data.draw(st.lists(st.sampled_from(deck.cards), unique=True, max_size=13))
    text = format_hand(held)
    assert text.count(".") == 3
    assert set(parse_hand(text)) == set(held)
    assert len(parse_hand(text)) == len(held)


# ---------------------------------------------------------------------------
# Trump order of each deck

TRUMPS_TOP_DOWN = {
    "standard": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "jokers": "BJ LJ 2C 2S AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    "deuces": "2D 2H 2C 2S AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
}


@pytest.mark.parametrize("deck_name", sorted(TRUMPS_TOP_DOWN))
def test_trumps_are_exactly_the_spade_suit_of_the_deck(deck_name: str) -> None:
    deck = DECKS[deck_name]
    trumps = {str(c) for c in deck.cards if deck.is_trump(c)}
    assert trumps == set(TRUMPS_TOP_DOWN[deck_name].split())
    assert {str(c) for c in deck.cards if deck.suit(c) == "S"} == trumps


@pytest.mark.parametrize("deck_name", sorted(TRUMPS_TOP_DOWN))
def test_each_trump_beats_every_trump_below_it(deck_name: str) -> None:
    deck = DECKS[deck_name]
    order = cards(TRUMPS_TOP_DOWN[deck_name])
    low_discards = cards("3H 3D")
    for high_position, high in enumerate(order):
        for low in order[high_position + 1:]:
            assert trick_winner_index(deck, [low, high, *low_discards]) == 1, (str(high), str(low))
            assert trick_winner_index(deck, [high, low, *low_discards]) == 0, (str(high), str(low))


@pytest.mark.parametrize("deck_name", ["jokers", "deuces"])
def test_the_two_of_clubs_follows_spades_not_clubs(deck_name: str) -> None:
    deck = DECKS[deck_name]
    two = Card.parse("2C")
    assert deck.suit(two) == "S"
    assert deck.is_trump(two)
    # Led clubs, the 2♣ trumps them: it is no club.
    assert trick_winner_index(deck, cards("3C AC 2C KC")) == 2


def test_deuces_deck_deuces_are_spades() -> None:
    deck = DECKS["deuces"]
    for text in ("2D", "2H", "2C", "2S"):
        assert deck.suit(Card.parse(text)) == "S"
    assert trick_winner_index(deck, cards("AH KH 2H QH")) == 2
    assert trick_winner_index(deck, cards("3D 2D AD KD")) == 1


def test_jokers_follow_spades() -> None:
    deck = DECKS["jokers"]
    assert deck.suit(Card.parse("BJ")) == "S"
    assert deck.suit(Card.parse("LJ")) == "S"


@pytest.mark.parametrize("deck_name", sorted(DECKS))
def test_plain_suits_rank_from_the_two_or_three_up_to_the_ace(deck_name: str) -> None:
    deck = DECKS[deck_name]
    for suit in "HDC":
        plain = [c for c in deck.cards if c.suit == suit and deck.suit(c) == suit]
        by_strength = sorted(plain, key=lambda c: "23456789TJQKA".index(c.rank))
        for weaker, stronger in zip(by_strength, by_strength[1:], strict=False):
            assert trick_winner_index(deck, [weaker, stronger]) == 1
            assert trick_winner_index(deck, [stronger, weaker]) == 0


# ---------------------------------------------------------------------------
# Presets: exactly the SPEC §3 table


def test_the_spec_table_was_read() -> None:
    assert set(SPEC_ROWS) == {"partner", "solo", "suicide", "mirrors", "stelmack", "netspades", "dunn"}


def test_the_presets_are_the_variants_of_the_spec_table() -> None:
    assert set(PRESETS) == set(SPEC_ROWS)
    for id_, variant in PRESETS.items():
        assert variant.id == id_


@pytest.mark.parametrize("preset_id", sorted(SPEC_ROWS))
def test_preset_rules_are_exactly_the_spec_line_with_other_keys_neutral(preset_id: str) -> None:
    expected = {**NEUTRAL, **split_line(SPEC_ROWS[preset_id])}
    assert set(expected) == SAVE_KEYS
    written = split_line(PRESETS[preset_id].rules.to_line())
    assert {key: written.get(key) for key in SAVE_KEYS} == expected
    as_dict = {key: str(value) for key, value in PRESETS[preset_id].rules.to_dict().items()}
    assert {key: as_dict.get(key) for key in SAVE_KEYS} == expected


@pytest.mark.parametrize("preset_id", sorted(SPEC_ROWS))
def test_preset_rules_round_trip_through_their_line(preset_id: str) -> None:
    rules = PRESETS[preset_id].rules
    assert Rules.parse(rules.to_line()) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.parse(SPEC_ROWS[preset_id]) == rules


def test_rules_line_booleans_are_written_zero_or_one() -> None:
    written = split_line(PRESETS["solo"].rules.to_line())
    assert written["partners"] == "0"
    assert written["mustbeat"] == "1"


def test_keys_not_named_keep_the_base() -> None:
    partner = PRESETS["partner"].rules
    changed = Rules.parse("win=300", base=partner)
    assert changed == partner.replace(win=300)


def test_unknown_keys_are_ignored_when_reading() -> None:
    partner = PRESETS["partner"].rules
    assert Rules.parse(partner.to_line() + " futurekey=7 colour=blue") == partner
    assert Rules.from_dict({**partner.to_dict(), "somethingnew": "x"}) == partner


@pytest.mark.parametrize(("line", "key"), [
    ("partners=2", "partners"),
    ("partners=yes", "partners"),
    ("nil=abc", "nil"),
    ("nil=-5", "nil"),
    ("bags=10", "bags"),
    ("bags=ten/100", "bags"),
    ("blindteam=maybe", "blindteam"),
    ("deck=tarot", "deck"),
    ("niltricks=team", "niltricks"),
    ("exchange=3", "exchange"),
    ("maxind=14", "maxind"),
    ("win=abc", "win"),
    ("lose=never", "lose"),
    ("partners", "partners"),
])
def test_malformed_values_are_refused_naming_the_key(line: str, key: str) -> None:
    with pytest.raises(RulesError) as refused:
        Rules.parse("partners=1 nil=100 bags=10/100 win=500 " + line)
    assert key in str(refused.value)


def test_a_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


@pytest.mark.parametrize(("line", "words"), [
    ("partners=0 nil=100 blindnil=200 exchange=1", ["exchange", "partners"]),
    ("partners=0 nil=100 teamnil=50", ["team nil", "partners"]),
    ("partners=0 nil=100 onenil=1", ["nil", "partners"]),
    ("partners=0 nil=100 tenfor200=1", ["10-for-200", "partners"]),
    ("partners=0 nil=100 niltricks=partner", ["partner"]),
    ("partners=0 nil=100 mintm=3", ["team", "partners"]),
    ("partners=1 nil=100 blindnil=0 exchange=2", ["exchange", "blind nil"]),
    ("partners=1 nil=100 minind=6 maxind=4", ["individual"]),
    ("partners=1 nil=100 mintm=8 maxtm=5", ["team"]),
    ("partners=1 nil=100 win=300 lose=300", ["lose"]),
    ("partners=1 nil=0 maxind=3 mintm=8", ["bid limits", "team"]),
    ("partners=1 nil=0 maxtm=1", ["bid limits", "team"]),
    # One partner must bid nil, so a team bids one number: at most 4, below the minimum of 5.
    ("partners=1 nil=100 onenil=1 maxind=4 mintm=5", ["team"]),
    ("partners=1 nil=100 onenil=1 minind=3 maxind=6 mintm=12", ["team"]),
    # ... or at least 4 (the earlier of two nils becomes the minimum), above the maximum of 3.
    ("partners=1 nil=100 onenil=1 minind=4 maxtm=3", ["team"]),
    ("partners=1 nil=100 onenil=1 maxtm=0", ["team"]),
    # Solo without nil and no number to bid: a seat would have no bid at all.
    ("partners=0 nil=0 maxind=0", []),
    ("partners=1 nil=0 onenil=1", ["nil"]),
    ("partners=1 nil=100 onenil=1 teamnil=50", ["team nil"]),
    ("partners=1 nil=100 onenil=1 bidspades=1", ["spades"]),
    ("partners=1 nil=100 bidspades=1 blindnil=200", ["blind"]),
    ("partners=1 nil=100 bags=0/100", ["bag"]),
    ("partners=1 nil=100 bags=1/10000000", ["penalty at most 1000"]),
    ("partners=1 nil=100 bags=1000/100", ["bag limit is at most 100"]),
])
def test_nonsensical_combinations_are_refused_with_a_reason(line: str, words: list[str]) -> None:
    with pytest.raises(RulesError) as refused:
        Rules.parse(line)
    reason = str(refused.value)
    assert reason.endswith(".")
    for word in words:
        assert word.lower() in reason.lower(), reason


def test_replacing_a_field_validates_the_combination() -> None:
    with pytest.raises(RulesError, match="partners"):
        PRESETS["solo"].rules.replace(team_nil=50)
    with pytest.raises(RulesError, match="partners"):
        PRESETS["solo"].rules.replace(exchange=1)


def test_sensible_custom_combinations_are_accepted() -> None:
    rules = Rules.parse("partners=1 nil=100 blindnil=200 blindnilfail=100 exchange=2 mintm=4 maxtm=11 minind=1 "
                        "maxind=7 misdeal=1 deck=deuces sevenfor140=1 bonusbid=9 win=250 lose=-250")
    assert rules.exchange == 2
    assert rules.deck == "deuces"
    assert rules.problems() == []
    assert Rules.parse(rules.to_line()) == rules


# ---------------------------------------------------------------------------
# Options and rules for people: labels and the one-sentence summary


def test_every_option_has_its_own_short_label() -> None:
    labels = [option.label for option in OPTIONS]
    assert all(label and len(label) <= 16 for label in labels), labels
    assert len(set(labels)) == len(labels)


@pytest.mark.parametrize(("preset_id", "sentence"), [
    ("partner", "Partners, spades must be broken, nil 100, blind nil +200/-100, bags 10/100, win at 500, "
                "lose at -300."),
    ("solo", "Every seat for itself, spades must be broken, must beat, low club first, nil 100, blind nil +200/-100, "
             "bags 10/100, win at 300, no losing score."),
    ("suicide", "Partners, spades must be broken, nil 100, bags 10/100, bid 4+, one partner bids nil, win at 300, "
                "lose at -300."),
    ("mirrors", "Partners, spades must be broken, nil 100, bags 10/100, bid your spades, win at 500, lose at -300."),
    ("stelmack", "Partners, spades must be broken, no nil, no bag penalty, win at 500, no losing score."),
    ("netspades", "Partners, spades may be led at any time, nil 100, bags 10/100, team bids 3+, win at 500, "
                  "no losing score."),
    ("dunn", "Partners, jokers deck, spades must be broken, no nil, blind team bids if 100 down, team nil 50, "
             "bags 10/100, double set, 10 for 200, Moe (the first 6 or 8 tricks: +50/+100), Boston 300, team bids 4+, "
             "win at 500, no losing score."),
])
def test_each_preset_is_summed_up_in_one_sentence(preset_id: str, sentence: str) -> None:
    assert summary(PRESETS[preset_id].rules) == sentence


def test_the_summary_names_every_option_that_differs_from_plain_rules() -> None:
    rules = Rules.parse("partners=1 nil=100 blindnil=200 blindnilfail=100 blindnildown=100 exchange=2 mintm=4 "
                        "maxtm=11 minind=1 maxind=7 misdeal=1 deck=deuces mustbeat=1 lowclub=1 niltricks=partner "
                        "sevenfor140=1 bonusbid=9 blindteam=0 win=250 lose=-250")
    assert summary(rules) == (
        "Partners, deuces deck, spades may be led at any time, must beat, low club first, misdeals, nil 100, "
        "failed nil helps partner, blind nil +200/-100 if 100 down, exchange 2, blind team bids, no bag penalty, "
        "7 for 140, bonus bid 9+, bid 1+, bid at most 7, team bids 4+, team bids at most 11, win at 250, lose at -250.")
    rules = Rules.parse("partners=1 nil=100 bags=5/50 tenfor200=1 boston=200 moe=1 doubleset=1 teamnil=50 "
                        "blindteam=150")
    assert summary(rules) == ("Partners, spades may be led at any time, nil 100, blind team bids if 150 down, "
                              "team nil 50, bags 5/50, double set, 10 for 200, "
                              "Moe (the first 6 or 8 tricks: +50/+100), Boston 200, win at 500, no losing score.")
