"""The learner's helps as pure questions about a game: points so far, whether a move ends it,
and the move a strong computer would make (the Hint)."""

from __future__ import annotations

from game.engine.ai import SKILLS, view_for
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.rng import Rng
from game.engine.scoring import score_player
from game.engine.state import COLUMN_EMPTIED, GameState, apply

HINT_LEVEL = "hard"  # the Hint is this computer's choice
HINT_NODES = 4000  # a fixed search: the same hint for the same table, quickly enough to wait for


def points_now(state: GameState, seat: int) -> int:
    """What the seat's own task cards would score if the game ended now (the game's scoring)."""
    return score_player(state.players[seat], state.position.cards()).total


def ends_game(state: GameState, move: Move) -> bool:
    """Whether this move empties a column that ends the game (not one that closes up)."""
    after, _events = apply(state, move)
    return after.over == COLUMN_EMPTIED


def hint_move(state: GameState, start: Position, seat: int) -> Move:
    """The move the hard computer would choose for this seat (from what the seat may know)."""
    level = HINT_LEVEL if HINT_LEVEL in SKILLS else list(SKILLS)[-1]
    bot = SKILLS[level].make(HINT_NODES)
    rng = Rng(len(state.moves) * 1_000_003 + seat)
    return bot.choose(view_for(state, seat, start=start), rng, 0.0)
