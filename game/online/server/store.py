"""The tables of `scare-it serve` in one SQLite file, so a server that stops loses nothing.

Each change is its own transaction: a table's setup (seats, tokens, names) when it changes,
and each move before the table takes it, so before anyone is told. The journal is
write-ahead with `synchronous=NORMAL`: a killed process (even kill -9) loses no committed
transaction; only a power cut may lose the last few. A commit never waits for the disk: only
a checkpoint does (it syncs), and checkpoints run off the server's loop (`checkpoint`).

The file is opened with an exclusive lock and no memory map (no `-shm` file, `mmap_size=0`):
a disk that fills, goes read-only or vanishes under a mapped file kills a process with
SIGBUS; a failed write is only an error. A write that fails raises SaveError: the server
refuses the move and goes on; the log says so once, and once again when writes work again.
A file that cannot be opened (not a database, damaged) is kept aside and a new one started,
with every table that could still be read from it (docs/DAMAGED_FILES.md).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import sqlite3
import struct
import threading
from pathlib import Path
from typing import Protocol

from game.online.server.table import Table
from game.paths import aside_name, keep_aside

# The finished tables kept for their players away at the end (game/online/server/finished.py).
FINISHED_SCHEMA = """
CREATE TABLE IF NOT EXISTS finished (code TEXT PRIMARY KEY, ended REAL NOT NULL,
                                     opened_by TEXT NOT NULL, setup TEXT NOT NULL,
                                     moves TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS finished_ended ON finished (ended);
CREATE INDEX IF NOT EXISTS finished_by ON finished (opened_by, ended);
"""
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, setup TEXT NOT NULL, deadline REAL);
CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL, number INTEGER NOT NULL,
                                  move TEXT NOT NULL, PRIMARY KEY (code, number));
""" + FINISHED_SCHEMA
WAL_BOUND = 16 * 1024 * 1024  # bytes of journal past which a checkpoint is due at once (it stalls the loop 20-40 ms)
DAMAGED_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB: the file is not (or no more) a database
WAL_MAGIC = (0x377F0682, 0x377F0683)

log = logging.getLogger("scare_it.store")


class StoreError(ValueError):
    """The database cannot be opened or read; the message says which file and why."""


class _Damaged(Exception):
    """The file is not a database, or a damaged one."""


class SaveError(Exception):
    """A change that could not be written (a full disk, a read-only or vanished file)."""


class TableHeld(Exception):
    """Another server holds this table (a shared database): it is not taken."""


class TableStore(Protocol):
    """What the server asks of its table database: SQLite's file (Store) or PostgreSQL
    (game/online/server/pgstore.py); each move kept before anyone is told."""

    failing: str | None
    lost: str | None  # why the connection to a database server went (its locks with it)
    unkept: dict[str, Table]
    unforgotten: set[str]

    def alive(self) -> bool: ...
    def keep(self, table: Table) -> None: ...
    def moved(self, table: Table, state) -> None: ...
    def forget(self, code: str) -> None: ...
    def retry(self) -> bool: ...
    def tables(self, now: float) -> tuple[list[Table], list[str]]: ...
    def claim(self, code: str, now: float) -> Table | None: ...  # TableHeld: another's
    def has(self, code: str) -> bool: ...
    def wal_size(self) -> int: ...
    def checkpoint(self) -> None: ...
    def close(self) -> None: ...


class Keeping:
    """The writing rules both databases share: setups waiting in `unkept` until a write works,
    each move in a transaction of its own (with the setup it needs) before the table takes it.
    A database gives `_write(change)` (one transaction) and `_put_move`, `_forget`."""

    failing: str | None
    lost: str | None = None  # a file is never lost so: SQLite has no connection to lose
    unkept: dict[str, Table]
    unforgotten: set[str]

    def alive(self) -> bool:
        """Its connection still stands (looked at every second): a file's always does."""
        return True

    # --- writing ------------------------------------------------------------------------

    def keep(self, table: Table) -> None:
        """The table's setup as it is now (created, a seat taken or given a new token). One
        that cannot be written is written at the next write that works."""
        self.unkept[table.code] = table
        try:
            self._write(lambda: None)
        except SaveError:
            pass  # said once; the setup waits in `unkept`

    def moved(self, table: Table, state) -> None:
        """`state`, the table's next, kept before the table takes it: its last move (the
        first also keeps the setup it started with); a finished game's table leaves. SaveError
        when it cannot be written: the table then stays at its last kept move."""
        number = len(state.moves) - 1
        if (number == 0 or table.days_next is not None) and not state.over:
            # Written in the same transaction, before it: the setup it started with, or over
            # days the move's new time (a kill between two writes would lose it).
            self.unkept[table.code] = table

        def write():
            if state.over:
                self._forget(table.code)
                return
            self._put_move(table.code, number, state.moves[-1].text)
        self._write(write)

    def forget(self, code: str) -> None:
        self.unkept.pop(code, None)
        self.unforgotten.add(code)
        try:
            self._write(lambda: None)
        except SaveError:
            pass

    def retry(self) -> bool:
        """The changes waiting since writes failed, tried again; True when writes work."""
        try:
            self._write(lambda: None)
        except SaveError:
            return False
        return True

    def _write(self, change) -> None:
        raise NotImplementedError

    def _put_move(self, code: str, number: int, text: str) -> None:
        raise NotImplementedError

    def _forget(self, code: str) -> None:
        raise NotImplementedError


class Store(Keeping):
    """One database file: every open table and its moves (one process's alone)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failing: str | None = None  # why writes fail now (said once in the log)
        self.unkept: dict[str, Table] = {}  # setups not written yet: written at the next chance
        self.unforgotten: set[str] = set()
        self._lock = threading.Lock()  # the loop's writes and the checkpoint's thread
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(f"cannot open the table database {path}: {err}") from None
        self._said_missing_or_empty()
        self._look_at_journal()
        try:
            self._db = self._open()
        except _Damaged as err:
            self._db = self._start_again(" ".join(str(err).split()))  # one line in the log
        except sqlite3.Error as err:
            raise StoreError(f"cannot open the table database {path}: {_why(path, err)}") from None
        self._file = _identity(path)

    # --- opening ------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        """The connection; _Damaged when the file is not (or no more) a sound database."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA locking_mode=EXCLUSIVE")  # before WAL: no shared memory file
            db.execute("PRAGMA mmap_size=0")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA wal_autocheckpoint=0")  # never in a commit: checkpoint()
            db.executescript(SCHEMA)
            _migrate(db)
            found = db.execute("PRAGMA quick_check(1)").fetchone()
        except sqlite3.Error as err:
            db.close()
            if _code(err) in DAMAGED_CODES:
                raise _Damaged(str(err)) from None
            raise
        if found is None or found[0] != "ok":
            db.close()
            raise _Damaged(f"damaged: {found[0] if found else 'no answer'}")
        return db

    def _said_missing_or_empty(self) -> None:
        """A missing or empty file is said: every table it held (if any) is gone."""
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            log.warning("no table database at %s: a new one is started", self.path)
            return
        except OSError:
            return  # opening it says why
        if size == 0:
            aside = keep_aside(self.path, "empty")
            log.error("the table database %s was empty (0 bytes): no table could be brought "
                      "back; it was kept as %s and a new one is started", self.path, aside)

    def _look_at_journal(self) -> None:
        """A journal damaged in its middle loses every change after the damage when SQLite
        opens it: a copy is kept aside and the log says how many changes are lost."""
        wal = self.path.with_name(self.path.name + "-wal")
        try:
            data = wal.read_bytes()
        except OSError:
            return
        _whole, lost = journal_commits(data)
        if lost:
            aside = _copy(wal, aside_name(wal, "damaged"))
            log.error("the journal of the table database %s is damaged: %d changes after the "
                      "damage cannot be brought back; a copy was kept as %s", self.path, lost,
                      aside)

    def _start_again(self, why: str) -> sqlite3.Connection:
        """The file cannot be used: every table that can still be read from it is kept, the
        file (and its journal) set aside, and a new one opened with those tables."""
        found, lost = _salvage(self.path)
        aside = keep_aside(self.path, "damaged")
        wal = self.path.with_name(self.path.name + "-wal")
        if aside is None:
            raise StoreError(f"cannot open the table database {self.path}: {why}; it cannot "
                             "be moved aside either") from None
        if wal.exists():
            keep_aside(wal, "damaged")
        try:
            db = self._db = self._open()
            for table in found:
                self._write_whole(table)
        except (_Damaged, sqlite3.Error) as err:
            raise StoreError(f"cannot start a new table database {self.path}: {err}") from None
        lost_words = "an unknown number" if lost is None else str(lost)
        log.error("the table database %s could not be opened (%s); it was kept as %s and a new "
                  "one is started: %d tables brought back, %s could not be", self.path, why,
                  aside, len(found), lost_words)
        return db

    # --- writing ------------------------------------------------------------------------

    def _write(self, change) -> None:
        """One transaction: the waiting setups and forgets, then `change`."""
        with self._lock:
            try:
                if _identity(self.path) != self._file:
                    raise sqlite3.OperationalError("the file is gone or was replaced")
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for code in list(self.unforgotten):
                        self._forget(code)
                    for table in self.unkept.values():
                        _put(self._db, table)
                    change()
                    self._db.execute("COMMIT")
                finally:
                    if self._db.in_transaction:  # whatever stopped it: nothing half-written stays
                        self._db.execute("ROLLBACK")
            except sqlite3.Error as err:
                self._failed(str(err))
                raise SaveError(str(err)) from None
            self.unkept.clear()
            self.unforgotten.clear()
            if self.failing is not None:
                self.failing = None
                log.warning("the table database %s can be written again: moves are taken again",
                            self.path)

    def _failed(self, why: str) -> None:
        if self.failing is None:
            log.error("the table database %s cannot be written (%s): moves are refused until "
                      "it can", self.path, why)
        self.failing = why

    def _forget(self, code: str) -> None:
        self._db.execute("DELETE FROM moves WHERE code = ?", (code,))
        self._db.execute("DELETE FROM tables WHERE code = ?", (code,))
        self.unforgotten.discard(code)

    def _put_move(self, code: str, number: int, text: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO moves VALUES (?, ?, ?)", (code, number, text))

    def _write_whole(self, table: Table) -> None:
        """A table and every move it has (one read back from a damaged file)."""
        with self._db:
            self._db.execute("BEGIN")
            _put(self._db, table)
            for number, move in enumerate(table.state.moves if table.state else ()):
                self._db.execute("INSERT OR REPLACE INTO moves VALUES (?, ?, ?)",
                                 (table.code, number, move.text))

    # --- reading ------------------------------------------------------------------------

    def tables(self, now: float) -> tuple[list[Table], list[str]]:
        """Every kept table, opened again at its last move; and one line for each that could
        not be (it stays in the file, untouched, for a person to look at)."""
        try:
            with self._lock:
                return _read(self._db, self.path, now)
        except sqlite3.Error as err:
            raise StoreError(f"cannot read the table database {self.path}: {err}") from None

    def claim(self, code: str, now: float) -> Table | None:
        """A table another process kept: none (the file is this process's alone)."""
        return None

    def has(self, code: str) -> bool:
        """Every table of the file is open in this process: the server knows them."""
        return False

    def wal_size(self) -> int:
        try:
            return self.path.with_name(self.path.name + "-wal").stat().st_size
        except OSError:
            return 0

    def checkpoint(self) -> None:
        """Move the journal into the database file (and sync it) and empty the journal, from
        any thread (the loop's writes wait for it: a few milliseconds, every few seconds)."""
        with self._lock:
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as err:
                self._failed(str(err))

    errors = sqlite3.Error
    mark = "?"  # the driver's placeholder

    def transaction(self):
        """One transaction on the file's connection (what the finished tables write)."""
        return sqlite_transaction(self._db)

    @property
    def connection(self) -> sqlite3.Connection:
        """The file's open connection (the one its exclusive lock allows), for the finished
        tables kept in the same file; on the loop's thread, as every write."""
        return self._db

    def close(self) -> None:
        with self._lock:
            self._db.close()


@contextlib.contextmanager
def sqlite_transaction(db: sqlite3.Connection):
    """One transaction: committed at the end, rolled back on an error."""
    with db:
        db.execute("BEGIN")
        yield


def _migrate(db: sqlite3.Connection) -> None:
    """A database of an older server, read as it is: its tables gain the column of tables
    over days (NULL for every live table it holds)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
    if "deadline" not in columns:
        db.execute("ALTER TABLE tables ADD COLUMN deadline REAL")


def _put(db: sqlite3.Connection, table: Table) -> None:
    """A table's setup; over days, its deadline too (wall time: an operator can list what is
    due with one query; the setup's copy is the one read back)."""
    deadline = None if table.days is None else table.days.deadline
    db.execute("INSERT OR REPLACE INTO tables (code, setup, deadline) VALUES (?, ?, ?)",
               (table.code, json.dumps(table.snapshot()), deadline))


def _code(err: sqlite3.Error) -> int:
    """The primary SQLite result code of an error (-1 when it has none)."""
    code = getattr(err, "sqlite_errorcode", None)
    return -1 if code is None else code & 0xFF


def _why(path: Path, err: sqlite3.Error) -> str:
    """SQLite's reason, and what it most likely means for a person who runs the server."""
    if _code(err) == 5:  # SQLITE_BUSY
        return f"{err} (another scare-it serve uses it)"
    if not os.access(path.parent, os.W_OK) or path.exists() and not os.access(path, os.W_OK):
        return f"{err} (it or its folder cannot be written to)"
    return str(err)


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _read(db: sqlite3.Connection, path: Path, now: float) -> tuple[list[Table], list[str]]:
    tables, problems = [], []
    rows = db.execute("SELECT code, setup FROM tables ORDER BY code").fetchall()
    for code, setup in rows:
        try:
            moves = [m for (m,) in db.execute(
                "SELECT move FROM moves WHERE code = ? ORDER BY number", (code,))]
            tables.append(Table.restore(json.loads(setup), moves, now))
        except (ValueError, KeyError, TypeError, sqlite3.DatabaseError) as err:
            problems.append(f"table {code} in {path} cannot be opened again: {err}")
    return tables, problems


def _salvage(path: Path) -> tuple[list[Table], int | None]:
    """The tables a damaged file still gives (read-only, its journal untouched), and how many
    it held that it does not give (None: it cannot even be counted)."""
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return [], None
    try:
        found, problems = _read(db, path, 0.0)
    except sqlite3.Error:
        return [], None
    finally:
        db.close()
    return found, len(problems)


def _copy(source: Path, target: Path) -> Path | None:
    try:
        shutil.copy2(source, target)
    except OSError:
        return None
    return target


def journal_commits(data: bytes) -> tuple[int, int]:
    """How many commits a write-ahead journal holds whole, and how many come after a damaged
    frame (0 when only its last, unfinished transaction is torn, as after a kill)."""
    if len(data) < 32:
        return 0, 0
    magic, _version, page, _seq, salt1, salt2 = struct.unpack(">6I", data[:24])
    if magic not in WAL_MAGIC or page < 512:
        return 0, 0
    order = "<" if magic == WAL_MAGIC[0] else ">"
    s1, s2 = _checksum(data[:24], 0, 0, order)
    if (s1, s2) != struct.unpack(">2I", data[24:32]):
        return 0, 0  # a bad header: SQLite ignores the whole journal; nothing we can count
    frame, offset, broken, whole, lost = 24 + page, 32, False, 0, 0
    while offset + frame <= len(data):
        head = data[offset:offset + 24]
        _pgno, commit, f1, f2, c1, c2 = struct.unpack(">6I", head)
        if (f1, f2) == (salt1, salt2):
            if not broken:
                s1, s2 = _checksum(head[:8], s1, s2, order)
                s1, s2 = _checksum(data[offset + 24:offset + frame], s1, s2, order)
                broken = (s1, s2) != (c1, c2)
            if broken:
                lost += commit != 0
            else:
                whole += commit != 0
        offset += frame
    return whole, lost


def _checksum(data: bytes, s1: int, s2: int, order: str) -> tuple[int, int]:
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s1 = (s1 + words[i] + s2) & 0xFFFFFFFF
        s2 = (s2 + words[i + 1] + s1) & 0xFFFFFFFF
    return s1, s2
