"""How long the garbage collector stops the server's loop: its pauses, for `serve --stats`."""

from __future__ import annotations

import gc
import time
from collections import deque


class GcPauses:
    """Times every collection (gc.callbacks) while installed: wall time (what a move waits,
    the machine's other work included) and CPU time (the collector's own work), by generation."""

    def __init__(self) -> None:
        self.pauses: deque[tuple[int, float, float]] = deque(maxlen=10_000)  # gen, wall, cpu
        self._began = (0.0, 0.0)

    def _callback(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
        else:
            wall, cpu = self._began
            self.pauses.append((info["generation"], time.perf_counter() - wall,
                                time.thread_time() - cpu))

    def install(self) -> None:
        gc.callbacks.append(self._callback)

    def remove(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def figures(self) -> dict:
        """The count, the longest and the sum of the pauses so far (ms), and the oldest
        generation's: a full collection walks every object the server holds."""
        pauses = list(self.pauses)
        full = [p for p in pauses if p[0] == 2]

        def ms(values) -> float:
            return round(1000 * max(values, default=0.0), 3)

        return {"gc_pauses": len(pauses), "gc_ms_max": ms(p[1] for p in pauses),
                "gc_cpu_ms_max": ms(p[2] for p in pauses),
                "gc_ms_total": round(1000 * sum(p[1] for p in pauses), 3),
                "gc_full": len(full), "gc_full_cpu_ms_max": ms(p[2] for p in full)}
