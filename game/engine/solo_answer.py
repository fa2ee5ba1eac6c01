"""Solo answers: the fewest cards a deal allows, a line to it, the best after each move played
and where the game slipped (the first move after which the best still reachable got worse).

Every best is proven by the exact solver within a node budget per field; a field it cannot
prove within the budget is `unproven` (never a guess). With a target (the advanced deal) the
best counts only finished games that keep it, and is `impossible` once none can.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine import solver
from game.engine.cards import Card
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.rules import Rules
from game.engine.scoring import title_for
from game.engine.state import GameState, apply, initial_state
from game.engine.work import Steps

# Solver nodes per field. The slowest advanced deals of seeds 0-3999 (tools/bench_engine.py's
# heavy tail) are proven in 9,000 to 44,000 nodes; the solver searches about 85,000 a second
# on a busy core, so a field that cannot be proven costs at most about 6 s.
DEFAULT_NODES = 500_000


@dataclass(frozen=True, slots=True)
class Best:
    """The fewest cards still reachable from a field: `count` when `proven` (None: the target
    can no longer remain); when not proven, the solver ran out of its budget first."""

    count: int | None
    proven: bool = True

    @property
    def impossible(self) -> bool:
        return self.proven and self.count is None

    @property
    def title(self) -> str | None:
        """The title the best earns (English key from the title registry; _() it to show)."""
        return title_for(self.count) if self.proven and self.count is not None else None

    def text(self) -> str:
        """'3', 'impossible' or 'unproven' (the command line's words)."""
        if not self.proven:
            return "unproven"
        return "impossible" if self.count is None else str(self.count)

    def worse_than(self, other: Best) -> bool:
        """Proven both, and fewer cards (or the target at all) can no longer be reached."""
        if not (self.proven and other.proven):
            return False
        if self.count is None:
            return other.count is not None
        return other.count is not None and self.count > other.count


@dataclass(frozen=True, slots=True)
class Slip:
    """Move `number` (1-based) was `played`; the best went from `before` to `after`, where
    `kept` would have kept `before`: the first move of `line`, which reaches it from the field
    before move `number`."""

    number: int
    played: Move
    before: Best
    after: Best
    kept: Move
    line: tuple[Move, ...] = ()


@dataclass(frozen=True, slots=True)
class SoloAnswer:
    """The deal's best with a `solution` reaching it (empty when unproven or the field is
    finished), the best after each move played, and the slip (None: the best never got worse,
    or an unproven field hides where)."""

    best: Best
    solution: tuple[Move, ...]
    after: tuple[Best, ...]
    slip: Slip | None

    @property
    def title(self) -> str | None:
        return self.best.title


def answer(position: Position, moves: Sequence[Move] = (), target: Card | None = None,
           nodes: int = DEFAULT_NODES, progress: Callable[[float], None] | None = None,
           cancelled: Callable[[], bool] | None = None) -> SoloAnswer:
    """Answer a solo deal and the moves played on it (IllegalMove if one cannot be played).
    `progress` hears the fraction done after each field; `cancelled` is asked before each
    (work.Cancelled is raised when it says yes)."""
    states = [initial_state(position, Rules.SOLO, target=target)]
    for move in moves:
        states.append(apply(states[-1], move)[0])
    steps = Steps(len(states), progress, cancelled)
    bests: list[Best] = []
    lines: list[tuple[Move, ...]] = []
    for i, state in enumerate(states):
        steps.step()
        best, line = _carried(states, i, bests, lines) or _solved(state, target, nodes)
        bests.append(best)
        lines.append(line)
        steps.done()
    slip = None
    for i in range(1, len(states)):
        if bests[i].worse_than(bests[i - 1]) and lines[i - 1]:
            slip = Slip(i, states[i].moves[-1], bests[i - 1], bests[i], lines[i - 1][0],
                        lines[i - 1])
            break
    return SoloAnswer(bests[0], lines[0], tuple(bests[1:]), slip)


def _solved(state: GameState, target: Card | None, nodes: int) -> tuple[Best, tuple[Move, ...]]:
    found = solver.solve(state.position, target, nodes)
    if not found.proven:
        return Best(None, proven=False), ()
    return Best(found.count), found.moves


def _carried(states: list[GameState], i: int, bests: list[Best], lines: list):
    """The move played is the first of the line proven before it (or leads to the same field):
    the same best, and the rest of that line, without asking the solver again."""
    if i == 0 or not lines[i - 1] or not bests[i - 1].proven:
        return None
    first = lines[i - 1][0]
    if apply(states[i - 1], first)[0].position != states[i].position:
        return None
    return bests[i - 1], lines[i - 1][1:]
