"""How long the garbage collector stops the server's loop: its pauses, for `serve --stats`."""

from __future__ import annotations

import gc
import time


class GcPauses:
    """Times every collection (gc.callbacks) while installed: wall time (what a move waits,
    the machine's other work included) and CPU time (the collector's own work), by generation.
    The figures are kept as they come: reading them walks no list (it runs on the loop)."""

    def __init__(self) -> None:
        self.count = self.full = 0
        self.wall_max = self.cpu_max = self.wall_total = self.full_cpu_max = 0.0
        self._began = (0.0, 0.0)

    def _callback(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
            return
        wall = time.perf_counter() - self._began[0]
        cpu = time.thread_time() - self._began[1]
        self.count += 1
        self.wall_total += wall
        self.wall_max, self.cpu_max = max(self.wall_max, wall), max(self.cpu_max, cpu)
        if info["generation"] == 2:  # a full collection walks every object the server holds
            self.full += 1
            self.full_cpu_max = max(self.full_cpu_max, cpu)

    def install(self) -> None:
        gc.callbacks.append(self._callback)

    def remove(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def figures(self) -> dict:
        """The count, the longest and the sum of the pauses so far (ms), and the full ones'."""
        def ms(seconds: float) -> float:
            return round(1000 * seconds, 3)

        return {"gc_pauses": self.count, "gc_ms_max": ms(self.wall_max),
                "gc_cpu_ms_max": ms(self.cpu_max), "gc_ms_total": ms(self.wall_total),
                "gc_full": self.full, "gc_full_cpu_ms_max": ms(self.full_cpu_max)}
