"""My tables: every table over days this player sits at, on any server (issue 48): its
players, whose turn, the time left, the last move in words and a picture of its field. Play
opens one by its kept tokens; once your move is played the list comes back. Leave this table
(asked first) hands a running table's seat to a computer for good."""

from __future__ import annotations

import time
from functools import partial

import pygame

from game.engine.modes import Mode
from game.engine.moves import parse_move
from game.engine.position import NotationError, parse_position
from game.engine.state import Player, initial_state
from game.i18n import _, ngettext, pgettext
from game.match import describe_move, names_words
from game.online.client.background import Background
from game.online.client.mirror import SeatStatus
from game.online.client.tokens import HeldSeats, window_store
from game.online.shared.protocol import DAYS_PER_PLAYER, show_code
from game.online.window.my_tables import Looked, MyTable, leave_for_good, look_up, open_again
from game.render import fit, looks
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.online.days import left_words, per_move_words
from game.scenes.online.pause import confirm_leave_for_good
from game.scenes.online.play import online_scene
from game.scenes.online.words import seat_name, server_trouble
from game.ui import campaign_look as cl
from game.ui import look

TOP = 250  # the first row's top
GAP = 14  # between two rows
PICTURE_X, PICTURE_W = 80, 220  # a row's picture of its field, as tall as the row allows
WORDS_X, WORDS_RIGHT = 324, 1480
OPEN = pygame.Rect(1500, 0, 340, 88)
OPEN_AND_LEAVE = pygame.Rect(1500, 0, 340, 68), pygame.Rect(1500, 0, 340, 62)  # a running game's
BOTTOM_Y = 950


def page_size() -> int:
    """Tables on one page: one at a large text size, its three lines grown (each may take
    two: the names, the last move)."""
    return 1 if looks.large() else 4


def row_h() -> int:
    """A table's row: at a large text size as tall as its three lines of two take."""
    return 600 if looks.large() else 150


def turn_words(count: int) -> str:
    """The title's and the list's line: at how many tables it is your turn."""
    return ngettext("Your turn at %(n)d table", "Your turn at %(n)d tables", count) % {
        "n": count}


def your_turns(insecure: bool) -> int:
    """At how many kept tables over days it is your turn (blocking)."""
    return sum(1 for table in look_up(window_store(), insecure).tables if table.your_turn)


def ask_turns(app) -> Background:
    """The title's question, off the frame: Background of your_turns."""
    return Background(partial(your_turns, app.insecure))


def cap_words() -> str:
    """Past the most tables over days one player may sit at: what to do."""
    return ngettext("You sit at %(n)d table over days, the most there may be: finish one "
                    "before you open or join another.",
                    "You sit at %(n)d tables over days, the most there may be: finish one "
                    "before you open or join another.", DAYS_PER_PLAYER) % {
        "n": DAYS_PER_PLAYER}


def at_the_cap() -> bool:
    """The window keeps the tokens of as many tables over days as one player may sit at."""
    return sum(1 for held in window_store().kept if held.days) >= DAYS_PER_PLAYER


class MyTablesScene(MenuScene):
    """One row per table over days: its picture, its words and Play (or Open)."""

    def __init__(self, app, open_now: HeldSeats | None = None) -> None:
        """`open_now`: a kept table opened at once (a notification's click), the list
        under it."""
        super().__init__(app)
        self.heading = _("My tables")
        self.tables: tuple[MyTable, ...] | None = None  # None: still asked
        self.looked: Looked | None = None
        self.page = 0
        self.asking = self.opening = self.leaving = None
        self.chosen: MyTable | None = None  # the table being opened
        self.error = ""
        self.wall = time.time  # deadlines are wall time
        self._ask()
        if open_now is not None:
            self._open(MyTable(open_now, {"known": True}))

    def _ask(self) -> Background:
        self.asking = Background(partial(look_up, window_store(), self.app.insecure))
        return self.asking

    # What each row says -------------------------------------------------------------------
    def turn_words(self) -> str:
        count = sum(1 for t in self.tables or () if t.your_turn)
        return turn_words(count) if count else _("No table waits for your move.")

    @staticmethod
    def open_words(table: MyTable) -> str:
        if table.your_turn:
            return pgettext("my tables button: make your move at this table", "Play")
        return _("Open")

    @staticmethod
    def seats(table: MyTable) -> tuple[SeatStatus, ...]:
        return tuple(SeatStatus(int(s["seat"]), str(s["place"]), s.get("name"), s.get("level"),
                                bool(s["taken"]), bool(s["connected"]), s.get("stand_in"))
                     for s in table.entry.get("seats", ()))

    def lines(self, table: MyTable) -> list[str]:
        """The table in words: its players and code, whose turn and the time left, the last
        move."""
        entry, seats = table.entry, self.seats(table)
        names = [seat_name(s, seats) if s.taken or s.place != "remote" else _("a free seat")
                 for s in seats]
        if table.ended:
            return [_("Table %(code)s") % {"code": show_code(table.code)},
                    _("This table has ended or was closed. Open it to see how it ended; then "
                      "it is kept in Replays.")]
        out = [_("Table %(code)s: %(names)s") % {"code": show_code(table.code),
                                                  "names": names_words(names)}]
        if not entry.get("started"):
            return [*out, _("Waiting for players to join")]
        deadline = entry.get("deadline")
        left = (left_words(deadline - self.wall()) if deadline is not None
                else per_move_words(0))
        turn = entry.get("turn")
        if table.your_turn:
            out.append(_("Your turn: %(left)s") % {"left": left})
        elif turn is not None and turn < len(seats):
            out.append(_("%(name)s to move: %(left)s") % {"name": seat_name(seats[turn], seats),
                                                          "left": left})
        last = self.last_move(table, seats)
        if last:
            out.append(last)
        return out

    @staticmethod
    def last_move(table: MyTable, seats: tuple[SeatStatus, ...]) -> str:
        """The last move in words ("Ben: the yellow dog scared the orange cat on c2")."""
        last = table.entry.get("last")
        if not isinstance(last, dict):
            return ""
        try:
            mode = Mode.parse(table.entry["mode"])
            players = tuple(Player(seat_name(s, seats)) for s in seats)
            before = initial_state(parse_position(last["before"]), mode.rules, mode=mode,
                                   players=players, turn=int(last["seat"]))
            return describe_move(before, parse_move(last["move"]))
        except (KeyError, ValueError, NotationError):  # a newer server's words: left out
            return ""

    # Widgets ------------------------------------------------------------------------------
    def on_page(self) -> tuple[MyTable, ...]:
        return (self.tables or ())[self.page * page_size():(self.page + 1) * page_size()]

    def build(self) -> None:
        for i, table in enumerate(self.on_page()):
            label = " ".join(self.lines(table))
            if table.ended or not table.entry.get("started"):
                y = TOP + i * (row_h() + GAP) + (row_h() - OPEN.h) // 2
                self.button(self.open_words(table), OPEN.move(0, y),
                            lambda t=table: self._open(t), name=f"open_{i}", label=label)
                continue
            top, bottom = OPEN_AND_LEAVE
            y = TOP + i * (row_h() + GAP) + (row_h() - top.h - bottom.h - 8) // 2
            self.button(self.open_words(table), top.move(0, y), lambda t=table: self._open(t),
                        name=f"open_{i}", label=label)
            self.button(_("Leave this table"), bottom.move(0, y + top.h + 8),
                        lambda t=table: self._ask_leave(t), name=f"leave_{i}")
        back = pygame.Rect(0, BOTTOM_Y, 520, 88)
        back.centerx = CENTER_X
        if len(self.tables or ()) > page_size():
            back.x = CENTER_X + 20
            self.button(_("More tables"), back.move(-back.w - 40, 0), self._next_page,
                        name="more")
        self.button(_("Back"), back, self.back, name="back")

    def _next_page(self) -> None:
        pages = (len(self.tables or ()) + page_size() - 1) // page_size()
        self.page = (self.page + 1) % max(1, pages)
        self.rebuild()

    def _open(self, table: MyTable) -> None:
        if self.opening is None:
            self.chosen = table
            self.opening = Background(partial(open_again, table, self.app.insecure))
            self.error = ""
            self.dirty = True

    def _ask_leave(self, table: MyTable) -> None:
        self.app.push(confirm_leave_for_good(self.app, lambda: self._leave(table)))

    def _leave(self, table: MyTable) -> None:
        """Leave it for good (off the frame): its tokens are forgotten, the list asked again."""
        if self.leaving is None and self.opening is None:
            self.leaving = Background(partial(leave_for_good, table, window_store(),
                                              self.app.insecure))
            self.error = ""
            self.dirty = True

    def resume(self) -> None:
        super().resume()
        if self.asking is None:  # back from a table: how they stand now
            self.tables = None
            self._ask()
            self.rebuild()

    def update(self, dt: float) -> None:
        asking, opening, leaving = self.asking, self.opening, self.leaving
        if leaving is not None and leaving.done:
            self.leaving = None
            if leaving.error is not None:
                self.error = server_trouble(leaving.error.code)
            self.asking, self.tables = self._ask(), None
            self.rebuild()
        if asking is not None and asking.done:
            self.asking = None
            if asking.error is not None:
                self.error, self.tables = server_trouble(asking.error.code), ()
            else:
                self.looked = asking.result
                self.tables = asking.result.tables
                self.page = min(self.page, max(0, (len(self.tables) - 1) // page_size()))
            self.rebuild()
            self.announce(interrupt=False)
        if opening is not None and opening.done:
            self.opening = None
            if opening.error is not None:
                if opening.error.code == "bad-token":  # its end is no longer kept there
                    window_store().forget(self.chosen.held.server, self.chosen.code)
                    self.asking, self.tables = self._ask(), None
                    self.rebuild()
                self.error = server_trouble(opening.error.code)
                self.dirty = True
                return
            table = online_scene(self.app, opening.result)
            # Your move played, or the table left: back to the list.
            table.kind.after_move = table.kind.home = self._back_here
            self.app.push(table)

    def _back_here(self) -> None:
        """Whatever is over this list (the table, its menu) closes: the list is on top."""
        while self.app.stack.top is not self and self in self.app.stack.scenes:
            self.app.pop()

    # Words --------------------------------------------------------------------------------
    def status_words(self) -> str:
        """The line under the title: still asking, why not, how many are yours, the cap."""
        if self.error:
            return self.error
        if self.tables is None:
            return _("Asking the tables how they stand…")
        if not self.tables:
            return _("You sit at no table over days. Open one from New game, Online: choose "
                     "Over days.")
        words = self.turn_words()
        if self.looked is not None and self.looked.full:
            words += " " + cap_words()
        if self.looked is not None and self.looked.unreached:
            words += " " + ngettext("%(n)d server did not answer: its tables are not shown.",
                                    "%(n)d servers did not answer: their tables are not shown.",
                                    len(self.looked.unreached)) % {
                "n": len(self.looked.unreached)}
        return words

    def spoken_lines(self) -> list[str]:
        """The line under the title, then each table in words."""
        return [self.status_words(), *(" ".join(self.lines(t)) for t in self.tables or ())]

    # Drawing ------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        look.put(surface, assets, self.status_words(), (160, 184, 1600, 56), 30, shadow=True)
        for i, table in enumerate(self.on_page()):
            y = TOP + i * (row_h() + GAP)
            row = pygame.Rect(60, y, 1800, row_h())
            surface.blit(cl.tile(assets, row.size, cl.TILE), row.topleft)
            position = table.entry.get("position")
            if position:
                try:
                    picture = cl.mini_field(assets, parse_position(position),
                                            (PICTURE_W, row_h() - 16))
                except NotationError:
                    picture = None
                if picture is not None:
                    box = pygame.Rect(PICTURE_X, y + 8, PICTURE_W, row_h() - 16)
                    surface.blit(picture, picture.get_rect(center=box.center))
            lines = self.lines(table)
            height = (row_h() - 16) // max(1, len(lines))
            for j, words in enumerate(lines):
                fit.draw(surface, assets, words,
                         pygame.Rect(WORDS_X, y + 8 + j * height, WORDS_RIGHT - WORDS_X, height),
                         30 if j == 0 else 26, cl.TEXT, anchor="midleft")
        pages = (len(self.tables or ()) + page_size() - 1) // page_size()
        if pages > 1:
            look.put(surface, assets, f"{self.page + 1} / {pages}", (60, BOTTOM_Y, 340, 88), 30,
                     anchor="midleft", shadow=True)
