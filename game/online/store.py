"""The tables of `scare-it serve` in one SQLite file, so a server that stops loses nothing.

Each change is its own transaction: a table's setup (seats, tokens, names) when it changes,
and each move as the table accepts it, before anyone is told. The journal is write-ahead with
`synchronous=NORMAL`: a killed process (even kill -9) loses no committed transaction; only
a power cut may lose the last few. A commit then never waits for the disk: only a checkpoint
does (it syncs), and checkpoints run off the server's loop (`checkpoint`, from a thread of
its own, on a connection of its own). A finished table leaves once its record has been sent.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from game.online.table import Table

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, setup TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL, number INTEGER NOT NULL,
                                  move TEXT NOT NULL, PRIMARY KEY (code, number));
"""


class StoreError(ValueError):
    """The database cannot be opened or read; the message says which file and why."""


class Store:
    """One database file: every open table and its moves."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, isolation_level=None)  # each statement commits
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # never in a commit: checkpoint()
            self._db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"cannot open the table database {path}: {err}") from None

    def keep(self, table: Table) -> None:
        """The table's setup as it is now (created, a seat taken or given a new token)."""
        self._db.execute("INSERT OR REPLACE INTO tables VALUES (?, ?)",
                         (table.code, json.dumps(table.snapshot())))

    def moved(self, table: Table) -> None:
        """The table's last move; the first move also keeps the setup it started with."""
        state = table.state
        number = len(state.moves) - 1
        with self._db:  # one transaction: the move (and, at the first, the started setup)
            self._db.execute("BEGIN")
            if number == 0:
                self._db.execute("INSERT OR REPLACE INTO tables VALUES (?, ?)",
                                 (table.code, json.dumps(table.snapshot())))
            self._db.execute("INSERT OR REPLACE INTO moves VALUES (?, ?, ?)",
                             (table.code, number, state.moves[-1].text))

    def forget(self, code: str) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM moves WHERE code = ?", (code,))
            self._db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def tables(self, now: float) -> tuple[list[Table], list[str]]:
        """Every kept table, opened again at its last move; and one line for each that could
        not be (it stays in the file, untouched, for a person to look at)."""
        tables, problems = [], []
        try:
            rows = self._db.execute("SELECT code, setup FROM tables ORDER BY code").fetchall()
            for code, setup in rows:
                moves = [m for (m,) in self._db.execute(
                    "SELECT move FROM moves WHERE code = ? ORDER BY number", (code,))]
                try:
                    tables.append(Table.restore(json.loads(setup), moves, now))
                except (ValueError, KeyError, TypeError) as err:
                    problems.append(f"table {code} in {self.path} cannot be opened again: {err}")
        except sqlite3.Error as err:
            raise StoreError(f"cannot read the table database {self.path}: {err}") from None
        return tables, problems

    def checkpoint(self) -> None:
        """Move the journal into the database file (and sync it), from any thread: a
        connection of its own, passive, so the server's commits go on meanwhile."""
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def close(self) -> None:
        self._db.close()
