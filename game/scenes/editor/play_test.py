"""Play-testing a puzzle from the editor: the level table with undo and hints, nothing saved."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _
from game.render.palette import FELT_PANEL, MUTED
from game.scenes.solo.level_play import level_scene
from game.scenes.solo.level_table import LevelPanel, LevelTable
from game.scenes.table.panel import PANEL
from game.scenes.table.play import PlayScene
from game.scenes.table.section import Section

PANEL_FILL = FELT_PANEL


class PlayTestTable(LevelTable):
    """The level table whose panel says it is a play-test instead of naming a chapter; its
    end goes back to the editor (`on_done` gets the final state)."""

    words = N_("Play-test: nothing is saved")
    short = N_("Nothing is saved")  # when the words are too long for the strip

    def __init__(self, level, on_done: Callable[[object], None]) -> None:
        super().__init__(level)
        self.on_done = on_done

    def make_panel(self, scene) -> Section:
        return PlayTestPanel(scene.app.assets, scene.text, scene.app.input.controls,
                             self.level, 0, False, words=(_(self.words), _(self.short)))

    def finished(self, scene, state, finish) -> None:
        scene.app.pop()  # back to the editor beneath
        self.on_done(state)


class PlayTestPanel(LevelPanel):
    """A level's panel whose chapter line says what this table is instead."""

    def __init__(self, *args, words: tuple[str, str]) -> None:
        super().__init__(*args)
        self.words = words  # the line, and a shorter one for a long language

    def draw(self, surface: pygame.Surface, view) -> None:
        super().draw(surface, view)
        # The level's chapter line means nothing here: say what this table is instead.
        strip = pygame.Rect(PANEL.x + 8, 12, PANEL.w - 16, 38)
        pygame.draw.rect(surface, PANEL_FILL, strip)
        words, short = self.words
        self.text.draw(surface, words, strip.inflate(-44, 0), 24, False, MUTED, "midleft",
                       shorter=(short,))


class SharedTable(PlayTestTable):
    """A puzzle a friend shared as a code: played like a level, the answer only when asked
    (Hint), nothing kept."""

    words = N_("A shared puzzle: nothing is saved")
    short = N_("A friend's puzzle")


def play_test_scene(app, level, on_done: Callable[[object], None],
                    kind: type[PlayTestTable] = PlayTestTable) -> PlayScene:
    """The table of an in-memory level: the end goes back to the editor (`on_done` gets the
    final state) and no progress or statistics are kept; `kind` is the play-test's table (a
    shared puzzle's is SharedTable)."""
    return level_scene(app, level, keep=False, kind=kind(level, on_done))  # never saved
