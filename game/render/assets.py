"""Asset loading, done once: fonts per size, card faces per width (converted, cached), sounds."""

from __future__ import annotations

import pygame

from game.paths import ASSETS

CARD_RATIO = 336 / 240  # height / width of a card face


class Assets:
    """Loads each file once and caches every scaled size, so nothing is built in the frame loop."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            path = ASSETS / "fonts" / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
            try:
                font = pygame.font.Font(path, size)
            except (OSError, pygame.error):
                font = pygame.font.Font(None, size)
            self._fonts[key] = font
        return font

    def _original(self, name: str) -> pygame.Surface:
        surf = self._originals.get(name)
        if surf is None:
            path = ASSETS / "cards" / f"{name}.png"
            try:
                surf = pygame.image.load(path)
                if pygame.display.get_surface() is not None:
                    surf = surf.convert_alpha()
            except (OSError, pygame.error, FileNotFoundError):
                surf = _placeholder(name, self.font(48, True))
            self._originals[name] = surf
        return surf

    def card_image(self, name: str, width: int) -> pygame.Surface:
        """A card face ('YC', 'back', 'task_E', 'task_Y'...) scaled to `width`, cached per size."""
        key = (name, width)
        surf = self._scaled.get(key)
        if surf is None:
            surf = pygame.transform.smoothscale(
                self._original(name), (width, round(width * CARD_RATIO))
            )
            self._scaled[key] = surf
        return surf

    def icon(self) -> pygame.Surface | None:
        try:
            return pygame.image.load(ASSETS / "icon.png")
        except (OSError, pygame.error, FileNotFoundError):
            return None

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(ASSETS / "sounds" / f"{name}.wav")
            except (OSError, pygame.error, FileNotFoundError):
                self._sounds[name] = None
        return self._sounds[name]


def _placeholder(name: str, font: pygame.font.Font) -> pygame.Surface:
    surf = pygame.Surface((240, 336), pygame.SRCALPHA)
    pygame.draw.rect(surf, (245, 238, 220), surf.get_rect(), border_radius=20)
    pygame.draw.rect(surf, (60, 60, 60), surf.get_rect(), 4, border_radius=20)
    text = font.render(name, True, (40, 40, 40))
    surf.blit(text, text.get_rect(center=surf.get_rect().center))
    return surf
