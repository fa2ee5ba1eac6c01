"""Confirm overlay: a yes / no question; Esc or Back means no."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.render import fit, looks
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look

# At a large text size the question takes up to three lines of its size (a name in it),
# the panel as large as the screen allows round them.
QUESTION_H, QUESTION_H_LARGE = 90, 230


class ConfirmScene(OverlayScene):
    @property
    def panel_size(self) -> tuple[int, int]:
        return (1400, 900) if looks.large() else (960, 460)

    def __init__(self, app, question: str, on_yes: Callable[[], None], *, yes: str = "",
                 no: str = "", detail: str = "", shorter: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        # "" means the plain Yes / No, translated when the buttons are built.
        self.yes_text, self.no_text, self.detail = yes, no, detail
        self.shorter = shorter  # the detail's shorter wordings, for words that fit no panel

    def build(self) -> None:
        box = self.panel_rect
        y = box.bottom - 140
        # "No" first so a stray Enter never confirms something that cannot be undone.
        w = 520 if looks.large() else 340
        self.button(self.no_text or _("No"), (CENTER_X - 30 - w, y, w, 88), self.back, name="no")
        self.button(self.yes_text or _("Yes"), (CENTER_X + 30, y, w, 88), self._yes, name="yes")

    def spoken_lines(self) -> list[str]:
        """The question, then what it means, before the focused button ("Quit to the menu?
        ... Keep playing"): a button alone answers a question never heard."""
        return [self.question, self.detail]

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel_rect
        assets = self.app.assets
        large = looks.large()
        asked = fit.draw(surface, assets, self.question, pygame.Rect(
            box.x + 50, box.top + 60, box.w - 100, QUESTION_H_LARGE if large else QUESTION_H),
            56, look.INK, True, anchor="midtop")
        if self.detail:  # under the question (at a large size as many lines as it took)
            top = asked.bottom + 24 - box.top if large else 75 + QUESTION_H
            room = pygame.Rect(box.x + 80, box.top + top, box.w - 160, box.h - top - 160)
            fit.draw(surface, assets, self.detail, room, 36, look.INK, anchor="midtop",
                     shorter=self.shorter)
