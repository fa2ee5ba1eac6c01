"""A part of the table (arcade's Section, Tatham's drawstate): it owns its rectangle, its own
state, the events it answers and its drawing, and reads the table only through the frozen
snapshot (table/view.py) it is handed, never the scene."""

from __future__ import annotations

import pygame

NOWHERE = pygame.Rect(0, 0, 0, 0)
PANEL = pygame.Rect(1460, 0, 460, 1080)  # the side panel, right of the field


class Section:
    """One part of the table. `cached`: it is painted into the table's cached picture (again
    whenever the snapshot's words change); else it is drawn over that picture every frame.
    `over`: it lies over the table (a private peek, a pulsing ring, the coach) and answers
    events before the table's own controls."""

    rect = NOWHERE
    cached = False
    over = False

    def handle(self, event: pygame.event.Event, view) -> bool | None:
        """An event this part answers (True: taken, False: swallowed unused), or None: not
        its own."""
        return None

    def update(self, view) -> bool:
        """One tick; True when what it shows changed."""
        return False

    def draw(self, surface: pygame.Surface, view) -> None:
        """The part as the snapshot `view` shows it."""
