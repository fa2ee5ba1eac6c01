"""An arrow that points at a thing on the screen (the guided game's coach): placed beside it
where it covers neither the thing nor the words, drawn thick with a dark edge."""

from __future__ import annotations

import pygame

from game.render import looks
from game.render.palette import BLACK, GOLD, INK, WHITE

LENGTH, BODY, HEAD, HEAD_LEN = 130, 30, 76, 56  # the arrow's size in pixels, not a colour
GAP = 14  # between the tip and what it points at (its ring)
BOB = 14  # how far it moves to and fro (not with reduced motion)
SCREEN = pygame.Rect(0, 0, 1920, 1080)
# Where the arrow may sit, tried in turn: above (pointing down), left, below, right; the
# left first for what sits at the screen's right edge (a side panel): it comes from the middle.
SIDES = ((0, 1), (1, 0), (0, -1), (-1, 0))
LEFT_FIRST = ((1, 0), (0, 1), (0, -1), (-1, 0))


def place(target: pygame.Rect, avoid: list[pygame.Rect], bounds: pygame.Rect = SCREEN,
          sides=SIDES) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The tip and the direction (a unit step) of an arrow pointing at `target` from the first
    of `sides` where it, moving to and fro, stays in `bounds` and off `target` and every
    `avoid` (None: no side has the room)."""
    for side in sides:
        tip = _tip(target, side)
        room = reach(tip, side)
        if bounds.contains(room) and not room.colliderect(target) and \
                room.collidelist(avoid) < 0:
            return tip, side
    return None


def _tip(target: pygame.Rect, side: tuple[int, int]) -> tuple[int, int]:
    dx, dy = side
    x = target.centerx if dx == 0 else (target.left - GAP if dx > 0 else target.right + GAP)
    y = target.centery if dy == 0 else (target.top - GAP if dy > 0 else target.bottom + GAP)
    return x, y


def reach(tip: tuple[int, int], side: tuple[int, int]) -> pygame.Rect:
    """All the arrow may cover, pointing along `side` to `tip`, at any point of its bob."""
    dx, dy = side
    span = LENGTH + BOB
    if dx == 0:
        top = tip[1] - span if dy > 0 else tip[1]
        return pygame.Rect(tip[0] - HEAD // 2, top, HEAD, span + 1)
    left = tip[0] - span if dx > 0 else tip[0]
    return pygame.Rect(left, tip[1] - HEAD // 2, span + 1, HEAD)


def outline(tip: tuple[int, int], side: tuple[int, int], back: float = 0.0) -> list:
    """The arrow's corners, its tip `back` pixels short of `tip`."""
    dx, dy = side
    px, py = -dy, dx  # across the arrow

    def at(along: float, across: float) -> tuple[float, float]:
        return (tip[0] - dx * (back + along) + px * across,
                tip[1] - dy * (back + along) + py * across)

    return [at(0, 0), at(HEAD_LEN, HEAD / 2), at(HEAD_LEN, BODY / 2), at(LENGTH, BODY / 2),
            at(LENGTH, -BODY / 2), at(HEAD_LEN, -BODY / 2), at(HEAD_LEN, -HEAD / 2)]


def draw(surface: pygame.Surface, tip: tuple[int, int], side: tuple[int, int],
         phase: float) -> None:
    """The arrow: gold with an ink edge (white with a black one in high contrast); `phase`
    in 0..1 moves it to and fro, unless motion is reduced."""
    back = 0.0 if looks.reduced_motion else BOB * phase
    points = outline(tip, side, back)
    fill, edge = (WHITE, BLACK) if looks.high_contrast else (GOLD, INK)
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, edge, points, 6)
