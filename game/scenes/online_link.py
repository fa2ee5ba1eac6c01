"""This screen's link to an online table: the network read each frame, the claims asked of
this screen, a dropped connection taken up again, and what the panel says of each seat.

The table scene holds one TableLink and calls listen() each frame (its menu and a claim's
prompt call it too, so the others play on meanwhile); the link tells the table what it heard
through the table's public surface only: say, complain, play_beats, the session's withdraw
and reveal, its peek (covered before a claim's prompt), its saver, and `dirty`.
"""

from __future__ import annotations

from game.engine.ai import LEVELS
from game.i18n import _
from game.online.background import Background, reconnect
from game.online.client import RECONNECTS
from game.online.mirror import Claim, ClaimSettled, Closed, GameEnded, Presence, Refused
from game.online.protocol import COMPUTER
from game.online.tokens import window_store
from game.render.palette import BAD, GREEN_ON, MUTED, PALE
from game.scenes.online_claim import ClaimScene
from game.scenes.online_words import trouble_words

STAND_IN_LEVEL = LEVELS.default  # the computer that plays for an away person, asked by the host
AWAY = BAD  # a seat whose person is away
OWN = GREEN_ON  # this screen's own seats


class TableLink:
    """The connection of one online `table` scene. `hosted` is the host's own table (this
    process serves it), None at a far player's screen."""

    reconnects = (RECONNECTS, 1.0)  # tries, and the first pause between them (it grows)

    def __init__(self, table, client, hosted) -> None:
        self.table, self.client, self.hosted = table, client, hosted
        self.trying: Background | None = None  # taking the seats back after a drop
        self.revealed = False
        self.answered: set[int] = set()  # claims this screen answered (their prompt is done)
        self.host_left = False  # the server closed the connection on purpose
        self.claim_names: dict[int, str] = {}

    # What the panel reads ---------------------------------------------------------------
    def waiting_for(self, state) -> str | None:
        """The name of the person whose turn it is and whom the table waits for (away)."""
        seats = self.client.seats
        if state.over or state.turn >= len(seats):
            return None
        info = seats[state.turn]
        if info.kind != COMPUTER and not info.connected and info.stand_in is None:
            return info.name
        return None

    def own_player(self, state):
        """The one player at this screen (a far player's window), or None on a couch."""
        mine = self.client.mine
        if len(mine) != 1 or mine[0] >= len(state.players):
            return None
        return state.players[mine[0]]

    def where_words(self, info) -> tuple[str, tuple[int, int, int]]:
        """Where a seat plays, as the panel says it beside the name, and its colour."""
        if info.seat in self.client.mine:
            return _("here"), OWN
        if info.kind == COMPUTER:
            return _("table's computer"), MUTED
        if info.stand_in is not None:
            return _("away: the computer plays"), AWAY
        if not info.connected:
            return _("away"), AWAY
        return _("online"), PALE

    # The network, read each frame --------------------------------------------------------
    def listen(self) -> None:
        """The network, and the host's save of the table: each frame, under the menu too
        (the others play on meanwhile; their moves are shown on return)."""
        self._network()
        if self.at_table:
            self.table.host_saver.save()  # a move of the table's, seen here or not yet
        self._ask_claims()

    @property
    def at_table(self) -> bool:
        """The table is still on the stack (leaving it, or the host leaving, takes it off)."""
        return self.table in self.table.app.stack.scenes

    def reveal(self) -> None:
        """The end's task cards, once, into the session's history (before it plays the last
        move: the seats hold a winning move until the table has shown them)."""
        ended = self.client.ended
        if ended is not None and not self.revealed:
            self.revealed = True
            self.table.play_beats(self.table.session.reveal(ended.tasks))

    def _ask_claims(self) -> None:
        """Someone asks for an away seat: this screen is asked (the host's, or with no host
        there every far player's). One prompt at a time, over whatever is open; the cards a
        peek shows are covered first, as when the menu opens."""
        app = self.table.app
        if not self.at_table or any(isinstance(s, ClaimScene) for s in app.stack.scenes):
            return
        open_claims = [c for n, c in sorted(self.client.claims.items()) if n not in self.answered]
        if open_claims:
            self.table.peek.stop()
            app.push(ClaimScene(app, self, open_claims[0]))

    def _network(self) -> None:
        table = self.table
        for notice in self.client.poll():
            if isinstance(notice, GameEnded):
                self.reveal()
                self._forget_tokens()
            elif isinstance(notice, Presence):
                self._presence(notice)
            elif isinstance(notice, ClaimSettled) and notice.claim not in self.answered:
                claim = self.claim_names.get(notice.claim)
                if claim is not None:  # another screen at the table answered first
                    table.say((_("%(name)s's seat was given back") if notice.allow
                               else _("The ask for %(name)s's seat was refused"))
                              % {"name": claim}, 5.0)
            elif isinstance(notice, Claim):
                self.claim_names[notice.claim] = notice.name
            elif isinstance(notice, Refused):
                if notice.ref == "play":
                    table.session.withdraw()
                    table.complain(_("The table did not take that move; the field is shown "
                                     "as the table has it."))
            elif isinstance(notice, Closed):
                if self.client.ended is not None:
                    continue  # the game is over: the host may well leave now
                if notice.reason == "taken":  # coming back would only take it again
                    self._forget_tokens()
                    if self.hosted is None:  # and the save that would join it again
                        table.session.saver.forget()
                    table.app.go_to_menu(notice=trouble_words("taken"))
                    return
                if self.hosted is not None:  # the host's own server is gone: nothing to wait for
                    table.app.go_to_menu(notice=trouble_words("lost"))
                    return
                if notice.reason == "closed":
                    # The server said goodbye: the host left (a host's window closes its
                    # table, or a server stops). One look whether it is back at once, then
                    # the menu says so; the Join screen brings the seat back later.
                    self.host_left = True
                    self.trying = reconnect(self.client, 1, 0.0)
                else:
                    self.trying = reconnect(self.client, *self.reconnects)
            table.dirty = True
        if self.trying is not None and self.trying.done:
            trying, self.trying = self.trying, None
            table.session.withdraw()  # a move sent before the drop comes back confirmed, or not
            if trying.error is not None:
                table.app.go_to_menu(notice=trouble_words("closed"))
            else:
                trying.result  # noqa: B018 - a bug in the reconnecting is raised here
                self.host_left = False
                table.say(_("Back at the table"))

    def _presence(self, notice: Presence) -> None:
        info = notice.seat
        if info.seat in self.client.mine or info.kind == COMPUTER:
            return
        if info.stand_in is not None:
            self.table.say(_("The computer plays for %(name)s until they are back")
                           % {"name": info.name})
        elif not info.connected:
            self.table.say(_("%(name)s's connection dropped; their seat waits for them")
                           % {"name": info.name}, 5.0)
        else:
            self.table.say(_("%(name)s is back at the table") % {"name": info.name})

    def _forget_tokens(self) -> None:
        """A far player's kept tokens for this table go once they open nothing more."""
        if self.hosted is None and self.client.code is not None:
            window_store().forget(self.client.url, self.client.code)

    # Commands ---------------------------------------------------------------------------
    def stand_in(self) -> None:
        """The host's word: the table's computer plays the away seat to move, for now."""
        state = self.table.state
        if self.hosted is not None and self.waiting_for(state) is not None:
            self.client.stand_in(state.turn, STAND_IN_LEVEL)
