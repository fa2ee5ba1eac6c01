"""The solver's memo: bounded in bytes, and a bounded memo answers exactly as an unbounded one."""

import contextlib
import random
import sys
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    Animal,
    Card,
    Colour,
    Position,
    Rules,
    apply,
    deal_position,
    initial_state,
    solver,
)
from game.engine.bitboard import MARK_SHIFT
from game.engine.modes import Mode
from game.engine.solver_memo import HOT_LIMIT, MEMO_BYTES, SLOTS, BoundMemo
from game.engine.state import new_game

cards = st.builds(Card, st.sampled_from(list(Colour)), st.sampled_from(list(Animal)))
columns = st.lists(cards, min_size=0, max_size=4).map(tuple)
fields = st.lists(columns, min_size=1, max_size=5).map(lambda cols: Position(tuple(cols), 4))
targets = st.one_of(
    st.none(), cards, st.sampled_from(list(Animal)), st.sampled_from(list(Colour))
)


@contextlib.contextmanager
def memo(hot: int, slots: int):
    """The solver with a memo of `hot` dict entries and `slots` table slots (tiny: every
    search spills, and boards fight over slots), fresh; the solver's own one after."""
    saved = solver.MEMO
    solver.MEMO = BoundMemo(hot, slots)
    try:
        yield solver.MEMO
    finally:
        solver.MEMO = saved


def answers(position, target):
    """Everything the solver says of a field: the optimum, can_reach at each par, a hint."""
    solution = solver.solve(position, target)
    reach = [solver.can_reach(position, par, target) for par in range(1, 6)]
    move = solver.hint(position, solution.count or 1, None, target)
    return solution.count, solution.proven, reach, move is None


@pytest.mark.slow  # about 30 s of solving: make test stays inside five minutes
@settings(max_examples=25, deadline=None)
@given(fields, targets, st.sampled_from([(1, 2), (2, 3), (4, 7), (16, 31)]))
def test_a_tiny_memo_gives_the_same_answers_as_an_unbounded_one(position, target, size):
    with memo(10**9, 3):
        unbounded = answers(position, target)
    with memo(*size):
        assert answers(position, target) == unbounded


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 3999))
def test_deals_with_a_target_solve_alike_with_a_tiny_memo(seed):
    position = deal_position(seed)
    target = new_game(Mode.SOLO_ADVANCED, ["solo"], seed).target
    with memo(10**9, 3):
        unbounded = solver.solve(position, target)
    with memo(64, 1021):
        bounded = solver.solve(position, target)
    assert (bounded.count, bounded.proven) == (unbounded.count, unbounded.proven)
    state = initial_state(position, Rules.SOLO)
    for move in bounded.moves:
        state, _events = apply(state, move)
    assert state.over and state.position.card_count() == bounded.count


def test_the_table_keeps_each_slots_newest_bound_and_tells_boards_apart():
    """Boards that share a slot or differ only in their marks never borrow each other's
    bound: each slot answers for the last board written to it, and only for that board."""
    rng = random.Random(3)
    base = [rng.getrandbits(128) for _ in range(6)]
    boards = base + [b | 1 << (MARK_SHIFT + 5) for b in base] + [b + 7 for b in base]
    table = BoundMemo(1, 7)
    newest = {}
    for board in boards:
        k = rng.randrange(30)
        table.remember(board, k)
        newest[board % 7] = (board, k + 1)
    table.spill()
    assert not table.hot
    for board in boards:
        last, bound = newest[board % 7]
        assert table.cold_bound(board) == (bound if board == last else 0)


def largest_boards(rng, count):
    """Boards of the most bits there are (the top cell marked): the most bytes a key can take."""
    for _ in range(count):
        yield rng.getrandbits(128) | (rng.getrandbits(31) | 1 << 31) << MARK_SHIFT


def test_memo_size_counts_what_the_memo_takes():
    rng = random.Random(4)
    with memo(5_000, 10_007) as bounds:
        tracemalloc.start()
        try:
            for board in largest_boards(rng, 14_999):
                bounds.remember(board, rng.randrange(32))
            traced, _peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        held, size = solver.memo_size()
    assert held > 5_000  # spilled, not forgotten
    # Besides: the interpreter's free lists (2,000 spare pairs from the spill's list of items).
    assert abs(traced - size) < 0.05 * size + 2**18


def test_a_full_memo_stays_within_its_bytes():
    """The memo at its largest: the dict one bound short of spilling a second time, beside
    the table."""
    rng = random.Random(5)
    with memo(HOT_LIMIT, SLOTS) as bounds:
        for board in largest_boards(rng, 2 * HOT_LIMIT - 1):
            bounds.remember(board, rng.randrange(32))
        held, size = solver.memo_size()
        assert len(bounds.hot) == HOT_LIMIT - 1 and bounds.table is not None
        assert held > HOT_LIMIT
        assert size <= MEMO_BYTES
        solver.clear_memo()
        assert solver.memo_size() == (0, sys.getsizeof({}))


def test_a_filled_table_keeps_more_bounds_a_byte_than_a_dict():
    rng = random.Random(8)
    boards = [rng.getrandbits(160) for _ in range(60_000)]
    with memo(1_000, 20_011) as bounds:
        for board in boards:
            bounds.remember(board, 3)
        held, size = solver.memo_size()
    as_dict = {board: 4 for board in boards[:held]}
    dict_size = sys.getsizeof(as_dict) + sum(sys.getsizeof(b) for b in as_dict)
    assert size / held < dict_size / held / 2
