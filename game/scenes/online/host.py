"""Hosting online: each person's seat is played on this screen or far away; then the table opens.

The mode, the names and the computers come from New game; here the host says which people
join from another computer, and where the table opens: on this computer (the game's own
table server starts in this process, so this computer is the table's authority), or on a
`scare-it serve` server at the address typed (remembered for next time: the table goes on
there whatever this window does). Then the lobby.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.engine.modes import Mode
from game.i18n import N_, _, after_colon
from game.online.client.background import Background
from game.online.client.tokens import window_store
from game.online.shared.protocol import COMPUTER, DAY, HOST, ON_TIME, PER_MOVE_CHOICES, REMOTE, WAIT
from game.online.window.hosting import HostedTable, SeatPlan, open_on_server, window_ends
from game.render import fit, looks
from game.render.palette import BAD_TEXT, PALE, seat_colour
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.online.days import per_move_words, rule_words
from game.scenes.online.join import load_typed, save_typed
from game.scenes.online.lobby import LobbyScene, lobby_when_open
from game.scenes.online.my_tables import at_the_cap, cap_words
from game.scenes.online.words import server_trouble
from game.ui import look

TOP, ROW_H, GAP = 300, 66, 12
ADDRESS_Y = 690  # the row of where the table opens, below the seats
DAYS_Y = 780  # the row of live or over days, and the time of a move
MEMORY_FILE = "host.json"  # the server address last hosted on ("": this computer)


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
        self.places = [COMPUTER if level is not None else (HOST if i == people[0] else REMOTE)
                      for i, level in enumerate(levels)] if people else None
        self.table_options = table_options or dict(self.table_defaults)
        self.server = load_typed(MEMORY_FILE, ("server",)).get("server", "")
        self.opening: Background | None = None
        self.elsewhere = False  # the table being opened is on a server, not this computer
        self.error = ""
        self.over_days = False  # issue 48: a table whose moves may take days
        self.per_move, self.on_time = 2 * DAY, WAIT
        self.days_button = self.per_move_button = self.rule_button = None

    def _rows(self) -> tuple[int, int]:
        """Each seat's row step and height: every seat fits above the address row."""
        step = min(ROW_H + GAP, (ADDRESS_Y - 24 - TOP) // max(1, len(self.names)))
        return step, step - GAP

    def build(self) -> None:
        self.where_buttons = {}
        if self.places is None:
            self.error = _("Someone must play at this screen: make one seat a human in New game.")
        else:
            step, row_h = self._rows()
            for seat, place in enumerate(self.places):
                if place == COMPUTER:
                    continue
                y = TOP + seat * step
                self.where_buttons[seat] = self.button(
                    self._where_text(seat), (1000, y, 560, row_h), lambda s=seat: self._toggle(s),
                    adjust=lambda _d, s=seat: self._toggle(s), style="@small_button",
                    name=f"where{seat}", label=self.names[seat])  # "Anna: On this screen"
        # Empty: this computer; an address: a table server there.
        self.server_entry = self.entry(
            (800, ADDRESS_Y, 760, 70), self.server, limit=80,
            # TRANSLATORS: shown in the empty address box beside "Where the table opens": the
            # table opens on this computer unless a server's address is typed in the box.
            placeholder=_("on this computer"), label=_("Where the table opens"))
        self._days_row()
        self.button(_("Back"), (560, 960, 360, 88), self.back, name="back")
        self.button(_("Open the table"), (1000, 960, 460, 88), self._open, name="open",
                    enabled=self.places is not None)

    def _days_row(self) -> None:
        """Live or over days; over days, the time for each move and the deadline rule."""
        self.days_button = self.selector(
            _("Over days") if self.over_days else _("Live"), (160, DAYS_Y, 420, 70),
            self._step_days, style="@small_button", name="days", label=_("How the table plays"))
        self.per_move_button = self.rule_button = None
        if not self.over_days:
            return
        self.per_move_button = self.selector(
            # TRANSLATORS: the time each move of a table over days may take ("2 days").
            _("Each move: %(time)s") % {"time": after_colon(per_move_words(self.per_move))},
            (600, DAYS_Y, 420, 70), self._step_per_move,
            style="@small_button", name="per_move", label="")  # its words say what it is
        self.rule_button = self.selector(
            rule_words(self.on_time), (1040, DAYS_Y, 720, 70), self._step_rule,
            style="@small_button", name="on_time", label=_("When the time runs out"))

    def _keep_typed(self) -> None:
        if getattr(self, "server_entry", None) is not None and self.server_entry.alive():
            self.server = self.server_entry.get_text()

    def _step_days(self, _step: int) -> None:
        self._keep_typed()
        self.over_days = not self.over_days
        if self.over_days and self.places is not None:  # no couch: the others join from afar
            host = self.places.index(HOST)
            self.places = [k if k == COMPUTER or i == host else REMOTE
                          for i, k in enumerate(self.places)]
        self.error = ""
        self.rebuild()

    def _step_per_move(self, step: int) -> None:
        self._keep_typed()
        i = PER_MOVE_CHOICES.index(self.per_move)
        self.per_move = PER_MOVE_CHOICES[(i + step) % len(PER_MOVE_CHOICES)]
        self.rebuild()

    def _step_rule(self, step: int) -> None:
        self._keep_typed()
        self.on_time = ON_TIME[(ON_TIME.index(self.on_time) + step) % len(ON_TIME)]
        self.rebuild()

    def _where_text(self, seat: int) -> str:
        return _("On this screen") if self.places[seat] == HOST else _("Far away: joins online")

    def _toggle(self, seat: int) -> None:
        here = [i for i, place in enumerate(self.places) if place == HOST]
        if self.over_days:
            self.error = _("Over days, every other person plays on their own computer.")
        elif self.places[seat] == HOST and here == [seat]:
            self.error = _("The host plays at least one seat on this screen.")
        else:
            self.places[seat] = REMOTE if self.places[seat] == HOST else HOST
            self.where_buttons[seat].set_text(self._where_text(seat))
            self.error = ""
        self.dirty = True

    def _open(self) -> None:
        if self.opening is not None or self.places is None:
            return
        if REMOTE not in self.places:
            self.error = _("Make at least one seat far away, or play on this screen from "
                           "New game.")
            self.dirty = True
            return
        plans = [SeatPlan(k, n, level) for k, n, level in zip(self.places, self.names,
                                                               self.levels, strict=True)]
        self.server = address = self.server_entry.get_text().strip()
        if self.over_days and not address:  # this computer's table ends with the window
            self.error = _("A table over days opens on a table server: type its address.")
            self.dirty = True
            return
        if self.over_days and at_the_cap():
            self.error = cap_words()
            self.dirty = True
            return
        self.elsewhere = bool(address)
        days = ({"per_move": self.per_move, "on_time": self.on_time} if self.over_days
                else None)
        if address:
            work = partial(open_on_server, address, self.mode, plans, first=self.first,
                           insecure=self.app.insecure, days=days)
        else:
            work = HostedTable(self.mode, plans, first=self.first, finished=window_ends(),
                               **self.table_options).open
        self.opening, self.error = Background(work), ""  # off the frame
        self.dirty = True

    def update(self, dt: float) -> None:
        if self.elsewhere:
            self._opened_elsewhere()
            return
        error = lobby_when_open(self.app, self.opening, self._again)
        if error is not None:  # the table opened (its lobby is on top), or why it did not
            self.opening, self.error = None, error
            self.dirty = True
            if not error:
                save_typed({"server": ""}, MEMORY_FILE)

    def _opened_elsewhere(self) -> None:
        """The table on a server is open: its seats' tokens are kept (Continue takes them
        back, as a joiner's), the address remembered, and the lobby says where others join.
        Or why it did not open."""
        opening = self.opening
        if opening is None or not opening.done:
            return
        self.opening = None
        if opening.error is not None:
            self.error = server_trouble(opening.error.code)
            self.dirty = True
            return
        client = opening.result
        save_typed({"server": self.server}, MEMORY_FILE)
        host = next(n for n, k in zip(self.names, self.places, strict=True) if k == HOST)
        window_store().keep(client.url, client.code, dict(client.mirror.tokens), host,
                            days=self.over_days)
        self.app.replace(LobbyScene(self.app, client, None, self._again, shared=client.url))

    def _again(self) -> None:
        """Play again: a new table with the same seats (the far players join it anew)."""
        again = HostSetupScene(self.app, self.mode, self.names, self.levels, self.first,
                               **self.table_options)
        again.places = list(self.places)  # the same people here and far away
        again.over_days, again.per_move, again.on_time = (self.over_days, self.per_move,
                                                          self.on_time)
        self.app.replace(again)

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        mode = look.text(assets, _(self.mode.label), 42, look.CREAM, True, shadow=True)
        surface.blit(mode, mode.get_rect(midtop=(CENTER_X, 190)))
        step, row_h = self._rows()
        for seat, name in enumerate(self.names):
            y = TOP + seat * step
            colour = seat_colour(seat, self.mode.team_of(seat, len(self.names)))
            number = look.text(assets, str(seat + 1), 40, colour, True, shadow=True)
            surface.blit(number, number.get_rect(midright=(420, y + row_h // 2)))
            far = self.places is not None and self.places[seat] == REMOTE
            shown = _("someone far away") if far else name
            img = look.fitted(assets, shown, 38, 520, look.CREAM, not far, shadow=True)
            surface.blit(img, img.get_rect(midleft=(450, y + row_h // 2)))
            if self.places is not None and self.places[seat] == COMPUTER:
                words = look.text(assets, _("the computer"), 34, PALE)
                surface.blit(words, words.get_rect(midleft=(1020, y + row_h // 2)))
        where = look.fitted(assets, _("Where the table opens"), 38, 400, look.CREAM, True,
                            shadow=True)
        surface.blit(where, where.get_rect(midright=(770, ADDRESS_Y + 35)))
        if self.opening is not None:
            words = _("Opening the table…")
        else:
            words = self.error or _("A far-away seat is named by whoever takes it.")
        colour = BAD_TEXT if self.error else PALE
        # Between the row above and the buttons: larger where the words fit there, as at
        # 100 % where they do not (a long error), never over the row.
        width = 1800 if looks.large() else 1400
        para = fit.fit(assets, words, (width, 940 - DAYS_Y - 70), 32, colour, align="centre")
        surface.blit(para, para.get_rect(midbottom=(CENTER_X, 940)))
