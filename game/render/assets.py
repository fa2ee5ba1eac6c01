"""Asset loading, done once: fonts per size, card faces per width (converted, cached), sounds."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.paths import ASSETS, log_traceback
from game.render.palette import (
    FALLBACK_BACK,
    FALLBACK_CARD,
    FALLBACK_EDGE,
    FALLBACK_FRONT,
    FALLBACK_TEXT,
    FELT,
    GOLD,
)

CARD_RATIO = 336 / 240  # height / width of a card face
BUILT_LIMIT = 160  # cached built surfaces; far above what any one frame draws


class Assets:
    """Loads each file once and caches every scaled size, so nothing is built in the frame loop."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.colour_symbols = True  # mirrors Settings.colour_symbols
        # Bounded, least recently used first out: tumbling title cards alone could fill
        # hundreds of MB (every face x width x angle), and a kiosk runs for days.
        self._built: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def cached(self, key: tuple, build):
        """Anything a scene draws every frame (text, panels, rotated cards), built once per key."""
        value = self._built.get(key)
        if value is None:
            value = self._built[key] = build()
            if len(self._built) > BUILT_LIMIT:
                self._built.popitem(last=False)
        else:
            self._built.move_to_end(key)
        return value

    def card_turned(self, name: str, width: int, angle: int) -> pygame.Surface:
        """A cached card face rotated by a whole number of degrees (for tumbling cards)."""
        return self.cached(
            ("turned", self.face_name(name), width, angle % 360),
            lambda: pygame.transform.rotate(self.card_image(name, width), angle % 360),
        )

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            path = ASSETS / "fonts" / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
            try:
                font = pygame.font.Font(path, size)
            except (OSError, pygame.error) as err:
                _fell_back(path, err, "pygame's own font")
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
            except (OSError, pygame.error) as err:
                _fell_back(path, err, "a drawn stand-in")
                surf = _placeholder(name, self.font(48, True))
            self._originals[name] = surf
        return surf

    def face_name(self, name: str) -> str:
        """The file a face is drawn from: animal faces come without their colour symbol when the
        player turned symbols off (Settings)."""
        return name if self.colour_symbols or len(name) != 2 else f"plain/{name}"

    def card_image(self, name: str, width: int) -> pygame.Surface:
        """A card face ('YC', 'back', 'task_E', 'task_Y'...) scaled to `width`, cached per size."""
        name = self.face_name(name)
        key = (name, width)
        surf = self._scaled.get(key)
        if surf is None:
            surf = pygame.transform.smoothscale(
                self._original(name), (width, round(width * CARD_RATIO))
            )
            self._scaled[key] = surf
        return surf

    def icon(self) -> pygame.Surface:
        """The window icon: assets/icon.png, else a small card drawn from the cat face."""
        try:
            return pygame.image.load(ASSETS / "icon.png")
        except (OSError, pygame.error) as err:
            _fell_back(ASSETS / "icon.png", err, "a drawn icon")
            return _drawn_icon()

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(ASSETS / "sounds" / f"{name}.wav")
            except (OSError, pygame.error) as err:
                _fell_back(ASSETS / "sounds" / f"{name}.wav", err, "silence")
                self._sounds[name] = None
        return self._sounds[name]


def _fell_back(path, err: Exception, instead: str) -> None:
    """A missing or broken asset is played around, and errors.log says so (once per file:
    each is cached)."""
    log_traceback(f"asset {path} could not be loaded ({err}); {instead} is used instead")


def _placeholder(name: str, font: pygame.font.Font) -> pygame.Surface:
    surf = pygame.Surface((240, 336), pygame.SRCALPHA)
    pygame.draw.rect(surf, FALLBACK_CARD, surf.get_rect(), border_radius=20)
    pygame.draw.rect(surf, FALLBACK_EDGE, surf.get_rect(), 4, border_radius=20)
    text = font.render(name, True, FALLBACK_TEXT)
    surf.blit(text, text.get_rect(center=surf.get_rect().center))
    return surf


def _drawn_icon() -> pygame.Surface:
    """A 64x64 icon drawn in code: a tilted pair of cards on the felt green."""
    surf = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(surf, FELT, surf.get_rect(), border_radius=14)
    back = pygame.Surface((30, 42), pygame.SRCALPHA)
    pygame.draw.rect(back, FALLBACK_CARD, back.get_rect(), border_radius=6)
    pygame.draw.rect(back, FALLBACK_BACK, back.get_rect().inflate(-8, -8), border_radius=4)
    surf.blit(pygame.transform.rotate(back, 14), (8, 8))
    front = pygame.Surface((30, 42), pygame.SRCALPHA)
    pygame.draw.rect(front, FALLBACK_CARD, front.get_rect(), border_radius=6)
    pygame.draw.rect(front, FALLBACK_FRONT, front.get_rect().inflate(-8, -8), border_radius=4)
    pygame.draw.circle(front, GOLD, (15, 21), 7)
    surf.blit(pygame.transform.rotate(front, -10), (24, 14))
    return surf
