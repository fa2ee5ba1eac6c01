"""The guided game's side panel: the couch's, and at a large text size the scare cycle as a
ring while the coach points at it (the picture keeps its place below that size)."""

from __future__ import annotations

import pygame

from game.i18n import current
from game.render import looks
from game.render.hud import scare_ring
from game.scenes.table.flow import GAP, flows, lines
from game.scenes.table.panel import FLOW_END, CouchPanel, heading_and_seats
from game.scenes.table.section import PANEL

CYCLE = "cycle"  # the lesson's panel words while a step points at the scare cycle


def cycle_place(count: int) -> pygame.Rect:
    """Where the scare cycle shows on the panel of `count` seats: its picture's place, or at
    a large text size under the mode's line, down to where the flowing words end (a step
    that points at it comes before any last move)."""
    if not flows():
        return pygame.Rect(PANEL.x + 20, 456, 420, 300)
    top = heading_and_seats(count).bottom + GAP + lines(24) + GAP
    return pygame.Rect(PANEL.x + 10, top, PANEL.w - 20, FLOW_END - top)


class LessonPanel(CouchPanel):
    """The couch's panel; at a large text size, the scare cycle's ring under the mode while
    the lesson's panel words say CYCLE."""

    def __init__(self, assets, text) -> None:
        super().__init__(assets, text)
        self.rings: dict[tuple, pygame.Surface] = {}  # by size, language and text size

    def draw(self, surface: pygame.Surface, view) -> None:
        super().draw(surface, view)
        if self.flowing() and view.kind_words == CYCLE:
            place = cycle_place(len(view.state.players))
            key = (place.size, current(), looks.text_size)
            if key not in self.rings:
                self.rings = {key: scare_ring(self.assets, place.size)}
            surface.blit(self.rings[key], place)
