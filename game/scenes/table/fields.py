"""The table's field pictures, one per field size, kept few: each is a full-screen picture."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.render import looks
from game.render.field import PLAY_AREA, FieldLayout, FieldRenderer

KEEP_FIELDS = 1  # field pictures kept besides the ones in use: the warm-up's
FIELD_AREA = PLAY_AREA.inflate(0, -70).move(0, 35)  # under the banner, above the screen's foot


class TableFields:
    """The field drawn for each size (columns, rows) the game has had. Each holds a
    full-screen picture (8 MB), so only the few in use stay: the newest, the one a move
    animates from, and the warm-up's (an undo that brings a column back builds it again).
    `paint` puts the table kind's panel into each new picture's background."""

    def __init__(self, assets, paint: Callable[[pygame.Surface], None]) -> None:
        self.assets, self.paint = assets, paint
        self.by_size: dict[tuple[int, int], FieldRenderer] = {}

    def get(self, width: int, height: int, *in_use: FieldRenderer | None,
            pan: tuple[int, int] = (0, 0)) -> FieldRenderer:
        """The field for this size (built if new) panned by `pan` as far as it pans (large
        cards); the older ones not `in_use` go."""
        layout = FieldLayout(width, height, FIELD_AREA, fill=looks.large_cards, pan=pan)
        key = (width, height, looks.large_cards, layout.pan)  # the card size: any time
        renderer = self.by_size.pop(key, None)
        if renderer is None:
            renderer = FieldRenderer(self.assets, layout)
            self.paint(renderer.background)
        self.by_size[key] = renderer  # the newest last
        keep = {id(r) for r in in_use if r is not None}
        for old in [k for k, r in self.by_size.items() if id(r) not in keep][:-KEEP_FIELDS]:
            del self.by_size[old]
        return renderer

    def forget(self) -> None:
        """Every field picture is made again when next asked for (the panel painted into
        their background changed: another text size or language)."""
        self.by_size.clear()

    def pan_to(self, position, pan: tuple[int, int], cells) -> tuple[int, int]:
        """The pan from `pan` that shows `cells` of `position`'s field whole (no picture made)."""
        return FieldLayout(position.width, position.height, FIELD_AREA, fill=looks.large_cards,
                           pan=pan).pan_to(cells)

    def warm_up(self, position, *in_use: FieldRenderer | None,
                pan: tuple[int, int] = (0, 0)) -> None:
        """While the table waits, build the field for one column fewer (and its card faces):
        a scare that empties a column then starts without a ~20 ms hitch."""
        if position.width <= 1:
            return
        size = (position.width - 1, position.height)
        pan = FieldLayout(*size, FIELD_AREA, fill=looks.large_cards, pan=pan).pan
        if (*size, looks.large_cards, pan) in self.by_size:
            return
        width = self.get(*size, *in_use, pan=pan).layout.card_w
        for _x, _y, card in position.occupied():
            self.assets.card_image(card.code, width)
