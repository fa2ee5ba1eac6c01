"""Play-testing a puzzle from the editor: the level table with undo and hints, nothing saved."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _
from game.render.palette import FELT_PANEL, MUTED
from game.scenes.solo.level_play import LevelPlayScene
from game.scenes.solo.level_table import LevelTable
from game.scenes.table.panel import PANEL

PANEL_FILL = FELT_PANEL


class PlayTestTable(LevelTable):
    """The level table whose panel says it is a play-test instead of naming a chapter; its
    end goes back to the editor (the scene's `on_done` gets the final state)."""

    words = N_("Play-test: nothing is saved")
    short = N_("Nothing is saved")  # when the words are too long for the strip

    def finished(self, scene, state, finish) -> None:
        scene.app.pop()  # back to the editor beneath
        scene.on_done(state)

    def draw(self, scene, view, surface: pygame.Surface) -> None:
        super().draw(scene, view, surface)
        # The level's chapter line means nothing here: say what this table is instead.
        strip = pygame.Rect(PANEL.x + 8, 12, PANEL.w - 16, 38)
        pygame.draw.rect(surface, PANEL_FILL, strip)
        scene.text.draw(surface, _(self.words), strip.inflate(-44, 0), 24, False, MUTED,
                        "midleft", shorter=(_(self.short),))


class SharedTable(PlayTestTable):
    """A puzzle a friend shared as a code: played like a level, the answer only when asked
    (Hint), nothing kept."""

    words = N_("A shared puzzle: nothing is saved")
    short = N_("A friend's puzzle")


class EditorPlayScene(LevelPlayScene):
    """A LevelPlayScene for an in-memory level: the end goes back to the editor (`on_done` gets
    the final state) and no progress or statistics are kept."""

    def __init__(self, app, level, on_done: Callable[[object], None],
                 kind: PlayTestTable | None = None) -> None:
        # a play-test is neither saved nor kept
        super().__init__(app, level, keep=False, kind=kind or PlayTestTable())
        self.on_done = on_done
