"""The field as a part of the table: its rectangle, its lights painted into the table's cached
picture and its marks drawn over it, all from the frame's view (the pick as the view carries
it; the table's input alone changes the Pick: table/field_mouse.py)."""

from __future__ import annotations

import pygame

from game.render.field import PLAY_AREA
from game.scenes.table.field import draw_field, draw_last_move
from game.scenes.table.section import Section


class FieldPart(Section):
    """The field's part: it paints the view's field and pick, and takes no input itself (the
    table's controls hand a press on the field to its FieldMouse)."""

    rect = PLAY_AREA

    def __init__(self, text) -> None:
        self.text = text

    def paint(self, surface: pygame.Surface, view) -> None:
        """The cards with their lights, into the table's cached picture (inside the field's
        view: a zoomed field's badges stay off the panel)."""
        with view.field.clipped(surface):
            draw_field(view, surface, self.text)

    def draw(self, surface: pygame.Surface, view) -> None:
        """Over the cached picture each frame (two outlines and a cursor: no cache to keep
        true): the last move marked, the arrows where a zoomed field goes on, the keyboard
        cursor; not while a move is shown."""
        if view.animating:
            return
        with view.field.clipped(surface):
            draw_last_move(view, surface)
            view.field.draw_edges(surface)  # a zoomed field goes on past the view
        if view.pick.cursor is not None:
            view.field.draw_cursor(surface, view.pick.cursor)
