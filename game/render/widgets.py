"""Small drawn widgets for the table scenes: cached text and buttons that can be held."""

from __future__ import annotations

import math

import pygame

from game.render import fit, looks
from game.render.palette import (
    BLACK,
    BUTTON,
    BUTTON_EDGE,
    CREAM,
    DARK_TEXT,
    GOLD,
    GREEN_ON,
    INK,
    SHADOW,
    WHITE,
)

DARK = DARK_TEXT
BUTTON_HOT = GOLD
BUTTON_ON = GREEN_ON
BUTTON_TEXT = INK  # dark words on a cream button


class TextCache:
    """Rendered text, made once per (text, size, bold, colour) and reused every frame."""

    def __init__(self, assets, limit: int = 400) -> None:
        self.assets = assets
        self.limit = limit
        self._cache: dict[tuple, pygame.Surface] = {}

    def get(self, text: str, size: int, bold: bool = False, colour=CREAM) -> pygame.Surface:
        key = (text, size, bold, colour)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > self.limit:
                self._cache.clear()
            surf = self._cache[key] = fit.label(self.assets, text, size, colour, bold)
        return surf

    def draw(self, surface: pygame.Surface, text: str, box, size: int, bold: bool = False,
             colour=CREAM, anchor: str = "topleft", shorter: tuple[str, ...] = (),
             spacing: float = 1.0, floor: int = fit.FLOOR) -> pygame.Rect:
        """Text fitted into `box` and drawn at its `anchor` (game/render/fit.py's `draw`)."""
        return fit.draw(surface, self.assets, text, pygame.Rect(box), size, colour, bold,
                        anchor=anchor, shorter=shorter, spacing=spacing, floor=floor)

    def fitted(self, text: str, size: int, width: int, bold: bool = False, colour=CREAM,
               shorter: tuple[str, ...] = (), grows: bool = False) -> pygame.Surface:
        """Text in the room of one line `width` wide (game/render/fit.py's `line`)."""
        return fit.line(self.assets, text, width, size, colour, bold, shorter=shorter,
                        grows=grows)

    def wrapped(self, text: str, size: int, width: int, bold: bool = False,
                colour=CREAM) -> list[pygame.Surface]:
        """Text broken into lines no wider than `width` (cached per line)."""
        lines = [t for t in fit.break_lines(self.assets.font(size, bold), text, width) if t]
        return [self.get(t, size, bold, colour) for t in lines]


class Button:
    """A drawn button; every look (plain, hot, pressed, on, off) is rendered once in __init__.
    The label is fitted into the button (game/render/fit.py); `enabled = False` greys it out
    and `contains` then says no, so a greyed button never acts."""

    def __init__(self, assets, rect: pygame.Rect, label: str, size: int = 32,
                 on_label: str | None = None, shorter: tuple[str, ...] = (),
                 arrow: int = 0) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label.replace(fit.SOFT_HYPHEN, "")
        self.visible = True
        self.enabled = True
        self.hot = False  # mouse over it
        self.pressed = False
        self.on = False  # toggles show their 'on' look
        self._looks = {}
        self._labels = {}  # look -> (label image, where it sits, its room) for the text audit
        edge, edge_w, plain = (BLACK, 5, WHITE) if looks.high_contrast else (BUTTON_EDGE, 3, BUTTON)
        # In high contrast the pointer's button turns over (white on black), never like the
        # lit one; a greyed one keeps readable words (looks.greyed).
        hot, hot_ink = (BLACK, WHITE) if looks.high_contrast else (BUTTON_HOT, BUTTON_TEXT)
        off, off_ink = looks.greyed()
        for look, fill, ink in (("plain", plain, BUTTON_TEXT), ("hot", hot, hot_ink),
                                ("on", BUTTON_ON, BUTTON_TEXT), ("off", off, off_ink)):
            rim = WHITE if look == "hot" and looks.high_contrast else edge  # black: a light edge
            text = on_label if look == "on" and on_label else label
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, SHADOW, r.move(0, 5), border_radius=22)
            body = r.inflate(0, -6).move(0, -3)
            pygame.draw.rect(surf, fill, body, border_radius=20)
            pygame.draw.rect(surf, rim, body, edge_w, border_radius=20)
            room = body.inflate(-24, -8)
            if arrow and looks.large() and \
                    fit.choose(assets, text, room.size, size, True).size < looks.scaled(size) * 4 // 5:
                # Undo and Redo in a third of the panel: a large text size has no room for the
                # word at its size ("Rückgängig"), so a large turning arrow says it (the table
                # that speaks says the word).
                turn_arrow(surf, room, ink, arrow)
                self._looks[look] = surf
                continue
            img = fit.fit(assets, text, room.size, size, ink, True, align="centre",
                          shorter=() if look == "on" and on_label else shorter)
            surf.blit(img, img.get_rect(center=body.center))
            self._looks[look] = surf
            self._labels[look] = (img, img.get_rect(center=body.center), room)

    def contains(self, pos) -> bool:
        return self.visible and self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, greyed: bool = False) -> None:
        """`greyed`: drawn as a disabled button (a screen over it answers for it now)."""
        if not self.visible:
            return
        look = "off" if not self.enabled or greyed else "on" if self.on else \
            "hot" if self.hot or self.pressed else "plain"
        offset = 3 if self.pressed and self.enabled else 0
        where = self.rect.move(0, offset)
        surface.blit(self._looks[look], where)
        if look not in self._labels:  # an arrow instead of words
            return
        # The label again, alone and in place: what the text audit sees of this button.
        img, rect, room = self._labels[look]
        fit.seen(surface, img, rect.move(where.topleft), room.move(where.topleft), fit.BUTTON)


def turn_arrow(surf: pygame.Surface, room: pygame.Rect, ink, way: int) -> None:
    """An arrow turning back (`way` -1: Undo, the arrow's head at the left) or on (1: Redo)
    over the top of a circle, as large as `room` holds."""
    r = min(room.w, room.h) * 0.42
    c = pygame.Vector2(room.centerx, room.centery + r * 0.25)
    width = max(4, round(r / 4))
    ring = pygame.Rect(0, 0, 2 * r, 2 * r)
    ring.center = (round(c.x), round(c.y))
    for dy in range(2):  # twice, a pixel apart: one thick arc has gaps
        pygame.draw.arc(surf, ink, ring.move(0, dy), math.radians(15), math.radians(165), width)
    end = c + pygame.Vector2(way * r * math.cos(math.radians(15)), -r * math.sin(math.radians(15)))
    head = r * 0.55
    pygame.draw.polygon(surf, ink, [(end.x, end.y + head), (end.x - head, end.y - head * 0.2),
                                    (end.x + head, end.y - head * 0.2)])
