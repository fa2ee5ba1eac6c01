"""OverlayScene: a modal panel over the dimmed scene beneath (pause, confirm, message)."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.render import fit
from game.scenes.menu import CENTER_X, MenuScene
from game.ui import look

# Input an overlay keeps from the scene beneath it (the overlay is modal).
_INPUT = {
    pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
    pygame.MOUSEMOTION,  # nothing beneath lights up under the pointer: it would do nothing
    pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION, pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION, pygame.TEXTINPUT,
}


class OverlayScene(MenuScene):
    opaque = False
    panel_size = (900, 560)

    @property
    def panel_rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.panel_size).move(CENTER_X - self.panel_size[0] // 2,
                                                          540 - self.panel_size[1] // 2)

    def handle(self, event: pygame.event.Event) -> bool:
        return super().handle(event) or event.type in _INPUT

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(look.dim(assets), (0, 0))
        surface.blit(look.panel(assets, self.panel_size), self.panel_rect.topleft)
        if self.heading:
            panel = self.panel_rect
            box = pygame.Rect(panel.x + 40, panel.top + 34, panel.w - 80, 96)
            fit.draw(surface, assets, _(self.heading), box, 64, look.INK, True, anchor="midtop")
        self.draw_content(surface)
        self.ring.draw(surface)
