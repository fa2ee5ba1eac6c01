"""Generate the game's card art, icon, sound effects and pygame-gui theme into assets/.

Everything is drawn by code (pygame-ce primitives, supersampled then smoothscaled) and the
sounds are synthesised with the standard library, so the output is reproducible:
    .venv/bin/python tools/make_assets.py            # writes into assets/
    .venv/bin/python tools/make_assets.py --out DIR  # writes elsewhere
The drawing functions are importable (draw_face, draw_card_face, ...) so the game or a tool
can redraw a face at any size; the game itself loads the PNGs.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
import sys
import tempfile
import wave
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the environment must be set before pygame loads)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the game's own palette, from a checkout as from an install
from game.render import palette  # noqa: E402

ASSETS = ROOT / "assets"
FONT_REGULAR = ASSETS / "fonts" / "NotoSans-Regular.ttf"
FONT_BOLD = ASSETS / "fonts" / "NotoSans-Bold.ttf"

CARD_SIZE = (240, 336)  # 5:7, the size the PNGs are written at
ICON_SIZE = (64, 64)
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)  # the menu's icon theme sizes (assets/icons/)
SUPERSAMPLE = 4  # draw this much larger, then smoothscale down (a power of two keeps 255 exact)

RGB = tuple[int, int, int]

# Hues far apart so yellow and orange never blur together (the symbols settle it anyway), and
# lightness apart too, light to dark (CIELAB L* about 89, 68, 48 and 26): in greyscale, or to
# an eye that tells few hues, any two bands still differ (tests/test_card_colours.py).
CARD_COLOURS: dict[str, RGB] = {
    "Y": (255, 222, 40),
    "O": (250, 136, 30),
    "P": (90, 30, 134),
    "B": (30, 108, 224),
}
ANIMALS = "EDCM"
INK: RGB = (54, 38, 30)
CREAM: RGB = (255, 248, 231)
WHITE: RGB = (255, 255, 255)
PINK: RGB = (246, 166, 178)
FELT: RGB = (30, 92, 58)
FELT_DARK: RGB = (20, 64, 40)
GOLD: RGB = (247, 200, 72)
TARGET_RED: RGB = (208, 52, 44)
NEUTRAL: RGB = (214, 204, 190)  # the animal on an animal-type task card: "any colour"


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour t of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


# Hand-picked deep tones: a plain multiply turns yellow olive, which reads as "not yellow".
DEEP: dict[RGB, RGB] = {
    CARD_COLOURS["Y"]: (222, 170, 0),
    CARD_COLOURS["O"]: (196, 90, 10),
    CARD_COLOURS["P"]: (58, 16, 92),
    CARD_COLOURS["B"]: (16, 72, 168),
}


def shade(c: RGB, f: float) -> RGB:
    """Darker by factor f; the card colours go toward their deep tone instead of grey."""
    if c in DEEP:
        return mix(c, DEEP[c], min(1.0, (1 - f) / 0.28))
    return tuple(max(0, min(255, round(x * f))) for x in c)  # type: ignore[return-value]


# --- geometry helpers (all in local units; the Pen maps them to pixels) -------------------

Point = tuple[float, float]


def ellipse_points(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0,
                   n: int = 72) -> list[Point]:
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def arc_points(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float,
               n: int = 24) -> list[Point]:
    """Points along an ellipse arc from angle a0 to a1 (degrees, y down, 90 = bottom)."""
    out = []
    for i in range(n + 1):
        t = math.radians(a0 + (a1 - a0) * i / n)
        out.append((cx + rx * math.cos(t), cy + ry * math.sin(t)))
    return out


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 24) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        ))
    return out


def mirror(points: Sequence[Point]) -> list[Point]:
    return [(-x, y) for x, y in points]


class Pen:
    """Draws in local units onto a supersampled surface: pixel = (origin + local * unit) * scale."""

    def __init__(self, surface: pygame.Surface, scale: float,
                 ox: float = 0.0, oy: float = 0.0, unit: float = 1.0) -> None:
        self.surface, self.scale, self.ox, self.oy, self.unit = surface, scale, ox, oy, unit

    def frame(self, cx: float, cy: float, unit: float) -> Pen:
        """A sub-frame centred on (cx, cy) where one local unit is `unit` of ours."""
        return Pen(self.surface, self.scale, self.ox + cx * self.unit, self.oy + cy * self.unit,
                   self.unit * unit)

    def p(self, x: float, y: float) -> Point:
        return ((self.ox + x * self.unit) * self.scale, (self.oy + y * self.unit) * self.scale)

    def d(self, length: float) -> float:
        return length * self.unit * self.scale

    def rrect(self, colour: RGB, x: float, y: float, w: float, h: float, radius: float) -> None:
        px, py = self.p(x, y)
        rect = pygame.Rect(round(px), round(py), round(self.d(w)), round(self.d(h)))
        pygame.draw.rect(self.surface, colour, rect, border_radius=max(0, round(self.d(radius))))


# --- shapes: each can be drawn "grown" by an outline width, so a group gets one ink outline --


def _thick_segment(pen: Pen, colour: RGB, a: Point, b: Point, ha: float, hb: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    nx, ny = -dy / length, dx / length
    quad = [(a[0] + nx * ha, a[1] + ny * ha), (b[0] + nx * hb, b[1] + ny * hb),
            (b[0] - nx * hb, b[1] - ny * hb), (a[0] - nx * ha, a[1] - ny * ha)]
    pygame.draw.polygon(pen.surface, colour, [pen.p(*q) for q in quad])


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float

    def draw(self, pen: Pen, colour: RGB, grow: float = 0.0) -> None:
        pygame.draw.circle(pen.surface, colour, pen.p(self.cx, self.cy), pen.d(self.r + grow))


@dataclass(frozen=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    angle: float = 0.0

    def draw(self, pen: Pen, colour: RGB, grow: float = 0.0) -> None:
        pts = ellipse_points(self.cx, self.cy, self.rx + grow, self.ry + grow, self.angle)
        pygame.draw.polygon(pen.surface, colour, [pen.p(*q) for q in pts])


@dataclass(frozen=True)
class Blob:
    """A polygon with its corners rounded by `round` (the polygon grown by a disc)."""

    points: tuple[Point, ...]
    round: float = 0.0

    def draw(self, pen: Pen, colour: RGB, grow: float = 0.0) -> None:
        pygame.draw.polygon(pen.surface, colour, [pen.p(*q) for q in self.points])
        r = self.round + grow
        if r <= 0:
            return
        n = len(self.points)
        for i in range(n):
            a, b = self.points[i], self.points[(i + 1) % n]
            _thick_segment(pen, colour, a, b, r, r)
            pygame.draw.circle(pen.surface, colour, pen.p(*a), pen.d(r))


@dataclass(frozen=True)
class Tube:
    """A stroked path with round ends; width may taper from start to end."""

    points: tuple[Point, ...]
    width: float
    end_width: float | None = None

    def draw(self, pen: Pen, colour: RGB, grow: float = 0.0) -> None:
        n = len(self.points)
        w1 = self.width if self.end_width is None else self.end_width
        halves = [(self.width + (w1 - self.width) * i / max(1, n - 1)) / 2 + grow
                  for i in range(n)]
        for i in range(n - 1):
            _thick_segment(pen, colour, self.points[i], self.points[i + 1],
                           halves[i], halves[i + 1])
        for pt, h in zip(self.points, halves, strict=True):
            pygame.draw.circle(pen.surface, colour, pen.p(*pt), pen.d(h))


Shape = Circle | Ellipse | Blob | Tube
Part = tuple[Shape, RGB]


def group(pen: Pen, parts: Sequence[Part], ink: float) -> None:
    """Draw parts as one cartoon piece: a single ink outline around all of them, then fills."""
    for shape, _ in parts:
        shape.draw(pen, INK, ink)
    for shape, colour in parts:
        shape.draw(pen, colour)


def stroke(pen: Pen, points: Sequence[Point], width: float, colour: RGB = INK) -> None:
    Tube(tuple(points), width).draw(pen, colour)


def eye(pen: Pen, x: float, y: float, r: float, slit: bool = False) -> None:
    """A friendly cartoon eye: white, dark pupil looking slightly inward, a highlight."""
    group(pen, [(Ellipse(x, y, r * 0.85, r), WHITE)], r * 0.28)
    px = x - math.copysign(r * 0.12, x)
    if slit:
        Ellipse(px, y + r * 0.05, r * 0.3, r * 0.78).draw(pen, INK)
    else:
        Circle(px, y + r * 0.12, r * 0.55).draw(pen, INK)
    Circle(px + r * 0.2, y - r * 0.22, r * 0.2).draw(pen, WHITE)


def blush(pen: Pen, x: float, y: float, r: float, base: RGB) -> None:
    Ellipse(x, y, r, r * 0.6).draw(pen, mix(base, PINK, 0.6))


# --- the animals: heads in a frame where the head spans roughly -1..1 ---------------------

INK_W = 0.05  # outline width in animal units


def draw_elephant(pen: Pen, body: RGB) -> None:
    dark, light = shade(body, 0.82), mix(body, PINK, 0.45)
    for s in (-1, 1):
        group(pen, [(Ellipse(0.6 * s, -0.12, 0.42, 0.52, -12 * s), dark)], INK_W)
        Ellipse(0.64 * s, -0.1, 0.27, 0.36, -12 * s).draw(pen, light)
    tusks = [(Tube(tuple(bezier((0.2 * s, 0.2), (0.24 * s, 0.36), (0.3 * s, 0.46),
                               (0.42 * s, 0.44), 12)), 0.11, 0.05), CREAM) for s in (-1, 1)]
    group(pen, tusks, INK_W)
    trunk = bezier((0.0, 0.0), (0.0, 0.45), (0.0, 0.72), (0.26, 0.78), 24)
    trunk += bezier((0.26, 0.78), (0.36, 0.78), (0.4, 0.7), (0.36, 0.64), 8)[1:]
    group(pen, [(Ellipse(0.0, -0.14, 0.5, 0.47), body), (Tube(tuple(trunk), 0.3, 0.14), body)],
          INK_W)
    for y, w in ((0.42, 0.09), (0.54, 0.08), (0.64, 0.07)):
        stroke(pen, arc_points(0.0, y - 0.06, w, 0.05, 40, 140, 8), 0.028, shade(body, 0.6))
    for s in (-1, 1):
        eye(pen, 0.2 * s, -0.2, 0.11)
        blush(pen, 0.32 * s, 0.04, 0.09, body)
    stroke(pen, arc_points(-0.2, -0.4, 0.08, 0.05, 200, 340, 8), 0.03)
    stroke(pen, arc_points(0.2, -0.4, 0.08, 0.05, 200, 340, 8), 0.03)


def draw_dog(pen: Pen, body: RGB) -> None:
    dark, light = shade(body, 0.72), mix(body, CREAM, 0.62)
    group(pen, [(Ellipse(0.0, -0.05, 0.56, 0.52), body),
                (Ellipse(0.0, 0.26, 0.42, 0.34), body)], INK_W)
    Ellipse(-0.22, -0.14, 0.17, 0.15, 20).draw(pen, dark)  # a patch over one eye
    group(pen, [(Ellipse(0.0, 0.3, 0.3, 0.23), light)], INK_W * 0.7)
    for s in (-1, 1):
        # floppy ears hang from the top of the head, tips swinging outward
        group(pen, [(Ellipse(0.56 * s, -0.02, 0.21, 0.46, -24 * s), dark)], INK_W)
        eye(pen, 0.21 * s, -0.14, 0.11)
    group(pen, [(Blob(((0.0, 0.25), (0.14, 0.12), (-0.14, 0.12)), 0.04), INK)], 0.0)
    Circle(0.04, 0.14, 0.025).draw(pen, WHITE)
    stroke(pen, [(0.0, 0.26), (0.0, 0.33)], 0.03)
    group(pen, [(Ellipse(0.0, 0.44, 0.08, 0.1), PINK)], INK_W * 0.6)
    stroke(pen, arc_points(-0.1, 0.33, 0.1, 0.08, 0, 160, 10), 0.03)
    stroke(pen, arc_points(0.1, 0.33, 0.1, 0.08, 20, 180, 10), 0.03)
    stroke(pen, arc_points(-0.2, -0.38, 0.09, 0.06, 200, 330, 8), 0.03)
    stroke(pen, arc_points(0.2, -0.38, 0.09, 0.06, 210, 340, 8), 0.03)


def draw_cat(pen: Pen, body: RGB) -> None:
    dark, inner = shade(body, 0.72), mix(body, PINK, 0.6)
    ears = [(Blob(((-0.56, -0.05), (-0.5, -0.8), (-0.12, -0.4)), 0.05), body),
            (Blob(((0.56, -0.05), (0.5, -0.8), (0.12, -0.4)), 0.05), body)]
    group(pen, [*ears, (Ellipse(0.0, 0.06, 0.62, 0.5), body)], INK_W)
    for s in (-1, 1):
        Blob(((0.47 * s, -0.2), (0.46 * s, -0.66), (0.22 * s, -0.4)), 0.02).draw(pen, inner)
    for x, top in ((-0.12, -0.36), (0.0, -0.4), (0.12, -0.36)):
        stroke(pen, [(x, top), (x * 0.8, top + 0.14)], 0.05, dark)
    for s in (-1, 1):
        eye(pen, 0.24 * s, -0.04, 0.13, slit=True)
        blush(pen, 0.36 * s, 0.2, 0.08, body)
        for dy, tilt in ((-0.02, -0.1), (0.06, 0.0), (0.14, 0.1)):
            stroke(pen, [(0.3 * s, 0.18 + dy), (0.9 * s, 0.14 + dy + tilt)], 0.025)
    group(pen, [(Blob(((-0.07, 0.14), (0.07, 0.14), (0.0, 0.21)), 0.02), PINK)], INK_W * 0.5)
    stroke(pen, arc_points(-0.07, 0.23, 0.07, 0.07, 0, 160, 10), 0.028)
    stroke(pen, arc_points(0.07, 0.23, 0.07, 0.07, 20, 180, 10), 0.028)


def draw_mouse(pen: Pen, body: RGB) -> None:
    dark, inner = shade(body, 0.75), mix(body, PINK, 0.65)
    tail = bezier((0.25, 0.66), (0.7, 0.82), (0.95, 0.6), (0.82, 0.32), 20)
    tail += bezier((0.82, 0.32), (0.74, 0.14), (0.58, 0.2), (0.62, 0.34), 10)[1:]
    group(pen, [(Tube(tuple(tail), 0.075, 0.04), dark)], INK_W * 0.8)
    group(pen, [(Ellipse(0.0, 0.6, 0.34, 0.26), body)], INK_W)
    for s in (-1, 1):
        group(pen, [(Circle(0.44 * s, -0.44, 0.32), body)], INK_W)
        Circle(0.44 * s, -0.42, 0.21).draw(pen, inner)
    head = ellipse_points(0.0, 0.0, 0.46, 0.4)
    snout = (0.0, 0.44)
    # a round head drawn out to a soft point at the snout
    lower = [q for q in head if q[1] > 0.1]
    group(pen, [(Ellipse(0.0, 0.0, 0.46, 0.4), body),
                (Blob((lower[0], snout, lower[-1]), 0.06), body)], INK_W)
    for s in (-1, 1):
        eye(pen, 0.18 * s, -0.06, 0.12)
        blush(pen, 0.3 * s, 0.14, 0.07, body)
        for dy in (-0.03, 0.05):
            stroke(pen, [(0.12 * s, 0.32 + dy), (0.6 * s, 0.26 + dy * 2.2)], 0.022)
    group(pen, [(Circle(0.0, 0.42, 0.065), PINK)], INK_W * 0.6)


ANIMAL_DRAWERS: dict[str, Callable[[Pen, RGB], None]] = {
    "E": draw_elephant, "D": draw_dog, "C": draw_cat, "M": draw_mouse,
}


# --- colour symbols: shape alone tells the colour (sun, triangle, diamond, drop) -----------


def symbol_shapes(colour_letter: str) -> list[Shape]:
    """The colour's symbol within a radius of 1 around (0, 0)."""
    if colour_letter == "Y":  # sun
        rays = []
        for i in range(16):
            r = 0.98 if i % 2 == 0 else 0.66
            t = math.pi * 2 * i / 16 - math.pi / 2
            rays.append((r * math.cos(t), r * math.sin(t)))
        return [Blob(tuple(rays), 0.03)]
    if colour_letter == "O":  # triangle
        return [Blob(((0.0, -0.86), (0.74, 0.46), (-0.74, 0.46)), 0.1)]
    if colour_letter == "P":  # diamond
        return [Blob(((0.0, -0.9), (0.7, 0.0), (0.0, 0.9), (-0.7, 0.0)), 0.08)]
    if colour_letter == "B":  # drop
        cy, r = 0.3, 0.6
        pts = [(0.0, -0.98)] + arc_points(0.0, cy, r, r, -28, 208, 30)
        return [Blob(tuple(pts), 0.0)]
    raise ValueError(f"'{colour_letter}' is not a colour letter")


def draw_symbol(pen: Pen, colour_letter: str, fill: RGB, ink: float = 0.12) -> None:
    group(pen, [(s, fill) for s in symbol_shapes(colour_letter)], ink)
    if colour_letter == "Y":  # the sun's face: a ringed disc inside the rays
        group(pen, [(Circle(0.0, 0.0, 0.46), fill)], ink * 0.7)


def badge(pen: Pen, x: float, y: float, r: float) -> Pen:
    """A white disc with an ink ring; returns a frame of radius 1 inside it."""
    group(pen, [(Circle(x, y, r), WHITE)], r * 0.1)
    return pen.frame(x, y, r)


# --- text ---------------------------------------------------------------------------------

_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(path: Path, px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    key = (str(path), px)
    if key not in _fonts:
        _fonts[key] = pygame.font.Font(str(path), px)
    return _fonts[key]


def text(pen: Pen, s: str, x: float, y: float, height: float, colour: RGB,
         path: Path = FONT_BOLD) -> None:
    """Text centred on (x, y); height is the cap height wanted, in local units."""
    f = font(path, max(4, round(pen.d(height) / 0.72)))
    img = f.render(s, True, colour)
    # centre on the cap-height box rather than the line box so letters sit optically centred
    cx, cy = pen.p(x, y)
    rect = img.get_rect()
    rect.center = (round(cx), round(cy - (f.get_ascent() - f.get_height() / 2) * 0.05))
    pen.surface.blit(img, rect)


# --- the card faces -----------------------------------------------------------------------

BAND = 86.0  # height of the coloured band on top of a face, in card units (240 wide): room
# for corner badges big enough that the colour symbol reads on a 4x8 field
MARGIN = 13.0
BADGE = 37.0  # a corner badge's radius (the colour symbol's and the animal's marks)


def _new_surface(size: tuple[int, int]) -> tuple[pygame.Surface, Pen, float]:
    w, h = size
    if w < 8 or h < 8:
        raise ValueError(f"card size {size} is too small")
    surface = pygame.Surface((w * SUPERSAMPLE, h * SUPERSAMPLE), pygame.SRCALPHA)
    # transparent ink, so smoothscale blends the rounded corners toward the outline colour
    surface.fill((*INK, 0))
    scale = w * SUPERSAMPLE / CARD_SIZE[0]
    return surface, Pen(surface, scale), CARD_SIZE[0] * h / w


def _finish(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, size)


def _card_frame(pen: Pen, height: float, band: RGB, panel: RGB,
                edge: float = 3.0) -> tuple[float, float, float]:
    """Card outline (`edge` units of ink), coloured frame and light panel; returns the
    panel's centre and size."""
    w = CARD_SIZE[0]
    pen.rrect(INK, 0, 0, w, height, 20)
    pen.rrect(band, edge, edge, w - 2 * edge, height - 2 * edge, 20 - edge)
    top = BAND
    pw, ph = w - 2 * MARGIN, height - top - MARGIN
    pen.rrect(shade(band, 0.7), MARGIN - 2.5, top - 2.5, pw + 5, ph + 5, 14)
    pen.rrect(panel, MARGIN, top, pw, ph, 12)
    return w / 2, top + ph / 2, min(pw, ph)


def _band_badges(pen: Pen, left: Callable[[Pen], None] | None,
                 right: Callable[[Pen], None], r: float = BADGE) -> None:
    y = BAND / 2 + 2
    if left is not None:  # None: the plain faces for players who turned colour symbols off
        left(badge(pen, MARGIN + r - 2, y, r))
    right(badge(pen, CARD_SIZE[0] - MARGIN - r + 2, y, r))


# --- corner marks: each animal as a small side-view silhouette, the same in every language --
# (a letter would be English: E/D/C/M are slon/pes/kočka/myš, Elefant/Hund/Katze/Maus...)


def _legs(xs: Sequence[float], top: float, bottom: float, width: float) -> list[Shape]:
    return [Tube(((x, top), (x, bottom)), width) for x in xs]


def elephant_mark() -> list[Shape]:
    """Facing left: a round back, a big head, a trunk curling down, four pillar legs."""
    trunk = bezier((-0.55, -0.12), (-0.8, 0.0), (-0.78, 0.34), (-0.68, 0.5), 14)
    return [Ellipse(0.12, 0.0, 0.56, 0.38), Circle(-0.42, -0.14, 0.3),
            Tube(tuple(trunk), 0.17, 0.1),
            *_legs((-0.28, -0.06, 0.3, 0.5), 0.2, 0.6, 0.19),
            Tube(((0.64, -0.04), (0.76, 0.26)), 0.05)]


def dog_mark() -> list[Shape]:
    """Facing left: a long body, a head with a snout and a hanging ear, a tail held up."""
    return [Ellipse(0.12, 0.06, 0.48, 0.22), Tube(((-0.4, -0.28), (-0.24, 0.0)), 0.26),
            Circle(-0.44, -0.32, 0.2), Ellipse(-0.66, -0.24, 0.18, 0.1),
            *_legs((-0.26, -0.1, 0.34, 0.5), 0.12, 0.6, 0.12),
            Tube(tuple(bezier((0.56, -0.02), (0.7, -0.12), (0.76, -0.3), (0.74, -0.46), 8)),
                 0.1, 0.06)]


def cat_mark() -> list[Shape]:
    """Sitting, seen from the side: pointed ears, a round back, a tail curling round."""
    tail = bezier((0.3, 0.6), (0.8, 0.62), (0.86, 0.2), (0.68, -0.04), 14)
    return [Ellipse(0.06, 0.24, 0.38, 0.42), Circle(-0.14, -0.32, 0.27),
            Blob(((-0.4, -0.36), (-0.38, -0.84), (-0.1, -0.54)), 0.04),
            Blob(((-0.12, -0.56), (0.12, -0.84), (0.12, -0.34)), 0.04),
            Tube(((-0.2, 0.08), (-0.24, 0.64)), 0.16), Tube(tuple(tail), 0.12, 0.08)]


def mouse_mark() -> list[Shape]:
    """Facing left: a round body running to a pointed nose, a big ear, a long thin tail."""
    tail = bezier((0.5, 0.36), (0.84, 0.44), (0.94, 0.1), (0.8, -0.16), 14)
    return [Ellipse(0.14, 0.2, 0.42, 0.3), Blob(((-0.1, -0.04), (-0.78, 0.32), (-0.06, 0.48)), 0.08),
            Circle(-0.2, -0.16, 0.22), *_legs((-0.1, 0.26), 0.4, 0.58, 0.09),
            Tube(tuple(tail), 0.07, 0.035)]


# Where each silhouette's eye sits (a white dot makes the head read at a glance).
MARK_EYES = {"E": (-0.5, -0.2, 0.06), "D": (-0.5, -0.36, 0.05), "C": (-0.26, -0.34, 0.055),
             "M": (-0.44, 0.18, 0.05)}


ANIMAL_MARKS: dict[str, Callable[[], list[Shape]]] = {
    "E": elephant_mark, "D": dog_mark, "C": cat_mark, "M": mouse_mark,
}


def _animal_mark(animal_letter: str) -> Callable[[Pen], None]:
    """The corner badge's animal: one ink silhouette (no outline needed on the white disc)."""
    parts: list[Part] = [(s, INK) for s in ANIMAL_MARKS[animal_letter]()]
    parts.append((Circle(*MARK_EYES[animal_letter]), WHITE))
    return lambda p: group(p.frame(0.0, 0.02, 0.92), parts, 0.0)


def draw_card_face(card_code: str, size: tuple[int, int] = CARD_SIZE,
                   symbol: bool = True, contrast: bool = False) -> pygame.Surface:
    """An animal card such as 'YC' (yellow cat), drawn at `size` pixels; `symbol` False leaves
    out the colour symbol (a setting: some players find the faces calmer without it).
    `contrast`: the high-contrast face: a thick outline, corner badges clear of it, the symbol
    outlined strongly (the yellow sun reads in greyscale too) on a white panel."""
    code = card_code.upper()
    if len(code) != 2 or code[0] not in CARD_COLOURS or code[1] not in ANIMALS:
        raise ValueError(f"'{card_code}' is not a card")
    colour = CARD_COLOURS[code[0]]
    surface, pen, height = _new_surface(size)
    panel = WHITE if contrast else mix(colour, WHITE, 0.84)
    cx, cy, span = _card_frame(pen, height, colour, panel, 8.0 if contrast else 3.0)
    ink = 0.3 if contrast else 0.12
    left = (lambda p: draw_symbol(p.frame(0, 0, 0.82), code[0], colour, ink)) \
        if symbol else None  # clear of the badge's ring
    # The high-contrast outline is thicker: the badges a little smaller, clear of it.
    _band_badges(pen, left, _animal_mark(code[1]), BADGE - 1.5 if contrast else BADGE)
    ANIMAL_DRAWERS[code[1]](pen.frame(cx, cy + 4, span * 0.47), colour)
    return _finish(surface, size)


def _task_mark(p: Pen) -> None:
    """A small bullseye: marks a task card (a goal) and looks like no colour symbol."""
    for r, c in ((0.78, TARGET_RED), (0.52, WHITE), (0.27, TARGET_RED)):
        Circle(0.0, 0.0, r).draw(p, c)


def draw_task_face(letter: str, size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """A task card: an animal type (E, D, C, M) or a colour (Y, O, P, B)."""
    key = letter.upper()
    surface, pen, height = _new_surface(size)
    if key in ANIMAL_DRAWERS:
        cx, cy, span = _card_frame(pen, height, FELT, CREAM)
        _band_badges(pen, _task_mark, _animal_mark(key))
        ANIMAL_DRAWERS[key](pen.frame(cx, cy + 4, span * 0.47), NEUTRAL)
    elif key in CARD_COLOURS:
        colour = CARD_COLOURS[key]
        cx, cy, span = _card_frame(pen, height, FELT, mix(colour, CREAM, 0.25))
        _band_badges(pen, _task_mark, lambda p: draw_symbol(p.frame(0, 0, 0.8), key, colour))
        inner = badge(pen, cx, cy, span * 0.4)
        draw_symbol(inner.frame(0, 0, 0.72), key, colour, ink=0.06)
    else:
        raise ValueError(f"'{letter}' is not a task card letter")
    return _finish(surface, size)


def draw_back(size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """The back of a card (task cards lie face down with it)."""
    surface, pen, height = _new_surface(size)
    w = CARD_SIZE[0]
    pen.rrect(INK, 0, 0, w, height, 20)
    pen.rrect(FELT, 3, 3, w - 6, height - 6, 17)
    # a soft lattice of diamonds, clipped to the inside of the frame
    inner = pygame.Rect(round(pen.d(14)), round(pen.d(14)), round(pen.d(w - 28)),
                        round(pen.d(height - 28)))
    surface.set_clip(inner)
    step = 30.0
    for i in range(-12, 14):
        for j in range(-2, 14):
            x, y = i * step + (j % 2) * step / 2, j * step * 0.75
            dia = ((x, y - 9), (x + 9, y), (x, y + 9), (x - 9, y))
            Blob(dia, 1.5).draw(pen, mix(FELT, FELT_DARK, 0.55))
    surface.set_clip(None)
    ring = pygame.Rect(round(pen.d(11)), round(pen.d(11)), round(pen.d(w - 22)),
                       round(pen.d(height - 22)))
    pygame.draw.rect(surface, GOLD, ring, width=max(1, round(pen.d(3))),
                     border_radius=round(pen.d(12)))
    cy = height / 2
    group(pen, [(Ellipse(w / 2, cy, 86, 62), CREAM)], 4)
    text(pen, "Scare", w / 2, cy - 20, 24, FELT)
    text(pen, "It!", w / 2, cy + 22, 24, FELT)
    corners = [(34, 36), (w - 34, 36), (34, height - 36), (w - 34, height - 36)]
    for (x, y), c in zip(corners, "YOPB", strict=True):
        draw_symbol(pen.frame(x, y, 13), c, CARD_COLOURS[c], ink=0.14)
    return _finish(surface, size)


def draw_icon(size: tuple[int, int] = ICON_SIZE) -> pygame.Surface:
    """The window icon: a cat on the felt."""
    w, h = size
    surface = pygame.Surface((w * SUPERSAMPLE * 2, h * SUPERSAMPLE * 2), pygame.SRCALPHA)
    surface.fill((*INK, 0))
    pen = Pen(surface, w * SUPERSAMPLE * 2 / 64)
    pen.rrect(INK, 0, 0, 64, 64, 14)
    pen.rrect(FELT, 2, 2, 60, 60, 12)
    draw_cat(pen.frame(32, 35, 27), CARD_COLOURS["O"])
    return pygame.transform.smoothscale(surface, size)


def face_names() -> list[str]:
    """Every face file name (without .png) the generator writes under assets/cards/."""
    cards = [c + a for c in CARD_COLOURS for a in ANIMALS]
    tasks = [f"task_{x}" for x in ANIMALS + "YOPB"]
    return cards + ["back"] + tasks


def plain_face_names() -> list[str]:
    """The animal faces without a colour symbol, under assets/cards/plain/."""
    return [f"plain/{c}{a}" for c in CARD_COLOURS for a in ANIMALS]


def contrast_face_names() -> list[str]:
    """The high-contrast animal faces, under assets/cards/contrast/."""
    return [f"contrast/{c}{a}" for c in CARD_COLOURS for a in ANIMALS]


def draw_face(name: str, size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """Draw a face by its file name: 'YC', 'back', 'task_E', 'task_Y'."""
    if name == "back":
        return draw_back(size)
    if name.startswith("task_"):
        return draw_task_face(name[5:], size)
    return draw_card_face(name, size)


# --- sounds -------------------------------------------------------------------------------

RATE = 22050


def _env(t: float, attack: float, tau: float) -> float:
    """A quick linear attack then an exponential decay."""
    return (t / attack if t < attack else 1.0) * math.exp(-max(0.0, t - attack) / tau)


def _render(duration: float, voice: Callable[[float], float]) -> list[float]:
    return [voice(i / RATE) for i in range(int(duration * RATE))]


def _sweep(duration: float, freq: Callable[[float], float], amp: Callable[[float], float],
           harmonics: Sequence[float] = (1.0,)) -> list[float]:
    """A tone whose pitch follows freq(t); phase is accumulated so sweeps stay smooth."""
    out, phase = [], 0.0
    for i in range(int(duration * RATE)):
        t = i / RATE
        phase += 2 * math.pi * freq(t) / RATE
        out.append(amp(t) * sum(h * math.sin((k + 1) * phase) for k, h in enumerate(harmonics)))
    return out


def _noise(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)  # seeded: the same bytes every run
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def _lowpass(xs: Sequence[float], cutoff: Callable[[float], float]) -> list[float]:
    out, y = [], 0.0
    for i, x in enumerate(xs):
        a = 1 - math.exp(-2 * math.pi * cutoff(i / RATE) / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def _add(*tracks: Sequence[float]) -> list[float]:
    n = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(n)]


def sound_scare() -> list[float]:
    """A startled yelp: pitch leaps up, then wobbles down."""
    def freq(t: float) -> float:
        base = 280 * (3.0 ** min(1.0, t / 0.07)) if t < 0.07 else 840 * (0.55 ** ((t - 0.07) / 0.28))
        return base * (1 + 0.05 * math.sin(2 * math.pi * 24 * t))
    return _sweep(0.38, freq, lambda t: _env(t, 0.008, 0.12), (1.0, 0.35, 0.12))


def sound_slide() -> list[float]:
    """A soft whoosh: noise through a lowpass that opens and closes."""
    dur = 0.32
    xs = _noise(int(dur * RATE), 7)
    def cutoff(t: float) -> float:
        return 500 + 2600 * math.sin(math.pi * t / dur) ** 2
    ys = _lowpass(_lowpass(xs, cutoff), cutoff)
    return [y * math.sin(math.pi * i / len(ys)) ** 2 for i, y in enumerate(ys)]


def sound_fall() -> list[float]:
    """A light wooden tap: a low thump, a hollow knock and a tiny click."""
    body = _sweep(0.2, lambda t: 95 + 70 * math.exp(-t / 0.03), lambda t: _env(t, 0.002, 0.05))
    knock = _sweep(0.2, lambda t: 620.0, lambda t: 0.45 * _env(t, 0.001, 0.018), (1.0, 0.3))
    click = _lowpass(_noise(int(0.006 * RATE), 3), lambda t: 3000.0)
    return _add(body, knock, [0.8 * c for c in click])


def sound_win() -> list[float]:
    """A happy rising arpeggio, C E G C, the last note ringing."""
    notes = [(0.0, 523.25, 0.16), (0.11, 659.25, 0.16), (0.22, 783.99, 0.16), (0.33, 1046.5, 0.3)]
    tracks = []
    for start, f, tau in notes:
        pad = [0.0] * int(start * RATE)
        tone = _sweep(0.85 - start, lambda t, f=f: f, lambda t, tau=tau: _env(t, 0.006, tau),
                      (1.0, 0.25, 0.08))
        tracks.append(pad + tone)
    return _add(*tracks)


def sound_select() -> list[float]:
    """A soft click."""
    tick = _sweep(0.08, lambda t: 1500 - 5000 * t, lambda t: _env(t, 0.001, 0.012))
    click = _lowpass(_noise(int(0.003 * RATE), 11), lambda t: 4000.0)
    return _add(tick, [0.5 * c for c in click])


def sound_error() -> list[float]:
    """A gentle low double bop, the second one lower."""
    def bop(f: float) -> list[float]:
        return _sweep(0.15, lambda t: f * (1 - 0.25 * t), lambda t: _env(t, 0.012, 0.06),
                      (1.0, 0.3, 0.1))
    gap = [0.0] * int(0.05 * RATE)
    return bop(233.0) + gap + bop(196.0) + [0.0] * int(0.03 * RATE)


# peak level per sound (of full scale): quiet UI ticks, louder events
SOUNDS: dict[str, tuple[Callable[[], list[float]], float]] = {
    "scare": (sound_scare, 0.75),
    "slide": (sound_slide, 0.5),
    "fall": (sound_fall, 0.75),
    "win": (sound_win, 0.7),
    "select": (sound_select, 0.45),
    "error": (sound_error, 0.6),
}


def wav_bytes(samples: Sequence[float], peak: float, rate: int = RATE,
              fade_ends: bool = True) -> bytes:
    """Normalise to `peak`, fade the very ends (no clicks; not for a loop, which runs on) and
    pack as 16-bit mono WAV at `rate`."""
    top = max(1e-9, max(abs(s) for s in samples))
    fade = int(0.003 * rate)
    n = len(samples)
    pcm = array("h")
    for i, s in enumerate(samples):
        g = min(1.0, i / fade, (n - 1 - i) / fade) if fade_ends else 1.0
        pcm.append(max(-32767, min(32767, round(s / top * peak * g * 32767))))
    if sys.byteorder == "big":
        pcm.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


# --- pygame-gui theme ---------------------------------------------------------------------

# Not "noto_sans": that is pygame-gui's own font, whose name wins over our paths, and pygame-gui
# reads its package copy into memory once per size (0.57 MB each); ours opens the file by path.
THEME_FONT = "scare_it_sans"
# Paths are relative to the project root; pygame-gui resolves them against the working
# directory, so the game rewrites them to absolute paths before loading (see assets/README.md).
THEME_FONT_PATHS = {
    "regular_path": "assets/fonts/NotoSans-Regular.ttf",
    "bold_path": "assets/fonts/NotoSans-Bold.ttf",
}


def _hex(c: RGB, alpha: int | None = None) -> str:
    return "#" + "".join(f"{v:02X}" for v in c) + ("" if alpha is None else f"{alpha:02X}")


def _font(size: int, bold: bool = False) -> dict[str, str]:
    return {"name": THEME_FONT, "size": str(size), "bold": "1" if bold else "0",
            **THEME_FONT_PATHS}


def theme_dict() -> dict:
    """The pygame-gui theme: felt-green panels, cream buttons with dark text, big type."""
    # Every colour of the theme is one of the game's palette (game/render/palette.py).
    text_dark = palette.hex_of(palette.INK)
    cream, cream_hi = palette.hex_of(palette.PAPER), palette.hex_of(palette.PAPER_BRIGHT)
    gold, felt, felt_dark = (palette.hex_of(c) for c in (palette.GOLD, palette.FELT,
                                                          palette.FELT_DARK))
    wood, light_text = palette.hex_of(palette.WOOD_LIGHT), palette.hex_of(palette.LIGHT_TEXT)
    hot, ember = palette.hex_of(palette.PAPER_HOT), palette.hex_of(palette.EMBER)
    grey, grey_text, grey_edge = (palette.hex_of(c) for c in (palette.GREY, palette.GREY_TEXT,
                                                              palette.GREY_EDGE))
    deep, soft = palette.hex_of(palette.FELT_DEEP), palette.hex_of(palette.SOFT_TEXT)
    clear, shade = palette.hex_of(palette.BLACK, 0), palette.hex_of(palette.BLACK, 0x60)
    rounded = {"shape": "rounded_rectangle", "shape_corner_radius": "12",
               "border_width": "2", "shadow_width": "2"}
    button_colours = {
        "normal_bg": cream, "hovered_bg": hot, "selected_bg": gold, "active_bg": gold,
        "disabled_bg": grey,
        "normal_text": text_dark, "hovered_text": text_dark, "selected_text": text_dark,
        "active_text": text_dark, "disabled_text": grey_text,
        "normal_border": wood, "hovered_border": gold, "selected_border": ember,
        "active_border": ember, "disabled_border": grey_edge,
    }
    field_colours = {
        "dark_bg": cream, "selected_bg": gold, "normal_text": text_dark,
        "selected_text": text_dark, "normal_border": wood, "text_cursor": text_dark,
    }
    panel_colours = {"dark_bg": felt_dark, "normal_border": deep}
    label_colours = {"normal_text": light_text, "dark_bg": clear,
                     "normal_text_shadow": shade}
    return {
        # Larger text for name/seed entries and the small side-panel buttons: the defaults'
        # size is hard to read on a 1280x720 window.
        "@entry": {"font": _font(32), "misc": {"padding": "14,6"}},
        # A name too long for its box at 32 (game/scenes/table/setup.py writes it smaller, whole).
        "@entry_small": {"font": _font(24), "misc": {"padding": "14,6"}},
        "@small_button": {"font": _font(30)},
        "defaults": {"colours": {
            **button_colours, "dark_bg": felt_dark, "link_text": gold, "link_hover": cream_hi,
            "link_selected": cream_hi, "filled_bar": gold, "unfilled_bar": felt_dark,
        }},
        "button": {"colours": button_colours, "font": _font(24),
                   "misc": {**rounded, "text_horiz_alignment_padding": "12"}},
        "label": {"colours": label_colours, "font": _font(22),
                  "misc": {"text_shadow_size": "0", "text_shadow_offset": "0,0"}},
        "text_box": {"colours": {"dark_bg": felt_dark, "normal_text": light_text,
                                 "normal_border": deep, "link_text": gold},
                     "font": _font(20), "misc": {**rounded, "padding": "10,8"}},
        "text_entry_line": {"colours": field_colours, "font": _font(22),
                            "misc": {**rounded, "padding": "8,4"}},
        "drop_down_menu": {"colours": {**button_colours, "dark_bg": cream,
                                       "normal_border": wood},
                           "font": _font(22),
                           # square: its inner buttons are square, a rounded frame would show
                           "misc": {"shape": "rectangle", "border_width": "2",
                                    "shadow_width": "0", "expand_direction": "down"}},
        "selection_list": {"colours": {**button_colours, "dark_bg": cream}, "font": _font(22),
                           "misc": {"list_item_height": "36", "border_width": "2",
                                    "shadow_width": "0"}},
        "horizontal_slider": {"colours": {**button_colours, "dark_bg": felt_dark},
                              "misc": {**rounded, "sliding_button_width": "28"}},
        "tool_tip": {"colours": {"dark_bg": cream, "normal_text": text_dark,
                                 "normal_border": wood},
                     "font": _font(16), "misc": {"shape": "rounded_rectangle",
                                                 "shape_corner_radius": "6"}},
        "panel": {"colours": panel_colours, "misc": {**rounded, "shape_corner_radius": "16"}},
        "window": {"colours": {"dark_bg": felt, "normal_border": deep},
                   "font": _font(20), "misc": {"shape": "rounded_rectangle",
                                               "shape_corner_radius": "12",
                                               "border_width": "2", "shadow_width": "8"}},
        "@panel": {"colours": panel_colours,
                   "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "18",
                            "border_width": "2", "shadow_width": "6"}},
        "@menu_button": {"colours": button_colours, "font": _font(28, bold=True),
                         "misc": {**rounded, "shape_corner_radius": "18", "border_width": "3",
                                  "shadow_width": "3"}},
        "#title_label": {"colours": {**label_colours, "normal_text": gold,
                                     "text_shadow": deep},
                         "font": _font(60, bold=True),
                         "misc": {"text_shadow_size": "1", "text_shadow_offset": "2,3"}},
        "@body_text": {"colours": {"normal_text": light_text, "dark_bg": clear},
                       "font": _font(20)},
        # also preloads bold 20, which <b> in a body-text box needs
        "@emphasis": {"colours": {"normal_text": gold, "dark_bg": clear},
                      "font": _font(20, bold=True)},
        "@small_label": {"colours": {**label_colours, "normal_text": soft},
                         "font": _font(16)},
    }


# --- writing ------------------------------------------------------------------------------


def write_atomic(path: Path, data: bytes) -> None:
    """Write via a temp file in the same folder, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)  # mkstemp makes owner-only files; assets are for everyone
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")
    return buf.getvalue()


def generate(out: Path) -> list[Path]:
    """Write every asset under `out`; returns the files written."""
    written = []
    for name in face_names():
        path = out / "cards" / f"{name}.png"
        write_atomic(path, png_bytes(draw_face(name)))
        written.append(path)
    for name in plain_face_names():
        path = out / "cards" / f"{name}.png"
        write_atomic(path, png_bytes(draw_card_face(name.split("/")[1], symbol=False)))
        written.append(path)
    for name in contrast_face_names():
        path = out / "cards" / f"{name}.png"
        write_atomic(path, png_bytes(draw_card_face(name.split("/")[1], contrast=True)))
        written.append(path)
    write_atomic(out / "icon.png", png_bytes(draw_icon()))
    written.append(out / "icon.png")
    for side in ICON_SIZES:
        path = out / "icons" / f"{side}x{side}.png"
        write_atomic(path, png_bytes(draw_icon((side, side))))
        written.append(path)
    for name, (make, peak) in SOUNDS.items():
        path = out / "sounds" / f"{name}.wav"
        write_atomic(path, wav_bytes(make(), peak))
        written.append(path)
    theme = json.dumps(theme_dict(), indent=2) + "\n"
    write_atomic(out / "theme.json", theme.encode("utf-8"))
    written.append(out / "theme.json")
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ASSETS, help="folder to write (assets/)")
    args = parser.parse_args(argv)
    try:
        written = generate(args.out)
    except (OSError, pygame.error) as exc:
        print(f"make_assets: could not write the assets: {exc}", file=sys.stderr)
        return 1
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files under {args.out} ({total // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
