"""The table's still picture besides the panel: the field's lights, the banner's words, the
last move marked."""

from __future__ import annotations

import pygame

from game.anim.easing import shake
from game.i18n import _
from game.match.session import Phase
from game.render.field import PLAY_AREA
from game.render.palette import BAD_BOX, BAD_INK, CREAM, FELT_DEEP, GREEN, GREEN_INK, LAST_MOVE

BANNER = pygame.Rect(0, 0, 1460, 66)
BANNER_Y = 34


def draw_last_move(scene, surface: pygame.Surface) -> None:
    """Mark the last move until the next one: a frame round the scarer where it is now, a
    dashed frame round the cell the scared card left (gone if its column closed up). Both sit
    in the gap round the card, never over a face (the card that fell in stays plain to see)."""
    cells = scene.session.last_cells()
    if cells is None or (scene.phase == Phase.COMPUTER and scene.bot_move is not None):
        return  # the next move is being shown: its own lights take over
    scarer, scared = cells
    layout = scene.layout
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


def draw_field(scene, surface: pygame.Surface) -> None:
    """The cards with their lights: the chosen scarer, its targets, a refusal, a drag, a hint."""
    field, pos = scene.field, scene.state.position
    offsets = {}
    if scene.shake_cell is not None:
        t = 1 - max(0.0, scene.shake_until - scene.app.now) / 0.35
        offsets[scene.shake_cell] = (shake(t, 3) * 14, 0)
    targets = scene.targets_of.get(scene.selected, set()) if scene.selected else set()
    if scene.phase == Phase.COMPUTER:
        targets = {scene.bot_aim} if scene.bot_aim is not None else set()  # its choice only
    if scene.selected is not None:
        field.glow(surface, scene.selected, "selected")
        for t in targets:
            field.glow(surface, t, "target")
    if scene.shake_cell is not None:
        field.glow(surface, scene.shake_cell, "bad", offsets[scene.shake_cell])
    dragging = scene.drag_pos is not None and scene.press is not None
    skip = {scene.press[0]} if dragging else set()
    field.cards(surface, pos, skip, offsets)
    if scene.selected is not None:
        for x, y, _card in pos.occupied():
            if (x, y) != scene.selected and (x, y) not in targets:
                field.dim(surface, (x, y))
    if scene.move_in and scene.selected is not None:
        for t in targets:
            if t[0] != scene.selected[0]:
                badge(scene, surface, t, _("move in"))
    if dragging:
        card = pos.card_at(*scene.press[0])
        w, h = scene.layout.card_w, scene.layout.card_h
        field.card(surface, card.code, scene.drag_pos[0] - w / 2, scene.drag_pos[1] - h / 2)
    move = scene.hint_move
    if move is not None and scene.phase == Phase.TURN and scene.selected is None:
        field.glow(surface, move.scarer, "selected")
        field.glow(surface, move.target, "target")
        words = _("hint: move in") if move.move_in and not move.vertical else _("hint")
        badge(scene, surface, move.target, words)


def badge(scene, surface: pygame.Surface, cell, words: str) -> None:
    """A small green label at the foot of a card ("move in", "hint")."""
    r = scene.layout.card_rect(cell)
    # A little wider than a narrow card if need be: "podpowiedź" stays one word.
    badge = scene.text.fitted(words, 26, max(r.width - 24, 150), True, GREEN_INK)
    box = badge.get_rect(midbottom=(r.centerx, r.bottom - 8)).inflate(16, 6)
    pygame.draw.rect(surface, GREEN, box, border_radius=12)
    scene.text.draw(surface, words, box.inflate(-16, -6), 26, True, GREEN_INK, "center")


def draw_banner(scene, surface: pygame.Surface) -> None:
    text = scene.message or scene.hint()
    if not text:
        return
    bad = bool(scene.message) and scene.message_until - scene.app.now < 50
    colour = BAD_INK if bad else CREAM
    img = scene.text.fitted(text, 34, PLAY_AREA.width - 120, True, colour)
    box = img.get_rect(center=(PLAY_AREA.centerx, BANNER_Y)).inflate(36, 10)
    pygame.draw.rect(surface, BAD_BOX if bad else FELT_DEEP, box, border_radius=18)
    scene.text.draw(surface, text, box.inflate(-36, -10), 34, True, colour, "center")
