"""Invariants of the rules engine over random deals, random small fields and random playouts."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import (
    Animal,
    Card,
    Colour,
    ColumnClosed,
    Fell,
    GameOver,
    Move,
    MovedIn,
    NotationError,
    Position,
    Rules,
    Scared,
    apply,
    deal_position,
    format_position,
    initial_state,
    legal_moves,
    parse_position,
    play_on_field,
    why_illegal,
)
from game.engine.perft import perft

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

cards = st.builds(Card, st.sampled_from(Colour), st.sampled_from(Animal))
seeds = st.integers(min_value=0, max_value=2**64 - 1)
all_rules = st.sampled_from(Rules)


@st.composite
def small_positions(draw, max_width=8, max_height=4):
    """Any well-formed field: columns are stacks, so nothing floats by construction."""
    height = draw(st.integers(1, max_height))
    width = draw(st.integers(1, max_width))
    columns = tuple(
        tuple(draw(st.lists(cards, max_size=height))) for _ in range(width)
    )
    return Position(columns, height)


positions = st.one_of(seeds.map(deal_position), small_positions())


def grid(position: Position) -> list[list[Card | None]]:
    """The field as cells: grid[column][row], None for an empty cell."""
    return [list(stack) + [None] * (position.height - len(stack)) for stack in position.columns]


def floating_cells(cells: list[list[Card | None]]) -> list[tuple[int, int]]:
    return [
        (x, y)
        for x, column in enumerate(cells)
        for y in range(1, len(column))
        if column[y] is not None and column[y - 1] is None
    ]


def replay(position: Position, events) -> list[list[Card | None]]:
    """Apply the events, one by one, to the old field's cells - as an animation would."""
    cells = grid(position)
    for event in events:
        if isinstance(event, Scared):
            (x, y), (sx, sy) = event.at, event.scarer_at
            assert cells[x][y] == event.target and cells[sx][sy] == event.scarer
            assert abs(x - sx) + abs(y - sy) == 1
            cells[x][y] = None
        elif isinstance(event, MovedIn):
            (fx, fy), (tx, ty) = event.source, event.to
            assert cells[fx][fy] == event.card and cells[tx][ty] is None
            assert fy == ty and abs(fx - tx) == 1  # only horizontal scarers move in
            cells[tx][ty], cells[fx][fy] = event.card, None
        elif isinstance(event, Fell):
            (fx, fy), (tx, ty) = event.source, event.to
            assert (tx, ty) == (fx, fy - 1)
            assert cells[fx][fy] == event.card and cells[tx][ty] is None
            cells[tx][ty], cells[fx][fy] = event.card, None
        elif isinstance(event, ColumnClosed):
            assert all(c is None for c in cells[event.column])
            del cells[event.column]
        else:
            assert isinstance(event, GameOver)
    return cells


def brute_force_moves(position: Position) -> set[Move]:
    """Every move by the letter of the rules: any card next to a card it scares."""
    moves = set()
    for x, y, card in position.occupied():
        for tx, ty in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)):
            other = position.card_at(tx, ty)
            if other is not None and card.scares(other):
                moves.add(Move((x, y), (tx, ty), False))
                if tx != x:
                    moves.add(Move((x, y), (tx, ty), True))
    return moves


@FAST
@given(positions)
def test_parse_format_round_trip(position):
    if not position.card_count():  # a field always holds a card: the notation refuses none
        with pytest.raises(NotationError, match="no card"):
            parse_position(format_position(position))
        return
    assert parse_position(format_position(position)) == position
    assert parse_position(format_position(position).lower()) == position


@FAST
@given(positions)
def test_move_list_is_exactly_the_rules(position):
    moves = legal_moves(position)
    assert len(moves) == len(set(moves)), "a move is listed twice"
    assert set(moves) == brute_force_moves(position)
    for move in moves:
        assert move == move.canonical()
        assert why_illegal(position, move) is None


@FAST
@given(positions)
def test_each_move_takes_one_card_from_one_column(position):
    for move in legal_moves(position):
        after, events = play_on_field(position, move)
        changed = [
            x for x, (old, new) in enumerate(zip(position.columns, after.columns, strict=True))
            if old != new
        ]
        shrunk = [
            x for x in range(position.width)
            if len(after.columns[x]) != len(position.columns[x])
        ]
        assert len(shrunk) == 1
        x = shrunk[0]
        assert len(after.columns[x]) == len(position.columns[x]) - 1
        assert x == (move.target[0] if not move.move_in else move.scarer[0])
        assert set(changed) <= {x, move.target[0]}
        remaining = sorted(position.cards())
        remaining.remove(position.card_at(*move.target))
        assert sorted(after.cards()) == remaining
        assert replay(position, events) == grid(after)


@FAST
@given(positions, all_rules, st.data())
def test_random_playout(position, rules, data):
    """Every listed move applies; events replay to the new field; nothing ever floats."""
    state = initial_state(position, rules)
    for _ in range(40):
        assert not floating_cells(grid(state.position))
        moves = state.legal_moves()
        if state.over:
            assert not moves
            break
        assert moves, "a game with no move must be over"
        for move in moves:
            apply(state, move)  # every listed move applies
        move = data.draw(st.sampled_from(moves))
        new, events = apply(state, move)
        cells = replay(state.position, events)
        assert not floating_cells(cells)
        assert cells == grid(new.position)
        assert new.position.card_count() == state.position.card_count() - 1
        assert isinstance(events[0], Scared)
        assert (new.over is not None) == isinstance(events[-1], GameOver)
        if rules is not Rules.SOLO and new.over:
            assert new.over == "no move" or not all(new.position.columns)
        assert parse_position(format_position(new.position)) == new.position
        state = new
    else:
        raise AssertionError("a game lasted more moves than there are cards")


def mirrored_moves(position: Position) -> set[Move]:
    return {m.mirrored(position.width) for m in legal_moves(position)}


@FAST
@given(positions)
def test_mirroring_mirrors_the_move_list(position):
    assert set(legal_moves(position.mirrored())) == mirrored_moves(position)
    assert position.mirrored().mirrored() == position


@settings(max_examples=25, deadline=None)
@given(small_positions(max_width=4, max_height=3), all_rules)
def test_mirroring_keeps_perft_depth_3(position, rules):
    for depth in (1, 2, 3):
        assert perft(position.mirrored(), depth, rules) == perft(position, depth, rules)


@settings(max_examples=5, deadline=None)
@given(seeds, all_rules)
def test_mirroring_keeps_perft_of_deals(seed, rules):
    position = deal_position(seed)
    assert perft(position.mirrored(), 2, rules) == perft(position, 2, rules)


@FAST
@given(seeds)
def test_deals_hold_the_full_deck(seed):
    position = deal_position(seed)
    assert (position.width, position.height) == (8, 4)
    assert all(len(c) == 4 for c in position.columns)
    assert sorted(position.cards()) == sorted(
        Card(c, a) for c in Colour for a in Animal for _ in range(2)
    )
    assert deal_position(seed) == position
