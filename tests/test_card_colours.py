"""The four colour bands tell apart in greyscale, and the colour symbols are big enough to read
(issue 50, finding 9): lightness from the card art's own colours, sizes from the cards drawn."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from itertools import combinations  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.tool import load_tool  # noqa: E402

make_assets = load_tool("make_assets")
ASSETS = Path(__file__).resolve().parent.parent / "assets"
MARGIN = 20  # CIELAB L*: any two bands at least this far apart in lightness
THEMES = {"normal": make_assets.face_names, "high contrast": make_assets.contrast_face_names}


def lightness(rgb) -> float:
    """CIELAB L* (0 black .. 100 white) of an sRGB colour, as a greyscale print shows it."""
    def linear(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    y = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
    f = y ** (1 / 3) if y > 216 / 24389 else (24389 / 27 * y + 16) / 116
    return 116 * f - 16


def band_of(path: Path) -> tuple[int, int, int]:
    """The colour of a card file's band: between its two corner badges, halfway down it."""
    face = pygame.image.load(path)
    w = face.get_width()
    y = round(make_assets.BAND / 2 * w / make_assets.CARD_SIZE[0])
    return tuple(face.get_at((w // 2, y)))[:3]


def test_any_two_colour_bands_differ_in_lightness():
    for a, b in combinations(make_assets.CARD_COLOURS, 2):
        apart = abs(lightness(make_assets.CARD_COLOURS[a]) - lightness(make_assets.CARD_COLOURS[b]))
        assert apart >= MARGIN, (a, b, round(apart, 1))


@pytest.mark.parametrize("theme", tuple(THEMES))
def test_every_card_file_shows_its_colours_band(theme):
    """The faces the game loads in each theme (normal, high contrast) carry those bands: each
    file's band is its colour's, so the lightness apart holds on the cards themselves."""
    for name in THEMES[theme]():
        letter = name.split("/")[-1][0]
        if len(name.split("/")[-1]) != 2 or letter not in make_assets.CARD_COLOURS:
            continue  # the back and the task cards
        band = band_of(ASSETS / "cards" / f"{name}.png")
        want = make_assets.CARD_COLOURS[letter]
        assert all(abs(x - y) <= 2 for x, y in zip(band, want, strict=True)), \
            (theme, name, band, want)


def test_the_colour_symbol_is_big_on_the_table():
    """The symbol measured on the card files (a face with its symbol against the same face
    without), at the width the 4x8 field draws them: at least 36 px across (25 to 30 before)."""
    from game.render.field import FieldLayout

    pygame.display.init()
    pygame.display.set_mode((8, 8))
    width = FieldLayout(8, 4).card_w
    for letter in make_assets.CARD_COLOURS:
        marked = pygame.image.load(ASSETS / "cards" / f"{letter}C.png")
        plain = pygame.image.load(ASSETS / "cards" / "plain" / f"{letter}C.png")
        across = symbol_across(marked, plain) * width / marked.get_width()
        assert across >= 36, (letter, width, round(across, 1))


def symbol_across(marked: pygame.Surface, plain: pygame.Surface) -> int:
    """The symbol's size in px: what the marked face adds to the plain one (a white badge
    with an ink ring, the symbol inside), less the badge's white and its ring."""
    differ = pygame.mask.from_threshold(marked, (0, 0, 0, 0), (12, 12, 12, 255), plain)
    differ.invert()
    white = pygame.mask.from_threshold(marked, (255, 255, 255, 255), (40, 40, 40, 255))
    white.invert()
    drawn = differ.overlap_mask(white, (0, 0))
    ring = max(drawn.get_bounding_rects(), key=lambda r: r.w * r.h)
    y = ring.centery  # the ring's thickness: from its left edge to the badge's white
    thick = next(x for x in range(ring.left, ring.centerx) if not drawn.get_at((x, y))) - ring.left
    disc = pygame.Surface(ring.size, pygame.SRCALPHA)  # the badge's white, inside its ring
    pygame.draw.circle(disc, (255, 255, 255), (ring.w // 2, ring.h // 2), ring.w // 2 - thick - 2)
    symbol = drawn.overlap_mask(pygame.mask.from_surface(disc), ring.topleft)
    parts = symbol.get_bounding_rects()
    assert parts, "no symbol in the badge"
    return max(parts[0].unionall(parts[1:]).size)

