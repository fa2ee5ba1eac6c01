"""Finished tables a server keeps for a while, so a player who was away at the end learns it.

A person whose window was closed when the table's last move was played comes back with their
seat's token (`rejoin`) and is answered as at a finished table: `joined` (their own seat and
token only), `state` and `over` (the result, every seat's task cards, the record). The table
itself is not opened again: nobody sits down at it, and a `rejoin` whose token opens none of
its seats is answered as any wrong token or unknown code is (`bad-token`), so the archive
tells nothing to anyone without a token.

Kept: each table's setup (its seats' tokens included, which only ever open their own seat)
and moves, for `KEEP_DAYS`, at most `PER_ADDRESS` tables of the address that opened them
and `TOTAL` in all (the oldest go first). With a database (`serve --db`) they are kept in it,
through the Store's own connection (its exclusive lock lets no other in), and survive a
restart; with PostgreSQL (`serve --db postgresql://...`) every server sharing the database
finds them (a player may come back to any); without one (`--no-db`, the window's own
server), in memory.
"""

from __future__ import annotations

import hmac
import json
import logging
import sqlite3
import time
from pathlib import Path

from game.online.server.store import (
    FINISHED_SCHEMA,
    StoreError,
    TableStore,
    sqlite_transaction,
)
from game.online.server.table import Table, stored_seat
from game.online.shared.protocol import COMPUTER, is_token

KEEP_DAYS = 7
KEEP_SECONDS = KEEP_DAYS * 24 * 3600.0
PER_ADDRESS = 200  # finished tables of one address: a club plays a few dozen a week
TOTAL = 50_000  # in a database, about 1 KB each
IN_MEMORY = 2_000  # without one
ALL = 2 ** 62  # "every row" as a LIMIT both SQLite and PostgreSQL take

log = logging.getLogger("scare_it.server")



class FinishedTables:
    """The finished tables of one server: `keep` one as its game ends, `find` it again by
    code and a seat's token. `clock` is wall time (seconds since the epoch): the days they
    are kept go on while the server is stopped."""

    def __init__(self, path: Path | TableStore | None = None, *, clock=time.time,
                 total: int | None = None, per_address: int = PER_ADDRESS,
                 keep_seconds: float = KEEP_SECONDS) -> None:
        self.clock, self.per_address, self.keep_seconds = clock, per_address, keep_seconds
        self.total = total if total is not None else TOTAL if path is not None else IN_MEMORY
        self._store = None if path is None or isinstance(path, Path | str) else path
        self._own: sqlite3.Connection | None = None
        self._errors = self._store.errors if self._store is not None else sqlite3.Error
        self._mark = self._store.mark if self._store is not None else "?"
        self._rows: dict[str, tuple[float, str, str, str]] = {}  # without a database
        if path is not None and self._store is None:
            # A file of its own (the server's database keeps them in its own file: a Store,
            # whose exclusive lock lets no second connection in).
            try:
                # Opened where the server is set up, used on its loop's thread only.
                self._own = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
                self._own.execute("PRAGMA journal_mode=WAL")
                self._own.execute("PRAGMA synchronous=NORMAL")
                self._own.executescript(FINISHED_SCHEMA)
            except sqlite3.Error as err:
                raise StoreError(f"cannot open the finished tables in {path}: {err}") from None

    @property
    def _db(self) -> sqlite3.Connection | None:
        """The connection to write through: the server's database's, or one of its own."""
        return self._store.connection if self._store is not None else self._own

    def _sql(self, text: str) -> str:
        """A statement in the driver's placeholders."""
        return text.replace("?", self._mark)

    def _transaction(self):
        if self._store is not None:
            return self._store.transaction()
        return sqlite_transaction(self._own)

    def keep(self, table: Table) -> None:
        """The table's game has ended: kept (before anyone is told), the oldest let go."""
        row = (table.code, self.clock(), table.opened_by, json.dumps(table.snapshot()),
               json.dumps([m.text for m in table.state.moves]))
        if self._db is None:
            self._rows[row[0]] = row[1:]
            self._bound(table.opened_by)
            return
        try:  # a full disk or a damaged file: the game's end is still told to those here
            with self._transaction():
                self._db.execute(self._sql(
                    "INSERT INTO finished VALUES (?, ?, ?, ?, ?) ON CONFLICT (code) DO UPDATE "
                    "SET ended = excluded.ended, opened_by = excluded.opened_by, "
                    "setup = excluded.setup, moves = excluded.moves"), row)
            self._bound(table.opened_by)
        except self._errors as err:
            log.error("table %s: its end could not be kept for its players away: %s",
                      table.code, err)

    def has(self, code: str) -> bool:
        """A finished table with this code is kept (a new table gets another code)."""
        if self._db is None:
            return code in self._rows
        try:
            return self._db.execute(self._sql("SELECT 1 FROM finished WHERE code = ?"),
                                    (code,)).fetchone() is not None
        except self._errors as err:
            log.error("the finished tables cannot be read: %s", err)
            return False

    def find(self, code: str, token: str) -> tuple[Table, int] | None:
        """The finished table of this code and the seat this token opens there, or None (no
        such table kept, too old, or the token opens none of its seats)."""
        row = self._row(code)
        if row is None:
            return None
        ended, _by, setup, moves = row
        if self.clock() - ended > self.keep_seconds:
            return None
        try:
            snapshot = json.loads(setup)
            # The token first: a wrong one costs no replay of the game (and tells no more by
            # its time than by its answer).
            if not any(_opens(seat, token) for seat in snapshot["seats"]):
                return None
            table = Table.restore(snapshot, json.loads(moves), 0.0)
        except (ValueError, KeyError, TypeError) as err:  # a row this version cannot read
            log.warning("a finished table's row cannot be read (%s): its end stays untold", err)
            return None
        seat = table.seat_of(token)
        if seat is None or not table.over:
            return None
        return table, seat

    def _row(self, code: str) -> tuple[float, str, str, str] | None:
        if self._db is None:
            return self._rows.get(code)
        try:
            return self._db.execute(self._sql("SELECT ended, opened_by, setup, moves FROM "
                                              "finished WHERE code = ?"), (code,)).fetchone()
        except self._errors as err:  # the end cannot be told; the table is then unknown
            log.error("the finished tables cannot be read: %s", err)
            return None

    def tidy(self) -> None:
        """Tables kept longer than their days go."""
        old = self.clock() - self.keep_seconds
        if self._db is None:
            for code in [c for c, row in self._rows.items() if row[0] < old]:
                del self._rows[code]
            return
        try:
            with self._transaction():
                self._db.execute(self._sql("DELETE FROM finished WHERE ended < ?"), (old,))
        except self._errors as err:
            log.error("old finished tables could not be let go: %s", err)

    def __len__(self) -> int:
        if self._db is None:
            return len(self._rows)
        return self._db.execute("SELECT COUNT(*) FROM finished").fetchone()[0]

    def _bound(self, address: str) -> None:
        """At most `per_address` of one address and `total` in all: the oldest go."""
        if self._db is None:
            for codes, limit in (([c for c, r in self._rows.items() if r[1] == address],
                                  self.per_address), (list(self._rows), self.total)):
                if len(codes) > limit:
                    codes.sort(key=lambda c: self._rows[c][0])
                    for code in codes[:len(codes) - limit]:
                        del self._rows[code]
            return
        with self._transaction():
            self._db.execute(self._sql(
                "DELETE FROM finished WHERE code IN (SELECT code FROM finished WHERE "
                "opened_by = ? ORDER BY ended DESC LIMIT ? OFFSET ?)"),
                (address, ALL, self.per_address))
            self._db.execute(self._sql(
                "DELETE FROM finished WHERE code IN (SELECT code FROM finished ORDER BY ended "
                "DESC LIMIT ? OFFSET ?)"), (ALL, self.total))

    def close(self) -> None:
        if self._own is not None:
            self._own.close()


def _opens(seat: dict, token: str) -> bool:
    """This kept seat is a person's and the token is its own (compared in constant time)."""
    mine = seat.get("token")
    return (stored_seat(seat).get("place") != COMPUTER and is_token(token) and isinstance(mine, str)
            and mine.isascii() and hmac.compare_digest(mine.encode("ascii"), token.encode("ascii")))
