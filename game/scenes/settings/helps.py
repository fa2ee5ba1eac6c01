"""Settings → Help: the table's helps for a learner, each on or off."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.render import fit, looks
from game.scenes.settings.access import AccessScene
from game.scenes.settings.settings import CONTROL_W, CONTROL_X, LABEL_W, LABEL_X, on_off
from game.ui import look

ROW_H = 76
ROW_GAP = 24
ROW_GAP_LARGE = 70  # at a large text size (looks.large): a label's two lines of large text
TOP = 220


def pitch() -> int:
    """From one row's top to the next one's."""
    return ROW_H + (ROW_GAP_LARGE if looks.large() else ROW_GAP)


class HelpScene(AccessScene):
    """A page of the settings, as Accessibility is (its rows' look, saved at once)."""

    heading = N_("Help")
    ROWS = (N_("Remind me to peek"), N_("Show my points while peeking"),
            N_("Ask before a move that ends the game"), N_("Hint button at the table"))
    SWITCHES = ("help_peek", "help_points", "help_end", "help_hint")

    def _row(self, i: int) -> tuple[int, int, int, int]:
        return (CONTROL_X, TOP + i * pitch(), CONTROL_W, ROW_H)

    def build(self) -> None:
        s = self.app.settings
        self.sliders = {}
        self.switches = {}
        for i, name in enumerate(self.SWITCHES):
            self.switches[name] = self.button(on_off(getattr(s, name)), self._row(i),
                                              lambda name=name: self._switch(name),
                                              adjust=lambda d, name=name: self._switch(name),
                                              name=name, label=self.row_label(i))
        y = TOP + 4 * pitch() + 30
        self.button(_("Back"), (960 - 200, y, 400, 88), self.back, name="back")

    def _switch(self, name: str) -> None:
        s = self.app.settings
        setattr(s, name, not getattr(s, name))
        self.switches[name].set_text(on_off(getattr(s, name)))
        self._changed()

    def draw_content(self, surface) -> None:
        if not looks.large():
            self.draw_labels(surface)
            return
        for i, name in enumerate(self.ROWS):  # a long label wraps onto a second line
            y, h = self._row(i)[1::2]
            tall = pitch() - 6
            fit.draw(surface, self.app.assets, _(name),
                     pygame.Rect(LABEL_X, y + (h - tall) // 2, LABEL_W, tall), 44, look.CREAM,
                     True, anchor="midleft", shadow=True)
