"""When the server's garbage collector runs: young collections small, the full one on a clock."""

from __future__ import annotations

import gc

# Young collections as CPython's (a few ms at most: they walk what was made since the last);
# the full one, which walks every object of every table and connection (300 ms of CPU at 800
# tables), never starts by itself, where it came whenever the allocations said, in the middle
# of people's moves. The server runs it itself (FullCollection): at a busy server's rate of
# closed connections, one pause of that size every few minutes is far below 1 % of moves.
THRESHOLDS = (700, 10, 2**31 - 1)
FULL_EVERY = 600.0  # seconds: a quiet server frees what its finished tables left
# Connections closed since the last full collection, so a busy server collects sooner: a
# closed connection leaves a small cycle (asyncio's transport keeps a bound method of itself)
# and its finished table a larger one (about 10 KiB a connection in all), which only a full
# collection frees: at most about 80 MB of garbage, what 500 live tables hold.
FULL_AFTER = 8000


def tune() -> None:
    """For `serve`: what the start made is frozen out of every walk (never garbage), and the
    thresholds above are set. Never for a game window's own process."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


class FullCollection:
    """The server's full collections: due FULL_EVERY seconds after the last or after
    FULL_AFTER closed connections, whichever comes first; run from housekeeping."""

    def __init__(self, now: float, every: float = FULL_EVERY, after: int = FULL_AFTER) -> None:
        self.every, self.after = every, after
        self.last, self.closed = now, 0
        self.runs = 0

    def connection_closed(self) -> None:
        self.closed += 1

    def due(self, now: float) -> bool:
        return self.closed >= self.after or now - self.last >= self.every

    def run(self, now: float) -> None:
        gc.collect()
        self.last, self.closed = now, 0
        self.runs += 1
