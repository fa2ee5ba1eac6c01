"""Play-testing a puzzle from the editor, or a puzzle a friend shared as a code: the level
table with undo and hints, nothing saved, its panel saying which it is."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import N_
from game.scenes.solo.level_play import level_scene
from game.scenes.solo.level_table import LevelTable
from game.scenes.table.play import PlayScene

# What the panel says instead of a chapter (and a shorter line for a long language).
PLAY_TEST = (N_("Play-test: nothing is saved"), N_("Nothing is saved"))
SHARED = (N_("A shared puzzle: nothing is saved"), N_("A friend's puzzle"))
WORDINGS = (PLAY_TEST, SHARED)


def play_test_scene(app, level, on_done: Callable[[object], None],
                    words: tuple[str, str] = PLAY_TEST) -> PlayScene:
    """The table of an in-memory level: the end goes back to the editor (`on_done` gets the
    final state) and no progress or statistics are kept; `words` say what the table is (a
    shared puzzle's are SHARED)."""
    kind = LevelTable(level, on_done=on_done, words=words)
    return level_scene(app, level, keep=False, kind=kind)  # never saved
