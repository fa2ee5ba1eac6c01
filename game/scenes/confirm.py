"""Confirm overlay: a yes / no question; Esc or Back means no."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look


class ConfirmScene(OverlayScene):
    panel_size = (960, 460)

    def __init__(self, app, question: str, on_yes: Callable[[], None], *, yes: str = "",
                 no: str = "", detail: str = "") -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        # "" means the plain Yes / No, translated when the buttons are built.
        self.yes_text, self.no_text, self.detail = yes, no, detail

    def build(self) -> None:
        box = self.panel_rect
        y = box.bottom - 140
        # "No" first so a stray Enter never confirms something that cannot be undone.
        self.button(self.no_text or _("No"), (CENTER_X - 370, y, 340, 88), self.back, name="no")
        self.button(self.yes_text or _("Yes"), (CENTER_X + 30, y, 340, 88), self._yes, name="yes")

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel_rect
        assets = self.app.assets
        line = look.text(assets, self.question, 56, look.INK, True)
        surface.blit(line, line.get_rect(midtop=(CENTER_X, box.top + 70)))
        if self.detail:
            body = look.wrapped(assets, self.detail, 36, box.width - 160, centred=True)
            surface.blit(body, body.get_rect(midtop=(CENTER_X, box.top + 170)))
