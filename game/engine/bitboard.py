"""The field as one integer of animal bitboards: fast move generation for perft and the solver.

Layout: five 32-bit slots, slot a (0..3) holds the cards of Animal a, slot 4 marks the cards
that match a solver target. Inside a slot, cell bit = column * 4 + row (row 0 is row 1 of
the rules), so each column is one nibble. Colours play no part in which moves exist, which is
why four animal boards are enough; the target slot rides along so the solver can tell whether
a card matching the target survives. Taking a card out collapses one nibble; closing a column shifts the
higher nibbles down by four - the same masks work on all five slots at once.
"""

from __future__ import annotations

from game.engine.cards import Animal, Card, Colour
from game.engine.moves import Move
from game.engine.position import Position

SLOT = 32
M32 = (1 << SLOT) - 1
ANIMALS = (1 << (4 * SLOT)) - 1  # the four animal slots
MARK_SHIFT = 4 * SLOT


def _rep4(mask: int) -> int:
    """A 32-bit mask repeated in the four animal slots."""
    return mask | mask << 32 | mask << 64 | mask << 96


def _rep5(mask: int) -> int:
    """A 32-bit mask repeated in all five slots (animals and target marks)."""
    return _rep4(mask) | mask << MARK_SHIFT


NOT_TOP = _rep4(0x77777777)  # a scarer shifted down from row 4 would leak into the next column
NOT_BOTTOM = _rep4(0xEEEEEEEE)
NOT_LAST = _rep4(0x0FFFFFFF)  # a shift by a column would leak between slots
NOT_FIRST = _rep4(0xFFFFFFF0)
ROW1 = 0x11111111

# Taking the card at cell i out: cells above it in its column move down one row.
KEEP = [0] * 32
FALL = [0] * 32
for _i in range(32):
    _c, _r = divmod(_i, 4)
    _above = sum(1 << (4 * _c + y) for y in range(_r, 4))
    KEEP[_i] = _rep5(M32 & ~_above)
    FALL[_i] = _rep5(sum(1 << (4 * _c + y) for y in range(_r, 3)))
# Closing column c: every column to its right slides one place left.
LOW = [_rep5((1 << (4 * c)) - 1) for c in range(8)]
HIGH = [_rep5(((1 << 28) - 1) & ~((1 << (4 * c)) - 1)) for c in range(8)]
BOTTOM = [_rep4(1 << (4 * c)) for c in range(8)]
del _i, _c, _r, _above

Target = Card | Animal | Colour | None


def matches(card: Card, target: Target) -> bool:
    """Whether a card matches the target (a card, an animal or a colour)."""
    if target is None:
        return False
    if isinstance(target, Card):
        return card == target
    if isinstance(target, Animal):
        return card.animal == target
    return card.colour == target


def encode(position: Position, target: Target = None) -> int:
    """The board integer of a field (columns as given, empty ones kept)."""
    board = 0
    for x, column in enumerate(position.columns):
        for y, card in enumerate(column):
            cell = 4 * x + y
            board |= 1 << (SLOT * card.animal + cell)
            if matches(card, target):
                board |= 1 << (MARK_SHIFT + cell)
    return board


def card_count(board: int) -> int:
    return (board & ANIMALS).bit_count()


def marks(board: int) -> int:
    return board >> MARK_SHIFT


def animal_counts(board: int) -> tuple[int, int, int, int]:
    return (
        (board & M32).bit_count(),
        (board >> 32 & M32).bit_count(),
        (board >> 64 & M32).bit_count(),
        (board >> 96 & M32).bit_count(),
    )


def occupancy(board: int) -> int:
    return (board | board >> 32 | board >> 64 | board >> 96) & M32


def width(board: int) -> int:
    """Columns in use, for a field whose columns are packed from the left (solo play)."""
    return (occupancy(board) & ROW1).bit_count()


def scare_sets(board: int) -> tuple[int, int, int, int]:
    """Target cells of every scare, one board per direction of the scarer.

    Bit 32*a + cell is set when a card of Animal a can scare the card on `cell`:
    from above, from below, from the right and from the left.
    """
    animals = board & ANIMALS
    victims = animals >> 32 | (animals & M32) << 96  # slot a holds the victims of animal a
    return (
        animals >> 1 & victims & NOT_TOP,
        animals << 1 & victims & NOT_BOTTOM,
        animals >> 4 & victims & NOT_LAST,
        animals << 4 & victims & NOT_FIRST,
    )


def move_count(board: int) -> int:
    """Number of canonical moves: vertical scares once, horizontal scares twice."""
    animals = board & ANIMALS  # scare_sets inlined: the solver calls this for every child
    victims = animals >> 32 | (animals & M32) << 96
    return (
        (animals >> 1 & victims & NOT_TOP).bit_count()
        + (animals << 1 & victims & NOT_BOTTOM).bit_count()
        + 2 * ((animals >> 4 & victims & NOT_LAST).bit_count()
               + (animals << 4 & victims & NOT_FIRST).bit_count())
    )


# Scarer cell offset from the target cell, per direction (above, below, right, left).
OFFSETS = (1, -1, 4, -4)


def remove(board: int, cell: int) -> int:
    """Take the card at `cell` out; the cards above it fall one row."""
    return board & KEEP[cell] | board >> 1 & FALL[cell]


def close(board: int, column: int) -> int:
    """Close an empty column: the columns on its right slide one place left."""
    return board & LOW[column] | board >> 4 & HIGH[column]


def play(board: int, scarer: int, target: int, move_in: bool) -> tuple[int, int]:
    """Play a scare given by cells; returns the new board and the column a card left."""
    if move_in and (scarer ^ target) & ~3:
        # The scarer takes the target's cell: swap the target's animal bit for the scarer's,
        # and carry the scarer's target mark with it.
        animal = next(a for a in range(4) if board >> (32 * a + scarer) & 1)
        victim = (animal + 1) & 3
        board ^= 1 << (32 * victim + target) | 1 << (32 * animal + target)
        if (board >> (MARK_SHIFT + scarer) ^ board >> (MARK_SHIFT + target)) & 1:
            board ^= 1 << (MARK_SHIFT + target)
        return remove(board, scarer), scarer >> 2
    return remove(board, target), target >> 2


def children(board: int):
    """Yield (scarer cell, target cell, move_in, new board, column a card left) for every move."""
    for direction, scares in enumerate(scare_sets(board)):
        offset = OFFSETS[direction]
        horizontal = direction >= 2
        while scares:
            low = scares & -scares
            scares ^= low
            bit = low.bit_length() - 1
            animal, target = bit >> 5, bit & 31
            scarer = target + offset
            yield scarer, target, False, remove(board, target), target >> 2
            if horizontal:
                moved = board ^ (low | 1 << (bit + 32 if animal < 3 else target))
                if (moved >> (MARK_SHIFT + scarer) ^ moved >> (MARK_SHIFT + target)) & 1:
                    moved ^= 1 << (MARK_SHIFT + target)
                yield scarer, target, True, remove(moved, scarer), scarer >> 2


def to_move(scarer: int, target: int, move_in: bool) -> Move:
    """The engine's Move for a scare given by cells."""
    return Move((scarer >> 2, scarer & 3), (target >> 2, target & 3), move_in)


def from_move(move: Move) -> tuple[int, int, bool]:
    (sx, sy), (tx, ty) = move.scarer, move.target
    return 4 * sx + sy, 4 * tx + ty, move.move_in and sx != tx


_SWAP_NIBBLES = bytes(((b & 15) << 4) | (b >> 4) for b in range(256))


def mirrored(board: int, columns: int) -> int:
    """The field mirrored left-right (columns 0..columns-1 used), in all five slots."""
    raw = board.to_bytes(20, "little").translate(_SWAP_NIBBLES)
    flipped = b"".join(raw[s + 3:s - 1 if s else None:-1] for s in range(0, 20, 4))
    shift = 4 * (8 - columns)
    return int.from_bytes(flipped, "little") >> shift & _rep5(M32 >> shift)
