"""One level being played: undo/redo history (states + pointer), par reachability and hints.

Modelled on Simon Tatham's midend: every state the player has seen is kept in a list with a
pointer to the current one. Undo and redo only move the pointer; a new move cuts off the redo
tail; restart is itself a step that can be undone. Whether par can still be reached is kept per
history index and only worked out when someone asks (a hint, or "undo to the last good point"),
so ordinary play never waits for the solver. Pure Python: never imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import solver
from game.engine.cards import Card
from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.rules import Rules
from game.engine.scoring import target_met
from game.engine.state import GameState, Player, apply, initial_state

HINT_BUDGET_S = 0.1  # each solver call for a hint answers within this
HINT_TRIES = 4  # the solver's memo grows with every try, so a later try often succeeds
REACH_BUDGET_S = 0.25  # per history index when looking back for the last good point


def level_state(level) -> GameState:
    """The solo game a level starts: one player, the advanced target when the level has one."""
    mode = Mode.SOLO_ADVANCED if level.target is not None else Mode.SOLO
    return initial_state(level.position, Rules.SOLO, mode=mode, players=(Player("You"),),
                         target=level.target)


def solution_line(level) -> tuple[Move, ...]:
    """A line of moves from the level's start that leaves par cards (the exact solver's)."""
    return solver.solve(level.position, level.target).moves


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """A move that keeps par reachable (or None), and whether par is reachable (None: unknown)."""

    move: Move | None
    reachable: bool | None


class Session:
    """The history of one attempt at a level."""

    def __init__(self, start: GameState, par: int, target: Card | None = None) -> None:
        self.start = start
        self.par = par
        self.target = target
        self.states: list[GameState] = [start]
        self.index = 0
        # Per history index: can a finished game with at most par cards still be reached?
        # The start of a curated level is proven by tools/check_levels.py.
        self._reachable: dict[int, bool] = {0: True}
        self.hints_used = 0

    # The pointer ------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.states[self.index]

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.states) - 1

    def record(self, state: GameState) -> None:
        """A state reached by one move from the current one. Replaying the move that redo
        would play keeps the redo tail; any other move cuts it off."""
        if self.can_redo and self.states[self.index + 1] == state:
            self.index += 1
            return
        del self.states[self.index + 1:]
        for i in [i for i in self._reachable if i > self.index]:
            del self._reachable[i]
        self.states.append(state)
        self.index += 1

    def play(self, move: Move):
        """Apply a move to the current state and record it; returns (state, events)."""
        state, events = apply(self.state, move)
        self.record(state)
        return state, events

    def undo(self) -> GameState | None:
        if not self.can_undo:
            return None
        self.index -= 1
        return self.state

    def redo_move(self) -> Move | None:
        """The move that redo would play (None when there is nothing to redo, or the next
        step is a restart rather than a move)."""
        if not self.can_redo:
            return None
        after = self.states[self.index + 1]
        if len(after.moves) != len(self.state.moves) + 1 or after.moves[:-1] != self.state.moves:
            return None
        return after.moves[-1]

    def redo(self) -> GameState | None:
        if not self.can_redo:
            return None
        self.index += 1
        return self.state

    def restart(self) -> GameState:
        """Back to the level's start as a new step (so Undo brings the game back)."""
        if self.state != self.start:
            self.record(self.start)
            self._reachable[self.index] = True
        return self.state

    def jump(self, index: int) -> GameState:
        """Move the pointer to any history index (redo can come back)."""
        self.index = max(0, min(index, len(self.states) - 1))
        return self.state

    # Par ----------------------------------------------------------------------------------
    def known_reachable(self, index: int | None = None) -> bool | None:
        """What is known (no solving): True, False or None for not worked out yet."""
        index = self.index if index is None else index
        known = self._reachable.get(index)
        if known is None and self.states[index].over:
            known = self._finished_ok(self.states[index])
            self._reachable[index] = known
        return known

    def reachable(self, index: int | None = None, budget_s: float | None = REACH_BUDGET_S):
        """Whether par can still be reached at a history index; None if the budget ran out."""
        index = self.index if index is None else index
        known = self.known_reachable(index)
        if known is not None:
            return known
        answer = solver.can_reach(self.states[index].position, self.par, self.target, budget_s)
        if answer is not None:
            self._reachable[index] = answer
        return answer

    def _finished_ok(self, state: GameState) -> bool:
        return state.position.card_count() <= self.par and target_met(state)

    def hint(self, budget_s: float = HINT_BUDGET_S, tries: int = HINT_TRIES) -> HintAnswer:
        """A move after which par can still be reached. When there is none, says whether par
        is out of reach (False) or the solver simply ran out of time (None)."""
        state = self.state
        if state.over:
            return HintAnswer(None, self.known_reachable())
        if self.known_reachable() is False:
            return HintAnswer(None, False)
        for _ in range(max(1, tries)):
            move = solver.hint(state.position, self.par, budget_s, self.target)
            if move is not None:
                self.hints_used += 1
                self._reachable[self.index] = True
                return HintAnswer(move, True)
            reachable = self.reachable(budget_s=budget_s)
            if reachable is False:
                return HintAnswer(None, False)
        return HintAnswer(None, None)

    def last_reachable(self, budget_s: float | None = REACH_BUDGET_S) -> int | None:
        """The latest history index before the current one where par could still be reached.

        Indices the solver cannot decide within the budget are passed over, so the answer is
        always a point known to be good (the start at worst)."""
        for index in range(self.index - 1, -1, -1):
            if self.reachable(index, budget_s):
                return index
        return None

    def undo_to_reachable(self, budget_s: float | None = REACH_BUDGET_S) -> GameState | None:
        index = self.last_reachable(budget_s)
        if index is None:
            return None
        return self.jump(index)
