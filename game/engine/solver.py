"""Solo solver: the fewest cards that can remain, a line reaching it, hints and anytime search.

Solo rules: every emptied column closes up and play goes on until no scare is left. With a
target (a Card, an Animal or a Colour) a finished game only counts when a card of that kind
remains. The search asks "can a finished game with at most k cards be reached?" on animal
bitboards, with a lower bound, a memo of proven lower bounds (shared by every k and by calls)
and a cheap move ordering. Mirrored memo keys were tried: mirror twins are rare in play and
computing the key cost more than it saved (bitboard.mirrored stays for other uses).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.engine.bitboard import (
    ANIMALS,
    BOTTOM,
    M32,
    MARK_SHIFT,
    Target,
    children,
    close,
    encode,
    from_move,
    move_count,
    to_move,
)
from game.engine.cards import Animal, Colour, parse_card
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.rules import Rules
from game.engine.state import GameState, initial_state

# Proven lower bounds by board (marks included, so targeted and plain searches never mix).
# Shared between calls so that hints during one game get faster as it goes; bounded in size.
_MEMO: dict[int, int] = {}
_MEMO_LIMIT = 2_000_000


@dataclass(frozen=True)
class Solution:
    """The fewest cards that can remain (None: the target cannot survive), a line of moves
    reaching it (replayable with state.apply under Rules.SOLO) and whether it is proven."""

    count: int | None
    moves: tuple[Move, ...]
    proven: bool


class _OutOfTime(Exception):
    pass


def clear_memo() -> None:
    """Forget every remembered bound (benchmarks use it to time each deal from scratch)."""
    _MEMO.clear()


def parse_target(text: str) -> Target:
    """'YC' -> yellow cat, 'cat' or 'C' -> Animal.CAT, 'yellow' or 'Y' -> Colour.YELLOW."""
    word = text.strip().upper()
    for animal in Animal:
        if word in (animal.letter, animal.name):
            return animal
    for colour in Colour:
        if word in (colour.letter, colour.name):
            return colour
    try:
        return parse_card(word)
    except ValueError:
        raise ValueError(
            f"'{text}' is not a target (write a card like YC, an animal or a colour)"
        ) from None


def _start(position: Position | GameState, target) -> tuple[Position, int, bool]:
    """The solo field (empty columns closed), its board and whether a target is set."""
    if isinstance(position, GameState):
        position = position.position
    if isinstance(target, str):
        target = parse_target(target)
    field = initial_state(position, Rules.SOLO).position
    return field, encode(field, target), target is not None


def lower_bound(board: int) -> int:
    """Cards that can never leave: those of an animal whose scarer is gone; at least 1."""
    e = (board & M32).bit_count()
    d = (board >> 32 & M32).bit_count()
    c = (board >> 64 & M32).bit_count()
    m = (board >> 96 & M32).bit_count()
    stuck = (0 if m else e) + (0 if e else d) + (0 if d else c) + (0 if c else m)
    return stuck or 1


def _next_boards(board: int) -> list[tuple[int, int, int, bool]]:
    """(board after, scarer cell, target cell, move_in) for every move, columns closed."""
    result = []
    for scarer, target, move_in, child, column in children(board):
        if not child & BOTTOM[column]:
            child = close(child, column)
        result.append((child, scarer, target, move_in))
    return result


class _Search:
    """One search with a deadline; `line` collects the moves of a success, last move first."""

    def __init__(self, targeted: bool, deadline: float | None) -> None:
        self.targeted = targeted
        self.deadline = deadline
        self.nodes = 0
        self.line: list[tuple[int, int, bool]] = []

    def reach(self, board: int, k: int) -> bool:
        """Can a finished game with at most k cards (target kept) be reached from `board`?"""
        if self.targeted:
            if not board >> MARK_SHIFT:
                return False
        elif (board & ANIMALS).bit_count() <= k:
            return True  # cards never come back, so any way on ends with at most k
        if lower_bound(board) > k or _MEMO.get(board, 0) > k:
            return False
        return self._expand(board, k)

    def _expand(self, board: int, k: int) -> bool:
        """reach() for a board already checked against the bound and the memo."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 255 and time.monotonic() > self.deadline:
            raise _OutOfTime
        targeted = self.targeted
        cards = (board & ANIMALS).bit_count()
        if not targeted and cards - 1 <= k:
            # Any move will do: the caller only asks when cards > k, so this cannot happen
            # at the root, but it ends the line one move early everywhere else.
            for scarer, target, move_in, _child, _column in children(board):
                self.line.append((scarer, target, move_in))
                return True
            return False
        scored = []
        moved = False
        for scarer, target, move_in, child, column in children(board):
            moved = True
            if not child & BOTTOM[column]:
                child = close(child, column)
            marked = child >> MARK_SHIFT
            if targeted and not marked:
                continue
            bound = lower_bound(child)
            if bound > k or _MEMO.get(child, 0) > k:
                continue
            # Try first what keeps the bound low and the target cards on the field; finer
            # orderings (mobility, mirrored memo keys) cost more per node than they save.
            scored.append((bound, -marked.bit_count(), child, scarer, target, move_in))
        if not moved:
            return cards <= k
        scored.sort(key=_first_two)
        for _bound, _order, child, scarer, target, move_in in scored:
            if self._expand(child, k):
                self.line.append((scarer, target, move_in))
                return True
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[board] = k + 1
        return False


def _first_two(item):
    return item[0], item[1]


def _finish(board: int, cells: list[tuple[int, int, bool]], targeted: bool):
    """Replay cells on the board, then play on to the end; returns (count or None, moves)."""
    for scarer, target, move_in in cells:
        board = next(b for b, s, t, m in _next_boards(board) if (s, t, m) == (scarer, target, move_in))
    cells = list(cells)
    while True:
        nexts = _next_boards(board)
        if not nexts:
            break
        # Play on greedily: keep a target card if there is one, prefer many moves left.
        if targeted:
            nexts = [n for n in nexts if n[0] >> MARK_SHIFT] or nexts
        board, scarer, target, move_in = max(nexts, key=lambda n: move_count(n[0]))
        cells.append((scarer, target, move_in))
    kept = not targeted or board >> MARK_SHIFT
    count = (board & ANIMALS).bit_count() if kept else None
    return count, tuple(to_move(*c) for c in cells)


def _search(board: int, targeted: bool, budget_s: float | None) -> Solution:
    """Downward search: a greedy line first, then ever lower k until one fails (proven)."""
    deadline = None if budget_s is None else time.monotonic() + budget_s
    best_count, best_moves = _finish(board, [], targeted)
    floor = lower_bound(board)
    # Without a greedy line that keeps the target, first ask for any line that keeps it.
    k = (best_count - 1) if best_count is not None else (board & ANIMALS).bit_count()
    try:
        while k >= floor:
            search = _Search(targeted, deadline)
            if not search.reach(board, k):
                break
            count, moves = _finish(board, search.line[::-1], targeted)
            best_count, best_moves = count, moves
            k = count - 1
    except _OutOfTime:
        return Solution(best_count, best_moves, False)
    return Solution(best_count, best_moves, True)


def solve(position, target=None) -> Solution:
    """The proven fewest cards that can remain in solo play, with a line reaching it."""
    _field, board, targeted = _start(position, target)
    return _search_up(board, targeted)


def _search_up(board: int, targeted: bool) -> Solution:
    """Upward search: k from the lower bound up; the first k reached is the optimum."""
    cards = (board & ANIMALS).bit_count()
    top = cards
    if targeted:
        # The loosest question first: can the target survive at all?
        search = _Search(True, None)
        if not search.reach(board, cards):
            return Solution(None, (), True)
        count, moves = _finish(board, search.line[::-1], True)
        top = count - 1
    else:
        count, moves = cards, ()
    for k in range(lower_bound(board), top + 1):
        search = _Search(targeted, None)
        if search.reach(board, k):
            count, moves = _finish(board, search.line[::-1], targeted)
            break
    if not moves and not targeted:
        count, moves = _finish(board, [], False)
    return Solution(count, moves, True)


def best_line(position, budget_s: float = 0.1, target=None) -> Solution:
    """The best line found within about `budget_s` seconds (proven when the search finished)."""
    _field, board, targeted = _start(position, target)
    return _search(board, targeted, budget_s)


def can_reach(position, par: int, target=None, budget_s: float | None = None) -> bool | None:
    """Whether a finished game with at most `par` cards (target kept) can be reached;
    None when the budget ran out first."""
    _field, board, targeted = _start(position, target)
    deadline = None if budget_s is None else time.monotonic() + budget_s
    try:
        return _Search(targeted, deadline).reach(board, par)
    except _OutOfTime:
        return None


def hint(position, par: int, budget_s: float = 0.1, target=None) -> Move | None:
    """A first move after which at most `par` cards can still remain (target kept), or None
    when there is none or none was found within the budget."""
    _field, board, targeted = _start(position, target)
    nexts = _next_boards(board)
    if not nexts:
        return None
    deadline = None if budget_s is None else time.monotonic() + budget_s
    search = _Search(targeted, deadline)
    try:
        if not search.reach(board, par):
            return None
    except _OutOfTime:
        return None
    if search.line:
        return to_move(*search.line[-1])
    # Already at most par cards: every move keeps it so; pick the one with most moves after.
    best = max(nexts, key=lambda n: move_count(n[0]))
    return to_move(*best[1:])


def replay_count(position, moves, target=None) -> int | None:
    """Cards left after playing `moves` in solo (None if the target is gone); for checks."""
    _field, board, targeted = _start(position, target)
    for move in moves:
        cells = from_move(move)
        board = next(b for b, s, t, m in _next_boards(board) if (s, t, m) == cells)
    if targeted and not board >> MARK_SHIFT:
        return None
    return (board & ANIMALS).bit_count()
