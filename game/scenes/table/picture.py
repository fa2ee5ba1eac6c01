"""The table's cached pictures: the field at rest, and the still picture with its lights.

`rest` is the table with every card at rest and nothing lit (kept up to date card by card
while a move animates, so the next move starts from it for free); `layer` is the still
picture with highlights (a chosen scarer, glows), made when first needed. Each is repainted
only when what it shows changes.
"""

from __future__ import annotations

import pygame

from game.scenes.table.view import TableView


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
        self.pending: str | None = None  # "rest" or "ui": what of `rest` a move repaints
        self.forget()

    def forget(self) -> None:
        """The words and buttons on both cached pictures are painted anew at the next draw."""
        self.static_key = self.rest_ui = None

    # A move being animated ----------------------------------------------------------------
    def start_move(self, old_state, field) -> None:
        """A move begins from `old_state` on `field`: `rest` is to show it with every card
        still, painted at the next draw from that frame's view."""
        # The cards at rest may be there already: then only the words change.
        self.pending = "ui" if self.shows(old_state, field) else "rest"
        self.rest_key = self.field_key = None  # in flux until the animation ends
        self.forget()

    def column_closes(self, field) -> None:
        """A column closes mid-move: the field is laid out anew (`field`), all of it repaints
        at the next draw."""
        self.anim_field = field
        self.pending = "rest"

    def step_begins(self, step) -> None:
        """Lift the step's cards off the cached layer (paint the bare table over them)."""
        bg = self.anim_field.background
        view = self.anim_field.layout.area  # (a zoomed field's card reaches past its view:
        for sprite in step.moving:          # the banner and the panel there stay)
            rect = pygame.Rect(round(sprite.x), round(sprite.y), sprite.width,
                               round(sprite.width * 1.4) + 1)
            if self.anim_field.layout.zoomed:
                rect = rect.clip(view)
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
        # A move that ended before it was drawn never had its cards at rest painted.
        natural = natural and self.pending is None
        self.rest_key = (scene.state, scene.field) if natural else None
        self.pending = None
        self.forget()

    # Painting -----------------------------------------------------------------------------
    def paint_rest(self, view: TableView) -> None:
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
            field = view.field
            rest.blit(field.background, (0, 0))
            field.cards(rest, view.state.position)
        self.paint_parts(rest, view)

    def shows(self, state, field) -> bool:
        """`rest` holds exactly this state's cards on this field (identity, not equality)."""
        return self.rest_key is not None and self.rest_key[0] is state \
            and self.rest_key[1] is field

    def paint_ui(self, surface: pygame.Surface, view: TableView, field=None) -> None:
        """Repaint only the banner and the side panel of a cached picture."""
        bg = (field or view.field).background
        cleared: list[pygame.Rect] = []
        for part in self.cached_parts():
            if not any(done.contains(part.rect) for done in cleared):  # the buttons: the panel's
                surface.blit(bg, part.rect, part.rect)
                cleared.append(part.rect)
        self.paint_parts(surface, view)

    def paint_parts(self, surface: pygame.Surface, view: TableView) -> None:
        """The cached parts (the banner, the panel, the buttons) as the snapshot shows them."""
        for part in self.cached_parts():
            part.draw(surface, view)

    def cached_parts(self) -> list:
        """The table's parts painted into the cached pictures, in order."""
        return [part for part in self.scene.parts if part.cached]

    def draw(self, surface: pygame.Surface, view: TableView) -> None:
        """The table as `view` shows it, from the cached pictures where they still hold."""
        s = self.scene
        if s.director is not None:
            if self.pending == "rest":
                self.paint_rest(view)  # the table, the panel and every card at rest, once
            elif self.pending == "ui":
                self.paint_ui(self.rest, view, self.anim_field)
            self.pending = None
            surface.blit(self.rest, (0, 0))
            self.anim_field.sprites(surface, s.director.moving())
            return
        field_key, ui_key = view.field_shot(), view.words_shot(s.buttons.key())
        if not view.lit:
            if not self.shows(view.state, view.field):
                self.rest_key, self.rest_ui = (view.state, view.field), ui_key
                self.paint_rest(view)
            elif ui_key != self.rest_ui:
                self.rest_ui = ui_key
                self.paint_ui(self.rest, view)  # the cards are still right: only the words change
            surface.blit(self.rest, (0, 0))
        else:
            if self.layer is None:
                self.layer = picture(s.app.screen.get_size())
            if field_key != self.field_key:
                self.field_key, self.static_key = field_key, ui_key
                self.layer.blit(view.field.background, (0, 0))
                s.field_part.paint(self.layer, view)
                self.paint_parts(self.layer, view)
            elif ui_key != self.static_key:
                self.static_key = ui_key
                self.paint_ui(self.layer, view)
            surface.blit(self.layer, (0, 0))
