"""The table's still picture besides the panel: the field's lights, the banner's words, the
last move marked."""

from __future__ import annotations

import pygame

from game.anim.easing import shake
from game.i18n import _
from game.match import Phase
from game.render import looks
from game.render.field import PLAY_AREA
from game.render.palette import BAD_BOX, BAD_INK, CREAM, FELT_DEEP, GREEN, GREEN_INK, LAST_MOVE
from game.scenes.table.pick import SHAKE_S
from game.scenes.table.section import Section

BANNER = pygame.Rect(0, 0, 1460, 66)
BANNER_Y = 34
SAID_S = 2.5  # each of the others' moves since a player's last turn is said this long


def draw_last_move(view, surface: pygame.Surface) -> None:
    """Mark the last move until the next one: a frame round the scarer where it is now, a
    dashed frame round the cell the scared card left (gone if its column closed up). Both sit
    in the gap round the card, never over a face (the card that fell in stays plain to see).
    `view` is the table's snapshot (table/view.py TableView)."""
    cells = view.last_cells
    if cells is None or (view.phase == Phase.COMPUTER and view.computer_moving):
        return  # the next move is being shown: its own lights take over
    scarer, scared = cells
    layout = view.field.layout
    if scared is not None and scared != scarer:
        _dashed_frame(surface, layout.card_rect(scared).inflate(12, 12))
    r = layout.card_rect(scarer).inflate(12, 12)
    pygame.draw.rect(surface, LAST_MOVE, r, 5, border_radius=14)


def _dashed_frame(surface: pygame.Surface, r: pygame.Rect, dash: int = 18, gap: int = 10,
                  width: int = 5) -> None:
    """A dashed outline just outside a card: the cell of the last scare."""
    edges = (((r.left, r.top), (1, 0), r.w), ((r.right - 1, r.top), (0, 1), r.h),
             ((r.right - 1, r.bottom - 1), (-1, 0), r.w), ((r.left, r.bottom - 1), (0, -1), r.h))
    for (x, y), (dx, dy), length in edges:
        for start in range(0, length, dash + gap):
            end = min(length, start + dash)
            a = (x + dx * start, y + dy * start)
            b = (x + dx * end, y + dy * end)
            pygame.draw.line(surface, LAST_MOVE, a, b, width)


def draw_field(view, surface: pygame.Surface, text) -> None:
    """The cards with their lights: the chosen scarer, its targets, a refusal, a drag, a hint;
    from the table's snapshot `view`, words through the TextCache `text`."""
    field, pos, pick = view.field, view.state.position, view.pick
    offsets = {}
    if pick.shake_cell is not None:
        t = 1 - max(0.0, pick.shake_until - view.now) / SHAKE_S
        offsets[pick.shake_cell] = (shake(t, 3) * 14, 0)
    targets = pick.targets
    if view.phase == Phase.COMPUTER:
        targets = {view.aim} if view.aim is not None else set()  # its choice only
    if pick.selected is not None:
        field.glow(surface, pick.selected, "selected")
        for t in targets:
            field.glow(surface, t, "target")
    if pick.shake_cell is not None:
        field.glow(surface, pick.shake_cell, "bad", offsets[pick.shake_cell])
    dragging = pick.drag_pos is not None and pick.press is not None
    skip = {pick.press.cell} if dragging else set()
    field.cards(surface, pos, skip, offsets)
    if pick.selected is not None:
        for x, y, _card in pos.occupied():
            if (x, y) != pick.selected and (x, y) not in targets:
                field.dim(surface, (x, y))
    if pick.move_in and pick.selected is not None:
        for t in targets:
            if t[0] != pick.selected[0]:
                badge(field, text, surface, t, _("move in"))
    if dragging:
        card = pos.card_at(*pick.press.cell)
        w, h = field.layout.card_w, field.layout.card_h
        field.card(surface, card.code, pick.drag_pos[0] - w / 2, pick.drag_pos[1] - h / 2)
    move = pick.hint_move
    if move is not None and view.phase == Phase.TURN and pick.selected is None:
        field.glow(surface, move.scarer, "selected")
        field.glow(surface, move.target, "target")
        words = _("hint: move in") if move.move_in and not move.vertical else _("hint")
        badge(field, text, surface, move.target, words)


def badge(field, text, surface: pygame.Surface, cell, words: str) -> None:
    """A small green label at the foot of a card ("move in", "hint")."""
    r = field.layout.card_rect(cell)
    # A little wider than a narrow card if need be: "podpowiedź" stays one word; as tall and
    # as wide as the player's text size makes it (its 150 px grown too).
    badge = text.fitted(words, 26, max(r.width - 24, round(150 * looks.text_size)), True,
                        GREEN_INK, grows=True)
    box = badge.get_rect(midbottom=(r.centerx, r.bottom - 8)).inflate(16, 6)
    pygame.draw.rect(surface, GREEN, box, border_radius=12)
    text.draw(surface, words, box.inflate(-16, -6), 26, True, GREEN_INK, "center")


class Banner(Section):
    """The banner over the field: a message for a while, then each of the others' moves not
    yet seen, told in turn; with nothing to say, the table's hint (what to do now)."""

    rect = BANNER
    cached = True

    def __init__(self, text_cache) -> None:
        self.text_cache = text_cache
        self.message = ""
        self.message_until = 0.0
        self.told: list[str] = []  # words to say in turn, each once the one before is gone
        self.unseen: list[str] = []  # the others' moves, to tell once the player sees the table
        self.told_close = False  # "The empty column closes up" is said once a game

    def say(self, text: str, until: float) -> bool:
        """`text` until `until`; True when it is new (the queue of old moves gives way)."""
        new = text != self.message
        if new:
            self.told = []
        self.message, self.message_until = text, until
        return new

    def tick(self, now: float) -> bool:
        """The message's time is up: the next told move, or nothing; True if it changed."""
        if not self.message or now < self.message_until:
            return False
        self.message = self.told.pop(0) if self.told else ""
        self.message_until = now + SAID_S
        return True

    def tell_unseen(self, now: float) -> None:
        """The others' moves since the player's last turn, one after another (heard as they
        were played)."""
        unseen, self.unseen = self.unseen, []
        if unseen:
            self.say(unseen[0], now + SAID_S)
            self.told = unseen[1:]

    def first_close(self) -> bool:
        """True the first time a column closes up in this game."""
        first, self.told_close = not self.told_close, True
        return first

    def draw(self, surface: pygame.Surface, view) -> None:
        """The snapshot's message, else its hint (a message of long standing is a complaint's
        red: the player's attention is wanted)."""
        text_cache = self.text_cache
        text = view.message or view.hint
        if not text:
            return
        bad = bool(view.message) and self.message_until - view.now < 50
        colour = BAD_INK if bad else CREAM
        img = text_cache.fitted(text, 34, PLAY_AREA.width - 120, True, colour, grows=True)
        box = img.get_rect(center=(PLAY_AREA.centerx, BANNER_Y)).inflate(36, 10)
        pygame.draw.rect(surface, BAD_BOX if bad else FELT_DEEP, box, border_radius=18)
        text_cache.draw(surface, text, box.inflate(-36, -10), 34, True, colour, "center")
