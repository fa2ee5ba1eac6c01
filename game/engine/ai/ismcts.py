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
import dataclasses
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
from game.engine.cards import Animal, Colour
from game.engine.moves import Move
from game.engine.rng import Rng

# UCB1's exploration constant for win shares in [0, 1].
EXPLORATION = 0.7
# With a time budget the search stops at this share of it (the rest is the caller's margin).
TIME_SHARE = 0.85
# The most plies (and iterations) one move searches whatever its time budget, about 0.5 s of
# one core: a family game needs no more, and tests with a long budget stay quick.
MAX_PLIES = 60_000
MAX_ITERATIONS = 10_000
# `blind`: the deals kept per other seat and task cards it may hold, drawn from those it cannot
# rule out (Standard has 36; Teams of Two with eight seats 1,152: 0.23 s to make with 256 kept,
# 0.11 s with 64, once a game).
BLIND_DEALS = 64


class _Node:
    """A public field in the tree. `stats[key]` holds the mover's statistics of its children:
    one key for the plain search, one per task cards the mover may hold for the private one."""

    __slots__ = ("field", "closed", "card", "moves", "targets", "ends", "kids", "over", "stats")

    def __init__(self, field: Field, closed: int, card: int, over: bool) -> None:
        self.field = field
        self.closed = closed
        self.card = card  # the card scared to get here
        self.over = over
        self.moves: list[FastMove] | None = None  # made on the first visit
        self.targets: list[int] = []  # the card each move scares
        self.ends: list[bool] = []  # whether each move ends the game (made for `spare`, `ends`)
        self.kids: list[_Node | None] = []
        self.stats: dict = {}


class _Stats:
    """One mover's visits and summed win shares per child, and the children it has not tried."""

    __slots__ = ("n", "w", "total", "untried")

    def __init__(self, count: int) -> None:
        self.n = [0] * count
        self.w = [0.0] * count
        self.total = 0
        self.untried = list(range(count))


def soft_shares(scores: list[int], temperature: float) -> list[float]:
    """Each side's soft chance of winning from its lead: a softmax of the scores."""
    top = max(scores)
    e = [math.exp((s - top) / temperature) for s in scores]
    total = sum(e)
    return [x / total for x in e]


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
                 smart: bool = False, fast: bool = True, private: bool = False) -> None:
        self.nodes = nodes
        # Each mover chooses by its statistics for the task cards it holds in the deal (its
        # own information set), not by those over every deal the searching seat imagines.
        self.private = private
        # ... but only once a seat's own statistics at a node have this many visits; before,
        # by those shared over every deal (0: its own from the first visit).
        self.private_after = 0
        self.fast = fast  # the one-pass playout step (fast.free_moves); False: the plain one
        self.exploration = exploration
        self.smart = smart
        self.iterations = self.plies = 0  # what the last choice ran (tools read it)
        # Playouts stop after `horizon` plies and count each side's lead through a softmax of
        # `temperature` (one per number of cards left); by default they play to the end.
        self.horizon = 1 << 30
        self.temperature: tuple[float, ...] = (1.0,) * 33
        self.allowed: list[int] | None = None
        self.root_stats: _Stats | None = None
        # In the tree the other seats choose only among the moves that scare a card worth
        # nothing to them in the deal (or end the game), while there are any: players who know
        # their own task cards spare them, which statistics shared over every deal forget.
        self.spare = False
        # A finished playout scores each side by a softmax of the final scores at this
        # temperature instead of its win share (0: the win share): a steadier signal per
        # iteration where the iterations are few.
        self.end_temperature = 0.0
        # A playout's mover draws two of its moves and plays the one that costs the other
        # sides more (a player scares the others' cards while sparing its own).
        self.pair = False
        # Below the root every mover takes an end of the game that wins for it in the deal and
        # avoids one that loses (the smart playout's rule, in the tree).
        self.ends = False
        # Every other seat is scored as it sees the game: in a deal where its own task cards
        # are as imagined and every card it cannot see (this seat's too) is dealt anew. Shared
        # over every deal, its statistics would otherwise know this seat's cards, which no
        # player at the table does.
        self.blind = False
        self._blind_key: tuple | None = None
        self._blind_cache: dict = {}

    def weights(self, view: SeatView, found: list[Deal], budget_s: float) -> list[float] | None:
        """How likely each deal is; None weighs them alike (the plain search)."""
        return None

    def candidates(self, view: SeatView, field: Field, moves: list[FastMove]) -> list[int] | None:
        """The root moves to search (indices into `moves`); None searches them all."""
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
        self.allowed = self.candidates(view, field, moves)
        root = self.search(view, field, found, weights, random.Random(rng.next_u64()),
                           began + max(0.0, budget_s) * TIME_SHARE)
        st = self.root_stats
        # The move searched most; equal counts go to the better mean.
        best = max(range(len(root.moves)), key=lambda i: (st.n[i], st.w[i] / max(1, st.n[i])))
        return to_move(root.moves[best])

    def search(self, view: SeatView, field: Field, found: list[Deal],
               weights: list[float] | None, rand: random.Random, deadline: float) -> _Node:
        """Run the iterations; returns the root, its children in `moves` order."""
        side, sides = sides_of(view)
        n = view.players
        closings = view.rules.closings_allowed
        tables = [side_points(d, side, sides) for d in found]
        spares = [[spare_table(tuple(row)) for row in t] for t in tables]
        # What scaring each card costs the other sides, per mover's side and deal (`pair`).
        harms = [[[sum(t[o][c] for o in range(sides) if o != me) for c in range(16)]
                  for me in range(sides)] for t in tables] if self.pair else [None] * len(found)
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
        blind = self.blind_tables(view, found, side, sides, rand) if self.blind else None
        traits = [sum(tally[c] for c in range(16) if c >> 2 == k) for k in range(4)] + [
            sum(tally[c] for c in range(16) if c & 3 == k) for k in range(4)] + [0]
        root = _Node(field, view.closed, -1, False)
        self._expand(root)
        mine = found[0][view.seat] if self.private else None
        if self.allowed is not None:
            root.stats[mine] = _Stats(len(root.moves))
            root.stats[mine].untried = list(self.allowed)
        temperatures, horizon = self.temperature, self.horizon
        budget = self.nodes if self.nodes is not None else MAX_PLIES
        clock = time.perf_counter
        started = clock()
        c = self.exploration
        uniform = rand.random
        log, sqrt = math.log, math.sqrt
        private, private_after, me_seat = self.private, self.private_after, view.seat
        spare, end_temperature, ends_rule = self.spare, self.end_temperature, self.ends
        done = plies = 0
        while plies < budget:
            if self.nodes is None and done & 7 == 0 and done and (
                    clock() > deadline or done >= MAX_ITERATIONS):
                break
            done += 1
            if cumulative is None:
                k = int(uniform() * len(found))
            else:
                k = min(bisect.bisect_right(cumulative, uniform() * cumulative[-1]),
                        len(found) - 1)
            pts, deal = tables[k], found[k]
            scores = list(bases[k])
            node, seat = root, view.seat
            path = []
            removed = [] if blind is not None else None
            while not node.over:
                if node.moves is None:
                    self._expand(node)
                    if node.over:
                        break
                plies += 1
                key = deal[seat] if private else None
                st = node.stats.get(key)
                if st is None:
                    st = node.stats[key] = _Stats(len(node.moves))
                shared = None
                if private and seat != me_seat:
                    # The others' own statistics once they have enough visits; until then
                    # the ones shared over every deal (kept alongside).
                    shared = node.stats.get(None)
                    if shared is None:
                        shared = node.stats[None] = _Stats(len(node.moves))
                    if st.total < private_after:
                        st, shared = shared, st
                mover = side[seat]
                fresh = False
                pool = None
                if (spare and seat != me_seat) or (ends_rule and node is not root):
                    pool = self.tree_choices(node, pts, mover, scores,
                                             spare and seat != me_seat, ends_rule, closings)
                if pool is not None:
                    i, fresh = self.tree_pick(node, st, pool, closings, uniform, c)
                    child = node.kids[i]
                elif st.untried:
                    # A move this mover has not tried here: one that costs it nothing first.
                    row, untried, targets = pts[mover], st.untried, node.targets
                    free = [j for j, i in enumerate(untried) if not row[targets[i]]]
                    pick = free[int(uniform() * len(free))] if free else int(uniform() * len(untried))
                    i = untried.pop(pick)
                    child = node.kids[i]
                    if child is None:
                        child = node.kids[i] = self._child(node, i, closings)
                        fresh = True
                else:
                    log_n = c * sqrt(log(st.total))
                    i, best_value = 0, -1.0
                    for j, (visits, wins) in enumerate(zip(st.n, st.w, strict=True)):
                        if not visits:  # a root move left out of the search
                            continue
                        value = wins / visits + log_n / sqrt(visits)
                        if value > best_value:
                            i, best_value = j, value
                    child = node.kids[i]
                path.append((st, i, mover, seat))
                if shared is not None:
                    path.append((shared, i, mover, seat))
                    if i in shared.untried:
                        shared.untried.remove(i)
                card = child.card
                if removed is not None:
                    removed.append(card)
                for s in range(sides):
                    scores[s] -= pts[s][card]
                node, seat = child, (seat + 1) % n
                if fresh:
                    break
            left = -1
            if not node.over:
                played, left = self._playout(node.field, node.closed, seat, scores, pts,
                                             spares[k], side, n, closings, uniform, horizon,
                                             harms[k], removed)
                plies += played
            judge = (temperatures[left] if left >= 0 else end_temperature)
            result = soft_shares(scores, judge) if judge else shares(scores)
            seen = None
            if blind is not None:
                seen = self.blind_scores(blind, deal, traits, removed, path, me_seat, side,
                                         judge, uniform)
            for st, i, mover, who in path:
                st.n[i] += 1
                st.w[i] += result[mover] if seen is None or who == me_seat else seen[who]
                st.total += 1
            if done & 63 == 0 or self.nodes is not None:
                if self.nodes is not None:
                    left = budget - plies
                else:  # the plies the time left would buy at the pace so far
                    now = clock()
                    left = int(plies * (deadline - now) / max(1e-9, now - started)) + 1
                if settled(root.stats.get(mine), left):
                    break
        self.iterations, self.plies = done, plies
        self.root_stats = root.stats.get(mine)
        return root

    def blind_tables(self, view: SeatView, found: list[Deal], side: list[int], sides: int,
                     rand: random.Random) -> dict:
        """For each other seat and task cards it may hold: the deals consistent with what that
        seat sees (`blind`), each as the two slots per side its task cards read in a tally of
        cards by trait (0-3 a colour, 4-7 an animal, 8 none: a side holds at most one colour
        card and one animal card). They depend on the seating, not on the field, so they are made once a
        game (with eight seats the deals take a large share of a move's time)."""
        table = (view.mode, view.seat, view.first_player, tuple(s.team for s in view.seats))
        if self._blind_key != table:
            self._blind_key, self._blind_cache = table, {}
        out = self._blind_cache
        for deal in found:
            for seat, tasks in enumerate(deal):
                if seat == view.seat or (seat, tasks) in out:
                    continue
                held = tuple([Colour(tasks[0])] if tasks[0] >= 0 else []) + tuple(
                    [Animal(tasks[1])] if tasks[1] >= 0 else [])
                theirs = deals(dataclasses.replace(view, seat=seat, tasks=held))
                if len(theirs) > BLIND_DEALS:
                    theirs = list(dict.fromkeys(
                        theirs[int(rand.random() * len(theirs))] for _ in range(BLIND_DEALS)))
                made = []
                for d in theirs:
                    slots: list[list[int]] = [[] for _ in range(sides)]
                    for s, (colour, animal) in enumerate(d):
                        slots[side[s]] += ([colour] if colour >= 0 else []) + (
                            [4 + animal] if animal >= 0 else [])
                    made.append(tuple(tuple((slot + [8, 8])[:2]) for slot in slots))
                out[seat, tasks] = made
        return out

    def blind_scores(self, blind: dict, deal: Deal, field_traits: list[int], removed: list[int],
                     path, me: int, side: list[int], temperature: float,
                     uniform) -> dict[int, float]:
        """Each other seat on `path` judges the iteration's end as it sees the game: scored in a
        deal drawn from those it cannot rule out (a softmax at `temperature`, 0: win shares).
        `field_traits` tallies the root field's cards by colour (0-3) and animal (4-7)."""
        left = list(field_traits)
        for card in removed:
            left[card >> 2] -= 1
            left[4 + (card & 3)] -= 1
        out: dict[int, float] = {}
        for entry in path:
            seat = entry[3]
            if seat == me or seat in out:
                continue
            options = blind[seat, deal[seat]]
            scores = [left[x] + left[y] for x, y in options[int(uniform() * len(options))]]
            judged = soft_shares(scores, temperature) if temperature else shares(scores)
            out[seat] = judged[side[seat]]
        return out

    def tree_choices(self, node: _Node, pts, mover: int, scores: list[int], spare: bool,
                     ends_rule: bool, closings: int) -> list[int] | None:
        """The moves a tree mover chooses among in this deal (None: all of them). With
        `ends_rule` it takes an end of the game that wins (or ties) for it and never takes
        one that loses while another move exists; with `spare`, only moves that cost it
        nothing (or end the game) while there are any."""
        targets = node.targets
        if not node.ends:
            field = node.field
            final = node.closed >= closings or len(field) == 1
            node.ends = [final and len(field[shrinks(m)]) == 1 for m in node.moves]
        ends = node.ends
        going = None
        if ends_rule and True in ends:
            best, best_share = -1, -1.0
            for j, end in enumerate(ends):
                if end:
                    card = targets[j]
                    share = shares([x - row[card] for x, row in zip(scores, pts, strict=True)])[mover]
                    if share > best_share:
                        best, best_share = j, share
            if best_share >= 0.5:
                return [best]
            going = [j for j, end in enumerate(ends) if not end] or None
        if spare:
            row = pts[mover]
            pool = [j for j in (going or range(len(targets))) if not row[targets[j]] or ends[j]]
            return pool or going or list(range(len(targets)))
        return going

    def tree_pick(self, node: _Node, st: _Stats, pool: list[int], closings: int, uniform,
                  c: float) -> tuple[int, bool]:
        """UCB1 among `pool`, untried moves first; returns the child's index and whether the
        child was made now."""
        n = st.n
        fresh = [j for j in pool if not n[j]]
        if fresh:
            i = fresh[int(uniform() * len(fresh))]
            if i in st.untried:
                st.untried.remove(i)
        else:
            log_n = c * math.sqrt(math.log(st.total))
            w, sqrt = st.w, math.sqrt
            i, best_value = 0, -1.0
            for j in pool:
                value = w[j] / n[j] + log_n / sqrt(n[j])
                if value > best_value:
                    i, best_value = j, value
        made = node.kids[i] is None
        if made:
            node.kids[i] = self._child(node, i, closings)
        return i, made

    def _expand(self, node: _Node) -> None:
        node.moves = moves = gen_moves(node.field)
        if not moves:
            node.over = True
            return
        field = node.field
        node.targets = [field[m[2]][m[3]] for m in moves]
        node.kids = [None] * len(moves)

    def _child(self, node: _Node, i: int, closings: int) -> _Node:
        m = node.moves[i]
        after, closed, ended = settle(play(node.field, m), shrinks(m), node.closed, closings)
        return _Node(after, closed, node.targets[i], ended)

    def _playout(self, field: Field, closed: int, seat: int, scores: list[int], pts, spares,
                 side, n: int, closings: int, uniform, horizon: int,
                 harms=None, removed: list[int] | None = None) -> tuple[int, int]:
        """Play to the end, or `horizon` plies, changing `scores` in place; returns the plies
        played and the cards left where it stopped short (-1 at the end). Each mover
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
                    if harms is not None and len(pool) > 1:
                        # Of two drawn moves, the one that costs the others more.
                        other = pool[int(uniform() * len(pool))]
                        harm = harms[mover]
                        if harm[field[other[2]][other[3]]] > harm[field[m[2]][m[3]]]:
                            m = other
                elif best is not None:  # every move ends the game: the best of them
                    m = best
                else:
                    return plies, -1
            plies += 1
            card = field[m[2]][m[3]]
            if removed is not None:
                removed.append(card)
            for s in range(sides):
                scores[s] -= pts[s][card]
            field, closed, ended = settle(play(field, m), shrinks(m), closed, closings)
            if ended:
                return plies, -1
            if plies >= horizon:
                return plies, sum(map(len, field))
            seat = (seat + 1) % n


def settled(st: _Stats | None, left: int) -> bool:
    """True when no other move can catch the most searched one in the iterations left, so
    stopping early plays the same move (every move is tried once first)."""
    if st is None or st.untried:
        return False
    first = second = 0
    for visits in st.n:
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left
