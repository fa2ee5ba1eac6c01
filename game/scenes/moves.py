"""The moves so far, in plain words (from the pause menu): what happened while you looked away."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look

SHOWN = 12  # the latest moves that fit the panel


class MovesScene(OverlayScene):
    heading = N_("Moves so far")
    panel_size = (1300, 900)
    back_on_pause = True

    def __init__(self, app, moves: list[str]) -> None:
        super().__init__(app)
        self.moves = moves  # Match.move_list(): every move in words, oldest first

    def build(self) -> None:
        box = self.panel_rect
        self.button(_("Back"), (CENTER_X - 170, box.bottom - 120, 340, 88), self.back,
                    name="back")

    def draw_content(self, surface: pygame.Surface) -> None:
        box, assets = self.panel_rect, self.app.assets
        if not self.moves:
            line = look.text(assets, _("No move yet"), 40, look.INK)
            surface.blit(line, line.get_rect(midtop=(CENTER_X, box.top + 150)))
            return
        first = max(0, len(self.moves) - SHOWN)
        for row, words in enumerate(self.moves[first:]):
            number = look.text(assets, f"{first + row + 1}.", 32, look.INK, True)
            top = box.top + 150 + row * 50
            surface.blit(number, number.get_rect(topright=(box.left + 130, top)))
            line = look.fitted(assets, words, 32, box.width - 220, look.INK, False)
            surface.blit(line, (box.left + 150, top))
        if first:
            more = look.text(assets, ngettext("(the latest move)", "(the latest %(n)d moves)",
                                             SHOWN) % {"n": SHOWN}, 26, look.INK)
            surface.blit(more, more.get_rect(midtop=(CENTER_X, box.top + 112)))
        pygame.draw.line(surface, look.GOLD, (box.left + 60, box.bottom - 150),
                         (box.right - 60, box.bottom - 150), 3)
