"""The moves so far, in plain words (from the pause menu): what happened while you looked away."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.render import fit, looks
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look

SHOWN = 12  # the latest moves that fit the panel
ROWS_TOP, ROWS_BOTTOM = 150, 154  # the moves' room: under the heading, over the line and Back
ROW_H = 46  # a move's row at 100 %: one line (two for a move too long for one)


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
        large = looks.large()
        note_h = round(1.4 * looks.scaled(26)) if large else 38  # "(the latest 12 moves)"
        top = box.top + (ROWS_TOP + note_h - 38 if large else ROWS_TOP)
        heights = self._heights(box.width - 220, box.bottom - ROWS_BOTTOM - top)
        first = len(self.moves) - len(heights)
        for row, (words, tall) in enumerate(zip(self.moves[first:], heights, strict=True)):
            number_h = min(tall, assets.font(looks.scaled(32)).get_linesize() if large else ROW_H)
            look.put(surface, assets, f"{first + row + 1}.", (box.left + 40, top, 90, number_h), 32,
                     look.INK, True, anchor="topright")
            look.put(surface, assets, words, (box.left + 150, top, box.width - 220, tall), 32,
                     look.INK, anchor="topleft")
            top += tall + 4
        if first:
            shown = len(heights)
            look.put(surface, assets, ngettext("(the latest move)", "(the latest %(n)d moves)",
                                               shown) % {"n": shown},
                     (box.x + 40, box.top + 108, box.w - 80, note_h), 26, look.INK,
                     anchor="midtop")
        pygame.draw.line(surface, look.GOLD, (box.left + 60, box.bottom - 150),
                         (box.right - 60, box.bottom - 150), 3)

    def _heights(self, width: int, room: int) -> list[int]:
        """The height of each of the latest moves shown, as many as fill `room` (SHOWN at
        most): a row each, two for one too long for a row even smaller (a long name in
        Czech); at a large text size as many lines of its large size as it wraps to."""
        font = self.app.assets.font(looks.scaled(32))
        heights: list[int] = []
        for words in reversed(self.moves):
            if looks.large():
                tall = font.get_linesize() * len(fit.break_lines(font, words, width))
            else:
                fits = fit.choose(self.app.assets, words, (width, ROW_H), 32).fits
                tall = ROW_H if fits else 2 * ROW_H
            if heights and (sum(heights) + 4 * len(heights) + tall > room
                            or not looks.large() and len(heights) == SHOWN):
                break
            heights.insert(0, tall)
        return heights
