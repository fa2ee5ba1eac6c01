"""Online work that waits on the network, run off the frame thread: one call in a daemon
thread whose outcome the window reads each frame, and taking a dropped table back. No pygame."""

from __future__ import annotations

import threading
import traceback

from game.online.client.client import RECONNECTS, OnlineClient, OnlineError
from game.paths import log_traceback


class Background:
    """One call run in a daemon thread: `done`, then `result` or `error` (an OnlineError).
    Anything else it raised is a bug: `result` raises it again on the reader's thread."""

    def __init__(self, work) -> None:
        self._result = None
        self._crash: BaseException | None = None
        self.error: OnlineError | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True,
                                        name="scare-it-online")
        self._thread.start()

    def _run(self, work) -> None:
        try:
            self._result = work()
        except OnlineError as err:
            self.error = err
        except BaseException as err:  # noqa: BLE001 - logged, then raised on the frame thread
            log_traceback("online work failed in its thread:\n" + traceback.format_exc())
            self._crash = err  # `result` raises it where the screen asks for the outcome
        finally:
            self._done.set()

    @property
    def result(self):
        if self._crash is not None:
            raise self._crash
        return self._result

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


def reconnect(client: OnlineClient, tries: int = RECONNECTS, pause: float = 1.0) -> Background:
    """Take this connection's seats back after a drop, trying a few times (in a thread)."""
    return Background(lambda: client.reconnect_tries(tries, pause))
