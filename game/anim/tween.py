"""Tweens: a value moving from A to B over a duration along an easing curve."""

from __future__ import annotations

from collections.abc import Callable

from game.anim.easing import clamp01, linear

Point = tuple[float, float]


class Tween:
    """Moves a point from `start` to `end` in `duration` seconds after `delay`."""

    def __init__(self, start: Point, end: Point, duration: float, ease: Callable = linear,
                 delay: float = 0.0) -> None:
        self.start = start
        self.end = end
        self.duration = max(duration, 1e-6)
        self.ease = ease
        self.delay = delay
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        return clamp01((self.elapsed - self.delay) / self.duration)

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration

    def value(self) -> Point:
        f = self.ease(self.progress)
        (x0, y0), (x1, y1) = self.start, self.end
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f


class Timer:
    """Counts down; `done` once the time has passed (a pause between steps)."""

    def __init__(self, duration: float) -> None:
        self.duration = duration
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.duration
