"""A seat's place (at the host, remote, a computer) is the field `place` on the wire and in every
file; files an older version wrote with `kind` read the same."""

from __future__ import annotations

import json
import sqlite3

import pytest

from game.engine.modes import Mode
from game.engine.moves import legal_moves
from game.engine.state import apply
from game.match.record import read_record, write_record
from game.online.server.finished import FinishedTables
from game.online.server.store import Store
from game.online.server.table import Table
from game.online.shared.protocol import (
    COMPUTER,
    HOST,
    REMOTE,
    SEAT_PLACES,
    VERSION,
    ProtocolError,
    checked,
)

PLANS = [{"place": HOST, "name": "Anna"}, {"place": REMOTE}, {"place": COMPUTER, "level": "easy"}]


def _started() -> tuple[Table, list]:
    table = Table("KTR4WM", Mode.STANDARD, PLANS, 0, seed=3)
    outs = table.host_holds(0) + table.join(1, "Ben")
    assert table.started
    return table, outs


def _older(text: str) -> str:
    """The same JSON as an older version wrote it: each seat's `place` called `kind`."""
    return text.replace('"place"', '"kind"')


def test_the_wire_names_a_seats_place():
    assert SEAT_PLACES == (HOST, REMOTE, COMPUTER)
    _table, outs = _started()
    entries = [e for _conn, m in outs if m["type"] == "lobby" for e in m["seats"]]
    assert entries and all("kind" not in e for e in entries)
    assert [e["place"] for e in entries[:3]] == [HOST, REMOTE, COMPUTER]
    with pytest.raises(ProtocolError, match="place"):
        checked({"type": "create", "mode": "standard", "seats": [{"kind": HOST, "name": "A"}]},
                greeted=True)


def test_a_client_of_a_version_the_server_never_spoke_is_told_its_version():
    with pytest.raises(ProtocolError) as refused:
        checked({"type": "hello", "version": VERSION + 1}, greeted=False)
    assert refused.value.code == "version"


def test_a_client_of_version_1_that_says_kind_still_plays_beside_one_of_this_version():
    """An older game (version 1: a seat's place was its `kind`) opens a table on a server of
    this version and is answered in its own words, while a newer one at the same table reads
    `place`: a family need not update every computer on one day."""
    from tests.online.helpers import RawPeer, server

    with server() as s:
        older = RawPeer(s.url + "/new", hello=False)
        older.send({"type": "hello", "version": 1})
        assert older.recv()["version"] == 1  # welcome, in its version
        older.send({"type": "create", "mode": "standard",
                    "seats": [{"kind": HOST, "name": "Anna"}, {"kind": REMOTE}]})
        code = older.until("joined")["code"]
        newer = RawPeer(s.url + "/t/" + code)
        newer.send({"type": "join", "code": code, "name": "Ben"})
        seen_new = newer.until("lobby")["seats"]
        seen_old = older.until("lobby")["seats"]
        older.close()
        newer.close()
    assert [e["place"] for e in seen_new] == [HOST, REMOTE] and "kind" not in seen_new[0]
    assert [e["kind"] for e in seen_old] == [HOST, REMOTE] and "place" not in seen_old[0]


def test_an_older_host_save_with_kind_reads_as_the_same_table():
    table, _outs = _started()
    table.state, _ = apply(table.state, legal_moves(table.state.position)[0])
    text = write_record(table.saved(8765), secret=True)
    assert '"place":"remote"' in text
    new, old = read_record(text), read_record(_older(text))
    assert old.online == new.online and old.online.places == (HOST, REMOTE, COMPUTER)
    again = Table.from_record(old, 0.0)
    assert [s.place for s in again.seats] == [HOST, REMOTE, COMPUTER]
    assert again.state.moves == table.state.moves


def test_an_older_servers_database_with_kind_reads_its_tables(tmp_path):
    path = tmp_path / "old.sqlite3"
    Store(path).close()  # the file and its tables, then a row as the older server wrote it
    table, _outs = _started()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO tables (code, setup) VALUES (?, ?)",
                   (table.code, _older(json.dumps(table.snapshot()))))
    db.close()
    store = Store(path)
    tables, problems = store.tables(0.0)
    store.close()
    assert problems == [] and [s.place for s in tables[0].seats] == [HOST, REMOTE, COMPUTER]


def test_an_older_servers_finished_table_with_kind_opens_by_its_token(tmp_path):
    path = tmp_path / "finished.sqlite3"
    kept = FinishedTables(path, clock=lambda: 0.0)
    table, _outs = _started()
    while not table.over:
        table.state, _ = apply(table.state, legal_moves(table.state.position)[0])
    kept.keep(table)
    code = table.code
    with sqlite3.connect(path) as db:  # the row as the older server wrote it
        db.execute("UPDATE finished SET setup = ? WHERE code = ?",
                   (_older(json.dumps(table.snapshot())), code))
    db.close()
    found = kept.find(code, table.seats[1].token)
    assert found is not None and found[1] == 1
    assert kept.find(code, table.seats[2].token) is None  # a computer's seat opens for nobody
