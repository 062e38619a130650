"""Words fitted to a place on screen: what does not fit is cut, and the cut is seen."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.look import text


@pytest.fixture(scope="module", autouse=True)
def fonts():
    text.reset()  # fonts of an App closed by an earlier test are no longer drawn with
    pygame.font.init()
    yield
    text.reset()


def test_words_that_fit_are_shown_whole_and_words_that_do_not_end_in_two_dots() -> None:
    assert text.fitted("Spades are broken", 400) == ["Spades are broken"]
    long = "Unreadable message from the server, left out (event: seat: a seat is one of S, W, N, E)"
    (line,) = text.fitted(long, 400)
    assert line.endswith(" ..") and long.startswith(line.removesuffix(" .."))
    assert text.font(8).size(line)[0] <= 400


def test_a_word_too_long_for_a_line_is_broken_inside_so_that_nothing_runs_past_the_width() -> None:
    address = "https://example.org/" + "spades" * 30  # typed in a chat line: no space to break at
    lines = text.wrap(f"see {address} tonight", 400)
    assert all(text.font(8).size(line)[0] <= 400 for line in lines)
    assert "".join(lines).replace(" ", "") == f"see{address}tonight"
    assert lines[0].startswith("see https://") and len(lines) == 5, "the long word starts where it is typed"
    (line,) = text.fitted(address, 400)
    assert line.endswith(" ..") and address.startswith(line.removesuffix(" .."))
    assert text.font(8).size(line)[0] <= 400


def test_a_path_too_long_for_a_line_breaks_after_a_slash() -> None:
    path = "/home/ann/.local/share/spades-with-a-long-name/saved-games/game.json"
    lines = text.wrap(f"The saved game {path} is damaged", 200)
    assert all(text.font(8).size(line)[0] <= 200 for line in lines)
    assert "".join(lines).replace(" ", "") == f"Thesavedgame{path}isdamaged"
    assert lines[:3] == ["The saved game /home/ann/", ".local/share/", "spades-with-a-long-name/"], lines


WORDS = st.lists(st.text("abcdefghij", min_size=1, max_size=60), min_size=1, max_size=40).map(" ".join)


SHOWN_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=300)
"""Any text the game may draw (what comes from a file or a server has its control characters taken out)."""


@settings(max_examples=100, deadline=None)
@given(words=WORDS | SHOWN_TEXT, width=st.integers(8, 400))
def test_wrapped_lines_each_fit_the_width_and_hold_every_letter_in_order(words: str, width: int) -> None:
    lines = text.wrap(words, width)
    assert all(text.font(8).size(line)[0] <= width for line in lines)
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")


@settings(max_examples=100, deadline=None)
@given(words=WORDS,
       lines=st.integers(1, 3))
def test_fitted_lines_are_at_most_as_many_as_asked_each_inside_the_width(words: str, lines: int) -> None:
    fitted = text.fitted(words, 200, lines)
    assert 1 <= len(fitted) <= lines
    assert all(text.font(8).size(line)[0] <= 200 for line in fitted)
    letters, shown = words.replace(" ", ""), "".join(fitted)
    if shown.endswith(" .."):
        assert letters.startswith(shown.removesuffix(" ..").replace(" ", ""))
    else:
        assert shown.replace(" ", "") == letters
