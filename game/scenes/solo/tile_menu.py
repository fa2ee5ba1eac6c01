"""TileMenu: a menu of drawn tiles with one focus, shared by chapter select and level select
(their look: game.scenes.solo.tile_look)."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.input import Action
from game.scenes.base import Scene

CENTER_X = 960
BACK_RECT = pygame.Rect(CENTER_X - 180, 968, 360, 84)  # the tile menus' Back button


class TileMenu(Scene):
    """Tiles laid out by `layout()`, the last one Back, sharing one focus.

    Arrows / gamepad move the focus across a grid of `columns`, the mouse hovers and clicks,
    Enter / A activates, Esc goes back.
    """

    heading = ""
    columns = 1

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rects: list[pygame.Rect] = []
        self.focus = 0
        self.hover: int | None = None
        self.note = ""
        self.note_until = 0.0

    def enter(self) -> None:
        self.layout()
        self.dirty = True
        self.announce()
        self.speak_focus(interrupt=False)

    def resume(self) -> None:
        self.layout()
        self.dirty = True
        self.announce()  # back from a level: where the player is, and the tile in focus
        self.speak_focus(interrupt=False)

    def focus_words(self, index: int) -> list[str]:
        """What the table that speaks says of a tile when it takes the focus (override);
        Back says its name."""
        return [_("Back")] if index == self.back_index else []

    def speak_focus(self, interrupt: bool = True) -> None:
        """The tile in focus, in words: the first line cuts off what was said of the last."""
        for i, line in enumerate(self.focus_words(self.focus)):
            self.app.speech.say(line, interrupt=interrupt and i == 0)

    def layout(self) -> None:
        """Fill self.rects (override); the last rect is the Back button."""

    def activate(self, index: int) -> None:
        """Enter / click on an item (override)."""

    @property
    def back_index(self) -> int:
        return len(self.rects) - 1

    def say(self, text: str, seconds: float = 3.5) -> None:
        """A note over the tiles for a while (why a tile refused), said at once."""
        self.app.speech.say(text, interrupt=True)
        self.note = text
        self.note_until = self.app.now + seconds
        self.dirty = True

    def back(self) -> None:
        self.app.audio.play("select")
        self.app.pop()

    # Input ------------------------------------------------------------------------------
    def _hit(self, pos) -> int | None:
        return next((i for i, r in enumerate(self.rects) if r.collidepoint(pos)), None)

    def move(self, action: Action) -> None:
        tiles = self.back_index  # tiles are 0..back_index-1
        i, cols = self.focus, self.columns
        if tiles == 0:
            return
        if i == self.back_index:
            if action is Action.UP:
                i = tiles - 1
            elif action is Action.DOWN:
                i = 0
            elif action in (Action.LEFT, Action.RIGHT):
                i = tiles - 1 if action is Action.LEFT else 0
        elif action is Action.LEFT:
            i = (i - 1) % tiles
        elif action is Action.RIGHT:
            i = i + 1 if i + 1 < tiles else self.back_index
        elif action is Action.UP:
            i = i - cols if i - cols >= 0 else self.back_index
        elif action is Action.DOWN:
            i = i + cols if i + cols < tiles else (
                self.back_index if i // cols == (tiles - 1) // cols else tiles - 1)
        if i != self.focus:
            self.focus = i
            self.app.audio.play("select")
            self.dirty = True
            self.speak_focus()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            hit = self._hit(event.pos)
            if hit != self.hover:
                self.hover = hit
                if hit is not None and hit != self.focus:
                    self.focus = hit  # the mouse and the keyboard share one focus
                    self.speak_focus()
                self.dirty = True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._hit(event.pos)
            if hit is None:
                return False
            self.focus = hit
            self.dirty = True
            self._activate(hit)
            return True
        action = self.app.input.action(event)
        if action is None:
            return False
        if action is Action.BACK or action is Action.PAUSE:
            self.back()
        elif action is Action.SELECT:
            self._activate(self.focus)
        elif action in (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT):
            self.move(action)
        return True

    def _activate(self, index: int) -> None:
        if index == self.back_index:
            self.back()
        else:
            self.activate(index)

    def update(self, dt: float) -> None:
        if self.note and self.app.now >= self.note_until:
            self.note = ""
            self.dirty = True
