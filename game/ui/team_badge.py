"""A team's badge: its letter in a disc of its colour, so a team is told apart without colour."""

from __future__ import annotations

import pygame

from game.match.mode_guide import team_letter
from game.render.palette import INK, seat_colour
from game.ui import look


def draw_team_badge(surface: pygame.Surface, assets, team: int, center: tuple[int, int],
                    radius: int = 22) -> pygame.Rect:
    """Draw the badge centred at `center`; returns its rectangle."""
    pygame.draw.circle(surface, seat_colour(0, team), center, radius)
    box = pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius)
    # The letter as tall as the disc leaves room for: it tells the team without its colour.
    look.put(surface, assets, team_letter(team), box, round(radius * 1.45), INK, True,
             anchor="center")
    return box
