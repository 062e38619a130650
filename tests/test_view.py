"""The seat view of docs/bot-api.md: its keys and notation, and that it shows a seat
nothing it may not see; and the random player, which answers only with legal choices."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.bids import Bid
from game.cards import DECKS, Card
from game.game import Game
from game.hand import Choice, Hand
from game.players import RandomPlayer, decide
from game.rules import OPTIONS, PRESETS, Rules
from game.scoring import Standing
from game.seats import SEATS, sides
from game.view import SeatView, ViewError, seat_view

PARTNER = PRESETS["partner"].rules
RULE_SETS: dict[str, Rules] = {
    **{variant_id: variant.rules for variant_id, variant in PRESETS.items()},
    "exchange2-blindnil": Rules.parse("exchange=2", base=PARTNER),
    "misdeal": Rules.parse("misdeal=1", base=PARTNER),
    "mustbeat-lowclub-jokers": Rules.parse("mustbeat=1 lowclub=1 deck=jokers", base=PARTNER),
    "deuces-blindteam": Rules.parse("deck=deuces blindteam=0", base=PARTNER),
}

VIEW_KEYS = {"seat", "phase", "rules", "dealer", "hand", "bids", "legal", "trick", "tricks", "taken",
             "spades_broken", "scores", "hand_number"}
"""The keys of docs/bot-api.md, but ``exchange_count`` (only for the seat giving cards)."""
VIEW_PHASES = {"blind", "bid", "exchange", "misdeal", "play"}
BID_TEXT = re.compile(r"b?(nil|[1-9]|1[0-3])")


def random_choice(hand: Hand, rng: random.Random) -> Choice:
    """A random legal choice; in an exchange the blind-nil bidder (13 cards) gives up
    to the limit and its partner returns exactly as many."""
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal_choices(seat)
    if hand.phase == "exchange":
        giving = len(hand.holding(seat)) == 13
        return rng.sample(legal, rng.randint(1, hand.exchange_count) if giving else hand.exchange_count)
    return rng.choice(legal)


def decision_points(rules: Rules, seed: int, before: dict[str, Standing] | None = None) -> Iterator[Hand]:
    """A hand played with random legal choices, yielded before every decision."""
    rng = random.Random(seed)
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng, number=rng.randint(1, 9), standings=before)
    while hand.phase in VIEW_PHASES:
        yield hand
        hand.apply(hand.to_act, random_choice(hand, rng))


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def cards_named(view: dict) -> set[str]:
    """Every card the view names anywhere."""
    found = set()
    for text in strings_in(view):
        try:
            found.add(str(Card.parse(text)))
        except ValueError:
            pass
    return found


def check_view(hand: Hand, seat: str) -> dict:
    """Everything docs/bot-api.md says of the view of `seat`, checked against the hand."""
    view = seat_view(hand, seat)
    acting = seat == hand.to_act
    changed = {r.seat: str(r.bid) for r in hand.bid_history if r.changed_to is not None}
    expected = VIEW_KEYS | ({"exchange_count"} if hand.phase == "exchange" and acting else set())
    assert set(view) == expected | ({"bids_made"} if changed else set())
    assert view.get("bids_made", {}) == changed
    assert json.loads(json.dumps(view)) == view
    assert view["seat"] == seat and view["dealer"] == hand.dealer and view["hand_number"] == hand.number
    assert view["phase"] in VIEW_PHASES
    if acting:
        assert view["phase"] == hand.phase

    assert list(view["rules"]) == [option.key for option in OPTIONS]
    assert all(type(value) in (int, str) for value in view["rules"].values())
    assert Rules.from_dict(view["rules"]) == hand.rules

    own = [str(c) for c in hand.holding(seat)]
    if view["phase"] == "blind" or seat not in hand.looked:
        assert view["hand"] == []
    else:
        assert view["hand"] == own
    played = {card for _, card in view["trick"]} | {card for t in view["tricks"] for _, card in t["cards"]}
    assert cards_named(view) - played <= set(own)

    if acting:
        assert view["legal"] and view["legal"] == hand.legal_choices(seat)
        if view["phase"] == "blind":
            assert view["legal"][-1] == "look" and all(b.startswith("b") for b in view["legal"][:-1])
        if view["phase"] == "misdeal":
            assert sorted(view["legal"]) == ["keep", "misdeal"]
        if view["phase"] in ("play", "exchange"):
            assert set(view["legal"]) <= set(view["hand"])
        if view["phase"] == "exchange":
            assert 1 <= view["exchange_count"] <= hand.rules.exchange
    else:
        assert view["legal"] == []

    assert view["bids"] == {s: str(b) for s, b in hand.bids.items()}
    assert all(BID_TEXT.fullmatch(b) for b in view["bids"].values())
    assert view["trick"] == [[s, str(c)] for s, c in hand.trick]
    assert view["tricks"] == [{"leader": t.leader, "cards": [[s, str(c)] for s, c in t.plays], "winner": t.winner}
                              for t in hand.tricks]
    assert view["taken"] == hand.taken and set(view["taken"]) == set(SEATS)
    assert view["spades_broken"] is hand.spades_broken
    assert list(view["scores"]) == list(sides(hand.rules.partners))
    assert view["scores"] == {side: {"points": s.points, "bags": s.bags} for side, s in hand.standings.items()}
    return view


@pytest.mark.parametrize("rules_id", RULE_SETS)
@pytest.mark.parametrize("seed", range(3))
def test_every_view_has_the_keys_and_notation_of_the_bot_api(rules_id: str, seed: int) -> None:
    rules = RULE_SETS[rules_id]
    behind = {side: Standing(-150 * i, i) for i, side in enumerate(sides(rules.partners))}
    for hand in decision_points(rules, seed, behind):
        for seat in SEATS:
            check_view(hand, seat)


def test_exchange_count_is_shown_only_to_the_seat_giving_cards() -> None:
    rules = RULE_SETS["exchange2-blindnil"]
    hand = Hand.shuffled(rules, "E", random.Random(1))
    hand.apply("S", "bnil")
    for seat, bid in (("W", "3"), ("N", "1"), ("E", "3")):
        hand.apply(seat, "look")
        hand.apply(seat, bid)
    assert (hand.phase, hand.to_act) == ("exchange", "S")
    assert seat_view(hand, "S")["exchange_count"] == 2
    assert all("exchange_count" not in seat_view(hand, seat) for seat in ("W", "N", "E"))
    given_cards = seat_view(hand, "S")["legal"][:1]
    hand.apply("S", given_cards)
    assert hand.to_act == "N"
    view = check_view(hand, "N")
    assert view["exchange_count"] == 1
    assert given_cards[0] in view["hand"] and given_cards[0] not in view["legal"]
    assert "exchange_count" not in seat_view(hand, "S")
    assert given_cards[0] not in seat_view(hand, "S")["hand"]


def test_the_hand_is_empty_until_the_seat_looks() -> None:
    hand = Hand.shuffled(PARTNER, "N", random.Random(2))
    assert (hand.phase, hand.to_act) == ("blind", "E")
    assert all(seat_view(hand, seat)["hand"] == [] for seat in SEATS)
    assert seat_view(hand, "E")["phase"] == "blind"
    assert "look" in seat_view(hand, "E")["legal"]
    hand.apply("E", "look")
    assert len(seat_view(hand, "E")["hand"]) == 13
    assert all(seat_view(hand, seat)["hand"] == [] for seat in ("S", "W", "N"))


def test_a_seat_never_offered_a_blind_bid_sees_its_cards_at_once() -> None:
    hand = Hand.shuffled(PRESETS["stelmack"].rules, "N", random.Random(2))
    assert all(len(seat_view(hand, seat)["hand"]) == 13 for seat in SEATS)


def test_legal_is_empty_when_it_is_not_the_seats_turn() -> None:
    for hand in decision_points(PARTNER, 6):
        for seat in SEATS:
            legal = seat_view(hand, seat)["legal"]
            assert (legal == []) == (seat != hand.to_act)


def test_bids_are_written_as_strings_of_the_save_notation() -> None:
    rules = Rules.parse("blindteam=0", base=PARTNER)
    hand = Hand.shuffled(rules, "E", random.Random(3))
    hand.apply("S", "bnil")
    hand.apply("W", "b6")
    hand.apply("N", "look")
    hand.apply("N", "nil")
    hand.apply("E", "look")
    hand.apply("E", "4")
    expected = {"S": "bnil", "W": "b6", "N": "nil", "E": "4"}
    for seat in SEATS:
        assert seat_view(hand, seat)["bids"] == expected
    assert hand.bids == {seat: Bid.parse(text) for seat, text in expected.items()}


def test_bids_show_only_the_seats_that_have_bid() -> None:
    hand = Hand.shuffled(PRESETS["stelmack"].rules, "S", random.Random(4))
    assert seat_view(hand, "S")["bids"] == {}
    hand.apply("W", "3")
    assert seat_view(hand, "S")["bids"] == {"W": "3"}


@pytest.mark.parametrize(("rules_id", "expected"), [("partner", ["NS", "EW"]), ("solo", list(SEATS))])
def test_scores_are_keyed_by_side(rules_id: str, expected: list[str]) -> None:
    rules = PRESETS[rules_id].rules
    standings = {side: Standing(10 * i - 20, i) for i, side in enumerate(expected)}
    hand = Hand.shuffled(rules, "W", random.Random(5), standings=standings)
    scores = seat_view(hand, "S")["scores"]
    assert list(scores) == expected
    assert scores == {side: {"points": 10 * i - 20, "bags": i} for i, side in enumerate(expected)}


# -- nothing hidden leaks --------------------------------------------------------------------------
def redeal_others(rules: Rules, holdings: dict[str, list[Card]], seat: str,
                  rng: random.Random) -> dict[str, list[Card]]:
    """The same cards for `seat`, the other 39 dealt again among the other three.

    When the rules set every bid to the spades held (Mirrors) those bids are public,
    so each other seat keeps its number of spades."""
    deck = DECKS[rules.deck]
    others = [s for s in SEATS if s != seat]
    if rules.bid_spades:
        trumps = [c for s in others for c in holdings[s] if deck.is_trump(c)]
        plain = [c for s in others for c in holdings[s] if not deck.is_trump(c)]
        rng.shuffle(trumps)
        rng.shuffle(plain)
        result = {seat: list(holdings[seat])}
        for s in others:
            count = sum(deck.is_trump(c) for c in holdings[s])
            result[s] = [trumps.pop() for _ in range(count)] + [plain.pop() for _ in range(13 - count)]
        return result
    rest = [c for s in others for c in holdings[s]]
    rng.shuffle(rest)
    return {seat: list(holdings[seat]), **{s: rest[13 * i:13 * i + 13] for i, s in enumerate(others)}}


def public_choice(first: Hand, second: Hand, rng: random.Random) -> Choice | None:
    """A bidding choice legal in both hands (no misdeal call), or None."""
    shared = [c for c in first.legal_choices(first.to_act) if c in second.legal_choices(second.to_act)
              and c != "misdeal"]
    return rng.choice(shared) if shared else None


@pytest.mark.parametrize("rules_id", RULE_SETS)
@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), seat=st.sampled_from(SEATS), dealer=st.sampled_from(SEATS),
       behind=st.integers(-300, 300))
def test_a_seats_view_does_not_depend_on_the_other_seats_cards(rules_id: str, seed: int, seat: str, dealer: str,
                                                               behind: int) -> None:
    rules = RULE_SETS[rules_id]
    rng = random.Random(seed)
    order = DECKS[rules.deck].shuffled(rng)
    holdings = {s: order[13 * i:13 * i + 13] for i, s in enumerate(SEATS)}
    other_deal = redeal_others(rules, holdings, seat, rng)
    assume(any(set(other_deal[s]) != set(holdings[s]) for s in SEATS if s != seat))
    standings = {side: Standing(behind * i, 0) for i, side in enumerate(sides(rules.partners))}
    first = Hand.from_holdings(rules, dealer, holdings, standings=standings)
    second = Hand.from_holdings(rules, dealer, other_deal, standings=standings)
    assert seat_view(first, seat) == seat_view(second, seat)

    # Through the bidding the same public choices keep the views equal; a seat that
    # may call a misdeal in one deal keeps its hand, which the others do not see.
    while first.phase in ("blind", "bid", "misdeal") and second.phase in ("blind", "bid", "misdeal"):
        for hand in (first, second):
            if hand.phase == "misdeal" and hand.to_act != seat:
                hand.apply(hand.to_act, "keep")
        assert first.phase == second.phase and first.to_act == second.to_act
        assert seat_view(first, seat) == seat_view(second, seat)
        choice = public_choice(first, second, rng)
        if choice is None:
            break
        first.apply(first.to_act, choice)
        second.apply(second.to_act, choice)
        assert seat_view(first, seat) == seat_view(second, seat)


def test_two_deals_with_the_same_cards_for_the_seat_differ_elsewhere() -> None:
    """The hidden-cards test compares deals that really differ: the views of the other seats do."""
    rng = random.Random(7)
    order = DECKS["standard"].shuffled(rng)
    holdings = {s: order[13 * i:13 * i + 13] for i, s in enumerate(SEATS)}
    other_deal = redeal_others(PARTNER, holdings, "S", rng)
    first = Hand.from_holdings(PRESETS["stelmack"].rules, "E", holdings)
    second = Hand.from_holdings(PRESETS["stelmack"].rules, "E", other_deal)
    assert seat_view(first, "S") == seat_view(second, "S")
    assert seat_view(first, "W") != seat_view(second, "W")


# -- the typed view ------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules_id", RULE_SETS)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1), behind=st.integers(-300, 300))
def test_every_view_reads_into_a_seat_view_and_writes_back_the_same(rules_id: str, seed: int, behind: int) -> None:
    rules = RULE_SETS[rules_id]
    standings = {side: Standing(behind * i, i) for i, side in enumerate(sides(rules.partners))}
    for hand in decision_points(rules, seed, standings):
        for seat in SEATS:
            view = seat_view(hand, seat)
            typed = SeatView.from_dict(json.loads(json.dumps(view)))
            assert typed == SeatView.of_hand(hand, seat)
            assert typed.to_dict() == view
            assert json.dumps(typed.to_dict()) == json.dumps(view)


def test_a_seat_view_holds_typed_values() -> None:
    rules = Rules.parse("exchange=2", base=PARTNER)
    hand = Hand.shuffled(rules, "E", random.Random(1), standings={"NS": Standing(-220, 4), "EW": Standing(30, 1)})
    hand.apply("S", "bnil")
    for seat, bid in (("W", "3"), ("N", "4"), ("E", "3")):
        hand.apply(seat, "look")
        hand.apply(seat, bid)
    typed = SeatView.from_dict(seat_view(hand, "S"))
    assert typed.rules == rules and typed.deck is DECKS["standard"]
    assert typed.bids == {"S": Bid(0, blind=True), "W": Bid(3), "N": Bid(4), "E": Bid(3)}
    assert typed.hand == tuple(hand.holding("S")) and all(isinstance(c, Card) for c in typed.hand)
    assert typed.legal_cards == typed.legal and typed.exchange_count == 2
    assert typed.scores == {"NS": Standing(-220, 4), "EW": Standing(30, 1)}
    assert (typed.partner, typed.side, typed.points_behind()) == ("N", "NS", 250)
    assert typed.nil_alive("S") and not typed.nil_alive("W") and not typed.nil_alive(None)

    hand.apply("S", seat_view(hand, "S")["legal"][:2])
    hand.apply("N", seat_view(hand, "N")["legal"][:2])
    while len(hand.tricks) < 2 or len(hand.trick) < 2:
        hand.apply(hand.to_act, hand.legal_choices(hand.to_act)[0])
    for seat in SEATS:
        typed = SeatView.from_dict(seat_view(hand, seat))
        assert typed.leader == hand.leader and typed.tricks_left == 11
        assert typed.tricks == tuple(hand.tricks) and typed.trick == tuple(hand.trick)
        assert typed.legal_cards == tuple(hand.legal_plays(seat))
        assert typed.points_behind() == hand.behind(seat)


def test_the_legal_choices_keep_their_kind_and_order() -> None:
    rules = Rules.parse("blindteam=0 misdeal=1", base=PARTNER)
    hand = Hand.shuffled(rules, "E", random.Random(3), standings={"NS": Standing(-200), "EW": Standing(0)})
    typed = SeatView.from_dict(seat_view(hand, "S"))
    assert typed.phase == "blind" and typed.legal[-1] == "look"
    assert typed.legal_bids == typed.legal[:-1] and all(b.blind for b in typed.legal_bids)
    assert [str(choice) for choice in typed.legal] == hand.legal_choices("S")


@lru_cache(maxsize=1)
def good_view_text() -> str:
    """A view in the middle of the play, the current trick started, as JSON."""
    hand = Hand.shuffled(PRESETS["dunn"].rules, "E", random.Random(5))
    while len(hand.tricks) < 3 or len(hand.trick) < 2:
        legal = hand.legal_choices(hand.to_act)
        hand.apply(hand.to_act, "keep" if "keep" in legal else "look" if "look" in legal else
                   "3" if "3" in legal else legal[0])
    return json.dumps(seat_view(hand, hand.to_act))


def good_view() -> dict:
    return json.loads(good_view_text())


def changed(path: tuple, value: Any) -> dict:
    """The good view with the item at `path` replaced (or removed, when `value` is REMOVE)."""
    view = good_view()
    place = view
    for step in path[:-1]:
        place = place[step]
    if value is REMOVE:
        del place[path[-1]]
    else:
        place[path[-1]] = value
    return view


REMOVE = object()
BAD_VIEWS = {
    "key missing": (("taken",), REMOVE, "the key 'taken' is missing"),
    "key unknown": (("deck_order",), ["AS"], "'deck_order' is not a key of the seat view"),
    "seat": (("seat",), "X", "seat: 'X' is not one of S, W, N, E"),
    "phase": (("phase",), "dance", "phase: 'dance' is not one of"),
    "card": (("hand", 0), "1S", r"hand\[0\]: '1S' is not a card"),
    "card in lower case": (("hand", 1), "as", r"hand\[1\]: 'as' is not a card"),
    "card not in the deck": (("hand", 0), "2H", r"hand\[0\]: the 2H is not in the jokers deck"),
    "card not text": (("trick", 0, 1), 7, r"trick\[0\]: 7 is not a card"),
    "play not a pair": (("trick", 0), ["S"], r"trick\[0\]: \['S'\] is not \[seat, card\]"),
    "finished trick": (("tricks", 1, "winner"), "NS", r"tricks\[1\].winner: 'NS' is not one of"),
    "trick short": (("tricks", 0, "cards"), [], r"tricks\[0\]: a finished trick holds four cards"),
    "trick not a dict": (("tricks", 2), [], r"tricks\[2\]: a finished trick is a dict"),
    "bid": (("bids", "S"), "0", r"bids\[S\]: '0' is not a bid"),
    "bid too high": (("bids", "W"), "b14", r"bids\[W\]: 'b14' is not a bid"),
    "legal": (("legal", 0), "look", r"legal\[0\]: 'look' is not a card"),
    "taken": (("taken", "N"), -1, r"taken\[N\]: -1 is not a whole number from 0 to 13"),
    "taken as true": (("taken", "N"), True, r"taken\[N\]: True is not a whole number"),
    "taken seat missing": (("taken", "E"), REMOVE, "taken: expected a count for each seat"),
    "broken": (("spades_broken",), "yes", "spades_broken: 'yes' is not true or false"),
    "scores": (("scores", "NS", "bags"), -2, r"scores\[NS\].bags: -2 is not a whole number"),
    "scores side": (("scores", "S"), {"points": 0, "bags": 0}, "scores: 'S' is not one of NS, EW"),
    "hand number": (("hand_number",), 0, "hand_number: 0 is not a whole number from 1"),
    "rules value": (("rules", "nil"), "lots", "rules: nil=lots: expected a whole number"),
    "rules as text": (("rules", "nil"), "0", r"rules: nil='0' is not written as the view writes it \(0\)"),
    "rules key": (("rules", "jokers"), 1, "rules: 'jokers' is not an option"),
    "rules missing": (("rules", "win"), REMOVE, "rules: 'win' is missing"),
    "rules not a dict": (("rules",), "partner", "rules: expected a dict"),
    "rules list value": (("rules", "win"), [500], "rules: the values are whole numbers or strings"),
    "exchange count": (("exchange_count",), 9.5, r"exchange_count: 9.5 is not a whole number"),
    "bids made not a dict": (("bids_made",), ["S", "4"], "bids_made: expected a dict"),
    "bid made": (("bids_made",), {"S": "four"}, r"bids_made\[S\]: 'four' is not a bid"),
    "bid made by no seat": (("bids_made",), {"X": "4"}, "bids_made: 'X' is not one of"),
}


@pytest.mark.parametrize("case", BAD_VIEWS)
def test_a_dict_that_is_not_a_seat_view_is_refused_with_the_reason(case: str) -> None:
    path, value, reason = BAD_VIEWS[case]
    with pytest.raises(ViewError, match=reason):
        SeatView.from_dict(changed(path, value))


def test_a_bid_made_is_refused_for_a_seat_without_a_bid() -> None:
    view = good_view()
    del view["bids"]["S"]
    view["bids_made"] = {"S": "4"}
    with pytest.raises(ViewError, match=r"bids_made\[S\]: S has no bid in bids"):
        SeatView.from_dict(view)


def test_a_view_showing_a_card_twice_or_offering_one_not_held_is_refused() -> None:
    view = good_view()
    played = view["tricks"][0]["cards"][0][1]
    with pytest.raises(ViewError, match=f"the {played} is shown twice"):
        SeatView.from_dict({**view, "hand": [*view["hand"], played]})
    with pytest.raises(ViewError, match=f"legal: the {played} is not in the hand"):
        SeatView.from_dict({**view, "legal": [played]})
    assert isinstance(ViewError("x"), ValueError)
    with pytest.raises(ViewError, match="a seat view is a dict, not list"):
        SeatView.from_dict([view])  # type: ignore[arg-type]


JSON_LEAVES = st.recursive(st.none() | st.booleans() | st.integers(-20, 600) | st.sampled_from(
    ["S", "NS", "AS", "2H", "BJ", "nil", "b6", "look", "play", "10/100", "off", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["leader", "cards", "winner"]),
                                                                inner, max_size=3), max_leaves=6)


def paths_in(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path to an item inside a JSON value."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield (*path, key)
        yield from paths_in(item, (*path, key))


@settings(max_examples=120)
@given(data=st.data())
def test_any_change_to_a_view_is_read_back_exactly_or_refused(data: st.DataObject) -> None:
    paths = list(paths_in(good_view()))
    path = data.draw(st.sampled_from(paths))
    value = data.draw(JSON_LEAVES | st.just(REMOVE))
    view = changed(path, value)
    try:
        typed = SeatView.from_dict(view)
    except ViewError:
        return
    assert typed.to_dict() == view


# -- the random player ------------------------------------------------------------------------------
@pytest.mark.parametrize("rules_id", RULE_SETS)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32 - 1), steady_bid=st.sampled_from([None, 0, 3, 13]))
def test_the_random_player_only_returns_legal_choices(rules_id: str, seed: int, steady_bid: int | None) -> None:
    rules = RULE_SETS[rules_id]
    game = Game(rules, seed=seed)
    players = {s: RandomPlayer(s, rules.to_dict(), seed=seed + i, steady_bid=steady_bid)
               for i, s in enumerate(SEATS)}
    while not game.over and game.hand.number <= 2:
        seat = game.to_act
        view = seat_view(game.hand, seat)
        choice = decide(players[seat], view)
        if view["phase"] == "exchange":
            assert isinstance(choice, list) and len(set(choice)) == len(choice)
            assert set(choice) <= set(view["legal"])
            giving = view["bids"].get(seat) == "bnil" and len(view["hand"]) == 13
            assert len(choice) <= view["exchange_count"] if giving else len(choice) == view["exchange_count"]
        else:
            assert choice in view["legal"]
        game.apply(seat, choice)
