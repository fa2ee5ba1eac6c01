"""A seat that confirms (this screen's seat at an online table): the Session hands it the
person's move and waits in a phase of its own until the table confirms, then plays it."""

from __future__ import annotations

import pytest

from game.engine.modes import Mode
from game.match import session as beats
from game.match.controller import Match
from game.match.seats import HUMAN, HumanSeat
from game.match.session import Phase, Session
from tests.match.helpers import dealt


class ConfirmingSeat:
    """A person here whose moves a table confirms: `confirm()` is the table's word."""

    source = kind = HUMAN
    confirms = True

    def __init__(self) -> None:
        self.sent: list = []
        self.confirmed: list = []
        self.asked = None

    def ask(self, state, start=None) -> None:
        self.asked = state

    def offer(self, move) -> None:
        self.sent.append(move)

    def confirm(self, move) -> None:
        self.confirmed.append(move)

    def poll(self):
        return self.confirmed.pop(0) if self.confirmed else None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def table():
    """Two people: one at this screen whose moves the table confirms, one far away (whose
    seat here is a plain one the test plays for)."""
    start = dealt(Mode.STANDARD, 2, 4)
    here = ConfirmingSeat()
    seats = [here, HumanSeat()] if start.turn == 0 else [HumanSeat(), here]
    session = Session(Match(start, seats=seats, undo=False))
    return session, here


def test_a_move_sent_waits_for_the_tables_word_and_is_played_once_confirmed():
    session, here = table()
    session.begin()
    assert session.phase is Phase.TURN and here.asked == session.state
    move = session.state.legal_moves()[0]
    said = session.offer(move)
    assert said == [beats.Sent(session.state.turn)] and session.phase is Phase.SENT
    assert here.sent == [move] and session.ply == 0  # nothing played before the table says
    assert session.update(1.0) == [] and session.phase is Phase.SENT
    here.confirm(move)
    said = session.update(0.0)
    assert [type(b) for b in said] == [beats.Played] and said[0].move == move
    assert session.phase is Phase.ANIM and session.ply == 1


def test_a_refused_move_gives_the_turn_back_and_a_late_confirmation_still_plays():
    session, here = table()
    session.begin()
    move = session.state.legal_moves()[0]
    session.offer(move)
    session.withdraw()  # refused, or the connection dropped before the table answered
    assert session.phase is Phase.TURN and session.ply == 0
    here.confirm(move)  # it was taken after all: the resync brings it back
    said = session.update(0.0)
    assert [type(b) for b in said] == [beats.Played] and session.ply == 1


def test_a_plain_persons_move_is_played_at_once():
    session = Session(Match(dealt(Mode.SOLO, 1, 4)))
    session.begin()
    said = session.offer(session.state.legal_moves()[0])
    assert isinstance(said[0], beats.Played) and session.phase is Phase.ANIM
    assert session.withdraw() is None and session.phase is Phase.ANIM  # nothing was sent


def test_a_drop_while_waiting_gives_the_turn_back_and_the_next_move_is_sent_anew():
    session, here = table()
    session.begin()
    first, second = session.state.legal_moves()[:2]
    session.offer(first)
    session.withdraw()  # the connection dropped: the table never took the first move
    assert session.phase is Phase.TURN and session.update(1.0) == []
    said = session.offer(second)
    assert said == [beats.Sent(session.state.turn)] and here.sent == [first, second]
    here.confirm(second)
    said = session.update(0.0)
    assert said[0].move == second and session.ply == 1


def test_only_the_person_to_move_may_offer_while_a_move_waits():
    session, here = table()
    session.begin()
    move = session.state.legal_moves()[0]
    session.offer(move)
    with pytest.raises(ValueError):
        session.offer(move)  # the move sent is waiting: nothing more goes to the table
    assert here.sent == [move] and session.phase is Phase.SENT


class RecordingSeat(HumanSeat):
    """A person here whose seat keeps every move it was handed."""

    def __init__(self) -> None:
        super().__init__()
        self.handed: list = []

    def offer(self, move) -> None:
        self.handed.append(move)
        super().offer(move)


def test_a_persons_move_here_goes_through_their_seat_and_is_played_at_once():
    seat = RecordingSeat()
    session = Session(Match(dealt(Mode.SOLO, 1, 4), seats=[seat]))
    session.begin()
    move = session.state.legal_moves()[0]
    said = session.offer(move)
    assert seat.handed == [move] and said[0].move == move and session.ply == 1
    assert seat.poll() is None  # answered once: nothing is played twice
