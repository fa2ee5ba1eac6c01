"""The moves so far, in plain words (from the pause menu): what happened while you looked away."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look

SHOWN = 12  # the latest moves that fit the panel


def move_lines(moves: list[str]) -> list[str]:
    """The moves as the table that speaks says them, each with its number."""
    return [_("Move %(n)d: %(move)s") % {"n": i + 1, "move": words}
            for i, words in enumerate(moves)]


class MovesScene(OverlayScene):
    heading = N_("Moves so far")
    panel_size = (1300, 900)
    back_on_pause = True

    def __init__(self, app, moves: list[str]) -> None:
        super().__init__(app)
        self.moves = moves  # Match.move_list(): every move in words, oldest first

    def spoken_lines(self) -> list[str]:
        """Every move in words, numbered (the screen shows the latest; a listener hears all)."""
        return move_lines(self.moves) or [_("No move yet")]

    def build(self) -> None:
        box = self.panel_rect
        self.button(_("Back"), (CENTER_X - 170, box.bottom - 120, 340, 88), self.back,
                    name="back")

    def draw_content(self, surface: pygame.Surface) -> None:
        box, assets = self.panel_rect, self.app.assets
        if not self.moves:
            look.put(surface, assets, _("No move yet"), (box.x + 40, box.top + 146, box.w - 80, 60),
                     40, look.INK, anchor="midtop")
            return
        first = max(0, len(self.moves) - SHOWN)
        for row, words in enumerate(self.moves[first:]):
            top = box.top + 150 + row * 50
            look.put(surface, assets, f"{first + row + 1}.", (box.left + 40, top, 90, 46), 32,
                     look.INK, True, anchor="topright")
            look.put(surface, assets, words, (box.left + 150, top, box.width - 220, 46), 32,
                     look.INK, anchor="topleft")
        if first:
            look.put(surface, assets, ngettext("(the latest move)", "(the latest %(n)d moves)",
                                               SHOWN) % {"n": SHOWN},
                     (box.x + 40, box.top + 108, box.w - 80, 38), 26, look.INK, anchor="midtop")
        pygame.draw.line(surface, look.GOLD, (box.left + 60, box.bottom - 150),
                         (box.right - 60, box.bottom - 150), 3)
