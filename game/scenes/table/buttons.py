"""The table's buttons as one part: each button by name with what a click on it does, and the
mouse's hover, press and release over them, written once for every kind of table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import pygame

from game.render.widgets import Button
from game.scenes.table.section import PANEL, Section


class TableButtons(Section):
    """The buttons a table kind chose, in drawing order. A button either runs its command when
    a click is released over it, or is held (`hold`: what pressing and letting go do, as Peek
    shows the task cards only while held). A kind may name a button it does not list (its
    panel hides it), so the table can still ask for it by name. As a part of the table it
    answers the mouse over its buttons (the table's controls hand it hover, press and
    release) and draws them into the cached picture."""

    rect = PANEL  # every kind puts its buttons on the side panel
    cached = True

    def __init__(self, commands=None) -> None:
        self.by_name = commands  # the table's commands by name (table/commands.py)
        self.named: dict[str, Button] = {}
        self.listed: list[Button] = []
        self.commands: dict[Button, Callable[[], None]] = {}
        self.holds: dict[Button, tuple[Callable[[], None], Callable[[], None]]] = {}
        self.pressed: Button | None = None
        # While a screen over the table answers for it (the hand-over), only these buttons
        # look alive (it works them); the others are drawn greyed until it goes. None: all.
        self.awake: frozenset[Button] | None = None

    # What a kind builds -------------------------------------------------------------------
    def add(self, name: str | None, button: Button,
            command: str | Callable[[], None] | None = None, *, hold=None,
            listed: bool = True) -> Button:
        """A button (by `name`, if the table asks for it) and what it does: a command of the
        table's by its name, or a function; `hold`, a held command's name or its pair."""
        if isinstance(command, str):
            command = partial(self.by_name.run, command)
        if isinstance(hold, str):
            hold = self.by_name.holds(hold)
        if name is not None:
            old = self.named.get(name)
            if old is not None:
                self.remove(old)
            self.named[name] = button
        if listed:
            self.listed.append(button)
        if command is not None:
            self.commands[button] = command
        if hold is not None:
            self.holds[button] = hold
        return button

    def clear(self) -> None:
        """No buttons: a kind that lays out its own panel begins again."""
        self.named.clear()
        self.listed.clear()
        self.commands.clear()
        self.holds.clear()
        self.pressed = None

    def remove(self, button: Button) -> None:
        """A button the kind does not show at all (its place taken, or another panel)."""
        if button in self.listed:
            self.listed.remove(button)
        self.commands.pop(button, None)
        self.holds.pop(button, None)

    def replace(self, name: str, button: Button) -> Button:
        """Another button in a named one's place, doing what it did."""
        old = self.named[name]
        command, hold = self.commands.pop(old, None), self.holds.pop(old, None)
        self.named[name] = button
        if old in self.listed:
            self.listed[self.listed.index(old)] = button
        if command is not None:
            self.commands[button] = command
        if hold is not None:
            self.holds[button] = hold
        return button

    def __getitem__(self, name: str) -> Button:
        return self.named[name]

    def get(self, name: str) -> Button | None:
        return self.named.get(name)

    def shows(self, name: str) -> bool:
        """The kind has the button `name` and it shows now."""
        button = self.named.get(name)
        return button is not None and button.visible

    def __iter__(self) -> Iterator[Button]:
        return iter(self.listed)

    def __len__(self) -> int:
        return len(self.listed)

    # The mouse --------------------------------------------------------------------------
    def hover(self, pos) -> bool:
        """The mouse moved: each button lights while it is under it; True if one changed."""
        changed = False
        for b in self.listed:
            hot = b.contains(pos)
            if hot != b.hot:
                b.hot, changed = hot, True
        return changed

    def press(self, pos) -> Button | None:
        """A press on a button (it shows pressed; a held button begins), or None."""
        for b in self.listed:
            if b.contains(pos):
                b.pressed, self.pressed = True, b
                if b in self.holds:
                    self.holds[b][0]()
                return b
        return None

    def release(self, pos) -> bool:
        """The press ends: a held button lets go, another runs its command if the mouse is
        still over it. False: no button was pressed."""
        button, self.pressed = self.pressed, None
        if button is None:
            return False
        button.pressed = False
        if button in self.holds:
            self.holds[button][1]()
        elif button.contains(pos) and button in self.commands:
            self.commands[button]()
        return True

    def reset(self) -> None:
        """Back from a covering screen: no button stays lit or pressed."""
        for b in self.listed:
            b.hot = b.pressed = False
        self.pressed = None

    def doze(self, *awake: Button) -> None:
        """A screen over the table answers for it: only `awake` look alive (wake() ends it)."""
        self.awake = frozenset(awake)

    def wake(self) -> None:
        self.awake = None

    def greyed(self, button: Button) -> bool:
        return self.awake is not None and button not in self.awake

    # Drawing ----------------------------------------------------------------------------
    def key(self) -> tuple:
        """What the buttons look like now (a cached picture of them is repainted on a change)."""
        return tuple((b.hot, b.pressed, b.visible, b.on, b.enabled, self.greyed(b))
                     for b in self.listed)

    def draw(self, surface: pygame.Surface, view=None) -> None:
        for b in self.listed:
            b.draw(surface, self.greyed(b))
