"""Tables kept in PostgreSQL (`serve --db postgresql://...`): one process at a time is a
table's authority (its advisory lock); when that process's connection dies, another takes the
table at its last committed move, and its players come back by token (issue 49)."""

from __future__ import annotations

import asyncio

import pytest

from game.engine.moves import legal_moves
from game.engine.state import apply
from game.online.server.pgstore import PgStore
from game.online.server.server import Peer, Server
from game.online.server.store import SaveError, StoreError, TableHeld
from game.online.shared.protocol import ProtocolError, shard_of
from tests.online.postgres import cluster
from tests.online.test_store_faults import _moved, _Seats

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (the postgres extra)")


@pytest.fixture(scope="module")
def url():
    with cluster() as found:
        yield found


def _next(state):
    """The state after a move that does not end the game (the table stays kept)."""
    nexts = [apply(state, move)[0] for move in legal_moves(state.position)]
    return next((n for n in nexts if not n.over), nexts[0])


def _kept_moves(url: str, code: str) -> int:
    with psycopg.connect(url) as db:
        return db.execute("SELECT COUNT(*) FROM moves WHERE code = %s", (code,)).fetchone()[0]


def test_only_the_holder_writes_a_table_until_its_connection_dies(url):
    first, second = PgStore(url), PgStore(url)
    try:
        seats = _Seats(first)
        for _ in range(3):
            assert len(_moved(seats.play())) == 1
        table, code = seats.table, seats.table.code
        assert _kept_moves(url, code) == 3
        # The second can neither take nor write it while the first holds it.
        with pytest.raises(TableHeld):
            second.claim(code, 0.0)
        assert second.tables(0.0) == ([], [])
        assert second.has(code)
        second.keep(table)
        following = _next(table.state)
        with pytest.raises(SaveError):
            second.moved(table, following)
        assert _kept_moves(url, code) == 3
        # The first's connection dies (as with kill -9): its locks go with it.
        with psycopg.connect(url, autocommit=True) as admin:
            # (waiting up to 5 s for its session to end: PostgreSQL 14 and later)
            admin.execute("SELECT pg_terminate_backend(%s, 5000)",
                          (first._db.info.backend_pid,))
        taken = second.claim(code, 0.0)
        assert taken is not None and len(taken.state.moves) == 3
        second.moved(taken, _next(taken.state))
        assert _kept_moves(url, code) == 4
        with pytest.raises(SaveError):  # the first can write nothing more
            first.moved(table, following)
    finally:
        first.close()
        second.close()


def test_a_player_back_by_token_on_another_server_takes_the_table(url):
    """The other server keeps another share of the codes (`--shard`): with one database
    shared, the front door sends it a dead server's codes, and it takes them."""
    first, second = PgStore(url), PgStore(url)
    try:
        seats = _Seats(first)
        for _ in range(2):
            seats.play()
        code, token = seats.table.code, seats.table.seats[1].token
        first.close()  # its process is gone
        other = Server(store=second, stand_in_after=None, shard=(1 - shard_of(code, 2), 2))
        ben = Peer(7, None, "127.0.0.3")
        ben.hello = True
        other.peers[ben.id] = ben

        async def run():  # PostgreSQL ends the first's session a moment after it closes
            other._dispatch(ben, {"type": "rejoin", "code": code, "token": token})
            if ben.pending is not None:
                await ben.pending
        asyncio.run(run())
        assert ben.table is not None and ben.table.code == code
        assert len(ben.table.state.moves) == 2
        assert code in other.tables
    finally:
        second.close()


def test_a_rejoin_waits_for_the_lock_of_a_server_dying_that_moment(url):
    """PostgreSQL frees a killed server's locks once it sees its connection gone: a player who
    comes back sooner is answered once the lock is free, never refused for good."""
    first, second = PgStore(url), PgStore(url)
    try:
        seats = _Seats(first)
        seats.play()
        code, token = seats.table.code, seats.table.seats[1].token
        other = Server(store=second, stand_in_after=None)
        ben = Peer(7, None, "127.0.0.3")
        ben.hello = True
        other.peers[ben.id] = ben

        async def run():
            other._dispatch(ben, {"type": "rejoin", "code": code, "token": token})
            assert ben.pending is not None and ben.table is None  # the lock is still held
            await asyncio.sleep(0.2)
            first.close()
            await ben.pending
        asyncio.run(run())
        assert ben.table is not None and ben.table.code == code
        assert len(ben.table.state.moves) == 1
    finally:
        second.close()


def test_a_database_that_cannot_be_reached_is_said_without_its_password():
    with pytest.raises(StoreError) as said:
        PgStore("postgresql://scare:secret@127.0.0.1:1/tables")
    assert "cannot open the table database postgresql://scare:***@127.0.0.1:1/tables" in str(
        said.value)
    assert "secret" not in str(said.value)


def test_finished_tables_are_kept_in_the_database_for_every_server(url):
    """A game's end, kept by the server that played it, is found by another (its players may
    come back to any server); bounded as in SQLite."""
    from game.online.server.finished import FinishedTables
    from tests.online.test_finished_comeback import _finished_table

    first, second = PgStore(url), PgStore(url)
    now = [1_000_000.0]
    try:
        here = FinishedTables(first, clock=lambda: now[0], per_address=2, total=3)
        there = FinishedTables(second, clock=lambda: now[0], per_address=2, total=3)
        table = _finished_table("AAAAAA")
        here.keep(table)
        found = there.find("AAAAAA", table.seats[1].token)
        assert found is not None and found[1] == 1
        assert found[0].state.moves == table.state.moves
        assert there.find("AAAAAA", table.seats[1].token[::-1]) is None
        for code in ("BBBBBB", "CCCCCC"):  # the same address: its oldest goes
            now[0] += 1
            here.keep(_finished_table(code))
        assert not there.has("AAAAAA") and there.has("BBBBBB")
        for code in ("DDDDDD", "EEEEEE"):  # other addresses: the oldest of all goes
            now[0] += 1
            there.keep(_finished_table(code, "10.9.9.9"))
        assert len(here) == 3 and not here.has("BBBBBB")
        now[0] += 8 * 24 * 3600
        here.tidy()
        assert len(there) == 0
    finally:
        first.close()
        second.close()


def _cut(url: str, pid: int) -> None:
    """The server's connection ended by the database (a restart of it, a cut network)."""
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))


def test_a_lost_connection_refuses_the_move_tells_nobody_and_stops_the_server(url, caplog):
    """Its locks went with its session (another server may take its tables now): no move is
    told, /healthz says it has no database, one line says so, and the process stops."""
    seats = _Seats(PgStore(url))
    server = seats.server
    server.stop = asyncio.get_event_loop_policy().new_event_loop().create_future()
    for _ in range(2):
        seats.play()
    code = seats.table.code
    _cut(url, server.store._db.info.backend_pid)
    for _ in range(3):
        heard = seats.play()
        assert _moved(heard) == [] and _moved(seats.anna_heard) == []
    assert _kept_moves(url, code) == 2 and len(seats.table.state.moves) == 2
    assert server.stop.done() and server.exit_status != 0
    assert server.store.lost is not None
    lines = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(lines) == 1 and "lost" in lines[0].getMessage(), [r.getMessage() for r in lines]
    # A new table is refused at once (no code can be looked up), never a hang.
    anna = Peer(9, None, "127.0.0.4")
    anna.hello = True
    server.peers[anna.id] = anna
    with pytest.raises(ProtocolError) as refused:
        server._dispatch(anna, {"type": "create", "mode": "standard",
                                "seats": [{"place": "host", "name": "Anna"}, {"place": "remote"}]})
    assert refused.value.code == "cannot-save"
    server.store.close()


def test_serve_whose_database_connection_is_cut_says_why_once_and_exits(url):
    """Noticed within a second even with no move to write (the server looks every second);
    the process ends with status 1 (systemd starts it again) and never a traceback."""
    from tests.online.helpers import ServerProcess
    s = ServerProcess(db=url)
    try:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                          "datname = current_database() AND pid <> pg_backend_pid() AND "
                          "backend_type = 'client backend'")
        _out, err = s.process.communicate(timeout=20)
    finally:
        if s.process.poll() is None:
            s.process.kill()
            s.process.communicate(timeout=20)
    assert s.process.returncode == 1, err
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert "lost its connection to the table database" in err and "***" in err


def test_the_database_write_time_is_in_the_metrics_and_names_no_table(url):
    store = PgStore(url)
    try:
        seats = _Seats(store)
        for _ in range(3):
            seats.play()
        text = seats.server.metrics.text().decode()
        assert "scare_it_db_write_seconds_count 3.0" in text, text
        table = seats.table
        assert table.code not in text and all(s.token not in text for s in table.seats)
        assert "Anna" not in text and "Ben" not in text
    finally:
        store.close()


def test_a_rejoin_while_the_connection_is_lost_is_never_told_a_wrong_token(url):
    """The table may be in the database (unread): the player waits for the process to stop
    and comes back elsewhere, rather than give up on a wrong token."""
    first, second = PgStore(url), PgStore(url)
    try:
        seats = _Seats(first)
        seats.play()
        code, token = seats.table.code, seats.table.seats[1].token
        seats.server.close()
        other = Server(store=second, stand_in_after=None)
        ben = Peer(7, None, "127.0.0.3")
        ben.hello = True
        other.peers[ben.id] = ben
        _cut(url, second._db.info.backend_pid)

        async def run():
            other.stop = asyncio.get_running_loop().create_future()
            other._dispatch(ben, {"type": "rejoin", "code": code, "token": token})
            assert other.stop.done() and ben.pending is not None
            del other.peers[ben.id]  # the stopping server closes its connection
            await ben.pending
        asyncio.run(run())
        said = []
        while not ben.outbox.empty():
            said.append(ben.outbox.get_nowait())
        assert not any("bad-token" in str(m) for m in said), said
    finally:
        first.close()
        second.close()
