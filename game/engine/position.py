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


# What can be wrong with a drawn field. read_field says which (a FieldProblem); each reader
# (positions here, level files, puzzle codes) puts it in its own words.
TOO_MANY_ROWS, ODD_TOKEN, EMPTY_ROW, TOO_WIDE, RAGGED, NOT_A_CARD, FLOATS, NO_CARD = (
    "too many rows", "odd token", "empty row", "too wide", "ragged", "not a card", "floats",
    "no card")


class FieldProblem(NotationError):
    """Why read_field refused: the `fault`, the row (an index into the rows as given, top
    first), the column, the token or cell at fault, a count (cells or rows), and the row the
    widths were measured from with its width."""

    def __init__(self, fault: str, rows: int, row: int = 0, column: int = 0, text: str = "",
                 count: int = 0, reference: int = 0, width: int = 0) -> None:
        self.fault, self.row, self.column, self.text = fault, row, column, text
        self.count, self.reference, self.width, self.height = count, reference, width, rows
        super().__init__(self.position_words())

    @property
    def y(self) -> int:
        """The field row at fault, counted from the bottom (0-based, as cell_name takes it)."""
        return self.height - 1 - self.row

    @property
    def cell(self) -> str:
        return cell_name(self.column, self.y)

    def position_words(self) -> str:
        """The RULES.md notation's words for it (the CLI and records say these)."""
        y, ref = self.y + 1, self.height - self.reference
        return {
            TOO_MANY_ROWS: f"the position has {self.count} rows, at most {MAX_ROWS} allowed",
            ODD_TOKEN: f"row {y}: '{self.text}' is not a card",
            EMPTY_ROW: f"row {y} is empty",
            TOO_WIDE: f"row {y} has {self.count} cells, at most {MAX_COLUMNS} allowed",
            RAGGED: f"row {y} has {self.count} cells, row {ref} has {self.width}",
            NOT_A_CARD: f"{self.cell}: '{self.text}' is not a card",
            FLOATS: f"{self.cell} floats above an empty cell",
            NO_CARD: "the position has no card (a field always holds one)",
        }[self.fault]


def read_field(rows: list[str], widths_from: int = -1) -> Position:
    """The one tokenizer of the field notation: rows top first, each row's cells two-letter
    codes (or '..'), run together or apart. Raises FieldProblem. Empty columns are allowed
    (a position may have one); a field with no card at all is not. `widths_from` is the row
    (an index into `rows`) the others must be as wide as."""
    height = len(rows)
    if height > MAX_ROWS:
        raise FieldProblem(TOO_MANY_ROWS, height, count=height)
    grid: list[list[str]] = []  # top row first, as given
    for index, text in enumerate(rows):
        cells: list[str] = []
        for token in text.split():
            if len(token) % 2:
                raise FieldProblem(ODD_TOKEN, height, index, text=token)
            cells.extend(token[i:i + 2] for i in range(0, len(token), 2))
        grid.append(cells)
    for index in range(height - 1, -1, -1):  # the bottom row is row 1: it is named first
        if not grid[index]:
            raise FieldProblem(EMPTY_ROW, height, index)
    reference = widths_from % height
    width = len(grid[reference])
    for index in [reference] + [i for i in range(height - 1, -1, -1) if i != reference]:
        if len(grid[index]) > MAX_COLUMNS:
            raise FieldProblem(TOO_WIDE, height, index, count=len(grid[index]))
        if len(grid[index]) != width:
            raise FieldProblem(RAGGED, height, index, count=len(grid[index]),
                               reference=reference, width=width)
    columns: list[tuple[Card, ...]] = []
    for x in range(width):
        stack: list[Card] = []
        gap = False
        for index in range(height - 1, -1, -1):  # from the bottom row up
            code = grid[index][x]
            if code == EMPTY:
                gap = True
                continue
            try:
                card = parse_card(code)
            except ValueError:
                raise FieldProblem(NOT_A_CARD, height, index, x, code) from None
            if gap:
                raise FieldProblem(FLOATS, height, index, x, code)
            stack.append(card)
        columns.append(tuple(stack))
    if not any(columns):
        raise FieldProblem(NO_CARD, height)
    return Position(tuple(columns), height)


def parse_position(text: str) -> Position:
    """Parse the RULES.md notation; refusals name the offending row or cell."""
    if not text or not text.strip():
        raise NotationError("the position is empty")
    return read_field(text.strip().split("/"))


