"""The kiosk's "Still playing?" overlay: a countdown back to the demo that any input cancels."""

from __future__ import annotations

import math

import pygame

from game.i18n import _
from game.render import fit, looks
from game.render.palette import CREAM, DIM, EMBER, GOLD, INK
from game.scenes.base import Scene
from game.ui import look

PANEL = pygame.Rect(560, 300, 800, 480)


def panel_rect() -> pygame.Rect:
    """The panel: taller at a large text size, for the hint's two lines under the count."""
    return PANEL.inflate(0, 140) if looks.large() else PANEL


class StillPlayingScene(Scene):
    """Drawn over whatever was left idle; the Kiosk controller owns the timing and the input."""

    opaque = False

    def enter(self) -> None:
        self._render_words()

    def language_changed(self) -> None:
        super().language_changed()
        self._render_words()

    def _render_words(self) -> None:
        assets = self.app.assets
        room = PANEL.w - 60  # long words shrink a little inside the panel, never cut
        self._title = look.fitted(assets, _("Still playing?"), 96, room, INK, True)
        hint = _("Touch or press any key to keep playing")
        # A large text size: two lines at its size in the taller panel (one would shrink it).
        self._hint = fit.fit(assets, hint, (room, 2 * assets.font(looks.scaled(40)).get_linesize()),
                             40, INK, align="centre") if looks.large() else \
            look.fitted(assets, hint, 40, room, INK)
        self._small = look.fitted(assets, _("The demo starts again in"), 34, room, INK)
        self._digits: dict[int, pygame.Surface] = {}  # at most 11 numbers, built once each
        self._shown = -1

    def update(self, dt: float) -> None:
        left = self._left()
        if left != self._shown:
            self.dirty = True

    def _left(self) -> int:
        kiosk = self.app.kiosk_ctl
        return math.ceil(kiosk.seconds_left()) if kiosk is not None else 0

    def draw(self, surface: pygame.Surface) -> None:
        left = self._left()
        self._shown = left
        digits = self._digits.get(left)
        if digits is None:
            digits = fit.label(self.app.assets, str(left), 160, EMBER, True)
            self._digits[left] = digits
        surface.fill(DIM, special_flags=pygame.BLEND_RGB_MULT)  # dim, no new Surface
        panel = panel_rect()
        pygame.draw.rect(surface, CREAM, panel, border_radius=32)
        pygame.draw.rect(surface, GOLD, panel, 6, border_radius=32)
        cx = panel.centerx
        surface.blit(self._title, self._title.get_rect(center=(cx, panel.top + 90)))
        surface.blit(self._small, self._small.get_rect(center=(cx, panel.top + 180)))
        surface.blit(digits, digits.get_rect(center=(cx, panel.top + 290)))
        hint = self._hint.get_rect(midtop=(cx, panel.top + 400)) if looks.large() else \
            self._hint.get_rect(center=(cx, panel.bottom - 60))
        surface.blit(self._hint, hint)
