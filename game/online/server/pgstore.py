"""The tables of `scare-it serve --db postgresql://...` in PostgreSQL, shared by several servers.

The promise is SQLite's (store.py): each move is committed before anyone is told. With one
database under several processes, exactly one process is a table's authority at a time: it
holds the table's session-level advisory lock (`pg_try_advisory_lock` on a hash of the code)
on its own connection, so the lock dies with the process (kill -9 included: PostgreSQL ends
the session when its socket closes). A process writes only the tables whose lock it holds;
another process takes a table (`claim`, when a player comes back to it by token) only once
its lock is free, and opens it at its last committed move.

The driver is psycopg 3 (the `postgres` extra): synchronous calls suit the server, whose
SQLite writes are synchronous on its loop too, and `psycopg[binary]` carries its own libpq.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading

from game.online.server.store import Keeping, SaveError, StoreError, TableHeld
from game.online.server.table import Table

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, setup TEXT NOT NULL,
                                   deadline DOUBLE PRECISION);
CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL, number INTEGER NOT NULL,
                                  move TEXT NOT NULL, PRIMARY KEY (code, number));
CREATE TABLE IF NOT EXISTS finished (code TEXT PRIMARY KEY, ended DOUBLE PRECISION NOT NULL,
                                     opened_by TEXT NOT NULL, setup TEXT NOT NULL,
                                     moves TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS finished_ended ON finished (ended);
CREATE INDEX IF NOT EXISTS finished_by ON finished (opened_by, ended);
"""
APPLICATION = "scare-it serve (pid %d)"
SCHEMA_LOCK = 0x5C4E_17  # one process at a time creates the schema (CREATE IF NOT EXISTS races)

log = logging.getLogger("scare_it.store")


def is_url(db: str) -> bool:
    """`serve --db` names PostgreSQL (a URL) rather than an SQLite file."""
    return db.startswith(("postgresql://", "postgres://"))


def lock_key(code: str) -> int:
    """The advisory lock's key of a table: 64 bits of a hash of its code."""
    digest = hashlib.blake2b(code.encode(), digest_size=8, person=b"scare-it").digest()
    return int.from_bytes(digest, "big", signed=True)


class PgStore(Keeping):
    """One PostgreSQL database shared by several servers: the tables this process holds."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
            from psycopg.conninfo import conninfo_to_dict
        except ImportError:
            raise StoreError("--db postgresql://... needs psycopg: pip install "
                             "'scare-it[postgres]'") from None
        self.errors = psycopg.Error
        self.url = url
        self.failing: str | None = None
        self.lost: str | None = None
        self.unkept: dict[str, Table] = {}
        self.unforgotten: set[str] = set()
        self.held: set[str] = set()  # the codes whose advisory lock this connection holds
        self._lock = threading.Lock()
        try:
            # Which process a session is, in pg_stat_activity (unless the URL names it).
            named = conninfo_to_dict(url).get("application_name") or APPLICATION % os.getpid()
            self._db = psycopg.connect(url, autocommit=True, application_name=named)
            with self._db.transaction():
                self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in filter(str.strip, SCHEMA.split(";")):
                    self._db.execute(statement)
        except psycopg.Error as err:
            raise StoreError(f"cannot open the table database {shown_url(url)}: "
                             f"{' '.join(str(err).split())}") from None

    # --- the lock -----------------------------------------------------------------------

    def _take(self, code: str) -> bool:
        """This process becomes the table's authority, unless another process is."""
        if code not in self.held:
            taken = self._db.execute("SELECT pg_try_advisory_lock(%s)",
                                     (lock_key(code),)).fetchone()[0]
            if not taken:
                return False
            self.held.add(code)
        return True

    def _let_go(self, code: str) -> None:
        if code in self.held:
            self.held.discard(code)
            self._db.execute("SELECT pg_advisory_unlock(%s)", (lock_key(code),))

    # --- writing ------------------------------------------------------------------------

    def _write(self, change) -> None:
        """One transaction: the waiting setups and forgets, then `change`; only tables this
        process holds (a table another holds is SaveError, and is never written)."""
        with self._lock:
            try:
                others = [t.code for t in self.unkept.values() if not self._take(t.code)]
                for code in others:
                    del self.unkept[code]
                if others:
                    raise SaveError(f"table {others[0]} is kept by another server")
                with self._db.transaction():
                    for code in list(self.unforgotten):
                        self._forget(code)
                    for table in self.unkept.values():
                        _put(self._db, table)
                    change()
                for code in list(self.unforgotten):
                    self._let_go(code)
            except self.errors as err:
                self._gone(err)
                self._failed(" ".join(str(err).split()))
                raise SaveError(str(err)) from None
            self.unkept.clear()
            self.unforgotten.clear()
            if self.failing is not None:
                self.failing = None
                log.warning("the table database %s can be written again: moves are taken "
                            "again", shown_url(self.url))

    def moved(self, table: Table, state) -> None:
        if table.code not in self.held:  # never a move to a table another process holds
            raise SaveError(f"table {table.code} is not held by this server")
        super().moved(table, state)
        if state.over:
            with self._lock:
                self._let_go(table.code)

    def _put_move(self, code: str, number: int, text: str) -> None:
        self._db.execute("INSERT INTO moves VALUES (%s, %s, %s) ON CONFLICT (code, number) "
                         "DO UPDATE SET move = EXCLUDED.move", (code, number, text))

    def _forget(self, code: str) -> None:
        if code not in self.held:
            self.unforgotten.discard(code)
            return  # another process's table (or none): never touched
        self._db.execute("DELETE FROM moves WHERE code = %s", (code,))
        self._db.execute("DELETE FROM tables WHERE code = %s", (code,))

    def _gone(self, err: Exception) -> None:
        """The connection is broken or closed: its session, and every lock it held, went."""
        if self.lost is None and (self._db.broken or self._db.closed):
            why = " ".join(str(err).split()) or "the connection closed"
            self.lost = f"{shown_url(self.url)} ({why})"

    def alive(self) -> bool:
        """Asked every second, so a lost connection is known with no move to write."""
        with self._lock:
            try:
                self._db.execute("SELECT 1")
            except self.errors as err:
                self._gone(err)
        return self.lost is None

    def _failed(self, why: str) -> None:
        if self.failing is None and self.lost is None:  # a lost one: the server says it
            log.error("the table database %s cannot be written (%s): moves are refused until "
                      "it can", shown_url(self.url), why)
        self.failing = why

    # --- reading ------------------------------------------------------------------------

    def tables(self, now: float) -> tuple[list[Table], list[str]]:
        """Every kept table no other process holds, taken and opened again at its last move;
        one line for each that could not be (let go again, untouched)."""
        tables, problems = [], []
        try:
            codes = [c for (c,) in self._db.execute("SELECT code FROM tables ORDER BY code")]
            for code in codes:
                try:
                    table = self._open(code, now)
                except (ValueError, KeyError, TypeError) as err:
                    problems.append(f"table {code} in {shown_url(self.url)} cannot be opened "
                                    f"again: {err}")
                    continue
                if table is not None:
                    tables.append(table)
        except self.errors as err:
            raise StoreError(f"cannot read the table database {shown_url(self.url)}: "
                             f"{err}") from None
        return tables, problems

    def claim(self, code: str, now: float) -> Table | None:
        """The table of this code, taken from a process that held it and is gone, at its last
        committed move; None when there is none; TableHeld while another process holds it."""
        try:
            table = self._open(code, now)
            if table is None and code not in self.held and self.has(code):
                raise TableHeld(code)
            return table
        except (ValueError, KeyError, TypeError) as err:
            log.error("table %s in %s cannot be opened again: %s", code, shown_url(self.url), err)
        except self.errors as err:
            self._gone(err)
            if self.lost is None:  # a lost one: the server says it
                log.error("the table database %s cannot be read: %s", shown_url(self.url), err)
        return None

    def _open(self, code: str, now: float) -> Table | None:
        with self._lock:
            if code in self.held:
                return None  # open in this process already
            row = self._db.execute("SELECT setup FROM tables WHERE code = %s",
                                   (code,)).fetchone()
            if row is None or not self._take(code):
                return None
            try:  # read again under the lock: the last move its holder committed
                row = self._db.execute("SELECT setup FROM tables WHERE code = %s",
                                       (code,)).fetchone()
                moves = [m for (m,) in self._db.execute(
                    "SELECT move FROM moves WHERE code = %s ORDER BY number", (code,))]
                if row is None:  # finished and let go meanwhile
                    self._let_go(code)
                    return None
                return Table.restore(json.loads(row[0]), moves, now)
            except (ValueError, KeyError, TypeError):
                self._let_go(code)
                raise

    def has(self, code: str) -> bool:
        """A table of this code is kept (perhaps by another process): a new one takes another."""
        try:
            with self._lock:
                return self._db.execute("SELECT 1 FROM tables WHERE code = %s",
                                        (code,)).fetchone() is not None
        except self.errors as err:
            self._gone(err)
            return True  # unknown: the code is not given out

    def wal_size(self) -> int:
        return 0  # PostgreSQL checkpoints on its own

    def checkpoint(self) -> None:
        pass

    mark = "%s"  # the driver's placeholder

    @property
    def connection(self):
        """The open connection, for the finished tables kept in the same database (every
        server reads them: a player may come back to any)."""
        return self._db

    def transaction(self):
        return self._db.transaction()

    def close(self) -> None:
        with self._lock:
            self._db.close()  # every lock this process held goes with its session


def _put(db, table: Table) -> None:
    deadline = None if table.days is None else table.days.deadline
    db.execute("INSERT INTO tables (code, setup, deadline) VALUES (%s, %s, %s) ON CONFLICT "
               "(code) DO UPDATE SET setup = EXCLUDED.setup, deadline = EXCLUDED.deadline",
               (table.code, json.dumps(table.snapshot()), deadline))


def shown_url(url: str) -> str:
    """The URL without its password, for the log and error messages."""
    return re.sub(r"//([^/@:]*):[^/@]*@", r"//\1:***@", url)
