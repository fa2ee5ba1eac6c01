"""Who plays alone: the Solo menu's "Who is playing" row (‹ a family name ›, or You) and the
small box a new name is typed in. The choice is remembered (people.json's `player`), so it
costs a glance, never a question; the solo seat carries the name, so a deal's result and a
level's stars go to the person who played them, even when the game is resumed later. A kiosk
shows no row and counts nobody."""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import _
from game.names import clean_name
from game.online.shared.protocol import NAME_MAX
from game.render import fit, looks
from game.render.palette import BAD_BOX, BAD_INK
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.ui import look


def solo_name(app) -> str:
    """The name in a solo seat: the person chosen on the Solo menu, else "You" (always "You"
    at a kiosk, whose visitors are nobody the family keeps)."""
    if app.kiosk:
        return _("You")
    return app.files.people().player or _("You")


def choices(app) -> list[str | None]:
    """What the row steps through: You (None), then the family, most games first."""
    return [None, *app.files.people().names()]


def chosen_words(name: str | None) -> str:
    return _("You") if name is None else name


def add_row(scene, rect: pygame.Rect, new_rect: pygame.Rect) -> None:
    """The row's two widgets on a menu scene: the selector (named "player") and New name."""
    app = scene.app
    if app.kiosk:
        return
    people = app.files.people()

    def step(by: int) -> None:
        names = choices(app)
        now = people.player if people.player in names else None
        people.choose(names[(names.index(now) + by) % len(names)])
        scene.rebuild()

    scene.selector(chosen_words(people.player), rect, step, name="player",
                   label=_("Who is playing"))
    scene.button(_("New name"), new_rect, lambda: app.push(NewNameScene(app, scene)),
                 name="new_player")


class NewNameScene(OverlayScene):
    """A name typed for who plays alone: it joins the family and is chosen at once."""

    heading = ""

    @property
    def panel_size(self) -> tuple[int, int]:
        """Taller at a large text size: a refusal's three lines of large text between the
        name and the buttons."""
        return (1000, 460 + self.more_h())

    @staticmethod
    def more_h() -> int:
        return 150 if looks.large() else 0

    def __init__(self, app, menu) -> None:
        super().__init__(app)
        self.menu = menu  # its row shows the name when this box closes
        self.error = ""

    def build(self) -> None:
        box = self.panel_rect
        self.name_entry = self.entry((box.x + 80, box.y + 150, box.w - 160, 80), "",
                                     limit=NAME_MAX, placeholder=_("A name"), label=_("Name"))
        y = box.bottom - 130
        self.button(_("Cancel"), (CENTER_X - 370, y, 340, 88), self.back, name="cancel")
        self.button(_("OK"), (CENTER_X + 30, y, 340, 88), self._take, name="ok")
        self.ring.focus(self.name_entry)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self._take()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.error:
            self.error = ""
            self.dirty = True
        return super().handle(event)

    def spoken_lines(self) -> list[str]:
        return [_("Who is playing?")]

    def _take(self) -> None:
        name = clean_name(self.name_entry.get_text(), NAME_MAX)
        if not name:  # refused where it is typed: a seat needs a visible name
            self.error = _("A name needs a letter, a digit or a sign in it.")
            self.app.audio.play("error")
            self.ring.focus(self.name_entry)
            self.dirty = True
            return
        self.app.files.people().choose(name)
        self.app.pop()
        self.menu.rebuild()

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel_rect
        assets = self.app.assets
        fit.draw(surface, assets, _("Who is playing?"),
                 pygame.Rect(box.x + 50, box.top + 40, box.w - 100, 90), 56, look.INK, True,
                 anchor="midtop")
        if self.error:  # said in the refusal's box, between the name and the buttons
            room = pygame.Rect(box.x + 60, box.y + 246, box.w - 120, 72 + self.more_h())
            pygame.draw.rect(surface, BAD_BOX, room, border_radius=20)
            fit.draw(surface, assets, self.error, room.inflate(-32, -8), 30, BAD_INK, True)
