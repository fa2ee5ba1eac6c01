"""Coming back to a table after a drop, for as long as a restarting server or a host's window
opened again plausibly needs: the seats are taken back by their tokens, with no click. No pygame.

A `serve` restart takes seconds; a host whose window crashed finds Continue on its title and
opens the table again within a minute or two. So the connection is tried again and again,
the pause growing to PAUSES[-1], for PATIENCE seconds; an answer that trying again cannot
change (the token opens nothing there now, the seat was taken over) ends it at once.
"""

from __future__ import annotations

import threading
import time
from itertools import chain, repeat

from game.online.client.background import Background
from game.online.client.client import OnlineClient, OnlineError

PATIENCE = 180.0  # seconds: a restarting server, or a host's window opened again
PAUSES = (1.0, 2.0, 3.0, 4.0, 5.0)  # before each try; then the last, again and again
FINAL = ("bad-token", "no-table", "taken", "seat-connected")  # trying again changes nothing


class Comeback:
    """Taking `client`'s seats back after a drop, in a thread: `done`, then `error` (an
    OnlineError: 'lost' when PATIENCE ran out) or `result`; `elapsed` seconds since it began
    (for the countdown a window shows); `stop()` ends it (the player leaves). `clock` and
    `sleep(seconds)` are the time it reads and waits in (a test's clock moves at once)."""

    def __init__(self, client: OnlineClient, patience: float = PATIENCE, *,
                 clock=time.monotonic, sleep=None) -> None:
        self.client, self.patience, self.clock = client, patience, clock
        self.began = clock()
        self._stopped = threading.Event()
        self._sleep = sleep or self._stopped.wait
        self.tries = 0
        self._work = Background(self._run)

    def _run(self) -> None:
        end = self.began + self.patience
        for pause in chain(PAUSES, repeat(PAUSES[-1])):
            if self.clock() >= end:
                break
            self._sleep(min(pause, max(0.0, end - self.clock())))
            if self._stopped.is_set():
                raise OnlineError("gave-up", "the player left the table")
            self.tries += 1
            try:
                self.client.reconnect()
            except OnlineError as err:
                if err.code in FINAL:
                    raise
                continue
            if self._stopped.is_set():  # back just as the player left: not kept
                self.client.close()
                raise OnlineError("gave-up", "the player left the table")
            return
        raise OnlineError("lost", "the table could not be reached again")

    @property
    def elapsed(self) -> float:
        return max(0.0, self.clock() - self.began)

    def stop(self) -> None:
        self._stopped.set()

    @property
    def done(self) -> bool:
        return self._work.done

    @property
    def error(self) -> OnlineError | None:
        return self._work.error

    @property
    def result(self):
        return self._work.result

    def wait(self, timeout: float | None = None) -> bool:
        return self._work.wait(timeout)


def clock_words(seconds: float) -> str:
    """A time as a clock shows it: 0:42, 2:05."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
