"""Puzzle editor (Solo -> Make a puzzle): cards on a field, a target, the live solver's answer.

The draft itself (gravity, two of each card, width, height, target, undo/redo) is
game.campaign.draft; this scene shows it and turns input into its edits. The solver works in a
thread (game.campaign.live_solver); the frame loop only reads its latest answer. Two input
zones: the field with the brush palette below it (cards and the eraser; arrows, Enter, Delete;
mouse; pad), and the panel's buttons (Tab or pad X switches between them).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.campaign.draft import START_SIZE, Draft, DraftError, DraftHistory
from game.campaign.levels import Level
from game.campaign.live_solver import LiveSolver
from game.campaign.puzzles import (
    MY_CHAPTER,
    NAME_MAX,
    CodeError,
    Puzzle,
    format_code,
    parse_code,
    save_puzzle,
)
from game.engine.cards import Animal, Card, Colour
from game.engine.position import MAX_COLUMNS, MAX_ROWS, Position
from game.i18n import _, format_decimal, ngettext, reason
from game.input import Action
from game.paths import pref_dir
from game.render import fit
from game.render.field import FieldLayout, FieldRenderer
from game.render.palette import (
    BAD,
    CREAM,
    FELT_PANEL,
    GOLD,
    INK,
    MUTED,
    PAPER,
    RED,
    RED_TEXT,
    WHITE,
    WOOD,
    WOOD_LIGHT,
)
from game.render.widgets import TextCache
from game.scenes.confirm import ConfirmScene
from game.scenes.editor_play import EditorPlayScene
from game.scenes.menu import MenuScene
from game.ui import clipboard

PANEL = pygame.Rect(1460, 0, 460, 1080)
FIELD_AREA = pygame.Rect(0, 64, 1460, 800)
PALETTE_Y, PALETTE_W, PALETTE_PITCH = 912, 66, 78
KINDS = tuple(Card(colour, animal) for colour in Colour for animal in Animal)
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_TOP, BUTTON_STEP = 1480, 420, 54, 300, 62
STEP_W = 84  # the − and + buttons beside Width and Height
ERASER = len(KINDS)  # the palette's last brush takes cards away
PALETTE_SIZE = len(KINDS) + 1
PLAY_TEST_ID = "editor-play-test"

DOTS_S = 0.3  # the "searching" dots step this often
MESSAGE_BOX = pygame.Rect(24, 6, PANEL.x - 48, 58)
KEYS_BOX = pygame.Rect(24, 1012, PANEL.x - 48, 64)


def live_solver_of(app) -> LiveSolver:
    """One solver worker per App: its process starts once (about 0.1-0.7 s) and then waits
    between editor visits, so opening the editor again answers at once."""
    if app.live_solver is None:
        app.live_solver = LiveSolver()
    return app.live_solver


class EditorScene(MenuScene):
    """Make a puzzle: `puzzle` opens an existing one (a pasted code)."""

    def __init__(self, app, puzzle: Puzzle | None = None) -> None:
        super().__init__(app)
        self.history = DraftHistory(Draft.empty(*START_SIZE))
        self.brush = 0  # index into KINDS, or ERASER
        self.cursor: tuple = ("field", 0, 0)  # or ("palette", index)
        self.zone = "field"
        self.message, self.message_bad = "", False
        self.saved = True  # nothing to lose yet
        self.solver = live_solver_of(app)
        self.answer = self.solver.answer()
        self.renderers: dict[tuple[int, int], FieldRenderer] = {}
        self.text = TextCache(app.assets)
        self.dots = 0
        self.dots_timer = DOTS_S
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
                              _("Make the field narrower?"))
        else:
            self.edit(lambda d: d.with_width(width))

    def set_height(self, height: int) -> None:
        """A lower field asks first when cards stand above its new top row."""
        lost = self.draft.lost_by_height(height)
        if lost:
            self._ask_to_drop(lost, lambda: self.edit(lambda d: d.with_height(height)),
                              _("Make the field lower?"))
        else:
            self.edit(lambda d: d.with_height(height))

    def _ask_to_drop(self, lost: int, go, question: str) -> None:
        detail = ngettext("%(n)d card would leave the field. Undo brings it back.",
                          "%(n)d cards would leave the field. Undo brings them back.",
                          lost) % {"n": lost}
        self.app.push(ConfirmScene(self.app, question, go, yes=_("Take them off"),
                                   no=_("Keep them"), detail=detail))

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
    def say(self, words: str, bad: bool = False) -> None:
        self.message, self.message_bad = words, bad
        if bad:
            self.app.audio.play("error")
        self.dirty = True

    def copy_code(self) -> None:
        problem = self.problem()
        if problem:
            self.say(problem, bad=True)
            return
        code = format_code(self.puzzle())
        if clipboard.put_text(code):
            self.say(_("Code copied: %(code)s") % {"code": code})
        else:
            self.say(_("No clipboard here; the code is %(code)s") % {"code": code}, bad=True)

    def paste_code(self, text: str | None = None) -> None:
        """Open the puzzle in a pasted code; a bad code leaves the field untouched."""
        if text is None:
            text = clipboard.get_text()
            if text is None:
                self.say(_("No clipboard here: type the code in the Solo menu's seed field"),
                         bad=True)
                return
        try:
            puzzle = parse_code(text)
        except CodeError as err:
            self.say(str(err), bad=True)
            return
        self.load(puzzle)
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
        self.app.campaign = None  # the campaign loads again, with My puzzles
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
            words += "  \u00b7  " + _("the fewest possible is %(n)d") % {"n": self.answer.count}
        self.say(words)

    def back(self) -> None:
        if self.saved or not self.card_count():
            self._leave()
            return
        self.app.push(ConfirmScene(
            self.app, _("Leave the editor?"), self._leave, yes=_("Leave"), no=_("Stay"),
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
        name = getattr(self, "name_entry", None)
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
        if getattr(self, "target_btn", None) is None or not self.target_btn.alive():
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
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and \
                not self._typing() and event.key in (pygame.K_c, pygame.K_v, pygame.K_z, pygame.K_y):
            {pygame.K_c: self.copy_code, pygame.K_v: self.paste_code, pygame.K_z: self.undo,
             pygame.K_y: self.redo}[event.key]()
            return True
        action = self.app.input.action(event)
        switch = action is Action.TOGGLE
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
            self.ring.focused.element is getattr(self, "name_entry", None)

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
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            step = {pygame.CONTROLLER_BUTTON_LEFTSHOULDER: -1,
                    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: 1}.get(event.button)
            if step is not None:
                self.brush = (self.brush + step) % (len(KINDS) + 1)
                return True
            if event.button == pygame.CONTROLLER_BUTTON_Y:
                self.remove_here()
                return True
            if event.button == pygame.CONTROLLER_BUTTON_BACK:
                self.toggle_target_here()
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE, pygame.K_x):
            self.remove_here()
            return True
        if event.key in (pygame.K_u, pygame.K_r):  # as on the table: U undo, R redo
            (self.undo if event.key == pygame.K_u else self.redo)()
            return True
        if event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            step = -1 if event.key == pygame.K_LEFTBRACKET else 1
            self.brush = (self.brush + step) % (len(KINDS) + 1)
            return True
        if event.key == pygame.K_t:
            self.toggle_target_here()
            return True
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

    def renderer(self) -> FieldRenderer:
        key = (self.width, self.height)
        if key not in self.renderers:
            field = FieldRenderer(self.app.assets, FieldLayout(*key, FIELD_AREA))
            pygame.draw.rect(field.background, FELT_PANEL, PANEL)
            pygame.draw.line(field.background, WOOD, PANEL.topleft, PANEL.bottomleft, 6)
            self.renderers[key] = field
        return self.renderers[key]

    @staticmethod
    def palette_rect(i: int) -> pygame.Rect:
        left = (PANEL.x - PALETTE_SIZE * PALETTE_PITCH + (PALETTE_PITCH - PALETTE_W)) // 2
        return pygame.Rect(left + i * PALETTE_PITCH, PALETTE_Y, PALETTE_W,
                           round(PALETTE_W * 336 / 240))

    def answer_lines(self) -> list[tuple[str, int, bool, tuple]]:
        """The solver's answer as (words, size, bold, colour) lines for the panel."""
        answer = self.answer
        if not self.card_count():
            return [(_("Place some cards"), 30, True, MUTED)]
        if answer.proven:
            if answer.count is None:
                return [(_("The target can never"), 32, True, BAD),
                        (_("stay on the field"), 32, True, BAD)]
            return [(_("Fewest cards that can remain"), 26, False, MUTED),
                    (str(answer.count), 72, True, GOLD),
                    (_("proved in %(s)s s") % {"s": format_decimal(answer.seconds, 2)}, 22, False,
                     MUTED)]
        lines = [(_("Searching") + "." * self.dots, 30, True, CREAM)]
        if answer.count is not None:
            lines.append((_("best found so far: %(n)d") % {"n": answer.count}, 28, False, GOLD))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        field = self.renderer()
        lay = field.layout
        surface.blit(field.background, (0, 0))
        marked = self.target
        for x, y, card in self.position().occupied():
            if card == marked:
                field.glow(surface, (x, y), "target")
            field.card(surface, card.code, *lay.card_rect((x, y)).topleft)
        if self.zone == "field" and self.cursor[0] == "field":
            field.draw_cursor(surface, self.cursor[1:])
        self._draw_palette(surface)
        self._draw_panel(surface)
        if self.message:
            fit.draw(surface, self.app.assets, self.message, MESSAGE_BOX, 30,
                     BAD if self.message_bad else GOLD, True)
        if self.zone == "buttons":
            self.ring.draw(surface)

    def _draw_palette(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        for i in range(PALETTE_SIZE):
            rect = self.palette_rect(i)
            if i == self.brush:
                pygame.draw.rect(surface, GOLD, rect.inflate(14, 14), 6, border_radius=12)
            if i == ERASER:
                self._draw_eraser(surface, rect)
            else:
                surface.blit(assets.card_image(KINDS[i].code, PALETTE_W), rect.topleft)
                if self.draft.used_up(KINDS[i]):  # both copies on the field: greyed
                    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                    shade.fill((*FELT_PANEL, 170))
                    surface.blit(shade, rect.topleft)
            if self.zone == "field" and self.cursor == ("palette", i):
                pygame.draw.rect(surface, WHITE, rect.inflate(26, 26), 5,
                                 border_radius=14)
        if self.brush == ERASER:
            words = _("Eraser: click a card to take it away")
        else:
            card = KINDS[self.brush]
            words = _("Brush: %(card)s") % {"card": card.label}
            if self.draft.used_up(card):
                words = _("Brush: %(card)s (both are on the field)") % {"card": card.label}
        room = pygame.Rect(self.palette_rect(0).x, PALETTE_Y - 44, PANEL.x - 2 * 40, 32)
        fit.draw(surface, assets, words, room, 24, MUTED, anchor="bottomleft")

    def _draw_eraser(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The eraser brush, a tile beside the cards (visible, for touch): a cross over a
        rubber."""
        pygame.draw.rect(surface, PAPER, rect, border_radius=8)
        pygame.draw.rect(surface, WOOD_LIGHT, rect, 3, border_radius=8)
        cross = pygame.Rect(0, 0, rect.w - 24, rect.w - 24)
        cross.center = (rect.centerx, rect.y + rect.h // 3)
        for a, b in ((cross.topleft, cross.bottomright), (cross.topright, cross.bottomleft)):
            pygame.draw.line(surface, RED, a, b, 9)
        rubber = pygame.Rect(0, 0, rect.w - 18, rect.w // 3)
        rubber.midbottom = (rect.centerx, rect.bottom - 12)
        pygame.draw.rect(surface, RED_TEXT, rubber, border_radius=5)
        pygame.draw.rect(surface, INK, rubber, 2, border_radius=5)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        x0 = PANEL.x + 30
        fit.draw(surface, assets, _("Make a puzzle"), pygame.Rect(x0, 20, PANEL.w - 50, 54),
                 40, CREAM, True, anchor="topleft")
        y = 92
        for words, size, bold, colour in self.answer_lines():
            tall = size + 30 if size > 30 else 2 * size + 26  # small words may take two lines
            rect = fit.draw(surface, assets, words, pygame.Rect(x0, y, PANEL.w - 50, tall),
                            size, colour, bold, anchor="topleft")
            y = rect.bottom + 4
        problem = self.problem() if self.card_count() else None
        if problem:
            room = pygame.Rect(x0, y + 4, PANEL.w - 50, BUTTON_TOP - 10 - (y + 4))
            fit.draw(surface, assets, problem, room, 24, BAD, anchor="topleft")
        for row, words in ((0, _("Width: %(n)d") % {"n": self.width}),
                           (1, _("Height: %(n)d") % {"n": self.height})):
            box = pygame.Rect(BUTTON_X + STEP_W + 8, BUTTON_TOP + row * BUTTON_STEP,
                              BUTTON_W - 2 * STEP_W - 16, BUTTON_H)
            fit.draw(surface, assets, words, box, 30, CREAM, True)
        keys = _("Enter place \u00b7 Del remove \u00b7 T target \u00b7 U undo \u00b7 R redo "
                 "\u00b7 Tab: the buttons \u00b7 Pad: A place, Y remove, LB/RB brush, X buttons")
        fit.draw(surface, assets, keys, KEYS_BOX, 22, MUTED)
