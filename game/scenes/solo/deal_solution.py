"""A solo deal's best line played on the table, step by step, as a level's solution is: from
the deal's start (Show a solution) or from the field where the game slipped (Where did it
slip?). It lies over the result screen; stopping it or its end goes back there."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.moves import Move
from game.engine.state import GameState
from game.i18n import _
from game.match import Match
from game.render.palette import FELT_PANEL, GOLD, MUTED, WOOD
from game.scenes.solo.level_table import SolutionTable
from game.scenes.table.panel import PANEL, ROOM
from game.scenes.table.play import PlayScene


class DealSolutionTable(SolutionTable):
    """The solution table of a deal (no level): the panel says what the line shows."""

    def paint(self, scene, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, FELT_PANEL, PANEL)
        pygame.draw.line(surf, WOOD, PANEL.topleft, PANEL.bottomleft, 6)

    def idle_key(self, scene) -> tuple:
        return ()

    def leave(self, scene) -> None:
        scene.app.pop()  # the result screen lies beneath

    def finished(self, scene, state, finish) -> None:
        self.leave(scene)

    # The level's commands the solution table's buttons name: none here plays them.
    def ask_hint(self, scene) -> None:
        pass

    def undo_to_good(self, scene) -> None:
        pass

    def draw(self, scene, view, surface: pygame.Surface) -> None:
        text, x0 = scene.text, PANEL.x + 30
        text.draw(surface, scene.heading, (x0, 16, ROOM, 36), 24, False, MUTED)
        said = text.draw(surface, scene.words, (x0, 60, ROOM, 260), 34, True)
        left = view.state.position.card_count()
        text.draw(surface, _("Cards left: %(n)d") % {"n": left},
                  (x0, max(said.bottom, 110) + 20, ROOM, 50), 34, True, GOLD)
        for b in scene.buttons:
            b.visible = b is scene.buttons["stop"]
            b.draw(surface)


class DealSolutionScene(PlayScene):
    """`line` played from `start` by itself; `heading` and `words` on the panel."""

    def __init__(self, app, start: GameState, line: Sequence[Move], heading: str,
                 words: str) -> None:
        self.demo = tuple(line)
        self.level = None
        self.heading = heading
        self.words = words
        match = Match(start, line=self.demo, undo=False)
        super().__init__(app, match, keep=False, kind=DealSolutionTable())
