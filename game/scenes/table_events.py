"""The table's input: a click, a drag, a key or a button becomes a pick, a move handed to the
session, a command of the table's kind, or a hurry (table_input interprets each one)."""

from __future__ import annotations

import pygame

from game.engine.moves import Move
from game.i18n import _
from game.input import Action
from game.match.field_words import column_words, overview_words
from game.match.session import Phase
from game.match.spoken import focus_words
from game.scenes.table_input import (
    Complain,
    Select,
    interpret_pick,
    interpret_release,
    peek_key,
    redo_key,
    step_cursor,
    undo_key,
)

SKIP_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN,
              pygame.FINGERDOWN)
DRAG_START = 14  # pixels the mouse must travel before a press becomes a drag


class TableEvents:
    """The table scene's input handling (a part of PlayScene kept in its own file)."""

    # Choosing a move ----------------------------------------------------------------------
    def side_targets(self) -> bool:
        if self.selected is None:
            return False
        return any(t[0] != self.selected[0] for t in self.targets_of.get(self.selected, ()))

    def pick(self, cell, move_in: bool | None = None) -> None:
        """A click, Enter or south button on a cell."""
        if self.phase != Phase.TURN or cell is None:
            return
        self._apply(interpret_pick(self.state.position, self.targets_of, self.selected, cell,
                                   self.move_in if move_in is None else move_in))

    def _apply(self, outcome, sound: bool = True) -> None:
        """What an input meant (table_input): play the move, change the scarer, or complain."""
        if isinstance(outcome, Move):
            self.play(outcome)
        elif isinstance(outcome, Select):
            self.selected = outcome.cell
            if sound:
                self.app.audio.play("select")
            self.dirty = True
        elif isinstance(outcome, Complain):
            self.complain(outcome.words, outcome.cell)

    def toggle_move_in(self) -> None:
        if self.selected is None or not self.side_targets():
            self.say(_("Move in is for scaring a card to the side: pick a scarer first"))
            return
        self.move_in = not self.move_in
        self.app.audio.play("select")
        self.dirty = True

    def move_cursor(self, action: Action) -> None:
        self.cursor = step_cursor(self.state.position, self.cursor, action, self.cursor_visible)
        self.cursor_visible = True
        self.dirty = True
        self.app.speech.say(focus_words(self.state, self.cursor), interrupt=True)

    def speak_field(self, event) -> bool:
        """The field spoken on request (any time, even as a move is shown): the overview, or
        the cursor's column."""
        controls = self.app.input.controls
        if controls.means("overview", event):
            self.app.speech.say(overview_words(self.state), interrupt=True)
        elif controls.means("column", event):
            self.app.speech.say(column_words(self.state, self.cursor[0]), interrupt=True)
        else:
            return False
        return True

    # Events -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.phase == Phase.DONE:
            return False
        answer = self.kind.handle(self, event)
        if answer is not None:
            return answer
        if self.speak_field(event):
            return True
        if self.director is not None and event.type in SKIP_INPUT:
            self.end_animation()  # any input finishes the animation at once
            return True
        if self.phase == Phase.SETTLE and event.type in SKIP_INPUT:
            self.play_beats(self.session.hurry())  # the player is ready: no need to wait
            return True
        if self.phase.ended and event.type in SKIP_INPUT:
            if undo_key(event, self.app.input.controls):
                self.undo()
            else:
                self.play_beats(self.session.hurry())
            return True
        if self.solo and redo_key(event, self.app.input.controls):
            self.redo()
            return True
        if event.type == pygame.MOUSEMOTION:
            return self.motion(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.mouse_down(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.mouse_up(event.pos)
        if event.type in (pygame.KEYUP, pygame.CONTROLLERBUTTONUP):
            if peek_key(event, self.app.input.controls):
                self.peek.release(self.app.now)
                self.dirty = True
                return True
            return False
        if event.type in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
            if undo_key(event, self.app.input.controls) and self.solo:
                self.undo()
                return True
            if peek_key(event, self.app.input.controls) and self.buttons["peek"].visible:
                self.peek_pressed()
                self.dirty = True
                return True
        return self._action(self.app.input.action(event))

    def _action(self, action: Action | None) -> bool:
        if action is None:
            return False
        if action is Action.PAUSE or (action is Action.BACK and self.selected is None):
            self.pause_game()
        elif action is Action.BACK:
            self.selected = None
            self.move_in = False
        elif self.phase != Phase.TURN:
            return True
        elif action in (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT):
            self.move_cursor(action)
        elif action is Action.SELECT:
            if not self.cursor_visible:
                self.move_cursor(action)  # the first press shows where the cursor is
            else:
                self.pick(self.cursor)
        elif action is Action.TOGGLE:
            self.toggle_move_in()
        self.dirty = True
        return True

    def motion(self, event) -> bool:
        if self.buttons.hover(event.pos):
            self.dirty = True
        if self.press is not None and self.press[2] in ("scarer", "again"):
            start = self.press[1]
            if self.drag_pos is not None or (pygame.Vector2(event.pos) - start).length() > DRAG_START:
                self.drag_pos = event.pos
                self.dirty = True
        return False

    def mouse_down(self, pos) -> bool:
        self.cursor_visible = False
        if self.buttons.press(pos) is not None:
            self.dirty = True
            return True
        if self.phase != Phase.TURN:
            return True
        cell = self.layout.cell_at(pos)
        if cell is None:
            return False
        if self.selected is not None and cell in self.targets_of.get(self.selected, ()):
            self.press = (cell, pos, "target")
        elif cell in self.targets_of:
            self.press = (cell, pos, "again" if cell == self.selected else "scarer")
            if cell != self.selected:
                self.pick(cell)
        else:
            self.pick(cell)
        self.dirty = True
        return True

    def mouse_up(self, pos) -> bool:
        if self.buttons.release(pos):
            self.dirty = True
            return True
        press, self.press = self.press, None
        dragged, self.drag_pos = self.drag_pos, None
        if press is None or self.phase != Phase.TURN:
            return False
        self.dirty = True
        outcome = interpret_release(self.state.position, self.targets_of, self.selected,
                                    self.move_in, press, dragged is not None,
                                    self.layout.cell_at(pos))
        self._apply(outcome, sound=False)  # a second click puts the scarer back quietly
        return True

    def dragging(self) -> bool:
        return self.drag_pos is not None and self.press is not None \
            and self.press[2] in ("scarer", "again")

