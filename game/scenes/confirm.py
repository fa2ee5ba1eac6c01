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
# the panel as tall as its words take, up to the screen's room (LARGE_PANEL).
QUESTION_H, QUESTION_H_LARGE = 90, 230
LARGE_PANEL = (1400, 900)
FOOT = 160  # the buttons' room at the panel's foot


class ConfirmScene(OverlayScene):
    @property
    def panel_size(self) -> tuple[int, int]:
        if not looks.large():
            return (960, 460)
        w, most = LARGE_PANEL
        return (w, min(most, self.detail_top() + self.detail_height() + 40 + FOOT))

    def detail_top(self) -> int:
        """Where the detail begins in the panel at a large text size: under the question."""
        asked = fit.fit(self.app.assets, self.question, (LARGE_PANEL[0] - 100, QUESTION_H_LARGE),
                        56, look.INK, True, align="centre")
        return 60 + asked.get_height() + 24

    def detail_height(self) -> int:
        """How tall the detail is drawn at a large text size, in the most room it may take."""
        if not self.detail:
            return 0
        top = self.detail_top()
        words = fit.fit(self.app.assets, self.detail,
                        (LARGE_PANEL[0] - 160, LARGE_PANEL[1] - top - FOOT), 36, look.INK,
                        shorter=self.shorter, align="centre")
        return words.get_height()

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
        fit.draw(surface, assets, self.question, pygame.Rect(
            box.x + 50, box.top + 60, box.w - 100, QUESTION_H_LARGE if large else QUESTION_H),
            56, look.INK, True, anchor="midtop")
        if self.detail:  # under the question (at a large size as many lines as it took)
            top = self.detail_top() if large else 75 + QUESTION_H
            room = pygame.Rect(box.x + 80, box.top + top, box.w - 160,
                               LARGE_PANEL[1] - top - FOOT if large else box.h - top - FOOT)
            fit.draw(surface, assets, self.detail, room, 36, look.INK, anchor="midtop",
                     shorter=self.shorter)
