"""Continue at an online table: the host's saved table opens again, and its people come back.

The table server starts in this process with the saved game (the same code, move and task
cards), this screen takes its seats back, and the table goes on; far players join again with
the code and their name (or by themselves, if their game is still trying to reach it).
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.match import Record
from game.online.client.background import Background
from game.online.shared.protocol import show_code
from game.online.window.hosting import HostedTable, window_ends
from game.render import looks
from game.render.palette import BAD_TEXT, PALE
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.online.host import HostSetupScene
from game.scenes.online.lobby import lobby_when_open
from game.ui import look


class ReopenScene(MenuScene):
    """Opening the saved table `record` again; Try again or Back when it cannot open (the
    save stays for another Continue)."""

    heading = N_("Online table")

    def __init__(self, app, record: Record) -> None:
        super().__init__(app)
        self.heading = _(ReopenScene.heading)
        self.record = record
        self.opening: Background | None = None
        self.error = ""

    def build(self) -> None:
        self.button(_("Back"), (560, 960, 360, 88), self.back, name="back")
        self.button(_("Try again"), (1000, 960, 460, 88), self._open, name="again")

    def enter(self) -> None:
        super().enter()
        self._open()

    def _open(self) -> None:
        if self.opening is not None:
            return
        table = HostedTable.reopen(self.record, finished=window_ends(),
                                   **HostSetupScene.table_defaults)
        self.opening, self.error = Background(table.open), ""  # off the frame
        self.dirty = True

    def update(self, dt: float) -> None:
        error = lobby_when_open(self.app, self.opening)
        if error is not None:  # the table opened (its lobby is on top), or why it did not
            self.opening, self.error = None, error
            self.dirty = True

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        code = show_code(self.record.online.code)
        label = look.text(assets, _("Table %(code)s") % {"code": code}, 60, look.GOLD, True,
                          shadow=True)
        surface.blit(label, label.get_rect(midtop=(CENTER_X, 260)))
        if self.opening is not None:
            words, colour = _("Opening the table again…"), PALE
        elif self.error:
            words, colour = self.error, BAD_TEXT
        else:
            words, colour = _("The table is open."), PALE
        para = look.wrapped(assets, words, looks.scaled(36), 1400, colour, centred=True)
        surface.blit(para, para.get_rect(midtop=(CENTER_X, 420)))
