"""Puzzle editor (Solo -> Make a puzzle): cards on a field, a target, the live solver's answer.

The draft itself (gravity, two of each card, width, height, target, undo/redo) is
game.campaign.draft; this scene holds it and turns its parts' input into edits. The parts each
own their place on the screen: the field with its cursor (editor_field), the brush palette
under it (editor_palette), the panel's buttons (editor_toolbar), the solver's answer
(editor_panel) and the message and help lines (editor_status). The solver works in a process
(game.campaign.live_solver); the frame loop only reads its latest answer. Two input zones: the
field with the palette (arrows, Enter, Delete; mouse; pad), and the buttons (Tab or pad X
switches between them).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.campaign.draft import START_SIZE, Draft, DraftError, DraftHistory
from game.campaign.levels import Level
from game.campaign.puzzles import (
    MY_CHAPTER,
    CodeError,
    Puzzle,
    format_code,
    named_code,
    parse_code,
    save_puzzle,
    split_named,
)
from game.i18n import N_, _, ngettext, pgettext, reason
from game.input import Action
from game.match import par_words
from game.paths import pref_dir
from game.scenes.confirm import ConfirmScene
from game.scenes.editor.field import EditorField
from game.scenes.editor.input import ANYWHERE
from game.scenes.editor.palette import Palette
from game.scenes.editor.panel import ProofPanel
from game.scenes.editor.spoken import EditorVoice, count_words, place_words, target_words
from game.scenes.editor.status import StatusLines
from game.scenes.editor.toolbar import Toolbar
from game.scenes.menu import MenuScene
from game.scenes.registry import screen
from game.ui import clipboard

PLAY_TEST_ID = "editor-play-test"


def ask_to_drop(app, lost: int, go, question: str, yes: str) -> None:
    """Before cards leave the field: the buttons name what they do, the change or the field
    left as it is."""
    detail = ngettext("%(n)d card would leave the field. Undo brings it back.",
                      "%(n)d cards would leave the field. Undo brings them back.",
                      lost) % {"n": lost}
    app.push(ConfirmScene(app, question, go, yes=yes, no=_("Leave it as it is"), detail=detail))


def tested_words(state, fewest: int | None) -> str:
    """What a play-test ended with: the cards left, and the fewest possible when proved."""
    left = state.position.card_count()
    if fewest is None:
        return ngettext("Play-test over: %(n)d card left", "Play-test over: %(n)d cards left",
                        left) % {"n": left}
    return ngettext("Play-test over: %(n)d card left  \u00b7  the fewest possible is "
                    "%(fewest)d", "Play-test over: %(n)d cards left  \u00b7  the fewest "
                    "possible is %(fewest)d", left) % {"n": left, "fewest": fewest}


def saved_words(name: str, par: int) -> str:
    """A puzzle kept: its name in My puzzles, and its par said with what par is."""
    return _("Saved in My puzzles as \u201c%(name)s\u201d. %(par)s") % {
        "name": name, "par": par_words(par)}


class EditorScene(MenuScene):
    """Make a puzzle: `puzzle` opens an existing one (a pasted code)."""

    def __init__(self, app, puzzle: Puzzle | None = None) -> None:
        super().__init__(app)
        self.history = DraftHistory(Draft.empty(*START_SIZE))
        self.saved = True  # nothing to lose yet
        self.field = EditorField(app.assets)
        self.palette = Palette(app.assets)
        self.toolbar = Toolbar(app.assets, self.ring, app.ui)
        self.proof = ProofPanel(app.assets, app.live_solver)
        self.status = StatusLines(app.assets)
        self.voice = EditorVoice(app, self.field, self.palette)
        # The editor's actions in game.controls and what each does.
        self.commands = {
            "edit_remove": lambda: self.use(erase=True), "edit_target": self.toggle_target_here,
            "edit_undo": lambda: self.travel(back=True),
            "edit_redo": lambda: self.travel(back=False),
            "brush_back": lambda: self.voice.step_brush(self.draft, -1),
            "brush_on": lambda: self.voice.step_brush(self.draft, 1),
            "edit_copy": self.copy_code, "edit_paste": self.paste_code}
        self._answer_said = ""  # the solver's answer as last said
        if puzzle is not None:
            self.history = DraftHistory(Draft.of(puzzle))
            self._changed(saved=True)

    # The puzzle ------------------------------------------------------------------------
    @property
    def draft(self) -> Draft:
        """The puzzle as it stands."""
        return self.history.draft

    def edit(self, change, sound: str = "select") -> bool:
        """Apply `change(draft) -> draft`; a refused edit is said, and nothing changes."""
        before = self.draft
        try:
            after = change(before)
        except DraftError as err:
            self.say(str(err), bad=True)
            return False
        if not self.history.do(after):
            return False
        self._changed(before=before)
        self.app.audio.play(sound)
        return True

    def _changed(self, saved: bool = False, before: Draft | None = None) -> None:
        """The field changed: the cursor stays on it, the solver starts on it at once."""
        self.saved = saved
        draft = self.draft
        self.field.clamp(draft.width, draft.height)
        if before is not None and before.target is not None and draft.target is None and \
                before.target not in draft.cards():
            self.say(_("The target left the field, so there is none now"))
        self.proof.ask(draft)
        self.toolbar.label(self.history)
        self.dirty = True

    def set_width(self, width: int) -> None:
        """A narrower field asks first when its dropped columns hold cards."""
        lost = self.draft.lost_by_width(width)
        if lost:
            ask_to_drop(self.app, lost, lambda: self.edit(lambda d: d.with_width(width)),
                        _("Make the field narrower?"), _("Make it narrower"))
        elif self.edit(lambda d: d.with_width(width)):
            self.voice.speak(_("Width: %(n)d") % {"n": self.draft.width})

    def set_height(self, height: int) -> None:
        """A lower field asks first when cards stand above its new top row."""
        lost = self.draft.lost_by_height(height)
        if lost:
            ask_to_drop(self.app, lost, lambda: self.edit(lambda d: d.with_height(height)),
                        _("Make the field lower?"), _("Make it lower"))
        elif self.edit(lambda d: d.with_height(height)):
            self.voice.speak(_("Height: %(n)d") % {"n": self.draft.height})

    def cycle_target(self, step: int = 1) -> None:
        """None, then each card the field holds, in turn."""
        if not self.draft.card_count():
            self.say(_("Place cards first: the target must be one of them"), bad=True)
            return
        if self.edit(lambda d: d.next_target(step)):
            self.voice.speak(target_words(self.draft))

    def toggle_target_here(self) -> None:
        """The card under the cursor becomes the target (or stops being it)."""
        here = self.field.here()
        card = self.draft.card_at(*here) if here is not None else None
        if card is None:
            self.say(_("Put the cursor on a card to make it the target"), bad=True)
            return
        if self.edit(lambda d: d.with_target(None if d.target == card else card)):
            self.voice.speak(target_words(self.draft))

    def clear(self) -> None:
        """Every card off the field (Undo brings them back)."""
        if self.edit(lambda d: d.cleared(), "slide"):
            self.say(_("The field is clear. Undo brings it back."))

    def travel(self, back: bool) -> None:
        """Undo (`back`) or redo one edit."""
        before = self.draft
        if (self.history.undo() if back else self.history.redo()) is None:
            self.say(_("Nothing to undo yet") if back else _("Nothing to redo"), bad=True)
            return
        self._changed(before=before)
        self.app.audio.play("slide" if back else "select")
        self.voice.placed(self.draft)

    # Words -----------------------------------------------------------------------------
    def spoken_lines(self) -> list[str]:
        """The editor's name (its panel's heading), the field's size, the cursor, the brush,
        the cards placed and the solver's answer."""
        self._answer_said = self.proof.words(self.draft)
        return [_("Make a puzzle"), _("Width: %(n)d") % {"n": self.draft.width},
                _("Height: %(n)d") % {"n": self.draft.height},
                place_words(self.draft, self.field.cursor, self.palette),
                self.palette.words(self.draft), count_words(self.draft), target_words(self.draft),
                self._answer_said]

    # Commands --------------------------------------------------------------------------
    def say(self, words: str, bad: bool = False, shorter: tuple[str, ...] = ()) -> None:
        """Show `words` over the field, and say them; a refusal (`bad`) in red, with its
        sound."""
        self.status.say(words, bad, shorter)
        self.app.speech.say(words, interrupt=True)
        if bad:
            self.app.audio.play("error")
        self.dirty = True

    def copy_code(self) -> None:
        """The puzzle's code, with its name, onto the clipboard (or shown, when there is none)."""
        problem = self.draft.problem()
        if problem:
            self.say(problem, bad=True)
            return
        # The puzzle's name goes along: the friend's play screen shows it (split_named).
        puzzle = self.draft.puzzle()
        code = named_code(puzzle, self.toolbar.name_entry.get_text())
        if clipboard.put_text(code):  # a long named code: the words without it, then fewer
            self.say(_("Code copied: %(code)s") % {"code": code},
                     shorter=(_("Code copied: %(code)s") % {"code": format_code(puzzle)},
                              _("Code copied")))
        else:  # the code is all the player has: it shows whole, its name left off if need be
            self.say(_("No clipboard here; the code is %(code)s") % {"code": code}, bad=True,
                     shorter=(_("No clipboard here; the code is %(code)s")
                              % {"code": format_code(puzzle)},))

    def paste_code(self, text: str | None = None) -> None:
        """Open the puzzle in a pasted code; a bad code leaves the field untouched."""
        if text is None:
            text = clipboard.get_text()
            if text is None:
                self.say(_("No clipboard here: type the code in the Solo menu's seed field"),
                         bad=True)
                return
        code, name = split_named(text)
        try:
            puzzle = parse_code(code)
        except CodeError as err:
            self.say(str(err), bad=True)
            return
        self.edit(lambda d: Draft.of(puzzle))  # one more edit: Undo brings the field back
        self.field.cursor = ("field", 0, 0)
        if name:
            self.toolbar.set_name(name)
        self.saved = False
        self.say(_("Puzzle opened from its code. Undo brings the field before it back."))

    def save(self) -> None:
        """Into My puzzles, once it has a name and the solver has proved its par."""
        problem = self.draft.problem()
        if problem:
            self.say(problem, bad=True)
            return
        name = self.toolbar.name()
        if not name:
            self.say(_("Give your puzzle a name first"), bad=True)
            self.toolbar.ask_name()
            return
        if not self.proof.proven():
            self.say(_("Wait a moment: the solver has not proved the fewest cards yet"),
                     bad=True)
            return
        count = self.proof.answer.count
        if count is None:
            self.say(_("The target can never stay on the field: choose another target"),
                     bad=True)
            return
        try:
            level = save_puzzle(pref_dir(), name, self.draft.puzzle(), count)
        except OSError as err:
            self.say(_("Could not save the puzzle (%(why)s)") % {"why": reason(err)}, bad=True)
            return
        self.app.files.puzzles_changed()  # the campaign loads again, with My puzzles
        self.saved = True
        self.say(saved_words(level.name, level.par))

    def play_test(self) -> None:
        """Play the puzzle at a level's table; its end comes back here as a message."""
        draft = self.draft
        problem = draft.problem()
        if problem:
            self.say(problem, bad=True)
            return
        answer = self.proof.answer
        if answer.count is None and answer.proven:
            self.say(_("The target can never stay on the field: choose another target"),
                     bad=True)
            return
        par = answer.count if answer.count is not None else draft.card_count()
        name = self.toolbar.name() or _("Your puzzle")
        level = Level(id=PLAY_TEST_ID, english_name=name, chapter=MY_CHAPTER, par=par,
                      position=draft.position(), target=draft.target)
        proof = self.proof
        self.app.push(screen("play_test")(self.app, level, lambda state: self.say(tested_words(
            state, proof.answer.count if proof.proven() else None))))

    def back(self) -> None:
        """Leave; unsaved work asks first."""
        leave = super().back
        if self.saved or not self.draft.card_count():
            leave()
            return
        self.app.push(ConfirmScene(
            self.app, _("Leave the editor?"), leave, yes=_("Leave"),
            no=pgettext("button: stay in the editor", "Stay"),
            detail=_("This puzzle is not saved. Save it or copy its code to keep it.")))

    # Lifecycle and widgets -------------------------------------------------------------
    def exit(self) -> None:
        self.proof.solver.cancel()  # the worker waits for the next visit
        super().exit()

    def build(self) -> None:
        self.toolbar.build(self.button, self.entry, {
            "width": lambda step: self.set_width(self.draft.width + step),
            "height": lambda step: self.set_height(self.draft.height + step),
            "target": self.cycle_target, "undo": self.commands["edit_undo"],
            "redo": self.commands["edit_redo"], "play_test": self.play_test, "save": self.save,
            "copy": self.copy_code, "paste": self.paste_code, "clear": self.clear,
            "back": self.back})
        self.toolbar.label(self.history)
        steps = self.toolbar.steps  # − and + said in words, with the size they change
        for name, words in (("less0", N_("Narrower (width %(n)d)")),
                            ("more0", N_("Wider (width %(n)d)")),
                            ("less1", N_("Lower (height %(n)d)")),
                            ("more1", N_("Higher (height %(n)d)"))):
            size = self.draft.width if name.endswith("0") else self.draft.height
            self.label(steps[name], lambda w=words, n=size: _(w) % {"n": n})
        if not self.toolbar.active:
            self.toolbar.leave()

    def enter(self) -> None:
        super().enter()
        if not self.toolbar.active:
            self.toolbar.leave()

    def resume(self) -> None:
        super().resume()
        if not self.toolbar.active:
            self.toolbar.leave()

    # Input and drawing -----------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        toolbar, draft = self.toolbar, self.draft
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            toolbar.active = True
            return super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            hit = self.palette.hit(event.pos) or self.field.hit(event.pos, draft.width,
                                                                 draft.height)
            if hit is not None:
                toolbar.leave()
                self.field.cursor = hit
                self.use(erase=event.button == 3)  # a right click takes away, as the eraser
                self.dirty = True
                return True
        command = None if toolbar.typing() else self.app.input.controls.action(event, "editor")
        if command in self.commands and (not toolbar.active or command in ANYWHERE):
            self.commands[command]()
            self.dirty = True
            return True
        action = self.app.input.action(event)
        switch = self.app.input.controls.means("edit_buttons", event)  # typing too
        if toolbar.active:
            if switch:
                toolbar.leave()
                self.dirty = True
                return True
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                toolbar.leave()  # Enter after the name: back to the field
                return True
            return super().handle(event)
        if switch:
            toolbar.enter()
            self._spoken = None  # the button the keys are on now, said even if said before
            self._speak_focus()
        elif action is Action.SELECT:
            self.use()
        elif action in (Action.BACK, Action.PAUSE):
            self.back()
        elif self.field.move(action, draft.width, draft.height):
            self.voice.place(draft)
        elif self.palette.letter(event):
            self.voice.brush(draft)
        else:
            return super().handle(event) if event.type >= pygame.USEREVENT else False
        self.dirty = True
        return True

    def use(self, erase: bool = False) -> None:
        """SELECT / click: on the palette take that card as the brush; on the field paint with
        it (`erase`, Delete or a right click: take the card away whatever the brush)."""
        here = self.field.here()
        if here is None:
            if not erase:
                self.palette.brush = self.field.cursor[1]
                self.app.audio.play("select")
                self.voice.brush(self.draft)
            return
        if self.edit(*self.palette.stroke(*here, erase)):
            self.voice.placed(self.draft)

    def update(self, dt: float) -> None:
        if self.proof.tick(dt):
            self.dirty = True
            words = self.proof.words(self.draft)
            if words != self._answer_said:  # the live solver's answer changed: said once
                self._answer_said = words
                self.app.speech.say(words)

    def draw(self, surface: pygame.Surface) -> None:
        draft, on_field = self.draft, not self.toolbar.active
        self.field.draw(surface, draft, on_field)
        self.palette.draw(surface, draft, self.field.cursor if on_field else None)
        self.proof.draw(surface, draft)
        self.toolbar.draw(surface, draft)
        self.status.draw(surface, self.app.input.controls, self.app.input.device)
        if self.toolbar.active:
            self.ring.draw(surface)
