"""The field spoken on request: the overview names every column in order with its height and
top card, and the scares; a column is read bottom up with each card's cell; every language."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.engine.position import cell_name
from game.match.field_words import column_words, overview_words, scare_count
from tests.match.test_spoken import _deal  # a deal of All Included (a column closes up)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30))
def test_the_overview_names_each_column_in_order_with_its_height_and_top_card(seed, moves):
    state = _deal(seed, moves)
    line = overview_words(state)
    head, _sep, columns = line.partition(". ")
    numbers = [int(n) for n in re.findall(r"\d+", head)]
    assert numbers == [state.position.card_count(), scare_count(state)]
    parts = columns.split("; ")
    assert len(parts) == state.position.width
    for x, (part, stack) in enumerate(zip(parts, state.position.columns, strict=True)):
        assert part.startswith("abcdefgh"[x] + ":")
        if stack:
            assert f" {len(stack)} card" in part and stack[-1].label in part
        else:
            assert "empty" in part


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30))
def test_a_column_is_read_bottom_up_with_every_cell(seed, moves):
    state = _deal(seed, moves)
    for x, stack in enumerate(state.position.columns):
        line = column_words(state, x)
        assert line.startswith(f"Column {'abcdefgh'[x]}")
        at = [line.index(f"{cell_name(x, y)} {card.label}") for y, card in enumerate(stack)]
        assert at == sorted(at)
        assert ("empty" in line) == (not stack)


def test_the_scares_count_a_side_scare_once_whether_or_not_it_moves_in():
    state = _deal(7, 0)
    pairs = {(m.scarer, m.target) for m in state.legal_moves()}
    assert scare_count(state) == len(pairs) < len(state.legal_moves())


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_language_speaks_the_field_in_its_own_words(lang):
    state = _deal(11, 3)
    english = overview_words(state), column_words(state, 0)
    i18n.set_language(lang)
    said = overview_words(state), column_words(state, 0)
    tops = [stack[-1].label for stack in state.position.columns if stack]  # in `lang` now
    assert all(top in said[0] for top in tops)
    assert all(card.label in said[1] for card in state.position.columns[0])
    assert (said == english) == (lang == "en")
