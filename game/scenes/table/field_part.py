"""The field as a part of the table: its rectangle, the player's choosing on it (the Pick), the
mouse on its cards, its lights painted into the table's cached picture and its marks drawn over
it, all from the table's snapshot."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.match import Phase
from game.render.field import PLAY_AREA
from game.scenes.table.field import draw_field, draw_last_move
from game.scenes.table.interpret import interpret_pick, interpret_release
from game.scenes.table.pick import Pick, Press, PressOn
from game.scenes.table.section import Section

DRAG_START = 14  # pixels the mouse must travel before a press becomes a drag


class FieldPart(Section):
    """The field's part. What a click or a release on a card means (a move, a scarer chosen, a
    refusal: table/interpret.py) is handed to `then(outcome, sound)`, the table's controls,
    which play it; the part itself changes only its Pick."""

    rect = PLAY_AREA

    def __init__(self, pick: Pick, text, then: Callable[[object, bool], None]) -> None:
        self.pick, self.text, self.then = pick, text, then

    # The mouse (the table's controls hand it what the buttons did not take) ---------------
    def choose(self, cell, view, move_in: bool | None = None) -> None:
        """A click, Enter or south button on a cell, on the player's turn."""
        pick = self.pick
        if view.phase != Phase.TURN or cell is None:
            return
        self.then(interpret_pick(view.state.position, pick.targets_of, pick.selected, cell,
                                 pick.move_in if move_in is None else move_in), True)

    def press(self, pos, view) -> bool:
        """A press on a card: a scarer is held (it may be dragged), a target waits for the
        release, another card is chosen at once."""
        pick = self.pick
        if view.phase != Phase.TURN:
            return True
        cell = view.field.layout.cell_at(pos)
        if cell is None:
            return False
        if pick.selected is not None and cell in pick.targets_of.get(pick.selected, ()):
            pick.press = Press(cell, pos, PressOn.TARGET)
        elif cell in pick.targets_of:
            pick.press = Press(cell, pos, PressOn.AGAIN if cell == pick.selected else PressOn.SCARER)
            if cell != pick.selected:
                self.choose(cell, view)
        else:
            self.choose(cell, view)
        return True

    def release(self, pos, view) -> bool:
        """The press ends: on a target (or a drag onto one) the move; on the held scarer again
        it is put back (quietly)."""
        pick = self.pick
        press, pick.press = pick.press, None
        dragged, pick.drag_pos = pick.drag_pos, None
        if press is None or view.phase != Phase.TURN:
            return False
        self.then(interpret_release(view.state.position, pick.targets_of, pick.selected,
                                    pick.move_in, press, dragged is not None,
                                    view.field.layout.cell_at(pos)), False)
        return True

    def drag(self, pos) -> None:
        """A held scarer follows the mouse once it has moved far enough to be a drag."""
        pick = self.pick
        if pick.press is not None and pick.press.holds_scarer:
            start = pick.press.pos
            if pick.drag_pos is not None or (pygame.Vector2(pos) - start).length() > DRAG_START:
                pick.drag_pos = pos

    # Drawing -------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface, view) -> None:
        """The cards with their lights, into the table's cached picture."""
        draw_field(view, surface, self.text)

    def draw(self, surface: pygame.Surface, view) -> None:
        """Over the cached picture each frame (two outlines and a cursor: no cache to keep
        true): the last move marked, the keyboard cursor; not while a move is shown."""
        if view.animating:
            return
        draw_last_move(view, surface)
        if view.pick.cursor is not None:
            view.field.draw_cursor(surface, view.pick.cursor)
