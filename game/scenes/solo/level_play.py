"""A campaign level on the table: the level's words, par and target; undo, redo, restart, hints.

The one table scene with a LevelTable kind (game/scenes/solo/level_table.py: the panel, the keys,
the level's commands, restart, pause and the end); the history, par and hints live in its
Match (game/match/tables.py makes it). With `demo` set the kind is a SolutionTable
(solo/solution_table.py) and the match plays that line (a scripted seat) instead of taking
input, with the normal animations and pacing. No scene
subclasses the table (tests/scenes/test_play.py).
"""

from __future__ import annotations

from game.campaign.level_game import level_state
from game.campaign.levels import Level
from game.engine.moves import Move
from game.i18n import _
from game.match import Match, Record, clear_game, level_match, resumed_match
from game.scenes.message import MessageScene
from game.scenes.solo.level_pause import LevelPauseScene  # also re-exported from here
from game.scenes.solo.level_table import LevelTable, level_result
from game.scenes.solo.solution_table import SolutionTable
from game.scenes.solo.who_plays import solo_name
from game.scenes.table.play import PlayScene, table_scene

__all__ = ["LevelPauseScene", "continue_level", "level_result", "level_scene"]


def continue_level(app, record: Record) -> None:
    """A saved level back on its table (Continue), at its par; a level gone from this
    version of the campaign is said, and its save cleared."""
    level = app.files.campaign().level(record.level)
    if level is None:
        clear_game(record.game)
        app.push(MessageScene(app, _("The saved level is no longer in the campaign.")))
        return
    app.push(level_scene(app, level, match=resumed_match(record, level.par)))


def level_scene(app, level: Level, *, demo: tuple[Move, ...] | None = None,
                result: dict | None = None, match: Match | None = None,
                keep: bool | None = None, kind: LevelTable | None = None) -> PlayScene:
    """The table of a campaign level: its LevelTable kind holds the level, its commands and
    its end; with `demo` (a solution line) the table is a SolutionTable that plays it, and
    `result` (the player's own) is shown again after it. `kind` is a level table of its own
    (a play-test's)."""
    if kind is None:
        kind = SolutionTable(demo, level, result) if demo is not None else \
            LevelTable(level, result=result)
    if match is None:
        match = level_match(level_state(level, solo_name(app)), level.id, level.par,
                            demo or ())
    keep = demo is None if keep is None else keep  # a solution is never saved
    table = table_scene(app, match, keep=keep, kind=kind)
    app.follow_level(level.id)  # the level select follows the player
    return table
