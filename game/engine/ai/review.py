"""The review of a finished multiplayer game: each seat's chance to win after every move, the
turning points, and at the moves reviewed the move the expert would have played.

Judged with every task card known (the game is over, so they are): each field is searched
by a perfect-information Monte Carlo tree search in the expert's way (UCB1, exploration 0.7,
every seat choosing by its own win share; playouts in which every mover scares a card worth
nothing to itself and ends the game when that wins for it). A field's chances are the mean
outcome of the move searched most, i.e. what follows if the mover plays the expert's move
(shrunk toward the mean of every iteration while that move has few visits).
A win shared by a tie counts each side an equal part; in Teams of Two a team's chance is
split equally between its two members. So the seats' chances always sum to 1.

The second view (`beliefs`), fairer to a player: each move judged only from what its mover
could know, its own task cards and the moves so far. The expert's own search from the
mover's seat (deals of the others' cards drawn by how well they explain the cards scared)
gives the move it would have played and the mover's chance after each, as the mover could
judge it. Those chances are one seat's belief, not a chart: the others' beliefs differ.

A field with one legal move is judged as the field after it (a forced move changes nothing);
a finished field by its scores. The search draws from a generator seeded by the field, so a
field is judged the same every time and a node budget repeats bit for bit.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from game.engine.ai.beliefs import side_points
from game.engine.ai.expert import ExpertBot
from game.engine.ai.fast import (
    FastMove,
    Field,
    encode,
    from_move,
    gen_moves,
    play,
    settle,
    shrinks,
    spare_table,
    to_move,
)
from game.engine.ai.ismcts import EXPLORATION, ISMCTSBot, settled, shares
from game.engine.ai.view import view_for
from game.engine.cards import Animal, Colour
from game.engine.moves import Move
from game.engine.rng import Rng
from game.engine.state import GameState, apply
from game.engine.work import Steps

# Plies searched per field. tools/bench_review.py: a move of a long four-player game, with
# the expert's choice judged at every move, takes 0.31 - 0.42 s of one core (a 30-move game
# 11.8 - 12.6 s; the goal is 20 s). A field's chances vary by up to 0.05 between seeds.
DEFAULT_NODES = 25_000
# A move whose swing (half the summed change of every seat's chance) reaches this is a
# turning point; the largest swing of the game is one whatever its size.
TURNING = 0.3
# The expert's choice is shown where it gives the mover at least this much more chance than
# the move played: a field's chances vary by up to 0.05 between seeds (tools/bench_review.py's
# budget), so less says nothing about the move played.
BETTER = 0.03
# How many visits of the best move weigh as much as the mean of every iteration (_search).
SHRINK = 100


@dataclass(frozen=True, slots=True)
class Judgement:
    """A field's chances, seat by seat, and the expert's move there (None: the game is over)."""

    chances: tuple[float, ...]
    best: Move | None


@dataclass(frozen=True, slots=True)
class Belief:
    """A move judged from what its mover could know: the move the expert would have played
    from the mover's seat, and the mover's chance after the move played and after that one,
    as far as the mover could tell (the mean win share of each in the expert's search)."""

    expert: Move
    played: float
    best: float


@dataclass(frozen=True, slots=True)
class Turn:
    """Move `number` (1-based), played by `seat`: every seat's chances before and after it,
    and the expert's choice where it leads to another field and gives the mover more (with
    the chances it gives)."""

    number: int
    seat: int
    move: Move
    before: tuple[float, ...]
    after: tuple[float, ...]
    expert: Move | None = None
    expert_after: tuple[float, ...] | None = None
    forced: bool = False
    turning: bool = False
    belief: Belief | None = None

    @property
    def swing(self) -> float:
        """How much the move changed the outcome: half the summed change of the chances
        (0: nothing; 1: a certain win moved wholly to another side)."""
        return sum(abs(a - b) for a, b in zip(self.after, self.before, strict=True)) / 2


@dataclass(frozen=True, slots=True)
class Review:
    """Chances before the first move, then every move reviewed."""

    start: tuple[float, ...]
    turns: tuple[Turn, ...]

    @property
    def turning_point(self) -> Turn | None:
        """The move that changed the outcome most (None: no move changed anything)."""
        best = max(self.turns, key=lambda t: t.swing, default=None)
        return best if best is not None and best.swing > 1e-9 else None


def review(start: GameState, moves: Sequence[Move], nodes: int = DEFAULT_NODES,
           advise: Collection[int] | None = None,
           progress: Callable[[float], None] | None = None,
           cancelled: Callable[[], bool] | None = None, beliefs: bool = False) -> Review:
    """Review a game from `start` (every seat's task cards known) through `moves`.

    `advise`: the seats whose moves get the expert's choice (None: every seat); with
    `beliefs` they also get the second view, from what the mover could know (about half as
    much work again). `progress` hears the fraction done after each field; `cancelled` is asked
    before each (then work.Cancelled is raised). IllegalMove if a move cannot be played."""
    states = [start]
    for move in moves:
        states.append(apply(states[-1], move)[0])
    judge = _Judge(start, nodes)
    movers = _Movers(start, nodes) if beliefs else None
    steps = Steps(len(states), progress, cancelled)
    judged: list[Judgement] = []
    turns: list[Turn] = []
    for i, state in enumerate(states):
        steps.step()
        judged.append(judge(state))
        if i:
            turns.append(_turn(judge, states, judged, i, advise, movers))
        steps.done()
    top = max((t.swing for t in turns), default=0.0)
    turns = [t if t.swing < min(TURNING, top) or t.swing <= 1e-9 else replace(t, turning=True)
             for t in turns]
    return Review(judged[0].chances, tuple(turns))


def _turn(judge: _Judge, states: list[GameState], judged: list[Judgement], i: int,
          advise: Collection[int] | None, movers: _Movers | None) -> Turn:
    before, after = states[i - 1], states[i]
    seat = before.turn
    move = after.moves[-1]
    forced = len(before.legal_moves()) == 1
    expert = expert_after = None
    best = judged[i - 1].best
    if (advise is None or seat in advise) and best is not None:
        other = apply(before, best)[0]
        if (other.position, other.closed) != (after.position, after.closed):
            chances = judge(other).chances
            if chances[seat] >= judged[i].chances[seat] + BETTER:
                expert, expert_after = best, chances
    belief = None
    if movers is not None and not forced and (advise is None or seat in advise):
        belief = movers(before, move)
    return Turn(i, seat, move, judged[i - 1].chances, judged[i].chances, expert, expert_after,
                forced, belief=belief)


class _Movers:
    """The second view: each seat's own expert, asked at that seat's moves in order (it
    reads the moves so far once, as at the table), seeded by the field."""

    def __init__(self, start: GameState, nodes: int) -> None:
        self.field = start.position
        self.nodes = nodes
        self.bots: dict[int, ExpertBot] = {}

    def __call__(self, state: GameState, played: Move) -> Belief | None:
        seat = state.turn
        bot = self.bots.setdefault(seat, ExpertBot(nodes=self.nodes))
        view = view_for(state, seat, start=self.field)
        seed = zlib.crc32(repr((encode(state.position), state.closed, seat)).encode())
        choice = bot.choose(view, Rng(seed), 0.0)
        stats = bot.root_stats
        moves = gen_moves(encode(state.position))  # the order of the search's root
        played_at = moves.index(from_move(played.canonical()))
        best_at = moves.index(from_move(choice))
        if stats is None or not stats.n[played_at] or not stats.n[best_at]:
            return None  # a move the search never tried: nothing the mover could judge
        return Belief(choice, stats.w[played_at] / stats.n[played_at],
                      stats.w[best_at] / stats.n[best_at])


class _Judge:
    """Judges fields of one game (its seats, sides and task cards), remembering each."""

    def __init__(self, start: GameState, nodes: int) -> None:
        players = start.players
        self.n = len(players)
        teams = [p.team for p in players]
        if self.n and all(t is not None for t in teams):
            self.side = teams
        else:
            self.side = list(range(self.n))
        self.sides = max(self.side) + 1
        self.members = [self.side.count(s) for s in range(self.sides)]
        deal = tuple((next((int(t) for t in p.tasks if isinstance(t, Colour)), -1),
                      next((int(t) for t in p.tasks if isinstance(t, Animal)), -1))
                     for p in players)
        self.pts = side_points(deal, self.side, self.sides)
        self.spares = [spare_table(tuple(row)) for row in self.pts]
        self.closings = start.rules.closings_allowed
        self.nodes = nodes
        self.playouts = ISMCTSBot(smart=True)
        self._memo: dict[tuple, Judgement] = {}

    def __call__(self, state: GameState) -> Judgement:
        key = (state.position, state.closed, state.turn, state.over)
        if key not in self._memo:
            self._memo[key] = self._judge(state)
        return self._memo[key]

    def _judge(self, state: GameState) -> Judgement:
        first = None
        while not state.over and len(moves := state.legal_moves()) == 1:
            first = first or moves[0]  # forced: the field after it says the same
            state = apply(state, moves[0])[0]
        if state.over:
            return Judgement(self._seats(shares(self._scores(encode(state.position)))), first)
        field = encode(state.position)
        seed = zlib.crc32(repr((field, state.closed, state.turn)).encode())
        value, best = self._search(field, state.closed, state.turn, random.Random(seed))
        return Judgement(self._seats(value), first or to_move(best))

    def _scores(self, field: Field) -> list[int]:
        return [sum(row[c] for col in field for c in col) for row in self.pts]

    def _seats(self, side_chances: Sequence[float]) -> tuple[float, ...]:
        return tuple(side_chances[s] / self.members[s] for s in self.side)

    def _search(self, field: Field, closed: int, seat: int,
                rand: random.Random) -> tuple[list[float], FastMove]:
        """UCT over the fields, every seat by its own side's win share; returns the mean
        outcome of the root move searched most (shrunk toward every iteration's), and it."""
        side, n, pts, closings = self.side, self.n, self.pts, self.closings
        base = self._scores(field)
        root = _ReviewNode(field, closed, -1, False, self.sides)
        root.expand()
        uniform, log, sqrt = rand.random, math.log, math.sqrt
        c = EXPLORATION
        plies = 0
        while plies < self.nodes:
            scores = list(base)
            node, mover_seat, path = root, seat, []
            while not node.over:
                if node.moves is None:
                    node.expand()
                    if node.over:
                        break
                plies += 1
                mover = side[mover_seat]
                fresh = False
                if node.untried:
                    row, targets = pts[mover], node.targets
                    free = [j for j, i in enumerate(node.untried) if not row[targets[i]]]
                    pick = free[int(uniform() * len(free))] if free else \
                        int(uniform() * len(node.untried))
                    i = node.untried.pop(pick)
                    node.kids[i] = node.child(i, closings)
                    fresh = True
                else:
                    log_n = c * sqrt(log(node.total))
                    i, top = 0, -1.0
                    for j, (visits, wins) in enumerate(zip(node.n, node.w, strict=True)):
                        value = wins[mover] / visits + log_n / sqrt(visits)
                        if value > top:
                            i, top = j, value
                card = node.targets[i]
                for s in range(self.sides):
                    scores[s] -= pts[s][card]
                path.append((node, i))
                node, mover_seat = node.kids[i], (mover_seat + 1) % n
                if fresh:
                    break
            if not node.over:
                played, _left = self.playouts._playout(
                    node.field, node.closed, mover_seat, scores, pts, self.spares, side, n,
                    closings, uniform, 1 << 30)
                plies += played
            result = shares(scores)
            for visited, i in path:
                visited.n[i] += 1
                visited.total += 1
                wins = visited.w[i]
                for s, r in enumerate(result):
                    wins[s] += r
            if settled(root, self.nodes - plies):
                break
        best = max(range(len(root.moves)), key=lambda i: (root.n[i], root.w[i][side[seat]]
                                                           / max(1, root.n[i])))
        # The mean outcome of the moves searched at least half as much as the best (a mover
        # torn between two moves may play either), shrunk toward the mean of every iteration
        # by SHRINK iterations' weight: early in a game these moves have a few dozen visits
        # (noisy, so the steadier mean of all counts most), late thousands (the mean of all
        # would count the blunders the search tried).
        near = [i for i, visits in enumerate(root.n) if 2 * visits >= root.n[best]]
        visits = sum(root.n[i] for i in near)
        total = max(1, root.total)
        value = [(sum(root.w[i][s] for i in near) + SHRINK * sum(w[s] for w in root.w) / total)
                 / (visits + SHRINK) for s in range(self.sides)]
        return value, root.moves[best]


class _ReviewNode:
    """A field in the review's tree: per child its visits and summed outcome, side by side."""

    __slots__ = ("field", "closed", "card", "over", "sides", "moves", "targets", "kids", "n",
                 "w", "total", "untried")

    def __init__(self, field: Field, closed: int, card: int, over: bool, sides: int) -> None:
        self.field, self.closed, self.card, self.over = field, closed, card, over
        self.sides = sides
        self.moves: list[FastMove] | None = None
        self.total = 0

    def expand(self) -> None:
        self.moves = moves = gen_moves(self.field)
        if not moves:
            self.over = True
            return
        self.targets = [self.field[m[2]][m[3]] for m in moves]
        self.kids: list[_ReviewNode | None] = [None] * len(moves)
        self.n = [0] * len(moves)
        self.w = [[0.0] * self.sides for _ in moves]
        self.untried = list(range(len(moves)))

    def child(self, i: int, closings: int) -> _ReviewNode:
        m = self.moves[i]
        after, closed, ended = settle(play(self.field, m), shrinks(m), self.closed, closings)
        return _ReviewNode(after, closed, self.targets[i], ended, self.sides)
