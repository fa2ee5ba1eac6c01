"""Perft: the fast bitboard counter against the reference values and the slow engine."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Animal, Card, Colour, Position, Rules, apply, initial_state
from game.engine.perft import perft, perft_divide
from game.engine.position import parse_position

SMALL = "YC .. OE/PM BD YE"
DEAL_A = ("YC BD PC YC BM OC BC BE/PE BC PD OE OM YM YD BD/YE BM PE YM PC OM OD YD/"
          "OE BE OD OC PM PD YE PM")
DEAL_B = ("OD BD PD PD BC BE PM PE/OE YC OM YM OC YD OC OE/YE PM PE OM YE BE PC BM/"
          "BM YC YM YD PC BC OD BD")
SPARSE = "BC .. .. .. .. .. ../OE .. .. YD BD YC ../PC OE PM PD BM YM ../OD YE BD PD PC PE OC"

# Copied from shared/reference/perft.txt: counts for depth 0, 1, 2, ...
REFERENCE = [
    (SMALL, Rules.STANDARD, [1, 3, 7, 4, 0]),
    (SMALL, Rules.ALL_INCLUDED, [1, 3, 10, 17, 10]),
    (SMALL, Rules.SOLO, [1, 3, 10, 17, 12]),
    (DEAL_A, Rules.STANDARD, [1, 48, 2028, 77841, 2767457]),
    (DEAL_B, Rules.STANDARD, [1, 44, 1787, 67453]),
    (SPARSE, Rules.STANDARD, [1, 14, 173, 1838, 16858, 131779]),
    (SPARSE, Rules.ALL_INCLUDED, [1, 14, 173, 1926, 19595, 181738]),
    (SPARSE, Rules.SOLO, [1, 14, 173, 1926, 19595, 182599]),
]
SHARED = Path(__file__).resolve().parents[3] / "shared" / "reference" / "perft.txt"


@pytest.mark.parametrize("text,rules,counts", REFERENCE)
def test_reference_counts(text, rules, counts):
    position = parse_position(text)
    assert [perft(position, d, rules) for d in range(len(counts))] == counts


def _shared_cases():
    cases, position = [], None
    for line in SHARED.read_text().splitlines():
        name, _, rest = line.partition(":")
        if line.startswith("#") or not rest:
            continue
        if name == "position":
            position = rest.strip()
        elif name.strip() in ("standard", "all-included", "solo"):
            cases.append((position, Rules.parse(name), [int(v) for v in rest.split()]))
    return cases


@pytest.mark.skipif(not SHARED.exists(), reason="shared reference file not present")
def test_shared_reference_file():
    for text, rules, counts in _shared_cases():
        position = parse_position(text)
        assert [perft(position, d, rules) for d in range(len(counts))] == counts, (text, rules)


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
