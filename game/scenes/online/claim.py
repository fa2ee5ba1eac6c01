"""Someone without the seat's token asks to take an away player's seat: this screen (the
host's, or with no host there every far player's) lets them in or refuses."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.online.client.mirror import ClaimAsked
from game.render import fit, looks
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look

# At a large text size: the panel's size, and the room of the question (two lines: a long
# name in it); what letting in does takes the rest above the buttons.
LARGE_PANEL, ASK_H_LARGE = (1500, 900), 140


class ClaimScene(OverlayScene):
    """Over the online `table`, which keeps listening to the network meanwhile (the others
    play on). It closes by itself once the claim is settled, by this screen or
    another asked one."""

    heading = N_("Let them in?")

    @property
    def panel_size(self) -> tuple[int, int]:
        """At a large text size wider and taller: the words keep their size on more lines."""
        return LARGE_PANEL if looks.large() else (1000, 560)

    def __init__(self, app, table, claim: ClaimAsked) -> None:
        super().__init__(app)
        self.heading = _(type(self).heading)
        self.table, self.claim = table, claim

    def build(self) -> None:
        y = self.panel_rect.bottom - 140
        # Refuse first: a stray Enter never gives a seat (and its task cards) away.
        self.button(_("Refuse"), (CENTER_X - 390, y, 360, 88), self.refuse, name="refuse")
        self.button(_("Let in"), (CENTER_X + 30, y, 360, 88), self.let_in, name="let-in")

    def back(self) -> None:
        self.refuse()

    def let_in(self) -> None:
        self._answer(True)

    def refuse(self) -> None:
        self._answer(False)

    def _answer(self, allow: bool) -> None:
        self.table.kind.link.answer(self.claim.claim, allow)
        self._close()

    def _close(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()

    def update(self, dt: float) -> None:
        self.table.update(dt)  # under this prompt the table only listens
        if self.claim.claim not in self.table.kind.client.claims:  # settled elsewhere, or gone
            self._close()

    def spoken_lines(self) -> list[str]:
        """The question and what letting in does, before the focused Refuse."""
        return self._words()

    def _words(self) -> list[str]:
        ask = _("Someone asks to take this seat: %(name)s") % {"name": self.claim.name}
        detail = _("It may be %(name)s on another computer. Let them in only if you know it "
                   "is them: they get the seat and its task cards, and the seat's old "
                   "connection is closed.") % {"name": self.claim.name}
        return [ask, detail]

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel_rect
        assets = self.app.assets
        ask, detail = self._words()
        ask_h, detail_h = (ASK_H_LARGE, box.h - 150 - ASK_H_LARGE - 160) if looks.large() \
            else (90, 150)
        fit.draw(surface, assets, ask, pygame.Rect(box.x + 50, box.top + 140, box.w - 100, ask_h),
                 48, look.INK, True, anchor="midtop")
        fit.draw(surface, assets, detail, pygame.Rect(box.x + 70, box.top + 150 + ask_h,
                                                      box.w - 140, detail_h),
                 32, look.INK, anchor="midtop")
