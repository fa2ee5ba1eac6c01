"""Message overlay: a short notice (a corrupt settings file, an error) with an OK button."""

from __future__ import annotations

import pygame

from game.campaign.progress import progress_of
from game.i18n import N_, _
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look


class MessageScene(OverlayScene):
    heading = N_("Please note")
    panel_size = (1000, 520)

    def __init__(self, app, message: str, heading: str | None = None) -> None:
        super().__init__(app)
        self.message = message
        if heading:
            self.heading = heading

    def build(self) -> None:
        box = self.panel_rect
        self.button(_("OK"), (CENTER_X - 160, box.bottom - 140, 320, 88), self.back, name="ok")

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel_rect
        body = look.wrapped(self.app.assets, self.message, 40, box.width - 140)
        surface.blit(body, (box.left + 70, box.top + 150))


def tell_notice(app) -> bool:
    """Show the progress file's notice (corrupt file kept aside, or a failed save) once."""
    progress = progress_of(app)
    if not progress.notice:
        return False
    notice, progress.notice = progress.notice, None
    app.push(MessageScene(app, notice, heading=_("Your progress")))
    return True
