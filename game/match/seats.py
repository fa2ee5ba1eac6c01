"""Seats as move sources: each seat of a game is asked for its move and answers when it can.

A seat is a HumanSeat (the table offers the player's move), a ComputerSeat (one bot and one
random stream for the whole game, choosing off the frame thread) or a LineSeat (a scripted
line: a solution, a replay, the kiosk's puzzle demo). A remote seat (online play) is one more
class with the same four calls. Pure Python: never imports pygame.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol

from game.engine.ai import SKILLS, Bot, view_for
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.rng import Rng
from game.engine.state import GameState
from game.match.thinker import Thinker, searches

HUMAN, BOT, LINE = "human", "bot", "line"  # what a seat is (MoveSource.source)
BOT_BUDGET_S = 0.3  # a searching computer's think time per move


class LineEnded(ValueError):
    """A scripted seat was asked for a move its line does not hold."""


class MoveSource(Protocol):
    """A move source. `source` says what it is (HUMAN, BOT, LINE, …); `recorded_as` is what records
    and saves write for it (human, or the computer's level). A person's seat says whether
    its moves are played at once or go to a table first (`confirms`: an online table's seat
    at this screen, which offer() hands the move and poll() gives back once confirmed). An
    online table's seat also holds `confirmed`: the move poll() gave, with the state the
    table confirmed it led to, which the match takes instead of playing the move itself."""

    source: str
    recorded_as: str

    def ask(self, state: GameState, start: Position) -> None:
        """Begin choosing a move for `state` (its seat is to move); returns at once."""

    def poll(self) -> Move | None:
        """The move once chosen (for the state last asked), else None. Errors surface here."""

    def cancel(self) -> None:
        """Forget the question (after undo, restart, or leaving the table)."""

    def close(self) -> None:
        """The game is over for this seat: stop any worker."""


class HumanSeat:
    """A person at this screen: the table hands their move in with offer()."""

    source = HUMAN
    recorded_as = HUMAN
    confirms = False  # the move is played as soon as the table offers it

    def __init__(self) -> None:
        self._move: Move | None = None

    def ask(self, state: GameState, start: Position) -> None:
        self._move = None

    def offer(self, move: Move) -> None:
        self._move = move

    def poll(self) -> Move | None:
        move, self._move = self._move, None
        return move

    def cancel(self) -> None:
        self._move = None

    def close(self) -> None:
        self._move = None


class ComputerSeat:
    """A computer player of a registered level. With `threaded` (the table) it thinks in a
    worker thread so the frames go on; without (simulate, tools) it chooses inside ask()."""

    source = BOT

    def __init__(self, level: str, seat: int, seed: int | None, *,
                 budget_s: float = BOT_BUDGET_S, nodes: int | None = None,
                 threaded: bool = True, bot: Bot | None = None,
                 thinker: Thinker | None = None) -> None:
        # `bot`: a bot made elsewhere (a tool's own, or one kept across simulated games).
        self.recorded_as = SKILLS.parse(level) if bot is None else level
        self.seat = seat
        self.bot = SKILLS[self.recorded_as].make(nodes) if bot is None else bot
        self.rng = Rng(((seed or 0) * 1_000_003 + seat) & (2**64 - 1))
        self.budget_s = budget_s
        self.threaded = threaded
        self.thinker = thinker  # the table's worker process, if it has one (thinker.py)
        self._pool: ThreadPoolExecutor | None = None
        self._choosing = threading.Lock()
        self._future: Future | None = None
        self._for: GameState | None = None

    def _choose(self, state: GameState, start: Position) -> Move:
        view = view_for(state, self.seat, start=start)
        with self._choosing:  # a dropped choice still running in the worker finishes first
            if self.thinker is not None and self.threaded and searches(self.bot):
                done = self.thinker.choose(self.bot, view, self.rng, self.budget_s)
                if done is not None:
                    move, self.bot, self.rng = done  # as the choice left them, over there
                    return move
            return self.bot.choose(view, self.rng, self.budget_s)

    def ask(self, state: GameState, start: Position) -> None:
        if self._future is not None and self._for is state:
            return  # already thinking about this very state
        self.cancel()
        if self.threaded:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            self._future = self._pool.submit(self._choose, state, start)
        else:
            self._future = Future()
            self._future.set_result(self._choose(state, start))
        self._for = state

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def poll(self) -> Move | None:
        future = self._future
        if future is None or not future.done():
            return None
        self._future = self._for = None
        return future.result()  # a bot's error is raised here, on the caller's thread

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the choice is made (at most `timeout` s); tests and tools."""
        future = self._future
        if future is not None:
            try:
                future.exception(timeout)
            except TimeoutError:
                return False
        return True

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = self._for = None

    def close(self) -> None:
        """Stop the worker thread (a running choice finishes, its move is dropped)."""
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class LineSeat:
    """A scripted line of moves, shared by every seat it plays (the move for ply k is
    line[k]); `recorded_as` names what the record would write for the seat it stands for."""

    source = LINE

    def __init__(self, line: Sequence[Move], first_ply: int = 0, recorded_as: str = HUMAN) -> None:
        self.line = tuple(line)
        self.first_ply = first_ply  # the ply of the line's first move (a record's start)
        self.recorded_as = recorded_as
        self._move: Move | None = None
        self._error: LineEnded | None = None

    def ask(self, state: GameState, start: Position) -> None:
        ply = len(state.moves) - self.first_ply
        self._move = self._error = None
        if ply >= len(self.line):
            self._error = LineEnded(f"the line has {len(self.line)} moves; move {ply + 1} is asked")
        else:
            self._move = self.line[ply]

    def holds(self, state: GameState) -> bool:
        """Whether the line has a move for `state` (a record may stop short of the end)."""
        return len(state.moves) - self.first_ply < len(self.line)

    def poll(self) -> Move | None:
        if self._error is not None:
            error, self._error = self._error, None
            raise error
        move, self._move = self._move, None
        return move

    def cancel(self) -> None:
        self._move = self._error = None

    def close(self) -> None:
        self.cancel()


def seats_for(start: GameState, *, line: Sequence[Move] = (), budget_s: float = BOT_BUDGET_S,
              nodes: int | None = None, threaded: bool = True,
              thinker: Thinker | None = None) -> list[MoveSource]:
    """The seats a game starts with: every seat plays `line` when one is given; otherwise a
    seat whose player names a level is that computer and every other seat is a person."""
    players = start.players or ()
    if line:
        shared = LineSeat(line, len(start.moves))
        return [shared] * max(1, len(players))
    seats: list[MoveSource] = []
    for i, player in enumerate(players):
        if player.bot:
            seats.append(ComputerSeat(player.bot, i, start.seed, budget_s=budget_s, nodes=nodes,
                                      threaded=threaded, thinker=thinker))
        else:
            seats.append(HumanSeat())
    return seats or [HumanSeat()]
