"""Small drawn widgets for the table scenes: cached text and buttons that can be held."""

from __future__ import annotations

import pygame

from game.render.palette import BUTTON, BUTTON_EDGE, CREAM, DARK_TEXT, GOLD, GREEN_ON, INK, SHADOW

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
            surf = self.assets.font(size, bold).render(text, True, colour)
            self._cache[key] = surf
        return surf

    def wrapped(self, text: str, size: int, width: int, bold: bool = False,
                colour=CREAM) -> list[pygame.Surface]:
        """Text broken into lines no wider than `width` (cached per line)."""
        font = self.assets.font(size, bold)
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        if line:
            lines.append(line)
        return [self.get(t, size, bold, colour) for t in lines]


class Button:
    """A drawn button; every look (plain, hot, pressed, on) is rendered once in __init__."""

    def __init__(self, assets, rect: pygame.Rect, label: str, size: int = 32,
                 on_label: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.visible = True
        self.hot = False  # mouse over it
        self.pressed = False
        self.on = False  # toggles show their 'on' look
        font = assets.font(size, True)
        self._looks = {}
        for look, fill in (("plain", BUTTON), ("hot", BUTTON_HOT), ("on", BUTTON_ON)):
            text = on_label if look == "on" and on_label else label
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, SHADOW, r.move(0, 5), border_radius=22)
            body = r.inflate(0, -6).move(0, -3)
            pygame.draw.rect(surf, fill, body, border_radius=20)
            pygame.draw.rect(surf, BUTTON_EDGE, body, 3, border_radius=20)
            img = font.render(text, True, BUTTON_TEXT)
            surf.blit(img, img.get_rect(center=body.center))
            self._looks[look] = surf

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        look = "on" if self.on else "hot" if self.hot or self.pressed else "plain"
        offset = 3 if self.pressed else 0
        surface.blit(self._looks[look], self.rect.move(0, offset))
