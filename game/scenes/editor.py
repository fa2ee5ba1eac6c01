"""Puzzle editor (Solo -> Make a puzzle): cards on a field, a target, the live solver's answer.

Cards obey gravity as they are placed (a card dropped above a gap falls onto its column) and
removed (the cards above fall), so no floating card can be made. The solver works in a thread
(game.campaign.live_solver); the frame loop only reads its latest answer. Two input zones:
the field with the brush palette below it (arrows, Enter, Delete; mouse; pad), and the panel's
buttons (Tab or pad X switches between them).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.campaign.levels import Level
from game.campaign.live_solver import LiveSolver
from game.campaign.puzzles import (
    MY_CHAPTER,
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
from game.render.field import FieldLayout, FieldRenderer
from game.render.palette import BAD, CREAM, FELT_PANEL, GOLD, MUTED, WHITE, WOOD
from game.render.widgets import TextCache
from game.scenes.confirm import ConfirmScene
from game.scenes.editor_play import EditorPlayScene
from game.scenes.menu import MenuScene
from game.ui import clipboard

PANEL = pygame.Rect(1460, 0, 460, 1080)
FIELD_AREA = pygame.Rect(0, 64, 1460, 800)
PALETTE_Y, PALETTE_W, PALETTE_PITCH = 912, 66, 78
KINDS = tuple(Card(colour, animal) for colour in Colour for animal in Animal)
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_TOP, BUTTON_STEP = 1480, 420, 58, 318, 66
PLAY_TEST_ID = "editor-play-test"
DOTS_S = 0.3  # the "searching" dots step this often
START_SIZE = (5, 3)


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
        width, height = START_SIZE
        self.columns: list[list[Card]] = [[] for _ in range(width)]
        self.height = height
        self.target: Card | None = None
        self.brush = 0  # index into KINDS
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
            self.load(puzzle)

    # The puzzle ------------------------------------------------------------------------
    @property
    def width(self) -> int:
        return len(self.columns)

    def position(self) -> Position:
        return Position(tuple(tuple(c) for c in self.columns), self.height)

    def puzzle(self) -> Puzzle:
        return Puzzle(self.position(), self.target)

    def card_count(self) -> int:
        return sum(len(c) for c in self.columns)

    def problem(self) -> str | None:
        """Why this field is not a puzzle yet (None when it is one)."""
        if not self.card_count():
            return _("Place some cards first")
        for x, column in enumerate(self.columns):
            if not column:
                return _("Column %(col)s is empty: fill it or make the field narrower") % {
                    "col": "abcdefgh"[x]}
        return None

    def load(self, puzzle: Puzzle) -> None:
        pos = puzzle.position
        self.columns = [list(c) for c in pos.columns]
        self.height = pos.height
        self.target = puzzle.target
        self.cursor = ("field", 0, 0)
        self._changed(saved=True)

    def _changed(self, saved: bool = False) -> None:
        """The field changed: the solver starts on it at once."""
        self.saved = saved
        if self.target is not None and self.target not in self.position().cards():
            self.target = None
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
        column = self.columns[x]
        if y < len(column):
            if column[y] == card:
                return
            column[y] = card
        elif len(column) < self.height:
            column.append(card)
        self._changed()
        self.app.audio.play("select")

    def remove(self, x: int, y: int) -> None:
        """Take the card on (x, y) away; the cards above it fall."""
        column = self.columns[x]
        if y >= len(column):
            self.say(_("There is no card there to take away"), bad=True)
            return
        del column[y]
        self._changed()
        self.app.audio.play("slide")

    def set_width(self, width: int) -> None:
        width = max(1, min(MAX_COLUMNS, width))
        if width == self.width:
            return
        self.columns = self.columns[:width] + [[] for _ in range(width - self.width)]
        self._clamp_cursor()
        self._changed()

    def set_height(self, height: int) -> None:
        height = max(1, min(MAX_ROWS, height))
        if height == self.height:
            return
        self.height = height
        for column in self.columns:
            del column[height:]
        self._clamp_cursor()
        self._changed()

    def cycle_target(self, step: int = 1) -> None:
        """None, then each kind of card on the field in turn."""
        choices = [None] + sorted(set(self.position().cards()))
        i = choices.index(self.target) if self.target in choices else 0
        self.target = choices[(i + step) % len(choices)]
        if len(choices) == 1:
            self.say(_("Place cards first: the target must be one of them"), bad=True)
        self._changed()

    def toggle_target_here(self) -> None:
        card = self._card_at_cursor()
        if card is None:
            self.say(_("Put the cursor on a card to make it the target"), bad=True)
            return
        self.target = None if self.target == card else card
        self._changed()

    def clear(self) -> None:
        self.columns = [[] for _ in self.columns]
        self.target = None
        self._changed()
        self.say(_("The field is clear"))

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
        self.say(_("Puzzle opened from its code"))

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
        rects = [(BUTTON_X, BUTTON_TOP + i * BUTTON_STEP, BUTTON_W, BUTTON_H) for i in range(10)]
        kind = "@menu_button"
        self.width_btn = self.button("", rects[0], lambda: self.set_width(self.width % 8 + 1),
                                     adjust=lambda s: self.set_width(self.width + s), kind=kind,
                                     name="width")
        self.height_btn = self.button("", rects[1],
                                      lambda: self.set_height(self.height % 4 + 1),
                                      adjust=lambda s: self.set_height(self.height + s),
                                      kind=kind, name="height")
        self.target_btn = self.button("", rects[2], self.cycle_target, adjust=self.cycle_target,
                                      name="target")
        self.button(_("Play-test"), rects[3], self.play_test, name="play_test")
        name = getattr(self, "name_entry", None)
        self.name_entry = self.entry(rects[4], name.get_text() if name is not None else "",
                                     limit=40, placeholder=_("Name your puzzle"))
        self.button(_("Save to My puzzles"), rects[5], self.save, name="save")
        self.button(_("Copy code"), rects[6], self.copy_code, name="copy")
        self.button(_("Paste code"), rects[7], self.paste_code, name="paste")
        self.button(_("Clear the field"), rects[8], self.clear, name="clear")
        self.button(_("Back"), rects[9], self.back, name="back")
        self._label_buttons()
        if self.zone == "field":
            self._leave_buttons()

    def _label_buttons(self) -> None:
        if getattr(self, "width_btn", None) is None or not self.width_btn.alive():
            return
        self.width_btn.set_text(_("Width: %(n)d   \u2212 / +") % {"n": self.width})
        self.height_btn.set_text(_("Height: %(n)d   \u2212 / +") % {"n": self.height})
        target = self.target.label if self.target is not None else _("none")
        self.target_btn.set_text(_("Target: %(card)s") % {"card": target})

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
                elif hit[0] == "field":
                    self.remove(hit[1], hit[2])
                self.dirty = True
                return True
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and \
                not self._typing() and event.key in (pygame.K_c, pygame.K_v):
            (self.copy_code if event.key == pygame.K_c else self.paste_code)()
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
                self.brush = (self.brush + step) % len(KINDS)
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
        if event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            step = -1 if event.key == pygame.K_LEFTBRACKET else 1
            self.brush = (self.brush + step) % len(KINDS)
            return True
        if event.key == pygame.K_t:
            self.toggle_target_here()
            return True
        letter = (getattr(event, "unicode", "") or "").upper()
        colour = next((c for c in Colour if c.letter == letter), None)
        animal = next((a for a in Animal if a.letter == letter), None)
        if colour is not None or animal is not None:
            old = KINDS[self.brush]
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
        self.place(self.cursor[1], self.cursor[2], KINDS[self.brush])

    def move_cursor(self, action: Action) -> None:
        dx = {Action.LEFT: -1, Action.RIGHT: 1}.get(action, 0)
        dy = {Action.UP: 1, Action.DOWN: -1}.get(action, 0)
        if self.cursor[0] == "palette":
            i = self.cursor[1]
            if dy > 0:
                self.cursor = ("field", min(self.width - 1, i * self.width // len(KINDS)), 0)
            elif dx:
                self.cursor = ("palette", (i + dx) % len(KINDS))
            return
        _kind, x, y = self.cursor
        if dy < 0 and y == 0:
            self.cursor = ("palette", min(len(KINDS) - 1, x * len(KINDS) // self.width))
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
        for i in range(len(KINDS)):
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
        left = (PANEL.x - len(KINDS) * PALETTE_PITCH + (PALETTE_PITCH - PALETTE_W)) // 2
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
            words = self.text.get(self.message, 30, True, BAD if self.message_bad else GOLD)
            surface.blit(words, words.get_rect(midtop=(PANEL.x // 2, 16)))
        if self.zone == "buttons":
            self.ring.draw(surface)

    def _draw_palette(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        for i, card in enumerate(KINDS):
            rect = self.palette_rect(i)
            if i == self.brush:
                pygame.draw.rect(surface, GOLD, rect.inflate(14, 14), 6, border_radius=12)
            surface.blit(assets.card_image(card.code, PALETTE_W), rect.topleft)
            if self.zone == "field" and self.cursor == ("palette", i):
                pygame.draw.rect(surface, WHITE, rect.inflate(26, 26), 5,
                                 border_radius=14)
        label = self.text.get(_("Brush: %(card)s") % {"card": KINDS[self.brush].label}, 24,
                              False, MUTED)
        surface.blit(label, label.get_rect(bottomleft=(self.palette_rect(0).x, PALETTE_Y - 14)))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        x0 = PANEL.x + 30
        surface.blit(self.text.get(_("Make a puzzle"), 40, True), (x0, 20))
        y = 92
        for words, size, bold, colour in self.answer_lines():
            img = self.text.get(words, size, bold, colour)
            surface.blit(img, (x0, y))
            y += img.get_height() + 4
        problem = self.problem() if self.card_count() else None
        if problem:
            for line in self.text.wrapped(problem, 22, 400, False, BAD)[:2]:
                surface.blit(line, (x0, min(y + 4, BUTTON_TOP - 60)))
                y += line.get_height()
        keys = (_("Enter place \u00b7 Del remove \u00b7 T target"),
                _("Pad: A place \u00b7 Y remove \u00b7 LB/RB brush"),
                _("Tab or pad X: to the buttons and back"))
        y = 984
        for line in keys:
            for img in self.text.wrapped(line, 19, 420, False, MUTED):
                surface.blit(img, (PANEL.x + 22, y))
                y += 23
