"""Asset loading, done once: fonts per size, card faces per width (converted, cached), sounds."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

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
# The caches are bounded in bytes as well: a kiosk runs for weeks on a small machine. Room for
# what one screen draws (a full-screen backdrop and a dimmer are 8 MB each; a layout's faces
# about 4 MB), not for every screen ever shown.
BUILT_BYTES = 24 * 2**20
SCALED_BYTES = 16 * 2**20
# The card files as loaded (240x336, 0.3 MB each): room for a deck's and the task cards, as
# a table scales all its faces at each new width (loading one again costs about a
# millisecond), not for both sets of faces (with and without colour symbols).
ORIGINAL_BYTES = 8 * 2**20
# Open fonts: each holds its file's tables (about 0.55 MB) whatever its size, and fitting text
# tries one size after another; an hour of play opened 30 and more. A table's text is built
# from 15 or fewer, once (the texts are cached); a font let go opens again in a few ms.
FONT_LIMIT = 16


def surface_bytes(value) -> int:
    """The pixel bytes of a surface, or of the surfaces in a tuple or list (0 for others, and
    for a closed window's surface, which holds no pixels any more)."""
    if isinstance(value, pygame.Surface):
        try:
            return value.get_width() * value.get_height() * value.get_bytesize()
        except pygame.error:  # "Surface is not initialized": its display was closed
            return 0
    if isinstance(value, (tuple, list)):
        return sum(surface_bytes(v) for v in value)
    return 0


class _Lru:
    """Least recently used first out, at most `count` entries and `size` pixel bytes (None: no
    such bound; the newest entry stays whatever its size)."""

    def __init__(self, count: int | None, size: int | None) -> None:
        self.entries: OrderedDict = OrderedDict()
        self.count = count
        self.size = size
        self.bytes = 0
        self.used: set | None = None  # keys asked for since `watch`, while watching

    def get(self, key):
        value = self.entries.get(key)
        if value is not None:
            self.entries.move_to_end(key)
            if self.used is not None:
                self.used.add(key)
        return value

    def put(self, key, value) -> None:
        old = self.entries.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self.entries[key] = value
        self.bytes += surface_bytes(value)
        if self.used is not None:
            self.used.add(key)
        entries = self.entries
        while len(entries) > 1 and ((self.size is not None and self.bytes > self.size)
                                    or (self.count is not None and len(entries) > self.count)):
            _key, old = entries.popitem(last=False)
            self.bytes -= surface_bytes(old)

    def watch(self) -> None:
        """Note from now on which entries are asked for (see `keep_used`)."""
        self.used = set()

    def keep_used(self) -> None:
        """Drop every entry not asked for since `watch`; stop watching."""
        used, self.used = self.used, None
        if used is None:
            return
        for key in [key for key in self.entries if key not in used]:
            self.bytes -= surface_bytes(self.entries.pop(key))

    def clear(self) -> None:
        self.entries.clear()
        self.bytes = 0


@dataclass(frozen=True)
class CacheView:
    """What one cache held when asked (a copy): its entries by key, least recently used first,
    and the pixel bytes it counts for them."""

    entries: dict
    bytes: int


class Assets:
    """Loads each file once and caches every scaled size, so nothing is built in the frame loop."""

    def __init__(self) -> None:
        self._fonts = _Lru(FONT_LIMIT, None)  # pygame fonts by (size, bold)
        self._originals = _Lru(None, ORIGINAL_BYTES)  # card files as loaded, by name
        self._scaled = _Lru(None, SCALED_BYTES)  # card faces by (name, width)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.colour_symbols = True  # mirrors Settings.colour_symbols
        self.high_contrast = False  # mirrors Settings.high_contrast
        # Tumbling title cards alone could fill hundreds of MB (every face x width x angle);
        # each of them shows one angle for a few frames, so a few dozen entries do.
        self._built = _Lru(BUILT_LIMIT, BUILT_BYTES)

    def cached(self, key: tuple, build):
        """Anything a scene draws every frame (text, panels, rotated cards), built once per key."""
        value = self._built.get(key)
        if value is None:
            value = build()
            self._built.put(key, value)
        return value

    def forget_built(self) -> None:
        """Drop every built surface (the kiosk does when a visitor's screens are gone); scenes
        build again what they draw."""
        self._built.clear()

    def watch_frame(self) -> None:
        """A new screen is about to draw its first frame: note what it draws (`keep_drawn`)."""
        self._built.watch()
        self._scaled.watch()

    def keep_drawn(self) -> None:
        """Keep only the built surfaces and card faces the frame since `watch_frame` drew:
        the screen left behind its own (a table's texts, the menus' backdrop and tumbling
        cards: tens of MB); the new screen builds again anything else it draws later."""
        self._built.keep_used()
        self._scaled.keep_used()

    def caches(self) -> dict[str, CacheView]:
        """What each cache holds now, for the soak's report of where the memory is."""
        return {name: CacheView(dict(cache.entries), cache.bytes) for name, cache in (
            ("card faces", self._scaled), ("built", self._built),
            ("originals", self._originals), ("fonts", self._fonts))}

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
                fell_back(path, err, "pygame's own font")
                font = pygame.font.Font(None, size)
            self._fonts.put(key, font)
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
                fell_back(path, err, "a drawn stand-in")
                surf = _placeholder(name, self.font(48, True))
            self._originals.put(name, surf)
        return surf

    def face_name(self, name: str) -> str:
        """The file a face is drawn from: animal faces come without their colour symbol when the
        player turned symbols off (Settings); in high contrast, with a thick outline and strong
        corner badges (their symbol always shown)."""
        if len(name) != 2:
            return name
        if self.high_contrast:
            return f"contrast/{name}"
        return name if self.colour_symbols else f"plain/{name}"

    def card_image(self, name: str, width: int) -> pygame.Surface:
        """A card face ('YC', 'back', 'task_E', 'task_Y'...) scaled to `width`, cached per size."""
        name = self.face_name(name)
        key = (name, width)
        surf = self._scaled.get(key)
        if surf is None:
            surf = pygame.transform.smoothscale(
                self._original(name), (width, round(width * CARD_RATIO))
            )
            self._scaled.put(key, surf)
        return surf

    def icon(self) -> pygame.Surface:
        """The window icon: assets/icon.png, else a small card drawn from the cat face."""
        try:
            return pygame.image.load(ASSETS / "icon.png")
        except (OSError, pygame.error) as err:
            fell_back(ASSETS / "icon.png", err, "a drawn icon")
            return _drawn_icon()

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(ASSETS / "sounds" / f"{name}.wav")
            except (OSError, pygame.error) as err:
                fell_back(ASSETS / "sounds" / f"{name}.wav", err, "silence")
                self._sounds[name] = None
        return self._sounds[name]


_TOLD: set[str] = set()  # the asset files errors.log has named (the caches let go and reload)


def fell_back(path, err: Exception, instead: str) -> None:
    """A missing or broken asset is played around, and errors.log says so (once per file)."""
    if str(path) not in _TOLD:
        _TOLD.add(str(path))
        log_traceback(f"asset {path} could not be loaded ({err}); {instead} is used instead")


def _placeholder(name: str, font: pygame.font.Font) -> pygame.Surface:
    surf = pygame.Surface((240, 336), pygame.SRCALPHA)
    pygame.draw.rect(surf, FALLBACK_CARD, surf.get_rect(), border_radius=20)
    pygame.draw.rect(surf, FALLBACK_EDGE, surf.get_rect(), 4, border_radius=20)
    # The missing file's name, not a word for players (errors.log says which): made here, not
    # through game/render/fit.py, which needs the Assets this placeholder is part of.
    text = font.render(name, True, FALLBACK_TEXT)  # text-audit: not player text
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
