"""Coming back to a table after a drop, for as long as a restarting server or a host's window
opened again plausibly needs: the seats are taken back by their tokens, with no click. No pygame.

A `serve` restart takes seconds; a host whose window crashed finds Continue on its title and
opens the table again within a minute or two. So the connection is tried again and again,
the pause growing to PAUSES[-1], for PATIENCE seconds, while the table is not reached (AGAIN);
any other answer (the token opens nothing there now, the seat was taken over, the host said
no) cannot change by trying again and ends it at once. Continue at a joined table tries the
same way, its first try at once.
"""

from __future__ import annotations

import threading
import time
from itertools import chain, repeat

from game.online.client.background import Background
from game.online.client.client import OnlineClient, OnlineError

PATIENCE = 180.0  # seconds: a restarting server, or a host's window opened again
PAUSES = (1.0, 2.0, 3.0, 4.0, 5.0)  # before each try; then the last, again and again
# The table was not reached, or not yet ready for us (a server starting up, full for a
# moment, still answering the last try): worth another try. Any other answer is final.
AGAIN = ("no-server", "no-answer", "lost", "not-a-table-server", "server-full",
         "too-many-connections", "hello-timeout", "idle-timeout", "busy")


class Comeback:
    """Taking `client`'s seats back after a drop, in a thread: `done`, then `error` (an
    OnlineError: 'lost' when PATIENCE ran out) or `result`; `elapsed` seconds since it began
    (for the countdown a window shows), `missed` tries that did not reach the table; `stop()`
    ends it (the player leaves). `attempt()` is one try (default: `client.reconnect`; its
    return is the result); `at_once`: the first try without a pause (Continue). `clock` and
    `sleep(seconds)` are the time it reads and waits in (a test's clock moves at once)."""

    def __init__(self, client: OnlineClient, patience: float = PATIENCE, *,
                 clock=time.monotonic, sleep=None, attempt=None, at_once: bool = False) -> None:
        self.client, self.patience, self.clock = client, patience, clock
        self.attempt = attempt or client.reconnect
        self.pauses = (0.0, *PAUSES) if at_once else PAUSES
        self.began = clock()
        self._stopped = threading.Event()
        self._sleep = sleep or self._stopped.wait
        self.tries = self.missed = 0
        self._work = Background(self._run)

    def _run(self):
        end = self.began + self.patience
        for pause in chain(self.pauses, repeat(PAUSES[-1])):
            if self.clock() >= end:
                break
            if pause:
                self._sleep(min(pause, max(0.0, end - self.clock())))
            if self._stopped.is_set():
                raise OnlineError("gave-up", "the player left the table")
            self.tries += 1
            try:
                result = self.attempt()
            except OnlineError as err:
                if err.code not in AGAIN:
                    raise
                self.missed += 1
                continue
            if self._stopped.is_set():  # back just as the player left: not kept
                self.client.close()
                raise OnlineError("gave-up", "the player left the table")
            return result
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
