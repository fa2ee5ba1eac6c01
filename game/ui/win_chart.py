"""The review's chart: each player's chance to win across the game, one line a player.

A line is told apart by more than its colour: each player has their own dash pattern and
their own marker shape at every move, and their name stands at the line's end. Turning points
are marked by a gold band and a numbered flag; the move looked at by a cream upright.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.i18n import format_percent
from game.render import fit, looks
from game.render.palette import CREAM, FELT_DEEP, GOLD, GRID, MUTED

MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross", "plus", "bar")
# Lengths of dash and gap in turn (not colours).
DASHES = ((), (18, 8), (6, 7), (22, 6, 5, 6, 5, 6), (12, 12), (3, 5), (30, 8), (8, 4, 2, 4, 2, 4))
LABEL_W = 240  # room right of the plot for the names at the lines' ends
LABEL_SIZE = 24
SCALE_SIZE = 22  # the percentages left and the move numbers below


def grow() -> float:
    """How much larger the chart's words are at the player's text size (1.0 at 100 %)."""
    return looks.scaled(SCALE_SIZE) / SCALE_SIZE


def label_w() -> int:
    """The room right of the plot for the names, at the player's text size."""
    return round(LABEL_W * min(grow(), 1.4))


def style_of(seat: int) -> tuple[str, tuple[int, ...]]:
    """A seat's marker shape and dash pattern (its look without colour)."""
    return MARKERS[seat % len(MARKERS)], DASHES[seat % len(DASHES)]


def plot_rect(rect) -> pygame.Rect:
    """Where the lines go inside the chart's `rect`: room for the scale left, the move numbers
    below and the names right."""
    rect = pygame.Rect(rect)
    left, below = round(92 * grow()), 36 + round(30 * grow())
    return pygame.Rect(rect.x + left, rect.y + 20, rect.w - left - label_w(), rect.h - below)


def points(rect, count: int) -> list[int]:
    """The x of each field (0: the deal, i: after move i)."""
    plot = plot_rect(rect)
    if count <= 1:
        return [plot.centerx]
    return [round(plot.x + plot.w * i / (count - 1)) for i in range(count)]


def nearest(rect, count: int, x: int) -> int:
    """The field whose upright is nearest to `x`."""
    xs = points(rect, count)
    return min(range(len(xs)), key=lambda i: abs(xs[i] - x))


def draw(surface: pygame.Surface, assets, rect, series: Sequence[Sequence[float]],
         colours: Sequence, names: Sequence[str], turning: Sequence[int] = (),
         selected: int | None = None, shorter: Sequence[Sequence[str]] = ()) -> None:
    """`series[s][i]`: seat s's chance after i moves (i = 0: the deal); `shorter[s]`: shorter
    wordings of seat s's name where it does not fit, none two seats share."""
    rect = pygame.Rect(rect)
    plot = plot_rect(rect)
    count = max((len(s) for s in series), default=0)
    xs = points(rect, count)
    pygame.draw.rect(surface, FELT_DEEP, rect, border_radius=14)

    def y_of(chance: float) -> int:
        return round(plot.bottom - plot.h * min(1.0, max(0.0, chance)))

    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = y_of(share)
        pygame.draw.line(surface, GRID if share not in (0.0, 1.0) else MUTED,
                         (plot.x, y), (plot.right, y), 2)
        high = round(30 * grow())
        fit.draw(surface, assets, format_percent(round(share * 100)),
                 pygame.Rect(rect.x + 4, y - high // 2, plot.x - rect.x - 12, high), SCALE_SIZE,
                 MUTED, anchor="midright")
    for i in turning:
        if 0 <= i < count:
            _dashed(surface, GOLD, (xs[i], plot.y), (xs[i], plot.bottom), (4, 8), 2)
            _flag(surface, xs[i], plot.y - 2)
    step = max(1, math.ceil(count / (16 / grow())))  # fewer numbers where they are larger
    wide, high = round(60 * grow()), round(30 * grow())
    for i in range(0, count, step):
        fit.draw(surface, assets, str(i), pygame.Rect(xs[i] - wide // 2, plot.bottom + 8, wide,
                                                      high), SCALE_SIZE, MUTED, anchor="midtop")
    if selected is not None and 0 <= selected < count:
        pygame.draw.line(surface, CREAM, (xs[selected], plot.y), (xs[selected], plot.bottom), 3)
    ends = []
    for seat, chances in enumerate(series):
        colour = colours[seat]
        marker, dash = style_of(seat)
        pts = [(xs[i], y_of(c)) for i, c in enumerate(chances)]
        for a, b in zip(pts, pts[1:], strict=False):
            _dashed(surface, colour, a, b, dash, 4)
        for i, p in enumerate(pts):
            _marker(surface, marker, colour, p, 9 if i == selected else 6)
        if pts:
            ends.append([pts[-1][1], seat])
    _labels(surface, assets, plot, ends, colours, names, shorter)


def _labels(surface, assets, plot, ends, colours, names, shorter) -> None:
    """The names at the lines' ends, pushed apart so none covers another."""
    gap = assets.font(looks.scaled(LABEL_SIZE), True).get_height() + 2
    ends.sort()
    if ends:  # a name at the top of the scale stays inside the chart, however tall
        ends[0][0] = max(ends[0][0], plot.y - 20 + gap // 2)
    for k in range(1, len(ends)):
        ends[k][0] = max(ends[k][0], ends[k - 1][0] + gap)
    overflow = ends[-1][0] - (plot.bottom + gap // 2) if ends else 0
    if overflow > 0:  # pushed off the bottom: back up, each keeping its gap to the next
        ends[-1][0] -= overflow
        for k in range(len(ends) - 2, -1, -1):
            ends[k][0] = min(ends[k][0], ends[k + 1][0] - gap)
    for y, seat in ends:
        marker, _dash = style_of(seat)
        _marker(surface, marker, colours[seat], (plot.right + 22, y), 8)
        fit.draw(surface, assets, names[seat], pygame.Rect(plot.right + 36, y - gap // 2,
                                                           label_w() - 40, gap),
                 LABEL_SIZE, colours[seat], True, anchor="midleft",
                 shorter=shorter[seat] if shorter else ())


def _flag(surface, x: int, y: int) -> None:
    pygame.draw.polygon(surface, GOLD, [(x - 10, y - 16), (x + 10, y - 16), (x, y)])


def _dashed(surface, colour, a, b, dash: tuple[int, ...], width: int) -> None:
    if not dash:
        pygame.draw.line(surface, colour, a, b, width)
        return
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    at, k = 0.0, 0
    while at < length:
        run = dash[k % len(dash)]
        if k % 2 == 0:
            end = min(length, at + run)
            pygame.draw.line(surface, colour, (x0 + ux * at, y0 + uy * at),
                             (x0 + ux * end, y0 + uy * end), width)
        at += run
        k += 1


def _marker(surface, shape: str, colour, p, r: int) -> None:
    x, y = p
    if shape == "circle":
        pygame.draw.circle(surface, colour, p, r)
    elif shape == "square":
        pygame.draw.rect(surface, colour, (x - r, y - r, 2 * r, 2 * r))
    elif shape == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - r - 2), (x - r - 1, y + r), (x + r + 1, y + r)])
    elif shape == "down":
        pygame.draw.polygon(surface, colour, [(x, y + r + 2), (x - r - 1, y - r), (x + r + 1, y - r)])
    elif shape == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2),
                                              (x - r - 2, y)])
    elif shape == "cross":
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), 4)
        pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), 4)
    elif shape == "plus":
        pygame.draw.line(surface, colour, (x - r - 1, y), (x + r + 1, y), 5)
        pygame.draw.line(surface, colour, (x, y - r - 1), (x, y + r + 1), 5)
    else:
        pygame.draw.rect(surface, colour, (x - 3, y - r - 1, 6, 2 * r + 2))
