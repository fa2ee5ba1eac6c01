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


SOFT_HYPHEN = "\u00ad"
ROOM = 24  # the border and the rounded corners keep 12 px a side


def button_lines(assets, words: str, size: int, width: int, height: int
                 ) -> tuple[list[str], int]:
    """A button's label as lines and the size they fit at: one line, shrunk a little if need be
    (to 80 %); else two lines broken at a space or a soft hyphen (German Rück-gängig), as large
    as fits. Never cut: the smallest try is kept when nothing fits."""
    floor = round(size * 0.8)
    for chosen in range(size, floor - 1, -2):
        if assets.font(chosen, True).size(words.replace(SOFT_HYPHEN, ""))[0] <= width:
            return [words.replace(SOFT_HYPHEN, "")], chosen
    breaks = [i for i, ch in enumerate(words) if ch in " " + SOFT_HYPHEN]
    if not breaks:
        return [words], floor
    at = min(breaks, key=lambda i: abs(i - len(words) / 2))
    first = words[:at] + ("-" if words[at] == SOFT_HYPHEN else "")
    lines = [first.replace(SOFT_HYPHEN, ""), words[at + 1:].replace(SOFT_HYPHEN, "")]
    chosen = size
    while chosen > floor * 0.85 and (
            max(assets.font(chosen, True).size(t)[0] for t in lines) > width
            or 2 * assets.font(chosen, True).get_linesize() > height):
        chosen -= 2
    return lines, chosen


class Button:
    """A drawn button; every look (plain, hot, pressed, on) is rendered once in __init__. A
    label too long for it shrinks a little or takes two lines (`fit` says how well it fits)."""

    def __init__(self, assets, rect: pygame.Rect, label: str, size: int = 32,
                 on_label: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label.replace(SOFT_HYPHEN, "")
        self.visible = True
        self.hot = False  # mouse over it
        self.pressed = False
        self.on = False  # toggles show their 'on' look
        self.fit: list[tuple[float, str]] = []  # (widest line / room, words) per label
        self._looks = {}
        for look, fill in (("plain", BUTTON), ("hot", BUTTON_HOT), ("on", BUTTON_ON)):
            text = on_label if look == "on" and on_label else label
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, SHADOW, r.move(0, 5), border_radius=22)
            body = r.inflate(0, -6).move(0, -3)
            pygame.draw.rect(surf, fill, body, border_radius=20)
            pygame.draw.rect(surf, BUTTON_EDGE, body, 3, border_radius=20)
            lines, chosen = button_lines(assets, text, size, self.rect.width - ROOM, body.height - 8)
            font = assets.font(chosen, True)
            images = [font.render(t, True, BUTTON_TEXT) for t in lines]
            step = font.get_linesize()
            top = body.centery - step * len(images) / 2
            for i, img in enumerate(images):
                surf.blit(img, img.get_rect(center=(body.centerx, round(top + step * (i + 0.5)))))
            if look != "hot":
                widest = max(font.size(t)[0] for t in lines)
                self.fit.append((widest / (self.rect.width - ROOM), text.replace(SOFT_HYPHEN, "")))
            self._looks[look] = surf

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        look = "on" if self.on else "hot" if self.hot or self.pressed else "plain"
        offset = 3 if self.pressed else 0
        surface.blit(self._looks[look], self.rect.move(0, offset))
