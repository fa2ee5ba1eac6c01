"""Message overlay: a short notice (a corrupt settings file, an error) with an OK button."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.render import fit, looks
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look

BODY_SIZE, BODY_TOP, BUTTON_ROOM = 40, 150, 170  # the words, under the heading (not a colour)


class MessageScene(OverlayScene):
    heading = N_("Please note")
    width = 1000

    @property
    def panel_size(self) -> tuple[int, int]:
        """As tall as the notice needs at the player's text size (a long file name wraps), up
        to nearly the screen."""
        font = self.app.assets.font(looks.scaled(BODY_SIZE))
        lines = len(fit.break_lines(font, self.message, self.width - 140))
        tall = BODY_TOP + font.get_height() + (lines - 1) * font.get_linesize() + BUTTON_ROOM
        return (self.width, max(520, min(1040, tall)))

    def __init__(self, app, message: str, heading: str | None = None) -> None:
        super().__init__(app)
        self.message = message
        if heading:
            self.heading = heading

    def spoken_lines(self) -> list[str]:
        """The notice itself, before its OK."""
        return [self.message]

    def build(self) -> None:
        box = self.panel_rect
        self.button(_("OK"), (CENTER_X - 160, box.bottom - 140, 320, 88), self.back, name="ok")

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel_rect
        room = pygame.Rect(box.left + 70, box.top + BODY_TOP, box.width - 140,
                           box.height - BODY_TOP - BUTTON_ROOM + 10)
        fit.draw(surface, self.app.assets, self.message, room, BODY_SIZE, look.INK,
                 anchor="topleft")
