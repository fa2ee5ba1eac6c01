"""Games to test the match layer with: random legal games of every mode, played to a given length."""

from __future__ import annotations

from game.engine.modes import Mode
from game.engine.rng import Rng
from game.engine.state import GameState, apply, new_game

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Filip", "Greta", "Hugo")


def dealt(mode: Mode, players: int, seed: int, bots=None) -> GameState:
    names = list(NAMES[:players]) if players > 1 else ["You"]
    return new_game(mode, names, seed, bots=bots)


def random_line(state: GameState, seed: int, limit: int | None = None):
    """Random legal moves from `state` until the game ends (or `limit` moves)."""
    rng = Rng(seed)
    moves = []
    while not state.over and (limit is None or len(moves) < limit):
        move = rng.choice(state.legal_moves())
        state, _ = apply(state, move)
        moves.append(move)
    return moves, state
