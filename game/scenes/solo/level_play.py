"""A campaign level on the table: the level's words, par and target; undo, redo, restart, hints.

The table scene configured by a LevelTable (game/scenes/solo/level_table.py: the panel, the keys,
the level's commands, restart, pause and the end); the history, par and hints live in its
Match. With `demo` set the match plays a solution line (a scripted seat) instead of taking
input, with the normal animations and pacing. It overrides no PlayScene method but the
constructor (tests/scenes/test_play.py).
"""

from __future__ import annotations

from game.campaign.level_game import level_state
from game.campaign.levels import Level
from game.engine.moves import Move
from game.match import Match
from game.scenes.solo.level_pause import LevelPauseScene  # also re-exported from here
from game.scenes.solo.level_table import LevelTable, SolutionTable, level_result
from game.scenes.solo.who_plays import solo_name
from game.scenes.table.play import PlayScene

__all__ = ["LevelPauseScene", "LevelPlayScene", "level_result"]


class LevelPlayScene(PlayScene):
    """The table of a campaign level: a PlayScene whose LevelTable kind holds the level's
    commands and its end; `level`, `demo` (a solution line) and `result` (the player's own,
    shown again after a solution) are what the kind reads."""

    def __init__(self, app, level: Level, *, demo: tuple[Move, ...] | None = None,
                 result: dict | None = None, match: Match | None = None,
                 keep: bool | None = None, kind: LevelTable | None = None) -> None:
        self.level = level
        self.demo = tuple(demo) if demo is not None else None
        if match is None:
            match = Match(level_state(level, solo_name(app)), par=level.par, level=level.id,
                          line=self.demo or ())
        keep = self.demo is None if keep is None else keep  # a solution is never saved
        super().__init__(app, match, keep=keep,
                         kind=kind or (SolutionTable() if self.demo is not None else LevelTable()))
        self.campaign = app.files.campaign()
        self.result = result or {}  # the player's own result, shown again after a solution
        app.follow_level(level.id)  # the level select follows the player
