"""A whole game: the first dealer, the deal passing left, misdeal redeals, the end of
the game, the events it reports, and saved games that cannot be restored."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import DECKS
from game.events import (
    BidChanged,
    BidMade,
    BlindChoice,
    CardDealt,
    CardPlayed,
    CardsExchanged,
    Event,
    FirstDealerCard,
    GameOver,
    HandScored,
    HandStarted,
    MisdealCalled,
    SpadesBroken,
    TrickWon,
    from_dict,
    to_dict,
)
from game.game import Game, StartingDeal
from game.hand import Choice, RuleError
from game.players import RandomPlayer, decide
from game.records.savegame import SavedGameError, load_game, save_game
from game.rules import PRESETS, Rules
from game.scoring import Standing
from game.seats import SEATS, next_seat, seats_from, sides
from game.view import seat_view

PARTNER = PRESETS["partner"].rules
EVENT_TYPES = (FirstDealerCard, HandStarted, CardDealt, BlindChoice, MisdealCalled, BidMade, BidChanged,
               CardsExchanged, CardPlayed, SpadesBroken, TrickWon, HandScored, GameOver)


# -- driving a game ----------------------------------------------------------------------------
def choose(game: Game, rng: random.Random, prefer: Sequence[str] = (), steady: int | None = 3) -> Choice:
    """A legal choice for the seat to act: the first of `prefer` that is legal, else
    the legal number nearest `steady` (after looking), else a random legal choice.

    In an exchange the blind-nil bidder (13 cards) gives up to the limit and its
    partner returns exactly as many."""
    seat = game.to_act
    assert seat is not None
    hand = game.hand
    legal = hand.legal_choices(seat)
    assert legal
    if hand.phase == "exchange":
        giving = len(hand.holding(seat)) == 13
        return rng.sample(legal, rng.randint(1, hand.exchange_count) if giving else hand.exchange_count)
    for wanted in prefer:
        if wanted in legal:
            return wanted
    if steady is not None and hand.phase in ("blind", "bid"):
        if "look" in legal:
            return "look"
        numbers = [b for b in legal if b.isdigit()]
        if numbers:
            return min(numbers, key=lambda b: (abs(int(b) - steady), int(b)))
    return rng.choice(legal)


def play(game: Game, seed: int, *, prefer: Sequence[str] = (), steady: int | None = 3,
         limit: int = 20_000) -> Game:
    """Drive `game` with legal choices until it is over (or `limit` decisions)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(seat, choose(game, rng, prefer, steady))
    return game


def hands_of(events: Iterable[Event]) -> list[list[Event]]:
    """The events split at each HandStarted: one list per deal (redeals included)."""
    deals: list[list[Event]] = []
    for event in events:
        if isinstance(event, HandStarted):
            deals.append([])
        if deals:
            deals[-1].append(event)
    return deals


def of_type(events: Iterable[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


# -- the first dealer and the deal -----------------------------------------------------------
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("seed", range(12))
def test_first_dealer_is_the_seat_dealt_the_ace_of_spades_face_up_from_south(deck: str, seed: int) -> None:
    game = Game(Rules.parse(f"deck={deck}", base=PARTNER), seed=seed)
    draw = []
    for event in game.events:
        if not isinstance(event, FirstDealerCard):
            break
        draw.append(event)
    assert draw and not of_type(game.events[len(draw):], FirstDealerCard)
    assert [e.seat for e in draw] == [SEATS[i % 4] for i in range(len(draw))]
    assert [str(e.card) for e in draw].index("AS") == len(draw) - 1
    assert len({e.card for e in draw}) == len(draw)
    assert all(e.card in DECKS[deck].cards for e in draw)
    assert game.first_dealer == draw[-1].seat
    started = HandStarted(1, game.first_dealer, False, blind_seats=SEATS)
    assert game.events[len(draw)] == started, "every seat may bid blind nil"
    assert game.hand.dealer == game.first_dealer and game.hand.number == 1


def test_first_dealers_vary_with_the_shuffle() -> None:
    assert {Game(PARTNER, seed=seed).first_dealer for seed in range(40)} == set(SEATS)


@pytest.mark.parametrize("seed", range(4))
def test_cards_are_dealt_one_at_a_time_from_the_dealers_left(seed: int) -> None:
    game = play(Game(PARTNER, seed=seed), seed)
    for deal in hands_of(game.events):
        started = deal[0]
        dealt = of_type(deal, CardDealt)
        order = seats_from(next_seat(started.dealer))
        assert len(dealt) == 52
        assert [e.position for e in dealt] == list(range(52))
        assert [e.seat for e in dealt] == [order[i % 4] for i in range(52)]
        assert len({e.card for e in dealt}) == 52
        assert deal[1:53] == dealt


@pytest.mark.parametrize("seed", range(4))
def test_the_deal_passes_left_each_hand_and_a_misdeal_redeal_keeps_number_and_dealer(seed: int) -> None:
    rules = Rules.parse("misdeal=1 blindnil=0", base=PARTNER)
    game = play(Game(rules, seed=seed), seed, prefer=["misdeal"])
    starts = of_type(game.events, HandStarted)
    assert starts[0] == HandStarted(1, game.first_dealer, False), "no blind bids: no seat waits to look"
    assert any(s.redeal for s in starts), "no misdeal was called: choose another seed"
    for previous, current in zip(starts, starts[1:], strict=False):
        if current.redeal:
            assert (current.number, current.dealer) == (previous.number, previous.dealer)
        else:
            assert (current.number, current.dealer) == (previous.number + 1, next_seat(previous.dealer))
    assert [h.number for h in game.finished] == list(range(1, len(game.finished) + 1))
    assert [h.dealer for h in game.finished] == [next_seat(game.first_dealer, i) for i in range(len(game.finished))]


def test_a_misdeal_voids_the_bids_and_the_same_dealer_deals_again() -> None:
    rules = Rules.parse("misdeal=1", base=PARTNER)
    rng = random.Random(5)
    for seed in range(200):
        game = Game(rules, seed=seed)
        while game.phase in ("blind", "bid"):
            game.apply(game.to_act, choose(game, rng))
        if game.phase == "misdeal":
            break
    else:
        pytest.fail("no seat could call a misdeal in 200 games")
    old, seat = game.hand, game.to_act
    assert game.hand.legal_choices(seat) == ["misdeal", "keep"]
    count = len(game.events)
    game.apply(seat, "misdeal")
    after = game.events[count:]
    assert isinstance(after[0], MisdealCalled) and after[0].seat == seat
    assert after[1] == HandStarted(old.number, old.dealer, True, blind_seats=SEATS)
    assert len(of_type(after, CardDealt)) == 52
    assert game.hand is not old
    assert (game.hand.number, game.hand.dealer) == (old.number, old.dealer)
    assert game.hand.bids == {} and old not in game.finished
    assert game.to_act == next_seat(old.dealer)


@pytest.mark.parametrize("rules_id", ["partner", "solo", "suicide", "mirrors", "dunn"])
def test_the_dealers_left_bids_first_and_leads_the_first_trick(rules_id: str) -> None:
    game = play(Game(PRESETS[rules_id].rules, seed=11), 11)
    assert game.finished
    for hand in game.finished:
        first = next_seat(hand.dealer)
        assert [r.seat for r in hand.bid_history] == list(seats_from(first))
        assert hand.tricks[0].leader == first
    for deal in hands_of(game.events):
        deciders = [e.seat for e in deal if isinstance(e, (BlindChoice, BidMade, MisdealCalled))]
        assert deciders[0] == next_seat(deal[0].dealer)


def test_after_a_blind_nil_exchange_the_dealers_left_still_leads() -> None:
    rules = Rules.parse("exchange=2", base=PARTNER)
    game = Game(rules, seed=3)
    rng = random.Random(3)
    exchanged = False
    while game.hand.number < 4 and not game.over:
        if game.phase == "play" and not game.hand.tricks and not game.hand.trick:
            assert game.to_act == next_seat(game.hand.dealer)
            exchanged |= bool(game.hand.exchanges)
        game.apply(game.to_act, choose(game, rng, prefer=["bnil"]))
    assert exchanged


# -- the end of the game -----------------------------------------------------------------------
def points_after(hand) -> dict[str, int]:
    return {side: s.points for side, s in hand.score.standings.items()}


def check_game_end(game: Game, rules: Rules) -> None:
    """The game ended after the first hand that reached the end with a unique leader."""
    assert game.over
    for hand in game.finished[:-1]:
        points = points_after(hand)
        reached = any(p >= rules.win for p in points.values()) or (
            rules.lose is not None and any(p <= rules.lose for p in points.values()))
        assert not reached or list(points.values()).count(max(points.values())) > 1
    points = {side: s.points for side, s in game.standings.items()}
    assert points == points_after(game.finished[-1])
    assert all(points[game.winner] > p for side, p in points.items() if side != game.winner)
    assert of_type(game.events, GameOver) == [GameOver(game.winner, game.standings)]


@pytest.mark.parametrize("seed", range(6))
def test_reaching_the_win_score_ends_the_game_and_the_highest_side_wins(seed: int) -> None:
    rules = Rules.parse("win=120 lose=off", base=PARTNER)
    game = play(Game(rules, seed=seed), seed)
    check_game_end(game, rules)
    assert max(s.points for s in game.standings.values()) >= 120


@pytest.mark.parametrize("seed", range(6))
def test_reaching_the_lose_score_ends_the_game_and_the_highest_side_wins(seed: int) -> None:
    rules = Rules.parse("win=100000 lose=-50", base=PARTNER)
    game = play(Game(rules, seed=seed), seed, steady=4)
    check_game_end(game, rules)
    assert min(s.points for s in game.standings.values()) <= -50
    assert game.standings[game.winner].points < 100000


@pytest.mark.parametrize("seed", range(3))
def test_solo_ends_with_the_highest_seat_winning(seed: int) -> None:
    rules = Rules.parse("win=150", base=PRESETS["solo"].rules)
    game = play(Game(rules, seed=seed), seed)
    check_game_end(game, rules)
    assert game.winner in SEATS and set(game.standings) == set(SEATS)


def test_a_tie_for_the_highest_score_plays_another_hand() -> None:
    """Both sides bid 8 with no nil and no bag penalty; when neither makes it (6 and 7
    tricks) both stand at -80, which is past the lose score of 0 but a tie."""
    rules = Rules.parse("partners=1 nil=0 bags=0/0 win=1 lose=0")
    ties = 0
    for seed in range(40):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while game.hand.number == 1 and not game.over:
            game.apply(game.to_act, choose(game, rng, steady=4))
        first = game.finished[0]
        points = points_after(first)
        if len(set(points.values())) == 1:
            ties += 1
            assert not game.over and game.winner is None
            assert game.hand.number == 2 and game.phase != "over"
            assert not of_type(game.events, GameOver)
            started = of_type(game.events, HandStarted)[-1]
            assert (started.number, started.dealer, started.redeal) == (2, next_seat(first.dealer), False)
            play(game, seed, steady=4)
            check_game_end(game, rules)
        else:
            assert game.over and game.winner == max(points, key=points.get)
            assert len(game.finished) == 1
    assert ties, "no tie came up: choose other seeds"


# -- each fact once --------------------------------------------------------------------------------
RULE_LINES: dict[str, tuple[Rules, tuple[str, ...]]] = {
    "partner": (PARTNER, ()),
    "exchange": (Rules.parse("exchange=2", base=PARTNER), ("bnil",)),
    "misdeal": (Rules.parse("misdeal=1 blindnil=0", base=PARTNER), ("misdeal",)),
    "suicide": (PRESETS["suicide"].rules, ()),
    "mirrors": (PRESETS["mirrors"].rules, ()),
    "dunn": (PRESETS["dunn"].rules, ()),
    "solo": (PRESETS["solo"].rules, ()),
}
"""Rules to play whole games under, and the choices to make whenever they are legal
(blind nils to bring exchanges about, misdeals to bring redeals about)."""


def played_game(rules_id: str, seed: int) -> Game:
    rules, prefer = RULE_LINES[rules_id]
    return play(Game(rules, seed=seed), seed, prefer=prefer)


@pytest.mark.parametrize("rules_id", RULE_LINES)
def test_each_fact_is_reported_once(rules_id: str) -> None:
    game = played_game(rules_id, 21)
    deck = DECKS[game.rules.deck]
    assert game.finished
    finished = iter(game.finished)
    for deal in hands_of(game.events):
        assert len(of_type(deal, HandStarted)) == 1
        assert len(of_type(deal, CardDealt)) == 52
        if of_type(deal, MisdealCalled):
            assert len(of_type(deal, MisdealCalled)) == 1
            assert not of_type(deal, CardPlayed) and not of_type(deal, HandScored)
            continue
        hand = next(finished)
        assert [e for e in deal if not isinstance(e, GameOver)] == hand.events
        bids = of_type(deal, BidMade)
        assert sorted(e.seat for e in bids) == sorted(SEATS)
        plays = of_type(deal, CardPlayed)
        assert len(plays) == 52 and len({e.card for e in plays}) == 52
        tricks = of_type(deal, TrickWon)
        assert [e.number for e in tricks] == list(range(1, 14))
        assert [(e.leader, e.winner, e.cards) for e in tricks] == [(t.leader, t.winner, t.plays) for t in hand.tricks]
        broken = of_type(deal, SpadesBroken)
        trumps = [e for e in plays if deck.is_trump(e.card)]
        assert len(broken) == (1 if trumps else 0)
        if trumps:
            at = deal.index(broken[0])
            assert deal[at - 1] == trumps[0] and broken[0].seat == trumps[0].seat
        assert of_type(deal, HandScored) == [HandScored(hand.number, hand.score)]
    assert next(finished, None) is None
    assert len(of_type(game.events, GameOver)) == 1 and isinstance(game.events[-1], GameOver)
    assert Counter(type(e) for e in game.events)[HandScored] == len(game.finished)


@pytest.mark.parametrize("rules_id", RULE_LINES)
def test_a_listener_hears_exactly_the_events_of_the_game(rules_id: str) -> None:
    from_start: list[Event] = []
    later: list[Event] = []
    rules, prefer = RULE_LINES[rules_id]
    game = Game(rules, seed=4, listeners=[from_start.append])
    rng = random.Random(4)
    for _ in range(30):
        game.apply(game.to_act, choose(game, rng, prefer))
    count = len(game.events)
    game.subscribe(later.append)
    play(game, 4, prefer=prefer)
    assert from_start == game.events
    assert later == game.events[count:]
    assert all(a is b for a, b in zip(from_start, game.events, strict=True))


def test_every_kind_of_event_converts_to_json_ready_data() -> None:
    seen: set[type] = set()
    for rules_id in RULE_LINES:
        for event in played_game(rules_id, 8).events:
            seen.add(type(event))
            data = to_dict(event)
            assert data["kind"] == event.kind
            assert json.loads(json.dumps(data)) == data
            assert from_dict(json.loads(json.dumps(data))) == event, "read back, it is the same event"
    assert seen == set(EVENT_TYPES)


def test_a_card_dealt_to_another_seat_may_be_hidden_but_a_card_played_never() -> None:
    assert from_dict({"kind": "card_dealt", "seat": "W", "card": None, "position": 1}).card is None
    exchange = from_dict({"kind": "exchange", "giver": "N", "receiver": "S", "cards": [None, None]})
    assert exchange.cards == (None, None)
    with pytest.raises(ValueError):
        from_dict({"kind": "card_played", "seat": "W", "card": None})


@pytest.mark.parametrize("bad", [None, [], {"kind": "nonsense"}, {"kind": "card_played", "seat": "S"},
                                 {"kind": "card_played", "seat": "S", "card": "ZZ"},
                                 {"kind": "hand_scored", "number": 1, "score": {"NS": {"contract": 3}}},
                                 {"kind": {"a": 1}, "seat": "W", "card": "KC"},
                                 {"kind": ["card_played"], "seat": "W", "card": "KC"},
                                 {"kind": "card_played", "seat": 2.5, "card": "2D"},
                                 {"kind": "card_played", "seat": "NS", "card": "2D"},
                                 {"kind": "card_dealt", "seat": [None], "card": None, "position": 10},
                                 {"kind": "card_dealt", "seat": "E", "card": None, "position": True},
                                 {"kind": "card_dealt", "seat": "E", "card": None, "position": 999},
                                 {"kind": "hand_started", "number": "1", "dealer": "N"},
                                 {"kind": "hand_started", "number": 1, "dealer": "N", "blind_seats": ["X"]},
                                 {"kind": "hand_started", "number": 1, "dealer": "N", "redeal": "no"},
                                 {"kind": "blind_choice", "seat": "S", "choice": "peek"},
                                 {"kind": "trick_won", "number": 4, "leader": "S", "winner": None, "cards": []},
                                 {"kind": "trick_won", "number": 4, "leader": "S", "winner": "W",
                                  "cards": [["Q", "AS"]]},
                                 {"kind": "game_over", "winner": "lobby", "standings": {"NS": {"points": 1}}},
                                 {"kind": "game_over", "winner": "NS", "standings": {"NS": {"points": 2.5, "bags": 0}}},
                                 {"kind": "game_over", "winner": "NS", "standings": {}}])
def test_anything_that_is_not_an_event_is_refused_with_a_reason(bad) -> None:
    with pytest.raises(ValueError):
        from_dict(bad)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4)
                    | st.sampled_from([*SEATS, "NS", "EW", "AS", "4", "nil", "look"]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from([cls.kind for cls in EVENT_TYPES]), values=st.dictionaries(
    st.sampled_from(["seat", "dealer", "giver", "receiver", "leader", "winner", "card", "cards", "number",
                     "position", "redeal", "blind_seats", "choice", "grounds", "bid", "old", "new", "automatic",
                     "score", "standings"]), JSON))
def test_an_event_read_from_any_data_holds_only_seats_cards_and_numbers_a_table_can_show(kind, values) -> None:
    try:
        event = from_dict({"kind": kind, **values})
    except ValueError:
        return
    assert from_dict(to_dict(event)) == event
    for name in ("seat", "dealer", "giver", "receiver", "leader"):
        assert getattr(event, name, "S") in SEATS
    assert all(isinstance(getattr(event, name, 0), int) for name in ("number", "position"))


# -- damaged saved games ---------------------------------------------------------------------------
def saved_midway() -> dict:
    game = Game(PARTNER, seed=9)
    rng = random.Random(9)
    for _ in range(40):
        game.apply(game.to_act, choose(game, rng))
    return json.loads(json.dumps(game.to_json()))


def test_a_saved_game_file_restores(tmp_path: Path) -> None:
    data = saved_midway()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_game(path).to_json() == data


def test_load_game_on_a_missing_file_says_there_is_no_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "nothing.json"
    with pytest.raises(SavedGameError) as refused:
        load_game(path)
    assert "no saved game" in str(refused.value).lower()
    assert str(path) in str(refused.value)


def test_a_truncated_saved_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    text = json.dumps(saved_midway())
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(SavedGameError) as refused:
        load_game(path)
    assert str(path) in str(refused.value)
    assert isinstance(refused.value, ValueError)


def refuse(data: object, tmp_path: Path) -> tuple[str, str]:
    """Game.from_json and load_game both refuse `data`; their messages."""
    with pytest.raises(ValueError) as direct:
        Game.from_json(data)  # type: ignore[arg-type]
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SavedGameError) as loaded:
        load_game(path)
    assert str(direct.value) and str(path) in str(loaded.value)
    return str(direct.value), str(loaded.value)


@pytest.mark.parametrize("key", ["format", "version", "rules", "variant", "names", "seed", "id", "actions"])
def test_a_saved_game_missing_a_key_is_refused(key: str, tmp_path: Path) -> None:
    data = saved_midway()
    del data[key]
    refuse(data, tmp_path)


def test_a_saved_game_of_another_format_is_refused(tmp_path: Path) -> None:
    data = saved_midway()
    data["format"] = "chess-game"
    message, _ = refuse(data, tmp_path)
    assert "not a saved spades game" in message.lower()


def test_a_saved_game_of_another_version_is_refused(tmp_path: Path) -> None:
    data = saved_midway()
    data["version"] = 99
    message, _ = refuse(data, tmp_path)
    assert "version" in message


@pytest.mark.parametrize("damage", ["not a list", "wrong seat", "illegal card", "not a card", "bid in play",
                                    "short action", "damaged rules", "names of three"])
def test_a_saved_game_with_a_damaged_part_is_refused(damage: str, tmp_path: Path) -> None:
    data = saved_midway()
    game = Game.from_json(data)
    assert game.phase == "play"
    seat = game.to_act
    illegal = next(str(c) for c in DECKS["standard"].cards if str(c) not in game.hand.legal_choices(seat))
    damaged = {
        "not a list": lambda: data.update(actions="S AS"),
        "wrong seat": lambda: data["actions"].append([next_seat(seat), game.hand.legal_choices(seat)[0]]),
        "illegal card": lambda: data["actions"].append([seat, illegal]),
        "not a card": lambda: data["actions"].append([seat, "XX"]),
        "bid in play": lambda: data["actions"].append([seat, "4"]),
        "short action": lambda: data["actions"].append([seat]),
        "damaged rules": lambda: data.update(rules=data["rules"].replace("win=500", "win=many")),
        "names of three": lambda: data["names"].pop("E"),
    }
    damaged[damage]()
    message, _ = refuse(data, tmp_path)
    assert "damaged" in message


def test_a_saved_game_that_is_not_an_object_is_refused(tmp_path: Path) -> None:
    refuse([1, 2, 3], tmp_path)


def test_a_refused_action_is_not_saved_and_saving_leaves_no_temporary_file(tmp_path: Path) -> None:
    game = Game(PARTNER, seed=2)
    path = tmp_path / "game.json"
    save_game(game, path)
    first = path.read_text(encoding="utf-8")
    with pytest.raises(RuleError):
        game.apply(next_seat(game.to_act), "3")
    save_game(game, path)
    assert path.read_text(encoding="utf-8") == first
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize(("key", "value"), [
    ("seed", float("inf")), ("seed", 4.0), ("seed", True), ("seed", "4"), ("seed", 2**70),
    ("names", {"S": "n" * 200_000, "W": "W", "N": "N", "E": "E"}),
    ("names", {"S": "Ann\x00", "W": "W", "N": "N", "E": "E"}),
    ("names", {"S": " Ann", "W": "W", "N": "N", "E": "E"}),
    ("names", {"S": "", "W": "W", "N": "N", "E": "E"}),
    ("names", ["S", "W", "N", "E"]),
    ("variant", "v" * 41), ("variant", "Partner\n"), ("id", "i" * 65), ("id", 7),
])
def test_a_saved_game_with_an_impossible_seed_name_variant_or_id_is_refused(key, value, tmp_path: Path) -> None:
    data = saved_midway()
    data[key] = value
    message, loaded = refuse(data, tmp_path)
    assert "damaged" in message and len(message) < 300 and message.isprintable()


def test_the_longest_names_variant_and_id_still_load() -> None:
    data = saved_midway()
    data.update(names={"S": "A" * 12, "W": "Wu Li", "N": "N", "E": "Évé"}, variant="v" * 40, id="i" * 64)
    assert Game.from_json(data).to_json() == data


# -- a game from a deal played before ------------------------------------------------------------
def logged_first_hand(rules: Rules, seed: int) -> Game:
    """A game whose first hand has been played to its end (the hand to deal again)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        game.apply(game.to_act, choose(game, rng))
    return game


def starting_from(played: Game, number: int, standings: dict[str, Standing]) -> StartingDeal:
    hand = played.finished[0]
    return StartingDeal(number, hand.dealer, hand.dealt, standings)


@pytest.mark.parametrize("rules_id", ["partner", "solo", "dunn"])
def test_a_game_started_from_a_deal_deals_those_cards_at_those_scores_and_goes_on_from_there(rules_id) -> None:
    rules = PRESETS[rules_id].rules
    played = logged_first_hand(rules, 21)
    old = played.finished[0]
    standings = {side: Standing(40 * i, i) for i, side in enumerate(sides(rules.partners))}
    game = Game(rules, seed=5, start=starting_from(played, 6, standings))
    assert not of_type(game.events, FirstDealerCard), "no dealer is drawn"
    assert (game.hand.number, game.hand.dealer, game.hand.dealt) == (6, old.dealer, old.dealt)
    assert game.standings == standings and game.hand.standings == standings
    play(game, 8)
    assert [hand.number for hand in game.finished[:2]] == [6, 7]
    assert game.finished[1].dealer == next_seat(old.dealer)
    first = game.finished[0].score
    assert first is not None and all(first.sides[side].before == standings[side] for side in standings), \
        "the first hand scores on top of the scores given"


def test_a_game_started_near_the_win_ends_after_that_hand_when_a_side_gets_there() -> None:
    played = logged_first_hand(PARTNER, 22)
    old = played.finished[0].score
    assert old is not None
    winner = max(old.sides, key=lambda side: old.sides[side].total)
    assert old.sides[winner].total > 0
    standings = {side: Standing(PARTNER.win - 1 if side == winner else 0, 0) for side in old.sides}
    game = Game(PARTNER, seed=22, start=starting_from(played, 9, standings))
    for seat, choice in played.actions:  # the same decisions on the same cards: the same result
        game.apply(seat, choice)
    assert game.over and game.winner == winner and len(game.finished) == 1
    assert game.finished[0].score.sides[winner].total == old.sides[winner].total


def test_a_started_game_saves_restores_and_takes_back_as_any_game(tmp_path: Path) -> None:
    played = logged_first_hand(PARTNER, 23)
    start = dataclasses.replace(starting_from(played, 3, {"NS": Standing(120, 4), "EW": Standing(90, 7)}),
                                scored={"NS": -40, "EW": 62})
    game = Game(PARTNER, seed=4, start=start)
    rng = random.Random(4)
    while game.phase != "play" or len(game.hand.trick) < 2:
        game.apply(game.to_act, choose(game, rng))
    data = game.to_json()
    assert data["version"] == 2 and data["start"]["number"] == 3
    assert Game(PARTNER, seed=4).to_json()["version"] == 1, "older versions still read a game of its own shuffle"
    path = tmp_path / "game.json"
    save_game(game, path)
    restored = load_game(path)
    assert restored.to_json() == data and restored.hand.dealt == game.hand.dealt and restored.start == start
    assert restored.standings == {"NS": Standing(120, 4), "EW": Standing(90, 7)}
    seat = next(seat for seat, _ in reversed(restored.actions))
    restored.take_back(seat)
    assert restored.hand.dealt == played.finished[0].dealt and restored.hand.number == 3


@pytest.mark.parametrize("damage", ["no dealer", "hand number", "twelve cards", "a card twice", "bool number",
                                    "sides of solo", "bags below zero", "not a table", "cards not text",
                                    "scored by one side", "scored not a number"])
def test_a_saved_game_with_a_damaged_starting_deal_is_refused(damage: str, tmp_path: Path) -> None:
    played = logged_first_hand(PARTNER, 24)
    data = Game(PARTNER, seed=1, start=starting_from(played, 2, {"NS": Standing(), "EW": Standing()})).to_json()
    start = data["start"]
    south, west = start["deal"]["S"], start["deal"]["W"]
    damaged = {
        "no dealer": lambda: start.update(dealer="X"),
        "hand number": lambda: start.update(number=0),
        "twelve cards": lambda: start["deal"].update(S=south.replace(next(c for c in south if c not in "."), "", 1)),
        "a card twice": lambda: start["deal"].update(W=south),
        "bool number": lambda: start.update(number=True),
        "sides of solo": lambda: start.update(standings={seat: [0, 0] for seat in SEATS}),
        "bags below zero": lambda: start["standings"].update(NS=[0, -1]),
        "not a table": lambda: data.update(start=[1, 2]),
        "cards not text": lambda: start["deal"].update(W=list(west)),
        "scored by one side": lambda: start.update(scored={"NS": 40}),
        "scored not a number": lambda: start.update(scored={"NS": 40, "EW": "lots"}),
    }
    damaged[damage]()
    message, _ = refuse(data, tmp_path)
    assert "damaged" in message


@pytest.mark.parametrize("number, points", [(7, -999_000), (999_999, 0)], ids=["scores", "hands"])
def test_a_game_ends_at_a_million_points_either_way_or_hands_whatever_its_rules(number, points) -> None:
    """No `lose` and the heaviest bag penalty: the scores fall 13,000 a hand at worst; every
    decision up to the game's end is made from a seat view, as the computers make them."""
    rules = Rules.parse("bags=1/1000 lose=off win=100000", base=PARTNER)
    first = Game(rules, seed=3).hand
    start = StartingDeal(number, first.dealer, first.dealt, {"NS": Standing(points, 0), "EW": Standing(points, 0)})
    game = Game(rules, seed=9, start=start)
    players = {seat: RandomPlayer(seat, rules.to_dict(), 1) for seat in SEATS}
    for _ in range(52 * 200):
        if game.over:
            break
        seat = game.to_act
        game.apply(seat, decide(players[seat], seat_view(game.hand, seat)))
    assert game.over and isinstance(game.events[-1], GameOver)
    assert game.hand.number >= 10**6 or min(s.points for s in game.standings.values()) <= -10**6
    assert game.hand.number >= 10**6 or game.hand.number < number + 200
