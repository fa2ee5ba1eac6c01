"""A record analysed in the background (game.match.analysis in a worker), for a screen that
keeps drawing: it reads `progress` and `result` each frame and may `cancel()` at any time.

The worker is a process where the platform allows it (game.workers, as the editor's solver
and the computers' thinking): the analysis is pure search, and in a thread of the game's own
process it would take the interpreter lock from the frame loop. Cancelling ends the process at
once. Where no process can start (a frozen app, a sandbox) a thread runs it, asked to stop
between fields. Pure Python: no pygame.
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass

from game.engine.state import IllegalMove
from game.engine.work import Cancelled
from game.match import analysis
from game.match.analysis import Analysis, NotReviewable
from game.match.record import RecordError
from game.match.thinker import _nicer
from game.paths import log_traceback
from game.workers import worker_context

# What an analysis may refuse with: a broken record, a move that cannot be played, a game
# not over. The screen shows the message; anything else is a bug and is raised.
REFUSALS = (RecordError, IllegalMove, NotReviewable)


@dataclass(frozen=True, slots=True)
class Job:
    """One analysis to run: the record's text, its budget and whether the mover's view too."""

    text: str
    nodes: int | None = None
    beliefs: bool = False


def _work(conn, job: Job) -> None:
    """In the worker process: the analysis, its progress on the way, then it (or why not)."""
    _nicer()
    try:
        made = analysis.analyse(job.text, job.nodes, lambda f: conn.send(("progress", f)),
                                beliefs=job.beliefs)
        conn.send(("done", made))
    except REFUSALS as err:
        conn.send(("refused", str(err)))
    except (BrokenPipeError, EOFError, KeyboardInterrupt):
        pass  # the game has gone, or cancelled us
    finally:
        conn.close()


class Analyser:
    """Starts on creation. `progress` (0 to 1), `result` (an Analysis once done), `refused`
    (why the record cannot be analysed) and `finished`; read them through `poll()`."""

    def __init__(self, job: Job, process: bool = True) -> None:
        self.job = job
        self.progress = 0.0
        self.result: Analysis | None = analysis.cached(job.text, job.nodes, job.beliefs)
        self.refused: str | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._proc = self._conn = None
        if self.result is not None:
            self.progress = 1.0
            return
        if not (process and not getattr(sys, "frozen", False) and self._start_process()):
            threading.Thread(target=self._run, name="analyser", daemon=True).start()

    @property
    def finished(self) -> bool:
        self.poll()
        return self.result is not None or self.refused is not None

    def poll(self) -> None:
        """Take in what the worker process said since the last frame."""
        with self._lock:
            conn = self._conn
            if conn is None:
                return
            try:
                while conn.poll():
                    tag, value = conn.recv()
                    if tag == "progress":
                        self.progress = value
                    elif tag == "done":
                        self._done(value)
                    else:
                        self.refused = value
            except (EOFError, OSError) as err:
                if self.result is None and self.refused is None and not self._stop.is_set():
                    # It died mid-way (killed, out of memory): a thread starts it again.
                    log_traceback(f"analyser: the worker process died ({err!r}); a thread "
                                  "goes on")
                    threading.Thread(target=self._run, name="analyser", daemon=True).start()
                self._drop()

    def cancel(self) -> None:
        """Stop now; nothing found is kept."""
        self._stop.set()
        with self._lock:
            self._drop()

    @property
    def stopped(self) -> bool:
        """Cancelled, and no worker process is left searching."""
        return self._stop.is_set() and self._proc is None

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until finished (tests and tools only); False when the time ran out."""
        import time
        end = time.monotonic() + timeout
        while not self.finished:
            if time.monotonic() > end:
                return False
            time.sleep(0.01)
        return True

    def _done(self, made: Analysis) -> None:
        analysis.keep(self.job.text, self.job.nodes, self.job.beliefs, made)
        self.progress, self.result = 1.0, made

    def _start_process(self) -> bool:
        try:
            context = worker_context(__name__)
            mine, theirs = context.Pipe(duplex=False)
            proc = context.Process(target=_work, args=(theirs, self.job), name="analyser",
                                   daemon=True)
            proc.start()
        except (OSError, RuntimeError, ValueError) as err:
            log_traceback(f"analyser: no worker process ({err}); a thread analyses")
            return False
        theirs.close()
        self._proc, self._conn = proc, mine
        return True

    def _drop(self) -> None:
        conn, proc = self._conn, self._proc
        self._conn = self._proc = None
        if conn is not None:
            conn.close()
        if proc is not None and proc.is_alive():
            proc.terminate()

    def _run(self) -> None:
        def progress(fraction: float) -> None:
            self.progress = fraction

        try:
            made = analysis.analyse(self.job.text, self.job.nodes, progress,
                                    self._stop.is_set, self.job.beliefs)
        except Cancelled:
            return
        except REFUSALS as err:
            self.refused = str(err)
            return
        with self._lock:
            if not self._stop.is_set():
                self.progress, self.result = 1.0, made
