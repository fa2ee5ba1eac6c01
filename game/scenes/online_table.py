"""The online table: the same table as on the couch, its moves confirmed by the table's host.

This screen's own seats are people here; a move of theirs goes to the table first and is played
here once the table has confirmed it, so every screen plays exactly the same moves. The other
seats' moves come from the table and animate as a computer's do. The panel says whose turn it
is, who is connected and who the table waits for; a dropped connection is taken up again.
"""

from __future__ import annotations

import pygame

from game.engine.ai import LEVELS
from game.i18n import _
from game.match.session import Phase, Session
from game.online.host_table import (
    RECONNECTS,
    Background,
    HostedTable,
    HostSaver,
    match_of,
    reconnect,
)
from game.online.joined_save import JoinSaver, joined_game
from game.online.mirror import Claim, ClaimSettled, Closed, GameEnded, Presence, Refused
from game.online.protocol import COMPUTER, show_code
from game.online.tokens import window_store
from game.render.palette import BAD, GREEN_ON, MUTED, PALE
from game.render.widgets import Button
from game.scenes.online_claim import ClaimScene
from game.scenes.online_pause import OnlinePauseScene
from game.scenes.online_words import seat_name, trouble_words
from game.scenes.play import PlayScene
from game.scenes.scoring import ScoringScene
from game.scenes.table_panel import PANEL, TableKind

STAND_IN_LEVEL = LEVELS.default  # the computer that plays for an away person, asked by the host
AWAY = BAD  # a seat whose person is away
HERE = GREEN_ON  # this screen's own seats


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
                               scene.stand_in)
        stand_in.visible = False

    def sync(self, scene) -> None:
        scene.buttons["stand_in"].visible = scene.hosted is not None \
            and scene.waiting_for() is not None and scene.phase != Phase.TURN
        own = scene.own_player()
        if own is not None:  # one screen, one player: their own cards, whenever they like
            scene.buttons["peek"].visible = bool(own.tasks) and not scene.state.over

    def pause(self, scene) -> None:
        scene.peek.stop()
        scene.app.push(OnlinePauseScene(scene.app, scene))

    def hint(self, scene) -> str:
        if scene.trying is not None and scene.host_left:
            return _("The host has left the table")
        if scene.trying is not None:
            dots = "." * (1 + int(scene.app.now * 3) % 3)
            return _("The connection to the table was lost: trying again") + dots
        waiting = scene.waiting_for()
        if waiting is not None:
            return _("The table waits for %(name)s to come back") % {"name": waiting}
        if scene.phase == Phase.SENT:
            return _("Your move goes to the table")
        player = scene.player
        if scene.phase == Phase.COMPUTER and player is not None and not player.bot \
                and scene.bot_move is None:
            dots = "." * (1 + int(scene.app.now * 3) % 3)
            return _("%(name)s is choosing, far away") % {"name": player.name} + dots
        return super().hint(scene)

    def person(self, scene, seat: int) -> str:
        seats = scene.client.seats
        if seat in scene.client.mine or seat >= len(seats):
            return _("on this screen")
        return _("far away") if seats[seat].connected else _("away")

    def idle_key(self, scene) -> tuple:
        return (scene.client.seats, scene.trying is not None)

    def draw(self, scene, surface: pygame.Surface) -> None:
        super().draw(scene, surface)
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
            words, colour = scene.where_words(info)
            text.draw(surface, words, (PANEL.right - 24 - note_w + 8, 140 + info.seat * step,
                                       note_w - 8, step), size, False, colour, "midright")

    def seat_note_w(self, scene) -> int:
        """The widest place word beside a name ("online", "away: the computer plays"), at
        most a third of the panel: a longer one gets smaller in its room."""
        size = 22 if min(36, 262 // max(1, len(scene.client.seats))) >= 30 else 18
        font = scene.app.assets.font(size)
        wide = max((font.size(scene.where_words(i)[0])[0] for i in scene.client.seats), default=0)
        return min(PANEL.w // 3, wide) + 8


class OnlinePlayScene(PlayScene):
    """The table of an online game. `hosted` is the host's own table (this process serves
    it); the connection is closed (and the host's server stopped) when the table is left.
    `again()` is what Play again on the scores does (the host opens a new table with the same
    seats; a joiner goes back to Join a table)."""

    reconnects = (RECONNECTS, 1.0)  # tries, and the first pause between them (it grows)

    def __init__(self, app, client, hosted: HostedTable | None = None, again=None) -> None:
        self.client, self.hosted = client, hosted
        self.again = again  # Play again on the scores: a new table, or joining again
        self.trying: Background | None = None  # taking the seats back after a drop
        self.revealed = False
        self.answered: set[int] = set()  # claims this screen answered (their prompt is done)
        self.host_left = False  # the server closed the connection on purpose
        self._claim_names: dict[int, str] = {}
        game = hosted.game if hosted is not None else (
            joined_game(client.url, client.code) if client.code else None)
        match = match_of(client, seat_name, game)
        # The end is kept in this player's Replays and statistics. The host's window saves
        # the table (the whole game, as the table has it) for Continue; a far player's saves
        # the game as this screen has it, and Continue joins the table again.
        self.host_saver = (HostSaver(app.saver, hosted, match.game)
                           if hosted is not None else JoinSaver(app.saver, client, match))
        session = Session(match, pace=self.pace, settle_s=self._settle_s,
                          profile=app.profile(), saver=self.host_saver)
        super().__init__(app, match, keep=False, kind=OnlineKind(), on_finish=self._scores,
                         session=session)
        if hosted is not None and hosted.resume is not None:
            # Where the others find it again (on its own port, unless that was taken).
            address = hosted.urls()[0].removeprefix("ws://")
            self.say(_("The table is open again: %(address)s, code %(code)s")
                     % {"address": address, "code": show_code(client.code or "")}, 8.0)

    # What the panel reads ---------------------------------------------------------------
    def waiting_for(self) -> str | None:
        """The name of the person whose turn it is and whom the table waits for (away)."""
        state = self.state
        seats = self.client.seats
        if state.over or state.turn >= len(seats):
            return None
        info = seats[state.turn]
        if info.kind != COMPUTER and not info.connected and info.stand_in is None:
            return info.name
        return None

    def own_player(self):
        """The one player at this screen (a far player's window), or None on a couch."""
        mine = self.client.mine
        if len(mine) != 1 or mine[0] >= len(self.state.players):
            return None
        return self.state.players[mine[0]]

    def peek_owner(self):
        """A far player peeks at their own task cards at any time (the mirror holds no other
        seat's cards); a couch at the host peeks as on any couch, at its turn."""
        own = self.own_player()
        return own if own is not None else super().peek_owner()

    def where_words(self, info) -> tuple[str, tuple[int, int, int]]:
        if info.seat in self.client.mine:
            return _("here"), HERE
        if info.kind == COMPUTER:
            return _("table's computer"), MUTED
        if info.stand_in is not None:
            return _("away: the computer plays"), AWAY
        if not info.connected:
            return _("away"), AWAY
        return _("online"), PALE

    # The network, read each frame --------------------------------------------------------
    def update(self, dt: float) -> None:
        self.listen()
        if self not in self.app.stack.scenes:
            return  # the table is gone (the host left): the menu says so
        self._reveal()  # the end's task cards, before the session plays the last move
        super().update(dt)

    def listen(self) -> None:
        """The network, and the host's save of the table: each frame, under the menu too
        (the others play on meanwhile; their moves are shown on return)."""
        self._network()
        if self.host_saver is not None and self in self.app.stack.scenes:
            self.host_saver.save()  # a move of the table's, seen here or not yet
        self._ask_claims()

    def _ask_claims(self) -> None:
        """Someone asks for an away seat: this screen is asked (the host's, or with no host
        there every far player's). One prompt at a time, over whatever is open; the cards a
        peek shows are covered first, as when the menu opens."""
        if self not in self.app.stack.scenes \
                or any(isinstance(s, ClaimScene) for s in self.app.stack.scenes):
            return
        open_claims = [c for n, c in sorted(self.client.claims.items()) if n not in self.answered]
        if open_claims:
            self.peek.stop()
            self.app.push(ClaimScene(self.app, self, open_claims[0]))

    def _network(self) -> None:
        for notice in self.client.poll():
            if isinstance(notice, GameEnded):
                self._reveal()
                self._forget_tokens()
            elif isinstance(notice, Presence):
                self._presence(notice)
            elif isinstance(notice, ClaimSettled) and notice.claim not in self.answered:
                claim = self._claim_names.get(notice.claim)
                if claim is not None:  # another screen at the table answered first
                    self.say((_("%(name)s's seat was given back") if notice.allow
                              else _("The ask for %(name)s's seat was refused"))
                             % {"name": claim}, 5.0)
            elif isinstance(notice, Claim):
                self._claim_names[notice.claim] = notice.name
            elif isinstance(notice, Refused):
                if notice.ref == "play":
                    self.session.withdraw()
                    self.complain(_("The table did not take that move; the field is shown "
                                    "as the table has it."))
            elif isinstance(notice, Closed):
                if self.client.ended is not None:
                    continue  # the game is over: the host may well leave now
                if notice.reason == "taken":  # coming back would only take it again
                    self._forget_tokens()
                    if self.hosted is None:  # and the save that would join it again
                        self.session.saver.forget()
                    self.app.go_to_menu(notice=trouble_words("taken"))
                    return
                if self.hosted is not None:  # the host's own server is gone: nothing to wait for
                    self.app.go_to_menu(notice=trouble_words("lost"))
                    return
                if notice.reason == "closed":
                    # The server said goodbye: the host left (a host's window closes its
                    # table, or a server stops). One look whether it is back at once, then
                    # the menu says so; the Join screen brings the seat back later.
                    self.host_left = True
                    self.trying = reconnect(self.client, 1, 0.0)
                else:
                    self.trying = reconnect(self.client, *self.reconnects)
            self.dirty = True
        if self.trying is not None and self.trying.done:
            trying, self.trying = self.trying, None
            self.session.withdraw()  # a move sent before the drop comes back confirmed, or not
            if trying.error is not None:
                self.app.go_to_menu(notice=trouble_words("closed"))
            else:
                trying.result  # noqa: B018 - a bug in the reconnecting is raised here
                self.host_left = False
                self.say(_("Back at the table"))

    def _presence(self, notice: Presence) -> None:
        info = notice.seat
        if info.seat in self.client.mine or info.kind == COMPUTER:
            return
        if info.stand_in is not None:
            self.say(_("The computer plays for %(name)s until they are back")
                     % {"name": info.name})
        elif not info.connected:
            self.say(_("%(name)s's connection dropped; their seat waits for them")
                     % {"name": info.name}, 5.0)
        else:
            self.say(_("%(name)s is back at the table") % {"name": info.name})

    def _forget_tokens(self) -> None:
        """A far player's kept tokens for this table go once they open nothing more."""
        if self.hosted is None and self.client.code is not None:
            window_store().forget(self.client.url, self.client.code)

    def _reveal(self) -> None:
        ended = self.client.ended
        if ended is not None and not self.revealed:
            self.revealed = True
            self.session.reveal(ended.tasks)

    # Commands ---------------------------------------------------------------------------
    def play(self, move) -> None:
        """This screen's move goes to the table (its seat sends it; the session plays it once
        the table confirms); not while the connection is being taken up again."""
        if self.trying is None and self.phase == Phase.TURN:
            super().play(move)

    def stand_in(self) -> None:
        """The host's word: the table's computer plays the away seat to move, for now."""
        if self.hosted is not None and self.waiting_for() is not None:
            self.client.stand_in(self.state.turn, STAND_IN_LEVEL)

    def new_game(self) -> None:
        """There is no restart at an online table."""

    def exit(self) -> None:
        super().exit()
        if self.hosted is not None:
            self.host_saver.save()  # a move the table took since the last frame is kept too
            self.hosted.close()
        else:
            self.client.close()

    def _scores(self, state, finish) -> None:
        again = self.again or self.app.go_to_menu
        self.app.replace(ScoringScene(self.app, state, lambda _state: again(),
                                       record=self.session.record()))

