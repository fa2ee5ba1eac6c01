"""The player's choosing on the field (Tatham's game_ui): what is picked, lit or held, apart
from the game itself. The table's input writes it; the field's picture reads it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.engine.moves import Move

SHAKE_S = 0.35  # a refused card shakes this long


class PressOn(Enum):
    """What a mouse press on the field held."""

    TARGET = "target"  # a target of the picked scarer: the move waits for the release
    SCARER = "scarer"  # a scarer of the turn, picked by this press
    AGAIN = "again"  # the picked scarer pressed again (a click puts it back)


@dataclass(frozen=True, slots=True)
class Press:
    """A mouse press on the field: the card's `cell`, the mouse's `pos`, and what it held."""

    cell: tuple[int, int]
    pos: tuple[int, int]
    on: PressOn

    @property
    def holds_scarer(self) -> bool:
        """The press holds a scarer: moving the mouse drags it."""
        return self.on is not PressOn.TARGET


class Pick:
    """One table's choosing: the scarer picked (`selected`), Move in, the keyboard cursor, a
    mouse press on the field and its drag, a refused card shaking, a hinted
    move lit until the next; `targets_of` maps each scarer of the turn to its targets."""

    def __init__(self, width: int) -> None:
        self.selected = None
        self.move_in = False
        self.cursor = (width // 2, 0)
        self.cursor_visible = False
        self.press: Press | None = None  # a mouse press on the field
        self.drag_pos = None
        self.shake_cell = None
        self.shake_until = 0.0
        self.hint_move: Move | None = None
        self.targets_of: dict = {}
        self.hover = None  # the card under the mouse till the cursor moves (a zoomed field
        # pans to show it whole)

    def begin_turn(self, moves: list[Move]) -> None:
        """A turn begins: nothing picked, and the turn's scarers and targets known."""
        self.let_go()
        self.press = self.drag_pos = None
        self.targets_of = {}
        for m in moves:
            self.targets_of.setdefault(m.scarer, set()).add(m.target)

    def let_go(self) -> None:
        """No scarer picked, Move in off."""
        self.selected = None
        self.move_in = False

    def light(self, move: Move) -> None:
        """A hinted move lit on the field, the keyboard cursor on its scarer."""
        self.hint_move = move
        self.let_go()
        self.cursor = move.scarer
        self.hover = None  # a zoomed field shows the hinted move

    def clamp(self, width: int, height: int) -> None:
        """The cursor stays on a field that lost a column or a row."""
        cx, cy = self.cursor
        self.cursor = (min(cx, width - 1), min(cy, height - 1))

    def looked_at(self, computer_aim=None, computer: bool = False) -> list:
        """The cells a zoomed field shows whole: the computer's scarer and its aim while it
        moves; else the card under the mouse since it last moved, else the keyboard cursor
        (a hint lit there: its scarer and target)."""
        if computer:
            return [cell for cell in (self.selected, computer_aim) if cell is not None]
        if self.hover is not None:
            return [self.hover]
        hint = self.hint_move
        if hint is not None and hint.scarer == self.cursor:
            return [hint.scarer, hint.target]
        return [self.cursor] if self.cursor_visible else []

    def shake(self, cell, now: float) -> None:
        self.shake_cell, self.shake_until = cell, now + SHAKE_S

    def side_targets(self) -> bool:
        """The picked scarer can scare a card to its side (Move in means something)."""
        if self.selected is None:
            return False
        return any(t[0] != self.selected[0] for t in self.targets_of.get(self.selected, ()))

    def dragging(self) -> bool:
        return self.drag_pos is not None and self.press is not None and self.press.holds_scarer

    def lit(self, turn: bool) -> bool:
        """Something on the field is lit, moved or marked: the still picture is not the bare
        field."""
        return (self.selected is not None or self.move_in or self.shake_cell is not None
                or self.drag_pos is not None or (self.hint_move is not None and turn))
