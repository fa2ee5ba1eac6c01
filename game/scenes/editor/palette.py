"""The puzzle editor's palette part: every card and the eraser under the field."""

from __future__ import annotations

import pygame

from game.campaign.draft import Draft
from game.engine.cards import ANIMAL_BY_LETTER, COLOUR_BY_LETTER, Card
from game.i18n import _
from game.render import fit, looks
from game.render.palette import (
    FELT_PANEL,
    GOLD,
    INK,
    MUTED,
    PAPER,
    RED,
    RED_TEXT,
    WHITE,
    WOOD_LIGHT,
)
from game.scenes.editor.layout import (
    ERASER,
    KINDS,
    PALETTE_PITCH,
    PALETTE_SIZE,
    PALETTE_W,
    PANEL,
    palette_y,
)


class Palette:
    """The brush palette: which card (or the eraser) a click or Enter on the field puts down."""

    def __init__(self, assets) -> None:
        self.assets = assets
        self.brush = 0  # index into KINDS, or ERASER

    @staticmethod
    def rect(i: int) -> pygame.Rect:
        """Where the palette's `i`th brush sits."""
        left = (PANEL.x - PALETTE_SIZE * PALETTE_PITCH + (PALETTE_PITCH - PALETTE_W)) // 2
        return pygame.Rect(left + i * PALETTE_PITCH, palette_y(), PALETTE_W,
                           round(PALETTE_W * 336 / 240))

    def hit(self, pos) -> tuple | None:
        """The brush under a screen point as a cursor place ("palette", i), or None."""
        return next((("palette", i) for i in range(PALETTE_SIZE) if self.rect(i).collidepoint(pos)),
                    None)

    def step(self, step: int) -> None:
        """The brush before or after this one, round the palette."""
        self.brush = (self.brush + step) % PALETTE_SIZE

    def letter(self, event: pygame.event.Event) -> bool:
        """A colour's or an animal's letter changes that half of the brush's card."""
        if event.type != pygame.KEYDOWN:
            return False
        letter = (getattr(event, "unicode", "") or "").upper()
        colour, animal = COLOUR_BY_LETTER.get(letter), ANIMAL_BY_LETTER.get(letter)
        if colour is None and animal is None:
            return False
        old = KINDS[self.brush if self.brush != ERASER else 0]
        self.brush = KINDS.index(Card(colour if colour is not None else old.colour,
                                      animal if animal is not None else old.animal))
        return True

    def stroke(self, x: int, y: int, erase: bool = False):
        """The edit the brush makes on (x, y), and its sound: `erase` takes away whatever the
        brush (Delete, a right click)."""
        if erase or self.brush == ERASER:
            return (lambda d: d.remove(x, y)), "slide"
        card = KINDS[self.brush]
        return (lambda d: d.place(x, y, card)), "select"

    def draw(self, surface: pygame.Surface, draft: Draft, cursor: tuple | None) -> None:
        """The brushes (used-up cards greyed), the brush ringed, the `cursor` if it is here, and
        the brush's words above."""
        assets = self.assets
        for i in range(PALETTE_SIZE):
            rect = self.rect(i)
            if i == self.brush:
                pygame.draw.rect(surface, GOLD, rect.inflate(14, 14), 6, border_radius=12)
            if i == ERASER:
                draw_eraser(surface, rect)
            else:
                surface.blit(assets.card_image(KINDS[i].code, PALETTE_W), rect.topleft)
                if draft.used_up(KINDS[i]):  # both copies on the field: greyed
                    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                    shade.fill((*FELT_PANEL, 170))
                    surface.blit(shade, rect.topleft)
            if cursor == ("palette", i):
                pygame.draw.rect(surface, WHITE, rect.inflate(26, 26), 5, border_radius=14)
        tall = assets.font(looks.scaled(24)).get_height() if looks.large() else 32
        room = pygame.Rect(self.rect(0).x, palette_y() - 12 - tall, PANEL.x - 2 * 40, tall)
        fit.draw(surface, assets, self.words(draft), room, 24, MUTED, anchor="bottomleft")

    def words(self, draft: Draft, index: int | None = None) -> str:
        """The brush (or the palette's `index`th) in words, and whether both are placed."""
        index = self.brush if index is None else index
        if index == ERASER:
            return _("Eraser: click a card to take it away")
        card = KINDS[index]
        if draft.used_up(card):
            return _("Brush: %(card)s (both are on the field)") % {"card": card.label}
        return _("Brush: %(card)s") % {"card": card.label}


def draw_eraser(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The eraser brush, a tile beside the cards (visible, for touch): a cross over a rubber."""
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
