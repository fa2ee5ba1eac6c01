"""The online table: the same table as on the couch, its moves confirmed by the table's host.

This screen's own seats are people here; a move of theirs goes to the table first and is played
here once the table has confirmed it, so every screen plays exactly the same moves. The other
seats' moves come from the table and animate as a computer's do. The panel says whose turn it
is, who is connected and who the table waits for; a dropped connection is taken up again.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.i18n import _
from game.match import Phase
from game.online.hosting import HostedTable
from game.online.online_session import online_session
from game.online.protocol import show_code
from game.render.palette import MUTED
from game.render.widgets import Button
from game.scenes.online.claim import ClaimScene
from game.scenes.online.link import Leave, Refusal, Reveal, Say, TableLink, Withdraw
from game.scenes.online.pause import OnlinePauseScene
from game.scenes.online.words import seat_name
from game.scenes.table.panel import PANEL, TableKind
from game.scenes.table.play import PlayScene, settle_s
from game.scenes.table.scoring import ScoringScene


class OnlineKind(TableKind):
    """The online table's panel words and commands: no undo, no restart, and Moves so far."""

    def build(self, scene) -> None:
        super().build(scene)
        buttons = scene.buttons
        buttons["undo"].visible = buttons["redo"].visible = False
        # Nothing pauses a shared table: its button opens the table's menu.
        buttons.replace("pause", Button(scene.app.assets, buttons["pause"].rect, _("Menu"), 32))
        # The host may let the table's computer play an away seat until its person is back.
        stand_in = buttons.add("stand_in", Button(scene.app.assets, buttons["move_in"].rect,
                                                  _("Let the computer play"), 30),
                               scene.link.stand_in)
        stand_in.visible = False

    def sync(self, scene) -> None:
        scene.buttons["stand_in"].visible = scene.hosted is not None \
            and scene.link.waiting_for(scene.state) is not None and scene.phase != Phase.TURN
        own = scene.link.own_player(scene.state)
        if own is not None:  # one screen, one player: their own cards, whenever they like
            scene.buttons["peek"].visible = bool(own.tasks) and not scene.state.over

    def pause(self, scene) -> None:
        scene.peek.stop()
        scene.app.push(OnlinePauseScene(scene.app, scene))

    def restart(self, scene) -> None:
        """There is no restart at an online table."""

    def peek_owner(self, scene):
        """A far player peeks at their own task cards at any time (the mirror holds no other
        seat's cards); a couch at the host peeks as on any couch, at its turn."""
        own = scene.link.own_player(scene.state)
        return own if own is not None else super().peek_owner(scene)

    def hint(self, scene) -> str:
        if scene.link.trying is not None and scene.link.host_left:
            return _("The host has left the table")
        if scene.link.trying is not None:
            dots = "." * (1 + int(scene.app.now * 3) % 3)
            return _("The connection to the table was lost: trying again") + dots
        waiting = scene.link.waiting_for(scene.state)
        if waiting is not None:
            return _("The table waits for %(name)s to come back") % {"name": waiting}
        if scene.phase == Phase.SENT:
            return _("Your move goes to the table")
        player = scene.player
        if scene.phase == Phase.COMPUTER and player is not None and not player.bot \
                and scene.session.move is None:
            dots = "." * (1 + int(scene.app.now * 3) % 3)
            return _("%(name)s is choosing, far away") % {"name": player.name} + dots
        return super().hint(scene)

    def person(self, scene, seat: int) -> str:
        seats = scene.client.seats
        if seat in scene.client.mine or seat >= len(seats):
            return _("on this screen")
        return _("far away") if seats[seat].connected else _("away")

    def idle_key(self, scene) -> tuple:
        return (scene.client.seats, scene.link.trying is not None)

    def draw(self, scene, view, surface: pygame.Surface) -> None:
        super().draw(scene, view, surface)
        text = scene.text
        text.draw(surface, _("Table %(code)s") % {"code": show_code(scene.client.code or "")},
                  (PANEL.centerx, 406, PANEL.right - 24 - PANEL.centerx, 40), 24, True, MUTED,
                  "topright")
        # Where each seat plays, beside its name (the couch panel lists the names).
        seats = scene.client.seats
        step = min(36, 262 // max(1, len(seats)))
        size = 22 if step >= 30 else 18
        note_w = self.seat_note_w(scene)
        for info in seats:
            words, colour = scene.link.where_words(info)
            text.draw(surface, words, (PANEL.right - 24 - note_w + 8, 140 + info.seat * step,
                                       note_w - 8, step), size, False, colour, "midright")

    def seat_note_w(self, scene) -> int:
        """The widest place word beside a name ("online", "away: the computer plays"), at
        most a third of the panel: a longer one gets smaller in its room."""
        size = 22 if min(36, 262 // max(1, len(scene.client.seats))) >= 30 else 18
        font = scene.app.assets.font(size)
        wide = max((font.size(scene.link.where_words(i)[0])[0] for i in scene.client.seats), default=0)
        return min(PANEL.w // 3, wide) + 8


class OnlinePlayScene(PlayScene):
    """The table of an online game. `hosted` is the host's own table (this process serves
    it); the connection is closed (and the host's server stopped) when the table is left.
    `again()` is what Play again on the scores does (the host opens a new table with the same
    seats; a joiner goes back to Join a table). Its link (online_link.TableLink) follows the
    network; this screen's seats send their moves to the table themselves (seat_sources)."""

    def __init__(self, app, client, hosted: HostedTable | None = None, again=None) -> None:
        self.client, self.hosted = client, hosted
        self.again = again  # Play again on the scores: a new table, or joining again
        session = online_session(client, hosted, app.saver, profile=app.profile(),
                                 pace=lambda: self.kind.pace(self),
                                 settle_s=lambda: settle_s(app.settings), name=seat_name)
        self.link = TableLink(client, hosted, session)
        self.host_saver = session.saver  # saved each frame too: the table moves on meanwhile
        super().__init__(app, session.state, keep=False, kind=OnlineKind(),
                         on_finish=partial(scores, self), session=session)
        if hosted is not None and hosted.resume is not None:
            # Where the others find it again (on its own port, unless that was taken).
            address = hosted.urls()[0].removeprefix("ws://")
            self.say(_("The table is open again: %(address)s, code %(code)s")
                     % {"address": address, "code": show_code(client.code or "")}, 8.0)

    # The network, read each frame --------------------------------------------------------
    def update(self, dt: float) -> None:
        """What the link heard, acted on here; then the table's own tick when it is on top.
        Its menu and a claim's prompt call this too: the others play on meanwhile, the host's
        save follows them, and a claim is asked over whatever is open."""
        stack = self.app.stack
        on_top = stack.top is self
        heard = self.link.listen(asking=any(isinstance(s, ClaimScene) for s in stack.scenes))
        for said in heard.said:  # in the order the network brought them
            if isinstance(said, Say):
                self.say(said.text, said.seconds)
            elif isinstance(said, Refusal):
                self.session.withdraw()
                self.complain(said.text)
            elif isinstance(said, Reveal):
                self.play_beats(self.session.reveal(said.tasks))
            elif isinstance(said, Withdraw):
                self.session.withdraw()
            elif isinstance(said, Leave):
                if said.forget_save:
                    self.session.saver.forget()
                self.app.go_to_menu(notice=said.notice)
        if heard.news:
            self.dirty = True
        if self not in stack.scenes:
            return  # the table is gone (the host left): the menu says so
        self.host_saver.save()  # a move of the table's, seen here or not yet
        if heard.ask is not None:  # the cards a peek shows are covered first, as for the menu
            self.peek.stop()
            self.app.push(ClaimScene(self.app, self, heard.ask))
        if not on_top:
            return
        tasks = self.link.reveal()  # the end's task cards, before the session plays the last move
        if tasks is not None:
            self.play_beats(self.session.reveal(tasks))
        super().update(dt)

    # Commands ---------------------------------------------------------------------------
    def play(self, move) -> None:
        """This screen's move goes to the table (its seat sends it; the session plays it once
        the table confirms); not while the connection is being taken up again."""
        if self.link.trying is None and self.phase == Phase.TURN:
            super().play(move)

    def exit(self) -> None:
        super().exit()
        if self.hosted is not None:
            self.host_saver.save()  # a move the table took since the last frame is kept too
            self.hosted.close()
        else:
            self.client.close()


def scores(table: OnlinePlayScene, state, _finish) -> None:
    """After the end: the scores, whose Play again is the table's `again` (else the menu)."""
    again = table.again or table.app.go_to_menu
    table.app.replace(ScoringScene(table.app, state, lambda _state: again(),
                                   record=table.session.record()))
