"""A solo deal's best line played on the table, step by step, as a level's solution is: from
the deal's start (Show a solution) or from the field where the game slipped (Where did it
slip?). It lies over the result screen; stopping it or its end goes back there."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.moves import Move
from game.engine.state import GameState
from game.i18n import _
from game.match import line_match
from game.render.palette import FELT_PANEL, GOLD, MUTED, WOOD
from game.scenes.solo.level_table import SolutionTable
from game.scenes.table.panel import PANEL, ROOM
from game.scenes.table.play import PlayScene
from game.scenes.table.section import Section


class DealSolutionTable(SolutionTable):
    """The solution table of a deal (no level): the panel says what the line shows."""

    def __init__(self, line: Sequence[Move], heading: str, words: str) -> None:
        super().__init__(None, line)
        self.heading, self.words = heading, words

    def make_panel(self, scene) -> Section:
        return LinePanel(scene.text, self.heading, self.words)

    def leave(self, scene) -> None:
        scene.app.pop()  # the result screen lies beneath

    def finished(self, scene, state, finish) -> None:
        self.leave(scene)

    # The level's commands the solution table's buttons name: none here plays them.
    def ask_hint(self, scene) -> None:
        pass

    def undo_to_good(self, scene) -> None:
        pass

    def sync(self, scene) -> None:
        stop = scene.buttons["stop"]
        for b in scene.buttons:
            b.visible = b is stop


class LinePanel(Section):
    """The panel of a deal's line: what it shows, and the cards left."""

    rect = PANEL
    cached = True

    def __init__(self, text, heading: str, words: str) -> None:
        self.text, self.heading, self.words = text, heading, words

    def paint(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, FELT_PANEL, PANEL)
        pygame.draw.line(surf, WOOD, PANEL.topleft, PANEL.bottomleft, 6)

    def draw(self, surface: pygame.Surface, view) -> None:
        text, x0 = self.text, PANEL.x + 30
        text.draw(surface, self.heading, (x0, 16, ROOM, 36), 24, False, MUTED)
        said = text.draw(surface, self.words, (x0, 60, ROOM, 260), 34, True)
        left = view.state.position.card_count()
        text.draw(surface, _("Cards left: %(n)d") % {"n": left},
                  (x0, max(said.bottom, 110) + 20, ROOM, 50), 34, True, GOLD)


def deal_solution_scene(app, start: GameState, line: Sequence[Move], heading: str,
                        words: str) -> PlayScene:
    """`line` played from `start` by itself; `heading` and `words` on the panel."""
    kind = DealSolutionTable(line, heading, words)
    match = line_match(start, kind.demo)
    return PlayScene(app, match, keep=False, kind=kind)
