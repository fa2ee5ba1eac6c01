"""The kiosk's "Still playing?" overlay: a countdown back to the demo that any input cancels."""

from __future__ import annotations

import math

import pygame

from game.scenes.base import Scene

CREAM = (250, 243, 224)
INK = (40, 36, 32)
GOLD = (247, 200, 72)
PANEL = pygame.Rect(560, 300, 800, 480)


class StillPlayingScene(Scene):
    """Drawn over whatever was left idle; the Kiosk controller owns the timing and the input."""

    opaque = False

    def enter(self) -> None:
        fonts = self.app.assets
        self._title = fonts.font(96, True).render("Still playing?", True, INK)
        self._hint = fonts.font(40).render("Touch or press any key to keep playing", True, INK)
        self._small = fonts.font(34).render("The demo starts again in", True, INK)
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
            digits = self.app.assets.font(160, True).render(str(left), True, (200, 84, 26))
            self._digits[left] = digits
        surface.fill((110, 110, 110), special_flags=pygame.BLEND_RGB_MULT)  # dim, no new Surface
        pygame.draw.rect(surface, CREAM, PANEL, border_radius=32)
        pygame.draw.rect(surface, GOLD, PANEL, 6, border_radius=32)
        cx = PANEL.centerx
        surface.blit(self._title, self._title.get_rect(center=(cx, PANEL.top + 90)))
        surface.blit(self._small, self._small.get_rect(center=(cx, PANEL.top + 180)))
        surface.blit(digits, digits.get_rect(center=(cx, PANEL.top + 290)))
        surface.blit(self._hint, self._hint.get_rect(center=(cx, PANEL.bottom - 60)))
