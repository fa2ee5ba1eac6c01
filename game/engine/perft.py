"""Perft: counting the distinct move sequences of a given length, to check the move generator.

Runs on animal bitboards (see bitboard.py): moves do not depend on colours, the last ply is
counted by popcount, and counts below a position are remembered, since many move orders
lead to the same field.
"""

from __future__ import annotations

from game.engine.bitboard import BOTTOM, children, close, encode, move_count
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.rules import Rules
from game.engine.state import GameState, apply, initial_state


def perft(position: Position, depth: int, rules: Rules = Rules.STANDARD) -> int:
    """The number of move sequences of exactly `depth` moves from `position`."""
    return _state_perft(initial_state(position, rules), depth)


def perft_divide(
    position: Position, depth: int, rules: Rules = Rules.STANDARD
) -> list[tuple[Move, int]]:
    """Each root move with the perft count below it (depth >= 1)."""
    state = initial_state(position, rules)
    return [(m, _state_perft(apply(state, m)[0], depth - 1)) for m in state.legal_moves()]


def _state_perft(state: GameState, depth: int) -> int:
    if depth < 0:
        raise ValueError("depth must not be negative")
    if depth == 0:
        return 1
    if state.over:
        return 0
    counter = _Counter(state.rules.closings_allowed)
    return counter.count(encode(state.position), state.closed, depth)


class _Counter:
    """One perft run: the column rules and the remembered counts."""

    def __init__(self, closings_allowed: int, remember: bool = True) -> None:
        self.closings_allowed = closings_allowed
        self.remember = remember  # False only to measure the raw move generator
        self.memo: dict[tuple[int, int, int], int] = {}

    def count(self, board: int, closed: int, depth: int) -> int:
        if depth == 1:
            return move_count(board)
        key = (board, closed, depth)
        known = self.memo.get(key)
        if known is not None:
            return known
        total = 0
        below = depth - 1
        allowed = self.closings_allowed
        for _s, _t, _in, child, column in children(board):
            if child & BOTTOM[column]:
                total += self.count(child, closed, below)
            elif closed < allowed:
                total += self.count(close(child, column), closed + 1, below)
            # else: the emptied column ends the game, and below >= 1 moves cannot follow.
        if self.remember:
            self.memo[key] = total
        return total
