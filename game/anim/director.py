"""The director: turns the engine's events into timed animation steps of card sprites.

It knows nothing of the rules: it starts from the field as it was, and moves sprites the way
each event (Scared, MovedIn, Fell, ColumnClosed) says, in the events' order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.anim import easing
from game.engine.events import ColumnClosed, Event, Fell, MovedIn, Scared
from game.engine.position import Position

Cell = tuple[int, int]
# Where a cell's card sits on screen: (x, y, card width) of its top-left corner.
Placer = Callable[[Cell], tuple[int, int, int]]

# Base step lengths in seconds at animation speed 1.0 (each 150-400 ms).
SCARE_S = 0.38
SLIDE_S = 0.24
FALL_S = 0.28
CLOSE_S = 0.8  # slow enough to follow: the gap shows a moment, then the columns close up
CLOSE_HOLD = 0.3  # the share of CLOSE_S the empty gap stays before the cards slide
FLEE_DISTANCE = 2200  # far enough to leave the 1920x1080 table in any direction


class Sprite:
    """One card on screen while the director runs: where it rests and where it is now."""

    __slots__ = ("card", "x", "y", "width", "layer", "alpha")

    def __init__(self, card, x: float, y: float, width: int) -> None:
        self.card = card
        self.x, self.y, self.width = x, y, width
        self.layer = 0  # 0 resting, 1 moving, 2 fleeing (drawn last)
        self.alpha = 1.0  # reduced motion: cards fade out and in instead of travelling

    @property
    def name(self) -> str:
        return self.card.code


def fade_to(sprite: Sprite, start, stop, t: float) -> None:
    """Reduced motion: the card fades out where it was, then in where it goes (no travel)."""
    x, y = start if t < 0.5 else stop
    sprite.x, sprite.y = x, y
    sprite.alpha = abs(1 - 2 * t)


class AnimationStep:
    """One phase of the animation; its sprites move in parallel."""

    duration = 0.3
    sound: str | None = None
    closes = False  # a column closing (CloseStep): told as its event

    def __init__(self, director: Director) -> None:
        self.d = director
        self.moving: list[Sprite] = []

    def begin(self) -> None:
        """Called when the step starts: update the cell map, note start/end points."""

    def pose(self, t: float) -> None:
        """Place the moving sprites for progress t in 0..1."""

    def end(self) -> None:
        self.pose(1.0)
        for s in self.moving:
            if s.layer == 1:
                s.layer = 0


class ScareStep(AnimationStep):
    """The target startles (a shake and a hop) while the scarer lunges, then the target flees."""

    duration = SCARE_S
    sound = "scare"

    def __init__(self, director: Director, event: Scared) -> None:
        super().__init__(director)
        self.event = event

    def begin(self) -> None:
        e = self.event
        self.target = self.d.cells.pop(e.at)
        self.scarer = self.d.cells.get(e.scarer_at)
        self.target.layer = 2
        self.home = (self.target.x, self.target.y)
        self.moving = [self.target] + ([self.scarer] if self.scarer else [])
        if self.scarer is not None:
            self.scarer.layer = 1
            self.scarer_home = (self.scarer.x, self.scarer.y)
        dx, dy = e.at[0] - e.scarer_at[0], e.at[1] - e.scarer_at[1]
        if dy < 0:  # scared from above: the cards below block the way, so flee sideways
            dx, dy = (-1 if e.at[0] < self.d.width / 2 else 1), 0
        # Rows count upward, screen y downward.
        self.away = (dx * FLEE_DISTANCE, -dy * FLEE_DISTANCE)
        self.lunge = ((e.at[0] - e.scarer_at[0]) * 40, -(e.at[1] - e.scarer_at[1]) * 40)

    def pose(self, t: float) -> None:
        if not self.d.motion:  # the scared card fades away where it was; the scarer stays
            self.target.alpha = 1 - t
            return
        startle = min(t / 0.4, 1.0)
        hx, hy = self.home
        if t < 0.4:
            self.target.x = hx + easing.shake(startle, 3) * 12
            self.target.y = hy - easing.hop(startle) * 26
        else:
            f = easing.in_quad((t - 0.4) / 0.6)
            self.target.x = hx + self.away[0] * f
            self.target.y = hy + self.away[1] * f
        if self.scarer is not None:
            k = easing.hop(startle)
            self.scarer.x = self.scarer_home[0] + self.lunge[0] * k
            self.scarer.y = self.scarer_home[1] + self.lunge[1] * k

    def end(self) -> None:
        self.pose(1.0)
        self.d.gone.append(self.target)
        if self.scarer is not None:
            self.scarer.x, self.scarer.y = self.scarer_home
            self.scarer.layer = 0


class SlideStep(AnimationStep):
    """The scarer moves into the cell its target left."""

    duration = SLIDE_S
    sound = "slide"

    def __init__(self, director: Director, event: MovedIn) -> None:
        super().__init__(director)
        self.event = event

    def begin(self) -> None:
        sprite = self.d.cells.pop(self.event.source)
        self.d.cells[self.event.to] = sprite
        sprite.layer = 1
        self.moving = [sprite]
        self.start = (sprite.x, sprite.y)
        x, y, _ = self.d.place_before(self.event.to)
        self.stop = (x, y)

    def pose(self, t: float) -> None:
        s = self.moving[0]
        if not self.d.motion:
            fade_to(s, self.start, self.stop, t)
            return
        f = easing.out_back(t)
        s.x = self.start[0] + (self.stop[0] - self.start[0]) * f
        s.y = self.start[1] + (self.stop[1] - self.start[1]) * f


class FallStep(AnimationStep):
    """Cards above an emptied cell fall together: accelerating, then a small settle."""

    duration = FALL_S
    sound = "fall"

    def __init__(self, director: Director, events: list[Fell]) -> None:
        super().__init__(director)
        self.events = events

    def begin(self) -> None:
        self.paths = []
        for e in self.events:  # bottom card first, so its cell is free for the one above
            sprite = self.d.cells.pop(e.source)
            self.d.cells[e.to] = sprite
            sprite.layer = 1
            x, y, _ = self.d.place_before(e.to)
            self.paths.append((sprite, (sprite.x, sprite.y), (x, y)))
        self.moving = [p[0] for p in self.paths]

    def pose(self, t: float) -> None:
        if not self.d.motion:
            for sprite, start, stop in self.paths:
                fade_to(sprite, start, stop, t)
            return
        f = easing.fall(t)
        for sprite, (x0, y0), (x1, y1) in self.paths:
            sprite.x = x0 + (x1 - x0) * f
            sprite.y = y0 + (y1 - y0) * f


class CloseStep(AnimationStep):
    """An emptied column closes: the columns on its right slide one place left."""

    duration = CLOSE_S
    sound = "slide"
    closes = True  # told to the director's on_close, not its on_begin

    def __init__(self, director: Director, event: ColumnClosed) -> None:
        super().__init__(director)
        self.event = event

    def begin(self) -> None:
        c = self.event.column
        cells = {}
        for (x, y), sprite in self.d.cells.items():
            cells[(x - 1, y) if x > c else (x, y)] = sprite
        self.d.cells = cells
        self.d.width -= 1
        self.d.closed = True
        self.paths = []
        for cell, sprite in cells.items():
            x, y, w = self.d.place_after(cell)
            if (x, y) != (sprite.x, sprite.y):
                sprite.layer = 1
                self.paths.append((sprite, (sprite.x, sprite.y), (x, y), w))
        self.moving = [p[0] for p in self.paths]

    def pose(self, t: float) -> None:
        if not self.d.motion:
            for sprite, start, stop, _w in self.paths:
                fade_to(sprite, start, stop, t)
            return
        f = easing.in_out_cubic(max(0.0, t - CLOSE_HOLD) / (1 - CLOSE_HOLD))
        for sprite, (x0, y0), (x1, y1), _ in self.paths:
            sprite.x = x0 + (x1 - x0) * f
            sprite.y = y0 + (y1 - y0) * f

    def end(self) -> None:
        super().end()
        for sprite, _, _, w in self.paths:
            sprite.width = w


class Director:
    """Plays one move's events as a sequence of steps; `done` when all have played.

    `place_before` / `place_after` say where a cell's card rests on screen before and after a
    column closed (the field may be laid out anew then). `sound(name)` plays a sound effect.
    `motion` False (the reduced-motion setting): cards fade out and in, never slide or fall.
    """

    def __init__(self, position: Position, events: Iterable[Event], place_before: Placer,
                 place_after: Placer | None = None, speed: float = 1.0,
                 sound: Callable[[str], None] | None = None,
                 on_begin: Callable[[AnimationStep], None] | None = None,
                 on_end: Callable[[AnimationStep], None] | None = None, motion: bool = True,
                 on_close: Callable[[ColumnClosed], None] | None = None) -> None:
        # on_begin / on_end let a renderer keep a cached layer of the cards at rest; a column
        # closing is told to on_close instead (the field is laid out anew: all of it repaints).
        self.on_begin = on_begin
        self.on_close = on_close
        self.on_end = on_end
        self.place_before = place_before
        self.motion = motion
        self.place_after = place_after or place_before
        self.speed = max(speed, 0.05)
        self.sound = sound
        self.width = position.width
        self.closed = False
        self.cells: dict[Cell, Sprite] = {}
        for x, y, card in position.occupied():
            px, py, w = place_before((x, y))
            self.cells[(x, y)] = Sprite(card, px, py, w)
        self.gone: list[Sprite] = []
        self.steps: list[AnimationStep] = self._plan(list(events))
        self.index = -1
        self.elapsed = 0.0
        self.skipped = False

    def start(self) -> None:
        """Begin the first step (separate from __init__ so callers can prepare first)."""
        if self.index < 0:
            self._next()

    def _plan(self, events: list[Event]) -> list[AnimationStep]:
        steps: list[AnimationStep] = []
        falls: list[Fell] = []
        for e in events + [None]:
            if isinstance(e, Fell):
                falls.append(e)
                continue
            if falls:
                steps.append(FallStep(self, falls))
                falls = []
            if isinstance(e, Scared):
                steps.append(ScareStep(self, e))
            elif isinstance(e, MovedIn):
                steps.append(SlideStep(self, e))
            elif isinstance(e, ColumnClosed):
                steps.append(CloseStep(self, e))
            # GameOver and anything unknown: nothing to move.
        return steps

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def step(self) -> AnimationStep | None:
        return None if self.done or self.index < 0 else self.steps[self.index]

    def _next(self) -> None:
        self.index += 1
        self.elapsed = 0.0
        step = self.step
        if step is not None:
            step.begin()
            if step.closes:
                if self.on_close is not None:
                    self.on_close(step.event)
            elif self.on_begin is not None:
                self.on_begin(step)
            if step.sound and self.sound is not None and not self.skipped:
                self.sound(step.sound)

    def update(self, dt: float) -> None:
        """Advance by dt seconds of game time (scaled by the animation speed)."""
        self.start()
        remaining = dt * self.speed
        while not self.done and remaining > 0:
            step = self.steps[self.index]
            take = min(remaining, step.duration - self.elapsed)
            self.elapsed += take
            remaining -= take
            step.pose(self.elapsed / step.duration)
            if self.elapsed >= step.duration - 1e-9:
                self._end(step)
                self._next()

    def finish(self) -> None:
        """Skip to the end at once (any input does this)."""
        self.skipped = True
        self.start()
        while not self.done:
            self._end(self.steps[self.index])
            self._next()

    def _end(self, step: AnimationStep) -> None:
        step.end()
        if self.on_end is not None:
            self.on_end(step)

    def sprites(self) -> list[Sprite]:
        """Cards still on the table plus the ones fleeing, in drawing order."""
        resting = [s for s in self.cells.values() if s.layer == 0]
        moving = [s for s in self.cells.values() if s.layer == 1]
        step = self.step
        fleeing = [s for s in step.moving if s.layer == 2] if step is not None else []
        return resting + moving + fleeing

    def moving(self) -> list[Sprite]:
        """The sprites of the current step, in drawing order (fleeing last)."""
        step = self.step
        if step is None:
            return []
        return sorted((s for s in step.moving if s.layer > 0), key=lambda s: s.layer)
