"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

One tree over the public fields: a node is the field after the moves from the root, the same
for every seat. Each iteration deals the others' task cards anew (uniformly from the deals the
seat cannot rule out, or by weights the caller gives), walks down the tree with every seat
choosing by its own win share in that deal (UCB1), adds one node and plays on to the end with
a light playout that prefers scaring cards worth nothing to the mover. The move searched most
is played. All randomness comes from one `random.Random` seeded from the game's `Rng`, so a
node budget repeats bit for bit. A node is one ply played in the search, in the tree or in a
playout: an iteration from a full field is about 16, near the end 2 or 3.
"""

from __future__ import annotations

import bisect
import math
import random
import time

from game.engine.ai.beliefs import Deal, deals, side_points, sides_of
from game.engine.ai.bots import MAX_DEALS, _moves, _multiplayer
from game.engine.ai.fast import (
    FastMove,
    Field,
    counts,
    ending_moves,
    free_moves,
    gen_moves,
    play,
    settle,
    shrinks,
    spare_table,
    to_move,
)
from game.engine.ai.view import SeatView
from game.engine.moves import Move
from game.engine.rng import Rng

# UCB1's exploration constant for win shares in [0, 1].
EXPLORATION = 0.7
# With a time budget the search stops at this share of it (the rest is the caller's margin).
TIME_SHARE = 0.85
# The most plies one move searches whatever its time budget (about 1 s of one core): a family
# game needs no more, and tests with a long budget stay quick.
MAX_PLIES = 100_000


class _Node:
    """A public field in the tree; `w[side]` sums each side's win share over the visits."""

    __slots__ = ("field", "closed", "card", "moves", "kids", "n", "w", "over", "untried")

    def __init__(self, field: Field, closed: int, card: int, over: bool, sides: int) -> None:
        self.field = field
        self.closed = closed
        self.card = card  # the card scared to get here
        self.over = over
        self.moves: list[FastMove] | None = None  # made on the first visit
        self.kids: list[_Node] = []
        self.untried: list[int] = []
        self.n = 0
        self.w = [0.0] * sides


def shares(scores: list[int]) -> list[float]:
    """Each side's win share: 1 to the top side, split evenly on a tie."""
    top = max(scores)
    tied = scores.count(top)
    return [1.0 / tied if s == top else 0.0 for s in scores]


class ISMCTSBot:
    """Plain information-set MCTS: the baseline the expert is measured against.

    `nodes` is a budget of plies searched (instead of seconds); `smart` playouts end the game where
    that wins for the mover and avoid ends that lose for it (the expert's refinement).
    """

    level = "ismcts"

    def __init__(self, nodes: int | None = None, exploration: float = EXPLORATION,
                 smart: bool = False, fast: bool = True) -> None:
        self.nodes = nodes
        self.fast = fast  # the one-pass playout step (fast.free_moves); False: the plain one
        self.exploration = exploration
        self.smart = smart
        self.iterations = self.plies = 0  # what the last choice ran (tools read it)

    def weights(self, view: SeatView, found: list[Deal], budget_s: float) -> list[float] | None:
        """How likely each deal is; None weighs them alike (the plain search)."""
        return None

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.3) -> Move:
        began = time.perf_counter()
        field, moves = _moves(view)
        if len(moves) == 1 or not _multiplayer(view):
            return to_move(moves[rng.below(len(moves))])
        found = deals(view)
        if len(found) > MAX_DEALS:
            found = list(dict.fromkeys(found[rng.below(len(found))] for _ in range(MAX_DEALS)))
        weights = self.weights(view, found, budget_s)
        root = self.search(view, field, found, weights, random.Random(rng.next_u64()),
                           began + max(0.0, budget_s) * TIME_SHARE)
        me = sides_of(view)[0][view.seat]
        best = max(range(len(root.kids)), key=lambda i: (_visits(root.kids[i]), _mean(root.kids[i], me)))
        return to_move(root.moves[best])

    def search(self, view: SeatView, field: Field, found: list[Deal],
               weights: list[float] | None, rand: random.Random, deadline: float) -> _Node:
        """Run the iterations; returns the root, its children in `moves` order."""
        side, sides = sides_of(view)
        n = view.players
        closings = view.rules.closings_allowed
        tables = [side_points(d, side, sides) for d in found]
        spares = [[spare_table(tuple(row)) for row in t] for t in tables]
        tally = counts(field)
        bases = [[sum(k * row[c] for c, k in enumerate(tally) if k) for row in t] for t in tables]
        cumulative = None
        if weights is not None:
            total, cumulative = 0.0, []
            for w in weights:
                total += w
                cumulative.append(total)
            if total <= 0:
                cumulative = None
        root = _Node(field, view.closed, -1, False, sides)
        self._expand(root)
        budget = self.nodes if self.nodes is not None else MAX_PLIES
        clock = time.perf_counter
        c = self.exploration
        uniform = rand.random
        done = plies = 0
        me = side[view.seat]
        while plies < budget:
            if self.nodes is None and done & 7 == 0 and done and clock() > deadline:
                break
            done += 1
            if cumulative is None:
                k = int(uniform() * len(found))
            else:
                k = min(bisect.bisect_right(cumulative, uniform() * cumulative[-1]),
                        len(found) - 1)
            pts = tables[k]
            scores = list(bases[k])
            node, seat = root, view.seat
            path = [root]
            while not node.over:
                plies += 1
                if node.moves is None:
                    self._expand(node)
                    if node.over:
                        break
                mover = side[seat]
                if node.untried:
                    # Try a move not yet in the tree: one that costs the mover nothing first.
                    row = pts[mover]
                    untried = node.untried
                    free = [j for j, i in enumerate(untried) if not row[_target(node, i)]]
                    pick = free[int(uniform() * len(free))] if free else int(uniform() * len(untried))
                    i = untried.pop(pick)
                    child = self._child(node, i, closings, sides)
                    node.kids[i] = child
                    path.append(child)
                    for s in range(sides):
                        scores[s] -= pts[s][child.card]
                    node, seat = child, (seat + 1) % n
                    break
                log_n = c * math.sqrt(math.log(node.n))
                best, best_value = None, -1.0
                for child in node.kids:
                    value = child.w[mover] / child.n + log_n / math.sqrt(child.n)
                    if value > best_value:
                        best, best_value = child, value
                node = best
                path.append(node)
                for s in range(sides):
                    scores[s] -= pts[s][node.card]
                seat = (seat + 1) % n
            if not node.over:
                plies += self._playout(node.field, node.closed, seat, scores, pts, spares[k],
                                       side, n, closings, uniform)
            result = shares(scores)
            for visited in path:
                visited.n += 1
                w = visited.w
                for s in range(sides):
                    w[s] += result[s]
            if self.nodes is not None and _settled(root, budget - plies, me):
                break
        self.iterations, self.plies = done, plies
        return root

    def _expand(self, node: _Node) -> None:
        node.moves = gen_moves(node.field)
        if not node.moves:
            node.over = True
            return
        node.kids = [None] * len(node.moves)  # type: ignore[list-item]
        node.untried = list(range(len(node.moves)))

    def _child(self, node: _Node, i: int, closings: int, sides: int) -> _Node:
        m = node.moves[i]
        after, closed, ended = settle(play(node.field, m), shrinks(m), node.closed, closings)
        return _Node(after, closed, node.field[m[2]][m[3]], ended, sides)

    def _playout(self, field: Field, closed: int, seat: int, scores: list[int], pts, spares,
                 side, n: int, closings: int, uniform) -> int:
        """Play to the end, changing `scores` in place; returns the plies played. Each mover
        scares a card worth nothing to its side when it can; a smart mover also ends the game
        when that wins (or ties) for it and avoids an end that loses while it can.

        The fast path (`self.fast`) finds the same pool of moves, in the same order, without
        listing every move first; the plain path is kept to prove it (tests)."""
        sides = len(scores)
        smart, fast = self.smart, self.fast
        plies = 0
        while True:
            mover = side[seat]
            ending: list[FastMove] = []
            if smart and (closed >= closings or len(field) == 1) and min(map(len, field)) == 1:
                ending = ending_moves(field) if fast else [
                    mv for mv in gen_moves(field) if len(field[shrinks(mv)]) == 1]
            m = best = None
            if ending:
                best_share = -1.0
                for mv in ending:
                    card = field[mv[2]][mv[3]]
                    share = shares([scores[s] - pts[s][card] for s in range(sides)])[mover]
                    if share > best_share:
                        best, best_share = mv, share
                if best_share >= 0.5:
                    m = best
            if m is None:
                if fast:
                    pool = free_moves(field, spares[mover])
                    if ending:
                        pool = [mv for mv in pool if len(field[shrinks(mv)]) != 1]
                    if not pool:
                        pool = gen_moves(field)
                        if ending:
                            pool = [mv for mv in pool if len(field[shrinks(mv)]) != 1]
                else:
                    moves = gen_moves(field)
                    if ending:
                        moves = [mv for mv in moves if len(field[shrinks(mv)]) != 1]
                    row = pts[mover]
                    pool = [mv for mv in moves if not row[field[mv[2]][mv[3]]]] or moves
                if pool:
                    m = pool[int(uniform() * len(pool))]
                elif best is not None:  # every move ends the game: the best of them
                    m = best
                else:
                    return plies
            plies += 1
            card = field[m[2]][m[3]]
            for s in range(sides):
                scores[s] -= pts[s][card]
            field, closed, ended = settle(play(field, m), shrinks(m), closed, closings)
            if ended:
                return plies
            seat = (seat + 1) % n


def _target(node: _Node, i: int) -> int:
    m = node.moves[i]
    return node.field[m[2]][m[3]]


def _visits(node: _Node | None) -> int:
    return node.n if node is not None else 0


def _mean(node: _Node | None, side: int) -> float:
    return node.w[side] / node.n if node is not None and node.n else 0.0


def _settled(root: _Node, left: int, me: int) -> bool:
    """True when no other move can catch the most searched one in the iterations left, so
    stopping early plays the same move (every move is tried once first)."""
    if root.untried:
        return False
    first = second = 0
    for child in root.kids:
        if child.n > first:
            first, second = child.n, first
        elif child.n > second:
            second = child.n
    return first - second > left
