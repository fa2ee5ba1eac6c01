"""Perft: the fast bitboard counter against the reference values and the slow engine."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Animal, Card, Colour, Position, Rules, apply, initial_state
from game.engine.perft import perft, perft_divide
from game.engine.position import parse_position

SMALL = "YC .. OE/PM BD YE"
DEAL_B = ("OD BD PD PD BC BE PM PE/OE YC OM YM OC YD OC OE/YE PM PE OM YE BE PC BM/"
          "BM YC YM YD PC BC OD BD")

# A copy of shared/reference/perft.txt (an independent implementation's counts), kept in the
# repository so that every clone runs it.
REFERENCE_FILE = Path(__file__).with_name("perft_reference.txt")


def reference_cases():
    """(position, rules, counts for depth 0, 1, 2, ...) for every counted line of the file."""
    cases, position = [], None
    for line in REFERENCE_FILE.read_text(encoding="utf-8").splitlines():
        name, _, rest = line.partition(":")
        if line.startswith("#") or not rest:
            continue
        if name == "position":
            position = rest.strip()
        elif name.strip() in {r.value for r in Rules}:
            cases.append((position, Rules.parse(name.strip()), [int(v) for v in rest.split()]))
    return cases


def test_the_reference_file_covers_every_rule_set():
    assert {rules for _t, rules, _c in reference_cases()} == set(Rules)


@pytest.mark.parametrize("text,rules,counts", reference_cases())
def test_reference_counts(text, rules, counts):
    position = parse_position(text)
    assert [perft(position, d, rules) for d in range(len(counts))] == counts


def test_divide_sums_to_perft():
    position = parse_position(DEAL_B)
    divided = perft_divide(position, 3, Rules.STANDARD)
    assert len(divided) == 44
    assert sum(n for _m, n in divided) == 67453


def slow_perft(state, depth):
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(slow_perft(apply(state, m)[0], depth - 1) for m in moves)


cards = st.builds(Card, st.sampled_from(list(Colour)), st.sampled_from(list(Animal)))
columns = st.lists(cards, min_size=0, max_size=3).map(tuple)
positions = st.lists(columns, min_size=1, max_size=5).map(lambda cols: Position(tuple(cols), 3))
all_rules = st.sampled_from(list(Rules))


@settings(max_examples=150, deadline=None)
@given(positions, all_rules, st.integers(0, 4))
def test_fast_equals_slow(position, rules, depth):
    assert perft(position, depth, rules) == slow_perft(initial_state(position, rules), depth)


@settings(max_examples=100, deadline=None)
@given(positions, all_rules, st.integers(0, 4))
def test_mirror_keeps_perft(position, rules, depth):
    assert perft(position, depth, rules) == perft(position.mirrored(), depth, rules)


def test_negative_depth_is_refused():
    with pytest.raises(ValueError):
        perft(parse_position(SMALL), -1)
