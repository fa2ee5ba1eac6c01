"""The online table's lobby: the table code, where others join, who has joined, free seats.

Host and joiners wait here; the table starts by itself once every seat is taken, and every
screen goes on to the game.
"""

from __future__ import annotations

import re

import pygame

from game.i18n import N_, _
from game.online.client.background import Background
from game.online.client.links import invite_link
from game.online.client.mirror import Closed, LobbyChanged, Refused, Started
from game.online.client.tokens import window_store
from game.online.shared.protocol import show_code
from game.online.window.hosting import HostedTable
from game.render import fit, looks
from game.render.palette import BAD_TEXT, MUTED, PALE
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.online.play import online_scene
from game.scenes.online.words import outcome, seat_words, trouble_words
from game.ui import look

LEFT, RIGHT, WIDTH = 150, 1010, 760
BOTTOM = 940  # where the words end: above the buttons
JOINING_Y = 435  # under the table's code


class LobbyScene(MenuScene):
    """Waiting at an online table. `hosted` is the host's own table (server and advert),
    None on a joiner's screen; either way `client` is this screen's connection. `again` goes
    on to the table for Play again. `shared`: the server's address, when this screen opened
    the table on a server (the others are told it)."""

    heading = N_("Online table")

    def __init__(self, app, client, hosted: HostedTable | None = None, again=None,
                 shared: str | None = None) -> None:
        super().__init__(app)
        self.heading = _(LobbyScene.heading)
        self.client, self.hosted, self.again, self.shared = client, hosted, again, shared
        self.handed = False  # the connection went on to the table: it is not closed here
        self.error = ""
        self.note = ""  # the invite link, once copied
        # 1: how the others join, on a page of its own (`paged`), instead of the code and seats
        self.page = 0

    def build(self) -> None:
        if self.hosted is None and self.shared is None:
            self.button(_("Leave the table"), (CENTER_X - 280, 960, 560, 88), self.back,
                        name="leave")
            return
        self.button(_("Copy invite link"), (CENTER_X - 580, 960, 560, 88), self.copy_link,
                    name="invite", shorter=(_("Copy link"),))
        self.button(_("Leave the table"), (CENTER_X + 20, 960, 560, 88), self.back, name="leave")
        if self.paged():  # the way to the other page, beside the heading
            self.button(_("\u2039  Previous"), (60, 60, 300, 88), lambda: self.turn(0),
                        name="previous", enabled=self.page > 0)
            self.button(_("Next  \u203a"), (1560, 60, 300, 88), lambda: self.turn(1),
                        name="next", enabled=self.page < 1)

    def paged(self) -> bool:
        """Whether how the others join the host's table takes a page of its own: when its
        words, at the player's text size, do not fit under the code."""
        if self.hosted is None:
            return False
        return JOINING_Y + self._joining(pygame.Surface((1, 1)), LEFT, JOINING_Y,
                                         WIDTH) > BOTTOM

    def turn(self, page: int) -> None:
        """Show the code and the seats (0) or how the others join (1)."""
        self.page = page
        self.dirty = True
        self.rebuild()
        self.ring.focus(next(e for e in self.elements
                             if ("#next" if page == 0 else "#previous") in e.object_ids))

    def copy_link(self) -> None:
        """The table's invite link to the clipboard, for a chat: a click on it opens the game
        at Join with the address and code filled in. Shown too, for a clipboard that fails."""
        url = self.hosted.urls()[0] if self.hosted is not None else self.shared
        link = invite_link(url, self.client.code or "")
        try:
            pygame.scrap.put_text(link)
            self.note = _("Invite link copied: %(link)s") % {"link": link}
        except pygame.error:
            self.note = _("Copy this invite link: %(link)s") % {"link": link}
        self.error = ""
        self.dirty = True

    def enter(self) -> None:
        super().enter()
        if self.client.game is not None:  # a game joined late (a rejoin): straight to it
            self._to_table()

    def exit(self) -> None:
        super().exit()
        if not self.handed:
            if self.hosted is not None:
                self.hosted.close()
            else:
                self.client.close()
                # Before the start a seat left is free for someone else: nothing to keep.
                if self.client.code is not None:
                    window_store().forget(self.client.url, self.client.code)

    def _to_table(self) -> None:
        self.handed = True
        self.app.replace(online_scene(self.app, self.client, self.hosted, self.again))

    def update(self, dt: float) -> None:
        for notice in self.client.poll():
            if isinstance(notice, LobbyChanged):
                if self.hosted is not None:
                    self.hosted.update(notice.free)
                self.dirty = True
            elif isinstance(notice, Started):
                self._to_table()
                return
            elif isinstance(notice, Refused):
                self.error = trouble_words(notice.code)
                self.dirty = True
            elif isinstance(notice, Closed):
                self.app.go_to_menu(
                    notice=trouble_words(notice.reason if self.hosted is None else "lost"))
                return

    # Drawing ----------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        if self.page == 1 and self.paged():
            self._joining(surface, LEFT, 210, RIGHT + WIDTH - LEFT)
        else:
            self._draw_code(surface)
            self._draw_seats(surface)
        if self.error or self.note:
            words, colour = (self.error, BAD_TEXT) if self.error else (self.note, PALE)
            # Above the buttons, under the words: larger where it fits in one line there.
            width = RIGHT + WIDTH - LEFT if looks.large() else 1400
            err = fit.fit(assets, words, (width, 90), 32, colour, align="centre")
            surface.blit(err, err.get_rect(midbottom=(CENTER_X, BOTTOM)))

    def _draw_code(self, surface: pygame.Surface) -> None:
        """The table's code, and under it how the others join (when it fits) or what to do."""
        assets = self.app.assets
        y = 210
        label = look.text(assets, _("Table code"), 40, look.CREAM, True, shadow=True)
        surface.blit(label, (LEFT, y))
        code = show_code(self.client.code or "")
        surface.blit(look.text(assets, code, 120, look.GOLD, True, shadow=True), (LEFT, y + 50))
        y = JOINING_Y
        if self.hosted is not None:
            if not self.paged():
                self._joining(surface, LEFT, y, WIDTH)
        elif self.shared is not None:
            tell = _("Read the code out to the others. They join the table under Join a "
                     "table with this address:")
            para = look.wrapped(assets, tell, looks.scaled(32), WIDTH, look.CREAM)
            surface.blit(para, (LEFT, y))
            y += para.get_height() + 12
            # Up to three lines: an address may be as long as the box it was typed in.
            address = address_lines(assets.font(36, True), self.shared.removeprefix("ws://"),
                                    WIDTH - 30)
            shown = fit.fit(assets, address, (WIDTH - 30, 150), 36, look.CREAM, True)
            surface.blit(shown, (LEFT + 30, y))
        else:
            para = look.wrapped(assets, _("You are at the table. The game begins as soon as "
                                          "every seat is taken."), looks.scaled(32), WIDTH,
                                look.CREAM)
            surface.blit(para, (LEFT, y))

    def _joining(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        """How the others join the host's table, drawn from (x, y) `width` wide; returns how
        tall it is."""
        assets = self.app.assets
        top = y
        tell = _("Read the code out to the others. On this home network they find the "
                 "table under Join a table; from elsewhere they type one of these "
                 "addresses:")
        para = look.wrapped(assets, tell, looks.scaled(32), width, look.CREAM)
        surface.blit(para, (x, y))
        y += para.get_height() + 12
        size = looks.scaled(40)
        for address in self.hosted.addresses[:4]:
            words = f"{address}:{self.hosted.port}"
            surface.blit(look.text(assets, words, size, look.CREAM, True), (x + 30, y))
            y += assets.font(size, True).get_height() - 3  # 52 px at 100 %
        listed = (_("The table is listed on the home network.") if self.hosted.listed
                  else _("The table is not listed on the home network: the others type "
                         "the address."))
        router = _("From outside your home, your router must pass port %(port)d to this "
                   "computer; whoever looks after your router knows how.") % {
            "port": self.hosted.port}
        para = look.wrapped(assets, listed + " " + router, looks.scaled(28), width, PALE)
        surface.blit(para, (x, y + 12))
        return y + 12 + para.get_height() - top

    def _draw_seats(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(look.text(assets, _("Seats"), 40, look.CREAM, True, shadow=True),
                     (RIGHT, 210))
        seats = self.client.seats
        free = sum(1 for s in seats if not s.taken)
        left = (_("The game begins as soon as every seat is taken.") if free
                else _("Every seat is taken: the game begins."))
        para = look.wrapped(assets, left, looks.scaled(30), WIDTH, PALE)
        # The seats come closer where the words under them are taller (a large text size);
        # at a large size each seat's line may take two where there is room ("Wilhelmina
        # Großmann-Wüst: an diesem Bildschirm").
        tall = 2 * assets.font(looks.scaled(34), True).get_height() + 4 if looks.large() \
            else 70
        step = min(tall, 560 // max(1, len(seats)),
                   (BOTTOM - 300 - para.get_height()) // max(1, len(seats)))
        for info in seats:
            y = 280 + info.seat * step
            mine = info.seat in self.client.mine
            number = look.text(assets, str(info.seat + 1), 36, look.GOLD, True)
            surface.blit(number, (RIGHT, y))
            colour = look.CREAM if info.taken else MUTED
            words = seat_words(info, mine, self.hosted is not None, seats)
            if looks.large():
                fit.draw(surface, assets, words, (RIGHT + 60, y, WIDTH - 60, step - 4), 34,
                         colour, mine, anchor="topleft")
            else:
                surface.blit(look.fitted(assets, words, 34, WIDTH - 60, colour, mine),
                             (RIGHT + 60, y))
        if seats:
            surface.blit(para, (RIGHT, 300 + len(seats) * step))


def address_lines(font, address: str, width: int) -> str:
    """An address broken into lines no wider than `width` after its dots, dashes and slashes
    (it has no spaces to break at); a piece wider than a line keeps a line of its own."""
    lines = [""]
    for piece in re.split(r"(?<=[./:-])", address):
        if lines[-1] and font.size(lines[-1] + piece)[0] > width:
            lines.append("")
        lines[-1] += piece
    return "\n".join(lines)


def lobby_when_open(app, opening: Background | None, again=None) -> str | None:
    """Once `opening` (a table opened off the frame) is done, the table's lobby takes the top
    screen's place; returns "" then, or why it failed in the family's words; None while the
    work runs."""
    done = outcome(opening)
    if done is None:
        return None
    table, error = done
    if table is not None:
        app.replace(LobbyScene(app, table.client, table, again))
    return error
