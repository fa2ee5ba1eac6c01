"""The online table: the same table as on the couch, its moves confirmed by the table's host.

This screen's own seats are people here; a move of theirs goes to the table first and is played
here once the table has confirmed it, so every screen plays exactly the same moves. The other
seats' moves come from the table and animate as a computer's do. The panel says whose turn it
is, who is connected and who the table waits for; a dropped connection is taken up again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

import pygame

from game.i18n import _, ngettext
from game.match import Phase
from game.online.shared.protocol import show_code
from game.online.window.hosting import HostedTable
from game.online.window.online_session import online_session
from game.render import looks
from game.render.palette import MUTED
from game.render.widgets import Button
from game.scenes.online.claim import ClaimScene
from game.scenes.online.link import Follow, Leave, MoveRefused, Reveal, Say, TableLink, Withdraw
from game.scenes.online.pause import OnlinePauseScene
from game.scenes.online.words import seat_name
from game.scenes.table.commands import KindCommand, Reply
from game.scenes.table.couch import add_peek, move_in_button
from game.scenes.table.flow import GAP, lines
from game.scenes.table.kind import TableKind
from game.scenes.table.moves import move_lines
from game.scenes.table.panel import (
    FLOW_END,
    LAST_SPACING,
    PANEL,
    SEAT_FLOOR,
    CouchPanel,
    draw_last_words,
    seat_step,
    seats_y,
)
from game.scenes.table.play import PlayScene, rest_s
from game.scenes.table.scoring import ScoringScene
from game.scenes.table.seat_room import name_left, name_room
from game.scenes.table.section import Section

NOTE_W = PANEL.w * 2 // 5  # the widest a seat's place word may be, beside its name


class OnlineKind(TableKind):
    """The online table's panel words and commands: no undo, no restart, and Moves so far;
    `client`, `hosted` and `link` are the table's connection, its host's server (or None) and
    what the table heard (online/link.py)."""

    asks_end = True  # a person here is asked before an ending move, as on the couch

    def __init__(self, client, hosted, again=None, pace=None) -> None:
        super().__init__(pace)
        self.client, self.hosted, self.again = client, hosted, again
        self.link: TableLink | None = None  # what the table hears, once its session is made
        self.host_saver = None  # saved each frame too: the table moves on meanwhile
        self.after_move = None  # called once this screen's move is played (My tables: back)
        self.home = None  # where leaving goes (None: the title; My tables: its list)
        self.turn_seen = False  # this screen's turn came (its move is the one to wait for)

    def connect(self, session) -> None:
        """The table's session: the link acts on it, its saver keeps the host's table."""
        self.link = TableLink(self.client, self.hosted, session)
        self.host_saver = session.saver

    def spoken_lines(self, view, session) -> list[str]:
        """A table joined late (or again): the moves made before, in words, on arrival."""
        days = self.days_lines()
        moves = session.move_list()
        if not moves:
            return days
        return days + [ngettext("%(n)d move was made before you joined the table",
                         "%(n)d moves were made before you joined the table", len(moves))
                % {"n": len(moves)}, *move_lines(moves)]

    def days_lines(self) -> list[str]:
        """Over days: the time left for the move to play now, then the table's history."""
        left = self.link.days_words() if self.link is not None else None  # None: not connected
        if left is None:
            return []
        return [left, *(self.link.note_line(n) for n in self.client.notes)]

    # The network, read each frame --------------------------------------------------------
    listens = True

    def listen(self, app, session, on_top: bool) -> Iterator[Reply]:
        """What the link heard, as the table's replies, one by one (each played before the
        next is asked); then, with the table `on_top`, the end's task cards. Its menu and a
        claim's prompt call the table's update too: the others play on meanwhile, the host's
        save follows them, and a claim is asked over whatever is open."""
        heard = self.link.listen(asking=any(isinstance(s, ClaimScene) for s in app.stack.scenes))
        left = False
        for said in heard.said:  # in the order the network brought them
            if isinstance(said, Say):
                yield Reply(words=said.text, seconds=said.seconds)
            elif isinstance(said, MoveRefused):
                session.withdraw()
                yield Reply(complain=said.text)
            elif isinstance(said, Reveal):
                yield Reply(beats=tuple(session.reveal(said.tasks)))
            elif isinstance(said, Follow):
                yield Reply(beats=tuple(session.follow(said.state)))
            elif isinstance(said, Withdraw):
                session.withdraw()
            elif isinstance(said, Leave):
                if said.forget_save:
                    session.saver.forget()
                left = True
                app.go_to_menu(notice=said.notice)
        if heard.news:
            yield Reply()
        if left:
            return  # the table is gone (the host left): the menu says so
        self.host_saver.follow()  # a move of the table's, seen here or not yet
        if heard.ask is not None:  # the cards a peek shows are covered first, as for the menu
            yield Reply(over=partial(ClaimScene, app, claim=heard.ask))
        if on_top:
            tasks = self.link.reveal()  # the end's task cards, before the session plays the last
            if tasks is not None:
                yield Reply(beats=tuple(session.reveal(tasks)))

    def update(self, view, now: float) -> Reply | None:
        """My tables: once this screen's move is played and shown, back to the list."""
        if self.after_move is not None and self._moved_here(view):
            after, self.after_move = self.after_move, None
            after()
        return None

    def _moved_here(self, view) -> bool:
        """This screen's turn came and its move has been played and shown: the others' turn."""
        if view.phase == Phase.TURN:
            self.turn_seen = True
        return self.turn_seen and view.phase == Phase.COMPUTER  # an end shows its scores

    def allows(self, view, move) -> bool:
        """This screen's move goes to the table (its seat sends it; the session plays it once
        the table confirms); not while the connection is being taken up again."""
        return self.link.trying is None and view.phase == Phase.TURN

    def left(self) -> None:
        self.link.stop_trying()
        if self.hosted is not None:
            self.host_saver.catch_up()  # a move the table took since the last frame is kept too
            self.hosted.close()
        else:
            self.client.close()

    def finished(self, app, session, state, finish) -> None:
        """After the end: the scores, whose Play again is the table's `again` (else the menu)."""
        again = self.again or app.go_to_menu
        app.replace(ScoringScene(app, state, lambda _state: again(), record=session.record()))

    def build(self, buttons, app, solo: bool) -> None:
        assets = app.assets
        x = PANEL.x + 20
        row = pygame.Rect(x, 872, 420, 76)  # Move in's, and what shows in its place
        buttons.add("move_in", move_in_button(assets, row), "move_in")
        # Nothing pauses a shared table: its button opens the table's menu.
        buttons.add("pause", Button(assets, pygame.Rect(x + 220, 968, 200, 84), _("Menu"), 32),
                    "pause")
        add_peek(buttons, assets, pygame.Rect(x, 968, 200, 84))
        # The host may let the table's computer play an away seat until its person is back.
        stand_in = buttons.add("stand_in", Button(assets, row,
                                                  _("Let the computer play"), 30),
                               "stand_in")
        stand_in.visible = False
        # While the table is tried again (minutes, for a restarting server), the far player
        # may leave it: the seat waits for them, and Continue takes them back to it.
        leave = buttons.add("leave_table", Button(assets, row,
                                                  _("Leave the table"), 30), "menu")
        leave.visible = False
        # Over days the others may give the seat to move one more day (lichess's "+").
        more = buttons.add("more_time", Button(assets, row, _("+1 day"), 30), "more_time")
        more.visible = False

    def sync(self, view, buttons) -> None:
        buttons["stand_in"].visible = self.hosted is not None \
            and self.link.waiting_for(view.state) is not None and view.phase != Phase.TURN
        buttons["more_time"].visible = self.link.may_give_time(view.state) \
            and view.phase != Phase.TURN
        trying = self.link.trying_words() is not None
        buttons["leave_table"].visible = trying
        if trying:  # its room is Move in's, which waits for the table meanwhile
            buttons["move_in"].visible = False
        own = self.link.own_player(view.state)
        if own is not None:  # one screen, one player: their own cards, whenever they like
            buttons["peek"].visible = bool(own.tasks) and not view.state.over

    def commands(self) -> dict[str, KindCommand | str]:
        """The table's menu (nothing pauses a shared table), the stand-in; no restart."""
        return {"pause": KindCommand(lambda app, session: Reply(over=partial(OnlinePauseScene, app))),
                "stand_in": KindCommand(lambda app, session: self.link.stand_in()),
                "more_time": KindCommand(lambda app, session: self.link.more_time())}

    def peek_owner(self, state, phase):
        """A far player peeks at their own task cards at any time (the mirror holds no other
        seat's cards); a couch at the host peeks as on any couch, at its turn."""
        own = self.link.own_player(state)
        return own if own is not None else super().peek_owner(state, phase)

    def hint(self, view) -> str:
        if self.link.trying is not None and self.link.host_left:
            return _("The host has left the table")
        words = self.link.trying_words()
        if words is not None:
            return words
        if self.link.trying is not None:
            dots = "." * (1 + int(view.now * 3) % 3)
            return _("The connection to the table was lost: trying again") + dots
        waiting = self.link.waiting_words(view.state)
        if waiting is not None:
            return waiting
        if view.phase == Phase.SENT:
            return _("Your move goes to the table")
        player = view.player
        if view.phase == Phase.COMPUTER and player is not None and not player.bot \
                and not view.computer_moving:
            dots = "." * (1 + int(view.now * 3) % 3)
            return _("%(name)s is choosing, far away") % {"name": player.name} + dots
        return super().hint(view)

    def panel_words(self) -> OnlineWords:
        """The table's code, the time left over days, and each seat's place words, read off
        the client and the link as the view is made (the panel paints them from the view)."""
        client, link = self.client, self.link
        seats = tuple(SeatWords(self.here_words(info), *link.where_words(info))
                      for info in client.seats)
        return OnlineWords(show_code(client.code or ""), link.days_words(), seats)

    def here_words(self, info) -> str:
        """Under a person's name when it is their turn: where they play."""
        if info.seat in self.client.mine:
            return _("on this screen")
        return _("far away") if info.connected else _("away")

    def make_panel(self, app, text) -> Section:
        return OnlinePanel(app.assets, text)


@dataclass(frozen=True, slots=True)
class SeatWords:
    """A seat as the online panel shows it: under its name on its turn (`here`), and beside
    its name (`where`, in `colour`, with `shorter` wordings for a narrow room)."""
    here: str
    where: str
    colour: tuple[int, int, int]
    shorter: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OnlineWords:
    """What the online panel shows besides the couch's: the table's code, the time left over
    days (None: live), and each seat's words, in seat order."""
    code: str
    days: str | None
    seats: tuple[SeatWords, ...]


class OnlinePanel(CouchPanel):
    """The couch panel with where each seat plays beside its name, and the table's code, from
    the view's kind words (OnlineKind.panel_words)."""

    def person(self, view, seat: int) -> str:
        words = view.kind_words
        if words.days is not None:  # over days: the time left for this move says more
            return words.days
        if seat >= len(words.seats):
            return _("on this screen")
        return words.seats[seat].here

    def person_shorter(self, view) -> list[str]:
        # The seats' list shows each seat's place too (under or beside its name).
        return [_("human")] if view.kind_words.days is None else []

    def _code(self, view) -> str:
        return _("Table %(code)s") % {"code": view.kind_words.code}

    def foot(self, view) -> list[str]:
        """At a large text size the table's code comes under the mode, each on its line."""
        return [*super().foot(view), self._code(view)]

    def draw(self, surface: pygame.Surface, view) -> None:
        super().draw(surface, view)
        text, words = self.text, view.kind_words
        if not self.flowing():
            text.draw(surface, self._code(view), (PANEL.centerx, 406,
                                                  PANEL.right - 24 - PANEL.centerx, 40),
                      24, True, MUTED, "topright")
        # Where each seat plays, beside its name (the couch panel lists the names), or under
        # it at a large text size, where the name keeps the line's width.
        note_h = self.note_h(view)
        step = seat_step(len(words.seats), note_h)
        size = 22 if step >= 30 else 18
        note_w = self.note_w(view)
        for seat, said in enumerate(words.seats):
            y = seats_y() + seat * (step + note_h)
            # Under the name, from where the name begins (after its dot or badge).
            team = view.state.players[seat].team if seat < len(view.state.players) else None
            left = name_left(step, team)
            box = ((left, y + step - 4, PANEL.right - 30 - left, note_h) if note_h else
                   (PANEL.right - 24 - note_w + 8, y, note_w - 8, step))
            text.draw(surface, said.where, box, size, False, said.colour,
                      "topleft" if note_h else "midright", shorter=said.shorter)

    def note_h(self, view) -> int:
        """A line under each name for its place at a large text size, where the names keep
        their size above them (else beside the name, at its 100 % size)."""
        if not self.flowing():
            return 0
        note_h = self.assets.font(note_size()).get_height()
        count = len(view.kind_words.seats)
        name_h = self.assets.font(looks.scaled(26), True).get_height()
        return note_h if seat_step(count, note_h) >= name_h else 0

    def draw_foot(self, surface: pygame.Surface, view, below: int) -> None:
        """Large text: the mode and the table's code, then the last move, where the seats
        leave room for the last move's heading and three lines at their size under them (or
        there is no move yet); else the last move takes the room, without its heading where
        it fits only so (the lobby showed the mode and the code, and Leave the table says the
        code)."""
        foot = self.assets.font(looks.scaled(24)).get_height()
        words = self.assets.font(note_size())
        three = words.get_height() + 2 * round(words.get_linesize() * LAST_SPACING)
        last = GAP + lines(22) + three if view.last_words else 0  # none before the first move
        if FLOW_END - below >= GAP + 2 * foot + last:
            super().draw_foot(surface, view, below)
        else:
            draw_last_words(view, self.text, surface, below + GAP, bare=True)

    def note_w(self, view) -> int:
        """The widest place word beside a name ("online", "away: the computer plays"), at
        most NOTE_W: a longer one gets smaller, then shorter, in its room (the name keeps
        room for its first word); none when it goes under the name."""
        if self.note_h(view):
            return 0
        seats = view.kind_words.seats
        step = seat_step(len(seats))
        font = self.assets.font(22 if step >= 30 else 18)
        wide = max((font.size(said.where)[0] for said in seats), default=0)
        # The name keeps room for its first word in bold (the seat whose turn it is) at its
        # floor, whichever seat's turn it is: a larger text's wider badge and pointer leave
        # less beside it (at 125 % "Bartholomew" did not fit on his turn).
        bold = self.assets.font(SEAT_FLOOR, True)
        first = max((bold.size((p.name.split() or [p.name])[0])[0]
                     for p in view.state.players), default=0)
        keep = min((name_room(step, PANEL.x + 30, p.team, self.assets)
                    for p in view.state.players), default=0) - first - 8
        return max(0, min(NOTE_W * 2 // 3 if self.flowing() else NOTE_W, wide, keep)) + 8


def note_size() -> int:
    """The size of a seat's place under its name at a large text size: a little under the
    player's text size (at 200 % still more than 1.8 times as tall as at 100 %), so that three
    seats leave the last move its room."""
    return round(looks.scaled(22) * 0.9)


def online_scene(app, client, hosted: HostedTable | None = None, again=None) -> PlayScene:
    """The table of an online game. `hosted` is the host's own table (this process serves
    it); the connection is closed (and the host's server stopped) when the table is left.
    `again()` is what Play again on the scores does (the host opens a new table with the same
    seats; a joiner goes back to Join a table). This screen's seats send their moves to the
    table themselves (seat_sources); the kind's link follows the network."""
    kind = OnlineKind(client, hosted, again=again)
    session = online_session(client, hosted, app.saver, profile=app.profile(),
                             pace=lambda: kind.pace(app.settings),
                             rest_s=lambda: rest_s(app.settings), name=seat_name)
    kind.connect(session)
    table = PlayScene(app, session, kind=kind)
    if hosted is not None and hosted.resume is not None:
        # Where the others find it again (on its own port, unless that was taken).
        address = hosted.urls()[0].removeprefix("ws://")
        table.say(_("The table is open again: %(address)s, code %(code)s")
                  % {"address": address, "code": show_code(client.code or "")}, 8.0)
    return table
