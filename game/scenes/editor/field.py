"""The puzzle editor's field part: the cards being placed and the keyboard's cursor on them."""

from __future__ import annotations

import pygame

from game.campaign.draft import Draft
from game.input import Action
from game.render.field import FieldLayout, FieldRenderer
from game.render.palette import FELT_PANEL, WOOD
from game.scenes.editor.layout import PALETTE_SIZE, PANEL, field_area

MOVES = {Action.LEFT: (-1, 0), Action.RIGHT: (1, 0), Action.UP: (0, 1), Action.DOWN: (0, -1)}


class EditorField:
    """The field being edited, drawn at its size, and the cursor: ("field", x, y) on a cell,
    or ("palette", index) on the brush palette below the field (arrows go on down to it)."""

    def __init__(self, assets) -> None:
        self.assets = assets
        self.cursor: tuple = ("field", 0, 0)
        self.renderers: dict[tuple[int, int, int], FieldRenderer] = {}

    def renderer(self, width: int, height: int) -> FieldRenderer:
        """The field's picture at this size, its panel painted on (kept for the next visit)."""
        area = field_area()  # smaller at a large text size
        key = (width, height, area.h)
        if key not in self.renderers:
            field = FieldRenderer(self.assets, FieldLayout(width, height, area))
            pygame.draw.rect(field.background, FELT_PANEL, PANEL)
            pygame.draw.line(field.background, WOOD, PANEL.topleft, PANEL.bottomleft, 6)
            self.renderers[key] = field
        return self.renderers[key]

    def hit(self, pos, width: int, height: int) -> tuple | None:
        """The cell under a screen point as a cursor place ("field", x, y), or None."""
        lay = self.renderer(width, height).layout
        if not lay.rect.inflate(lay.gap, lay.gap).collidepoint(pos):
            return None
        cell = lay.cell_at(pos)
        return ("field", *cell) if cell is not None else None

    def here(self) -> tuple[int, int] | None:
        """The cell under the cursor, or None while it is on the palette."""
        return (self.cursor[1], self.cursor[2]) if self.cursor[0] == "field" else None

    def move(self, action: Action | None, width: int, height: int) -> bool:
        """An arrow moves the cursor (below the bottom row: onto the palette); False for the
        rest."""
        if action not in MOVES:
            return False
        dx, dy = MOVES[action]
        if self.cursor[0] == "palette":
            i = self.cursor[1]
            if dy > 0:
                self.cursor = ("field", min(width - 1, i * width // PALETTE_SIZE), 0)
            elif dx:
                self.cursor = ("palette", (i + dx) % PALETTE_SIZE)
            return True
        _where, x, y = self.cursor
        if dy < 0 and y == 0:
            self.cursor = ("palette", min(PALETTE_SIZE - 1, x * PALETTE_SIZE // width))
            return True
        self.cursor = ("field", (x + dx) % width, max(0, min(height - 1, y + dy)))
        return True

    def clamp(self, width: int, height: int) -> None:
        """After the field shrank: the cursor stays on it."""
        if self.cursor[0] == "field":
            self.cursor = ("field", min(self.cursor[1], width - 1), min(self.cursor[2], height - 1))

    def draw(self, surface: pygame.Surface, draft: Draft, show_cursor: bool) -> None:
        """The felt and panel, the cards (the target glowing) and, when asked, the cursor."""
        field = self.renderer(draft.width, draft.height)
        lay = field.layout
        surface.blit(field.background, (0, 0))
        for x, y, card in draft.position().occupied():
            if card == draft.target:
                field.glow(surface, (x, y), "target")
            field.card(surface, card.code, *lay.card_rect((x, y)).topleft)
        if show_cursor and self.cursor[0] == "field":
            field.draw_cursor(surface, self.cursor[1:])
