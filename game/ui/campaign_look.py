"""Drawn pieces of the campaign screens: tiles, stars, padlocks, small fields; each built once."""

from __future__ import annotations

import math

import pygame

from game.engine.position import format_position
from game.render import looks
from game.render.assets import CARD_RATIO
from game.render.palette import (
    BLACK,
    BROKEN,
    BROKEN_EDGE,
    GOLD,
    GREY,
    INK,
    INK_OFF,
    PAPER,
    PAPER_HOT,
    SHADOW,
    STAR,
    STAR_EDGE,
    STAR_OFF,
    STAR_OFF_EDGE,
    WOOD_LIGHT,
)
from game.ui import look
from game.ui.focus import OUTLINE, draw_ring

# The same colours as the menu buttons in assets/theme.json, so tiles sit well beside them.
TILE = PAPER
TILE_FOCUS = GOLD
TILE_BROKEN = BROKEN
BORDER = WOOD_LIGHT
BORDER_BROKEN = BROKEN_EDGE
TEXT = INK
STAR_ON = STAR


def tile_hot():
    """A tile under the pointer: warmer; in high contrast a plain tile (its edge says it), never
    the focused tile's gold."""
    return TILE if looks.high_contrast else PAPER_HOT


def border_hot():
    """The edge of the tile under the pointer: in high contrast black and strong."""
    return BLACK if looks.high_contrast else BORDER


def tile_off():
    """A tile that cannot be chosen (a locked chapter or level): greyed (looks.greyed)."""
    return looks.greyed()[0] if looks.high_contrast else GREY


def text_off():
    """The words on it: readable in high contrast (looks.greyed)."""
    return looks.greyed()[1] if looks.high_contrast else INK_OFF


def tile(assets, size: tuple[int, int], fill, border=BORDER) -> pygame.Surface:
    """A rounded card-like tile with a drop shadow (cached per size and colour)."""

    def build() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface((w, h + 6), pygame.SRCALPHA)
        pygame.draw.rect(surf, SHADOW, (0, 6, w, h), border_radius=22)
        pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=22)
        pygame.draw.rect(surf, border, (0, 0, w, h), 3, border_radius=22)
        return surf

    return assets.cached(("campaign_tile", size, fill, border), build)


def star(assets, size: int, earned: bool) -> pygame.Surface:
    """A five-pointed star: gold when earned, pale when not."""

    def build() -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        points = []
        for i in range(10):
            angle = math.radians(-90 + 36 * i)
            r = (size / 2 - 2) * (1.0 if i % 2 == 0 else 0.46)
            points.append((c + r * math.cos(angle), c + r * math.sin(angle) + size * 0.04))
        pygame.draw.polygon(surf, STAR_ON if earned else STAR_OFF, points)
        pygame.draw.polygon(surf, STAR_EDGE if earned else STAR_OFF_EDGE, points,
                            max(2, size // 18))
        return surf

    return assets.cached(("campaign_star", size, earned), build)


def stars(assets, earned: int, size: int = 36, gap: int = 6, total: int = 3) -> pygame.Surface:
    """A row of `total` stars, the first `earned` gold."""

    def build() -> pygame.Surface:
        surf = pygame.Surface((total * size + (total - 1) * gap, size), pygame.SRCALPHA)
        for i in range(total):
            surf.blit(star(assets, size, i < earned), (i * (size + gap), 0))
        return surf

    return assets.cached(("campaign_stars", earned, size, gap, total), build)


def padlock(assets, size: int, colour=None) -> pygame.Surface:
    """A closed padlock: a shackle over a body with a keyhole (greyed unless `colour`)."""
    colour = text_off() if colour is None else colour

    def build() -> pygame.Surface:
        w, h = size, round(size * 1.2)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        body = pygame.Rect(0, h * 0.42, w, h * 0.58)
        shackle = pygame.Rect(w * 0.18, h * 0.04, w * 0.64, h * 0.7)
        pygame.draw.arc(surf, colour, shackle, 0, math.pi, max(3, size // 8))
        pygame.draw.line(surf, colour, (shackle.left + size // 16, shackle.centery),
                         (shackle.left + size // 16, body.top), max(3, size // 8))
        pygame.draw.line(surf, colour, (shackle.right - size // 16 - 1, shackle.centery),
                         (shackle.right - size // 16 - 1, body.top), max(3, size // 8))
        pygame.draw.rect(surf, colour, body, border_radius=max(3, size // 8))
        hole = PAPER
        pygame.draw.circle(surf, hole, (w // 2, body.centery - size // 14), max(2, size // 9))
        pygame.draw.rect(surf, hole, (w // 2 - size // 20, body.centery - size // 14,
                                      max(2, size // 10), size // 5))
        return surf

    return assets.cached(("campaign_lock", size, colour), build)


def mini_field(assets, position, box: tuple[int, int], target=None) -> pygame.Surface:
    """A level's field in miniature (real card faces), fitted into `box`; target cards ringed."""

    def build() -> pygame.Surface:
        bw, bh = box
        cols, rows = max(1, position.width), max(1, position.height)
        gap = 4
        card_w = int(min((bw - gap * (cols - 1)) / cols,
                         (bh - gap * (rows - 1)) / rows / CARD_RATIO, 64))
        card_w = max(8, card_w)
        card_h = round(card_w * CARD_RATIO)
        w = cols * card_w + (cols - 1) * gap
        h = rows * card_h + (rows - 1) * gap
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        for x, y, card in position.occupied():
            left = x * (card_w + gap)
            top = h - card_h - y * (card_h + gap)
            surf.blit(assets.card_image(card.code, card_w), (left, top))
            if target is not None and card == target:
                pygame.draw.rect(surf, OUTLINE, (left - 1, top - 1, card_w + 2, card_h + 2), 3,
                                 border_radius=4)
        return surf

    key = ("campaign_mini", format_position(position), box, target)
    return assets.cached(key, build)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The menus' focus ring (game/ui/focus.py), around a drawn tile."""
    draw_ring(surface, rect, 26)


def label(assets, words: str, size: int, colour=TEXT, bold: bool = False,
          width: int | None = None) -> pygame.Surface:
    """Cached text; given a `width`, fitted into one line's room of it (game/render/fit.py)."""
    if width is None:
        return look.text(assets, words, size, colour, bold)
    return look.fitted(assets, words, size, width, colour, bold)
