"""The table database under faults: a full disk, a read-only or vanished file, a damaged or
empty one, a damaged journal, and a burst of moves (issue 45). A move is kept before anyone
is told; one that cannot be kept is refused and never shown; damaged files are kept aside."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3

from game.engine.moves import legal_moves
from game.engine.state import apply
from game.online.server.server import CHECKPOINT_EVERY, Peer, Server
from game.online.server.store import WAL_BOUND, Store
from game.online.server.table import refusal
from game.online.shared.protocol import ProtocolError
from tests.online.helpers import ServerProcess

FILLER = 100_000  # the filler rows of a full disk are numbered from here
HOST_AND_FAR = [{"place": "host", "name": "Anna"}, {"place": "remote"}]


class _Seats:
    """A table of two people on one in-process server, driven message by message."""

    def __init__(self, store: Store) -> None:
        self.server = Server(store=store, stand_in_after=None)
        self.anna, self.ben = Peer(1, None, "127.0.0.2"), Peer(2, None, "127.0.0.3")
        for peer in (self.anna, self.ben):
            peer.hello = True
            self.server.peers[peer.id] = peer
        self.server._dispatch(self.anna, {"type": "create", "mode": "standard",
                                          "seats": HOST_AND_FAR, "first": 1})
        self.table = self.anna.table
        self.server._dispatch(self.ben, {"type": "join", "code": self.table.code, "name": "Ben"})
        self.heard()

    def heard(self) -> list[dict]:
        """Every message Ben's screen was sent since the last look (Anna's are read too)."""
        heard = {}
        for peer in (self.anna, self.ben):
            heard[peer.id] = []
            while not peer.outbox.empty():
                item = peer.outbox.get_nowait()
                if isinstance(item, str):
                    heard[peer.id].append(json.loads(item))
        self.anna_heard = heard[1]
        return heard[2]

    def play(self) -> list[dict]:
        """The next move by whoever is to move, sent as its screen sends it (a refusal is
        answered as the server's reader answers it); what Ben's screen was sent."""
        state = self.table.state
        peer = self.anna if self.table.seats[state.turn].holder == 1 else self.ben
        try:
            self.server._dispatch(peer, {"type": "play", "seat": state.turn,
                                         "move": _lasting(state), "number": len(state.moves)})
        except ProtocolError as err:
            self.server._send(peer, refusal(err.code, "play", str(err)))
        return self.heard()


def _lasting(state) -> str:
    """A move that does not end the game, when there is one (a burst needs long games)."""
    moves = legal_moves(state.position)
    for move in moves:
        if not apply(state, move)[0].over:
            return move.text
    return moves[0].text


def _moved(messages: list[dict]) -> list[dict]:
    return [m for m in messages if m["type"] == "moved"]


def _refused(messages: list[dict], code: str) -> bool:
    return any(m["type"] == "error" and m.get("code") == code for m in messages)


def _lines(caplog, words: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if words in r.getMessage()]


def _full_disk_test(tmp_path, caplog, fault, mend):
    """Once `fault` bites, moves are refused and never shown, the table stays at its last
    kept move, one log line says so; after `mend` moves are taken; every shown move is kept."""
    caplog.set_level(logging.WARNING)
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    seats = _Seats(store)
    shown = sum(len(_moved(seats.play())) for _ in range(3))
    assert shown == 3
    fault(store, path)
    for _ in range(40):  # a full disk is full once a page more is needed
        heard = seats.play()
        if not _moved(heard):
            break
        shown += 1
    kept = len(seats.table.state.moves)
    assert kept == shown < 3 + 40
    for _ in range(5):  # then it refuses every move, and says so once
        assert not _moved(seats.play())
    assert len(seats.table.state.moves) == kept
    assert len(_lines(caplog, "cannot be written")) == 1
    mend(store, path)
    heard = seats.play()
    assert len(_moved(heard)) == 1
    shown += 1
    assert len(_lines(caplog, "can be written again")) == 1
    store.close()
    again = Store(path)
    tables, _problems = again.tables(0.0)
    assert [len(t.state.moves) for t in tables] == [shown]
    again.close()
    return seats


def test_a_full_disk_refuses_moves_shows_none_of_them_and_goes_on_when_there_is_room(
        tmp_path, caplog):
    def fill(store, _path):  # SQLite's own bound on the file, then every page filled
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        store._db.execute(f"PRAGMA max_page_count={pages}")
        code = next(iter(store._db.execute("SELECT code FROM tables")))[0]
        try:
            for number in range(FILLER, 2 * FILLER):
                store._db.execute("INSERT INTO moves VALUES (?, ?, ?)", (code, number, "x" * 40))
        except sqlite3.OperationalError as err:
            assert "full" in str(err)

    def room(store, _path):
        store._db.execute("PRAGMA max_page_count=1000000")
        store._db.execute("DELETE FROM moves WHERE number >= ?", (FILLER,))

    _full_disk_test(tmp_path, caplog, fill, room)


def test_the_mover_is_told_the_server_cannot_save_moves(tmp_path):
    store = Store(tmp_path / "tables.sqlite3")
    seats = _Seats(store)
    store._db.execute("PRAGMA query_only=ON")  # the file read-only under the server
    state = seats.table.state
    heard = seats.play() + seats.anna_heard
    assert [m["code"] for m in heard if m["type"] == "error"] == ["cannot-save"]
    assert not _moved(heard) and seats.table.state is state


def test_a_read_only_database_refuses_moves_without_a_crash_and_recovers(tmp_path, caplog):
    def read_only(store, _path):
        store._db.execute("PRAGMA query_only=ON")

    def writable(store, _path):
        store._db.execute("PRAGMA query_only=OFF")

    _full_disk_test(tmp_path, caplog, read_only, writable)


def test_a_vanished_database_refuses_moves_and_recovers_when_it_comes_back(tmp_path, caplog):
    def vanish(_store, path):
        path.rename(path.with_name("elsewhere"))

    def back(_store, path):
        path.with_name("elsewhere").rename(path)

    _full_disk_test(tmp_path, caplog, vanish, back)


def test_tables_opened_again_on_a_read_only_database_wait_for_it_without_a_crash(
        tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    _Seats(store).play()
    store.close()
    store = Store(path)
    tables, _problems = store.tables(0.0)
    store._db.execute("PRAGMA query_only=ON")  # as a server restarted with the fault there
    server = Server(store=store, stand_in_after=None)
    for table in tables:
        server.adopt(table)  # its setup is kept: a write
    assert len(_lines(caplog, "cannot be written")) == 1 and store.unkept
    store._db.execute("PRAGMA query_only=OFF")
    assert store.retry() and not store.unkept
    store.close()


def test_the_database_is_opened_with_no_memory_map_to_fault_on(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    _Seats(store).play()
    assert store._db.execute("PRAGMA mmap_size").fetchone()[0] == 0
    assert not path.with_name(path.name + "-shm").exists()  # the journal's index is in memory
    store.close()


def test_a_computers_move_that_cannot_be_saved_is_played_once_there_is_room(tmp_path):
    store = Store(tmp_path / "tables.sqlite3")
    server = Server(store=store, stand_in_after=None)
    host = Peer(1, None, "127.0.0.2")
    host.hello = True
    server.peers[1] = host

    async def run():
        server._dispatch(host, {"type": "create", "mode": "standard", "first": 2, "seats": [
            {"place": "host", "name": "Anna"}, {"place": "computer", "level": "easy"}]})
        table = host.table
        store._db.execute("PRAGMA query_only=ON")
        while server.thinking:
            await asyncio.sleep(0.01)
        assert len(table.state.moves) == 0 and server.unsaved
        await server._keeping(1)
        assert len(table.state.moves) == 0  # still read-only: still waiting
        store._db.execute("PRAGMA query_only=OFF")
        await server._keeping(2)
        assert len(table.state.moves) == 1 and not server.unsaved
        server.close()

    asyncio.run(run())


# --- damaged and empty files ------------------------------------------------------------

def _a_database_with_tables(path, count: int = 3) -> None:
    store = Store(path)
    for _ in range(count):
        seats = _Seats(store)
        seats.play()
    store.close()


def test_a_database_that_is_not_one_is_kept_aside_and_a_new_one_starts(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"these are not the tables you are looking for\n" * 200)
    store = Store(path)
    assert store.tables(0.0) == ([], [])
    aside = list(tmp_path.glob("tables.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"these are not")
    [line] = _lines(caplog, "could not be opened")
    assert str(aside[0]) in line and "0 tables brought back" in line
    _Seats(store).play()  # the new one takes moves
    store.close()


def test_a_damaged_database_is_kept_aside_and_says_what_it_could_not_bring_back(
        tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    path = tmp_path / "tables.sqlite3"
    _a_database_with_tables(path)
    db = sqlite3.connect(path)
    [(root,)] = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'moves'")
    db.close()
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page * (root - 1):page * (root - 1) + 200] = b"\xff" * 200  # the moves, torn
    path.write_bytes(bytes(data))
    store = Store(path)
    [line] = _lines(caplog, "could not be opened")
    assert "\n" not in line and "0 tables brought back, 3 could not be" in line
    [aside] = tmp_path.glob("tables.sqlite3.damaged-*")
    assert f"kept as {aside}" in line and aside.read_bytes() == bytes(data)
    assert store.tables(0.0) == ([], [])
    store.close()


def test_serve_starts_on_a_damaged_database_and_says_so_once(tmp_path):
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"\x00garbage" * 1000)
    server = ServerProcess(db=path)  # it did not start before: the same at every start
    log = server.stop()
    assert len([line for line in log.splitlines() if "could not be opened" in line]) == 1
    assert "Traceback" not in log and list(tmp_path.glob("tables.sqlite3.damaged-*"))


def test_an_empty_database_is_said_and_kept_aside(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"")
    Store(path).close()
    [line] = _lines(caplog, "was empty (0 bytes)")
    assert list(tmp_path.glob("tables.sqlite3.empty-*"))


def test_a_missing_database_is_said(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    Store(tmp_path / "tables.sqlite3").close()
    assert _lines(caplog, "no table database at")


def test_a_damaged_journal_is_said_and_a_copy_kept_aside(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    seats = _Seats(store)
    for _ in range(6):
        seats.play()
    wal = path.with_name(path.name + "-wal")
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / path.name).write_bytes(path.read_bytes())  # as a kill -9 leaves them
    data = bytearray(wal.read_bytes())
    store.close()
    page = int.from_bytes(data[8:12], "big")
    middle = 32 + 3 * (24 + page) + 24 + 100  # inside the fourth frame's page
    data[middle:middle + 8] = b"\x00\xff" * 4
    (copy / (path.name + "-wal")).write_bytes(bytes(data))
    Store(copy / path.name).close()
    [line] = _lines(caplog, "journal of the table database")
    assert "cannot be brought back" in line
    assert list(copy.glob("tables.sqlite3-wal.damaged-*"))


def test_a_whole_journal_after_a_kill_is_not_called_damaged(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    seats = _Seats(store)
    for _ in range(6):
        seats.play()
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / path.name).write_bytes(path.read_bytes())
    (copy / (path.name + "-wal")).write_bytes(path.with_name(path.name + "-wal").read_bytes())
    store.close()
    again = Store(copy / path.name)
    assert not _lines(caplog, "journal of the table database")
    assert [len(t.state.moves) for t in again.tables(0.0)[0]] == [6]
    again.close()


# --- the journal's size -----------------------------------------------------------------

def test_the_journal_stays_bounded_under_a_burst_of_ten_thousand_moves(tmp_path):
    """A second's moves at the measured 1600 a second, then the server's round (once a
    second); the journal's largest size is its bound and one second of moves."""
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    server = Server(store=store, stand_in_after=None)
    peak, moves, tick = 0, 0, 0
    seats = _Seats(store)
    while moves < 10_000:
        for _ in range(1600):
            if seats.table.state.over:
                seats = _Seats(store)
            seats.play()
            moves += 1
            peak = max(peak, store.wal_size())
        tick += 1
        asyncio.run(server._keeping(tick))
    print(f"journal peak under {moves} moves: {peak / 2 ** 20:.1f} MiB")
    assert peak < WAL_BOUND + 1600 * 16 * 1024
    asyncio.run(server._keeping(CHECKPOINT_EVERY))  # the scheduled round
    assert store.wal_size() == 0  # emptied, not only reused
    store.close()
