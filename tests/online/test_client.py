"""The client API the game window uses, against a server in a background thread (as when the
window hosts): a couch of two host seats and a remote player, RemoteSeat, errors in codes."""

from __future__ import annotations

import time

import pytest

from game.engine.modes import Mode
from game.match.session import Finished, Phase, Played, Sent, Session
from game.online.client.client import OnlineClient, OnlineError, RemoteSeat
from game.online.client.mirror import Closed, GameEnded, LobbyChanged, Refused, Started
from game.online.server.server import BackgroundServer
from game.online.shared.protocol import COMPUTER, HOST, REMOTE
from game.online.window.seat_sources import match_of
from tests.online.helpers import LOOPBACK


@pytest.fixture
def url():
    server = BackgroundServer(LOOPBACK, 0)
    port = server.start()
    yield f"ws://{LOOPBACK}:{port}"
    server.stop()


def test_a_couch_at_the_host_and_a_remote_player(url):
    couch = OnlineClient(url).connect()
    code = couch.create(Mode.ALL_INCLUDED, [{"place": HOST, "name": "Anna"},
                                            {"place": HOST, "name": "Ben"}, {"place": REMOTE}])
    assert couch.mine == (0, 1)
    lobby = _until(couch, LobbyChanged)
    assert [s.taken for s in lobby.seats] == [True, True, False] and lobby.free == 1
    far = OnlineClient(url).connect()
    assert far.join(code.lower(), "Cleo") == 2
    started = _until(couch, Started)
    tasks = [p.tasks for p in started.state.players]
    assert tasks[0] and tasks[1] and tasks[2] == ()  # both couch seats' cards, not Cleo's
    assert couch.view(1).tasks == tasks[1]
    remote = RemoteSeat(couch, 2)
    far_end = _drive_both(couch, far)
    assert couch.game.moves == far.game.moves and couch.game.over
    assert far_end.record == couch.ended.record
    played_by_cleo = list(iter(remote.poll, None))
    assert played_by_cleo == [m for i, m in enumerate(couch.game.moves)
                              if (started.state.turn + i) % 3 == 2]
    couch.close()
    far.close()


def _drive_both(a: OnlineClient, b: OnlineClient) -> GameEnded:
    done = {}
    sent = {id(a): None, id(b): None}
    deadline = time.monotonic() + 120
    while len(done) < 2:
        assert time.monotonic() < deadline, "the game did not end"
        for client in (a, b):
            if id(client) in done:
                continue
            for notice in client.poll():
                if isinstance(notice, GameEnded):
                    done[id(client)] = notice
                if isinstance(notice, Refused):
                    sent[id(client)] = None
            game = client.game
            if game is not None and not game.over and game.turn in client.mine \
                    and sent[id(client)] != len(game.moves):
                client.send_move(game.legal_moves()[0], game.turn)
                sent[id(client)] = len(game.moves)
        time.sleep(0.005)  # (waiting on a client would eat one of its notices)
    return done[id(b)]


def _until(client, kind):
    while True:
        notice = client.wait(timeout=30)
        assert notice is not None, f"no {kind.__name__}"
        if isinstance(notice, kind):
            return notice


def test_errors_come_as_codes_the_window_can_put_in_words(url):
    with pytest.raises(OnlineError) as err:
        OnlineClient("ws://127.0.0.1:1", timeout=3).connect()
    assert err.value.code == "no-server"
    with pytest.raises(OnlineError) as err:
        OnlineClient("not an address").connect()
    assert err.value.code == "bad-url"
    client = OnlineClient(url).connect()
    with pytest.raises(OnlineError) as err:
        client.join("NOPE42", "Anna")
    assert err.value.code == "no-table"
    with pytest.raises(OnlineError) as err:
        client.create(Mode.TEAMS, [{"place": HOST, "name": "Anna"}, {"place": REMOTE}])
    assert err.value.code == "bad-table"
    client.close()


def test_the_host_stopping_closes_every_client(url):
    server = BackgroundServer(LOOPBACK, 0)
    port = server.start()
    client = OnlineClient(f"ws://{LOOPBACK}:{port}").connect()
    client.create(Mode.STANDARD, [{"place": HOST, "name": "Anna"}, {"place": REMOTE}])
    server.stop()
    closed = _until(client, Closed)
    assert closed.reason in ("closed", "lost")
    client.close()


def test_the_windows_seats_drive_the_session_as_move_sources(url):
    """The window's wiring (match_of): the session offers this screen's move to its seat,
    which sends it and answers once the table confirms; the server's computer's seat answers
    with the table's moves; the session plays exactly the table's game to its end."""
    client = OnlineClient(url).connect()
    client.create(Mode.STANDARD, [{"place": HOST, "name": "Anna"},
                                  {"place": COMPUTER, "level": "easy"}], first=0)
    _until(client, Started)
    match = match_of(client)
    assert [s.recorded_as for s in match.seats] == ["human", "easy"]
    session = Session(match, pace=lambda: 0.0)
    beats = session.begin()
    sent = 0
    for _ in range(100_000):
        if any(isinstance(b, Finished) for b in beats):
            break
        if any(isinstance(b, Played) for b in beats):
            beats = session.move_shown()
            continue
        if session.phase is Phase.TURN:  # what the table's input hands in
            beats = session.offer(session.state.legal_moves()[0])
            assert beats == [Sent(0)] and session.phase is Phase.SENT
            sent += 1
            continue
        if client.ended is not None and not session.state.over:
            session.reveal(client.ended.tasks)
        client.wait(timeout=0.005)
        beats = session.update(0.1)
    assert session.state.over and client.game.over and sent
    assert session.state.moves == client.game.moves
    session.close()
    client.close()
