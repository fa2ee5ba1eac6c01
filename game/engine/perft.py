"""Perft: counting the distinct move sequences of a given length, to check the move generator."""

from __future__ import annotations

from game.engine.moves import Move
from game.engine.position import Position
from game.engine.rules import Rules
from game.engine.state import GameState, apply, initial_state


def perft(position: Position, depth: int, rules: Rules = Rules.STANDARD) -> int:
    return _perft(initial_state(position, rules), depth)


def perft_divide(position: Position, depth: int, rules: Rules = Rules.STANDARD) -> list[tuple[Move, int]]:
    """Each root move with the perft count below it (depth >= 1)."""
    state = initial_state(position, rules)
    return [(m, _perft(apply(state, m)[0], depth - 1)) for m in state.legal_moves()]


def _perft(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(_perft(apply(state, m)[0], depth - 1) for m in moves)
