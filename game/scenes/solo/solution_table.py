"""A solution line playing itself on the table: a level's (its panel, then the level's result
screen again) or a solo deal's best line (what it shows on the panel, then back to the result
screen beneath). The panel only offers to stop it; the banner says each move before it plays."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.moves import Move
from game.i18n import _
from game.input import Action
from game.match import Phase, describe_next
from game.render.palette import FELT_PANEL, GOLD, MUTED, WOOD
from game.render.widgets import Button
from game.scenes.solo.level_table import SKIP_INPUT, level_panel, level_result
from game.scenes.table.commands import Before, KindCommand
from game.scenes.table.flow import flows, lines
from game.scenes.table.kind import TableKind
from game.scenes.table.panel import PANEL, ROOM
from game.scenes.table.section import Section


class SolutionTable(TableKind):
    """The table of a solution `line`: a campaign `level`'s (`result`, the player's own, is
    shown again after it) or, with no level, a deal's, whose panel says `lines` (a heading
    and what the line shows)."""

    def __init__(self, line: Sequence[Move], level=None, result: dict | None = None,
                 lines: tuple[str, str] = ("", "")) -> None:
        super().__init__()
        self.line = tuple(line)
        self.level, self.result, self.lines = level, result or {}, lines

    def make_panel(self, app, text) -> Section:
        if self.level is None:
            return LinePanel(text, *self.lines)
        return level_panel(app, text, self.level, solution=True)

    picks = False  # the line plays itself: the mouse only works the Stop button

    def build(self, buttons, app, solo: bool) -> None:
        assets = app.assets
        buttons.add("stop", Button(assets, pygame.Rect(PANEL.x + 20, 946, 420, 64),
                                   _("Stop the solution"), 28), "stop")

    # Commands ---------------------------------------------------------------------------
    def commands(self) -> dict[str, KindCommand | str]:
        return {"stop": KindCommand(self.stop, Before.FINISH), "pause": "stop"}

    def stop(self, app, session) -> None:
        """Back to the result screen the solution was asked from."""
        if session.phase == Phase.DONE:
            return
        session.close()
        self.leave(app)

    def leave(self, app) -> None:
        if self.level is None:
            app.pop()  # the deal's result screen lies beneath
        else:
            app.replace(level_result(app, self.level, **self.result))

    def finished(self, app, session, state, finish) -> None:
        """The line's end: a level's result screen says how few cards the solution left."""
        if self.level is None:
            self.leave(app)
            return
        result = dict(self.result, solution_cards=state.position.card_count())
        app.replace(level_result(app, self.level, **result))

    # Input ------------------------------------------------------------------------------
    def handle(self, event, view, keys) -> bool | str:
        """A solution line plays itself: input only hurries it or stops it."""
        if keys.action(event) in (Action.BACK, Action.PAUSE):
            return "stop"
        if view.animating and event.type in SKIP_INPUT:
            return "show"
        return event.type in SKIP_INPUT

    # Words ------------------------------------------------------------------------------
    def hint(self, view) -> str:
        """The solution says each move before it plays it (the line's seat is "thinking")."""
        line = self.line
        if view.phase == Phase.COMPUTER and view.ply < len(line):
            step = view.ply
            return _("Solution %(step)d/%(steps)d: %(move)s") % {
                "step": step + 1, "steps": len(line),
                "move": describe_next(view.state.position, line[step], opens=False)}
        return super().hint(view)


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
        # Large text: the heading's line as tall as the text size makes it, the words under it.
        head = text.draw(surface, self.heading, (x0, 16, ROOM, lines(24) if flows() else 36),
                         24, False, MUTED)
        top = max(60, head.bottom + 8) if flows() else 60
        said = text.draw(surface, self.words, (x0, top, ROOM, 260), 34, True)
        left = view.state.position.card_count()
        text.draw(surface, _("Cards left: %(n)d") % {"n": left},
                  (x0, max(said.bottom, 110) + 20, ROOM, 50), 34, True, GOLD)
