"""The shared look of the menus: colours, the felt backdrop, panels and cached text."""

from __future__ import annotations

import pygame

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
                small.set_at((x, y), [round(a + (b - a) * d) for a, b in zip(FELT, FELT_DARK, strict=True)])
        surf = pygame.transform.smoothscale(small, LOGICAL_SIZE)
        return _converted(surf, alpha=False)

    return assets.cached(("backdrop",), build)


def dim(assets, alpha: int = 150) -> pygame.Surface:
    """A translucent dark sheet that overlays lay over the scene beneath."""

    def build() -> pygame.Surface:
        surf = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        surf.fill((8, 20, 14, alpha))
        return surf

    return assets.cached(("dim", alpha), build)


def panel(assets, size: tuple[int, int]) -> pygame.Surface:
    """A cream card-like panel with a soft shadow, cached per size."""

    def build() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface((w + 24, h + 24), pygame.SRCALPHA)
        pygame.draw.rect(surf, SHADOW_SOFT, (14, 16, w, h), border_radius=28)
        pygame.draw.rect(surf, PANEL, (0, 0, w, h), border_radius=28)
        pygame.draw.rect(surf, PAPER_EDGE, (0, 0, w, h), 4, border_radius=28)
        return surf

    return assets.cached(("panel", size), build)


def text(assets, words: str, size: int, colour=CREAM, bold: bool = False,
         shadow: bool = False) -> pygame.Surface:
    """Rendered text, cached (menus render the same words every frame)."""

    def build() -> pygame.Surface:
        font = assets.font(size, bold)
        face = font.render(words, True, colour)
        if not shadow:
            return face
        off = max(2, size // 24)
        surf = pygame.Surface((face.get_width() + off, face.get_height() + off), pygame.SRCALPHA)
        shade = font.render(words, True, BLACK)
        shade.set_alpha(110)
        surf.blit(shade, (off, off))
        surf.blit(face, (0, 0))
        return surf

    return assets.cached(("text", words, size, colour, bold, shadow), build)


def fitted(assets, words: str, size: int, width: int, colour=CREAM, bold: bool = False,
           shadow: bool = False, smallest: float = 0.6) -> pygame.Surface:
    """Text in one line no wider than `width`: a long word (German) shrinks the size a little
    rather than run into its neighbour; never cut."""
    chosen = size
    while chosen > size * smallest and assets.font(chosen, bold).size(words)[0] > width:
        chosen -= 2
    return text(assets, words, chosen, colour, bold, shadow)


def wrapped(assets, words: str, size: int, width: int, colour=INK, bold: bool = False,
            spacing: float = 1.25, centred: bool = False) -> pygame.Surface:
    """A paragraph wrapped to `width` pixels (each line centred if asked), cached."""

    def build() -> pygame.Surface:
        font = assets.font(size, bold)
        lines: list[str] = []
        for para in words.split("\n"):
            line = ""
            for word in _breakable(font, para.split(" "), width):
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        step = round(font.get_linesize() * spacing / 1.25)
        surf = pygame.Surface((width, max(1, step * len(lines))), pygame.SRCALPHA)
        for i, line in enumerate(lines):
            rendered = font.render(line, True, colour)
            x = (width - rendered.get_width()) // 2 if centred else 0
            surf.blit(rendered, (x, i * step))
        return surf

    return assets.cached(("wrapped", words, size, width, colour, bold, spacing, centred), build)


def _breakable(font, words: list[str], width: int) -> list[str]:
    """The words, a word wider than `width` (a file name, a code) broken into pieces that fit,
    so no text is ever cut at the edge."""
    out: list[str] = []
    for word in words:
        while len(word) > 1 and font.size(word)[0] > width:
            low, high = 1, len(word) - 1  # the longest start that fits (at least one letter)
            while low < high:
                mid = (low + high + 1) // 2
                low, high = (mid, high) if font.size(word[:mid])[0] <= width else (low, mid - 1)
            out.append(word[:low])
            word = word[low:]
        out.append(word)
    return out


def _converted(surf: pygame.Surface, alpha: bool) -> pygame.Surface:
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha() if alpha else surf.convert()
