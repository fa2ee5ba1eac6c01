"""The editor's live solver: one worker thread answers the latest field, best-so-far first.

The frame loop only posts a field (`ask`) and reads the latest answer (`answer`); the worker
runs the anytime solver in growing time slices and publishes after each, so a new field is
taken up within one slice and the screen always has something to show: "searching" with the
best line so far, then the proven optimum. Pure Python: no pygame.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from game.engine import solver
from game.engine.cards import Card
from game.engine.position import Position

FIRST_SLICE_S = 0.03
MAX_SLICE_S = 0.25  # the longest a superseded field keeps the worker busy


@dataclass(frozen=True, slots=True)
class Answer:
    """What the worker knows about request `ticket`: best count so far (None: the target can
    never remain, or nothing known yet), whether it is proven, and seconds spent."""

    ticket: int = 0
    count: int | None = None
    proven: bool = False
    searching: bool = False
    seconds: float = 0.0
    moves: tuple = ()


class LiveSolver:
    """Ask with `ask(position, target)`; read `answer()` any time; `close()` ends the worker."""

    def __init__(self, slice_s: float = FIRST_SLICE_S, max_slice_s: float = MAX_SLICE_S) -> None:
        self.slice_s = slice_s
        self.max_slice_s = max_slice_s
        self._cond = threading.Condition()
        self._request: tuple[int, Position, Card | None] | None = None
        self._ticket = 0
        self._answer = Answer()
        self._closed = False
        self._thread: threading.Thread | None = None

    def ask(self, position: Position, target: Card | None = None) -> int:
        """Solve this field from now on (any earlier one is dropped); returns its ticket."""
        with self._cond:
            self._ticket += 1
            self._request = (self._ticket, position, target)
            self._answer = Answer(self._ticket, searching=True)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="live-solver",
                                                daemon=True)
                self._thread.start()
            self._cond.notify()
            return self._ticket

    def cancel(self) -> None:
        """Stop working on the current field (the worker idles)."""
        with self._cond:
            self._ticket += 1
            self._request = None
            self._answer = Answer(self._ticket)

    def answer(self) -> Answer:
        with self._cond:
            return self._answer

    def busy(self) -> bool:
        return self.answer().searching

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._request = None
            self._ticket += 1
            self._cond.notify()

    def wait(self, timeout: float | None = None) -> Answer:
        """Block until the current field is proven (tests and benchmarks only)."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            answer = self.answer()
            if not answer.searching or (end is not None and time.monotonic() > end):
                return answer
            time.sleep(0.005)

    # The worker ------------------------------------------------------------------------
    def _work(self) -> None:
        while True:
            with self._cond:
                while self._request is None and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                ticket, position, target = self._request
                self._request = None
            self._solve(ticket, position, target)

    def _current(self, ticket: int) -> bool:
        return ticket == self._ticket and not self._closed

    def _solve(self, ticket: int, position: Position, target: Card | None) -> None:
        began = time.monotonic()
        budget = self.slice_s
        best: tuple[int | None, tuple] = (None, ())
        while self._current(ticket):
            found = solver.best_line(position, budget, target)
            count, moves = found.count, found.moves
            if not found.proven and best[0] is not None and (count is None or best[0] < count):
                count, moves = best  # a slice restarts the search: keep the best line so far
            best = (count, moves)
            with self._cond:
                if not self._current(ticket):
                    return
                self._answer = Answer(ticket, count, found.proven, not found.proven,
                                      time.monotonic() - began, moves)
            if found.proven:
                return
            budget = min(budget * 2, self.max_slice_s)
