"""The match controller (Tatham's midend): one game's states and pointer, each seat's move source.

Every state the game has shown is kept in a list with a pointer to the current one; undo and
redo move the pointer, a new move cuts the redo tail, a restart is itself a step. Each seat is
a move source (game/match/seats.py): a person, a computer, a scripted line. The turn flow
that asks them lives in game/match/session.py. Pure Python: never imports pygame.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.engine import solver
from game.engine.ai import SKILLS, make_bot, view_for
from game.engine.events import ColumnClosed, Event, Fell, MovedIn
from game.engine.moves import Move
from game.engine.position import format_position
from game.engine.rng import Rng
from game.engine.scoring import target_met
from game.engine.state import GameState, IllegalMove, apply
from game.match.occasions import occasion_of
from game.match.record import Record, record_of, write_record
from game.match.seats import (
    BOT,
    BOT_BUDGET_S,
    HUMAN,
    LINE,
    ComputerSeat,
    HumanSeat,
    LineEnded,
    LineSeat,
    MoveSource,
    seats_for,
)
from game.match.thinker import Thinker, searches
from game.match.words import describe_move

HINT_BUDGET_S = 0.1  # each solver call for a hint answers within this ...
HINT_TRIES = 4  # ... and a later try often succeeds (the solver's memo grows)
REACH_BUDGET_S = 0.25  # per history index when looking back for the last good point


@dataclass(frozen=True, slots=True)
class HintAnswer:
    """A suggested move (or None), and whether par can still be reached (None: unknown)."""

    move: Move | None
    reachable: bool | None


class Match:
    """One game from its first state: history, seats, hints, records.

    `seats` are the move sources (game/match/seats.py); by default seats_for(start): a seat
    whose Player.bot names a level is that computer, every other seat a person, or every seat
    plays `line` when one is given. `undo` is the caller's policy (solo and campaign: yes;
    couch: no). `par` (campaign levels) turns on par reachability; `level`, `daily`, `hints`
    and `game` (the game's own id, kept across Continue) go into the record. `online`: the
    game is an online table's (its seats' moves come with the state the table confirmed).
    """

    def __init__(self, start: GameState, *, seats: Sequence[MoveSource] | None = None,
                 line: Sequence[Move] = (), undo: bool = True, par: int | None = None,
                 level: str | None = None, daily: str | None = None,
                 bot_budget_s: float = BOT_BUDGET_S, nodes: int | None = None,
                 threaded: bool = True, game: str | None = None, process: bool = False,
                 occasion: str | None = None, online: bool = False) -> None:
        n = len(start.players) or 1
        # `process`: the computer seats think in one worker process (thinker.py), not in a
        # thread of this one: the table's frames then leave the search its own core.
        self.thinker = Thinker() if process and threaded and seats is None else None
        if seats is None:
            seats = seats_for(start, line=line, budget_s=bot_budget_s, nodes=nodes,
                              threaded=threaded, thinker=self.thinker)
        if self.thinker is not None and any(
                isinstance(s, ComputerSeat) and searches(s.bot) for s in seats):
            self.thinker.warm()
        if len(seats) != n:
            raise ValueError(f"one seat per player: {n} players, {len(seats)} seats")
        self.start = start
        self.seats = tuple(seats)
        self.line = tuple(line)
        self.undo_allowed = undo
        self.par = par
        self.level = level
        self.daily = daily
        self.occasion = occasion  # its occasion's name (None: recognised from its record)
        self.game = game or secrets.token_hex(6)  # which game this is, for counting it once
        self.states: list[GameState] = [start]
        self.events: list[list[Event]] = [[]]  # events[i]: what the step to states[i] did
        self.index = 0
        self.hints_used = 0
        self._reachable: dict[int, bool] = {0: True} if par is not None else {}
        self._asked: MoveSource | None = None  # the seat thinking about the current state
        self.resumed = False  # read back from a record (a saved game, a replay)
        self.online = online  # played at an online table (counted and kept as such)

    @property
    def sources(self) -> tuple[str, ...]:
        """What each seat is: HUMAN, BOT, LINE (or another source's word)."""
        return tuple(seat.source for seat in self.seats)

    @property
    def bots(self) -> dict:
        """Each computer seat's bot, by seat."""
        return {i: s.bot for i, s in enumerate(self.seats) if isinstance(s, ComputerSeat)}

    @classmethod
    def from_record(cls, record: Record, *, at_start: bool = False, replayed=None,
                    **options) -> Match:
        """A match replayed from a record: at its end (resume), or with the pointer at the
        start and every move ready to redo (a replay to step through). `replayed` (from
        read_replayed) spares replaying the moves again."""
        replayed = record.replay() if replayed is None else replayed
        occasion = occasion_of(record)  # an older record's, recognised: named from now on
        for key, value in {**occasion.kept(record), "game": record.game,
                           "occasion": occasion.name}.items():
            options.setdefault(key, value)
        match = cls(replayed[0][0], **options)
        match.states = [s for s, _ in replayed]
        match.events = [e for _, e in replayed]
        match.index = 0 if at_start else len(replayed) - 1
        match.hints_used = record.hints
        match.resumed = True
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
        seat = self.seat_of()
        self.cancel_thinking()
        # An online table's seat was told the state its move led to (seats.MoveSource).
        told = getattr(seat, "confirmed", None) if self.online else None
        state, events = apply(self.state, move) if told is None else self._take(told, seat)
        if self.index + 1 < len(self.states) and self.states[self.index + 1] == state:
            self.index += 1
            return self.state, self.events[self.index]
        self._cut()
        self.states.append(state)
        self.events.append(events)
        self.index += 1
        return state, events

    def _take(self, told, seat) -> tuple[GameState, list[Event]]:
        """An online table's move as its seat was told it (`told`: the state before, after
        and the events, as this screen's mirror played them), taken as it is. The match first
        checks that the table's game before the move is its own: when it is not, the seat
        asks the table for the whole game (logged) and the match takes the table's state
        whole, with nothing to animate: it follows the table, never a copy of its own."""
        here, there = self.state, told.before
        players = here.players if len(here.players) == len(told.state.players) \
            else told.state.players  # this screen's names for the seats, and revealed cards
        state = replace(told.state, players=players)
        if (there.moves, there.position, there.turn, there.closed) \
                == (here.moves, here.position, here.turn, here.closed):
            return state, list(told.events)
        seat.disagrees(f"move {told.number + 1} was played on the table's field "
                       f"{format_position(there.position)} after {len(there.moves)} moves; "
                       f"this screen had {format_position(here.position)} after "
                       f"{len(here.moves)}")
        return state, []

    def follow(self, state: GameState) -> bool:
        """An online table's whole game (a state the table sent, not told as moves): taken as
        a new step, with nothing to animate, unless this match has it already on its line
        (there, or further along). Returns whether the match moved."""
        at = len(state.moves) - len(self.start.moves)
        mine = self.states[at] if 0 <= at < len(self.states) else None
        if mine is not None and (mine.moves, mine.position, mine.turn) \
                == (state.moves, state.position, state.turn):
            return False
        players = self.state.players if len(self.state.players) == len(state.players) \
            else state.players  # this screen's names for the seats, and revealed cards
        self.cancel_thinking()
        self._cut()
        self.states.append(replace(state, players=players))
        self.events.append([])
        self.index += 1
        return True

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

    def reveal(self, tasks: tuple[tuple, ...]) -> None:
        """Every seat's task cards, shown at the end of an online game, put into the history's
        states (the record, the scores and the statistics need them). The pointer stays."""
        def shown(state: GameState) -> GameState:
            if len(state.players) != len(tasks):
                return state
            return replace(state, players=tuple(replace(p, tasks=t)
                                                for p, t in zip(state.players, tasks,
                                                                strict=True)))

        self.start = shown(self.start)
        self.states = [shown(s) for s in self.states]

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

    def describe_last(self, named: bool = True) -> str | None:
        """The last move in words (not `named`: without the mover's name), None at the start."""
        move = self.last_move
        return None if move is None else describe_move(self.states[self.index - 1], move,
                                                       named=named)

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

    def moves_since_turn_of(self, seat: int) -> list[str]:
        """In words, oldest first, the moves played since `seat` last moved (the others' turns
        a player has not seen yet); none before the game's first move by that seat."""
        steps = []
        index = self.index
        while index > 0:
            move = self.redo_move_at(index - 1)
            before = self.states[index - 1]
            if move is None or before.turn == seat:
                break
            steps.append(describe_move(before, move))
            index -= 1
        return steps[::-1]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves from the start to the current state."""
        return self.state.moves[len(self.start.moves):]

    # Seats ----------------------------------------------------------------------------------
    def seat_of(self, state: GameState | None = None) -> MoveSource:
        state = self.state if state is None else state
        return self.seats[state.turn if state.players else 0]

    def source_of(self, state: GameState | None = None) -> str:
        return self.seat_of(state).source

    @property
    def waiting_for_human(self) -> bool:
        return not self.over and self.source_of() == HUMAN

    def start_thinking(self) -> None:
        """Ask the seat to move for its move (a computer thinks in its worker thread; a line's
        move is ready at once); poll() brings it. Asking again about the same state is free."""
        if self.over or self.source_of() == HUMAN:
            raise ValueError("no computer seat is to move")
        seat = self.seat_of()
        if self._asked is not None and self._asked is not seat:
            self._asked.cancel()
        seat.ask(self.state, self.start.position)
        self._asked = seat

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    def poll(self) -> Move | None:
        """The asked seat's move once ready (not yet played), else None; its error is raised
        here, on the caller's thread."""
        if self._asked is None:
            return None
        move = self._asked.poll()
        if move is not None:
            self._asked = None
        return move

    def ready(self, timeout: float | None = None) -> bool:
        """Block until the asked computer has chosen (at most `timeout` s), leaving the move
        for poll(): tests and tools step a scene that polls for itself."""
        seat = self._asked
        return seat.wait(timeout) if isinstance(seat, ComputerSeat) else True

    def wait(self, timeout: float | None = None) -> Move | None:
        """Block until the thinking is done (tests, headless runs) and return the move."""
        self.ready(timeout)
        return self.poll()

    def computer_move(self) -> Move:
        """The move of the current non-human seat, computed now (on the calling thread)."""
        self.start_thinking()
        move = self.wait()
        if move is None:
            raise ValueError("the seat to move gave no move")
        return move

    def cancel_thinking(self) -> None:
        """Forget a move being chosen (after undo, restart, or leaving the table)."""
        if self._asked is not None:
            self._asked.cancel()
        self._asked = None

    def close(self) -> None:
        """Stop every seat's worker (a running choice finishes, its move is dropped)."""
        self._asked = None
        for seat in set(self.seats):
            seat.close()
        if self.thinker is not None:
            self.thinker.close()

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
            move = make_bot(SKILLS.default).choose(view, Rng(len(state.moves)), budget_s)
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
        return record_of(self.start, self.moves, level=self.level, daily=self.daily,
                         hints=self.hints_used, date=date, game=self.game,
                         occasion=self.occasion)

    def record_text(self) -> str:
        """The record to show or share: a running game's task cards are left out."""
        return write_record(self.record(), final=self.state)

    def save_text(self) -> str:
        """The record to save: a running game keeps its task cards on a `secret:` line."""
        return write_record(self.record(), secret=True, final=self.state)


__all__ = ["BOT", "HUMAN", "LINE", "HintAnswer", "HumanSeat", "IllegalMove", "LineEnded",
           "LineSeat", "Match"]
