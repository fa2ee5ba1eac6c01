"""The shared look of the menus: colours, the felt backdrop, panels and cached text."""

from __future__ import annotations

import pygame

from game.render import fit, looks
from game.render.palette import (  # noqa: F401
    BLACK,
    CREAM,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    LOGICAL_SIZE,
    PAPER_EDGE,
    SHADOW,
    SHADOW_SOFT,
    WHITE,
)

PANEL = CREAM


def backdrop(assets) -> pygame.Surface:
    """The felt table, darker at the edges: built once (a tiny gradient scaled up)."""

    def build() -> pygame.Surface:
        small = pygame.Surface((32, 18))
        cx, cy = 15.5, 8.0
        for y in range(18):
            for x in range(32):
                d = min(1.0, (((x - cx) / 17) ** 2 + ((y - cy) / 11) ** 2) ** 0.5)
                small.set_at((x, y), [round(a + (b - a) * d) for a, b in zip(looks.felt(), looks.felt_edge(), strict=True)])
        surf = pygame.transform.smoothscale(small, LOGICAL_SIZE)
        return _converted(surf, alpha=False)

    return assets.cached(("backdrop", looks.high_contrast), build)


def dim(assets, alpha: int = 150) -> pygame.Surface:
    """A translucent dark sheet that overlays lay over the scene beneath."""

    def build() -> pygame.Surface:
        surf = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        surf.fill((8, 20, 14, alpha))
        return surf

    return assets.cached(("dim", alpha), build)


def panel(assets, size: tuple[int, int]) -> pygame.Surface:
    """A cream card-like panel with a soft shadow, cached per size."""

    contrast = looks.high_contrast  # white, with a black edge: words on it stand out more

    def build() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface((w + 24, h + 24), pygame.SRCALPHA)
        pygame.draw.rect(surf, SHADOW_SOFT, (14, 16, w, h), border_radius=28)
        pygame.draw.rect(surf, WHITE if contrast else PANEL, (0, 0, w, h), border_radius=28)
        pygame.draw.rect(surf, BLACK if contrast else PAPER_EDGE, (0, 0, w, h),
                         6 if contrast else 4, border_radius=28)
        return surf

    return assets.cached(("panel", size, contrast), build)


def text(assets, words: str, size: int, colour=CREAM, bold: bool = False,
         shadow: bool = False) -> pygame.Surface:
    """Rendered text in one line, cached (menus render the same words every frame). Text with
    a box to keep goes through `fitted` or game/render/fit.py."""

    def build() -> pygame.Surface:
        face = fit.label(assets, words, size, colour, bold)
        if not shadow:
            return face
        off = max(2, size // 24)
        surf = pygame.Surface((face.get_width() + off, face.get_height() + off), pygame.SRCALPHA)
        shade = fit.label(assets, words, size, BLACK, bold).copy()
        shade.set_alpha(110)
        surf.blit(shade, (off, off))
        surf.blit(face, (0, 0))
        return fit.tag(surf, words, fit.height_of(face))

    return assets.cached(("text", words, size, colour, bold, shadow), build)


def put(surface: pygame.Surface, assets, words: str, box, size: int, colour=CREAM,
        bold: bool = False, shadow: bool = False, anchor: str = "center",
        shorter=()) -> pygame.Rect:
    """`words` fitted into `box` and drawn at its `anchor` (game/render/fit.py's `draw`)."""
    return fit.draw(surface, assets, words, pygame.Rect(box), size, colour, bold, anchor=anchor,
                    shorter=shorter, shadow=shadow)


def fitted(assets, words: str, size: int, width: int, colour=CREAM, bold: bool = False,
           shadow: bool = False, shorter=()) -> pygame.Surface:
    """Text in the room of one line `width` wide (game/render/fit.py's `line`)."""
    return fit.line(assets, words, width, size, colour, bold, shadow=shadow, shorter=shorter)


def wrapped(assets, words: str, size: int, width: int, colour=INK, bold: bool = False,
            spacing: float = 1.25, centred: bool = False) -> pygame.Surface:
    """A paragraph wrapped to `width` pixels (each line centred if asked), cached."""
    return fit.paragraph(assets, words, width, size, colour, bold, spacing, centred)


def _converted(surf: pygame.Surface, alpha: bool) -> pygame.Surface:
    screen = pygame.display.get_surface()
    if screen is None:
        return surf
    if alpha:
        return surf.convert_alpha()
    if not surf.get_flags() & pygame.SRCALPHA and surf.get_bitsize() == screen.get_bitsize() \
            and surf.get_masks() == screen.get_masks():
        return surf  # in the screen's format already: a conversion would only copy it (8 MB)
    return surf.convert()
