"""The match controller (Tatham's midend): one game's states and pointer, each seat's move source.

Every state the game has shown is kept in a list with a pointer to the current one; undo and
redo move the pointer, a new move cuts the redo tail, a restart is itself a step. Each seat
gets its moves from a human (the scene hands them in), a bot (one instance per seat for the
whole game, thinking off the frame loop in a worker thread) or a scripted line (a solution,
the attract demo). Pure Python: never imports pygame.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from game.engine import solver
from game.engine.ai import make_bot, view_for
from game.engine.ai.bots import Bot
from game.engine.events import ColumnClosed, Event, Fell, MovedIn
from game.engine.moves import Move
from game.engine.rng import Rng
from game.engine.scoring import target_met
from game.engine.state import GameState, IllegalMove, apply
from game.match.record import Record, record_of, write_record
from game.match.words import describe_move

HUMAN, BOT, LINE = "human", "bot", "line"
BOT_BUDGET_S = 0.3  # a hard bot's think time per move
HINT_BUDGET_S = 0.1  # each solver call for a hint answers within this ...
HINT_TRIES = 4  # ... and a later try often succeeds (the solver's memo grows)
REACH_BUDGET_S = 0.25  # per history index when looking back for the last good point


class LineEnded(ValueError):
    """A scripted seat was asked for a move its line does not hold."""


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """A suggested move (or None), and whether par can still be reached (None: unknown)."""

    move: Move | None
    reachable: bool | None


class Match:
    """One game from its first state: history, move sources, hints, records.

    `sources` gives each seat's source ("human", "bot", "line"); by default a seat whose
    Player.bot names a level is a bot and every other seat is human, or every seat plays
    `line` when one is given. `undo` is the caller's policy (solo and campaign: yes; couch: a
    setting). `par` (campaign levels) turns on par reachability; `level`, `daily` and `hints`
    go into the record.
    """

    def __init__(self, start: GameState, *, sources: Sequence[str] | None = None,
                 line: Sequence[Move] = (), undo: bool = True, par: int | None = None,
                 level: str | None = None, daily: str | None = None,
                 bot_budget_s: float = BOT_BUDGET_S) -> None:
        n = len(start.players) or 1
        if sources is None:
            sources = [LINE if line else (BOT if p.bot else HUMAN) for p in start.players] or \
                [LINE if line else HUMAN]
        if len(sources) != n or any(s not in (HUMAN, BOT, LINE) for s in sources):
            raise ValueError(f"one source per seat (human, bot or line), not {list(sources)}")
        self.start = start
        self.sources = tuple(sources)
        self.line = tuple(line)
        self.undo_allowed = undo
        self.par = par
        self.level = level
        self.daily = daily
        self.bot_budget_s = bot_budget_s
        self.states: list[GameState] = [start]
        self.events: list[list[Event]] = [[]]  # events[i]: what the step to states[i] did
        self.index = 0
        self.hints_used = 0
        self._reachable: dict[int, bool] = {0: True} if par is not None else {}
        # One bot and one random stream per computer seat, for the whole game.
        self.bots: dict[int, Bot] = {}
        self.rngs: dict[int, Rng] = {}
        for seat, source in enumerate(self.sources):
            if source == BOT:
                level_name = start.players[seat].bot if start.players else None
                if level_name is None:
                    raise ValueError(f"seat {seat + 1} is a bot but names no level")
                self.bots[seat] = make_bot(level_name)
                self.rngs[seat] = Rng(((start.seed or 0) * 1_000_003 + seat) & (2**64 - 1))
        self._pool: ThreadPoolExecutor | None = None
        self._choosing = threading.Lock()
        self._thinking: Future | None = None
        self._thinking_for: GameState | None = None

    @classmethod
    def from_record(cls, record: Record, *, at_start: bool = False, replayed=None,
                    **options) -> Match:
        """A match replayed from a record: at its end (resume), or with the pointer at the
        start and every move ready to redo (a replay to step through). `replayed` (from
        read_replayed) spares replaying the moves again."""
        replayed = record.replay() if replayed is None else replayed
        options.setdefault("level", record.level)
        options.setdefault("daily", record.daily)
        match = cls(replayed[0][0], **options)
        match.states = [s for s, _ in replayed]
        match.events = [e for _, e in replayed]
        match.index = 0 if at_start else len(replayed) - 1
        match.hints_used = record.hints
        return match

    # The pointer ---------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.states[self.index]

    @property
    def over(self) -> bool:
        return self.state.over is not None

    @property
    def ply(self) -> int:
        """Moves played from the start to the current state."""
        return len(self.state.moves) - len(self.start.moves)

    @property
    def can_undo(self) -> bool:
        return self.undo_allowed and self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.undo_allowed and self.index < len(self.states) - 1

    def play(self, move: Move) -> tuple[GameState, list[Event]]:
        """Play a move for whoever is to move; raises IllegalMove. Replaying the move redo
        would play keeps the redo tail; any other move cuts it off."""
        self.cancel_thinking()
        state, events = apply(self.state, move)
        if self.index + 1 < len(self.states) and self.states[self.index + 1] == state:
            self.index += 1
            return self.state, self.events[self.index]
        self._cut()
        self.states.append(state)
        self.events.append(events)
        self.index += 1
        return state, events

    def _cut(self) -> None:
        del self.states[self.index + 1:]
        del self.events[self.index + 1:]
        for i in [i for i in self._reachable if i > self.index]:
            del self._reachable[i]

    def undo(self) -> GameState | None:
        """One step back (None when undo is off or there is nothing to undo)."""
        if not self.can_undo:
            return None
        self.cancel_thinking()
        self.index -= 1
        return self.state

    def undo_turn(self) -> GameState | None:
        """Back to the last state where a human was to move (skipping the computers' moves),
        so undo against bots takes back the player's own move."""
        if not self.can_undo:
            return None
        self.cancel_thinking()
        index = self.index - 1
        while index > 0 and self.source_of(self.states[index]) != HUMAN:
            index -= 1
        self.index = index
        return self.state

    def redo_move(self) -> Move | None:
        """The move redo would play (None: nothing to redo, or the next step is a restart)."""
        if not self.can_redo:
            return None
        after = self.states[self.index + 1]
        if len(after.moves) != len(self.state.moves) + 1 or after.moves[:-1] != self.state.moves:
            return None
        return after.moves[-1]

    def redo(self) -> tuple[GameState, list[Event]] | None:
        """One step forward, with the events to animate (None when there is nothing to redo)."""
        if not self.can_redo:
            return None
        self.cancel_thinking()
        self.index += 1
        return self.state, self.events[self.index]

    def restart(self) -> GameState:
        """Back to the start as a new step, so Undo brings the game back."""
        self.cancel_thinking()
        if self.state != self.start:
            self._cut()
            self.states.append(self.start)
            self.events.append([])
            self.index += 1
            if self.par is not None:
                self._reachable[self.index] = True
        return self.state

    def jump(self, index: int) -> GameState:
        """Move the pointer to any history index (a replay's scrubber; redo can come back)."""
        self.cancel_thinking()
        self.index = max(0, min(index, len(self.states) - 1))
        return self.state

    # The last move ------------------------------------------------------------------------
    @property
    def last_move(self) -> Move | None:
        """The move that reached the current state (None at the start or after a restart)."""
        if self.index == 0 or self.redo_move_at(self.index - 1) is None:
            return None
        return self.state.moves[-1]

    @property
    def last_events(self) -> list[Event]:
        return self.events[self.index] if self.last_move is not None else []

    def redo_move_at(self, index: int) -> Move | None:
        before, after = self.states[index], self.states[index + 1]
        if len(after.moves) != len(before.moves) + 1 or after.moves[:-1] != before.moves:
            return None
        return after.moves[-1]

    def last_cells(self) -> tuple[tuple[int, int], tuple[int, int] | None] | None:
        """Where to mark the last move on the current field: the scarer's cell now, and the
        cell the scared card was in (None when its column closed up); None: no last move."""
        move = self.last_move
        if move is None:
            return None
        scarer, scared = move.scarer, move.target
        for event in self.events[self.index]:
            if isinstance(event, MovedIn | Fell) and event.source == scarer:
                scarer = event.to
            elif isinstance(event, ColumnClosed):
                if scared is not None and scared[0] == event.column:
                    scared = None
                elif scared is not None and scared[0] > event.column:
                    scared = (scared[0] - 1, scared[1])
                if scarer[0] > event.column:
                    scarer = (scarer[0] - 1, scarer[1])
        return scarer, scared

    def describe_last(self) -> str | None:
        move = self.last_move
        return None if move is None else describe_move(self.states[self.index - 1], move)

    def move_list(self) -> list[str]:
        """Every move from the start to the current state, in words, oldest first (read off
        the history, no replaying)."""
        steps = []
        index = self.index
        while index > 0:
            move = self.redo_move_at(index - 1)
            if move is None:  # a restart: the game shown began there
                break
            steps.append(describe_move(self.states[index - 1], move))
            index -= 1
        return steps[::-1]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves from the start to the current state."""
        return self.state.moves[len(self.start.moves):]

    # Move sources -------------------------------------------------------------------------
    def source_of(self, state: GameState | None = None) -> str:
        state = self.state if state is None else state
        return self.sources[state.turn if state.players else 0]

    @property
    def waiting_for_human(self) -> bool:
        return not self.over and self.source_of() == HUMAN

    def line_move(self) -> Move:
        """The scripted line's move for the current ply; LineEnded when it holds none."""
        if self.ply >= len(self.line):
            raise LineEnded(f"the line has {len(self.line)} moves; move {self.ply + 1} is asked")
        return self.line[self.ply]

    def bot_move(self) -> Move:
        """The current bot seat's choice, computed now (on the calling thread)."""
        seat = self.state.turn
        return self._choose(seat, self.state)

    def _choose(self, seat: int, state: GameState) -> Move:
        view = view_for(state, seat, start=self.start.position)
        with self._choosing:  # a dropped choice still running in the worker finishes first
            return self.bots[seat].choose(view, self.rngs[seat], self.bot_budget_s)

    def computer_move(self) -> Move:
        """The move of the current non-human seat (bot or line), computed now."""
        source = self.source_of()
        if source == BOT:
            return self.bot_move()
        if source == LINE:
            return self.line_move()
        raise ValueError("a human is to move: the scene hands their move in")

    def start_thinking(self) -> None:
        """Let the current computer seat choose in a worker thread; poll() brings the move.
        A line seat's move is ready at once. Does nothing if already thinking."""
        if self._thinking is not None and self._thinking_for is self.state:
            return
        self.cancel_thinking()
        if self.over or self.source_of() == HUMAN:
            raise ValueError("no computer seat is to move")
        state = self.state
        future: Future
        if self.source_of() == LINE:
            future = Future()
            try:
                future.set_result(self.line_move())
            except LineEnded as err:
                future.set_exception(err)
        else:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            future = self._pool.submit(self._choose, state.turn, state)
        self._thinking, self._thinking_for = future, state

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def poll(self) -> Move | None:
        """The chosen move once ready (not yet played), else None. A bot's error is raised
        here, on the caller's thread, like any other error."""
        future = self._thinking
        if future is None or not future.done():
            return None
        stale = self._thinking_for is not self.state
        self._thinking = self._thinking_for = None
        if stale:
            return None
        return future.result()

    def wait(self, timeout: float | None = None) -> Move | None:
        """Block until the thinking is done (tests, headless runs) and return the move."""
        if self._thinking is not None:
            self._thinking.exception(timeout)
        return self.poll()

    def ready(self, timeout: float | None = None) -> bool:
        """Block until the thinking is done (at most `timeout` s), leaving the move for poll():
        tests and tools step a scene that polls for itself."""
        future = self._thinking
        if future is not None:
            try:
                future.exception(timeout)
            except TimeoutError:
                return False
        return True

    def cancel_thinking(self) -> None:
        """Forget a move being computed (after undo, restart, or leaving the table)."""
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinking = self._thinking_for = None

    def close(self) -> None:
        """Stop the worker thread (a running choice finishes, its move is dropped)."""
        self.cancel_thinking()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    # Hints --------------------------------------------------------------------------------
    def hint(self, budget_s: float = HINT_BUDGET_S, tries: int = HINT_TRIES) -> HintAnswer:
        """A suggested move for the player to move. With a par (campaign): a move after
        which par can still be reached, or whether par is out of reach. Solo without par:
        the first move of the best line found. Multiplayer: a normal bot's choice from the
        player's own view (nothing secret leaks)."""
        state = self.state
        if state.over:
            return HintAnswer(None, self.known_reachable())
        if len(state.players) > 1:
            view = view_for(state, state.turn, start=self.start.position)
            move = make_bot("normal").choose(view, Rng(len(state.moves)), budget_s)
            self.hints_used += 1
            return HintAnswer(move, None)
        if self.par is None:
            line = solver.best_line(state.position, budget_s, target=state.target).moves
            if not line:
                return HintAnswer(None, None)
            self.hints_used += 1
            return HintAnswer(line[0], None)
        if self.known_reachable() is False:
            return HintAnswer(None, False)
        for _ in range(max(1, tries)):
            move = solver.hint(state.position, self.par, budget_s, state.target)
            if move is not None:
                self.hints_used += 1
                self._reachable[self.index] = True
                return HintAnswer(move, True)
            if self.reachable(budget_s=budget_s) is False:
                return HintAnswer(None, False)
        return HintAnswer(None, None)

    # Par (campaign levels) ----------------------------------------------------------------
    def known_reachable(self, index: int | None = None) -> bool | None:
        """What is known without solving: True, False, or None (not worked out, or no par)."""
        if self.par is None:
            return None
        index = self.index if index is None else index
        known = self._reachable.get(index)
        state = self.states[index]
        if known is None and state.over:
            known = state.position.card_count() <= self.par and target_met(state)
            self._reachable[index] = known
        return known

    def reachable(self, index: int | None = None,
                  budget_s: float | None = REACH_BUDGET_S) -> bool | None:
        """Whether par can still be reached at a history index; None if the budget ran out."""
        index = self.index if index is None else index
        known = self.known_reachable(index)
        if known is not None or self.par is None:
            return known
        state = self.states[index]
        answer = solver.can_reach(state.position, self.par, state.target, budget_s)
        if answer is not None:
            self._reachable[index] = answer
        return answer

    def undo_to_reachable(self, budget_s: float | None = REACH_BUDGET_S) -> GameState | None:
        """Back to the latest earlier point known to keep par reachable (None: none found)."""
        for index in range(self.index - 1, -1, -1):
            if self.reachable(index, budget_s):
                return self.jump(index)
        return None

    # Records ------------------------------------------------------------------------------
    def record(self, date: str | None = None) -> Record:
        """The game up to the current state as a record (the redo tail is not part of it)."""
        return record_of(self.start, self.moves, level=self.level,
                         daily=self.daily, hints=self.hints_used, date=date)

    def record_text(self) -> str:
        """The record to show or share: a running game's task cards are left out."""
        return write_record(self.record(), final=self.state)

    def save_text(self) -> str:
        """The record to save: a running game keeps its task cards on a `secret:` line."""
        return write_record(self.record(), secret=True, final=self.state)


__all__ = ["BOT", "HUMAN", "LINE", "HintAnswer", "IllegalMove", "LineEnded", "Match"]
