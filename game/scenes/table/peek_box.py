"""The current player's own task cards over the side panel, while they hold Peek."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.render.palette import CREAM, GOLD, INK
from game.scenes.table.flow import GAP, flows, lines, seats_y
from game.scenes.table.section import PANEL, Section
from game.ui.task_cards import scoring_lines, task_image


def peek_place(view) -> pygame.Rect:
    """Where the peeked cards show on the table the `view` shows (the guided game's coach
    points there): taller when the points they make now are said under them; at a large text
    size over the panel from the seats down, for the larger note."""
    if flows():
        top = seats_y() - GAP
        return pygame.Rect(PANEL.x + 10, top, 440, 960 - top)
    return pygame.Rect(PANEL.x + 10, 560, 440, 400) if view.points is None else \
        pygame.Rect(PANEL.x + 10, 500, 440, 460)


class PeekBox(Section):
    """The current player's own task cards, only while they hold Peek (never cached)."""

    over = True

    def __init__(self, assets, text) -> None:
        self.assets, self.text = assets, text

    def large(self) -> bool:
        """Whether the box takes the panel from the seats down (a large text size)."""
        return flows()

    def box(self, view) -> pygame.Rect:
        return peek_place(view)

    def draw(self, surface: pygame.Surface, view) -> None:
        player, points = view.peek_owner, view.points
        if player is None:
            return
        text = self.text
        box = self.box(view)
        pygame.draw.rect(surface, CREAM, box, border_radius=24)
        pygame.draw.rect(surface, GOLD, box, 6, border_radius=24)
        head = max(46, 2 * lines(30) if self.large() else 0)  # large: a long name on two lines
        text.draw(surface, _("Task cards: %(name)s") % {"name": player.name},
                  (box.x + 20, box.y + 10, box.width - 40, head), 30, True, INK, "midtop",
                  shorter=(_("Your task cards"),))  # a long name: only its owner looks
        n = len(player.tasks)
        w = 136 if n > 1 else 150  # room below for how the cards score
        if self.large():
            w = w * 4 // 5  # the room of the title's second line
        total = n * w + (n - 1) * 20
        for i, task in enumerate(player.tasks):
            x = box.centerx - total // 2 + i * (w + 20)
            surface.blit(self.assets.card_image(task_image(task), w), (x, box.y + head + 18))
        # Large: the note as wide as the box's inside and nearer the cards (in German beside
        # the points it takes six lines at its size where it took seven and shrank).
        margin, gap = (10, 4) if self.large() else (15, 14)
        top = box.y + head + 18 + round(w * 1.4) + gap
        low = max(50, lines(34))  # the points the cards make now
        bottom = box.bottom - (10 if points is None else low + 14)
        text.draw(surface, " ".join(scoring_lines(player)),
                  (box.x + margin, top, box.w - 2 * margin, bottom - top), 22, False, INK,
                  "midtop")
        if points is not None:
            text.draw(surface, points, (box.x + 15, bottom + 4, 410, low), 34, True, INK,
                      "center")
