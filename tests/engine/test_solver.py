"""Solo solver: lines replay to their counts, optimality on small fields, targets, hints."""

import random
from functools import lru_cache

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
    parse_position,
)
from game.engine.bitboard import encode, matches, mirrored
from game.engine.solver import Solution, best_line, can_reach, hint, parse_target, solve

SMALL = "YC .. OE/PM BD YE"
DEAL_A = ("YC BD PC YC BM OC BC BE/PE BC PD OE OM YM YD BD/YE BM PE YM PC OM OD YD/"
          "OE BE OD OC PM PD YE PM")
SPARSE = "BC .. .. .. .. .. ../OE .. .. YD BD YC ../PC OE PM PD BM YM ../OD YE BD PD PC PE OC"


def replay(position, moves):
    state = initial_state(position, Rules.SOLO)
    for move in moves:
        state, _events = apply(state, move)
    return state


def exact(position, target=None):
    """Plain memoised minimum over the slow engine, for small fields."""

    @lru_cache(None)
    def best(columns):
        state = initial_state(Position(columns, 4), Rules.SOLO)
        moves = state.legal_moves()
        if not moves:
            left = state.position.cards()
            if target is not None and not any(matches(c, target) for c in left):
                return None
            return len(left)
        values = [best(apply(state, m)[0].position.columns) for m in moves]
        values = [v for v in values if v is not None]
        return min(values) if values else None

    return best(initial_state(position, Rules.SOLO).position.columns)


def test_reference_fewest_remaining_is_one():
    for text in (SMALL, DEAL_A, SPARSE):
        solution = solve(parse_position(text))
        assert solution == Solution(1, solution.moves, True)
        final = replay(parse_position(text), solution.moves)
        assert final.over and final.position.card_count() == 1


def test_absent_target_is_impossible():
    position = parse_position(SMALL)  # no orange dog on this field
    assert solve(position, Card(Colour.ORANGE, Animal.DOG)).count is None
    assert solve(position, Card(Colour.ORANGE, Animal.DOG)).proven


def test_target_kinds_and_text():
    position = deal_position(3)
    for target in (Card(Colour.YELLOW, Animal.CAT), Animal.MOUSE, Colour.BLUE, "yellow", "OE"):
        solution = solve(position, target)
        final = replay(position, solution.moves)
        kind = parse_target(target) if isinstance(target, str) else target
        assert final.over and final.position.card_count() == solution.count
        assert any(matches(c, kind) for c in final.position.cards())


def random_playout(position, rng):
    state = initial_state(position, Rules.SOLO)
    while not state.over:
        state, _events = apply(state, rng.choice(state.legal_moves()))
    return state.position.card_count()


def test_deals_replay_and_beat_random_playouts():
    rng = random.Random(7)
    for seed in range(6):
        position = deal_position(seed)
        solution = solve(position)
        final = replay(position, solution.moves)
        assert final.over and final.position.card_count() == solution.count
        assert all(solution.count <= random_playout(position, rng) for _ in range(5))


cards = st.builds(Card, st.sampled_from(list(Colour)), st.sampled_from(list(Animal)))
columns = st.lists(cards, min_size=0, max_size=3).map(tuple)
fields = st.lists(columns, min_size=1, max_size=4).map(lambda cols: Position(tuple(cols), 3))
targets = st.one_of(
    st.none(), cards, st.sampled_from(list(Animal)), st.sampled_from(list(Colour))
)


@settings(max_examples=120, deadline=None)
@given(fields, targets)
def test_solver_is_exact_on_small_fields(position, target):
    solution = solve(position, target)
    assert solution.proven
    assert solution.count == exact(position, target)
    if solution.count is not None:
        final = replay(position, solution.moves)
        assert final.over and final.position.card_count() == solution.count
        if target is not None:
            assert any(matches(c, target) for c in final.position.cards())


@settings(max_examples=60, deadline=None)
@given(fields, targets)
def test_hint_and_can_reach_agree_with_exact(position, target):
    best = exact(position, target)
    if best is None:
        assert hint(position, 32, 5.0, target) is None
        return
    assert can_reach(position, best, target) is True
    if best > 1:
        assert can_reach(position, best - 1, target) is False
    move = hint(position, best, 5.0, target)
    state = initial_state(position, Rules.SOLO)
    if state.over:
        assert move is None
    else:
        assert exact(apply(state, move)[0].position, target) == best


@settings(max_examples=60, deadline=None)
@given(fields, st.integers(0, 2 ** 31))
def test_mirror_of_board_is_board_of_mirror(position, _salt):
    position = initial_state(position, Rules.SOLO).position
    assert mirrored(encode(position), position.width) == encode(position.mirrored())


def test_best_line_gives_a_replayable_line_within_budget():
    position = parse_position(DEAL_A)
    solution = best_line(position, 0.05)
    final = replay(position, solution.moves)
    assert final.over and final.position.card_count() == solution.count


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 31), targets)
def test_board_and_child_bounds_match_the_slow_way(seed, plies, target):
    """The solver's own encoding equals encode(initial_state); the per-victim bound table
    equals the lower bound of each child, plus one exactly when a target card must remain
    besides stuck cards none of which is a target card."""
    from game.engine.bitboard import M32, MARK_SHIFT
    from game.engine.solver import board_moves, child_bounds, lower_bound, start_board

    rng = random.Random(seed)
    state = initial_state(deal_position(seed), Rules.SOLO)
    for _ in range(plies):
        if state.over:
            break
        state, _events = apply(state, rng.choice(state.legal_moves()))
    board, targeted = start_board(state.position, target)
    assert board == encode(state.position, target)
    bounds = child_bounds(board, targeted)
    for _s, _t, _m, child, victim in board_moves(board):
        slots = [child >> (32 * a) & M32 for a in range(4)]
        stuck = 0
        for a in range(4):
            if slots[a] and not slots[a - 1]:
                stuck |= slots[a]
        extra = targeted and stuck and not stuck & child >> MARK_SHIFT
        assert bounds[victim] == lower_bound(child) + extra


@settings(max_examples=60, deadline=None)
@given(fields, targets, st.integers(1, 6))
def test_every_move_order_gives_the_same_answer(position, target, par):
    """The portfolio may stop in any order; each one alone must answer exactly."""
    from game.engine.solver import ORDERS, Search, clear_memo, start_board

    board, targeted = start_board(position, target)
    best = exact(position, target)
    for order in ORDERS:
        clear_memo()
        assert Search(targeted, None, None, order).reach(board, par) is (
            best is not None and best <= par)


def test_targeted_deals_replay_to_their_counts():
    from game.engine.modes import Mode
    from game.engine.state import new_game

    for seed in (2, 6, 47):  # deals whose first move order runs into its node limit
        position = deal_position(seed)
        target = new_game(Mode.SOLO_ADVANCED, ["solo"], seed).target
        solution = solve(position, target)
        final = replay(position, solution.moves)
        assert final.over and final.position.card_count() == solution.count
        assert any(matches(c, target) for c in final.position.cards())
