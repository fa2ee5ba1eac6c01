"""The scene stack: push / pop / replace with paired lifecycle calls, top-down events."""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

from game.render import memory

if TYPE_CHECKING:
    import pygame

    from game.scenes.base import Scene


class SceneStack:
    """Owns the scenes. Changes requested while events are being handled are applied at once,
    but a popped scene never receives further events in the same dispatch."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        # A full screen left (a table holds tens of MB of surfaces in cycles): its memory goes
        # back at the next tick, when nothing of the call that removed it holds it any more.
        self._left = False
        self.new_screen = False  # the same, until the next frame is drawn (see App.draw)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        self._left |= scene.opaque
        self.new_screen |= scene.opaque
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another; the one beneath is not resumed in between."""
        if self._scenes:
            self._gone(self._scenes.pop())
        self._scenes.append(scene)
        scene.enter()

    def remove(self, scene: Scene) -> None:
        """Take one scene off wherever it is (an overlay something was pushed above): the top
        one as pop() does; one beneath others exits and they stay as they are, unpaused."""
        if scene not in self._scenes:
            return
        if self._scenes[-1] is scene:
            self.pop()
            return
        self._scenes.remove(scene)
        self._gone(scene)

    def _gone(self, scene: Scene) -> None:
        scene.exit()
        self._left |= scene.opaque
        self.new_screen |= scene.opaque

    def clear(self, scene: Scene | None = None) -> None:
        """Remove every scene (top first), then push `scene` if given."""
        while self._scenes:
            self._gone(self._scenes.pop())
        if scene is not None:
            self.push(scene)

    def clear_after_failure(self) -> list[str]:
        """Remove every scene even when one's exit() fails (the kiosk's crash recovery): the
        tracebacks of the failures, for the caller to log; the stack is empty afterwards."""
        failures = []
        while self._scenes:
            try:
                self._gone(self._scenes.pop())
            except Exception:  # noqa: BLE001 - a broken scene's exit must not stop the recovery
                failures.append(traceback.format_exc())
        return failures

    def release_left(self) -> None:
        """Give a left screen's memory back now, not at the next tick: for a caller that
        holds nothing of it any more (a demo that drops one table before building the next)."""
        self._left = False
        memory.release()

    def language_changed(self) -> None:
        """The player chose another language: every scene, covered ones too."""
        for scene in tuple(self._scenes):
            scene.language_changed()

    def handle(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self._scenes):
            if scene not in self._scenes:
                continue
            if scene.handle(event):
                return True
        return False

    def update(self, dt: float) -> None:
        if self._left:
            self._left = False
            memory.release()
        # Only the top scene ticks; covered scenes are paused.
        if self._scenes:
            self._scenes[-1].update(dt)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the top-most opaque scene upward."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    @property
    def dirty(self) -> bool:
        return any(s.dirty for s in self.visible())

    def draw(self, surface: pygame.Surface) -> None:
        self.new_screen = False
        for scene in self.visible():
            scene.draw(surface)
            scene.dirty = False
