"""Why did they play that? Pointing at a computer's card on the table, or at its bid, shows its reason
in one line, worked out from that seat's own view (never another hand), naming no card still hidden
from the player; in Review Hands too, where the hands are shown."""

from __future__ import annotations

import dataclasses
import random
import re

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.arena.bench_solver import normal_hand
from game.cards import DECKS, Card, parse_hand
from game.game import Game
from game.hand import Hand
from game.players.suggest import why
from game.records.handlog import LoggedHand, append_hand, replay
from game.rules import PRESETS
from game.seats import SEATS
from game.view import seat_view
from scenes.app import App
from scenes.look import layout, text
from scenes.screens import review
from scenes.screens.review import ReviewScene
from scenes.screens.review_log import player_name
from tests.app_driver import (
    answer_with_mouse,
    click_widget,
    frames,
    make_app,
    options_row,
    player_turn,
    reach_play,
    start_game,
    wait_for,
)
from tests.test_suggest import RULE_SETS, random_position

LABEL = r"(?:10|[2-9JQKA])[♠♥♦♣]"
"""A card as the reasons name it."""


def point(app, pos: tuple[int, int]) -> None:
    """Move the mouse to `pos` (a point of the 640x360 frame), then run two frames."""
    at = app.window.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 2)


def seen_by(view: dict) -> set[str]:
    """Every card the seat of `view` can see: its own and those played."""
    return {Card.parse(c).label for c in view["hand"]} | on_the_table(view)


def on_the_table(view: dict) -> set[str]:
    """Every card the whole table has seen played in the hand of `view`."""
    played = [*(c for _, c in view["trick"]), *(c for t in view["tricks"] for _, c in t["cards"])]
    return {Card.parse(c).label for c in played}


def view_before(game: Game, index: int) -> dict:
    """The seat view of the seat making decision `index` of `game`, just before it (the game replayed)."""
    fresh = Game(game.rules, seed=game.seed, variant=game.variant, names=game.names, game_id=game.id)
    for seat, choice in game.actions[:index]:
        fresh.apply(seat, choice)
    return seat_view(fresh.hand, game.actions[index][0])


def table_mid_trick(tmp_path, **settings):
    """The App (seed 7) at South's turn with at least two computers' cards on the table."""
    app = make_app(tmp_path, seed=7)
    frames(app)
    app.change_settings(**settings)
    start_game(app)
    table = reach_play(app)
    for _ in range(13):
        if len(table.model.trick) >= 2:
            return app, table
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app))
    raise AssertionError("South never played third or fourth")


def test_pointing_at_a_computers_card_tells_why_from_its_own_view(tmp_path):
    app, table = table_mid_trick(tmp_path)
    try:
        assert app.settings.why, "on by default"
        game = table.game
        for seat, card in table.model.trick:
            x, y = layout.TRICK_SLOTS[seat]
            point(app, (x + 10, y + 20))
            index = max(i for i, action in enumerate(game.actions) if action == (seat, str(card)))
            view = view_before(game, index)
            expected = why(view, str(card), game.names[seat], hand_shown=False)
            assert table.message is not None and table.message.text == expected
            titled_as = f"{game.names[seat]}'s {card.label}"
            assert expected.startswith((f"{titled_as}: ", f"{titled_as}, led"))
            named = set(re.findall(LABEL, expected))
            assert card.label in named and named <= on_the_table(view) | {card.label}, "no card still hidden"
            point(app, (4, 180))  # away, so the next card is pointed at anew
    finally:
        app.close()


def test_pointing_at_a_computers_bid_tells_why(tmp_path):
    app, table = table_mid_trick(tmp_path)
    try:
        game = table.game
        plate = table.painter.plate_rect(table.model, "W")
        point(app, plate.center)
        index = next(i for i, (seat, choice) in enumerate(game.actions[game.deal_start:], game.deal_start)
                     if seat == "W" and choice not in ("look",))
        view = view_before(game, index)
        expected = why(view, game.actions[index][1], game.names["W"], hand_shown=False)
        assert table.message.text == expected and expected.startswith("West's ")
        assert not re.findall(LABEL, expected), "none of West's cards while the hand is played"
    finally:
        app.close()


def test_with_why_off_pointing_tells_nothing(tmp_path):
    app, table = table_mid_trick(tmp_path, why=False)
    try:
        before = table.message
        seat, _ = table.model.trick[0]
        x, y = layout.TRICK_SLOTS[seat]
        point(app, (x + 10, y + 20))
        assert table.message is before
    finally:
        app.close()


def test_the_why_option_is_on_the_table_page(app):
    row = options_row(app, "table", "Why on hover")
    assert "why" in row.help


# -- Review Hands -----------------------------------------------------------------------------------
def view_in_log(logged: LoggedHand, number: int) -> dict:
    """The view of the seat playing card `number` of the logged hand, before it (replayed afresh)."""
    hand = replay(dataclasses.replace(logged, tricks=()))
    plays = [play for trick in logged.tricks for play in trick.plays]
    for seat, card in plays[:number - 1]:
        hand.play(seat, card)
    return seat_view(hand, plays[number - 1][0])


def reviewing(tmp_path, step: int, variant: str = "partner") -> tuple[App, ReviewScene, LoggedHand]:
    """The App in Review Hands with a logged hand of Normal players open at card `step`."""
    log = tmp_path / "Spades.save"
    logged = normal_hand(PRESETS[variant].rules, 3)
    append_hand(log, logged)
    app = make_app(tmp_path)
    frames(app)
    scene = ReviewScene(app, log)
    app.push(scene)
    wait_for(app, lambda: scene.lister is None)
    assert scene.open(0)
    scene.go(step)
    frames(app)
    return app, scene, logged


def test_in_review_pointing_at_a_computers_card_tells_why(tmp_path):
    app, scene, logged = reviewing(tmp_path, 7)  # the second trick, three cards in
    try:
        position = scene.position
        seat, card = next((s, c) for s, c in position.trick if s != "S")
        number = position.played - len(position.trick) + 1 + [s for s, _ in position.trick].index(seat)
        x, y = review.TRICK_SLOTS[seat]
        point(app, (x + 10, y + 20))
        view = view_in_log(logged, number)
        expected = why(view, str(card), player_name(logged, seat))
        assert scene.shown_why == expected
        assert expected.startswith((f"{player_name(logged, seat)}'s {card.label}: ",
                                    f"{player_name(logged, seat)}'s {card.label}, led"))
        assert set(re.findall(LABEL, expected)) <= on_the_table(view) | {card.label}
        point(app, (4, 4))
        assert scene.shown_why is None, "pointing away, the band shows Expert's word or nothing"
    finally:
        app.close()


def test_in_review_pointing_at_a_computers_name_plate_tells_why_it_bid_so(tmp_path):
    app, scene, logged = reviewing(tmp_path, 2)
    try:
        record = next(record for record in logged.bids if record.seat == "W")
        point(app, scene.plates["W"].center)
        hand = Hand.from_holdings(logged.rules, logged.dealer, logged.deal, number=logged.number,
                                  standings=logged.standings_before())
        for earlier in logged.bids[:logged.bids.index(record)]:
            if hand.phase == "blind":
                hand.look(earlier.seat)
            hand.bid(earlier.seat, earlier.bid)
        if hand.phase == "blind":
            hand.look("W")
        view = seat_view(hand, "W")
        expected = why(view, str(record.bid), player_name(logged, "W"))
        assert scene.shown_why == expected and expected.startswith(f"{player_name(logged, 'W')}'s "), expected
        assert set(re.findall(LABEL, expected)) <= seen_by(view), "only what West could see"
        point(app, scene.plates["S"].center)
        assert scene.shown_why is None, "the player's own bid is not explained"
    finally:
        app.close()


def test_in_review_a_mirrors_bid_the_rules_made_says_so(tmp_path):
    app, scene, logged = reviewing(tmp_path, 2, "mirrors")
    try:
        record = next(record for record in logged.bids if record.seat == "E")
        point(app, scene.plates["E"].center)
        told = scene.shown_why
        assert told is not None and told.startswith(f"{player_name(logged, 'E')}'s "), told
        assert told.endswith(": the rules set every bid to the spades held"), told
        assert record.bid.label in told, "with the bid the rules made"
    finally:
        app.close()


# -- every reason fits the message band ------------------------------------------------------------
LONGEST_NAME = "W" * 12
"""A player's name as long as a server lets it be."""


def bidding_position(rules, rng: random.Random, bids_made: int) -> Hand | None:
    """A hand being bid after `bids_made` random bids (None if it is not bidding then)."""
    hand = Hand.shuffled(rules, rng.choice(SEATS), rng)
    for _ in range(bids_made + 8):
        if hand.phase not in ("blind", "misdeal", "bid", "exchange"):
            return None
        if hand.phase == "bid" and len(hand.bids) >= bids_made:
            return hand
        choices = hand.legal_choices(hand.to_act)
        hand.apply(hand.to_act, "look" if "look" in choices else rng.choice(choices))
    return None


def fits_the_band(words: str) -> bool:
    """Whether `words` show whole in the table's message band (no line cut off)."""
    if not pygame.font.get_init():
        pygame.font.init()
        text.reset()  # the fonts of an App closed before are gone
    lines = text.wrap(words, layout.MESSAGE_WIDTH)
    return len(lines) <= layout.MESSAGE_LINES and all(text.font().size(line)[0] <= layout.MESSAGE_WIDTH
                                                       for line in lines)


def assert_every_reason_fits(hand: Hand | None) -> None:
    """Every bid or card the seat to act may choose, explained with and without its hand shown."""
    if hand is None:
        return
    view = seat_view(hand, hand.to_act)
    for choice in view["legal"]:
        for shown in (True, False):
            words = why(view, choice, LONGEST_NAME, hand_shown=shown)
            assert fits_the_band(words), words


def test_the_longest_bid_reason_fits_the_message_band_under_the_longest_name() -> None:
    """In Suicide a number bid over the partner's number names the aces, the spades and the
    partner's bid it turns into nil: the longest reason there is, rarely dealt at random."""
    south = parse_hand("AKQJ2.A3.A32.A32")
    rest = [card for card in DECKS["standard"].cards if card not in south]
    holdings = {"S": south, "W": rest[:13], "N": rest[13:26], "E": rest[26:]}
    hand = Hand.from_holdings(PRESETS["suicide"].rules, "S", holdings)
    for bid in ("4", "12", "4"):
        hand.apply(hand.to_act, bid)
    words = why(seat_view(hand, "S"), "13", LONGEST_NAME)
    assert words == (f"{LONGEST_NAME}'s bid of 13: About 13 tricks: aces A♥ A♦ A♣, 5 spades (top A♠); "
                     "partner's 12 turns into nil")
    assert fits_the_band(words)


@settings(max_examples=100, deadline=None)
@given(rules_at=st.integers(0, len(RULE_SETS) - 1), seed=st.integers(0, 2**32 - 1), bids_made=st.integers(0, 3))
def test_every_bid_reason_fits_the_message_band_under_the_longest_name(rules_at: int, seed: int,
                                                                      bids_made: int) -> None:
    assert_every_reason_fits(bidding_position(RULE_SETS[rules_at], random.Random(seed), bids_made))


@settings(max_examples=60, deadline=None)
@given(rules_at=st.integers(0, len(RULE_SETS) - 1), seed=st.integers(0, 2**32 - 1), cards_played=st.integers(0, 51))
def test_every_card_reason_fits_the_message_band_under_the_longest_name(rules_at: int, seed: int,
                                                                       cards_played: int) -> None:
    assert_every_reason_fits(random_position(RULE_SETS[rules_at], random.Random(seed), cards_played))


def test_after_continue_pointing_at_a_computers_card_and_bid_still_tells_why(tmp_path):
    app, table = table_mid_trick(tmp_path)
    try:
        seat, card = table.model.trick[0]
        before = table.control.why(table.game.hand.number, seat, card)
        before_bid = table.control.why(table.game.hand.number, "W")
        assert before and before_bid
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app, 1)
    finally:
        app.close()
    again = make_app(tmp_path, seed=7)
    try:
        frames(again)
        click_widget(again, again.scenes[-1].buttons["continue"])
        restored = again.scenes[-1]
        wait_for(again, lambda: player_turn(again))
        x, y = layout.TRICK_SLOTS[seat]
        point(again, (x + 10, y + 20))
        assert restored.message is not None and restored.message.text == before
        point(again, (4, 180))
        point(again, restored.painter.plate_rect(restored.model, "W").center)
        assert restored.message is not None and restored.message.text == before_bid
    finally:
        again.close()
