"""The table's cached pictures: the field at rest, and the still picture with its lights.

`rest` is the table with every card at rest and nothing lit (kept up to date card by card
while a move animates, so the next move starts from it for free); `layer` is the still
picture with highlights (a chosen scarer, glows), made when first needed. Each is repainted
only when what it shows changes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _
from game.match.session import Phase
from game.scenes.table_field import BANNER, draw_field, draw_last_move
from game.scenes.table_panel import PANEL, draw_peek


@dataclass(frozen=True, slots=True)
class FieldShot:
    """What the field's still picture shows (its cache is good while this is equal)."""
    state: int  # the state's identity: a new state is a new picture
    selected: tuple | None
    move_in: bool
    moving: float | None  # a shake or a drag: a new picture each frame
    field: int
    aim: tuple | None
    hint_move: object


@dataclass(frozen=True, slots=True)
class WordsShot:
    """What the banner and the side panel show (their cache is good while this is equal)."""
    message: str
    hint: str
    phase: Phase
    bot_label: str
    index: int
    buttons: tuple
    kind: tuple  # what the kind's panel reads besides (TableKind.idle_key)


def picture(size: tuple[int, int]) -> pygame.Surface:
    """An opaque full-screen surface made straight in the display's format (fast to blit;
    ten times cheaper than Surface(...).convert())."""
    screen = pygame.display.get_surface()
    return pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)


class TablePicture:
    """What the table scene draws, cached; `scene` is the PlayScene it paints."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.rest = picture(scene.app.screen.get_size())
        self.layer: pygame.Surface | None = None
        self.anim_field = None  # the field a move animates from (the table sets it)
        self.rest_key = self.field_key = None
        self.forget()

    def forget(self) -> None:
        """The words and buttons on both cached pictures are painted anew at the next draw."""
        self.static_key = self.rest_ui = None

    # A move being animated ----------------------------------------------------------------
    def start_move(self, old_state, field) -> None:
        """A move begins from `old_state` on `field`: `rest` shows it with every card still."""
        if self.shows(old_state, field):
            self.paint_ui(self.rest, field)  # the cards at rest are already there
        else:
            self.paint_rest()  # the table, the panel and every card at rest, once per move
        self.rest_key = self.field_key = None  # in flux until the animation ends
        self.forget()

    def step_begins(self, step) -> None:
        """Lift the step's cards off the cached layer (paint the bare table over them)."""
        scene = self.scene
        if type(step).__name__ == "CloseStep":
            self.anim_field = scene.field  # the field is laid out anew: repaint it all once
            if scene.solo and scene.banner.first_close():
                scene.say(_("The empty column closes up"))
            self.paint_rest()
            return
        bg = self.anim_field.background
        for sprite in step.moving:
            rect = pygame.Rect(round(sprite.x), round(sprite.y), sprite.width,
                               round(sprite.width * 1.4) + 1)
            self.rest.blit(bg, rect, rect)

    def step_ends(self, step) -> None:
        """Put the cards that came to rest back onto the cached layer."""
        field = self.anim_field
        for sprite in step.moving:
            if sprite.layer == 0:
                field.card(self.rest, sprite.name, sprite.x, sprite.y, sprite.width)

    def move_ended(self, natural: bool) -> None:
        """A natural end leaves every card at rest on `rest`; a skip does not."""
        scene = self.scene
        self.rest_key = (scene.state, scene.field) if natural else None
        self.forget()

    # Painting -----------------------------------------------------------------------------
    def paint_rest(self) -> None:
        """The table with every card at rest (mid-animation: the sprites at rest), no lights."""
        scene, rest = self.scene, self.rest
        if scene.director is not None:
            field = self.anim_field
            rest.blit(field.background, (0, 0))
            moving = set(map(id, scene.director.moving()))
            for sprite in scene.director.sprites():
                if id(sprite) not in moving and sprite.layer == 0:
                    field.card(rest, sprite.name, sprite.x, sprite.y, sprite.width)
        else:
            field = scene.field
            rest.blit(field.background, (0, 0))
            field.cards(rest, scene.state.position)
        scene.banner.draw(rest, scene.text, scene.kind.hint(scene), scene.app.now)
        scene.kind.draw(scene, rest)

    def shows(self, state, field) -> bool:
        """`rest` holds exactly this state's cards on this field (identity, not equality)."""
        return self.rest_key is not None and self.rest_key[0] is state \
            and self.rest_key[1] is field

    def paint_ui(self, surface: pygame.Surface, field=None) -> None:
        """Repaint only the banner and the side panel of a cached picture."""
        scene = self.scene
        bg = (field or scene.field).background
        for rect in (BANNER, PANEL):
            surface.blit(bg, rect, rect)
        scene.banner.draw(surface, scene.text, scene.kind.hint(scene), scene.app.now)
        scene.kind.draw(scene, surface)

    def shot(self) -> tuple[FieldShot, WordsShot]:
        """What the still picture shows now, in its two parts: the field and the words."""
        s = self.scene
        pick = s.pick
        moving = s.app.now if (pick.shake_cell is not None or pick.drag_pos is not None) else None
        field = FieldShot(id(s.state), pick.selected, pick.move_in, moving, id(s.field),
                          s.session.aim, pick.hint_move)
        words = WordsShot(s.banner.message, s.kind.hint(s), s.phase, s.bot_label, s.session.index,
                          s.buttons.key(), s.kind.idle_key(s))
        return field, words

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        if s.director is not None:
            surface.blit(self.rest, (0, 0))
            self.anim_field.sprites(surface, s.director.moving())
            return
        field_key, ui_key = self.shot()
        if not s.pick.lit(s.phase == Phase.TURN):
            if not self.shows(s.state, s.field):
                self.rest_key, self.rest_ui = (s.state, s.field), ui_key
                self.paint_rest()
            elif ui_key != self.rest_ui:
                self.rest_ui = ui_key
                self.paint_ui(self.rest)  # the cards are still right: only the words change
            surface.blit(self.rest, (0, 0))
        else:
            if self.layer is None:
                self.layer = picture(s.app.screen.get_size())
            if field_key != self.field_key:
                self.field_key, self.static_key = field_key, ui_key
                self.layer.blit(s.field.background, (0, 0))
                draw_field(s, self.layer)
                s.banner.draw(self.layer, s.text, s.kind.hint(s), s.app.now)
                s.kind.draw(s, self.layer)
            elif ui_key != self.static_key:
                self.static_key = ui_key
                self.paint_ui(self.layer)
            surface.blit(self.layer, (0, 0))
        draw_last_move(s, surface)  # drawn each frame (two outlines): no cache to keep true
        if s.pick.cursor_visible and s.phase == Phase.TURN:
            s.field.draw_cursor(surface, s.pick.cursor)
        owner = s.kind.peek_owner(s)
        if s.peek.active and s.buttons["peek"].visible and owner is not None:
            draw_peek(s, surface, owner)  # never cached: task cards stay private
