"""This screen's link to an online table: the network read each frame, the claims asked of
this screen, a dropped connection taken up again, and what the panel says of each seat.

The link never touches the table scene: listen() reads the network and returns what it heard
(words to say, a move the table refused, the end's task cards, a way back to the menu, a
claim to ask about), and the table (online/play.py: OnlineKind.listen) acts on it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from game.engine.ai import SKILLS
from game.i18n import _
from game.online.client.background import Background, reconnect
from game.online.client.comeback import PATIENCE, Comeback, clock_words
from game.online.client.mirror import (
    ClaimAsked,
    ClaimSettled,
    Closed,
    GameEnded,
    Noted,
    Presence,
    Refused,
    Started,
)
from game.online.client.tokens import window_store
from game.online.shared.protocol import COMPUTER
from game.render.palette import BAD, GREEN_ON, MUTED, PALE
from game.scenes.online.days import left_words, note_words, per_move_words
from game.scenes.online.words import seat_name, trouble_words, trying_words

STAND_IN_LEVEL = SKILLS.default  # the computer that plays for an away person, asked by the host
AWAY = BAD  # a seat whose person is away
OWN = GREEN_ON  # this screen's own seats


@dataclass(frozen=True)
class Say:
    """Words for the table's banner, for `seconds`."""

    text: str
    seconds: float = 3.0


@dataclass(frozen=True)
class MoveRefused:
    """The table did not take the move sent: the person moves again, and is told why."""

    text: str


@dataclass(frozen=True)
class Reveal:
    """The end's task cards, for the session's history."""

    tasks: tuple[tuple, ...]


@dataclass(frozen=True)
class Follow:
    """The table sent its whole game (not as moves): the session takes it, if it is new."""

    state: object


@dataclass(frozen=True)
class Withdraw:
    """A move sent before a drop: the person is to move again (unless it comes back)."""


@dataclass(frozen=True)
class Leave:
    """The table is over for this screen: to the menu, which says `notice`; `forget_save`
    drops the far player's save that would join the table again."""

    notice: str
    forget_save: bool = False


@dataclass
class Heard:
    """What one look at the network brought, in order, for the table to act on: `said` holds
    Say, MoveRefused, Reveal, Follow, Withdraw and Leave; `ask` is a claim to prompt this screen with."""

    said: list = field(default_factory=list)
    ask: ClaimAsked | None = None
    news: bool = False  # anything came in: the table repaints

    @property
    def leaving(self) -> bool:
        """The table is left (no save of it and no prompt over it any more)."""
        return any(isinstance(one, Leave) for one in self.said)


class TableLink:
    """The connection of one online table: its `client`, and `hosted`, the host's own table
    (this process serves it), None at a far player's screen. It reads the `session` only to
    know whose turn it is."""

    # How long a dropped connection is tried again (a restarting server, a host's window
    # opened again), and the clock and the wait it counts in (a test's moves at once).
    patience, clock, sleep = PATIENCE, staticmethod(time.monotonic), None

    def __init__(self, client, hosted, session) -> None:
        self.client, self.hosted, self.session = client, hosted, session
        self.trying: Background | Comeback | None = None  # taking the seats back after a drop
        self.restarting = False  # the server said it restarts (not the host leaving)
        self.revealed = False
        self.answered: set[int] = set()  # claims this screen answered (their prompt is done)
        self.host_left = False  # the server closed the connection on purpose
        self.claim_names: dict[int, str] = {}
        # Each seat's status as last heard, and when (on this screen's clock) the computer
        # plays it if its person stays away: the table says how many seconds are left.
        self.counts: dict[int, tuple] = {}
        self.wall = time.time  # over days, a deadline is wall time
        self.gave_at: int | None = None  # over days, the move this screen gave more time for

    # What the panel reads ---------------------------------------------------------------
    def waiting_for(self, state) -> str | None:
        """The name of the person whose turn it is and whom the table waits for (away)."""
        seats = self.client.seats
        if state.over or state.turn >= len(seats):
            return None
        info = seats[state.turn]
        if info.place != COMPUTER and not info.connected and info.stand_in is None:
            return info.name
        return None

    def waiting_words(self, state) -> str | None:
        """The banner's words while the table waits for an away person to move: how long
        until the computer plays for them, when the table counts."""
        name = self.waiting_for(state)
        if name is None:
            return None
        left = self.computer_in(self.client.seats[state.turn])
        if left is None:
            return _("%(name)s is away: the table waits for them to come back") % {"name": name}
        # TRANSLATORS: %(time)s counts down on a clock, "1:42".
        return _("%(name)s is away: the computer plays for them when the time is up "
                 "(%(time)s)") % {"name": name, "time": clock_words(math.ceil(left))}

    def computer_in(self, info) -> float | None:
        """Seconds before the table's computer plays this away seat, counted on this screen's
        clock from when the table said it; None: nothing counts down."""
        heard = self.counts.get(info.seat)
        if heard is None or heard[0] is not info:  # said anew: the count starts now
            ends = None if info.computer_in is None else self.clock() + info.computer_in
            heard = self.counts[info.seat] = (info, ends)
        return None if heard[1] is None else max(0.0, heard[1] - self.clock())

    def own_player(self, state):
        """The one player at this screen (a far player's window), or None on a couch."""
        mine = self.client.mine
        if len(mine) != 1 or mine[0] >= len(state.players):
            return None
        return state.players[mine[0]]

    def where_words(self, info) -> tuple[str, tuple[int, int, int], tuple[str, ...]]:
        """Where a seat plays, as the panel says it beside the name, its colour, and its
        shorter wordings for a narrow room (a long name beside it)."""
        if info.seat in self.client.mine:
            return _("here"), OWN, ()
        if info.place == COMPUTER:
            return _("table's computer"), MUTED, (_("computer"),)
        if info.stand_in is not None:
            # TRANSLATORS: beside an away person's name in the table's list of seats.
            return _("away: the computer plays"), AWAY, (_("away: computer"),)
        if not info.connected:
            left = self.computer_in(info)
            if left is None:
                return _("away"), AWAY, ()
            # TRANSLATORS: beside an away person's name: the time before the computer plays
            # for them, counting down ("1:42").
            return _("away (%(time)s)") % {"time": clock_words(math.ceil(left))}, AWAY, ()
        return _("online"), PALE, ()

    # The network, read each frame --------------------------------------------------------
    def listen(self, asking: bool) -> Heard:
        """What the network brought since the last look: each frame, under the menu too (the
        others play on meanwhile; their moves are shown on return). `asking`: a claim's
        prompt is open already (one at a time)."""
        heard = Heard()
        self._network(heard)
        for info in self.client.seats:  # a count heard starts now, shown or not
            self.computer_in(info)
        if not asking and not heard.leaving:
            heard.ask = next((c for n, c in sorted(self.client.claims.items())
                              if n not in self.answered), None)
        return heard

    def reveal(self) -> tuple[tuple, ...] | None:
        """The end's task cards, once, for the session's history (before it plays the last
        move: the seats hold a winning move until the table has shown them)."""
        ended = self.client.ended
        if ended is None or self.revealed:
            return None
        self.revealed = True
        self._forget_tokens()  # the end is known here: the seat's tokens open nothing more
        return ended.tasks

    def _network(self, heard: Heard) -> None:
        said = heard.said
        for notice in self.client.poll():
            heard.news = True
            if isinstance(notice, GameEnded):
                tasks = self.reveal()
                if tasks is not None:
                    said.append(Reveal(tasks))
            elif isinstance(notice, Started):
                said.append(Follow(notice.state))
            elif isinstance(notice, Noted):  # over days, the table's history goes on
                said.append(Say(self.note_line(notice), 8.0))
            elif isinstance(notice, Presence):
                said.extend(self._presence(notice))
            elif isinstance(notice, ClaimSettled) and notice.claim not in self.answered:
                claim = self.claim_names.get(notice.claim)
                if claim is not None:  # another screen at the table answered first
                    said.append(Say((_("%(name)s: the seat was given back") if notice.allow
                                     else _("%(name)s: the ask for the seat was refused"))
                                    % {"name": claim}, 5.0))
            elif isinstance(notice, ClaimAsked):
                self.claim_names[notice.claim] = notice.name
            elif isinstance(notice, Refused):
                if notice.ref == "play" and notice.code == "cannot-save":
                    said.append(MoveRefused(trouble_words(notice.code)))
                elif notice.ref == "play":
                    said.append(MoveRefused(_("The table did not take that move; the field is "
                                          "shown as the table has it.")))
            elif isinstance(notice, Closed):
                if self.client.ended is not None:
                    continue  # the game is over: the host may well leave now
                if notice.reason == "taken":  # coming back would only take it again
                    self._forget_tokens()  # and the save that would join it again, below
                    said.append(Leave(trouble_words("taken"), forget_save=self.hosted is None))
                    return
                if self.hosted is not None:  # the host's own server is gone: nothing to wait for
                    said.append(Leave(trouble_words("lost")))
                    return
                if notice.reason == "closed":
                    # The server said goodbye: the host left (a host's window closes its
                    # table, or a server stops). One look whether it is back at once, then
                    # the menu says so; the Join screen brings the seat back later.
                    self.host_left = True
                    self.trying = reconnect(self.client, 1, 0.0)
                else:  # lost, or the server restarts: tried again for minutes, no click
                    self.restarting = notice.reason == "restarting"
                    self.trying = Comeback(self.client, self.patience, clock=self.clock,
                                           sleep=self.sleep)
        if self.trying is not None and self.trying.done:
            trying, self.trying = self.trying, None
            said.append(Withdraw())  # a move sent before the drop comes back confirmed, or not
            if trying.error is not None:
                said.append(Leave(self._gone_words(trying)))
            else:
                trying.result  # noqa: B018 - a bug in the reconnecting is raised here
                self.host_left = self.restarting = False
                said.append(Say(_("Back at the table")))

    def _gone_words(self, trying) -> str:
        """Why the table could not be taken back: the host left, it was not reached in all
        that time, or an answer trying again cannot change."""
        code = trying.error.code
        if isinstance(trying, Comeback) and code in ("lost", "gave-up"):
            return trouble_words("unreachable")
        return trouble_words("closed" if code in ("lost", "no-server", "no-answer") else code)

    def trying_words(self) -> str | None:
        """What the table says while the connection is tried again: how long so far."""
        trying = self.trying
        if not isinstance(trying, Comeback):
            return None
        return trying_words(trying.elapsed, self.restarting)

    def stop_trying(self) -> None:
        """The player leaves while the table is tried again: no seat is taken back."""
        if isinstance(self.trying, Comeback):
            self.trying.stop()

    def _presence(self, notice: Presence) -> list[Say]:
        """What the table says of another person's seat coming, going or played for."""
        info = notice.seat
        if info.seat in self.client.mine or info.place == COMPUTER:
            return []
        if info.stand_in is not None:
            return [Say(_("%(name)s is away: the computer plays until they are back")
                        % {"name": info.name})]
        if not info.connected:
            return [Say(_("%(name)s: the connection dropped; the seat waits")
                        % {"name": info.name}, 5.0)]
        return [Say(_("%(name)s is back at the table") % {"name": info.name})]

    def _forget_tokens(self) -> None:
        """A far player's kept tokens for this table go once they open nothing more."""
        if self.hosted is None and self.client.code is not None:
            window_store().forget(self.client.url, self.client.code)

    # Commands ---------------------------------------------------------------------------
    def answer(self, claim: int, allow: bool) -> None:
        """This screen's word on a claim: let them in, or not (its prompt is done)."""
        self.client.admit(claim, allow)
        self.answered.add(claim)

    # Over days (issue 48) ------------------------------------------------------------------
    def days_words(self) -> str | None:
        """Over days, the time left for the move to play now ("2 days left"); None: live."""
        days = self.client.days
        if days is None:
            return None
        if days.deadline is None:
            return per_move_words(0)
        return left_words(days.deadline - self.wall())

    def note_line(self, noted: Noted) -> str:
        """A line of the table's history in words, naming the seat to move then."""
        seats = self.client.seats
        name = seat_name(seats[noted.seat], seats) if noted.seat < len(seats) else ""
        return note_words(noted.note, name)

    def may_give_time(self, state) -> bool:
        """Over days, another seat's move with a deadline: this screen may give one more day,
        once for each move."""
        days = self.client.days
        return (days is not None and days.deadline is not None and not state.over
                and state.turn not in self.client.mine and self.trying is None
                and self.gave_at != len(state.moves))

    def more_time(self) -> None:
        """One more day for the seat to move (the table tells everyone)."""
        state = self.session.state
        if self.may_give_time(state):
            self.gave_at = len(state.moves)
            self.client.more_time()

    def stand_in(self) -> None:
        """The host's word: the table's computer plays the away seat to move, for now."""
        state = self.session.state
        if self.hosted is not None and self.waiting_for(state) is not None:
            self.client.stand_in(state.turn, STAND_IN_LEVEL)
