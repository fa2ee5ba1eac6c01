"""The puzzle editor's input: keys, mouse and pad on the field and the palette (part of EditorScene)."""

from __future__ import annotations

import pygame
import pygame_gui

from game.engine.cards import Animal, Card, Colour
from game.input import Action
from game.scenes.editor_layout import (
    ERASER,
    KINDS,
    PALETTE_SIZE,
)

# The editor's actions in game.controls and what each does; the ones that also work while a
# button has the focus (the rest act on the field's cursor).
COMMANDS = {"edit_remove": "remove_here", "edit_target": "toggle_target_here",
            "edit_undo": "undo", "edit_redo": "redo", "brush_back": "brush_back",
            "brush_on": "brush_on", "edit_copy": "copy_code", "edit_paste": "paste_code"}
ANYWHERE = {"edit_undo", "edit_redo", "edit_copy", "edit_paste"}
HELP = ("select", "edit_remove", "edit_target", "edit_undo", "edit_redo", "brush_back",
        "brush_on", "edit_buttons")  # what the help lines under the field name


class EditorInput:
    """EditorScene's input handling, kept in its own file."""

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.zone = "buttons"
            return super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            hit = self.hit(event.pos)
            if hit is not None:
                self._leave_buttons()
                self.cursor = hit
                if event.button == 1:
                    self.use()
                elif hit[0] == "field":  # a right click takes away, as the eraser does
                    self.remove(hit[1], hit[2])
                self.dirty = True
                return True
        command = None if self._typing() else self.app.input.controls.action(event, "editor")
        if command in COMMANDS and (self.zone != "buttons" or command in ANYWHERE):
            getattr(self, COMMANDS[command])()
            self.dirty = True
            return True
        action = self.app.input.action(event)
        switch = self.app.input.controls.means("edit_buttons", event)  # typing too
        if self.zone == "buttons":
            if switch:
                self._leave_buttons()
                self.dirty = True
                return True
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self._leave_buttons()  # Enter after the name: back to the field
                return True
            return super().handle(event)
        if switch:
            self._enter_buttons()
            self.dirty = True
            return True
        if self._field_key(event, action):
            self.dirty = True
            return True
        return super().handle(event) if event.type >= pygame.USEREVENT else False

    def _typing(self) -> bool:
        return self.zone == "buttons" and self.ring.focused is not None and \
            self.ring.focused.element is self.name_entry

    def _field_key(self, event, action) -> bool:
        if action in (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT):
            self.move_cursor(action)
            return True
        if action is Action.SELECT:
            self.use()
            return True
        if action in (Action.BACK, Action.PAUSE):
            self.back()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        letter = (getattr(event, "unicode", "") or "").upper()
        colour = next((c for c in Colour if c.letter == letter), None)
        animal = next((a for a in Animal if a.letter == letter), None)
        if colour is not None or animal is not None:
            old = KINDS[self.brush if self.brush != ERASER else 0]
            card = Card(colour if colour is not None else old.colour,
                        animal if animal is not None else old.animal)
            self.brush = KINDS.index(card)
            return True
        return False

    def brush_back(self) -> None:
        self.brush = (self.brush - 1) % (len(KINDS) + 1)

    def brush_on(self) -> None:
        self.brush = (self.brush + 1) % (len(KINDS) + 1)

    def remove_here(self) -> None:
        if self.cursor[0] == "field":
            self.remove(self.cursor[1], self.cursor[2])

    def use(self) -> None:
        """SELECT / click: on the palette take that card as the brush; on the field place it."""
        if self.cursor[0] == "palette":
            self.brush = self.cursor[1]
            self.app.audio.play("select")
            return
        if self.brush == ERASER:
            self.remove(self.cursor[1], self.cursor[2])
        else:
            self.place(self.cursor[1], self.cursor[2], KINDS[self.brush])

    def move_cursor(self, action: Action) -> None:
        dx = {Action.LEFT: -1, Action.RIGHT: 1}.get(action, 0)
        dy = {Action.UP: 1, Action.DOWN: -1}.get(action, 0)
        if self.cursor[0] == "palette":
            i = self.cursor[1]
            if dy > 0:
                self.cursor = ("field", min(self.width - 1, i * self.width // PALETTE_SIZE), 0)
            elif dx:
                self.cursor = ("palette", (i + dx) % PALETTE_SIZE)
            return
        _kind, x, y = self.cursor
        if dy < 0 and y == 0:
            self.cursor = ("palette", min(PALETTE_SIZE - 1, x * PALETTE_SIZE // self.width))
            return
        self.cursor = ("field", (x + dx) % self.width, max(0, min(self.height - 1, y + dy)))

    def _clamp_cursor(self) -> None:
        if self.cursor[0] == "field":
            self.cursor = ("field", min(self.cursor[1], self.width - 1),
                           min(self.cursor[2], self.height - 1))

    def _card_at_cursor(self) -> Card | None:
        if self.cursor[0] != "field":
            return None
        column = self.columns[self.cursor[1]]
        return column[self.cursor[2]] if self.cursor[2] < len(column) else None

    def hit(self, pos) -> tuple | None:
        """The field cell or palette card under a screen point."""
        for i in range(PALETTE_SIZE):
            if self.palette_rect(i).collidepoint(pos):
                return ("palette", i)
        lay = self.renderer().layout
        if not lay.rect.inflate(lay.gap, lay.gap).collidepoint(pos):
            return None
        cell = lay.cell_at(pos)
        return ("field", *cell) if cell is not None else None

    # Ticks and drawing -----------------------------------------------------------------
