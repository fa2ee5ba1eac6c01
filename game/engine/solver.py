"""Solo solver: the fewest cards that can remain, a line reaching it, hints and anytime search.

Solo rules: every emptied column closes up and play goes on until no scare is left. With a
target (a Card, an Animal or a Colour) a finished game only counts when a card matching it
remains. The search asks "can a finished game with at most k cards be reached?" on animal
bitboards (k from a lower bound upward, so the first yes is the proven optimum), with a memo of
proven lower bounds shared by every k and by calls.

Why it is fast: the lower bound of every child comes from a four-entry table per node (a move
only changes the count of the scared animal), and each question is asked by a small portfolio
of move orders under growing node limits sharing one memo - a plain depth-first dive that
finds most lines almost at once, then mobility-first orders with varied tie-breaks. One order alone
has a heavy tail (a few fields take ten thousand times longer than the median); restarts with
a different order cut it off. Mirrored memo keys were tried: mirror twins are rare in play and
computing the key cost more than it saved (bitboard.mirrored stays for other uses).

The memo is bounded in bytes (MEMO_BYTES): the newest bounds in a dict, checked for every
child, the older ones in a table of slots read once per node (game.engine.solver_memo).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.engine.bitboard import (
    ANIMALS,
    BOTTOM,
    FALL,
    HIGH,
    KEEP,
    LOW,
    M32,
    MARK_SHIFT,
    NOT_BOTTOM,
    NOT_FIRST,
    NOT_LAST,
    NOT_TOP,
    SLOT,
    Target,
    from_move,
    matches,
    move_count,
    to_move,
)
from game.engine.cards import Animal, Colour, parse_card
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.solver_memo import BoundMemo
from game.engine.state import GameState

# Proven lower bounds by board, shared between calls so that hints during one game get
# faster as it goes; bounded in bytes (MEMO_BYTES). Each search reads the memo it starts with.
MEMO = BoundMemo()

# The portfolio: move orders tried in turn on one question, each under a node limit that
# starts at _FIRST_LIMIT and doubles every round. Orders 0 and 1 are plain dives (moves as
# found, forward and backward), 2 mobility first, higher numbers mobility first with ties
# broken by a salted pseudo-random key (0.._NOISE-1) so that each restart explores
# differently. Every order is exact; only speed differs.
_FIRST_LIMIT = 64
_DIVE, _DIVE_BACK, _MOBILITY = 0, 1, 2
ORDERS = (_DIVE, _DIVE_BACK, _MOBILITY, 3, 4)
_NOISE = 5
_NO_STUCK = (1, 1, 1, 1)


@dataclass(frozen=True)
class Solution:
    """The fewest cards that can remain (None: the target cannot survive), a line of moves
    reaching it (replayable with state.apply under Rules.SOLO) and whether it is proven."""

    count: int | None
    moves: tuple[Move, ...]
    proven: bool


class _OutOfTime(Exception):
    pass


class _OutOfNodes(Exception):
    pass


class _OutOfBudget(Exception):
    """A bounded solve spent its nodes before it proved its answer."""


class _Budget:
    """Search nodes left to a bounded solve, over every question and move order it asks."""

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def spend(self, nodes: int) -> None:
        self.left -= nodes
        if self.left <= 0:
            raise _OutOfBudget


def clear_memo() -> None:
    """Forget every remembered bound and give its memory back (benchmarks time each deal
    from scratch; the attract loop clears after every puzzle)."""
    MEMO.clear()


def memo_size() -> tuple[int, int]:
    """(bounds held, bytes they take): the dict with its keys plus the slot table."""
    return MEMO.size()


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


def start_board(position: Position | GameState, target) -> tuple[int, bool]:
    """The board of the solo field (empty columns closed) and whether a target is set.

    Encoded here rather than through initial_state, which also lists the legal moves: that
    alone cost as much as solving a typical deal."""
    if isinstance(position, GameState):
        position = position.position
    if isinstance(target, str):
        target = parse_target(target)
    board = 0
    x = 0
    for column in position.columns:
        if not column:
            continue
        for y, card in enumerate(column):
            cell = 4 * x + y
            board |= 1 << (SLOT * card.animal + cell)
            if target is not None and matches(card, target):
                board |= 1 << (MARK_SHIFT + cell)
        x += 1
    return board, target is not None


def lower_bound(board: int) -> int:
    """Cards that can never leave: those of an animal whose scarer is gone; at least 1."""
    e = (board & M32).bit_count()
    d = (board >> 32 & M32).bit_count()
    c = (board >> 64 & M32).bit_count()
    m = (board >> 96 & M32).bit_count()
    stuck = (0 if m else e) + (0 if e else d) + (0 if d else c) + (0 if c else m)
    return stuck or 1


def child_bounds(board: int, targeted: bool) -> tuple[int, int, int, int]:
    """The lower bound after a move that scares a card of each animal (index: the victim).

    A move takes one card of the victim's animal out and moves no card between animals, so
    the stuck cards only change when the victim's animal dies out: then its prey is stuck.
    With a target, a target card must remain besides the stuck ones unless one of them is a
    target card (the victim is never stuck: its scarer is on the field)."""
    slots = (board & M32, board >> 32 & M32, board >> 64 & M32, board >> 96 & M32)
    counts = [s.bit_count() for s in slots]
    if min(counts) > 1:
        return _NO_STUCK  # the usual case: every animal on the field, none down to one card
    stuck = stuck_cells = 0
    for a in range(4):
        if counts[a] and not counts[a - 1]:
            stuck += counts[a]
            stuck_cells |= slots[a]
    marks = board >> MARK_SHIFT
    bounds = []
    for v in range(4):
        n, cells = stuck, stuck_cells
        if counts[v] == 1:
            prey = (v + 1) & 3
            n += counts[prey]
            cells |= slots[prey]
        if targeted and n and not cells & marks:
            n += 1
        bounds.append(n or 1)
    return bounds[0], bounds[1], bounds[2], bounds[3]


class Search:
    """One depth-first search in one move order, with a deadline and a node limit; `line`
    collects the moves of a success as (scarer, target, move_in, board after), last first."""

    def __init__(self, targeted: bool, deadline: float | None, limit: int | None = None,
                 order: int = _MOBILITY) -> None:
        self.targeted = targeted
        self.deadline = deadline
        self.limit = limit
        self.order = order
        self.nodes = 0
        self.line: list[tuple[int, int, bool, int]] = []
        self.memo = MEMO
        self.hot = MEMO.hot  # the newest bounds (bound + 1), read for every child

    def reach(self, board: int, k: int) -> bool:
        """Can a finished game with at most k cards (target kept) be reached from `board`?"""
        if self.targeted:
            if not board >> MARK_SHIFT:
                return False
        elif (board & ANIMALS).bit_count() <= k:
            return True  # cards never come back, so any way on ends with at most k
        if lower_bound(board) > k or self.hot.get(board, 0) > k:
            return False
        if self.order < _MOBILITY:
            return self._dive(board, k)
        return self._expand(board, k)

    def _count_node(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise _OutOfNodes
        if self.deadline is not None and not self.nodes & 127 and time.monotonic() > self.deadline:
            raise _OutOfTime

    def _dive(self, board: int, k: int) -> bool:
        """reach() trying moves in the order they are found, each child as soon as it is made
        (no scoring): on most fields the first few tries already reach the goal."""
        memo = self.memo
        if memo.table is not None and memo.cold_bound(board) > k:
            return False
        self._count_node()
        targeted = self.targeted
        cards = (board & ANIMALS).bit_count()
        bounds = child_bounds(board, targeted)
        marks = board >> MARK_SHIFT
        lone_mark = targeted and marks.bit_count() == 1
        hot = self.hot
        moved = False
        for scarer, target, move_in, child, victim in board_moves(board, self.order == _DIVE_BACK):
            moved = True
            if lone_mark and marks >> target & 1:
                continue  # the last target card would leave
            if not targeted and cards - 1 <= k:
                self.line.append((scarer, target, move_in, child))
                return True
            if bounds[victim] > k or hot.get(child, 0) > k:
                continue
            if self._dive(child, k):
                self.line.append((scarer, target, move_in, child))
                return True
        if not moved:
            return cards <= k
        memo.remember(board, k)
        return False

    def _expand(self, board: int, k: int) -> bool:
        """reach() for a board already checked against the bound and the memo's dict."""
        memo = self.memo
        if memo.table is not None and memo.cold_bound(board) > k:
            return False
        self._count_node()
        targeted = self.targeted
        cards = (board & ANIMALS).bit_count()
        if not targeted and cards - 1 <= k:
            # Any move will do: the caller only asks when cards > k.
            for scarer, target, move_in, child, _victim in board_moves(board):
                self.line.append((scarer, target, move_in, child))
                return True
            return False
        bounds = child_bounds(board, targeted)
        marks = board >> MARK_SHIFT
        lone_mark = targeted and marks.bit_count() == 1
        salt = self.order * 0x9E3779B97F4A7C15 if self.order > _MOBILITY else 0
        hot = self.hot
        scored = []
        moved = False
        for scarer, target, move_in, child, victim in board_moves(board):
            moved = True
            lost = marks >> target & 1
            if lone_mark and lost:
                continue
            bound = bounds[victim]
            if bound > k or hot.get(child, 0) > k:
                continue
            # Keep the bound low and the target cards on the field, then many moves open
            # (fewer dead ends); a bound-only order was tried and lost to the salted ones.
            animals = child & ANIMALS  # move_count(child), inlined: the hottest line here
            victims = animals >> 32 | (animals & M32) << 96
            key = bound * 64 + lost * 32 - (
                (animals >> 1 & victims & NOT_TOP).bit_count()
                + (animals << 1 & victims & NOT_BOTTOM).bit_count()
                + 2 * (animals >> 4 & victims & NOT_LAST).bit_count()
                + 2 * (animals << 4 & victims & NOT_FIRST).bit_count())
            if salt:
                key += (child ^ salt) % _NOISE
            scored.append((key, child, scarer, target, move_in))
        if not moved:
            return cards <= k
        scored.sort(key=_first)
        for _key, child, scarer, target, move_in in scored:
            if self._expand(child, k):
                self.line.append((scarer, target, move_in, child))
                return True
        memo.remember(board, k)
        return False


def _first(item):
    return item[0]


def board_moves(board: int, backward: bool = False):
    """Yield (scarer cell, target cell, move_in, board after, scared animal) for every move,
    emptied columns closed; `backward` gives them in the reverse order.

    bitboard.children inlined, with the closing of an emptied column added."""
    animals = board & ANIMALS
    victims = animals >> 32 | (animals & M32) << 96
    directions = (
        (1, animals >> 1 & victims & NOT_TOP),
        (-1, animals << 1 & victims & NOT_BOTTOM),
        (4, animals >> 4 & victims & NOT_LAST),
        (-4, animals << 4 & victims & NOT_FIRST),
    )
    for offset, scares in reversed(directions) if backward else directions:
        while scares:
            low = 1 << scares.bit_length() - 1 if backward else scares & -scares
            scares ^= low
            bit = low.bit_length() - 1
            victim = (bit >> 5) + 1 & 3
            target = bit & 31
            scarer = target + offset
            column = target >> 2
            child = board & KEEP[target] | board >> 1 & FALL[target]
            if not child & BOTTOM[column]:
                child = child & LOW[column] | child >> 4 & HIGH[column]
            yield scarer, target, False, child, victim
            if offset == 4 or offset == -4:
                moved = board ^ (low | 1 << (bit + 32 if bit < 96 else target))
                if (moved >> (MARK_SHIFT + scarer) ^ moved >> (MARK_SHIFT + target)) & 1:
                    moved ^= 1 << (MARK_SHIFT + target)
                column = scarer >> 2
                child = moved & KEEP[scarer] | moved >> 1 & FALL[scarer]
                if not child & BOTTOM[column]:
                    child = child & LOW[column] | child >> 4 & HIGH[column]
                yield scarer, target, True, child, victim


def _next_boards(board: int) -> list[tuple[int, int, int, bool]]:
    """(board after, scarer cell, target cell, move_in) for every move, columns closed."""
    return [(child, s, t, m) for s, t, m, child, _v in board_moves(board)]


def _reach(board: int, k: int, targeted: bool, deadline: float | None,
           budget: _Budget | None = None):
    """reach() by the portfolio of move orders; returns (answer, line, last move first).
    With a `budget` every order's nodes are spent from it (_OutOfBudget when it runs out)."""
    limit = _FIRST_LIMIT
    while True:
        for order in ORDERS:
            cap = limit if budget is None else max(1, min(limit, budget.left))
            search = Search(targeted, deadline, cap, order)
            try:
                found = search.reach(board, k)
            except _OutOfNodes:
                if budget is not None:
                    budget.spend(search.nodes)
                continue
            if budget is not None:
                budget.left -= search.nodes  # an answer found is kept, whatever it cost
            return found, search.line
        limit *= 2


def _finish(board: int, line: list, targeted: bool):
    """The line found (last move first), played on to the end; returns (count or None, moves)."""
    cells = [(s, t, m) for s, t, m, _child in reversed(line)]
    if line:
        board = line[0][3]
    while True:
        nexts = _next_boards(board)
        if not nexts:
            break
        # Play on greedily: keep a target card if there is one, prefer many moves left.
        if targeted:
            nexts = [n for n in nexts if n[0] >> MARK_SHIFT] or nexts
        board, scarer, target, move_in = (
            nexts[0] if len(nexts) == 1 else max(nexts, key=lambda n: move_count(n[0])))
        cells.append((scarer, target, move_in))
    kept = not targeted or board >> MARK_SHIFT
    count = (board & ANIMALS).bit_count() if kept else None
    return count, tuple(to_move(*c) for c in cells)


def _search(board: int, targeted: bool, budget_s: float | None) -> Solution:
    """Downward search: a greedy line first, then ever lower k until one fails (proven)."""
    deadline = None if budget_s is None else time.monotonic() + budget_s
    best_count, best_moves = _finish(board, [], targeted)
    floor = lower_bound(board)
    if best_count is not None and best_count <= floor:
        return Solution(best_count, best_moves, True)
    # Without a greedy line that keeps the target, first ask for any line that keeps it.
    k = (best_count - 1) if best_count is not None else (board & ANIMALS).bit_count()
    try:
        # The floor first: it is the usual answer on a full field and the quickest to find.
        if k > floor:
            found, line = _reach(board, floor, targeted, deadline)
            if found:
                count, moves = _finish(board, line, targeted)
                return Solution(count, moves, True)
        while k >= floor:
            found, line = _reach(board, k, targeted, deadline)
            if not found:
                break
            best_count, best_moves = _finish(board, line, targeted)
            k = best_count - 1
    except _OutOfTime:
        return Solution(best_count, best_moves, False)
    return Solution(best_count, best_moves, True)


def solve(position, target=None, nodes: int | None = None) -> Solution:
    """The proven fewest cards that can remain in solo play, with a line reaching it.

    With `nodes` the search stops after about that many nodes: then the Solution is not
    proven and holds only a greedy line (its count is what that line leaves, not an answer)."""
    board, targeted = start_board(position, target)
    budget = None if nodes is None else _Budget(nodes)
    try:
        return _search_up(board, targeted, budget)
    except _OutOfBudget:
        count, moves = _finish(board, [], targeted)
        return Solution(count, moves, False)


def _search_up(board: int, targeted: bool, budget: _Budget | None = None) -> Solution:
    """Upward search: k from the lower bound up; the first k reached is the optimum."""
    cards = (board & ANIMALS).bit_count()
    if targeted and not board >> MARK_SHIFT:
        return Solution(None, (), True)
    if not targeted and not any(True for _ in board_moves(board)):
        return Solution(cards, (), True)
    for k in range(lower_bound(board), cards + 1):
        found, line = _reach(board, k, targeted, None, budget)
        if found:
            count, moves = _finish(board, line, targeted)
            return Solution(count, moves, True)
    return Solution(None, (), True)


def best_line(position, budget_s: float = 0.1, target=None) -> Solution:
    """The best line found within about `budget_s` seconds (proven when the search finished)."""
    board, targeted = start_board(position, target)
    return _search(board, targeted, budget_s)


def can_reach(position, par: int, target=None, budget_s: float | None = None) -> bool | None:
    """Whether a finished game with at most `par` cards (target kept) can be reached;
    None when the budget ran out first."""
    board, targeted = start_board(position, target)
    deadline = None if budget_s is None else time.monotonic() + budget_s
    try:
        return _reach(board, par, targeted, deadline)[0]
    except _OutOfTime:
        return None


def hint(position, par: int, budget_s: float = 0.1, target=None) -> Move | None:
    """A first move after which at most `par` cards can still remain (target kept), or None
    when there is none or none was found within the budget."""
    board, targeted = start_board(position, target)
    nexts = _next_boards(board)
    if not nexts:
        return None
    deadline = None if budget_s is None else time.monotonic() + budget_s
    try:
        found, line = _reach(board, par, targeted, deadline)
    except _OutOfTime:
        return None
    if not found:
        return None
    if line:
        scarer, target_cell, move_in, _child = line[-1]
        return to_move(scarer, target_cell, move_in)
    # Already at most par cards: every move keeps it so; pick the one with most moves after.
    best = max(nexts, key=lambda n: move_count(n[0]))
    return to_move(*best[1:])


def replay_count(position, moves, target=None) -> int | None:
    """Cards left after playing `moves` in solo (None if the target is gone); for checks."""
    board, targeted = start_board(position, target)
    for move in moves:
        cells = from_move(move)
        board = next(b for b, s, t, m in _next_boards(board) if (s, t, m) == cells)
    if targeted and not board >> MARK_SHIFT:
        return None
    return (board & ANIMALS).bit_count()

