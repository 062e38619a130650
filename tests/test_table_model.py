"""The table's model, fed the engine's events one by one, shows what the engine holds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.cards import DECKS, Card
from game.events import CardPlayed, HandScored, TrickWon
from game.game import Game
from game.players import RandomPlayer, decide
from game.rules import PRESETS
from game.seats import SEATS
from game.view import seat_view
from scenes.table.model import TableModel, sort_hand


@given(seed=st.integers(0, 10_000), variant=st.sampled_from(sorted(PRESETS)))
def test_the_model_follows_the_engine_trick_by_trick(seed, variant):
    events = []
    game = Game(PRESETS[variant].rules.replace(win=150), seed=seed, listeners=[events.append])
    model = TableModel.of_game(game)
    players = {s: RandomPlayer(s, {}, seed, steady_bid=3) for s in SEATS}
    hands_seen = 0
    while not game.over and hands_seen < 3:
        for event in events:
            model.apply(event)
            if isinstance(event, TrickWon):
                model.collect_trick()
            if isinstance(event, HandScored):
                finished = game.finished[-1]
                assert model.taken == finished.taken
                assert all(not cards for cards in model.holdings.values())
                hands_seen += 1
        events.clear()
        if game.over:
            break
        hand = game.hand
        if hand.phase == "play" and not hand.trick:
            assert {s: sorted(map(str, model.holdings[s])) for s in SEATS} == {
                s: sorted(map(str, hand.holding(s))) for s in SEATS}
            assert model.taken == hand.taken and model.spades_broken == hand.spades_broken
        seat = game.to_act
        game.apply(seat, decide(players[seat], seat_view(hand, seat)))


def test_a_card_played_after_a_marked_trick_collects_it_first():
    game = Game(PRESETS["partner"].rules, seed=4)
    model = TableModel.from_game(game)
    model.trick = [("S", Card.parse("2C"))]
    model.apply(TrickWon(1, "S", "S", (("S", Card.parse("2C")),)))
    model.holdings["W"].append(Card.parse("3C"))
    model.apply(CardPlayed("W", Card.parse("3C")))
    assert model.taken["S"] == 1 and model.last_trick == [("S", Card.parse("2C"))]
    assert model.trick == [("W", Card.parse("3C"))]


def test_the_winners_count_goes_up_when_the_trick_is_won_not_when_it_is_swept():
    game = Game(PRESETS["partner"].rules, seed=4)
    model = TableModel.from_game(game)
    plays = (("W", Card.parse("3C")), ("N", Card.parse("AC")), ("E", Card.parse("2C")), ("S", Card.parse("4C")))
    model.trick = list(plays)
    model.apply(TrickWon(1, "W", "N", plays))
    assert model.taken["N"] == 1 and model.trick_winner == "N", "marked and counted while the trick is still shown"
    assert model.contract(["N", "S"])[0] == 1, "the scoreboard's count too"
    model.collect_trick()
    assert model.taken["N"] == 1 and model.trick == [] and model.last_trick == list(plays), "the sweep counts it once"


def test_a_card_played_from_a_hand_the_table_was_not_told_of_leaves_the_other_hands_as_they_are():
    """A server's seat whose deal did not come (a message left out) plays: the card shows on the trick."""
    model = TableModel.from_game(Game(PRESETS["partner"].rules, seed=4))
    model.holdings["W"] = []
    others = {seat: list(model.holdings[seat]) for seat in SEATS}
    model.apply(CardPlayed("W", Card.parse("3C")))
    assert model.trick == [("W", Card.parse("3C"))] and model.holdings == others


def test_the_fan_sorts_trumps_first_or_last_with_jokers_among_them():
    deck = DECKS["jokers"]
    cards = [Card.parse(t) for t in ("3H", "AS", "BJ", "KC", "3D", "LJ", "5S")]
    first = sort_hand(cards, deck, spades_first=True, aces_left=True)
    assert [str(c) for c in first] == ["BJ", "LJ", "AS", "5S", "3H", "KC", "3D"]
    last = sort_hand(cards, deck, spades_first=False, aces_left=False)
    assert [str(c) for c in last] == ["3H", "KC", "3D", "5S", "AS", "LJ", "BJ"]
