"""The puzzle editor's draft: a field being made, its target, what is wrong with it, and the
undo/redo history of its edits. Pure Python: no pygame.

Cards obey gravity: a card put above a gap falls onto its column, and the cards above a removed
one fall. A field holds no more of a card than the box does (two of each). An edit that would
take cards off the field (a narrower or lower field) is told apart (`lost_by_*`) so the editor
can ask first; every edit can be undone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.campaign.puzzles import BOX, Puzzle, too_many
from game.engine.cards import Card
from game.engine.position import MAX_COLUMNS, MAX_ROWS, Position
from game.i18n import _

START_SIZE = (5, 3)
HISTORY_LIMIT = 500  # edits kept for undo; a long session forgets its oldest


class DraftError(ValueError):
    """An edit the draft refuses: the message is one line for the player."""


def column_name(x: int) -> str:
    return "abcdefgh"[x]


@dataclass(frozen=True, slots=True)
class Draft:
    """A field being made (empty columns allowed) and an optional target card; immutable."""

    columns: tuple[tuple[Card, ...], ...]
    height: int
    target: Card | None = None

    @classmethod
    def empty(cls, width: int = START_SIZE[0], height: int = START_SIZE[1]) -> Draft:
        return cls(((),) * width, height)

    @classmethod
    def of(cls, puzzle: Puzzle) -> Draft:
        """A puzzle (a code, a saved level) as a draft; DraftError when it holds more of a card
        than the box does."""
        draft = cls(tuple(tuple(c) for c in puzzle.position.columns), puzzle.position.height,
                    puzzle.target)
        over = draft.over_the_box()
        if over is not None:
            raise DraftError(too_many(*over))
        return draft

    # What it is ---------------------------------------------------------------------
    @property
    def width(self) -> int:
        return len(self.columns)

    def cards(self) -> list[Card]:
        return [card for column in self.columns for card in column]

    def card_count(self) -> int:
        return sum(len(c) for c in self.columns)

    def copies(self, card: Card) -> int:
        return sum(1 for c in self.cards() if c == card)

    def used_up(self, card: Card) -> bool:
        """Every copy of `card` the box holds is on the field."""
        return self.copies(card) >= BOX[card]

    def over_the_box(self) -> tuple[Card, int] | None:
        """The first card on the field more often than the box holds it, and how often."""
        return next(((c, self.copies(c)) for c in dict.fromkeys(self.cards())
                     if self.copies(c) > BOX[c]), None)

    def card_at(self, x: int, y: int) -> Card | None:
        column = self.columns[x]
        return column[y] if y < len(column) else None

    def position(self) -> Position:
        return Position(self.columns, self.height)

    def puzzle(self) -> Puzzle:
        return Puzzle(self.position(), self.target)

    def problem(self) -> str | None:
        """Why this field is not a puzzle yet (None when it is one)."""
        if not self.card_count():
            return _("Place some cards first")
        for x, column in enumerate(self.columns):
            if not column:
                return _("Column %(col)s is empty: fill it or make the field narrower") % {
                    "col": column_name(x)}
        return None

    def lost_by_width(self, width: int) -> int:
        """How many cards a field `width` columns wide would take off."""
        return sum(len(c) for c in self.columns[max(0, width):])

    def lost_by_height(self, height: int) -> int:
        """How many cards a field `height` rows high would take off."""
        return sum(max(0, len(c) - height) for c in self.columns)

    # Edits: each returns a new draft -------------------------------------------------
    def place(self, x: int, y: int, card: Card) -> Draft:
        """`card` on (x, y); above a gap it falls onto the column. DraftError when the column
        is full or the box has no copy of `card` left."""
        column = self.columns[x]
        old = column[y] if y < len(column) else None
        if old == card:
            return self
        if old is None and len(column) >= self.height:
            raise DraftError(_("Column %(col)s is full") % {"col": column_name(x)})
        if self.copies(card) >= BOX[card]:
            raise DraftError(_("The box holds %(box)d of each card: %(card)s is on the field "
                               "%(box)d times already") % {"box": BOX[card], "card": card.label})
        stack = column[:y] + (card,) + column[y + 1:] if old is not None else column + (card,)
        return self._with_column(x, stack)

    def remove(self, x: int, y: int) -> Draft:
        """The card on (x, y) taken off; the cards above it fall."""
        column = self.columns[x]
        if y >= len(column):
            raise DraftError(_("There is no card there to take away"))
        return self._with_column(x, column[:y] + column[y + 1:])

    def with_width(self, width: int) -> Draft:
        """`width` columns (1 to 8): new ones empty, dropped ones with their cards."""
        width = max(1, min(MAX_COLUMNS, width))
        columns = self.columns[:width] + ((),) * (width - self.width)
        return self._kept_target(replace(self, columns=columns))

    def with_height(self, height: int) -> Draft:
        """`height` rows (1 to 4): cards above the top row leave."""
        height = max(1, min(MAX_ROWS, height))
        columns = tuple(c[:height] for c in self.columns)
        return self._kept_target(replace(self, columns=columns, height=height))

    def with_target(self, card: Card | None) -> Draft:
        if card is not None and card not in self.cards():
            raise DraftError(_("Put the cursor on a card to make it the target"))
        return replace(self, target=card)

    def next_target(self, step: int = 1) -> Draft:
        """None, then each card the field holds, in turn."""
        choices = [None, *sorted(set(self.cards()))]
        i = choices.index(self.target) if self.target in choices else 0
        return replace(self, target=choices[(i + step) % len(choices)])

    def cleared(self) -> Draft:
        return Draft(((),) * self.width, self.height)

    def _with_column(self, x: int, stack: Iterable[Card]) -> Draft:
        columns = self.columns[:x] + (tuple(stack),) + self.columns[x + 1:]
        return self._kept_target(replace(self, columns=columns))

    def _kept_target(self, draft: Draft) -> Draft:
        """The target goes when its last copy leaves the field."""
        if draft.target is not None and draft.target not in draft.cards():
            return replace(draft, target=None)
        return draft


class DraftHistory:
    """The drafts so far and where the player stands in them, as the table's undo and redo:
    a new edit after an undo cuts the redo tail."""

    def __init__(self, draft: Draft) -> None:
        self.drafts = [draft]
        self.index = 0

    @property
    def draft(self) -> Draft:
        return self.drafts[self.index]

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.drafts) - 1

    def do(self, draft: Draft) -> bool:
        """Make `draft` the current one; False (nothing kept) when it is no change."""
        if draft == self.draft:
            return False
        del self.drafts[self.index + 1:]
        self.drafts.append(draft)
        if len(self.drafts) > HISTORY_LIMIT:
            del self.drafts[0]
        self.index = len(self.drafts) - 1
        return True

    def undo(self) -> Draft | None:
        if not self.can_undo:
            return None
        self.index -= 1
        return self.draft

    def redo(self) -> Draft | None:
        if not self.can_redo:
            return None
        self.index += 1
        return self.draft
