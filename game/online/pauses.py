"""How long the garbage collector stops the server's loop: its pauses, for `serve --stats`."""

from __future__ import annotations

import gc
import time
from collections import deque


class GcPauses:
    """Times every collection (gc.callbacks) while installed; the longest tell a loop stall."""

    def __init__(self) -> None:
        self.pauses: deque[float] = deque(maxlen=10_000)  # seconds, newest last
        self._began = 0.0

    def _callback(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._began)

    def install(self) -> None:
        gc.callbacks.append(self._callback)

    def remove(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def figures(self) -> dict:
        """The count, the longest and the sum of the pauses so far, in ms."""
        times = list(self.pauses)
        return {"gc_pauses": len(times),
                "gc_ms_max": round(1000 * max(times), 3) if times else 0.0,
                "gc_ms_total": round(1000 * sum(times), 3)}
