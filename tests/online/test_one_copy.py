"""One copy of an online game on a client: the table's messages read by a real Mirror, the
session's match taking the mirror's confirmed state (each move applied once here), and a
mirror that comes to disagree with the match asking the table for the whole game, never a
fork. In process: a Table as the server holds it, no socket, no clock."""

from __future__ import annotations

from collections import deque

import pytest

import game.engine.state as engine_state
from game.engine.modes import Mode
from game.match.session import Moved, Phase, Played, Session
from game.online.client.mirror import Confirmed, Mirror, Started
from game.online.server.table import Table
from game.online.window.seat_sources import match_of

HOST_CONN = 1
PLANS = [{"place": "host", "name": "Anna"}, {"place": "computer", "level": "easy"}]


class MirrorClient:
    """What the seats and match_of read of an OnlineClient, over a real Mirror: each heard
    message's confirmed moves wait by seat, as the client's reader queues them; a sync asked
    is counted (with why), not sent."""

    def __init__(self) -> None:
        self.mirror = Mirror()
        self.moves: dict[int, deque[Confirmed]] = {}
        self.resyncs: list[str] = []

    def hear(self, outs) -> list:
        """The host's messages read, and the notices they made."""
        heard = []
        for conn, message in outs:
            if conn != HOST_CONN:
                continue
            for notice in self.mirror.receive(message):
                heard.append(notice)
                if isinstance(notice, Confirmed):
                    self.moves.setdefault(notice.seat, deque()).append(notice)
        return heard

    def take_move(self, seat: int) -> Confirmed | None:
        waiting = self.moves.get(seat)
        return waiting.popleft() if waiting else None

    def send_move(self, move, seat) -> None:
        raise AssertionError("the test plays the table's moves itself")

    def resync(self, why: str) -> None:
        self.resyncs.append(why)

    dealt = property(lambda self: self.mirror.dealt)
    game = property(lambda self: self.mirror.game)
    seats = property(lambda self: self.mirror.seats)
    mine = property(lambda self: self.mirror.mine)
    ended = property(lambda self: self.mirror.ended)


def table(seed: int, moves: int = 0) -> Table:
    """The host's table of deal `seed`, `moves` (its first legal ones) into its game."""
    made = Table("ABCD", Mode.STANDARD, PLANS, HOST_CONN, seed=seed, first=0)
    made.opening = made.host_holds(HOST_CONN)  # what the host's connection heard first
    for _ in range(moves):
        state = made.state
        conn = None if made.seats[state.turn].computer is not None else HOST_CONN
        made.play(conn, state.turn, state.legal_moves()[0].text, len(state.moves))
    return made


def play_on(server: Table, client: MirrorClient) -> None:
    """The table's next move (its first legal one), by whoever holds the seat, heard here."""
    state = server.state
    conn = None if server.seats[state.turn].computer is not None else HOST_CONN
    client.hear(server.play(conn, state.turn, state.legal_moves()[0].text, len(state.moves)))


def follow(session: Session) -> list:
    """The session's beats until it waits for the table again (or the game is over)."""
    beats: list = []
    for _ in range(20):
        said = session.move_shown() if session.phase is Phase.ANIM else session.update(float("inf"))
        beats += said
        if not said and session.phase is not Phase.ANIM:
            return beats
    return beats


@pytest.fixture
def applies(monkeypatch):
    """Every apply of a move, counted (each apply lays the move on the field once)."""
    count = [0]
    laid = engine_state.play_on_field

    def counted(position, move):
        count[0] += 1
        return laid(position, move)

    monkeypatch.setattr(engine_state, "play_on_field", counted)
    return count


def test_an_online_client_applies_each_move_once(applies):
    server, client = table(5), MirrorClient()
    client.hear(server.opening)
    session = Session(match_of(client))
    session.begin()
    moves = 0
    while not server.state.over and moves < 12:
        before = applies[0]
        play_on(server, client)  # the server's apply, then the mirror's
        follow(session)
        moves += 1
        assert applies[0] - before == 2, "the server's apply and the mirror's, no other"
    assert session.state.moves == client.game.moves == server.state.moves
    assert not client.resyncs


def two_moves_in() -> tuple[MirrorClient, Session]:
    """A table of deal 5, its mirror and the screen's session, two moves played and shown."""
    server, client = table(5), MirrorClient()
    client.hear(server.opening)
    session = Session(match_of(client))
    session.begin()
    for _ in range(2):
        play_on(server, client)
        follow(session)
    return client, session


def test_a_mirror_fed_a_diverging_state_asks_a_sync_and_follows_the_table():
    """The mirror is told a game that is not the match's (a table's state the match never
    saw): the next confirmed move is found apart, a sync is asked with why, and the match
    takes the table's state whole: one game on this screen, not two."""
    client, session = two_moves_in()
    other = table(6, 4)  # another deal at the same table code: the mirror believes it
    client.hear([(HOST_CONN, other.state_for(HOST_CONN))])
    assert client.game.moves != session.state.moves  # the mirror moved on to another game
    play_on(other, client)
    beats = follow(session)
    assert len(client.resyncs) == 1 and "this screen had" in client.resyncs[0]
    played = [b for b in beats if isinstance(b, Played)]
    assert played and played[0].events == ()  # the table's field, taken whole: no animation
    assert session.state.moves == client.game.moves == other.state.moves
    assert session.state.position == client.game.position


def test_a_whole_game_the_table_sends_is_followed_unless_the_match_has_it():
    """A state that cannot be told as moves (a Started notice mid-game) is the table's game:
    the match takes it whole (no animation), unless it has it already on its line."""
    client, session = two_moves_in()
    assert session.follow(client.game) == []  # its own game, told again: nothing moves
    other = table(6, 4)
    started = [n for n in client.hear([(HOST_CONN, other.state_for(HOST_CONN))])
               if isinstance(n, Started)]
    beats = session.follow(started[0].state)
    assert beats and isinstance(beats[0], Moved)
    assert session.state.moves == other.state.moves
    assert session.state.position == other.state.position
    play_on(other, client)  # the table goes on from there: the match agrees
    follow(session)
    assert session.state.moves == other.state.moves and not client.resyncs
