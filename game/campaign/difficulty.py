"""Measured difficulty of a solo puzzle: winning lines to par and random playouts reaching par.

Works on the engine's bitboards so the level tools can measure a whole campaign quickly.
Solo rules throughout: an emptied column closes up; play goes on until no move is left.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import bitboard as bb
from game.engine.cards import Card
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.rng import Rng

DEFAULT_CAP = 10_000
DEFAULT_PLAYOUTS = 200


def solo_children(board: int):
    """Yield (move, board after it) for every move, with an emptied column closed up."""
    for scarer, target, move_in, child, column in bb.children(board):
        if not bb.occupancy(child) >> (4 * column) & 0xF:
            child = bb.close(child, column)
        yield bb.to_move(scarer, target, move_in), child


def _stuck(board: int) -> int:
    """Cards that can never leave: their scarer's animal is gone from the field."""
    counts = bb.animal_counts(board)
    return sum(counts[a] for a in range(4) if counts[a] and not counts[(a + 3) % 4])


def _key(board: int) -> int:
    # A field and its mirror image have the same lines, mirrored: store them once.
    return min(board, bb.mirrored(board, bb.width(board)))


class Measure:
    """Searches one puzzle: the field, and the target that must remain (a card, an animal or a colour; or None)."""

    def __init__(self, position: Position, target: Card | None = None) -> None:
        self.board = bb.encode(position, target)
        self.has_target = target is not None
        self._reach: dict[tuple[int, int], bool] = {}
        self._lines: dict[int, int] = {}
        self._fewest: dict[int, int] = {}

    def _lost(self, board: int) -> bool:
        return self.has_target and not bb.marks(board)

    def fewest(self) -> int | None:
        """The fewest cards that can remain (target kept), or None if the target cannot survive.

        An independent exact search, used to cross-check the solver.
        """
        best = self._min(self.board)
        return None if best >= 99 else best

    def _min(self, board: int) -> int:
        if self._lost(board):
            return 99
        key = _key(board)
        if key in self._fewest:
            return self._fewest[key]
        floor = max(1, _stuck(board))
        best = 99
        moved = False
        for _, child in solo_children(board):
            moved = True
            best = min(best, self._min(child))
            if best <= floor:
                break
        if not moved:
            best = bb.card_count(board)
        self._fewest[key] = best
        return best

    def can_reach(self, board: int, par: int) -> bool:
        """Whether some line from `board` ends with exactly `par` cards (target kept)."""
        if self._lost(board):
            return False
        count = bb.card_count(board)
        if count < par or _stuck(board) > par:
            return False
        key = (_key(board), par)
        if key in self._reach:
            return self._reach[key]
        found = False
        moved = False
        for _, child in solo_children(board):
            moved = True
            if self.can_reach(child, par):
                found = True
                break
        if not moved:
            found = count == par
        self._reach[key] = found
        return found

    def lines(self, par: int, cap: int = DEFAULT_CAP) -> int:
        """Distinct move sequences from the start that end the game at par, counted up to `cap`."""
        self._lines.clear()
        return min(cap, self._count(self.board, par, cap))

    def _count(self, board: int, par: int, cap: int) -> int:
        if not self.can_reach(board, par):
            return 0
        key = _key(board)
        if key in self._lines:
            return self._lines[key]
        total = 0
        moved = False
        for _, child in solo_children(board):
            moved = True
            total += self._count(child, par, cap)
            if total >= cap:
                total = cap
                break
        if not moved:
            total = 1
        self._lines[key] = total
        return total

    def playout_share(self, par: int, playouts: int = DEFAULT_PLAYOUTS, seed: int = 1) -> float:
        """Share of uniformly random playouts that end at par or better with the target kept."""
        rng = Rng(seed)
        wins = 0
        for _ in range(playouts):
            board = self.board
            while True:
                options = [child for _, child in solo_children(board)]
                if not options:
                    break
                board = options[rng.below(len(options))]
            if bb.card_count(board) <= par and not self._lost(board):
                wins += 1
        return wins / playouts if playouts else 0.0

    def winning_line(self, par: int) -> list[Move]:
        """One line of moves that ends at par (empty if there is none)."""
        line: list[Move] = []
        board = self.board
        if not self.can_reach(board, par):
            return line
        while True:
            step = next(((m, c) for m, c in solo_children(board) if self.can_reach(c, par)), None)
            if step is None:
                return line
            line.append(step[0])
            board = step[1]


@dataclass(frozen=True, slots=True)
class Difficulty:
    """The measured figures of a puzzle at a given par."""

    par: int
    lines: int  # distinct winning lines, up to the cap
    capped: bool
    share: float  # share of random playouts that reach par

    @property
    def lines_text(self) -> str:
        return f">={self.lines}" if self.capped else str(self.lines)


def measure(position: Position, par: int, target: Card | None = None,
            cap: int = DEFAULT_CAP, playouts: int = DEFAULT_PLAYOUTS, seed: int = 1) -> Difficulty:
    m = Measure(position, target)
    lines = m.lines(par, cap)
    return Difficulty(par, lines, lines >= cap, m.playout_share(par, playouts, seed))
