"""The editor's live solver: one worker answers the latest field, best-so-far first.

The frame loop only posts a field (`ask`) and reads the latest answer (`answer`); the worker
runs the anytime solver in growing time slices and publishes after each, so a new field is
taken up within one slice and the screen always has something to show: "searching" with the
best line so far, then the proven optimum. Pure Python: no pygame.

The worker is a separate process where the platform allows it: a thread of the game's own
process would hold the interpreter lock for up to the switch interval (5 ms) each time the
frame loop wants it back, and a frame takes it back many times (tools/bench_editor.py measures
both). A process that cannot start, or dies, is replaced by a thread.
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass

from game.engine import solver
from game.engine.cards import Card
from game.engine.position import Position
from game.paths import log_traceback
from game.workers import worker_context

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


def slices(position: Position, target: Card | None, first_s: float = FIRST_SLICE_S,
           longest_s: float = MAX_SLICE_S):
    """The anytime solver in growing slices: yields (count, proven, seconds, moves) after each,
    the best line kept across slices (each slice starts its search afresh, with the memo)."""
    began = time.monotonic()
    budget = first_s
    best: tuple[int | None, tuple] = (None, ())
    while True:
        found = solver.best_line(position, budget, target)
        count, moves = found.count, found.moves
        if not found.proven and best[0] is not None and (count is None or best[0] < count):
            count, moves = best
        best = (count, moves)
        yield count, found.proven, time.monotonic() - began, moves
        if found.proven:
            return
        budget = min(budget * 2, longest_s)


def _serve(conn, first_s: float, longest_s: float) -> None:
    """The worker process: take the newest request, answer slice by slice until proven."""
    work = None
    while True:
        try:
            if work is None or conn.poll():
                message = conn.recv()
                while conn.poll():
                    message = conn.recv()  # only the newest field matters
                if message is None:
                    return
                if message[0] == "ask":
                    _ask, ticket, position, target = message
                    work = (ticket, slices(position, target, first_s, longest_s))
                elif message[0] == "forget":
                    solver.clear_memo()
                else:
                    work = None
                continue
            ticket, steps = work
            step = next(steps, None)
            if step is None:
                work = None
                continue
            count, proven, seconds, moves = step
            conn.send(Answer(ticket, count, proven, not proven, seconds, moves))
            if proven:
                work = None
        except (EOFError, OSError, KeyboardInterrupt):
            return  # the game is gone (or closing): so is the worker


class LiveSolver:
    """Ask with `ask(position, target)`; read `answer()` any time; `close()` ends the worker.

    `process=False` keeps the worker a thread (used where a process cannot be had)."""

    def __init__(self, slice_s: float = FIRST_SLICE_S, max_slice_s: float = MAX_SLICE_S,
                 process: bool = True) -> None:
        self.slice_s = slice_s
        self.max_slice_s = max_slice_s
        self._cond = threading.Condition()
        self._request: tuple[int, Position, Card | None] | None = None
        self._last: tuple[Position, Card | None] | None = None
        self._ticket = 0
        self._answer = Answer()
        self._closed = False
        self._thread: threading.Thread | None = None
        self._want_process = process
        self._proc = None
        self._conn = None

    @property
    def mode(self) -> str:
        return "process" if self._conn is not None else "thread"

    def ask(self, position: Position, target: Card | None = None) -> int:
        """Solve this field from now on (any earlier one is dropped); returns its ticket."""
        with self._cond:
            self._ticket += 1
            self._last = (position, target)
            self._answer = Answer(self._ticket, searching=True)
            if not self._send(("ask", self._ticket, position, target)):
                self._request = (self._ticket, position, target)
                self._start_thread()
            return self._ticket

    def cancel(self) -> None:
        """Stop working on the current field (the worker idles)."""
        with self._cond:
            self._ticket += 1
            self._request = self._last = None
            self._answer = Answer(self._ticket)
            if self._conn is not None:
                self._send(("cancel",))

    def forget(self) -> None:
        """Clear the worker's memo of proven bounds (benchmarks time fields from cold)."""
        with self._cond:
            if self._conn is None or not self._send(("forget",)):
                solver.clear_memo()

    def answer(self) -> Answer:
        with self._cond:
            if self._conn is not None:
                self._receive()
            return self._answer

    def busy(self) -> bool:
        return self.answer().searching

    def close(self) -> None:
        with self._cond:
            if self._conn is not None:
                try:
                    self._conn.send(None)
                except (OSError, ValueError):
                    pass  # already gone
                proc = self._proc
                self._drop_process()
                if proc is not None:
                    proc.join(0.2)  # it answers within one slice; then it is stopped
                    if proc.is_alive():
                        proc.terminate()
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

    # The worker process ----------------------------------------------------------------
    def _send(self, message) -> bool:
        """Hand a message to the worker process (started on first use); False: use a thread."""
        if self._closed or not self._want_process:
            return False
        if self._conn is None:
            self._start_process()
            if self._conn is None:
                return False
        try:
            self._conn.send(message)
        except (OSError, ValueError) as err:  # the process is gone: carry on in a thread
            log_traceback(f"live solver: the worker process is gone ({err}); a thread goes on")
            self._drop_process()
            return False
        return True

    def _start_process(self) -> None:
        if getattr(sys, "frozen", False):
            # A frozen app would start itself again as the worker (no freeze_support here).
            self._want_process = False
            return
        try:
            context = worker_context(__name__)
            mine, theirs = context.Pipe()
            proc = context.Process(target=_serve, args=(theirs, self.slice_s, self.max_slice_s),
                                   name="live-solver", daemon=True)
            proc.start()
        except (OSError, RuntimeError, ValueError) as err:
            log_traceback(f"live solver: no worker process ({err}); the solver runs in a thread")
            self._want_process = False  # no process here (a frozen app, a sandbox): a thread
            return
        theirs.close()
        self._proc, self._conn = proc, mine

    def _receive(self) -> None:
        try:
            while self._conn.poll():
                answer = self._conn.recv()
                if answer.ticket == self._ticket:
                    self._answer = answer
        except (EOFError, OSError) as err:
            # The process died mid-search: the same field goes on in a thread.
            log_traceback(f"live solver: the worker process died ({err!r}); a thread goes on")
            self._drop_process()
            if self._answer.searching and self._last is not None:
                self._request = (self._ticket, *self._last)
                self._start_thread()

    def _drop_process(self) -> None:
        conn, proc = self._conn, self._proc
        self._conn = self._proc = None
        self._want_process = False
        if conn is not None:
            conn.close()
        if proc is not None and proc.is_alive():
            proc.terminate()

    # The worker thread -----------------------------------------------------------------
    def _start_thread(self) -> None:
        """Called holding the lock, with a request set."""
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="live-solver", daemon=True)
            self._thread.start()
        self._cond.notify()

    def _work(self) -> None:
        while True:
            with self._cond:
                while self._request is None and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                ticket, position, target = self._request
                self._request = None
            for count, proven, seconds, moves in slices(position, target, self.slice_s,
                                                        self.max_slice_s):
                with self._cond:
                    if ticket != self._ticket or self._closed:
                        break
                    self._answer = Answer(ticket, count, proven, not proven, seconds, moves)
