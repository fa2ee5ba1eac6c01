"""The solo solver's memo: proven lower bounds by board, bounded in bytes.

A dict of Python ints costs about 100 bytes a board, so only the newest `hot_limit` boards
stay in one (fast, checked for every child); when it fills, they move to a fixed table of
24-byte slots in an array (three 64-bit words: the board's two halves of animals, then its
marks and the bound), one slot per board % `slots`, a newer board taking the slot of an older
one. The solver reads that table once per node searched, not per child, so the usual small
search never touches it. A lost bound only costs time: every entry is a proof, checked
against the whole board (marks included, so targeted and plain searches never mix).
"""

from __future__ import annotations

import sys
from array import array

from game.engine.bitboard import MARK_SHIFT

MEMO_BYTES = 32 * 2**20
HOT_LIMIT = 87_000  # under 8 MB with its keys, just below the dict's next growth (87,381)
SLOTS = 1_048_573  # a prime below 2**20: 24 MB of slots, board % SLOTS mixes every bit
_M64 = (1 << 64) - 1


class BoundMemo:
    """Lower bounds proven for boards: `hot` holds the newest (bound + 1 by board; the
    solver reads it directly, per child), `table` the older ones once the first spill made it."""

    def __init__(self, hot_limit: int = HOT_LIMIT, slots: int = SLOTS) -> None:
        self.hot_limit = hot_limit
        self.slots = slots
        self.hot: dict[int, int] = {}  # the same dict for the memo's life: searches hold it
        self.table: array | None = None  # the older bounds, 3 words a slot

    def remember(self, board: int, k: int) -> None:
        """`board` cannot reach a finished game with k cards or fewer."""
        if len(self.hot) >= self.hot_limit:
            self.spill()
        self.hot[board] = k + 1

    def spill(self) -> None:
        """Move every bound of the dict into the slot table (made on first use)."""
        table = self.table
        if table is None:
            table = self.table = array("Q", [0]) * (3 * self.slots)  # no 24 MB bytes on the way
        slots = self.slots
        for board, bound in list(self.hot.items()):
            i = board % slots * 3
            table[i] = board & _M64
            table[i + 1] = board >> 64 & _M64
            table[i + 2] = board >> MARK_SHIFT << 8 | bound
        self.hot.clear()

    def cold_bound(self, board: int) -> int:
        """The bound the slot table holds for `board`, 0 when its slot holds another board
        (or there is no table yet)."""
        table = self.table
        if table is None:
            return 0
        i = board % self.slots * 3
        if table[i] == board & _M64 and table[i + 1] == board >> 64 & _M64:
            last = table[i + 2]
            if last >> 8 == board >> MARK_SHIFT:
                return last & 255
        return 0

    def clear(self) -> None:
        """Forget every bound and give the table's memory back."""
        self.hot.clear()
        self.table = None

    def size(self) -> tuple[int, int]:
        """(bounds held, bytes they take): the dict with its keys plus the slot table."""
        hot = dict(self.hot)  # a copy: another thread may be searching
        table = self.table
        held = len(hot)
        size = sys.getsizeof(hot) + sum(sys.getsizeof(board) for board in hot)
        if table is not None:
            held += sum(1 for i in range(2, len(table), 3) if table[i])
            size += sys.getsizeof(table)
        return held, size
