"""The project's documents agree with the code: docs/hand-log.md's example blocks read back as
written and replay to their scores, its Rules table is game.rules.OPTIONS; docs/bot-api.md's
example view has the keys of a real seat view, and its example bot plays by the rules, in the
arena too."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from game.arena.command import main as arena
from game.hand import Hand
from game.players import decide
from game.players.bot_process import load_bot
from game.records.handlog import format_block, parse_log, replay
from game.rules import OPTIONS, PRESETS, Option, Rules
from game.seats import SEATS
from game.view import OPTIONAL_KEYS, seat_view

DOCS = Path(__file__).resolve().parent.parent / "docs"
HAND_LOG_DOC = DOCS / "hand-log.md"
BOT_API_DOC = DOCS / "bot-api.md"
RULES_TABLE_HEADER = "| key | values | when missing | meaning |"
VIEW_TABLE_HEADER = "| key | what it holds |"
BOT_CLASS = "SimpleBot"


def fenced(path: Path, language: str) -> list[str]:
    """The text inside every ```language fence of a document, each ending with its last line break."""
    return re.findall(rf"^```{language}\n(.*?)^```$", path.read_text(encoding="utf-8"), flags=re.M | re.S)


def table_rows(path: Path, header: str) -> list[str]:
    """The rows of the Markdown table under `header` (the header and its rule left out)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(header) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def first_cells(rows: list[str]) -> list[str]:
    """The first cell of each row, without its backticks."""
    return [row.split("|")[1].strip().strip("`") for row in rows]


# -- the hand log ---------------------------------------------------------------------------------
def option_values(option: Option) -> str:
    """The values an option takes, as the Rules table of docs/hand-log.md writes them."""
    if option.kind == "bool":
        return "`0` or `1`"
    if option.kind == "int":
        return f"`{option.low}` to `{option.high}`"
    if option.kind == "optional_int":
        return f"`off`, or `{option.low}` to `{option.high}`"
    if option.kind == "choice":
        return ", ".join(f"`{choice}`" for choice in option.choices)
    return "`limit/penalty`, two whole numbers"


def option_rows() -> list[str]:
    """The Rules table of docs/hand-log.md as the code has it: every option of
    game.rules.OPTIONS in order, its values, the value a missing key takes, its help."""
    missing = Rules().to_dict()
    return [f"| `{o.key}` | {option_values(o)} | `{missing[o.key]}` | {o.help} |" for o in OPTIONS]


def example_blocks() -> list[str]:
    blocks = fenced(HAND_LOG_DOC, "text")
    assert len(blocks) >= 2
    return blocks


def test_the_rules_table_is_every_option_of_the_code() -> None:
    assert table_rows(HAND_LOG_DOC, RULES_TABLE_HEADER) == option_rows()


@pytest.mark.parametrize("number", range(2))
def test_an_example_block_reads_back_undamaged_exactly_as_the_writer_writes_it(number: int) -> None:
    block = example_blocks()[number]
    reading = parse_log(block)
    assert reading.damaged == []
    assert len(reading.hands) == 1
    assert format_block(reading.hands[0]) == block + "\n"  # the writer ends a block with a blank line


@pytest.mark.parametrize("number", range(2))
def test_an_example_block_replays_to_its_own_tricks_and_scores(number: int) -> None:
    logged = parse_log(example_blocks()[number]).hands[0]
    hand = replay(logged)
    assert hand.phase == "done" and hand.score is not None
    assert tuple(hand.tricks) == logged.tricks
    assert dict(hand.taken) == logged.taken
    assert (hand.score.result_text, hand.score.score_text, hand.score.total_text) == (
        logged.result, logged.score, logged.total)


def test_the_examples_show_an_exchange_and_a_blind_nil() -> None:
    """The second example is there for the tags and bids the first lacks."""
    second = parse_log(example_blocks()[1]).hands[0]
    assert second.exchanges
    assert any(record.bid.blind and record.bid.is_nil for record in second.bids)


# -- the seat view and the bot ----------------------------------------------------------------------
def a_play_view() -> dict:
    """A real view of the seat to play, a few cards into a Partner hand."""
    hand = Hand.shuffled(PRESETS["partner"].rules, "E", random.Random(3))
    for seat in SEATS:
        hand.apply(seat, "look")
        hand.apply(seat, "3")
    for _ in range(6):
        hand.apply(hand.to_act, hand.legal_choices(hand.to_act)[0])
    return seat_view(hand, hand.to_act)


def test_the_example_view_has_exactly_the_keys_and_kinds_of_a_real_one() -> None:
    (text,) = fenced(BOT_API_DOC, "json")
    example = json.loads(text)
    real = a_play_view()
    assert list(example) == list(real)
    assert {key: type(value) for key, value in example.items()} == {key: type(value) for key, value in real.items()}
    assert list(example["rules"]) == list(real["rules"])
    Rules.from_dict(example["rules"])
    assert example["phase"] == "play" and set(example["legal"]) <= set(example["hand"])


def test_the_view_table_names_every_key_a_view_can_have() -> None:
    rows = first_cells(table_rows(BOT_API_DOC, VIEW_TABLE_HEADER))
    assert rows == [*a_play_view(), *OPTIONAL_KEYS]


def example_bot_file(folder: Path) -> Path:
    """The example bot of docs/bot-api.md, saved as a file of its own."""
    (code,) = [text for text in fenced(BOT_API_DOC, "python") if f"class {BOT_CLASS}" in text]
    path = folder / "simple_bot.py"
    path.write_text(code, encoding="utf-8")
    return path


@pytest.mark.parametrize("rules", [*PRESETS.values(), "exchange"], ids=[*PRESETS, "exchange"])
def test_the_example_bot_makes_only_legal_choices(tmp_path: Path, rules) -> None:
    """The bot plays every seat of a few hands; with a blind-nil exchange the first bidder is
    made to bid blind nil, so the bot gives cards and gives some back."""
    rules = Rules.parse("exchange=2", base=PRESETS["partner"].rules) if rules == "exchange" else rules.rules
    factory = load_bot(f"{example_bot_file(tmp_path)}:{BOT_CLASS}")
    for seed in range(3):
        hand = Hand.shuffled(rules, SEATS[seed], random.Random(seed))
        bots = {seat: factory(seat, rules.to_dict(), seed) for seat in SEATS}
        if "bnil" in hand.legal_choices(hand.to_act):
            hand.apply(hand.to_act, "bnil")
        while hand.phase != "done":
            seat = hand.to_act
            view = seat_view(hand, seat)
            choice = decide(bots[seat], view)
            assert set(choice) <= set(view["legal"]) if view["phase"] == "exchange" else choice in view["legal"]
            hand.apply(seat, choice)
        if rules.exchange:
            assert len(hand.exchanges) == 2


def test_the_example_bot_plays_in_the_arena_from_its_file(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    spec = f"{example_bot_file(tmp_path)}:{BOT_CLASS}"
    assert arena(["--a", spec, "--b", "random", "--deals", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.rstrip("\n").split("\n")[-1])
    assert summary["a"]["player"] == spec
    assert summary["a"]["replaced"] == 0
    assert summary["a"]["made"] + summary["a"]["set"] > 0
