"""Shared by the computer players' tests: seat names, the modes with many seats, a game played on."""

from __future__ import annotations

from game.engine.modes import Mode
from game.engine.rng import Rng
from game.engine.state import GameState, apply

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
MULTI = [m for m in Mode if not m.solo]  # every registered mode with several seats


def played(state: GameState, moves: int, seed: int) -> GameState:
    """`state` after up to `moves` random legal moves."""
    rng = Rng(seed)
    for _ in range(moves):
        if state.over:
            break
        state, _ = apply(state, rng.choice(state.legal_moves()))
    return state
