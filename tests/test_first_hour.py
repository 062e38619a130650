"""What a new player meets in the first hour: the fan face up when bidding, one message at a
time in a place nothing covers, the keyboard's cursor, the blind question, the end of a hand
and of a game, and words that read right."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.cards import Card
from game.players import thinker
from game.players.suggest import Suggestion
from game.rules import OPTIONS, PRESETS
from game.scoring import Standing
from game.seats import side_of
from scenes.look import layout, text
from scenes.screens.confirm import ConfirmScene
from scenes.screens.game_over import GameOverScene
from scenes.screens.menu import MenuScene
from scenes.screens.options import RULE_VALUE_X, OptionsScene
from scenes.screens.score import ScoreScene
from scenes.screens.title import TitleScene
from scenes.settings import LEVELS
from scenes.table.bid_box import BidBox
from scenes.table.dealer_draw import DealerDrawScene
from scenes.table.painter import fan_positions
from scenes.table.view import TableScene, bids_summary
from tests.app_driver import (
    answer_with_mouse,
    card_spot,
    click,
    click_widget,
    frames,
    give_back_by_mouse,
    make_app,
    play_hand_by_mouse,
    player_turn,
    press,
    reach_play,
    start_game,
    wait_for,
    wait_for_turn,
    words_on_screen,
)

LEVEL_ROW_TITLES = {"Partner's level": "partner_level", "Opponents' level": "opponents_level"}
"""The Options rows of the computer levels and the setting each changes."""


def playing(app) -> TableScene:
    """A new game, answered by mouse until the player has a card to play."""
    start_game(app)
    return reach_play(app)


def bidding_turn(app) -> TableScene:
    """The table at the player's first decision other than the blind question."""
    table = start_game(app)
    wait_for(app, lambda: player_turn(app) or (table.game.phase == "play" and not table.busy))
    return table


# -- the fan face up when bidding -----------------------------------------------------------------------
@pytest.mark.parametrize("variant", [*PRESETS, "custom1"])
def test_when_the_player_is_asked_to_bid_the_cards_are_face_up(tmp_path, variant):
    app = make_app(tmp_path)
    try:
        app.change_settings(variant=variant, custom_rules={"custom1": "blindnil=0 misdeal=1"})
        table = bidding_turn(app)
        assert table.game.phase != "blind"
        assert table.model.south_looked, f"{variant}: the fan is face down at the player's {table.game.phase}"
        first = table.visible_south()[0]
        assert table.card_at(card_spot(table, first)) == first, "the cards can be pointed at"
    finally:
        app.close()


def test_asked_to_bid_blind_the_fan_stays_face_down(app):
    app.change_settings(blind_offer="always")
    table = bidding_turn(app)
    assert table.game.phase == "blind" and not table.model.south_looked
    assert sorted(table.box.buttons) == ["bnil", "look"]


def bid_blind_nil(app) -> TableScene:
    """A new game where the player is asked to bid blind and bids blind nil with the mouse; the
    table at the player's next decision."""
    app.change_settings(blind_offer="always")
    table = bidding_turn(app)
    assert table.game.phase == "blind" and not table.model.south_looked
    click_widget(app, table.box.buttons["bnil"])
    assert table.game.hand.bids["S"].blind and table.game.hand.bids["S"].is_nil
    wait_for_turn(app)
    return table


def test_after_bidding_blind_nil_the_player_picks_up_the_cards_and_plays_them_by_mouse(app):
    table = bid_blind_nil(app)
    assert table.turn.phase == "play" and table.model.south_looked, "the fan stayed face down after the blind bid"
    card = next(c for c in table.visible_south() if str(c) in table.turn.legal)
    assert table.card_at(card_spot(table, card)) == card, "the cards can be pointed at"
    click(app, card_spot(table, card))
    assert card not in table.game.hand.holding("S"), "the clicked card was played"


def test_a_blind_nil_bidder_picks_the_cards_to_pass_by_mouse(app):
    app.change_settings(variant="custom1",
                        custom_rules={"custom1": PRESETS["partner"].rules.replace(exchange=2).to_line()})
    table = bid_blind_nil(app)
    assert table.turn.phase == "exchange" and table.model.south_looked
    passed = table.visible_south()[:2]
    for card in passed:
        click(app, card_spot(table, card))
    assert table.selected == set(passed)
    click_widget(app, table.box.buttons["give"])
    assert not set(passed) & set(table.game.hand.holding("S")), "the two cards went to North"


def test_the_blind_nil_bidders_give_button_says_how_many_go_none_included(app):
    """The bidder may give up to two cards, or none: the box says "up to", and Give counts the
    cards picked, so that clicking it with none picked is not a surprise."""
    app.change_settings(variant="custom1",
                        custom_rules={"custom1": PRESETS["partner"].rules.replace(exchange=2).to_line()})
    table = bid_blind_nil(app)
    give = table.box.buttons["give"]
    shown = {element.text for element in table.box.panel.get_container().elements}
    assert shown >= {"Give up to 2", "Give none"} and give.is_enabled
    assert table.message.text == "Pick up to 2 cards to give your partner"
    labels = []
    for card in table.visible_south()[:2]:
        click(app, card_spot(table, card))
        labels.append(give.text)
    assert labels == ["Give 1 card", "Give 2 cards"] and give.is_enabled


def test_when_partner_bids_blind_nil_the_player_gives_back_two_others_than_the_two_just_received(app, monkeypatch):
    """The cards North passed are dimmed (they may not go back), a click on one says so and picks
    nothing, and the fan of fifteen stays clear of the bid box."""
    real = thinker.decide
    monkeypatch.setattr(thinker, "decide", lambda player, view: "bnil" if view["seat"] == "N" and "bnil" in
                        view["legal"] else real(player, view))
    app.change_settings(variant="custom1", blind_offer="never",
                        custom_rules={"custom1": PRESETS["partner"].rules.replace(exchange=2).to_line()})
    table = start_game(app)
    wait_for_turn(app)
    while table.turn.phase != "exchange":
        answer_with_mouse(app)
        wait_for_turn(app)
    rects = dict(table.painter.south_rects(table.visible_south(), table.marks()))
    assert not any(rect.colliderect(table.box.panel.rect) for rect in rects.values()), "the fan runs under the box"
    give = table.box.buttons["give"]
    assert "Give 2 cards" in {element.text for element in table.box.panel.get_container().elements}
    assert give.text == "Give" and not give.is_enabled, "as many go back as came: Give waits for two"
    received, given = give_back_by_mouse(app, table)
    assert table.game.phase == "play" and not set(given) & set(table.game.hand.holding("S"))
    assert received <= set(table.game.hand.holding("S"))


BLIND_NUMBERS = [f"b{n}" for n in range(1, 10)]


@pytest.mark.parametrize(("phase", "legal"), [
    ("bid", ["nil", *map(str, range(1, 14))]), ("bid", [str(n) for n in range(4, 14)]), ("blind", ["bnil", "look"]),
    ("blind", ["bnil", *BLIND_NUMBERS, "look"]), ("blind", [*BLIND_NUMBERS, "look"]),
    ("misdeal", ["misdeal", "keep"]), ("exchange", ["AS", "KS"])])
def test_every_bid_box_stays_clear_of_the_hands_beside_it(app, phase, legal):
    """Whatever it offers (the most: a blind number, Blind Nil and Look), and a fan of fifteen in an exchange."""
    box = BidBox(app.ui, phase, legal, give_count=2)
    panel = box.panel.rect
    for x, y in fan_positions("E", 13):
        assert not panel.colliderect(pygame.Rect(x, y, layout.CARD_H, layout.CARD_W)), "the box covers East's hand"
    for x, y in fan_positions("S", 15):
        assert not panel.colliderect(pygame.Rect(x, y - layout.RAISE_LIFT, layout.CARD_W, layout.CARD_H))
    assert all(panel.contains(button.rect) for button in box.buttons.values()), "a button outside its box"


def test_enter_before_looking_looks_even_where_a_blind_number_may_be_bid(app):
    app.change_settings(blind_offer="always", variant="custom1",
                        custom_rules={"custom1": PRESETS["partner"].rules.replace(blind_team=0).to_line()})
    table = bidding_turn(app)
    assert table.game.phase == "blind" and "b3" in table.turn.legal and table.box.numbers, "a blind number on offer"
    press(app, pygame.K_RETURN)
    assert table.model.south_looked and "S" not in table.game.hand.bids, "Enter looked, and bid nothing blind"


def test_a_blind_number_set_with_plus_or_minus_lights_bid_blind_and_enter_bids_it(app):
    app.change_settings(blind_offer="always", variant="custom1",
                        custom_rules={"custom1": PRESETS["partner"].rules.replace(blind_team=0).to_line()})
    table = bidding_turn(app)
    assert not table.box.buttons["ok"].is_selected, "Enter looks until a number is chosen"
    press(app, pygame.K_PLUS)
    wanted = table.box.value
    assert table.box.buttons["ok"].is_selected, "Bid blind lit: Enter bids the number"
    press(app, pygame.K_RETURN)
    bid = table.game.hand.bids["S"]
    assert bid.blind and bid.tricks == wanted


def test_a_suggested_blind_number_is_what_enter_bids(app):
    box = BidBox(app.ui, "blind", ["bnil", *BLIND_NUMBERS, "look"])
    assert box.enter_choice() == "look"
    box.set_choice("b5")
    assert box.enter_choice() == "b5" and box.buttons["ok"].is_selected
    box.set_choice("look")
    assert box.enter_choice() == "look" and not box.buttons["ok"].is_selected


@pytest.mark.parametrize(("offer", "behind", "asked"), [("always", 0, True), ("never", 200, False),
                                                        ("trailing", 0, False), ("trailing", 60, True)])
def test_the_blind_question_follows_the_players_preference(app, offer, behind, asked):
    app.change_settings(blind_offer=offer)
    table = start_game(app)
    table.game.hand.standings = {"NS": Standing(100 - behind), "EW": Standing(100)}
    assert table.control.offers_blind() is asked


def test_never_asked_the_player_looks_at_once_and_bids(app):
    app.change_settings(blind_offer="never")
    table = bidding_turn(app)
    assert table.game.phase == "bid" and "S" in table.game.hand.looked and table.model.south_looked


def test_cards_shown_face_up_are_looked_at_before_an_option_changed_mid_deal_could_offer_a_blind_bid(app):
    """Not offered a blind bid, the player sees the cards as they are dealt: the game counts them
    looked at then, so that the blind offer turned on during the deal (Options from the menu)
    cannot ask for a blind bid on cards already seen."""
    app.change_settings(blind_offer="never")
    table = start_game(app)
    wait_for(app, lambda: table.model.south_looked)
    assert "S" in table.game.hand.looked, "the cards turned up unseen by the game"
    app.change_settings(blind_offer="always")
    wait_for_turn(app)
    assert table.game.phase == "bid" and table.turn.phase == "bid" and "bnil" not in table.box.buttons


def test_advice_that_does_not_answer_the_turn_is_not_shown_and_the_game_goes_on(app, monkeypatch):
    """Suggest's answer is shown only if it answers the decision on offer: a list of cards to pass
    at a card to play (as a stale answer once was, at a server) is dropped, not parsed as a card."""
    start_game(app)
    table = reach_play(app)
    monkeypatch.setattr(thinker, "suggest", lambda view, level, seed: Suggestion(["KS", "AC"], "Pass these"))
    press(app, pygame.K_s)
    frames(app, 5)
    assert table.suggested is None and table.advice is None and table.turn.phase == "play"
    answer_with_mouse(app)


# -- messages -------------------------------------------------------------------------------------------
def message_band() -> pygame.Rect:
    return pygame.Rect((layout.WIDTH - layout.MESSAGE_WIDTH) // 2, layout.MESSAGE_Y, layout.MESSAGE_WIDTH,
                       layout.MESSAGE_LINES * text.LINE)


def test_the_message_band_is_clear_of_the_bid_box_the_trick_and_the_raised_hand(app):
    table = bidding_turn(app)
    band = message_band()
    assert not band.colliderect(table.box.panel.rect)
    for x, y in layout.TRICK_SLOTS.values():
        assert not band.colliderect(pygame.Rect(x, y, layout.CARD_W, layout.CARD_H))
    for x, y in fan_positions("S", 13):
        assert not band.colliderect(pygame.Rect(x, y - layout.RAISE_LIFT, layout.CARD_W, layout.CARD_H))
    for seat in ("W", "E"):  # turned on their sides
        for x, y in fan_positions(seat, 13):
            assert not band.colliderect(pygame.Rect(x, y, layout.CARD_H, layout.CARD_W)), seat
    table.say("About 4 tricks: aces A\u2665 A\u2666 A\u2663, 4 spades (top J\u2660), partner bid 3, "
              "and this long reason goes on")
    lines = text.wrap(table.message.text, layout.MESSAGE_WIDTH)
    assert len(lines) == 2 and all(text.font().size(line)[0] <= layout.MESSAGE_WIDTH for line in lines)


def test_suggest_twice_shows_one_message_and_asks_once(app):
    table = playing(app)
    asked = []
    ask = app.thinker.ask
    app.thinker.ask = lambda request: (asked.append(request), ask(request))
    press(app, pygame.K_s)
    wait_for(app, lambda: table.advice is not None)
    click(app, (320, 120), button=3)
    frames(app)
    assert len(asked) == 1
    assert table.message.text == table.advice.reason


def test_a_suggested_nil_lights_the_nil_button_and_enter_bids_it(tmp_path):
    app = make_app(tmp_path, seed=38)  # with a Normal partner, the advice for this hand is nil
    try:
        app.change_settings(partner_level="normal")
        frames(app)
        table = bidding_turn(app)
        assert table.turn.phase == "bid" and "nil" in table.turn.legal
        press(app, pygame.K_s)
        wait_for(app, lambda: table.advice is not None)
        assert table.advice.choice == "nil"
        nil = table.box.buttons["nil"]
        assert nil.is_selected and not table.box.buttons["ok"].is_selected, "the box shows the advice"
        press(app, pygame.K_PLUS)
        assert not nil.is_selected, "a step of the counter puts the advice aside"
        press(app, pygame.K_s)
        frames(app, 4)
        assert nil.is_selected
        press(app, pygame.K_RETURN)
        assert table.game.hand.bids["S"].is_nil, "Enter bids what the box shows"
    finally:
        app.close()


def test_the_table_asks_north_at_the_partners_level_west_and_east_at_the_opponents_and_counts_both(app):
    app.change_settings(partner_level="normal", opponents_level="expert")
    asked = []
    ask = app.thinker.ask

    def record(request) -> None:  # recorded, then answered by Normal: quick whatever the level
        asked.append(request)
        ask(dataclasses.replace(request, level="normal", time_limit=None))

    app.thinker.ask = record
    table = playing(app)
    press(app, pygame.K_s)
    wait_for(app, lambda: table.advice is not None)
    play_hand_by_mouse(app)
    by_seat = {(request.kind, request.view["seat"], request.level) for request in asked if request.kind != "evaluate"}
    assert by_seat == {("decide", "N", "normal"), ("decide", "W", "expert"), ("decide", "E", "expert"),
                       ("suggest", "S", "normal")}
    assert dict(app.statistics)[("Partner", "normal/expert")].hands == 1
    assert [key for key, _ in app.statistics] == [("Partner", "normal/expert")]


def test_advice_goes_when_the_player_has_played(app):
    table = playing(app)
    press(app, pygame.K_s)
    wait_for(app, lambda: table.advice is not None)
    assert table.message.text == table.advice.reason
    press(app, pygame.K_RETURN)
    assert table.message is None or table.message.text != table.advice.reason


def test_s_then_enter_plays_the_advice(app):
    table = playing(app)
    press(app, pygame.K_s)
    wait_for(app, lambda: table.advice is not None)
    played = len(table.game.hand.tricks) * 4 + len(table.game.hand.trick)
    press(app, pygame.K_RETURN)
    hand = table.game.hand
    plays = [card for trick in hand.tricks for _, card in trick.plays] + [card for _, card in hand.trick]
    assert str(plays[played]) == table.advice.choice or str(table.game.actions[-1][1]) == table.advice.choice


def test_after_playing_by_mouse_enter_never_points_at_a_card_already_played(app):
    table = playing(app)
    for _ in range(3):
        answer_with_mouse(app)
        wait_for(app, lambda: player_turn(app) or isinstance(app.scenes[-1], ScoreScene))
        if not player_turn(app):
            return
        assert table.cursor() is None or table.cursor() in table.visible_south()
        press(app, pygame.K_RETURN)
        assert table.message is None or "do not hold" not in table.message.text


# -- whose turn, and the bids as they come ---------------------------------------------------------------
def test_a_long_name_as_dealer_never_covers_the_players_cards(app):
    app.change_settings(names=("Bartholomew1", "West", "North", "East"))
    table = bidding_turn(app)
    table.model.dealer = "S"  # the longest plate: the name and the dealer's mark
    plate = table.painter.plate_rect(table.model, "S")
    assert table.painter.plate_lines(table.model, "S")[0] == "Bartholomew1 (D)"
    marks = table.marks()
    for card, rect in table.painter.south_rects(table.visible_south(), marks):
        assert not plate.colliderect(rect.inflate(0, 2 * layout.RAISE_LIFT)), card
    assert plate.left >= 0
    table.model.holdings["S"] += table.model.holdings["N"][:2]  # fifteen cards, in an exchange
    fan_left = fan_positions("S", 15)[0][0]
    assert table.painter.plate_rect(table.model, "S").right <= fan_left


def told_until_the_bids_are_in(app, table) -> list[str]:
    """Every message the band shows, frame by frame, the player's decisions answered by mouse,
    until the bids are in."""
    seen: list[str] = []

    def watch() -> bool:
        if table.message is not None and (not seen or seen[-1] != table.message.text):
            seen.append(table.message.text)
        return player_turn(app) or bool(seen and seen[-1].startswith("Bids are in"))

    while True:
        wait_for(app, watch, limit=20_000)
        if seen and seen[-1].startswith("Bids are in"):
            return seen
        answer_with_mouse(app)


@pytest.mark.parametrize("variant", ["partner", "solo"])
def test_every_computer_bid_is_told_in_the_band_as_it_is_made(tmp_path, variant):
    app = make_app(tmp_path, speed="normal")
    try:
        app.change_settings(variant=variant)
        frames(app)
        table = start_game(app)
        seen = told_until_the_bids_are_in(app, table)
        bids = table.game.hand.bids
        for seat in ("W", "N", "E"):
            assert f"{table.name(seat)} bids {bids[seat].label}" in seen, (seat, seen)
        assert not any(line.startswith("You bid") for line in seen if not bids["S"].is_nil), seen
    finally:
        app.close()


def test_a_bid_the_rules_make_for_the_player_waits_to_be_read(tmp_path):
    app = make_app(tmp_path, speed="normal")
    try:
        app.change_settings(variant="mirrors")
        frames(app)
        table = start_game(app)

        def own_bid_told() -> bool:
            return table.message is not None and table.message.text.startswith("You must bid")

        wait_for(app, own_bid_told, limit=20_000)
        shown = 0
        while own_bid_told():
            frames(app, 1)
            shown += 1
        assert shown >= layout.ANNOUNCE_PAUSE * 60, f"told for {shown} frames"
        assert "S" in table.game.hand.bids
    finally:
        app.close()


def test_the_band_says_when_the_player_leads_or_plays_and_nothing_else_is_said(app, monkeypatch):
    table = playing(app)
    wait_for(app, lambda: table.message is None)
    prompt = "Your lead" if not table.model.trick else "Your turn"
    assert prompt in words_on_screen(app, monkeypatch)
    table.say("Spades are broken")
    on_screen = words_on_screen(app, monkeypatch)
    assert "Spades are broken" in on_screen and prompt not in on_screen, "a message takes the band"
    table.message = None
    answer_with_mouse(app)
    assert not {"Your lead", "Your turn"} & set(words_on_screen(app, monkeypatch)), "not while the others play"


def test_no_prompt_while_the_player_bids(app, monkeypatch):
    bidding_turn(app)
    assert not {"Your lead", "Your turn"} & set(words_on_screen(app, monkeypatch))


# -- the end of a hand and of a game ------------------------------------------------------------------
def test_after_the_last_trick_the_four_hands_wait_for_a_click(tmp_path, monkeypatch):
    app = make_app(tmp_path, speed="fast")
    try:
        app.change_settings(trick_delay=0.5)
        table = start_game(app)
        for _ in range(400):
            wait_for_turn(app, lambda: table.reveal, limit=20000)
            if table.reveal:
                break
            answer_with_mouse(app)
        frames(app, 60 * 10)
        assert table.reveal and isinstance(app.scenes[-1], TableScene), "ten seconds later they still show"
        assert "West" not in drawn_words(table, app.screen, monkeypatch), "no seat plate under the hands"
        click(app, (320, 180))
        frames(app, 5)
        assert isinstance(app.scenes[-1], ScoreScene)
        assert not {"West", "East", "Us", "Them"} & set(drawn_words(table, app.screen, monkeypatch)), \
            "the table's words stay off the score box"
    finally:
        app.close()


def test_the_deciding_hands_score_leads_to_the_result_not_to_a_next_hand(tmp_path):
    app = make_app(tmp_path)
    try:
        app.change_settings(win_score=120)
        start_game(app)
        buttons = []
        while not isinstance(app.scenes[-1], GameOverScene):
            play_hand_by_mouse(app)
            score = app.scenes[-1]
            buttons.append(score.button.text)
            click_widget(app, score.button)
            wait_for(app, lambda: not isinstance(app.scenes[-1], ScoreScene))
        assert buttons[-1] == "Final result" and set(buttons[:-1]) <= {"Next hand"}
    finally:
        app.close()


def from_title(app) -> TableScene:
    """A new game started from the title, wherever the App is now."""
    app.saved_game.unlink(missing_ok=True)  # no game to lose: New Game asks nothing
    if not isinstance(app.scenes[-1], TitleScene):
        app.replace(TitleScene(app))
        frames(app)
    return start_game(app)


def game_over(app, won: bool) -> GameOverScene:
    table = from_title(app)
    ours = side_of("S", True)
    scene = GameOverScene(app, table.model, ours if won else "EW", seed=3)
    app.replace(scene)
    return scene


def test_winning_has_its_moment_and_a_click_ends_it(app):
    scene = game_over(app, won=True)
    assert scene.cascade is not None and scene.frame_due() == 0
    drawn = app.frames_drawn
    frames(app, 30)
    assert app.frames_drawn == drawn + 30
    click(app, (5, 5))
    frames(app, 3)
    assert scene.cascade is None and scene.frame_due() is None


def test_the_flourish_ends_by_itself_and_losing_has_none(app):
    scene = game_over(app, won=True)
    frames(app, 60 * 12)
    assert scene.cascade is None
    assert game_over(app, won=False).cascade is None


def test_the_end_of_the_game_plays_a_fanfare_or_a_jingle(app, monkeypatch):
    played = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    from game.events import GameOver

    from_title(app).game_over(GameOver("NS", {}))
    from_title(app).game_over(GameOver("EW", {}))
    assert [sound for sound in played if sound in ("win", "lose")] == ["win", "lose"]


@pytest.mark.parametrize(("bids", "taken", "sound"), [
    ({"S": 0, "W": 4, "N": 4, "E": 5}, {"S": 0, "W": 4, "N": 4, "E": 5}, "made"),  # a lone nil that held
    ({"S": 0, "W": 4, "N": 4, "E": 5}, {"S": 1, "W": 4, "N": 3, "E": 5}, "set"),
    ({"S": 3, "W": 4, "N": 4, "E": 2}, {"S": 3, "W": 4, "N": 4, "E": 2}, "made"),
])
def test_the_end_of_a_solo_hand_sounds_made_only_when_all_the_player_bid_held(app, monkeypatch, bids, taken, sound):
    from game.bids import Bid
    from game.events import HandScored
    from game.scoring import score_hand

    app.change_settings(variant="solo")
    table = from_title(app)
    played = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    rules = table.model.rules
    winners = [seat for seat, count in taken.items() for _ in range(count)]
    score = score_hand(rules, {seat: Bid(n) for seat, n in bids.items()}, taken, winners, table.model.standings)
    table.show_hand_scored(HandScored(1, score))
    assert [name for name in played if name in ("made", "set")] == [sound]


# -- starting a new game ----------------------------------------------------------------------------------
def leave_a_game(tmp_path):
    app = make_app(tmp_path)
    frames(app)
    playing(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    app.close()
    assert (tmp_path / "game.json").exists()


def test_new_game_asks_before_losing_a_game_that_continue_offers(tmp_path):
    leave_a_game(tmp_path)
    app = make_app(tmp_path)
    try:
        frames(app)
        click_widget(app, app.scenes[-1].buttons["new"])
        question = app.scenes[-1]
        assert isinstance(question, ConfirmScene)
        click_widget(app, question.no)
        assert isinstance(app.scenes[-1], TitleScene) and "continue" in app.scenes[-1].buttons
        press(app, pygame.K_n)
        assert isinstance(app.scenes[-1], ConfirmScene)
        click_widget(app, app.scenes[-1].yes)
        assert isinstance(app.scenes[-1], (DealerDrawScene, TableScene))
    finally:
        app.close()


def test_new_game_without_a_saved_game_asks_nothing(app):
    click_widget(app, app.scenes[-1].buttons["new"])
    assert isinstance(app.scenes[-1], (DealerDrawScene, TableScene))


# -- words --------------------------------------------------------------------------------------------
def drawn_words(scene, surface, monkeypatch) -> list[str]:
    """Every line of text `scene` draws in one frame."""
    lines: list[str] = []
    real = text.draw

    def record(target, line, *args, **kwargs):
        lines.append(line)
        return real(target, line, *args, **kwargs)

    monkeypatch.setattr(text, "draw", record)
    scene.draw(surface)
    monkeypatch.setattr(text, "draw", real)
    return lines


def test_the_dealer_draw_says_you_deal_first(tmp_path, monkeypatch):
    app = make_app(tmp_path, speed="normal")
    try:
        frames(app)
        click_widget(app, app.scenes[-1].buttons["new"])
        draw = app.scenes[-1]
        assert isinstance(draw, DealerDrawScene)
        draw.app.session.game.first_dealer = "S"
        draw.done_at = 0.0
        assert "You deal first" in drawn_words(draw, app.screen, monkeypatch)
    finally:
        app.close()


def test_one_bag_is_one_bag(app, monkeypatch):
    scene = game_over(app, won=False)
    scene.model.standings = {"NS": Standing(120, 1), "EW": Standing(310, 2)}
    lines = drawn_words(scene, app.screen, monkeypatch)
    assert any(line.endswith("points, 1 bag") for line in lines)
    assert any(line.endswith("points, 2 bags") for line in lines)


def test_the_bids_summary_names_the_nils(app):
    table = start_game(app)
    model = table.model
    from game.bids import Bid

    model.bids = {"S": Bid(3), "N": Bid(0), "W": Bid(2), "E": Bid(0, blind=True)}
    assert bids_summary(model) == "Bids are in: Us 3 + North nil, Them 2 + East blind nil"
    model.bids = {"S": Bid(0), "N": Bid(0), "W": Bid(4), "E": Bid(5)}
    assert bids_summary(model) == "Bids are in: Us + You nil + North nil, Them 9"


def test_the_club_sign_is_the_games_own_at_every_size():
    pygame.font.init()
    text.reset()
    for size in (8, 16, 24):
        image = text.render("\u2663", (255, 255, 255), size)
        scale = size // 8
        for y, row in enumerate(text.CLUB_GLYPH):
            for x, pixel in enumerate(row):
                lit = image.get_at((x * scale, y * scale)).a > 0
                assert lit == (pixel == "#"), (size, x, y)


# -- the title and the options ---------------------------------------------------------------------------
def test_the_title_offers_the_screen_mode_the_player_is_not_in(app, monkeypatch):
    title = app.scenes[-1]
    assert any(line.startswith("F11 full screen") for line in drawn_words(title, app.screen, monkeypatch))
    app.window.set_fullscreen(True)
    assert any(line.startswith("F11 window") for line in drawn_words(title, app.screen, monkeypatch))


def test_pointing_at_save_hand_explains_it_without_covering_quit(app):
    title = app.scenes[-1]
    save = title.buttons["save_hand"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.window.to_window(save.rect.center),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert "Spades.save" in title.hint
    lowest = layout.HEIGHT - 36
    assert title.buttons["quit"].rect.bottom < lowest, "the explanation is drawn below every button"


def test_every_rule_label_leaves_room_before_its_value():
    pygame.font.init()
    text.reset()
    for label in (option.label for option in OPTIONS):
        assert text.font().size(label)[0] + 8 <= RULE_VALUE_X, label


def test_a_rules_page_refusal_does_not_follow_to_other_pages(app):
    app.change_settings(variant="custom1")
    app.push(OptionsScene(app, page="rules"))
    scene = app.scenes[-1]
    scene.refuse("A refusal on the Rules page")
    scene.show_page("game")
    assert scene.notice == "" and scene.info()[0] != "A refusal on the Rules page"


def test_the_title_names_the_partners_and_the_opponents_levels(app, monkeypatch):
    assert "Partner rules - Expert partner, Normal opponents" in words_on_screen(app, monkeypatch)
    app.change_settings(partner_level="normal", opponents_level="expert")
    assert "Partner rules - Normal partner, Expert opponents" in words_on_screen(app, monkeypatch)
    app.change_settings(variant="solo")
    assert "Solo rules - Expert opponents" in words_on_screen(app, monkeypatch), "Solo has no partner"


def test_the_computer_level_rows_stay_put_whatever_the_variant(app):
    places = set()
    for variant in ("partner", "dunn", "stelmack"):
        app.change_settings(variant=variant)
        scene = OptionsScene(app, page="game")
        app.push(scene)
        places.add(tuple(row.rect.y for row in scene.rows if row.title in LEVEL_ROW_TITLES))
        app.pop()
    assert len(places) == 1 and len(next(iter(places))) == len(LEVEL_ROW_TITLES)


# -- a hand that cannot be written ------------------------------------------------------------------------
def test_a_failed_save_hand_write_is_told_once_and_the_game_goes_on(tmp_path):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("")
    (tmp_path / "Spades.save").symlink_to(elsewhere)
    app = make_app(tmp_path)
    try:
        app.change_settings(save_hand=True)
        start_game(app)
        play_hand_by_mouse(app)
        score = app.scenes[-1]
        assert isinstance(score, ScoreScene)
        assert score.problems and "not saved" in score.problems[0].lower()
        assert sum("not saved" in notice.lower() for notice in app.notices) == 1
        assert elsewhere.read_text() == "", "nothing went through the link"
        click_widget(app, score.button)
        play_hand_by_mouse(app)
        assert isinstance(app.scenes[-1], ScoreScene) and not app.scenes[-1].problems, "told once"
    finally:
        app.close()


def test_bags_without_a_penalty_are_never_marked_near_the_limit(app, monkeypatch):
    app.change_settings(variant="stelmack")
    table = start_game(app)
    colours = []
    real = text.draw

    def record(surface, line, pos, colour, *args, **kwargs):
        colours.append((line, colour))
        return real(surface, line, pos, colour, *args, **kwargs)

    monkeypatch.setattr(text, "draw", record)
    table.painter.draw_scoreboard(app.screen, table.model)
    assert not [line for line, _ in colours if "!" in line]


@pytest.mark.parametrize(("variant", "sign"), [("partner", "Spades closed"), ("netspades", "Spades open")])
def test_before_a_spade_falls_the_corner_says_whether_spades_may_be_led(app, monkeypatch, variant, sign):
    app.change_settings(variant=variant)
    table = start_game(app)
    assert not table.model.spades_broken
    assert sign in drawn_words(table, app.screen, monkeypatch)


# -- through the event queue: the title and the options -----------------------------------------------------
def test_f11_on_the_title_switches_the_screen_mode_and_the_hint_names_the_other_mode(app, monkeypatch):
    title = app.scenes[-1]
    assert not app.fullscreen
    assert "F11 full screen  -  Esc quits" in words_on_screen(app, monkeypatch)
    press(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen and app.scenes[-1] is title
    shown = words_on_screen(app, monkeypatch)
    assert "F11 window  -  Esc quits" in shown
    assert not any("full screen" in line for line in shown), "no offer of the mode the player is in"
    press(app, pygame.K_F11)
    assert not app.fullscreen and not app.settings.fullscreen
    assert "F11 full screen  -  Esc quits" in words_on_screen(app, monkeypatch)


def options_from_title(app) -> OptionsScene:
    click_widget(app, app.scenes[-1].buttons["options"])
    scene = app.scenes[-1]
    assert isinstance(scene, OptionsScene)
    return scene


def row_called(scene: OptionsScene, title: str):
    return next(row for row in scene.rows if row.title == title)


def button_in_row(scene: OptionsScene, words: str, row_title: str) -> UIButton:
    """The button showing `words` in the row called `row_title`."""
    row = row_called(scene, row_title)
    [found] = [element for element in scene.widgets
               if isinstance(element, UIButton) and element.text == words and row.rect.colliderect(element.rect)]
    return found


def choose_variant(app, scene: OptionsScene, name: str) -> None:
    """Open the variant menu with the mouse and click `name` in it."""
    [menu] = [element for element in scene.widgets if isinstance(element, UIDropDownMenu)]
    click_widget(app, menu)
    items = menu.current_state.options_selection_list.item_list
    click_widget(app, next(item["button_element"] for item in items if item["text"] == name))
    frames(app)


def test_a_rules_page_refusal_goes_when_the_player_clicks_another_page_tab(app, monkeypatch):
    app.change_settings(variant="custom2", custom_rules={
        "custom2": PRESETS["partner"].rules.replace(min_team=3, max_team=3).to_line()})
    scene = options_from_title(app)
    click_widget(app, scene.tabs["rules"])
    click_widget(app, button_in_row(scene, "+", "Lowest team bid"))
    refusal = "The lowest team bid is above the highest."
    assert scene.notice == refusal and refusal in words_on_screen(app, monkeypatch)
    for page in ("game", "table", "screen", "rules"):
        click_widget(app, scene.tabs[page])
        assert scene.page == page and scene.notice == ""
        assert refusal not in words_on_screen(app, monkeypatch), f"the refusal followed to the {page} page"


def test_the_computer_level_rows_stay_put_and_work_whatever_variant_is_chosen(app):
    scene = options_from_title(app)
    places = set()
    first = app.settings.variant  # chosen last: the menu stays open when the variant shown is clicked
    for variant_id in [*(variant for variant in PRESETS if variant != first), first]:
        variant = PRESETS[variant_id]
        choose_variant(app, scene, variant.name)
        assert app.settings.variant == variant_id
        for title, setting in LEVEL_ROW_TITLES.items():
            row = row_called(scene, title)
            buttons = {level: button_in_row(scene, level.capitalize(), title) for level in LEVELS}
            places.add((title, tuple(row.rect), *(tuple(button.rect) for button in buttons.values())))
            other = next(level for level in LEVELS if level != getattr(app.settings, setting))
            click_widget(app, buttons[other])
            assert getattr(app.settings, setting) == other, f"{variant.name}: the click missed the {title}"
    assert len(places) == len(LEVEL_ROW_TITLES), "a row moved with the variant"


def test_the_bid_blind_row_changes_the_preference(app):
    scene = options_from_title(app)
    for offer, words in (("always", "Always"), ("never", "Never"), ("trailing", "When behind")):
        click_widget(app, button_in_row(scene, words, "Bid blind?"))
        assert app.settings.blind_offer == offer
        assert scene.status == "Saved."


def test_the_scaling_row_changes_the_scaling_and_says_which_is_in_force(app, monkeypatch):
    press(app, pygame.K_F11)  # the dummy display's 1024x768: sharp is 1x, filling 1.6x
    assert app.fullscreen
    scene = options_from_title(app)
    click_widget(app, scene.tabs["screen"])
    for scaling, words, note in (("sharp", "Sharp", "(now sharp, 1x)"), ("fill", "Fill", "(now filling, 1.6x)"),
                                 ("sharp", "Sharp", "(now sharp, 1x)"), ("auto", "Auto", "(now filling, 1.6x)")):
        click_widget(app, button_in_row(scene, words, "Scaling"))
        assert app.settings.scaling == scaling and app.window.scaling == scaling
        assert note in words_on_screen(app, monkeypatch)


# -- a real hand, through the App ---------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "nil"), [(15, "East nil"), (38, "You nil")])
def test_in_a_real_hand_the_bids_summary_names_the_nil(tmp_path, monkeypatch, seed, nil):
    app = make_app(tmp_path, seed=seed)
    try:
        app.change_settings(partner_level="normal")  # the seeds give these bids with four Normal players
        frames(app)
        table = start_game(app)

        def summary_said() -> bool:
            return table.message is not None and table.message.text.startswith("Bids are in")

        while True:
            wait_for(app, lambda: player_turn(app) or summary_said())
            if summary_said():
                break
            answer_with_mouse(app)
        assert nil in table.message.text
        assert any(nil in line for line in words_on_screen(app, monkeypatch))
    finally:
        app.close()


@pytest.mark.parametrize(("variant", "summary"), [("partner", "Bids are in: Us"), ("solo", "tricks bid")])
def test_once_the_bids_are_in_play_waits_for_a_click(tmp_path, variant, summary):
    app = make_app(tmp_path, speed="normal")
    try:
        app.change_settings(variant=variant)
        frames(app)
        table = start_game(app)

        def pausing() -> bool:
            return table.message is not None and table.message.text.startswith("Bids are in")

        while True:
            wait_for(app, lambda: player_turn(app) or pausing(), limit=20_000)
            if pausing():
                break
            answer_with_mouse(app)
        assert summary in table.message.text and table.message.text.endswith("Click to play.")
        frames(app, 20 * 60)  # twenty seconds
        assert table.game.phase == "play" and not table.game.hand.trick and not table.model.trick, "no card yet"
        assert pausing(), "the summary stays while play waits"
        click(app, (320, 150))
        wait_for(app, lambda: player_turn(app) or bool(table.model.trick), limit=20_000)
        assert not pausing()
    finally:
        app.close()


def test_after_a_real_hand_the_score_says_1_bag(tmp_path, monkeypatch):
    app = make_app(tmp_path, seed=30)
    try:
        app.change_settings(partner_level="normal")  # the seed gives these bags with four Normal players
        frames(app)
        table = start_game(app)
        play_hand_by_mouse(app)
        assert (table.model.standings["NS"].bags, table.model.standings["EW"].bags) == (1, 0)
        assert not any(line.endswith("1 bags") for line in words_on_screen(app, monkeypatch))
        click_widget(app, app.scenes[-1].button)
        wait_for(app, lambda: player_turn(app))
        press(app, pygame.K_ESCAPE)
        menu = app.scenes[-1]
        assert isinstance(menu, MenuScene)
        click_widget(app, menu.buttons["score"])
        assert isinstance(app.scenes[-1], ScoreScene)
        shown = words_on_screen(app, monkeypatch)
        assert any(line.startswith("Us") and line.endswith("points, 1 bag") for line in shown)
        assert any(line.startswith("Them") and line.endswith("points, 0 bags") for line in shown)
        assert not any(line.endswith("1 bags") for line in shown)
    finally:
        app.close()


@pytest.mark.parametrize(("seed", "tune"), [(9, "win"), (14, "lose")])
def test_a_game_ended_by_play_sounds_its_fanfare_or_jingle(tmp_path, monkeypatch, seed, tune):
    app = make_app(tmp_path, seed=seed)
    try:
        app.change_settings(win_score=1, partner_level="normal")  # the seeds' results with four Normal players
        played: list[str] = []
        monkeypatch.setattr(app.sounds, "play", played.append)
        frames(app)
        start_game(app)
        play_hand_by_mouse(app)
        score = app.scenes[-1]
        assert score.button.text == "Final result"
        click_widget(app, score.button)
        wait_for(app, lambda: isinstance(app.scenes[-1], GameOverScene))
        assert [sound for sound in played if sound in ("win", "lose")] == [tune]
        shown = words_on_screen(app, monkeypatch)
        assert any(line.endswith("points, 1 bag") for line in shown) and not any(
            line.endswith("1 bags") for line in shown)
    finally:
        app.close()


# -- the suit signs ---------------------------------------------------------------------------------------
TEXT_SIZES = (8, 16, 24)
"""The sizes text is drawn at (8 and 16; 24 as the next whole step)."""


def lit(image: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(image)


def has_a_hole(mask: pygame.mask.Mask) -> bool:
    """Whether some unlit pixel is closed in by lit ones (the loops of % and &)."""
    width, height = mask.get_size()
    framed = pygame.mask.Mask((width + 2, height + 2))
    framed.draw(mask, (1, 1))
    framed.invert()
    return framed.connected_component((0, 0)).count() != framed.count()


def is_mirrored(mask: pygame.mask.Mask) -> bool:
    """Whether the lit pixels are the same shape seen in a mirror (left and right swapped)."""
    box = mask.get_bounding_rects()[0]
    return all(mask.get_at((x, y)) == mask.get_at((box.left + box.right - 1 - x, y))
               for x in range(box.left, box.right) for y in range(box.top, box.bottom))


def test_the_spade_heart_and_diamond_signs_are_solid_distinct_shapes_at_every_size():
    pygame.font.init()
    text.reset()
    white = (255, 255, 255)
    for size in TEXT_SIZES:
        scale = size // 8
        shapes: dict[str, pygame.mask.Mask] = {}
        for sign in "\u2660\u2665\u2666":
            mask = lit(text.render(sign, white, size))
            base = lit(text.render(sign, white, 8))
            assert mask.count() > 0, (sign, size)
            assert mask.count() == base.count() * scale * scale == mask.overlap_area(
                base.scale((base.get_size()[0] * scale, base.get_size()[1] * scale)), (0, 0)), \
                f"{sign} at {size}: not the 8-pixel sign in whole-pixel steps"
            assert len(mask.connected_components()) == 1 and not has_a_hole(mask), f"{sign} at {size}: not solid"
            assert is_mirrored(mask), f"{sign} at {size}: lopsided"
            shapes[sign] = mask
        for other in ("\u2663", "%", "&", "\ue000"):  # the club, the look-alikes, a sign the font lacks
            shapes[other] = lit(text.render(other, white, size))
        kinds = {frozenset((x, y) for x in range(m.get_size()[0]) for y in range(m.get_size()[1]) if m.get_at((x, y)))
                 for m in shapes.values()}
        assert len(kinds) == len(shapes), f"two signs look the same at {size}"


def test_in_solo_the_tables_scoreboard_names_each_player(app, monkeypatch):
    app.change_settings(variant="solo", names=("You", "Maximiliana", "North", "East"))
    bidding_turn(app)
    on_screen = words_on_screen(app, monkeypatch)
    assert {"You", "Maxi..", "North", "East"} <= set(on_screen), on_screen


def test_in_dunns_deck_the_trump_2c_in_the_players_hand_shows_a_gold_spade(tmp_path):
    """The 2♣ is a spade in the jokers deck and sorts among them: its face says so."""
    from scenes.look.palette import GOLD_DARK

    app = make_app(tmp_path, seed=3)  # South holds the 2♣ in this deal
    try:
        frames(app)
        app.change_settings(variant="dunn")
        table = start_game(app)
        wait_for_turn(app)
        trump = Card.parse("2C")
        assert trump in table.game.hand.holding("S")
        app.redraw()
        frames(app, 1)
        frame = app.screen
        order = table.south_order()
        x, y = fan_positions("S", len(order))[order.index(trump)]
        badge = pygame.Rect(int(x) + 2, int(y) + 19, 5, 6)
        colours = {tuple(frame.get_at(point))[:3] for point in
                   ((px, py) for px in range(badge.left, badge.right) for py in range(badge.top, badge.bottom))}
        assert GOLD_DARK in colours, "a small gold spade under the 2♣'s index"
    finally:
        app.close()
