"""What a move did, in order: the events animations play and logs record."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Card

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Scared:
    """The target was scared off the field by the scarer."""

    target: Card
    at: Cell
    scarer: Card
    scarer_at: Cell


@dataclass(frozen=True, slots=True)
class MovedIn:
    """The scarer moved into the cell its target left (horizontal scares only)."""

    card: Card
    source: Cell
    to: Cell


@dataclass(frozen=True, slots=True)
class Fell:
    """A card fell one cell because the cell below it emptied."""

    card: Card
    source: Cell
    to: Cell


@dataclass(frozen=True, slots=True)
class ColumnClosed:
    """A column emptied and closed up: the columns to its right slid one place left."""

    column: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended; `reason` is 'column emptied' or 'no move'."""

    reason: str


Event = Scared | MovedIn | Fell | ColumnClosed | GameOver
