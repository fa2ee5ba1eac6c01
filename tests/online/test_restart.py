"""The server killed (SIGKILL) at random moves and started again on its database: every
table goes on, its players come back by token, and every record agrees (issue 31)."""

from __future__ import annotations

import random
import sqlite3
import time

import pytest

from game.match.record import read_record
from game.online.server.store import SCHEMA, journal_commits
from tests.online.helpers import ServerProcess, finish, host, spawn

SETUP = SCHEMA.count(";") + 4  # changes before the first move: the schema's, then the table and its seats


def _moves(db) -> int:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]


def kept_changes(db) -> int:
    """The changes the running server kept since its last checkpoint (the database itself
    is locked to the server while it runs: its journal is read)."""
    try:
        return journal_commits(db.with_name(db.name + "-wal").read_bytes())[0]
    except OSError:
        return 0


@pytest.mark.parametrize("seed", [31, pytest.param(32, marks=pytest.mark.slow)])  # one more: slow
def test_a_killed_server_loses_no_table(tmp_path, seed):
    rng = random.Random(seed)
    db = tmp_path / "tables.sqlite3"
    s = ServerProcess(db=db)
    port = s.port
    h, code = host(s.url, "--mode", "standard", "--seats", "3", "--bot", "hard", "--name", "Anna",
                   "--computer", "normal", "--record", str(tmp_path / "a.txt"))
    j = spawn("join", s.url, code, "--name", "Ben", "--bot", "hard",
              "--record", str(tmp_path / "b.txt"))
    kills = 0
    try:
        for target in sorted(rng.sample(range(2, 14), 3)):
            end = time.monotonic() + 120
            while kept_changes(db) < SETUP + target and h.poll() is None and time.monotonic() < end:
                time.sleep(0.01)
            if h.poll() is not None:
                break
            s.process.kill()  # SIGKILL: no goodbye, no flush
            s.process.communicate(timeout=20)
            kills += 1
            s = ServerProcess(db=db, port=port)
            if not s.line.rstrip().endswith(": 1)"):  # the table, opened again - unless the
                break  # game ended just before the kill (it left the database, as it should:
                # the players' finished records below prove nothing was lost)
        hc, hout, herr = finish(h)
        jc, jout, jerr = finish(j)
    finally:
        s.stop()
    assert kills >= 2, "the game ended before the server could be killed twice"
    assert (hc, jc) == (0, 0), herr + jerr
    texts = [(tmp_path / n).read_text(encoding="utf-8") for n in ("a.txt", "b.txt")]
    assert texts[0] == texts[1]
    record = read_record(texts[0])  # the rules replay it to its end
    assert record.final_state().over and f"result: {hout[-1]}" in texts[0]
    assert _moves(db) == 0  # the finished table left the database
