"""A focus ring for menus: arrows / Tab / gamepad move between widgets, Enter / SELECT activates."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui

from game.input import Action
from game.render.palette import BLACK, GOLD

OUTLINE = GOLD  # warm yellow: visible on the green table and on every button colour
OUTLINE_WIDTH = 7
RING_EDGE = BLACK  # outside the gold: it stands out on a cream panel too


@dataclass
class Item:
    """One focusable widget: what SELECT does, and what LEFT/RIGHT do (a value to change)."""

    element: object  # a pygame-gui element (button, text entry, slider)
    activate: Callable[[], None] | None = None
    adjust: Callable[[int], None] | None = None  # called with -1 / +1


class FocusRing:
    """Keeps which widget has the keyboard/gamepad focus and draws a ring around it.

    pygame-gui has little keyboard support of its own, so menus list their widgets here.
    """

    def __init__(self, manager: pygame_gui.UIManager, items: list[Item] | None = None) -> None:
        self.manager = manager
        self.items: list[Item] = list(items or [])
        self.index = 0
        self._start = 0
        # A pointer resting where a menu opens (over Solo, at the first start) is no choice:
        # hovering takes the focus only once the mouse has moved.
        self.pointer_moved = False

    # Building --------------------------------------------------------------------
    def add(self, element, activate=None, adjust=None) -> Item:
        item = Item(element, activate, adjust)
        self.items.append(item)
        return item

    def clear(self) -> None:
        self.unmark()
        self.items.clear()
        self.index = 0

    # Queries ----------------------------------------------------------------------
    @property
    def focused(self) -> Item | None:
        if not self.items:
            return None
        self.index %= len(self.items)
        return self.items[self.index]

    def _usable(self, item: Item) -> bool:
        element = item.element
        return bool(getattr(element, "visible", True)) and bool(getattr(element, "is_enabled", True)) \
            and element.alive()

    def _typing(self) -> bool:
        item = self.focused
        return item is not None and isinstance(item.element, pygame_gui.elements.UITextEntryLine)

    # Changing focus ---------------------------------------------------------------
    def focus(self, element) -> None:
        for i, item in enumerate(self.items):
            if item.element is element:
                self.unmark()
                self.index = i
                self._mark()
                return

    def move(self, step: int) -> None:
        if not self.items:
            return
        self.unmark()
        n = len(self.items)
        for _ in range(n):
            self.index = (self.index + step) % n
            if self._usable(self.items[self.index]):
                break
        self._mark()

    def refresh(self) -> None:
        """Re-apply the highlight (after widgets were rebuilt, shown or hidden)."""
        if self.items and not self._usable(self.focused):
            self.move(1)
        else:
            self._mark()

    def _mark(self) -> None:
        item = self.focused
        if item is None:
            return
        element = item.element
        if isinstance(element, pygame_gui.elements.UIButton) and element.is_enabled:
            element.select()  # a disabled button keeps its greyed-out look
        if isinstance(element, pygame_gui.elements.UITextEntryLine):
            self.manager.set_focus_set(element)  # typing goes straight into the name field
        elif self.manager.get_focus_set() and any(
            isinstance(e, pygame_gui.elements.UITextEntryLine) for e in self.manager.get_focus_set()
        ):
            self.manager.set_focus_set(None)

    def unmark(self) -> None:
        """The focused button no longer looks focused (its ring position is kept)."""
        item = self.focused
        if item is not None and isinstance(item.element, pygame_gui.elements.UIButton):
            # unselect() repaints a button as "normal": a disabled one must stay greyed out.
            if item.element.alive() and item.element.is_enabled:
                item.element.unselect()

    # Events -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, action: Action | None) -> bool:
        """Move / activate on input; True if the event was used."""
        if event.type == pygame.MOUSEMOTION and any(getattr(event, "rel", (1, 1))):
            self.pointer_moved = True
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            if self.pointer_moved:
                self.focus(event.ui_element)  # the mouse and the keyboard share one focus
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.move(1)  # Enter in a name field goes on to the next widget
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for i, item in enumerate(self.items):
                rect = getattr(item.element, "rect", None)
                if rect is not None and self._usable(item) and rect.collidepoint(event.pos):
                    if i != self.index:
                        self.unmark()
                        self.index = i
                        self._mark()
                    break
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if action is None or not self.items:
            return False
        typing = self._typing() and event.type == pygame.KEYDOWN
        if action is Action.UP:
            self.move(-1)
            return True
        if action is Action.DOWN:
            self.move(1)
            return True
        if action in (Action.LEFT, Action.RIGHT):
            if typing:
                return False  # the text cursor moves
            item = self.focused
            step = -1 if action is Action.LEFT else 1
            if item is not None and item.adjust is not None and self._usable(item):
                item.adjust(step)
            else:
                self.move(step)
            return True
        if action is Action.SELECT:
            if typing:
                return event.key == pygame.K_RETURN  # Enter finishes the name; Space is a letter
            item = self.focused
            if item is not None and self._usable(item):
                if item.activate is not None:
                    item.activate()
                elif item.adjust is not None:
                    item.adjust(1)
                return True
        return False

    # Drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        item = self.focused
        if item is None or not self._usable(item):
            return
        draw_ring(surface, item.element.rect)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 18) -> None:
    """The one focus mark, round `rect`: a gold band 7 px wide against it, edged in black
    outside (9 px in all, as far out as the layouts leave room for: words sit that close)."""
    pygame.draw.rect(surface, RING_EDGE, rect.inflate(18, 18), OUTLINE_WIDTH + 2,
                     border_radius=radius)
    pygame.draw.rect(surface, OUTLINE, rect.inflate(14, 14), OUTLINE_WIDTH,
                     border_radius=radius - 2)
