"""The hand log `Spades.save`: the exact block text, round trips, replays, damaged files."""

from __future__ import annotations

import contextlib
import functools
import random
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cards import Card
from game.events import MisdealCalled
from game.game import Game
from game.hand import Hand
from game.players import RandomPlayer, decide
from game.records.handlog import (
    MAX_BLOCK_LINES,
    PAUSE_LINES,
    DamagedBlock,
    HandLogWriter,
    LoggedHand,
    LogScan,
    ReplayError,
    append_hand,
    format_block,
    parse_log,
    read_log,
    replay,
    sanitize_name,
)
from game.records.writer import FileWriter
from game.rules import PRESETS, Rules
from game.scoring import Standing
from game.seats import SEATS
from game.view import seat_view

PARTNER = PRESETS["partner"].rules
GAME_ID = "2026-11-21T20:44:00-7f3a"
NAMES = {"S": "You", "W": "Wanda", "N": "Ned", "E": "Ed"}


# ---------------------------------------------------------------------------
# Helpers


def one_suit_each(rules: Rules, **kwargs) -> Hand:
    """South holds every spade, West every heart, North every diamond, East every club; South deals."""
    holdings = {seat: [Card.parse(rank + suit) for rank in "AKQJT98765432"]
                for seat, suit in zip(SEATS, "SHDC", strict=True)}
    return Hand.from_holdings(rules, "S", holdings, **kwargs)


def play_out(hand: Hand) -> Hand:
    """Play the rest of the hand, each seat its first legal card."""
    while hand.phase == "play":
        hand.play(hand.to_act, hand.legal_plays()[0])
    return hand


def play_hands(rules: Rules, seed: int, hands: int, steady_bid: int | None = 3,
               path: Path | None = None, **game_kwargs) -> Game:
    """A game played by random players until it ends or `hands` hands are done,
    logged to `path` by a writer attached to its events."""
    game = Game(rules, seed=seed, **game_kwargs)
    if path is not None:
        HandLogWriter.attach(game, path)
    players = {seat: RandomPlayer(seat, rules.to_dict(), seed=seed * 10 + i, steady_bid=steady_bid)
               for i, seat in enumerate(SEATS)}
    while not game.over and len(game.finished) < hands:
        seat = game.to_act
        game.apply(seat, decide(players[seat], seat_view(game.hand, seat)))
    return game


def logged_hands(game: Game) -> list[LoggedHand]:
    return [LoggedHand.from_hand(hand, game.id, game.variant, game.names) for hand in game.finished]


def assert_replay_matches(logged: LoggedHand) -> None:
    hand = replay(logged)
    assert hand.phase == "done"
    assert tuple(hand.tricks) == logged.tricks
    assert hand.taken == logged.taken
    assert (hand.score.result_text, hand.score.score_text, hand.score.total_text) == (
        logged.result, logged.score, logged.total)


@functools.cache
def sample_log() -> tuple[str, tuple[LoggedHand, ...]]:
    """The text of a three-hand log with exchanges, and its hands."""
    for seed in range(50):
        game = play_hands(PARTNER.replace(exchange=2, win=2000, lose=-2000), seed, 3, steady_bid=None)
        hands = tuple(logged_hands(game))
        if any(h.exchanges for h in hands):
            return "".join(format_block(h) for h in hands), hands
    raise AssertionError("no sample game had an exchange")


def constructed_hand() -> LoggedHand:
    """A hand small enough to check its block by hand (see test_block_text_matches_the_format)."""
    hand = one_suit_each(PARTNER, number=3, standings={"NS": Standing(120, 3), "EW": Standing(80, 9)})
    for seat, bid in (("W", "nil"), ("N", "nil"), ("E", "1"), ("S", "13")):
        hand.apply(seat, "look")
        hand.apply(seat, bid)
    for seat, card in (("W", "AH"), ("N", "AD"), ("E", "AC"), ("S", "2S")):
        hand.apply(seat, card)
    return LoggedHand.from_hand(play_out(hand), GAME_ID, "Partner", NAMES)


# ---------------------------------------------------------------------------
# Writing


def test_block_text_matches_the_format():
    # West leads the first trick, so play order (W N E S) differs from the columns (S W N E);
    # South trumps it with the 2S and then leads spades from the top.
    expected = """\
% Spades hand 3 -- game 2026-11-21T20:44:00-7f3a
[Game "2026-11-21T20:44:00-7f3a"]
[Hand "3"]
[Variant "Partner"]
[Rules "partners=1 deck=standard broken=1 mustbeat=0 lowclub=0 misdeal=0 nil=100 niltricks=bags blindnil=200 \
blindnilfail=100 blindnildown=0 exchange=0 blindteam=off teamnil=0 bags=10/100 doubleset=0 tenfor200=0 sevenfor140=0 \
bonusbid=0 boston=0 moe=0 minind=0 maxind=13 mintm=0 maxtm=13 onenil=0 bidspades=0 win=500 lose=-300"]
[Players "S:You W:Wanda N:Ned E:Ed"]
[Dealer "S"]
[Deal "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Bids "W:nil N:nil E:1 S:13"]
[Play "W"]
%        S    W    N    E
 1  W  *2S   AH   AD   AC
 2  S  *AS   KH   KD   KC
 3  S  *KS   QH   QD   QC
 4  S  *QS   JH   JD   JC
 5  S  *JS   TH   TD   TC
 6  S  *TS   9H   9D   9C
 7  S  *9S   8H   8D   8C
 8  S  *8S   7H   7D   7C
 9  S  *7S   6H   6D   6C
10  S  *6S   5H   5D   5C
11  S  *5S   4H   4D   4C
12  S  *4S   3H   3D   3C
13  S  *3S   2H   2D   2C
[Tricks "S:13 W:0 N:0 E:0"]
[Result "NS 13/13, EW 0/1, W nil made, N nil made"]
[Score "NS:+230 EW:+90"]
[Total "NS:350/bags3 EW:170/bags9"]

"""
    assert format_block(constructed_hand()) == expected


def test_trick_lines_list_cards_by_seat_column_with_the_winner_starred():
    for logged in sample_log()[1]:
        lines = format_block(logged).splitlines()
        start = lines.index(f'[Play "{logged.first_leader}"]') + 2
        for number, (line, trick) in enumerate(zip(lines[start:start + 13], logged.tricks, strict=True), 1):
            parts = line.split()
            assert parts[:2] == [str(number), trick.leader]
            assert parts[2:] == [("*" if s == trick.winner else "") + str(trick.card_of(s)) for s in SEATS]


def test_exchange_tag_lists_the_bidders_cards_then_the_partners():
    hand = one_suit_each(PARTNER.replace(exchange=2))
    hand.apply("W", "bnil")
    for seat, bid in (("N", "4"), ("E", "4"), ("S", "9")):
        hand.apply(seat, "look")
        hand.apply(seat, bid)
    hand.apply("W", ["2H", "3H"])
    hand.apply("E", ["2C", "3C"])
    logged = LoggedHand.from_hand(play_out(hand), GAME_ID, "Custom 1", NAMES)
    lines = format_block(logged).splitlines()
    bids_at = lines.index('[Bids "W:bnil N:4 E:4 S:9"]')
    assert lines[bids_at + 1:bids_at + 3] == ['[Exchange "W>E 2H 3H E>W 2C 3C"]', '[Play "W"]']
    assert '[Deal "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]' in lines
    assert parse_log(format_block(logged)).hands == [logged]
    assert_replay_matches(logged)


def test_exchange_tag_is_left_out_when_no_cards_were_exchanged():
    assert "[Exchange" not in format_block(constructed_hand())


def test_suicide_override_is_written_as_made_then_as_changed():
    hand = one_suit_each(PRESETS["suicide"].rules)
    for seat, bid in (("W", "nil"), ("N", "4"), ("E", "nil"), ("S", "4")):
        hand.apply(seat, bid)
    logged = LoggedHand.from_hand(play_out(hand), GAME_ID, "Suicide", NAMES)
    assert '[Bids "W:nil>4 N:4>nil E:nil S:4"]' in format_block(logged).splitlines()
    assert parse_log(format_block(logged)).hands == [logged]
    assert_replay_matches(logged)


def test_names_with_spaces_quotes_and_brackets_are_sanitized(tmp_path):
    names = {"S": 'Ann "the" Ace', "W": "[bot] Wu", "N": "", "E": "Zoë O'Neil"}
    path = tmp_path / "Spades.save"
    game = play_hands(PARTNER, 5, 1, path=path, names=names)
    text = path.read_text(encoding="utf-8")
    assert '[Players "S:Ann__the__Ace W:_bot__Wu N:N E:Zoë_O_Neil"]' in text.splitlines()
    [logged] = read_log(path).hands
    assert logged.players == {"S": "Ann__the__Ace", "W": "_bot__Wu", "N": "N", "E": "Zoë_O_Neil"}
    assert logged == logged_hands(game)[0]


def test_sanitize_name_replaces_line_breaks_and_tabs():
    assert sanitize_name("a\tb\nc", "S") == "a_b_c"


def test_from_hand_refuses_an_unfinished_hand():
    with pytest.raises(ValueError, match="finished"):
        LoggedHand.from_hand(one_suit_each(PARTNER), GAME_ID, "Partner", NAMES)


# ---------------------------------------------------------------------------
# Round trips through a file, and replays through the engine


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_whole_games_of_every_preset_read_back_equal_and_replay(preset, tmp_path):
    variant = PRESETS[preset]
    path = tmp_path / "Spades.save"
    rules = variant.rules.replace(win=200)
    game = play_hands(rules, 11, 4, path=path, variant=variant.name)
    reading = read_log(path)
    assert reading.damaged == []
    assert reading.hands == logged_hands(game)
    assert len(reading.hands) == len(game.finished) >= 1
    for logged in reading.hands:
        assert logged.variant == variant.name
        assert_replay_matches(logged)


@pytest.mark.parametrize("rules", [
    PARTNER.replace(exchange=2, win=2000, lose=-2000),
    PRESETS["dunn"].rules.replace(blind_team=0, win=5000),
    PRESETS["solo"].rules.replace(win=2000),
], ids=["exchange", "blind-team", "solo"])
def test_games_with_random_bids_read_back_equal_and_replay(rules, tmp_path):
    path = tmp_path / "Spades.save"
    game = play_hands(rules, 3, 4, steady_bid=None, path=path)
    reading = read_log(path)
    assert reading.hands == logged_hands(game)
    for logged in reading.hands:
        assert_replay_matches(logged)


def test_misdeals_log_only_the_played_deal_and_kept_hands_replay(tmp_path):
    path = tmp_path / "Spades.save"
    game = play_hands(PARTNER.replace(misdeal=True, win=2000, lose=-2000), 5, 4, steady_bid=None, path=path)
    assert any(isinstance(event, MisdealCalled) for event in game.events)
    assert any(choice == "keep" for _, choice in game.actions)
    hands = read_log(path).hands
    assert hands == logged_hands(game)
    assert [h.number for h in hands] == [1, 2, 3, 4]
    for logged in hands:
        assert_replay_matches(logged)


def test_logged_exchanges_read_back_and_replay():
    text, hands = sample_log()
    assert any(h.exchanges for h in hands)
    assert parse_log(text).hands == list(hands)
    for logged in hands:
        assert_replay_matches(logged)


def test_suicide_games_log_their_overrides_and_replay(tmp_path):
    path = tmp_path / "Spades.save"
    game = play_hands(PRESETS["suicide"].rules.replace(win=1000, lose=-1000), 2, 3, path=path)
    hands = read_log(path).hands
    assert hands == logged_hands(game)
    assert any(r.changed_to is not None for h in hands for r in h.bids)
    assert any(">" in line for line in path.read_text().splitlines() if line.startswith("[Bids"))
    for logged in hands:
        assert_replay_matches(logged)


def test_standings_before_are_total_minus_score():
    logged = constructed_hand()
    assert logged.standings_before() == {"NS": Standing(120, 3), "EW": Standing(80, 9)}
    assert logged.points_scored == {"NS": 230, "EW": 90}
    assert logged.standings_after == {"NS": Standing(350, 3), "EW": Standing(170, 9)}


def test_bags_before_account_for_a_bag_penalty():
    game = play_hands(PARTNER.replace(bags=(3, 100), win=5000, lose=-5000), 1, 6)
    assert any(part < 0 for h in game.finished for s in h.score.sides.values() for part in [s.parts["bag_penalty"]])
    for hand, logged in zip(game.finished, logged_hands(game), strict=True):
        assert logged.standings_before() == hand.standings


def test_replay_refuses_a_bid_the_rules_forbid():
    text = format_block(constructed_hand()).replace("E:1 S:13", "E:b1 S:13")
    [logged] = parse_log(text).hands
    with pytest.raises(ReplayError, match="hand 3"):
        replay(logged)


def test_two_games_appended_to_one_file_both_read_back(tmp_path):
    path = tmp_path / "Spades.save"
    first = play_hands(PARTNER.replace(win=200), 21, 2, path=path, game_id="game-one")
    second = play_hands(PRESETS["solo"].rules.replace(win=150), 22, 2, path=path, game_id="game-two")
    reading = read_log(path)
    assert reading.damaged == []
    assert reading.hands == logged_hands(first) + logged_hands(second)
    assert {h.game_id for h in reading.hands} == {"game-one", "game-two"}


def test_append_hand_creates_the_file_and_only_appends(tmp_path):
    text, hands = sample_log()
    path = tmp_path / "new" / "Spades.save"
    path.parent.mkdir()
    append_hand(path, hands[0])
    first = path.read_bytes()
    append_hand(path, hands[1])
    assert path.read_bytes().startswith(first)
    assert path.read_text(encoding="utf-8") == format_block(hands[0]) + format_block(hands[1])


def test_writer_starts_a_new_line_after_a_cut_off_block(tmp_path):
    text, hands = sample_log()
    path = tmp_path / "Spades.save"
    path.write_text(text[: len(text) // 2 + 7], encoding="utf-8")
    HandLogWriter(path).write(hands[2])
    reading = read_log(path)
    assert reading.hands[-1] == hands[2]
    assert len(reading.damaged) == 1


def test_disabled_writer_writes_nothing(tmp_path):
    path = tmp_path / "Spades.save"
    game = Game(PARTNER, seed=4)
    writer = HandLogWriter.attach(game, path, enabled=False)
    players = {s: RandomPlayer(s, {}, seed=i, steady_bid=3) for i, s in enumerate(SEATS)}
    while not game.finished:
        game.apply(game.to_act, decide(players[game.to_act], seat_view(game.hand, game.to_act)))
    assert not path.exists()
    assert writer.written == 0


def test_a_failing_write_does_not_stop_the_game(tmp_path):
    game = Game(PARTNER.replace(win=150), seed=6)
    writer = HandLogWriter.attach(game, tmp_path)  # a folder: every write fails
    players = {s: RandomPlayer(s, {}, seed=i, steady_bid=3) for i, s in enumerate(SEATS)}
    while len(game.finished) < 2 and not game.over:
        game.apply(game.to_act, decide(players[game.to_act], seat_view(game.hand, game.to_act)))
    assert writer.error is not None and writer.error.startswith("Hand not saved")
    assert writer.written == 0


# ---------------------------------------------------------------------------
# Reading damaged and unusual logs


def test_parse_log_takes_text_and_read_log_a_path_or_a_path_string(tmp_path):
    text, hands = sample_log()
    path = tmp_path / "Spades.save"
    path.write_text(text, encoding="utf-8")
    assert parse_log(text).hands == read_log(path).hands == read_log(str(path)).hands == list(hands)


def test_comment_lines_are_ignored_anywhere():
    text, hands = sample_log()
    lines = text.split("\n")
    commented = []
    for number, line in enumerate(lines):
        commented.append(line)
        if number % 5 == 0:
            commented.append("% a reader's note [Game \"not a tag\"]")
    reading = parse_log("%% header\n" + "\n".join(commented))
    assert reading.hands == list(hands)
    assert reading.damaged == []


def test_unknown_rules_keys_and_unknown_tags_are_ignored():
    block = format_block(constructed_hand())
    changed = block.replace('lose=-300"]', 'lose=-300 jokerswild=1"]').replace(
        '[Play "W"]', '[Annotator "someone"]\n[Play "W"]')
    assert parse_log(changed).hands == [constructed_hand()]


def test_a_deal_may_start_from_any_seat():
    block = format_block(constructed_hand())
    rotated = block.replace('[Deal "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]',
                            '[Deal "N:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432.."]')
    assert rotated != block
    assert parse_log(rotated).hands == [constructed_hand()]


def test_crlf_line_endings_read():
    text, hands = sample_log()
    assert parse_log(text.replace("\n", "\r\n")).hands == list(hands)


def test_a_truncated_last_block_is_reported_and_the_others_kept():
    text, hands = sample_log()
    cut = text[: text.rindex(" 9  ")]
    reading = parse_log(cut)
    assert reading.hands == list(hands[:2])
    [damaged] = reading.damaged
    game_lines = [n for n, line in enumerate(cut.split("\n"), 1) if line.startswith("[Game")]
    assert damaged.first_line == game_lines[2]
    assert damaged.last_line == cut.count("\n")
    assert damaged.reason == "the Tricks tag is missing"


def test_a_garbage_line_damages_only_its_block_with_its_line_numbers():
    text, hands = sample_log()
    lines = text.split("\n")
    game_lines = [n for n, line in enumerate(lines, 1) if line.startswith("[Game")]
    lines.insert(game_lines[1] + 9, "~~ the cat walked on the keyboard ~~")
    reading = parse_log("\n".join(lines))
    assert reading.hands == [hands[0], hands[2]]
    total_lines = [n for n, line in enumerate(lines, 1) if line.startswith("[Total")]
    assert reading.damaged == [DamagedBlock(game_lines[1], total_lines[1],
                                            f"line {game_lines[1] + 10} is neither a tag nor a trick")]


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("S:AKQJT98765432... ", "S:AKQJT98765433... ", "Deal"),
    ('[Deal "S:', '[Deal "X:', "Deal"),
    (" 2  S  *AS   KH   KD", " 2  S  *AS   KH   QH", "N does not hold QH"),
    (" 2  S  *AS   KH", " 2  S   AS  *KH", "starred card does not win"),
    (" 2  S  *AS   KH", " 2  S  *AS  *KH", "exactly one card"),
    (" 2  S  *AS", " 2  W  *AS", "S should lead"),
    ("13  S  *3S   2H   2D   2C\n", "", "12 trick lines"),
    ("W:nil N:nil", "W:lots N:nil", "Bids"),
    ("W:nil N:nil E:1 S:13", "N:nil W:nil E:1 S:13", "dealer's left"),
    ('[Dealer "S"]\n', "", "Dealer tag is missing"),
    ('[Hand "3"]', '[Hand "three"]', "hand number"),
    ("S:13 W:0", "S:12 W:1", "Tricks tag"),
    ("nil=100", "nil=lots", "Rules"),
    ('[Score "NS:+230 EW:+90"]', '[Score "NS:230 EW:+90"]', "Score"),
    ('[Total "NS:350/bags3 EW:170/bags9"]', '[Total "NS:350 EW:170"]', "Total"),
    ('[Players "S:You W:Wanda N:Ned E:Ed"]', '[Players "S:You W:Wanda N:Ned"]', "Players"),
    ('[Play "W"]', '[Play "W"]\n[Play "W"]', "second Play tag"),
])
def test_damaged_blocks_are_reported_with_a_plain_reason(old, new, reason):
    block = format_block(constructed_hand())
    assert old in block
    reading = parse_log(block.replace(old, new, 1))
    assert reading.hands == []
    [damaged] = reading.damaged
    assert reason in damaged.reason


def test_text_outside_any_block_is_reported_and_the_hands_still_read():
    text, hands = sample_log()
    reading = parse_log("stray words\nmore\n\n" + text)
    assert reading.hands == list(hands)
    assert reading.damaged == [DamagedBlock(1, 2, "text outside any hand block")]


@given(st.data())
def test_a_log_cut_anywhere_keeps_every_whole_block(data):
    text, hands = sample_log()
    cut = data.draw(st.integers(0, len(text)))
    ends = []
    position = 0
    for logged in hands:
        block = format_block(logged)
        ends.append(position + len(block.rstrip("\n")))
        position += len(block)
    reading = parse_log(text[:cut])
    assert reading.hands == list(hands[: sum(end <= cut for end in ends)])
    assert len(reading.damaged) <= 1


@given(st.randoms(use_true_random=False))
def test_shuffled_lines_never_break_the_reader(rng: random.Random):
    text, hands = sample_log()
    lines = format_block(hands[0]).split("\n")
    rng.shuffle(lines)
    reading = parse_log("\n".join(lines))
    assert all(h == hands[0] for h in reading.hands)
    assert all(1 <= d.first_line <= d.last_line <= len(lines) for d in reading.damaged)


@given(st.text())
def test_random_text_never_breaks_the_reader(text):
    reading = parse_log(text)
    assert reading.hands == []
    assert all(1 <= d.first_line <= d.last_line for d in reading.damaged)


@given(st.lists(st.one_of(
    st.sampled_from(sample_log()[0].split("\n")),
    st.text(alphabet=' *"[]:.>%\n0123456789SHDCWNEAKQJT', max_size=40),
), max_size=80))
def test_log_fragments_and_junk_never_break_the_reader(lines):
    text = "\n".join(lines)
    reading = parse_log(text)
    for logged in reading.hands:
        assert logged in sample_log()[1]
    assert all(1 <= d.first_line <= d.last_line <= text.count("\n") + 2 for d in reading.damaged)


@given(st.lists(st.tuples(st.integers(0, 200), st.integers(0, 200),
                          st.text(alphabet=' *"[]:.>%0123456789SHDCWNEAKQJTbnil/+-_\t\x01', max_size=6)),
                max_size=4))
def test_every_hand_read_from_an_edited_log_writes_back_the_same(edits):
    lines = sample_log()[0].split("\n")
    for line_index, position, inserted in edits:
        line = lines[line_index % len(lines)]
        lines[line_index % len(lines)] = line[:position] + inserted + line[position + len(inserted) // 2:]
    for logged in parse_log("\n".join(lines)).hands:
        assert parse_log(format_block(logged)).hands == [logged]


# ---------------------------------------------------------------------------
# Files a player can have on disk


def test_a_comment_over_the_trick_lines_names_the_seat_columns():
    lines = format_block(constructed_hand()).split("\n")
    header = lines[lines.index('[Play "W"]') + 1]
    first_trick = lines[lines.index('[Play "W"]') + 2]
    assert header.startswith("%") and header.split()[1:] == list(SEATS)
    for seat, card in zip(SEATS, first_trick.split()[2:], strict=True):
        assert header.index(seat) == first_trick.index(card) + len(card) - 1, "each seat over its column"


def test_a_log_written_before_the_column_comment_still_reads():
    block = format_block(constructed_hand())
    old = "\n".join(line for line in block.split("\n") if not line.startswith("%        S"))
    assert old != block
    assert parse_log(old).hands == [constructed_hand()]


def test_a_hand_number_too_long_for_a_number_damages_only_its_block():
    text, hands = sample_log()
    first = format_block(hands[0])
    broken = first.replace(f'[Hand "{hands[0].number}"]', f'[Hand "{"9" * 4301}"]')
    reading = parse_log(broken + text)
    assert reading.hands == list(hands)
    [damaged] = reading.damaged
    assert "Hand" in damaged.reason and len(damaged.reason) < 200


@pytest.mark.parametrize(("old", "new"), [
    ("nil=100", "nil=1\x0000"),
    ("S:AKQJT98765432...", "S:AKQ\x00JT98765432\x1b[2J..."),
    ('[Dealer "S"]', '[Dealer "S\x00\x7f"]'),
    ("nil=100", "nil=" + "7" * 50_000),
])
def test_a_damaged_blocks_reason_is_printable_and_short(old, new):
    block = format_block(constructed_hand())
    [damaged] = parse_log(block.replace(old, new, 1)).damaged
    assert damaged.reason.isprintable() and len(damaged.reason) <= 200


def test_carriage_return_line_ends_read_like_the_others():
    text, hands = sample_log()
    for line_end in ("\r", "\r\n", "\n"):
        reading = parse_log(text.replace("\n", line_end))
        assert (reading.hands, reading.damaged) == (list(hands), [])


def test_a_log_with_carriage_returns_only_reads_from_a_file(tmp_path):
    text, hands = sample_log()
    path = tmp_path / "Spades.save"
    path.write_bytes(("\ufeff" + text).replace("\n", "\r").encode("utf-8"))
    assert read_log(path).hands == list(hands)


def test_read_log_on_a_missing_path_or_a_folder_raises(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_log(str(tmp_path / "missing.save"))
    with pytest.raises(FileNotFoundError):
        read_log(tmp_path / "missing.save")
    with pytest.raises(IsADirectoryError):
        read_log(str(tmp_path))
    with pytest.raises(IsADirectoryError):
        read_log(tmp_path)


def test_hands_are_never_appended_through_a_symbolic_link(tmp_path):
    target = tmp_path / "elsewhere" / "important.txt"
    target.parent.mkdir()
    target.write_text("the player's own file\n", encoding="utf-8")
    link = tmp_path / "Spades.save"
    try:
        link.symlink_to(target)
    except OSError:
        pytest.skip("this system cannot make symbolic links")
    text, hands = sample_log()
    with pytest.raises(OSError, match="symbolic link"):
        append_hand(link, hands[0])
    game = Game(PARTNER, seed=6)
    writer = HandLogWriter.attach(game, link)
    players = {s: RandomPlayer(s, {}, seed=i, steady_bid=3) for i, s in enumerate(SEATS)}
    while not game.finished:
        game.apply(game.to_act, decide(players[game.to_act], seat_view(game.hand, game.to_act)))
    assert writer.error is not None and "symbolic link" in writer.error and writer.written == 0
    assert target.read_text(encoding="utf-8") == "the player's own file\n"


def test_hands_given_to_the_file_thread_are_appended_in_order_and_a_failure_is_told(tmp_path):
    files = FileWriter()
    text, hands = sample_log()
    writer = HandLogWriter(tmp_path / "Spades.save", files=files)
    for hand in hands:
        writer.save(hand)
    assert files.wait(10)
    assert (tmp_path / "Spades.save").read_text(encoding="utf-8") == text and writer.written == len(hands)
    assert writer.error is None
    folder = HandLogWriter(tmp_path, files=files)  # a folder cannot be appended to
    folder.save(hands[0])
    assert files.close()
    assert folder.error is not None and folder.error.startswith(f"Hand not saved to {tmp_path}")


def test_a_block_of_endless_lines_is_damaged_and_its_lines_are_not_kept(tmp_path):
    text, hands = sample_log()
    path = tmp_path / "Spades.save"
    path.write_text('[Game "g"]\n' + "1\n" * 200_000 + "\n" + text)
    tracemalloc.start()
    try:
        reading = read_log(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [str(damage) for damage in reading.damaged] == [
        f"lines 1-200001: it has more than {MAX_BLOCK_LINES} lines (a hand takes about 30)"]
    assert reading.hands == list(hands), "the hands after it are read"
    assert peak < 8_000_000, f"{peak:,} bytes held to read 200,000 lines"


@pytest.mark.parametrize("filler", ["\n", "% a comment\n", "\r"])
def test_a_long_stretch_without_blocks_gives_a_timed_reader_its_turn(tmp_path, filler):
    text, hands = sample_log()
    path = tmp_path / "Spades.save"
    path.write_text(filler * 100_000 + text, newline="")
    with path.open("rb") as stream:
        scan = LogScan(stream)
        assert scan.step() is None and scan.lines <= PAUSE_LINES, "a turn before the whole stretch is read"
        steps = []
        with contextlib.suppress(StopIteration):
            while True:
                steps.append(scan.step())
    assert [found for _, found in filter(None, steps)] == list(hands)


def test_a_log_that_began_with_a_byte_order_mark_reads_whole_when_joined_onto_another():
    text, hands = sample_log()
    joined = (text.encode() + b"\xef\xbb\xbf" + text.encode()).decode("utf-8")
    reading = parse_log(joined)
    assert reading.damaged == [] and reading.hands == list(hands) * 2
