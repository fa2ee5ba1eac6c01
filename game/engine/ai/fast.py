"""A lightweight field for search: cards as small ints, columns as tuples, moves as tuples.

The engine's `apply` checks and records everything; a bot replays thousands of moves per
decision, so it works on this stripped form instead (tests check both agree).
A card is `colour * 4 + animal`; a move is `(sx, sy, tx, ty, move_in)`.
"""

from __future__ import annotations

import functools

from game.engine.cards import Animal, Card, Colour
from game.engine.moves import Move
from game.engine.position import Position

Field = tuple[tuple[int, ...], ...]
FastMove = tuple[int, int, int, int, bool]

CARDS = tuple(Card(Colour(c >> 2), Animal(c & 3)) for c in range(16))


def encode(position: Position) -> Field:
    return tuple(tuple(card.colour * 4 + card.animal for card in col) for col in position.columns)


def to_move(m: FastMove) -> Move:
    sx, sy, tx, ty, move_in = m
    return Move((sx, sy), (tx, ty), move_in and sx != tx)


def from_move(move: Move) -> FastMove:
    (sx, sy), (tx, ty) = move.scarer, move.target
    return (sx, sy, tx, ty, move.move_in and sx != tx)


def gen_moves(field: Field) -> list[FastMove]:
    """The same moves, in the same order, as game.engine.moves.legal_moves."""
    moves: list[FastMove] = []
    append = moves.append
    width = len(field)
    for x in range(width):
        col = field[x]
        h = len(col)
        left = field[x - 1] if x else ()
        right = field[x + 1] if x + 1 < width else ()
        for y in range(h):
            victim = ((col[y] & 3) + 1) & 3
            if y and col[y - 1] & 3 == victim:
                append((x, y, x, y - 1, False))
            if y + 1 < h and col[y + 1] & 3 == victim:
                append((x, y, x, y + 1, False))
            if y < len(left) and left[y] & 3 == victim:
                append((x, y, x - 1, y, False))
                append((x, y, x - 1, y, True))
            if y < len(right) and right[y] & 3 == victim:
                append((x, y, x + 1, y, False))
                append((x, y, x + 1, y, True))
    return moves


def shrinks(m: FastMove) -> int:
    """The column that loses a card: the scarer's when it moves in sideways, else the target's."""
    return m[0] if m[4] and m[0] != m[2] else m[2]


def play(field: Field, m: FastMove) -> Field:
    """The field after a legal move, before any column closes."""
    sx, sy, tx, ty, move_in = m
    cols = list(field)
    if move_in and sx != tx:
        t = cols[tx]
        cols[tx] = t[:ty] + (cols[sx][sy],) + t[ty + 1:]
        s = cols[sx]
        cols[sx] = s[:sy] + s[sy + 1:]
    else:
        t = cols[tx]
        cols[tx] = t[:ty] + t[ty + 1:]
    return tuple(cols)


def settle(field: Field, column: int, closed: int, closings: int) -> tuple[Field, int, bool]:
    """Close `column` if it emptied and the rules allow; returns (field, closed, game ended)."""
    if field[column]:
        return field, closed, False
    if closed < closings and len(field) > 1:
        return field[:column] + field[column + 1:], closed + 1, False
    return field, closed, True


def counts(field: Field) -> list[int]:
    tally = [0] * 16
    for col in field:
        for c in col:
            tally[c] += 1
    return tally


# SCARES[a][b]: card a scares card b (its animal is the one a's scares).
SCARES = tuple(tuple((b & 3) == ((a + 1) & 3) for b in range(16)) for a in range(16))


@functools.lru_cache(maxsize=1024)
def spare_table(row: tuple[int, ...]) -> tuple[tuple[bool, ...], ...]:
    """For free_moves: spare[a][b] is true when a scares b and b is worth nothing by `row`
    (points per card); made once per row."""
    return tuple(tuple(SCARES[a][b] and not row[b] for b in range(16)) for a in range(16))


def free_moves(field: Field, spare: tuple[tuple[bool, ...], ...]) -> list[FastMove]:
    """The moves of gen_moves(field), in its order, whose target `spare` marks (spare_table):
    a playout's moves that cost the mover nothing, in one pass and without the others."""
    moves: list[FastMove] = []
    append = moves.append
    width = len(field)
    left: tuple[int, ...] = ()
    for x in range(width):
        col = field[x]
        right = field[x + 1] if x + 1 < width else ()
        h, hl, hr = len(col), len(left), len(right)
        for y in range(h):
            hits = spare[col[y]]
            if y and hits[col[y - 1]]:
                append((x, y, x, y - 1, False))
            if y + 1 < h and hits[col[y + 1]]:
                append((x, y, x, y + 1, False))
            if y < hl and hits[left[y]]:
                append((x, y, x - 1, y, False))
                append((x, y, x - 1, y, True))
            if y < hr and hits[right[y]]:
                append((x, y, x + 1, y, False))
                append((x, y, x + 1, y, True))
        left = col
    return moves


def ending_moves(field: Field) -> list[FastMove]:
    """The moves of gen_moves(field), in its order, that empty a column (a column of one card
    loses it): only bottom cards side by side can, so only they are looked at."""
    moves: list[FastMove] = []
    width = len(field)
    for x in range(width):
        col = field[x]
        if not col:
            continue
        hits = SCARES[col[0]]
        single = len(col) == 1
        if x and field[x - 1] and hits[field[x - 1][0]]:
            if len(field[x - 1]) == 1:
                moves.append((x, 0, x - 1, 0, False))
            if single:
                moves.append((x, 0, x - 1, 0, True))
        if x + 1 < width and field[x + 1] and hits[field[x + 1][0]]:
            if len(field[x + 1]) == 1:
                moves.append((x, 0, x + 1, 0, False))
            if single:
                moves.append((x, 0, x + 1, 0, True))
    return moves
