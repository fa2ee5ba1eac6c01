"""Puzzle editor (Solo -> Make a puzzle): cards on a field, a target, the live solver's answer.

The draft itself (gravity, two of each card, width, height, target, undo/redo) is
game.campaign.draft; this scene shows it and turns input into its edits. The solver works in a
thread (game.campaign.live_solver); the frame loop only reads its latest answer. Two input
zones: the field with the brush palette below it (cards and the eraser; arrows, Enter, Delete;
mouse; pad), and the panel's buttons (Tab or pad X switches between them).
"""

from __future__ import annotations

from game.campaign.draft import START_SIZE, Draft, DraftError, DraftHistory
from game.campaign.levels import Level
from game.campaign.live_solver import LiveSolver
from game.campaign.puzzles import (
    MY_CHAPTER,
    NAME_MAX,
    CodeError,
    Puzzle,
    format_code,
    named_code,
    parse_code,
    save_puzzle,
    split_named,
)
from game.engine.cards import Card
from game.engine.position import MAX_COLUMNS, MAX_ROWS, Position
from game.i18n import _, ngettext, pgettext, reason
from game.paths import pref_dir
from game.render.field import FieldRenderer
from game.render.widgets import TextCache
from game.scenes.confirm import ConfirmScene
from game.scenes.editor_input import EditorInput
from game.scenes.editor_layout import (
    BUTTON_H,
    BUTTON_STEP,
    BUTTON_TOP,
    BUTTON_W,
    BUTTON_X,
    DOTS_S,
    STEP_W,
)
from game.scenes.editor_play import EditorPlayScene
from game.scenes.editor_view import EditorView
from game.scenes.menu import MenuScene, size_entry
from game.ui import clipboard

PLAY_TEST_ID = "editor-play-test"


def live_solver_of(app) -> LiveSolver:
    """One solver worker per App: its process starts once (about 0.1-0.7 s) and then waits
    between editor visits, so opening the editor again answers at once."""
    if app.live_solver is None:
        app.live_solver = LiveSolver()
    return app.live_solver


class EditorScene(EditorInput, EditorView, MenuScene):
    """Make a puzzle: `puzzle` opens an existing one (a pasted code)."""

    def __init__(self, app, puzzle: Puzzle | None = None) -> None:
        super().__init__(app)
        self.history = DraftHistory(Draft.empty(*START_SIZE))
        self.brush = 0  # index into KINDS, or ERASER
        self.cursor: tuple = ("field", 0, 0)  # or ("palette", index)
        self.zone = "field"
        self.message, self.message_bad = "", False
        self.message_shorter: tuple[str, ...] = ()  # wordings for when the message is too long
        self.saved = True  # nothing to lose yet
        self.solver = live_solver_of(app)
        self.answer = self.solver.answer()
        self.renderers: dict[tuple[int, int], FieldRenderer] = {}
        self.text = TextCache(app.assets)
        self.dots = 0
        self.dots_timer = DOTS_S
        self.name_entry = None  # the puzzle's name box, made by build() (kept across builds)
        self.target_btn = None  # made by build()
        if puzzle is not None:
            self.history = DraftHistory(Draft.of(puzzle))
            self._changed(saved=True)

    # The puzzle ------------------------------------------------------------------------
    @property
    def draft(self) -> Draft:
        return self.history.draft

    @property
    def columns(self):
        return self.draft.columns

    @property
    def height(self) -> int:
        return self.draft.height

    @property
    def width(self) -> int:
        return self.draft.width

    @property
    def target(self) -> Card | None:
        return self.draft.target

    def position(self) -> Position:
        return self.draft.position()

    def puzzle(self) -> Puzzle:
        return self.draft.puzzle()

    def card_count(self) -> int:
        return self.draft.card_count()

    def problem(self) -> str | None:
        return self.draft.problem()

    def load(self, puzzle: Puzzle) -> None:
        """Open `puzzle` as one more edit (Undo brings the field before it back)."""
        self.edit(lambda d: Draft.of(puzzle))
        self.cursor = ("field", 0, 0)

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
        self._clamp_cursor()
        self._changed(before=before)
        self.app.audio.play(sound)
        return True

    def _changed(self, saved: bool = False, before: Draft | None = None) -> None:
        """The field changed: the solver starts on it at once."""
        self.saved = saved
        if before is not None and before.target is not None and self.target is None and \
                before.target not in self.draft.cards():
            self.say(_("The target left the field, so there is none now"))
        if self.card_count():
            self.solver.ask(self.position(), self.target)
        else:
            self.solver.cancel()
        self.answer = self.solver.answer()
        self._label_buttons()
        self.dirty = True

    def place(self, x: int, y: int, card: Card) -> None:
        """Put a card on (x, y); above a gap it falls onto the column."""
        self.edit(lambda d: d.place(x, y, card))

    def remove(self, x: int, y: int) -> None:
        """Take the card on (x, y) away; the cards above it fall."""
        self.edit(lambda d: d.remove(x, y), "slide")

    def set_width(self, width: int) -> None:
        """A narrower field asks first when its dropped columns hold cards."""
        lost = self.draft.lost_by_width(width)
        if lost:
            self._ask_to_drop(lost, lambda: self.edit(lambda d: d.with_width(width)),
                              _("Make the field narrower?"), _("Make it narrower"))
        else:
            self.edit(lambda d: d.with_width(width))

    def set_height(self, height: int) -> None:
        """A lower field asks first when cards stand above its new top row."""
        lost = self.draft.lost_by_height(height)
        if lost:
            self._ask_to_drop(lost, lambda: self.edit(lambda d: d.with_height(height)),
                              _("Make the field lower?"), _("Make it lower"))
        else:
            self.edit(lambda d: d.with_height(height))

    def _ask_to_drop(self, lost: int, go, question: str, yes: str) -> None:
        """The buttons name what they do: the change, or the field left as it is."""
        detail = ngettext("%(n)d card would leave the field. Undo brings it back.",
                          "%(n)d cards would leave the field. Undo brings them back.",
                          lost) % {"n": lost}
        self.app.push(ConfirmScene(self.app, question, go, yes=yes,
                                   no=_("Leave it as it is"), detail=detail))

    def cycle_target(self, step: int = 1) -> None:
        """None, then each kind of card on the field in turn."""
        if not self.card_count():
            self.say(_("Place cards first: the target must be one of them"), bad=True)
            return
        self.edit(lambda d: d.next_target(step))

    def toggle_target_here(self) -> None:
        card = self._card_at_cursor()
        if card is None:
            self.say(_("Put the cursor on a card to make it the target"), bad=True)
            return
        self.edit(lambda d: d.with_target(None if d.target == card else card))

    def clear(self) -> None:
        if self.edit(lambda d: d.cleared(), "slide"):
            self.say(_("The field is clear. Undo brings it back."))

    def undo(self) -> None:
        before = self.draft
        if self.history.undo() is None:
            self.say(_("Nothing to undo yet"), bad=True)
            return
        self._clamp_cursor()
        self._changed(before=before)
        self.app.audio.play("slide")

    def redo(self) -> None:
        before = self.draft
        if self.history.redo() is None:
            self.say(_("Nothing to redo"), bad=True)
            return
        self._clamp_cursor()
        self._changed(before=before)
        self.app.audio.play("select")

    # Commands --------------------------------------------------------------------------
    def say(self, words: str, bad: bool = False, shorter: tuple[str, ...] = ()) -> None:
        self.message, self.message_bad, self.message_shorter = words, bad, shorter
        if bad:
            self.app.audio.play("error")
        self.dirty = True

    def copy_code(self) -> None:
        problem = self.problem()
        if problem:
            self.say(problem, bad=True)
            return
        # The puzzle's name goes along: the friend's play screen shows it (split_named).
        code = named_code(self.puzzle(), self.name_entry.get_text())
        if clipboard.put_text(code):  # a long named code: the words without it, then fewer
            self.say(_("Code copied: %(code)s") % {"code": code},
                     shorter=(_("Code copied: %(code)s") % {"code": format_code(self.puzzle())},
                              _("Code copied")))
        else:  # the code is all the player has: it shows whole, its name left off if need be
            self.say(_("No clipboard here; the code is %(code)s") % {"code": code}, bad=True,
                     shorter=(_("No clipboard here; the code is %(code)s")
                              % {"code": format_code(self.puzzle())},))

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
        self.load(puzzle)
        if name:
            self.name_entry.set_text(name)
            size_entry(self.app.assets, self.name_entry)
        self.saved = False
        self.say(_("Puzzle opened from its code. Undo brings the field before it back."))

    def proven(self) -> bool:
        return self.answer.proven and self.answer.ticket == self.solver.answer().ticket

    def save(self) -> None:
        problem = self.problem()
        if problem:
            self.say(problem, bad=True)
            return
        name = self.name_entry.get_text().strip()
        if not name:
            self.say(_("Give your puzzle a name first"), bad=True)
            self.zone = "buttons"
            self.ring.focus(self.name_entry)
            return
        if not self.proven():
            self.say(_("Wait a moment: the solver has not proved the fewest cards yet"),
                     bad=True)
            return
        if self.answer.count is None:
            self.say(_("The target can never stay on the field: choose another target"),
                     bad=True)
            return
        try:
            level = save_puzzle(pref_dir(), name, self.puzzle(), self.answer.count)
        except OSError as err:
            self.say(_("Could not save the puzzle (%(why)s)") % {"why": reason(err)}, bad=True)
            return
        self.app.files.puzzles_changed()  # the campaign loads again, with My puzzles
        self.saved = True
        self.say(_("Saved in My puzzles as \u201c%(name)s\u201d (par %(par)d)")
                 % {"name": level.name, "par": level.par})

    def play_test(self) -> None:
        problem = self.problem()
        if problem:
            self.say(problem, bad=True)
            return
        answer = self.answer
        if answer.count is None and answer.proven:
            self.say(_("The target can never stay on the field: choose another target"),
                     bad=True)
            return
        par = answer.count if answer.count is not None else self.card_count()
        name = self.name_entry.get_text().strip() or _("Your puzzle")
        level = Level(id=PLAY_TEST_ID, english_name=name, chapter=MY_CHAPTER, par=par,
                      position=self.position(), target=self.target)
        self.app.push(EditorPlayScene(self.app, level, self._tested))

    def _tested(self, state) -> None:
        left = state.position.card_count()
        words = ngettext("Play-test over: %(n)d card left", "Play-test over: %(n)d cards left",
                         left) % {"n": left}
        if self.proven() and self.answer.count is not None:
            words = ngettext("Play-test over: %(n)d card left  \u00b7  the fewest possible is "
                             "%(fewest)d", "Play-test over: %(n)d cards left  \u00b7  the fewest "
                             "possible is %(fewest)d", left) % {"n": left,
                                                                "fewest": self.answer.count}
        self.say(words)

    def back(self) -> None:
        if self.saved or not self.card_count():
            self._leave()
            return
        self.app.push(ConfirmScene(
            self.app, _("Leave the editor?"), self._leave, yes=_("Leave"), no=pgettext("button: stay in the editor", "Stay"),
            detail=_("This puzzle is not saved. Save it or copy its code to keep it.")))

    def _leave(self) -> None:
        self.app.audio.play("select")
        self.app.pop()

    # Lifecycle and widgets -------------------------------------------------------------
    def exit(self) -> None:
        self.solver.cancel()  # the worker waits for the next visit
        super().exit()

    def build(self) -> None:
        rows = [BUTTON_TOP + i * BUTTON_STEP for i in range(11)]
        kind = "@menu_button"
        steps = []
        for row, (less, more, adjust) in enumerate((
                (self._narrower, self._wider, lambda s: self.set_width(self.width + s)),
                (self._lower, self._higher, lambda s: self.set_height(self.height + s)))):
            y = rows[row]
            steps.append((self.button("\u2212", (BUTTON_X, y, STEP_W, BUTTON_H), less,
                                      adjust=adjust, kind=kind, name=f"less{row}"),
                          self.button("+", (BUTTON_X + BUTTON_W - STEP_W, y, STEP_W, BUTTON_H),
                                      more, adjust=adjust, kind=kind, name=f"more{row}")))
        (self.narrower_btn, self.wider_btn), (self.lower_btn, self.higher_btn) = steps
        self.target_btn = self.button("", (BUTTON_X, rows[2], BUTTON_W, BUTTON_H),
                                      self.cycle_target, adjust=self.cycle_target, name="target")
        half = (BUTTON_W - 12) // 2
        self.undo_btn = self.button(_("Undo"), (BUTTON_X, rows[3], half, BUTTON_H), self.undo,
                                    kind=kind, name="undo")
        self.redo_btn = self.button(_("Redo"), (BUTTON_X + BUTTON_W - half, rows[3], half,
                                                BUTTON_H), self.redo, kind=kind, name="redo")
        full = [(BUTTON_X, y, BUTTON_W, BUTTON_H) for y in rows]
        self.button(_("Play-test"), full[4], self.play_test, name="play_test")
        name = self.name_entry
        self.name_entry = self.entry(full[5], name.get_text() if name is not None else "",
                                     limit=NAME_MAX, placeholder=_("Name your puzzle"))
        self.button(_("Save to My puzzles"), full[6], self.save, name="save")
        self.button(_("Copy code"), full[7], self.copy_code, name="copy")
        self.button(_("Paste code"), full[8], self.paste_code, name="paste")
        self.button(_("Clear the field"), full[9], self.clear, name="clear")
        self.button(_("Back"), full[10], self.back, name="back")
        self._label_buttons()
        if self.zone == "field":
            self._leave_buttons()

    def _narrower(self) -> None:
        self.set_width(self.width - 1)

    def _wider(self) -> None:
        self.set_width(self.width + 1)

    def _lower(self) -> None:
        self.set_height(self.height - 1)

    def _higher(self) -> None:
        self.set_height(self.height + 1)

    def _label_buttons(self) -> None:
        """Words and greyed looks follow the draft: no − at one column, no Undo at the start."""
        if self.target_btn is None or not self.target_btn.alive():
            return
        target = self.target.label if self.target is not None else _("none")
        self.target_btn.set_text(_("Target: %(card)s") % {"card": target})
        for button, usable in ((self.narrower_btn, self.width > 1),
                               (self.wider_btn, self.width < MAX_COLUMNS),
                               (self.lower_btn, self.height > 1),
                               (self.higher_btn, self.height < MAX_ROWS),
                               (self.undo_btn, self.history.can_undo),
                               (self.redo_btn, self.history.can_redo)):
            if usable and not button.is_enabled:
                button.enable()
            elif not usable and button.is_enabled:
                button.disable()

    def enter(self) -> None:
        super().enter()
        if self.zone == "field":
            self._leave_buttons()

    def _leave_buttons(self) -> None:
        """Keyboard and pad go to the field: no button looks focused, no typing."""
        self.zone = "field"
        self.ring._unmark()
        self.app.ui.set_focus_set(None)

    def _enter_buttons(self) -> None:
        self.zone = "buttons"
        self.ring.refresh()

    def resume(self) -> None:
        super().resume()
        if self.zone == "field":
            self._leave_buttons()

    # Input -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        answer = self.solver.answer()
        if answer != self.answer:
            self.answer = answer
            self.dirty = True
        if answer.searching:
            self.dots_timer -= dt
            if self.dots_timer <= 0:
                self.dots_timer = DOTS_S
                self.dots = (self.dots + 1) % 4
                self.dirty = True
