"""A solo deal's best line played on the table, step by step, as a level's solution is: from
the deal's start (Show a solution) or from the field where the game slipped (Where did it
slip?). It lies over the result screen; stopping it or its end goes back there."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.moves import Move
from game.engine.state import GameState
from game.match import line_match
from game.scenes.solo.solution_table import SolutionTable
from game.scenes.table.play import PlayScene, table_scene


def deal_solution_scene(app, start: GameState, line: Sequence[Move], heading: str,
                        words: str) -> PlayScene:
    """`line` played from `start` by itself; `heading` and `words` on the panel."""
    kind = SolutionTable(line, lines=(heading, words))
    match = line_match(start, kind.line)
    return table_scene(app, match, keep=False, kind=kind)
