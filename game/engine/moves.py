"""Moves: notation, the legal-move generator and how a move changes the field."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.engine.cards import Animal, Card
from game.engine.events import Event, Fell, MovedIn, Scared
from game.engine.position import NotationError, Position, cell_name

Cell = tuple[int, int]  # (column, row), both 0-based; row 0 is row 1 of the rules

_MOVE_RE = re.compile(r"^([a-h])([1-4])x([a-h])([1-4])(\+?)$")


@dataclass(frozen=True, slots=True)
class Move:
    """A scare: the scarer's cell, the target's cell, and whether the scarer moves in.

    Canonical moves have `move_in` False for vertical scares (both choices give the same field).
    """

    scarer: Cell
    target: Cell
    move_in: bool = False

    @property
    def vertical(self) -> bool:
        return self.scarer[0] == self.target[0]

    def canonical(self) -> Move:
        return Move(self.scarer, self.target, False) if self.vertical and self.move_in else self

    def mirrored(self, width: int) -> Move:
        (sx, sy), (tx, ty) = self.scarer, self.target
        return Move((width - 1 - sx, sy), (width - 1 - tx, ty), self.move_in)

    @property
    def text(self) -> str:
        plus = "+" if self.move_in and not self.vertical else ""
        return f"{cell_name(*self.scarer)}x{cell_name(*self.target)}{plus}"

    def __str__(self) -> str:
        return self.text


def parse_move(text: str) -> Move:
    """Parse 'b1xc1', 'b1xc1+' or 'c1xc2'; shape only, legality is checked where it is played."""
    m = _MOVE_RE.match(text.strip().lower())
    if not m:
        raise NotationError(f"'{text}' is not a move (write it like b1xc1 or b1xc1+)")
    sx, sy, tx, ty, plus = m.groups()
    scarer = (ord(sx) - 97, int(sy) - 1)
    target = (ord(tx) - 97, int(ty) - 1)
    if abs(scarer[0] - target[0]) + abs(scarer[1] - target[1]) != 1:
        raise NotationError(f"'{text}': {cell_name(*scarer)} and {cell_name(*target)} are not neighbours")
    return Move(scarer, target, bool(plus)).canonical()


# Neighbour order: below, above, left, right - fixed so move lists are deterministic.
_NEIGHBOURS = ((0, -1), (0, 1), (-1, 0), (1, 0))


def legal_moves(position: Position) -> list[Move]:
    """Every canonical move: vertical scares once, horizontal scares twice (stay, move in)."""
    moves: list[Move] = []
    columns = position.columns
    width = len(columns)
    for x, stack in enumerate(columns):
        for y, card in enumerate(stack):
            victim = card.animal.victim
            for dx, dy in _NEIGHBOURS:
                tx, ty = x + dx, y + dy
                if 0 <= tx < width and 0 <= ty < len(columns[tx]) and columns[tx][ty].animal == victim:
                    if dx:
                        moves.append(Move((x, y), (tx, ty), False))
                        moves.append(Move((x, y), (tx, ty), True))
                    else:
                        moves.append(Move((x, y), (tx, ty), False))
    return moves


def why_illegal(position: Position, move: Move) -> str | None:
    """None when the move is legal here, else a short reason naming the cells."""
    scarer = position.card_at(*move.scarer)
    target = position.card_at(*move.target)
    s, t = cell_name(*move.scarer), cell_name(*move.target)
    (sx, sy), (tx, ty) = move.scarer, move.target
    if abs(sx - tx) + abs(sy - ty) != 1:  # Moves built in code skip parse_move's check
        return f"{move}: {s} and {t} are not neighbours"
    if scarer is None:
        return f"{move}: there is no card on {s}"
    if target is None:
        return f"{move}: there is no card on {t}"
    if not scarer.scares(target):
        a, b = (("an " if x is Animal.ELEPHANT else "a ") + x.name.lower()
                for x in (scarer.animal, target.animal))
        return f"{move}: {a} does not scare {b}"
    return None


def _remove(stack: tuple[Card, ...], row: int, x: int, events: list[Event]) -> tuple[Card, ...]:
    """Take the card at `row` out of a column; the cards above fall one cell, bottom first."""
    for y in range(row + 1, len(stack)):
        events.append(Fell(stack[y], (x, y), (x, y - 1)))
    return stack[:row] + stack[row + 1:]


def play_on_field(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """Apply a legal move to the field alone (no column closing, no game over)."""
    (sx, sy), (tx, ty) = move.scarer, move.target
    columns = list(position.columns)
    scarer_card = columns[sx][sy]
    target_card = columns[tx][ty]
    events: list[Event] = [Scared(target_card, (tx, ty), scarer_card, (sx, sy))]
    if move.move_in and sx != tx:
        events.append(MovedIn(scarer_card, (sx, sy), (tx, ty)))
        target_stack = columns[tx]
        columns[tx] = target_stack[:ty] + (scarer_card,) + target_stack[ty + 1:]
        columns[sx] = _remove(columns[sx], sy, sx, events)
    else:
        columns[tx] = _remove(columns[tx], ty, tx, events)
    return Position(tuple(columns), position.height), events
