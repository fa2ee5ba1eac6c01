"""Hosting online: each person's seat is played on this screen or far away; then the table opens.

The mode, the names and the computers come from New game; here the host says which people
join from another computer. Opening the table starts the game's own table server in this
process (so this computer is the table's authority) and goes on to the lobby.
"""

from __future__ import annotations

import pygame

from game.engine.modes import Mode
from game.i18n import N_, _
from game.online.client.background import Background
from game.online.shared.protocol import COMPUTER, HOST, REMOTE
from game.online.window.hosting import HostedTable, SeatPlan
from game.render.palette import BAD_TEXT, PALE, seat_colour
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.online.lobby import lobby_when_open
from game.ui import look

TOP, ROW_H, GAP = 300, 66, 12


class HostSetupScene(MenuScene):
    """`names` and `levels` per seat as New game has them (a level: a computer's seat)."""

    heading = N_("Play online")
    table_defaults: dict = {}  # HostedTable's options when none are given (tests: loopback)

    def __init__(self, app, mode: Mode, names: list[str], levels: list[str | None],
                 first: int | None = None, **table_options) -> None:
        super().__init__(app)
        self.heading = _(HostSetupScene.heading)
        self.mode, self.names, self.levels, self.first = mode, names, levels, first
        # The first person is the host; every other person joins from afar unless told.
        people = [i for i, level in enumerate(levels) if level is None]
        self.kinds = [COMPUTER if level is not None else (HOST if i == people[0] else REMOTE)
                      for i, level in enumerate(levels)] if people else None
        self.table_options = table_options or dict(self.table_defaults)
        self.opening: Background | None = None
        self.error = ""

    def build(self) -> None:
        self.where_buttons = {}
        if self.kinds is None:
            self.error = _("Someone must play at this screen: make one seat a human in New game.")
        else:
            for seat, kind in enumerate(self.kinds):
                if kind == COMPUTER:
                    continue
                y = TOP + seat * (ROW_H + GAP)
                self.where_buttons[seat] = self.button(
                    self._where_text(seat), (1000, y, 560, ROW_H), lambda s=seat: self._toggle(s),
                    adjust=lambda _d, s=seat: self._toggle(s), style="@small_button",
                    name=f"where{seat}")
        self.button(_("Back"), (560, 960, 360, 88), self.back, name="back")
        self.button(_("Open the table"), (1000, 960, 460, 88), self._open, name="open",
                    enabled=self.kinds is not None)

    def _where_text(self, seat: int) -> str:
        return _("On this screen") if self.kinds[seat] == HOST else _("Far away: joins online")

    def _toggle(self, seat: int) -> None:
        here = [i for i, kind in enumerate(self.kinds) if kind == HOST]
        if self.kinds[seat] == HOST and here == [seat]:
            self.error = _("The host plays at least one seat on this screen.")
        else:
            self.kinds[seat] = REMOTE if self.kinds[seat] == HOST else HOST
            self.where_buttons[seat].set_text(self._where_text(seat))
            self.error = ""
        self.dirty = True

    def _open(self) -> None:
        if self.opening is not None or self.kinds is None:
            return
        if REMOTE not in self.kinds:
            self.error = _("Make at least one seat far away, or play on this screen from "
                           "New game.")
            self.dirty = True
            return
        plans = [SeatPlan(k, n, level) for k, n, level in zip(self.kinds, self.names,
                                                               self.levels, strict=True)]
        table = HostedTable(self.mode, plans, first=self.first, **self.table_options)
        self.opening, self.error = Background(table.open), ""  # off the frame
        self.dirty = True

    def update(self, dt: float) -> None:
        error = lobby_when_open(self.app, self.opening, self._again)
        if error is not None:  # the table opened (its lobby is on top), or why it did not
            self.opening, self.error = None, error
            self.dirty = True

    def _again(self) -> None:
        """Play again: a new table with the same seats (the far players join it anew)."""
        again = HostSetupScene(self.app, self.mode, self.names, self.levels, self.first,
                               **self.table_options)
        again.kinds = list(self.kinds)  # the same people here and far away
        self.app.replace(again)

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        mode = look.text(assets, _(self.mode.label), 42, look.CREAM, True, shadow=True)
        surface.blit(mode, mode.get_rect(midtop=(CENTER_X, 190)))
        for seat, name in enumerate(self.names):
            y = TOP + seat * (ROW_H + GAP)
            colour = seat_colour(seat, self.mode.team_of(seat, len(self.names)))
            number = look.text(assets, str(seat + 1), 40, colour, True, shadow=True)
            surface.blit(number, number.get_rect(midright=(420, y + ROW_H // 2)))
            far = self.kinds is not None and self.kinds[seat] == REMOTE
            shown = _("someone far away") if far else name
            img = look.fitted(assets, shown, 38, 520, look.CREAM, not far, shadow=True)
            surface.blit(img, img.get_rect(midleft=(450, y + ROW_H // 2)))
            if self.kinds is not None and self.kinds[seat] == COMPUTER:
                words = look.text(assets, _("the computer"), 34, PALE)
                surface.blit(words, words.get_rect(midleft=(1020, y + ROW_H // 2)))
        if self.opening is not None:
            words = _("Opening the table…")
        else:
            words = self.error or _("A far-away seat is named by whoever takes it.")
        colour = BAD_TEXT if self.error else PALE
        para = look.wrapped(assets, words, 32, 1400, colour, centred=True)
        surface.blit(para, para.get_rect(midbottom=(CENTER_X, 940)))
