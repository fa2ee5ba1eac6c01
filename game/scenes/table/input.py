"""The table's input: a click, a drag, a key or a button becomes a pick, a move handed to the
session, a command of the table's kind, or a hurry (table/interpret.py reads each one)."""

from __future__ import annotations

import pygame

from game.engine.moves import Move
from game.i18n import _
from game.input import Action
from game.match import (
    Phase,
    aimed_words,
    chosen_words,
    column_words,
    focus_words,
    move_in_words,
    overview_words,
    put_back_words,
)
from game.scenes.table.commands import Reply
from game.scenes.table.field_mouse import FieldMouse
from game.scenes.table.interpret import (
    Complain,
    Select,
    peek_key,
    redo_key,
    step_cursor,
    undo_key,
)
from game.scenes.table.view import snapshot
from game.ui.task_cards import task_words

SKIP_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN,
              pygame.FINGERDOWN)


class TableControls:
    """The table scene's input (Tatham's interpret_move caller): events become commands of the
    table (its public ones), changes of its Pick, or a word from the table that speaks. It
    writes nothing onto the scene: the scene draws again after every event it is given."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.field = FieldMouse(scene.pick, self.apply)  # the one writer of a press and a drag

    @property
    def app(self):
        return self.scene.app

    def seen(self):
        """The table's view the player saw last (the frame's one view); made anew once beats
        moved the table on, or the task cards were shown or covered since (the learner and
        the coach follow a look at them)."""
        s = self.scene
        if s.view is None or s.view.peek_active != s.peek.active:
            s.view = snapshot(s)
        return s.view

    # Choosing a move ----------------------------------------------------------------------
    def pick_cell(self, cell, move_in: bool | None = None) -> None:
        """A click, Enter or south button on a cell (the field's mouse reads what it means)."""
        self.field.choose(cell, self.seen(), move_in)

    def apply(self, outcome, sound: bool = True) -> None:
        """What an input meant (table/interpret.py): play the move, change the scarer, or
        complain."""
        s = self.scene
        if isinstance(outcome, Move):
            s.play(outcome)
        elif isinstance(outcome, Select):
            before, s.pick.selected = s.pick.selected, outcome.cell
            self.speak_pick(before)
            if sound:
                self.app.audio.play("select")
        elif isinstance(outcome, Complain):
            s.complain(outcome.words, outcome.cell)

    def toggle_move_in(self) -> None:
        s, pick = self.scene, self.scene.pick
        if pick.selected is None or not pick.side_targets():
            s.say(_("Move in is for scaring a card to the side: pick a scarer first"))
            return
        pick.move_in = not pick.move_in
        self.app.speech.say(move_in_words(pick.move_in), interrupt=True)
        self.app.audio.play("select")

    def put_back(self) -> None:
        """The chosen scarer put back (Back), and said."""
        before = self.scene.pick.selected
        self.scene.pick.let_go()
        self.speak_pick(before)

    def speak_pick(self, before) -> None:
        """The scarer chosen (with its targets) or put back, said as the pick changes from
        `before`: mid-move state a listener cannot see."""
        state, selected = self.scene.state, self.scene.pick.selected
        if selected is not None and selected != before:
            self.app.speech.say(chosen_words(state, selected), interrupt=True)
        elif selected is None and before is not None:
            self.app.speech.say(put_back_words(state, before), interrupt=True)

    def move_cursor(self, action: Action) -> None:
        s, pick = self.scene, self.scene.pick
        pick.cursor = step_cursor(s.state.position, pick.cursor, action, pick.cursor_visible)
        pick.cursor_visible = True
        pick.hover = None  # a zoomed field follows the cursor again
        # With a scarer chosen the card under the cursor is its target or not (its own
        # scares would mislead: choosing it now would only try it as a target).
        words = focus_words(s.state, pick.cursor) if pick.selected is None else \
            aimed_words(s.state, pick.cursor, pick.selected)
        self.app.speech.say(words, interrupt=True)

    def speak_field(self, event) -> bool:
        """The field spoken on request (any time, even as a move is shown): the overview, or
        the cursor's column."""
        controls, state = self.app.input.controls, self.scene.state
        if controls.means("overview", event):
            self.app.speech.say(overview_words(state), interrupt=True)
        elif controls.means("column", event):
            self.app.speech.say(column_words(state, self.scene.pick.cursor[0]), interrupt=True)
        else:
            return False
        return True

    # Peek ---------------------------------------------------------------------------------
    def peek_pressed(self) -> None:
        """Peek held (its button, key or pad button): the task cards show, and are said."""
        self.scene.peek.press(self.app.now)
        self.speak_tasks()

    def peek_released(self) -> None:
        self.scene.peek.release(self.app.now)

    def speak_tasks(self) -> None:
        """The table that speaks: the player's own task cards, at the table (after the
        hand-over), never on the hand-over screen where others may listen before "I'm ..."."""
        player = self.scene.player
        if player is not None and player.tasks:
            self.app.speech.say(_("Your task cards: %(cards)s") % {
                "cards": ", ".join(task_words(t) for t in player.tasks)}, interrupt=True)

    # Events -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        s = self.scene
        if s.phase == Phase.DONE:
            return False
        answer = self.kind_answers(event)
        if answer is None:
            answer = self.overlays(event)
        if answer is not None:
            return answer
        if self.speak_field(event):
            return True
        controls = self.app.input.controls
        if s.kind.buttons_while_moving and event.type == pygame.MOUSEBUTTONDOWN \
                and event.button == 1 and any(b.contains(event.pos) for b in s.buttons):
            if s.director is not None:
                s.end_animation()
            return self.mouse_down(event.pos)
        if s.director is not None and event.type in SKIP_INPUT:
            s.end_animation()  # any input finishes the animation at once
            return True
        if s.phase == Phase.REST and event.type in SKIP_INPUT:
            s.play_beats(s.session.hurry())  # the player is ready: no need to wait
            return True
        if s.phase.ended and event.type in SKIP_INPUT:
            if undo_key(event, controls):
                s.undo()
            else:
                s.play_beats(s.session.hurry())
            return True
        if s.solo and redo_key(event, controls):
            s.redo()
            return True
        if event.type == pygame.MOUSEMOTION:
            return self.motion(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.mouse_down(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.mouse_up(event.pos)
        if event.type in (pygame.KEYUP, pygame.CONTROLLERBUTTONUP):
            if peek_key(event, controls):
                s.peek.release(self.app.now)
                return True
            return False
        if event.type in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
            if undo_key(event, controls) and s.solo:
                s.undo()
                return True
            if peek_key(event, controls) and s.buttons.shows("peek"):
                self.peek_pressed()
                return True
        return self.action(self.app.input.action(event))

    def kind_answers(self, event) -> bool | None:
        """What the table's kind makes of an event (a command by name, run here); a table
        whose field takes no pick lets the mouse work its buttons only, first."""
        s = self.scene
        answer = None if s.kind.picks else self.buttons_only(event)
        if answer is None:
            answer = s.kind.handle(event, self.seen(), self.app.input)
        return self.answered(answer)

    def answered(self, answer):
        """A kind's or part's answer to an event: a command's name (run), a Reply (played):
        both take the event; else True, False or None as it is."""
        if isinstance(answer, str):
            self.scene.commands.run(answer)
            return True
        if isinstance(answer, Reply):
            self.scene.commands.play(answer)
            return True
        return answer

    def buttons_only(self, event) -> bool | None:
        """The mouse over a table whose field takes no pick (a replay, a solution line): it
        lights and presses the buttons; a press elsewhere shows the move at once."""
        s = self.scene
        if event.type == pygame.MOUSEMOTION:
            return self.motion(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.press(event.pos) and s.director is not None:
                s.end_animation()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
            return True
        return None

    def overlays(self, event) -> bool | None:
        """The parts drawn over the table (the coach, the learner's Hint key) answer an event
        first, the topmost first."""
        s = self.scene
        view = self.seen()
        for part in reversed(s.parts):
            if part.over:
                answer = self.answered(part.handle(event, view))
                if answer is not None:
                    return answer
        return None

    def action(self, action: Action | None) -> bool:
        s, pick = self.scene, self.scene.pick
        if action is None:
            return False
        if action is Action.PAUSE or (action is Action.BACK and pick.selected is None):
            s.pause_game()
        elif action is Action.BACK:
            self.put_back()
        elif s.phase != Phase.TURN:
            return True
        elif action in (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT):
            self.move_cursor(action)
        elif action is Action.SELECT:
            if not pick.cursor_visible:
                self.move_cursor(action)  # the first press shows where the cursor is
            else:
                self.pick_cell(pick.cursor)
        elif action is Action.TOGGLE:
            self.toggle_move_in()
        return True

    # The mouse ----------------------------------------------------------------------------
    def press(self, pos) -> bool:
        """A press on one of the table's buttons (every kind's): True if one took it."""
        return self.scene.buttons.press(pos) is not None

    def release(self, pos) -> bool:
        """The press on a button ends (its command runs): True if a button was pressed."""
        return self.scene.buttons.release(pos)

    def motion(self, event) -> bool:
        """The mouse moved: the buttons light under it, a held scarer follows it."""
        s = self.scene
        s.buttons.hover(event.pos)
        self.field.drag(event.pos)
        layout = s.field.layout  # the card under the mouse, in the field's view (over the
        if layout.area.collidepoint(event.pos):  # panel the field stays as it is)
            s.pick.hover = layout.cell_at(event.pos) or s.pick.hover
        return False

    def mouse_down(self, pos) -> bool:
        """A press: on a button, else on the field."""
        s = self.scene
        s.pick.cursor_visible = False
        if self.press(pos):
            return True
        return self.field.press(pos, self.seen())

    def mouse_up(self, pos) -> bool:
        """A release: a button's press ends, else the field's."""
        if self.release(pos):
            return True
        return self.field.release(pos, self.seen())
