"""Long analyses in steps: cancelled between steps, their progress reported as a fraction."""

from __future__ import annotations

from collections.abc import Callable


class Cancelled(Exception):
    """The caller asked an analysis to stop; nothing it had found is kept."""


class Steps:
    """A known number of steps: `step()` before each checks the caller's flag, `done()` after
    each reports the fraction done (0.0 to 1.0) so a screen can draw a progress bar."""

    def __init__(self, total: int, progress: Callable[[float], None] | None = None,
                 cancelled: Callable[[], bool] | None = None) -> None:
        self.total = max(1, total)
        self.finished = 0
        self._progress = progress
        self._cancelled = cancelled

    def step(self) -> None:
        if self._cancelled is not None and self._cancelled():
            raise Cancelled

    def done(self, steps: int = 1) -> None:
        self.finished = min(self.total, self.finished + steps)
        if self._progress is not None:
            self._progress(self.finished / self.total)
