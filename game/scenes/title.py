"""Title / main menu (placeholder until the menu scenes land)."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene


class TitleScene(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 70, 50))
        text = self.app.assets.font(96, True).render("Scare It!", True, (250, 240, 210))
        surface.blit(text, text.get_rect(center=(960, 400)))
