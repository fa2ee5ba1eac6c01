"""The match an online table's window plays, and its seats as move sources: this screen's
people (ScreenSeat: the Session hands it the move, which goes to the table and comes back
once confirmed) and every other seat (TableSeat: the table's confirmed moves). Either holds
back a move that would end the game until the table has shown every task card. No pygame."""

from __future__ import annotations

from dataclasses import replace

from game.engine.state import GameState
from game.match.controller import Match
from game.match.seats import HUMAN
from game.match.tables import online_match
from game.online.client.client import OnlineClient, OnlineError, RemoteSeat
from game.online.client.mirror import Confirmed


class TableSeat(RemoteSeat):
    """A seat played on another computer (or by the table's computer). Its move is held back
    while it would end the game and the table has not yet shown every task card: the end is
    kept with everyone's cards, as at a real table. `confirmed` is the move poll() gave last,
    with the state the mirror reached by it: the match takes that state, it plays nothing
    itself (one apply of each move on this screen, the mirror's)."""

    def __init__(self, client: OnlineClient, seat: int) -> None:
        super().__init__(client, seat)
        self._held: Confirmed | None = None
        self.confirmed: Confirmed | None = None

    def ask(self, state: GameState, start=None) -> None:
        super().ask(state, start)
        self._held = self.confirmed = None

    def poll(self):
        confirmed = self._held or self.take()
        if confirmed is None:
            return None
        if self.client.ended is None and confirmed.state.over:
            self._held = confirmed
            return None
        self._held, self.confirmed = None, confirmed
        return confirmed.move

    def cancel(self) -> None:
        super().cancel()
        self._held = None

    def disagrees(self, why: str) -> None:
        """The match found its game and the table's apart: the table is asked for it whole."""
        self.client.resync(why)


class ScreenSeat(TableSeat):
    """A person at this screen at an online table: the session offers their move, which goes
    to the table; poll() gives it back once the table has confirmed it (the winning move only
    once every task card is shown, as any TableSeat's), so this screen plays exactly the
    moves every screen plays. A move sent just before a drop may come back confirmed only in
    the resync after it: poll() finds it whenever the seat is asked."""

    source = HUMAN
    confirms = True  # offer() sends the move (RemoteSeat); it is played once confirmed


def match_of(client: OnlineClient, name=None, game_id: str | None = None) -> Match:
    """The match this window plays: its own seats are people here (ScreenSeats, whose moves
    the table confirms first), the others TableSeats;
    a game joined late (a rejoin) has its moves so far played on it at once. `name(info,
    seats)` names each seat on this screen (the table sends no name for a computer seat)."""
    dealt, game = client.dealt, client.game
    if dealt is None or game is None:
        raise OnlineError("not-started", "the game has not started")
    seats_info = client.seats
    if name is not None and len(seats_info) == len(dealt.players):
        dealt = replace(dealt, players=tuple(
            replace(p, name=name(info, seats_info))
            for p, info in zip(dealt.players, seats_info, strict=True)))
    seats = [ScreenSeat(client, i) if i in client.mine else TableSeat(client, i)
             for i in range(len(dealt.players))]
    # Moves already played (a rejoin) are played at once; their notices, still queued, are
    # passed over by number when a seat is next asked.
    return online_match(dealt, seats, game_id, game.moves[len(dealt.moves):])
