"""The score screen and game over, drawn by the real App: every side's figures inside the panel
with two sides or four, and a scoreboard of a long game that the wheel and the arrow keys scroll
back to its first hand."""

from __future__ import annotations

import random

import pygame
import pytest

from game.bids import Bid
from game.rules import PRESETS
from game.scoring import HandScore, Standing, score_hand, sides
from game.seats import SEATS
from scenes.look import text
from scenes.look.breakdown import PANEL_RECT, score_rows
from scenes.look.palette import GOOD, WARNING
from scenes.screens.game_over import GameOverScene
from scenes.screens.score import ScoreScene
from scenes.table.model import TableModel
from tests.app_driver import frames, press


def long_game(variant: str, hands: int, seed: int = 1) -> TableModel:
    """A table whose game has had `hands` hands, bids and tricks at random (sets, bags and nils
    among them, so the figures run long: ``-1230``, two-digit bags)."""
    rules = PRESETS[variant].rules
    rng = random.Random(seed)
    standings = {side: Standing() for side in sides(rules.partners)}
    scores: list[HandScore] = []
    for _ in range(hands):
        winners = [rng.choice(SEATS) for _ in range(13)]
        taken = {seat: winners.count(seat) for seat in SEATS}
        bids = {seat: Bid(rng.choice([0, 1, 4, 6, 9])) for seat in SEATS}
        score = score_hand(rules, bids, taken, winners, standings)
        scores.append(score)
        standings = dict(score.standings)
    return TableModel(rules, {seat: seat for seat in SEATS}, standings, scores)


def drawn(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Each line of text the App draws in its next frame, with where it went."""
    lines: list[tuple[str, pygame.Rect]] = []
    real = text.draw

    def record(surface, line, *args, **kwargs):
        area = real(surface, line, *args, **kwargs)
        lines.append((line, area))
        return area

    monkeypatch.setattr(text, "draw", record)
    app.redraw()
    frames(app, 1)
    monkeypatch.setattr(text, "draw", real)
    return lines


def hand_numbers(lines: list[tuple[str, pygame.Rect]]) -> list[int]:
    """The hand numbers of the scoreboard's rows drawn."""
    left = PANEL_RECT.x + 20
    return [int(line) for line, area in lines if area.x >= left and line.strip().isdigit() and len(line) == 3]


@pytest.mark.parametrize("variant", ["partner", "solo", "suicide"])
@pytest.mark.parametrize("screen", ["score", "game over"])
def test_every_figure_of_every_side_is_inside_the_panel_and_clear_of_the_next(app, monkeypatch, variant, screen):
    model = long_game(variant, hands=14)
    winner = next(iter(model.standings))
    app.replace(ScoreScene(app, model, model.scores[-1]) if screen == "score" else GameOverScene(app, model, winner))
    lines = drawn(app, monkeypatch)
    on_panel = [(line, area) for line, area in lines if line.strip()]
    assert len(on_panel) > 30
    outside = [line for line, area in on_panel if not PANEL_RECT.inflate(-8, -8).contains(area)]
    assert not outside, f"drawn over the panel's edge: {outside}"
    for i, (line, area) in enumerate(on_panel):
        crossing = [other for other, elsewhere in on_panel[i + 1:] if area.colliderect(elsewhere)]
        assert not crossing, f"{line!r} runs into {crossing}"


def test_every_nil_and_bonus_of_a_hand_is_told_by_name_however_long_the_names(app, monkeypatch):
    rules = PRESETS["solo"].rules
    names = {seat: f"{name:.12}" for seat, name in zip(SEATS, ("Bartholomew", "Maximiliana", "Christabella",
                                                                "Evangelinaa"), strict=True)}
    winners = ["W"] * 3 + ["E"] * 10  # South and North make their nils, West and East fail theirs
    taken = {seat: winners.count(seat) for seat in SEATS}
    standings = {side: Standing() for side in sides(rules.partners)}
    score = score_hand(rules, dict.fromkeys(SEATS, Bid(0)), taken, winners, standings)
    model = TableModel(rules, names, dict(score.standings), [score])
    app.replace(ScoreScene(app, model, score))
    lines = [(line, area) for line, area in drawn(app, monkeypatch) if line.strip()]
    told = " ".join(line for line, _ in lines)
    for seat, made in (("S", "made"), ("W", "failed"), ("N", "made"), ("E", "failed")):
        assert f"{names[seat]}'s nil {made}" in told, f"{names[seat]}'s nil"
    assert all(PANEL_RECT.inflate(-8, -8).contains(area) for _, area in lines), "inside the panel"
    for i, (line, area) in enumerate(lines):
        assert not [other for other, elsewhere in lines[i + 1:] if area.colliderect(elsewhere)], f"{line!r} overlaps"


def test_a_failed_nils_tricks_are_shown_apart_and_the_bid_row_says_made_or_set(app, monkeypatch):
    rules = PRESETS["partner"].rules
    bids = {"S": Bid(0), "W": Bid(4), "N": Bid(4), "E": Bid(5)}
    winners = ["S"] + ["N"] * 4 + ["W"] * 4 + ["E"] * 4  # South's nil fails; North makes 4, East/West 8 of 9
    taken = {seat: winners.count(seat) for seat in SEATS}
    score = score_hand(rules, bids, taken, winners, {side: Standing() for side in sides(rules.partners)})
    model = TableModel(rules, {seat: seat for seat in SEATS}, dict(score.standings), [score])
    model.taken.update(taken)
    app.replace(ScoreScene(app, model, score))
    lines = [line for line, _ in drawn(app, monkeypatch)]
    assert "Us" in lines and "Them" in lines and "Us made" not in lines, "the heads name the sides only"
    assert "4 made" in lines and "9 set" in lines
    row = lines.index("Nil tricks")
    assert lines[row + 1:row + 3] == ["1", "-"], "the nil's trick: Us 4 + 1, Them 8 make the 13"
    assert "S's nil failed" in " ".join(lines)


def test_a_side_that_bid_only_nils_says_so_on_the_bid_row_in_its_colour(app, monkeypatch):
    """Solo: South's blind nil failed and West's nil held; their Bid cells name the nils (a dash said nothing)."""
    rules = PRESETS["solo"].rules
    bids = {"S": Bid(0, blind=True), "W": Bid(0), "N": Bid(5), "E": Bid(4)}
    winners = ["S"] * 2 + ["N"] * 6 + ["E"] * 5
    taken = {seat: winners.count(seat) for seat in SEATS}
    score = score_hand(rules, bids, taken, winners, {side: Standing() for side in sides(rules.partners)})
    rows = {row.label: row for row in score_rows(score, taken, verdicts=True)}
    bid = dict(zip(score.sides, zip(rows["Bid"].values, rows["Bid"].colours, strict=True), strict=True))
    assert bid["S"] == ("blind nil", WARNING) and bid["W"] == ("nil", GOOD)
    assert bid["N"] == ("5 made", GOOD) and bid["E"] == ("4 made", GOOD)


@pytest.mark.parametrize("screen", ["score", "game over"])
def test_a_long_games_scoreboard_shows_its_last_hands_and_scrolls_back_to_the_first(app, monkeypatch, screen):
    model = long_game("solo", hands=40)
    app.replace(ScoreScene(app, model, model.scores[-1]) if screen == "score" else GameOverScene(app, model, "S"))
    shown = hand_numbers(drawn(app, monkeypatch))
    assert shown[-1] == 40 and shown[0] > 1, "at first the latest hands"
    assert shown == list(range(shown[0], 41))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    frames(app, 2)
    assert hand_numbers(drawn(app, monkeypatch)) == [n - 3 for n in shown], "the wheel shows three earlier hands"
    for _ in range(5):
        press(app, pygame.K_PAGEUP)
    assert hand_numbers(drawn(app, monkeypatch))[0] == 1, "Page Up goes back to the first hand"
    press(app, pygame.K_DOWN)
    assert hand_numbers(drawn(app, monkeypatch))[0] == 2
    for _ in range(5):
        press(app, pygame.K_PAGEDOWN)
    assert hand_numbers(drawn(app, monkeypatch)) == shown, "and Page Down back to the last"
    assert app.scenes[-1].__class__ in (ScoreScene, GameOverScene), "scrolling leaves the screen where it is"


def test_in_solo_the_score_names_each_seats_player(app, monkeypatch):
    rules = PRESETS["solo"].rules
    names = {"S": "Bartholomew1", "W": "Maximilianaa", "N": "North", "E": "East"}
    winners = ["S"] * 4 + ["W"] * 3 + ["N"] * 3 + ["E"] * 3
    taken = {seat: winners.count(seat) for seat in SEATS}
    score = score_hand(rules, dict.fromkeys(SEATS, Bid(3)), taken, winners, {seat: Standing() for seat in SEATS})
    model = TableModel(rules, names, dict(score.standings), [score])
    for scene in (ScoreScene(app, model, score), GameOverScene(app, model, "S")):
        app.replace(scene)
        placed = [(line, area) for line, area in drawn(app, monkeypatch) if line.strip()]
        lines = [line for line, _ in placed]
        words = {word for line in lines for word in line.split()}
        assert {"Bartholomew1", "Maximilianaa", "North", "East"} <= words, lines
        assert not {"S", "W", "N", "E"} & set(lines), "no seat letters for sides"
        for i, (line, area) in enumerate(placed):
            assert not [other for other, elsewhere in placed[i + 1:] if area.colliderect(elsewhere)], line


def test_no_card_of_the_last_trick_is_left_in_the_air_under_the_score(app, monkeypatch):
    """The last trick's sweep lands before the score covers the table: at the Instant speed its four
    cards once stayed drawn at the winner's edge of the window, beside the score's panel."""
    from tests.app_driver import play_hand_by_mouse, start_game

    start_game(app)
    play_hand_by_mouse(app)
    faces: list[str] = []
    real = app.art.face
    monkeypatch.setattr(app.art, "face", lambda card: faces.append(card.text) or real(card))
    app.redraw()
    frames(app, 1)
    assert isinstance(app.scenes[-1], ScoreScene)
    assert faces == [], "no card is drawn under the score's veil"
