"""The guided game's end screen: the real end screen counting the points, the coach's last
words, and what next — a real game or the campaign."""

from __future__ import annotations

import pygame

from game.engine.scoring import result
from game.i18n import _
from game.render import fit
from game.scenes.registry import open_screen
from game.scenes.table.scoring import ROWS, ScoringScene
from game.ui import look


class LessonEndScene(ScoringScene):
    def __init__(self, app, state) -> None:
        super().__init__(app, state, lambda s: None)
        scores = result(state).scores
        self.words = _("You won, %(you)d points to %(them)d! Every card left that matches your "
                       "task cards scored. Now you know the game.") % {
            "you": scores[0].total, "them": scores[1].total}

    def bottom_buttons(self, y: int) -> None:
        w = (ROWS.w - 40) // 3
        self.button(_("Play a real game"), (ROWS.x, y, w, 92), self._real, name="real")
        self.button(_("Campaign"), (ROWS.x + w + 20, y, w, 92), self._campaign, name="campaign")
        self.button(_("Title screen"), (ROWS.x + 2 * (w + 20), y, w, 92), self.app.go_to_menu,
                    name="title")

    def back(self) -> None:
        self.app.go_to_menu()

    def _real(self) -> None:
        self.app.go_to_menu()
        open_screen(self.app, "setup")

    def _campaign(self) -> None:
        self.app.go_to_menu()
        open_screen(self.app, "solo")
        open_screen(self.app, "campaign")

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        box = pygame.Rect(ROWS.x, 600, ROWS.w, 300)
        surface.blit(look.panel(self.app.assets, box.size), box.topleft)
        fit.draw(surface, self.app.assets, self.words, box.inflate(-80, -60), 40, look.INK,
                 anchor="center", spacing=1.1)
