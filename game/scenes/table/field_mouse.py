"""The mouse and the choosing keys on the field, as the table's input: they change the table's
Pick (a press held, a drag, a card chosen) and hand what they meant (table/interpret.py) to
`then(outcome, sound)`, the table's controls, which play it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.match import Phase
from game.scenes.table.interpret import interpret_pick, interpret_release
from game.scenes.table.pick import Pick, Press, PressOn

DRAG_START = 14  # pixels the mouse must travel before a press becomes a drag


class FieldMouse:
    """The table's hands on its field: the one writer of the Pick's press and drag."""

    def __init__(self, pick: Pick, then: Callable[[object, bool], None]) -> None:
        self.pick, self.then = pick, then

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
