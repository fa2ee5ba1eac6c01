"""A worker process for the computer seats of a table: the search keeps a core to itself.

A seat's worker thread hands the bot, its view and its random stream to the process and waits
(the wait holds no interpreter lock), then takes the move and the bot and stream back as they
came out, so the bot keeps its memory between moves and a seed still replays the same game.
In the game's own process the search shares the interpreter lock with the frame loop; at the
game's frame rate drawing took about a quarter of the process's CPU time while a bot thought
(tools/bench_thinking.py --paced, docs/BOTS.md). A bot that cannot be pickled, a platform
without a process (a frozen app) or a process that dies thinks in the thread instead, as
before. Pure Python: no pygame.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from game.engine.ai import SKILLS, Bot, SeatView
from game.engine.moves import Move
from game.engine.rng import Rng
from game.paths import log_traceback
from game.workers import worker_context

# The worker's niceness above the game's: on a busy machine the frames come first (a thread's
# search gave way to drawing at the interpreter lock; a process must be told to).
NICER = 5


def _nicer(nicer: int = NICER, idle: bool = False) -> None:
    if hasattr(os, "nice"):
        try:
            os.nice(nicer)
        except OSError:
            pass  # not allowed here: the worker runs at the game's own priority
    if idle and hasattr(os, "sched_setscheduler"):
        # Linux's idle class: the worker runs only on a CPU nobody else wants, and a waking
        # server takes the CPU back at once (a nice worker still held it for a time slice).
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except OSError:
            pass  # not allowed here: niceness alone


def searches(bot: Bot) -> bool:
    """Only a bot that searches for its whole budget gains from a core of its own; the others
    answer in a millisecond, quicker than a trip to the worker. Its level says which (a bot
    of no registered level, a tool's or a test's, thinks where it is)."""
    level = SKILLS.get(bot.level)
    return level is not None and level.searches


def _think(payload: bytes) -> bytes:
    """In the worker: one choice, and the bot and stream as the choice left them."""
    bot, view, rng, budget_s = pickle.loads(payload)
    move = bot.choose(view, rng, budget_s)
    return pickle.dumps((move, bot, rng))


class Thinker:
    """One worker process shared by a table's computer seats (they think one at a time),
    started on the first choice; `close()` ends it."""

    def __init__(self, nicer: int = NICER, *, idle: bool = False) -> None:
        self.nicer = nicer  # how much nicer than this process the worker runs
        self.idle = idle  # the worker only uses CPU that nothing else wants (a server's)
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._usable = not getattr(sys, "frozen", False)  # a frozen app would start itself

    @property
    def mode(self) -> str:
        return "process" if self._pool is not None else "thread"

    def choose(self, bot: Bot, view: SeatView, rng: Rng,
               budget_s: float) -> tuple[Move, Bot, Rng] | None:
        """The move, the bot and the stream after the choice, from the worker process; None
        when the choice must be made here (the caller's thread). Called off the frame thread:
        it blocks for the choice (and for the process's start, the first time)."""
        try:
            payload = pickle.dumps((bot, view, rng, budget_s))
        except (pickle.PicklingError, AttributeError, TypeError):
            return None  # a bot made to measure (a test's, a tool's) thinks where it is
        pool = self._start()
        if pool is None:
            return None
        try:
            return pickle.loads(pool.submit(_think, payload).result())
        except BrokenProcessPool as err:
            log_traceback(f"thinker: the worker process is gone ({err!r}); a thread goes on")
            self._drop()
            return None

    def warm(self) -> None:
        """Start the process now, off the calling thread, so the first choice need not wait."""
        threading.Thread(target=self._warm, name="thinker-start", daemon=True).start()

    def _warm(self) -> None:
        pool = self._start()
        if pool is not None:
            try:
                pool.submit(int).result()
            except BrokenProcessPool as err:
                log_traceback(f"thinker: the worker process did not start ({err!r})")
                self._drop()

    def close(self) -> None:
        with self._lock:
            self._usable = False
            self._drop_locked()

    def _start(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self._pool is None and self._usable:
                try:
                    context = worker_context(__name__)
                    self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context,
                                                     initializer=_nicer,
                                                     initargs=(self.nicer, self.idle))
                except (OSError, RuntimeError, ValueError) as err:
                    log_traceback(f"thinker: no worker process ({err}); bots think in a thread")
                    self._usable = False
            return self._pool

    def _drop(self) -> None:
        with self._lock:
            self._usable = False
            self._drop_locked()

    def _drop_locked(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
