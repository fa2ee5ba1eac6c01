"""The puzzle editor's drawing: the field, the brush palette and the panel (part of EditorScene)."""

from __future__ import annotations

import pygame

from game.i18n import _, format_decimal
from game.render import fit, looks
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
from game.scenes.editor_input import HELP
from game.scenes.editor_layout import (
    BUTTON_H,
    BUTTON_STEP,
    BUTTON_TOP,
    BUTTON_W,
    BUTTON_X,
    ERASER,
    FIELD_AREA,
    KEYS_BOX,
    KINDS,
    MESSAGE_BOX,
    PALETTE_PITCH,
    PALETTE_SIZE,
    PALETTE_W,
    PALETTE_Y,
    PANEL,
    STEP_W,
)


class EditorView:
    """EditorScene's drawing, kept in its own file."""

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
                     BAD if self.message_bad else GOLD, True, shorter=self.message_shorter)
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
        problem = self.problem() if self.card_count() else None
        last = BUTTON_TOP - 14
        if problem:  # the problem first, above the buttons: at a large text size the answer
            # gives way to it
            tall = min(BUTTON_TOP - 10 - (y + 60), 2 * assets.font(looks.scaled(24)).get_linesize())
            room = pygame.Rect(x0, BUTTON_TOP - 10 - tall, PANEL.w - 50, tall)
            last = fit.draw(surface, assets, problem, room, 24, BAD, anchor="bottomleft").top - 4
        for words, size, bold, colour in self.answer_lines():
            tall = size + 30 if size > 30 else 2 * size + 26  # small words may take two lines
            least = assets.font(min(size, fit.FLOOR)).get_height()
            if y + least > last and y > 92:
                break  # no room left at this text size: the rest (how long the proof took) waits
            tall = max(min(tall, last - y), least)
            rect = fit.draw(surface, assets, words, pygame.Rect(x0, y, PANEL.w - 50, tall),
                            size, colour, bold, anchor="topleft")
            y = rect.bottom + 4
        for row, words in ((0, _("Width: %(n)d") % {"n": self.width}),
                           (1, _("Height: %(n)d") % {"n": self.height})):
            box = pygame.Rect(BUTTON_X + STEP_W + 8, BUTTON_TOP + row * BUTTON_STEP,
                              BUTTON_W - 2 * STEP_W - 16, BUTTON_H)
            fit.draw(surface, assets, words, box, 30, CREAM, True)
        controls = self.app.input.controls  # the help lines follow the player's bindings
        for i, device in enumerate(("key", "pad")):
            box = pygame.Rect(KEYS_BOX.x, KEYS_BOX.y + i * KEYS_BOX.h // 2, KEYS_BOX.w,
                              KEYS_BOX.h // 2)
            fit.draw(surface, assets, controls.help_line(device, HELP), box, 22, MUTED, floor=16)

