"""A progress bar on the felt: a dark trough, a gold part done, and the words beside it."""

from __future__ import annotations

import pygame

from game.render import fit
from game.render.palette import FELT_DEEP, GOLD, WOOD_LIGHT


def draw(surface: pygame.Surface, rect, fraction: float) -> pygame.Rect:
    """The bar in `rect`, `fraction` (0 to 1) of it gold; returns the rect."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, FELT_DEEP, rect, border_radius=rect.h // 2)
    done = rect.copy()
    done.w = max(rect.h, round(rect.w * min(1.0, max(0.0, fraction))))
    pygame.draw.rect(surface, GOLD, done, border_radius=rect.h // 2)
    pygame.draw.rect(surface, WOOD_LIGHT, rect, 2, border_radius=rect.h // 2)
    return rect


def labelled(surface: pygame.Surface, assets, words: str, rect, fraction: float, size: int,
             colour) -> None:
    """The words on the left of `rect` (two thirds at most), the bar filling the rest."""
    rect = pygame.Rect(rect)
    room = pygame.Rect(rect.x, rect.y, rect.w * 2 // 3 - 24, rect.h)
    said = fit.draw(surface, assets, words, room, size, colour, True, anchor="midleft")
    bar_x = said.right + 24
    draw(surface, (bar_x, rect.centery - 12, rect.right - bar_x, 24), fraction)
