"""When the server's garbage collector runs: often and small for what is new, rarely in full."""

from __future__ import annotations

import gc

# CPython starts a young collection when allocations outrun deallocations by 700, but a
# server that replaces old objects with new ones at every move (a table's state, its
# messages) frees about as much as it makes: its youngest generation held 22,000 objects when
# a collection came, a 33 ms stop of the loop. So `serve` turns the automatic collector off
# and runs it itself: every YOUNG_EVERY seconds the objects made since the last time are
# walked (their garbage freed) and the survivors frozen out of every later walk; the full
# collection, which walks every object of every table and connection (300 ms of CPU at 800
# tables), comes on a clock. At a busy server's rate of closed connections, one pause of that
# size every few minutes is far below 1 % of moves.
YOUNG_EVERY = 0.05  # seconds: about a thousand new objects at 800 tables, a ms or two
FULL_EVERY = 600.0  # seconds: a quiet server frees what its finished tables left
# Connections closed since the last full collection, so a busy server collects sooner: a
# closed connection leaves a small cycle (asyncio's transport keeps a bound method of itself)
# and its finished table a larger one (about 10 KiB a connection in all), which only a full
# collection frees: at most about 80 MB of garbage, what 500 live tables hold.
FULL_AFTER = 8000


def tune() -> None:
    """For `serve` only, never a game window's own process: what the start made is frozen
    out of every walk (never garbage), and the collector waits for the server's own calls."""
    gc.collect()
    gc.freeze()
    gc.disable()


class FullCollection:
    """The server's collections: young ones every YOUNG_EVERY seconds (`young`), and a full
    one due FULL_EVERY seconds after the last or after FULL_AFTER closed connections,
    whichever comes first (`due`, `run`), from housekeeping."""

    def __init__(self, now: float, every: float = FULL_EVERY, after: int = FULL_AFTER) -> None:
        self.every, self.after = every, after
        self.last, self.closed = now, 0
        self.runs = 0

    def young(self) -> None:
        """The garbage made since the last young collection is freed; what lives on is
        frozen, so no young collection walks it again (the full one does)."""
        gc.collect(0)
        gc.freeze()

    def connection_closed(self) -> None:
        self.closed += 1

    def due(self, now: float) -> bool:
        return self.closed >= self.after or now - self.last >= self.every

    def run(self, now: float) -> None:
        gc.unfreeze()  # the frozen are walked too: garbage among them is freed now
        gc.collect()
        gc.freeze()
        self.last, self.closed = now, 0
        self.runs += 1
