"""The seats of an online match as move sources, without a window: the end revealed into the
match, a last move held until every card is shown, this screen's move confirmed by the table."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine.modes import Mode
from game.engine.state import apply, new_game
from game.match.controller import Match
from game.match.record import record_of
from game.match.seats import HumanSeat
from game.match.session import Phase, Played, Sent, Session
from game.match.tables import online_match
from game.online.client.mirror import Confirmed
from game.online.window.seat_sources import ScreenSeat, TableSeat


def hidden(state):
    """The state as seat 0 knows it: the other seats' task cards are not shown."""
    return replace(state, players=tuple(p if i == 0 else replace(p, tasks=())
                                        for i, p in enumerate(state.players)))


def test_the_end_revealed_gives_the_record_every_task_card():
    dealt = new_game(Mode.STANDARD, ["Eva", "Ben"], 11, 0, [None, None])
    match = Match(hidden(dealt), seats=[HumanSeat(), HumanSeat()], undo=False)
    for move in dealt.legal_moves()[:1]:
        match.play(move)
    Session(match).reveal(tuple(p.tasks for p in dealt.players))
    assert match.start.players == dealt.players
    assert all(s.players[1].tasks == dealt.players[1].tasks for s in match.states)
    assert record_of(match.start, match.moves).start_state().players == dealt.players


@dataclass
class FakeClient:
    """Just what a TableSeat reads of its client: seats, confirmed moves and the end."""

    moves: list
    seats: tuple = ()
    ended: object = None

    def take_move(self, seat):
        return self.moves.pop(0) if self.moves else None


def confirmed(state, move, mine):
    """The table's word on `move`, as a mirror tells it: the state before, after, its events."""
    after, events = apply(state, move)
    return Confirmed(len(state.moves), state.turn, move, tuple(events), mine, state, after)


def last_move():
    """A game one move from its end: the state, that (first legal) move and its events."""
    state = new_game(Mode.STANDARD, ["Eva", "Ben"], 3, 0, [None, None])
    while True:
        move = state.legal_moves()[0]
        after, events = apply(state, move)
        if after.over:
            return state, move, events
        state = after


def test_a_move_that_ends_the_game_waits_for_the_tables_word_on_the_end():
    state, move, events = last_move()
    client = FakeClient([confirmed(state, move, False)])
    seat = TableSeat(client, state.turn)
    seat.ask(state)
    assert seat.poll() is None and seat.poll() is None  # held: no task cards shown yet
    client.ended = object()
    assert seat.poll() == move


def test_this_screens_seat_holds_the_winning_move_in_the_session_until_the_end_is_shown():
    state, move, events = last_move()
    client = FakeClient([])
    seats = [ScreenSeat(client, i) if i == state.turn else TableSeat(client, i)
             for i in range(2)]
    match = online_match(state, seats)
    session = Session(match)
    session.begin()
    sent = []
    client.send_move = lambda m, seat: sent.append((m, seat))
    assert session.offer(move) == [Sent(state.turn)] and sent == [(move, state.turn)]
    client.moves.append(confirmed(state, move, True))
    assert session.update(0.1) == [] and session.phase is Phase.SENT  # held: no cards shown
    client.ended = object()
    said = session.update(0.1)
    assert isinstance(said[0], Played) and session.state.over
