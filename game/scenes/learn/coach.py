"""The guided game's coach: it follows the lesson's steps (game/match/lesson.py) at the real
table, points at the thing each step is about (a ring, an arrow, the rest dimmed), waits for
the player, and answers a wrong try with a hint."""

from __future__ import annotations

import math

import pygame

from game.controls import Device, KeyedLine
from game.i18n import N_, _, ngettext
from game.match import (
    LINE_MOVES,
    PEEK,
    PLAY,
    READ,
    STEPS,
    WATCH,
    CoachedSeat,
    Phase,
    Step,
    points_now,
)
from game.render import fit, looks
from game.render.palette import BAD_BOX, BAD_INK, CLEAR, COACH_SHADE
from game.render.widgets import Button
from game.scenes.learn.lesson_panel import cycle_place
from game.scenes.table.commands import Reply
from game.scenes.table.flow import seats_y
from game.scenes.table.panel import PANEL, heading_and_seats
from game.scenes.table.peek_box import peek_place
from game.scenes.table.section import Section
from game.ui import look, pointer

BUBBLE_X, BUBBLE_W = 440, 1000  # right of the field's row numbers, left of the panel
# The kiosk's lesson, played by the coach: a step's caption stays as long as a passer-by
# takes to read it (CAPTION_WPM words a minute), at least this long, before the coach acts
# (about 30 s in all with the moves shown: tools/bench_lesson.py times it).
AUTO_READ_S, AUTO_ACT_S = 2.4, 1.2
CAPTION_WPM = 180
RING = 15 + 7  # how far the pulsing ring reaches out of what it rings, at its widest
# The coach's words that name keys, for the device in hand (the lesson's steps name none).
MOVE_IN_HOW = KeyedLine(
    "table",
    # TRANSLATORS: %(select)s and %(toggle)s are keys ("Enter", "Tab").
    keys=N_("Keys: %(select)s on the cat, %(toggle)s, then %(select)s on the mouse."),
    # TRANSLATORS: %(select)s and %(toggle)s are gamepad buttons ("A", "X").
    pad=N_("Gamepad: %(select)s on the cat, %(toggle)s, then %(select)s on the mouse."),
    # "With the mouse" is the device in the hand; the card is the animal on the field.
    mouse=N_("With the mouse in your hand: drag the cat onto the mouse card."))
# TRANSLATORS: %(peek)s is a key or a gamepad button ("P", "Y").
PEEK_KEY = KeyedLine("table", keys=N_("You can also press %(peek)s."))
# TRANSLATORS: under the "Got it" button; %(select)s is a key or a gamepad button ("Enter", "A").
GOT_IT_KEY = KeyedLine("table", keys=N_("or press %(select)s"))
READ_FIRST = KeyedLine(
    "table",
    # TRANSLATORS: %(select)s is a key or a gamepad button ("Enter", "A").
    keys=N_("Read the words first, then press %(select)s."),
    mouse=N_("Read the words first, then click \u201cGot it\u201d."))
SEATS = pygame.Rect(PANEL.x + 10, 16, 440, 220)  # whose turn and the seats, at the least


def place(name: str, view) -> pygame.Rect:
    """Where a part of the side panel a step can point at (besides cells) is drawn on the
    table the `view` shows, at this text size: the scare cycle ("cycle"), whose turn and the
    seats ("seats"), the peeked task cards ("tasks")."""
    if name == "cycle":
        return cycle_place(len(view.state.players))
    if name == "tasks":
        return peek_place(view)
    ring = SEATS.copy()  # as tall as the seats are at this text size
    ring.h = max(ring.h, heading_and_seats(len(view.state.players)).bottom + 4 - ring.y)
    return ring


PLACES = ("cycle", "seats", "tasks")  # the parts a step can point at (`place`)


class Coach(Section):
    """One guided game's coach: `step` is the index in STEPS. It follows the table's view and
    drives the lesson by Replies the table plays (its commands by name, the player's move in
    the kiosk); as a part of the table it answers input of its own first and draws over the
    table from the view. `keys`: the app's input; `peek`: the Peek button a step points at;
    `since`: when the table began (the first step's words are read from then)."""

    over = True

    def __init__(self, assets, keys, peek: Button, seat: CoachedSeat, since: float,
                 auto: bool = False) -> None:
        self.keys = keys
        self.seat = seat
        self.auto = auto  # the coach plays the player's part (the kiosk's lesson)
        self.step = 0
        self.tries = 0  # wrong tries at this step
        self.hint = ""  # what the last wrong try is told, shown in the coach's box
        self.got_it: Button | None = None
        self.read_from = since  # when this step began: its words are read first
        self.assets = assets
        self.peek = peek  # a step may point at it

    @property
    def current(self) -> Step | None:
        return STEPS[self.step] if self.step < len(STEPS) else None

    def words(self, state, device: Device) -> str:
        """The step's words at the table's `state`, for the `device` in hand."""
        step = self.current
        if step is None:
            return ""
        if self.auto:  # the kiosk: a short caption while the coach plays
            return _(step.caption or step.words)
        words = _(step.words)
        if step.tells_points:
            n = points_now(state, 0)  # the task cards' step: what they make now
            words += " " + ngettext("You have %(n)d point now.", "You have %(n)d points now.",
                                    n) % {"n": n}
        if step.does == PLAY and LINE_MOVES[step.ply].move_in:
            words += " " + self.keyed(MOVE_IN_HOW, device)
        if step.does == PEEK and self.keyed(PEEK_KEY, device):  # Peek is a button for the mouse
            words += " " + self.keyed(PEEK_KEY, device)
        return words

    def keyed(self, line: KeyedLine, device: Device) -> str:
        """A line that names keys, for the `device` in hand, as the player has bound them."""
        return line.words(self.keys.controls, device)

    def spoken(self, view) -> list[str]:
        """The step as the table that speaks says it, on the table the `view` shows: its
        words, and on a reading step how to go on (for the device in hand now: the key that
        moved the step on may have changed it since the view was made)."""
        if self.current is None:
            return []
        device = self.keys.device
        words = [self.words(view.state, device)]
        return words + [self.keyed(READ_FIRST, device)] if self._asks_got_it() else words

    # Following the game ----------------------------------------------------------------------
    def next(self, now: float, view) -> Reply:
        """The next step, begun at `now` on the table the `view` shows: the task cards
        covered unless it reads them, and the step heard (every step, after what the table
        said)."""
        self.step += 1
        self.tries = 0
        self.hint = ""
        self.read_from = now
        if self.current is None or self.current.does != READ:
            # The cards were read with the step about them.
            return Reply(commands=("peek_stop",), heard=tuple(self.spoken(view)))
        return Reply(heard=tuple(self.spoken(view)))

    def update(self, view, now: float) -> Reply | None:
        """One tick at `now` on the table the `view` shows: what the table does for the
        coach."""
        step = self.current
        if step is None:
            return None
        if self.auto:
            reply = self._play_for_the_player(step, view, now)
            if reply is not None:
                return reply
        if step.does == PEEK and view.peek_active:
            return self.next(now, view)
        if step.does in (PLAY, WATCH):
            if step.does == WATCH:
                self.seat.allowed = step.ply  # the computer may play now
            if len(view.state.moves) > step.ply and not view.animating:
                return self.next(now, view)
        return None

    def _play_for_the_player(self, step: Step, view, now: float) -> Reply | None:
        """The kiosk's lesson: each step's words are read out for a while, then done."""
        waited = now - self.read_from
        read = len(self.words(view.state, view.device).split()) * 60 / CAPTION_WPM
        if step.does == READ and waited >= max(AUTO_READ_S, read):
            return self.next(now, view)
        if step.does == PEEK and waited >= max(AUTO_ACT_S, read) and not view.peek_active:
            return Reply(commands=("peek_toggle",))
        if step.does == PLAY and waited >= max(AUTO_ACT_S, read) and \
                view.phase is Phase.TURN \
                and not view.animating and len(view.state.moves) == step.ply:
            return Reply(move=LINE_MOVES[step.ply])
        return None

    def accepts(self, move) -> bool:
        """Whether the player's move is the step's (else wrong() says what instead)."""
        step = self.current
        return step is not None and step.does == PLAY and \
            move.canonical() == LINE_MOVES[step.ply].canonical()

    def wrong(self, device: Device) -> Reply:
        """A try that is not the step's: the pick let go, and the step's hint."""
        step = self.current
        hint = self.refused(_(step.wrong) if step is not None and step.wrong else
                            self.keyed(READ_FIRST, device))
        return Reply(commands=("let_go",), sound="error", speak=hint.speak)

    def refused(self, hint: str) -> Reply:
        """A wrong try answered by `hint` in the coach's box (it stays until the next step),
        said at once: the step's hint, or why the table refused a pick."""
        self.tries += 1
        self.hint = hint
        return Reply(speak=hint)

    def handle(self, event, view) -> bool | None:
        """Input the coach answers itself (not while a move is shown): True when the table
        must not see the event, else None."""
        if view.animating:
            return None
        return self.answer(event, view) or None

    def answer(self, event, view) -> bool | Reply:
        """"Got it" on a reading step, a wrong try while the table waits: True (or what the
        table does instead) when the table must not see the event."""
        step = self.current
        if step is None or view.phase is Phase.OVER:
            return False
        pause = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE or \
            event.type == pygame.CONTROLLERBUTTONDOWN and event.button in (
                pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_B)
        if pause:
            return False
        if step.does == READ:
            if self._got_it(event):
                return self.next(view.now, view)
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                  pygame.CONTROLLERBUTTONDOWN)
        if step.does == PEEK:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                    view.field.layout.cell_at(event.pos) is not None:
                return self.wrong(view.device)  # a card, not Peek
            if event.type in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN) and \
                    self.keys.action(event) is not None and \
                    not self.keys.controls.means("peek", event):
                return self.wrong(view.device)
        if step.does == WATCH:
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                                  pygame.CONTROLLERBUTTONDOWN)
        return False

    def _got_it(self, event) -> bool:
        """A click, or the key or button that chooses (the one the words under it name)."""
        if self.keys.controls.means("select", event):
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1

    # Drawing -------------------------------------------------------------------------------
    def pointed(self, view) -> list[pygame.Rect]:
        """What the step points at, on the screen the snapshot `view` shows."""
        step = self.current
        if step is None:
            return []
        if step.points_at == "peek":
            return [self.peek.rect]
        if step.points_at in PLACES:
            return [place(step.points_at, view)]
        return [view.field.layout.card_rect(cell) for cell in step.cells
                if view.state.position.card_at(*cell) is not None]

    def aimed(self, view) -> pygame.Rect | None:
        """What the arrow points at: the card to pick next at a move (the scarer, then its
        target), else all that is ringed."""
        step = self.current
        rects = self.pointed(view)
        if not rects:
            return None
        if step.does == PLAY and len(step.cells) == 2:
            cell = step.cells[1] if view.pick.selected == step.cells[0] else step.cells[0]
            return view.field.layout.card_rect(cell).inflate(2 * RING, 2 * RING)
        if step.points_at == "seats" and looks.large():
            # The list under whose turn it is: the arrow beside it, below the coach's box (one
            # beside the whole ring would sit under it, so below the ring, over Last move).
            ring = rects[0]
            return pygame.Rect(ring.x, seats_y(), ring.w, ring.bottom - seats_y()).inflate(
                2 * RING, 2 * RING)
        return rects[0].unionall(rects[1:]).inflate(2 * RING, 2 * RING)

    def arrow(self, view) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """Where the arrow sits (its tip and direction): beside what it points at, off the
        coach's words and every ring."""
        target = self.aimed(view)
        if target is None:
            return None
        rects = self.pointed(view)
        rings = [r.inflate(2 * RING, 2 * RING) for r in rects]
        sides = pointer.LEFT_FIRST if target.right > PANEL.x else pointer.SIDES
        return pointer.place(target, [self.bubble_rect(rects, view).inflate(8, 8)] + rings,
                             sides=sides)

    def draw(self, surface: pygame.Surface, view) -> None:
        """The rest dimmed, what the step points at ringed, the coach's box and arrow; from the
        table's snapshot `view`."""
        if self.current is None or view.phase is Phase.OVER or view.animating:
            return
        rects = self.pointed(view)
        peeking = view.peek_active
        if not peeking:  # the rest dimmed, the thing pointed at left bright and ringed
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill(COACH_SHADE)
            for r in rects:
                shade.fill(CLEAR, r.inflate(16, 16))
            surface.blit(shade, (0, 0))
        grow = 10 + round(5 * looks.pulse(view.now))
        for r in rects:
            pygame.draw.rect(surface, look.GOLD, r.inflate(2 * grow, 2 * grow), 7,
                             border_radius=22)
        self._bubble(surface, rects, view)
        arrow = self.arrow(view)
        if arrow is not None:
            pointer.draw(surface, *arrow, (math.sin(view.now * 5) + 1) / 2)

    def _asks_got_it(self) -> bool:
        """A reading step waits for "Got it" (not in the kiosk: the coach moves on itself, and
        a passer-by's touch opens the menu)."""
        return self.current.does == READ and not self.auto

    def bubble_rect(self, rects: list[pygame.Rect], view=None) -> pygame.Rect:
        """The coach's box: at the top, else at the foot, else in the middle: where it covers
        nothing pointed at. At the foot it ends above the column letters of the `view`'s
        field (a letter half under its edge reads as cut: large cards put "a" there). At a
        large text size, at the top or the foot, it grows towards the field's middle as far
        as its words at their size need, short of what is pointed at."""
        base = (250 if self._asks_got_it() else 190) + (self._band_h() + 8 if self.hint else 0)
        box = pygame.Rect(BUBBLE_X, 24, BUBBLE_W, base)
        clear = [r.inflate(30, 30) for r in rects]
        foot = 1056 if view is None else min(1056, view.field.layout.card_rect((0, 0)).bottom)
        if any(box.colliderect(r) for r in clear):
            box.bottom = foot
            if any(box.colliderect(r) for r in clear):
                box.centery = 540
                return box
        if view is None or not looks.large():
            return box
        tall = self._room_below_words() + 44 + self._words_h(view)
        across = [r for r in clear if r.right > box.x and r.left < box.right]
        if box.y == 24:  # down to what is pointed at
            box.h = max(box.h, min([24 + tall, *(r.top for r in across if r.top >= box.bottom)])
                        - 24)
        else:  # up from the foot
            top = max([foot - tall, *(r.bottom for r in across if r.bottom <= box.top)])
            box.h, box.bottom = max(box.h, foot - top), foot
        return box

    def _room_below_words(self) -> int:
        """The height under the step's words in the box: "Got it" on a reading step, a wrong
        try's hint."""
        return (70 if self._asks_got_it() else 0) + (self._band_h() + 8 if self.hint else 0)

    def _words_h(self, view) -> int:
        """The height of the step's words in the box's width at the player's text size."""
        font = self.assets.font(looks.scaled(36))
        lines = fit.break_lines(font, self.words(view.state, view.device), BUBBLE_W - 72)
        return round(font.get_linesize() * 1.1) * (len(lines) - 1) + font.get_height()

    def _band_h(self) -> int:
        """The height of a wrong try's hint under the step's words: at a large text size as
        many lines as it takes at its size (one shrank a long German hint back to its 100 %
        size, two to a little less than 1.8 times that)."""
        if not looks.large():
            return 56
        font = self.assets.font(looks.scaled(32), True)
        lines = fit.break_lines(font, self.hint, BUBBLE_W - 48 - 28)
        return max(2, len(lines)) * font.get_linesize() + 8

    def _bubble(self, surface: pygame.Surface, rects: list[pygame.Rect], view) -> None:
        """The step's words in a cream box, where it covers nothing pointed at."""
        assets = self.assets
        reading = self._asks_got_it()
        box = self.bubble_rect(rects, view)
        surface.blit(look.panel(assets, box.size), box.topleft)
        band_h = self._band_h()
        words_box = pygame.Rect(box.x + 36, box.y + 22, box.w - 72,
                                box.h - 44 - self._room_below_words())
        fit.draw(surface, assets, self.words(view.state, view.device), words_box, 36, look.INK, anchor="midleft",
                 spacing=1.1)
        if self.hint:  # a wrong try: what to do instead, under the step's words
            band = pygame.Rect(box.x + 24, words_box.bottom + 4, box.w - 48, band_h)
            pygame.draw.rect(surface, BAD_BOX, band, border_radius=14)
            fit.draw(surface, assets, self.hint, band.inflate(-28, -8), 32, BAD_INK, True,
                     anchor="midleft")
        if reading:
            rect = pygame.Rect(0, 0, 300, 64)
            rect.bottomright = (box.right - 30, box.bottom - 20)
            if self.got_it is None or self.got_it.rect != rect:
                self.got_it = Button(assets, rect, _("Got it"), 30)
            self.got_it.draw(surface)
            hint = self.keyed(GOT_IT_KEY, view.device)  # none with the mouse: it clicks
            if hint:  # beside the button, a line as tall as the player's text size makes it
                tall = max(rect.h, assets.font(looks.scaled(26)).get_height())
                look.put(surface, assets, hint, (box.x + 36, rect.centery - tall // 2,
                                                 rect.x - box.x - 60, tall),
                         26, look.INK, anchor="midleft")

