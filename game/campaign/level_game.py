"""A campaign level as a game: its starting state and a solution line (the history, par and
hints of a level being played live in game.match.Match)."""

from __future__ import annotations

from game.engine import solver
from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.rules import Rules
from game.engine.state import GameState, Player, initial_state


def level_state(level, name: str = "You") -> GameState:
    """The solo game a level starts: one player (`name`: whose stars they are), the advanced
    target when the level has one."""
    mode = Mode.SOLO_ADVANCED if level.target is not None else Mode.SOLO
    return initial_state(level.position, Rules.SOLO, mode=mode, players=(Player(name),),
                         target=level.target)


def solution_line(level) -> tuple[Move, ...]:
    """A line of moves from the level's start that leaves par cards (the exact solver's)."""
    return solver.solve(level.position, level.target).moves
