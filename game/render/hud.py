"""Pieces of the play screen's side panel that never change: the scare-rule cycle."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.render import fit, looks
from game.render.palette import CREAM, SHADOW_SOFT

# Four colours on purpose: the cycle shows colour plays no part in who scares whom.
CYCLE = ("YE", "OD", "PC", "BM")
CYCLE_WORDS = (N_("elephant"), N_("dog"), N_("cat"), N_("mouse"))
HEADING, FOOT = N_("Who scares whom"), N_("Colour plays no part")


def cycle_words() -> tuple[str, ...]:
    """Every word the scare cycle's picture shows, in the language on screen."""
    return tuple(_(word) for word in (HEADING, *CYCLE_WORDS, FOOT))


def _arrow(surf: pygame.Surface, start, end, colour=CREAM, width: int = 8) -> None:
    v = pygame.Vector2(end) - pygame.Vector2(start)
    if v.length() == 0:
        return
    tip = pygame.Vector2(end)
    d = v.normalize()
    n = pygame.Vector2(-d.y, d.x)
    base = tip - d * 22
    pygame.draw.line(surf, colour, start, base, width)
    pygame.draw.polygon(surf, colour, [tip, base + n * 16, base - n * 16])


def scare_cycle(assets, size: tuple[int, int] = (420, 300), card_w: int = 74) -> pygame.Surface:
    """Elephant -> dog -> cat -> mouse -> back to elephant: four small cards in a row with arrows
    and a return arrow underneath (made once). Every word stays inside the box."""
    w, h = size
    surf = fit.picture(size)
    pygame.draw.rect(surf, SHADOW_SOFT, surf.get_rect(), border_radius=24)
    fit.draw(surf, assets, _(HEADING), pygame.Rect(16, 6, w - 32, 46), 30, CREAM, True,
             anchor="midtop")
    card_h = round(card_w * 336 / 240)
    top = 56
    labels = [fit.label(assets, _(word), 21, CREAM, True) for word in CYCLE_WORDS]
    # The outer cards sit far enough in that their words (wider than a card) fit in the box.
    edge = 12
    first = max(edge + card_w / 2, edge + labels[0].get_width() / 2)
    last = w - max(edge + card_w / 2, edge + labels[-1].get_width() / 2)
    pitch = (last - first) / 3
    rects = []
    for i, (name, label) in enumerate(zip(CYCLE, labels, strict=True)):
        r = pygame.Rect(0, top, card_w, card_h)
        r.centerx = round(first + i * pitch)
        surf.blit(assets.card_image(name, card_w), r.topleft)
        at = label.get_rect(midtop=(r.centerx, r.bottom + 2))
        surf.blit(label, at)
        fit.seen(surf, label, at, pygame.Rect(edge, at.y, w - 2 * edge, at.h))  # inside the box
        rects.append(r)
    for a, b in zip(rects, rects[1:], strict=False):
        _arrow(surf, (a.right + 4, a.centery), (b.left - 4, b.centery), width=6)
    # The way back: from under the mouse's word round to under the elephant's.
    below = rects[0].bottom + 2 + max(label.get_height() for label in labels)
    low = below + 16
    pygame.draw.line(surf, CREAM, (rects[3].centerx, below + 2), (rects[3].centerx, low), 6)
    pygame.draw.line(surf, CREAM, (rects[3].centerx, low), (rects[0].centerx, low), 6)
    _arrow(surf, (rects[0].centerx, low), (rects[0].centerx, below), width=6)
    fit.draw(surf, assets, _(FOOT), pygame.Rect(16, low + 8, w - 32, h - low - 8),
             22, CREAM, anchor="midtop")
    return surf


def scare_ring(assets, size: tuple[int, int]) -> pygame.Surface:
    """The scare cycle at a large text size, in the room of `size` (the panel's width): the
    four cards in a ring (elephant -> dog above, mouse <- cat below, arrows round), each word
    outside the ring at the player's text size, "Colour plays no part" under it. The cards
    take the height the words leave; the arrows and the guided game's words say who scares
    whom, so the heading gives its room to them."""
    w, h = size
    surf = fit.picture(size)
    pygame.draw.rect(surf, SHADOW_SOFT, surf.get_rect(), border_radius=24)
    room = w - 32
    # One line where it fits a little smaller (still 1.8 times as tall as at 100 %), else
    # two (a long Polish phrase): the cards keep the height it leaves.
    words, least = _(FOOT), 1.8 * assets.font(22).get_height()
    one = next((points for points in range(looks.scaled(22), 22, -1)
                if assets.font(points).get_height() >= least
                and assets.font(points).size(words)[0] <= room), None)
    foot = fit.label(assets, words, one, CREAM) if one else fit.fit(
        assets, words, (room, 2 * assets.font(looks.scaled(22)).get_linesize()), 22, CREAM,
        align="centre")
    foot_h = foot.get_height()
    labels = [fit.label(assets, _(word), looks.scaled(21), CREAM, True) for word in CYCLE_WORDS]
    label_h = max(label.get_height() for label in labels)
    gap = 36  # between the rows: the arrows down and up
    card_h = (h - 16 - foot_h - 12 - 2 * label_h - 8 - gap) // 2
    card_w = min(90, card_h * 240 // 336)
    card_h = round(card_w * 336 / 240)
    top = (h - 12 - foot_h - (2 * label_h + 8 + gap + 2 * card_h)) // 2
    # Clockwise from the top left: elephant, dog (top right), cat (below it), mouse.
    centres = (w // 4, 3 * w // 4, 3 * w // 4, w // 4)
    rows = (top + label_h + 4, top + label_h + 4, top + label_h + 4 + card_h + gap,
            top + label_h + 4 + card_h + gap)
    rects = []
    for i, (name, label) in enumerate(zip(CYCLE, labels, strict=True)):
        r = pygame.Rect(0, rows[i], card_w, card_h)
        r.centerx = centres[i]
        surf.blit(assets.card_image(name, card_w), r.topleft)
        # The words of the top row above its cards, of the bottom row under them.
        at = label.get_rect(midbottom=(r.centerx, r.top - 4)) if i < 2 else \
            label.get_rect(midtop=(r.centerx, r.bottom + 4))
        surf.blit(label, at)
        half = pygame.Rect(0 if r.centerx < w // 2 else w // 2, at.y, w // 2, at.h)
        fit.seen(surf, label, at, half.inflate(-12, 0))  # inside its half of the box
        rects.append(r)
    elephant, dog, cat, mouse = rects
    _arrow(surf, (elephant.right + 10, elephant.centery), (dog.left - 10, dog.centery), width=6)
    _arrow(surf, (dog.centerx, dog.bottom + 6), (cat.centerx, cat.top - 6), width=6)
    _arrow(surf, (cat.left - 10, cat.centery), (mouse.right + 10, mouse.centery), width=6)
    _arrow(surf, (mouse.centerx, mouse.top - 6), (elephant.centerx, elephant.bottom + 6),
           width=6)
    at = foot.get_rect(midbottom=(w // 2, h - 8))
    surf.blit(foot, at)
    fit.seen(surf, foot, at, pygame.Rect(16, at.y, room, at.h))
    return surf
