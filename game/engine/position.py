"""Immutable field positions and the RULES.md text notation for them."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Card, parse_card

MAX_COLUMNS = 8
MAX_ROWS = 4
EMPTY = ".."


class NotationError(ValueError):
    """A position, move or card written wrongly; the message names the offending part."""


def cell_name(column: int, row: int) -> str:
    """Cell name for 0-based column and row, e.g. (2, 0) -> 'c1'."""
    return f"{'abcdefgh'[column]}{row + 1}"


@dataclass(frozen=True, slots=True)
class Position:
    """The field: columns left to right, each a tuple of cards from row 1 upward.

    Storing columns as stacks makes floating cards impossible by construction.
    `height` is the number of rows the field is drawn with (at least the tallest column).
    """

    columns: tuple[tuple[Card, ...], ...]
    height: int

    @property
    def width(self) -> int:
        return len(self.columns)

    def card_at(self, column: int, row: int) -> Card | None:
        if 0 <= column < len(self.columns):
            stack = self.columns[column]
            if 0 <= row < len(stack):
                return stack[row]
        return None

    def card_count(self) -> int:
        return sum(len(c) for c in self.columns)

    def cards(self) -> list[Card]:
        return [card for column in self.columns for card in column]

    def occupied(self):
        """Yield (column, row, card) for every card, column by column, bottom up."""
        for x, stack in enumerate(self.columns):
            for y, card in enumerate(stack):
                yield x, y, card

    def has_empty_column(self) -> bool:
        return any(not c for c in self.columns)

    def mirrored(self) -> Position:
        return Position(self.columns[::-1], self.height)

    def __str__(self) -> str:
        return format_position(self)


def format_position(position: Position) -> str:
    """One-line notation, top row first: 'YC .. OE/PM BD YE'."""
    rows = []
    for y in range(position.height - 1, -1, -1):
        cells = []
        for stack in position.columns:
            cells.append(stack[y].code if y < len(stack) else EMPTY)
        rows.append(" ".join(cells))
    return "/".join(rows)


def _row_cells(text: str, row_number: int) -> list[str]:
    cells: list[str] = []
    for token in text.split():
        if len(token) % 2:
            raise NotationError(f"row {row_number}: '{token}' is not a card")
        cells.extend(token[i:i + 2] for i in range(0, len(token), 2))
    return cells


def parse_position(text: str) -> Position:
    """Parse the RULES.md notation; refusals name the offending row or cell."""
    if not text or not text.strip():
        raise NotationError("the position is empty")
    raw_rows = text.strip().split("/")
    if len(raw_rows) > MAX_ROWS:
        raise NotationError(f"the position has {len(raw_rows)} rows, at most {MAX_ROWS} allowed")
    height = len(raw_rows)
    # rows[y] is row y+1 counted from the bottom.
    rows: list[list[str]] = []
    for i, raw in enumerate(reversed(raw_rows)):
        cells = _row_cells(raw, i + 1)
        if not cells:
            raise NotationError(f"row {i + 1} is empty")
        rows.append(cells)
    width = len(rows[0])
    if width > MAX_COLUMNS:
        raise NotationError(f"row 1 has {width} cells, at most {MAX_COLUMNS} allowed")
    for i, cells in enumerate(rows[1:], start=2):
        if len(cells) != width:
            raise NotationError(f"row {i} has {len(cells)} cells, row 1 has {width}")
    columns: list[tuple[Card, ...]] = []
    for x in range(width):
        stack: list[Card] = []
        gap_at: int | None = None
        for y in range(height):
            code = rows[y][x]
            if code == EMPTY:
                if gap_at is None:
                    gap_at = y
                continue
            try:
                card = parse_card(code)
            except ValueError:
                raise NotationError(f"{cell_name(x, y)}: '{code}' is not a card") from None
            if gap_at is not None:
                raise NotationError(f"{cell_name(x, y)} floats above an empty cell")
            stack.append(card)
        columns.append(tuple(stack))
    return Position(tuple(columns), height)


