"""The seat tokens a player keeps, per table server and table code: a dropped player (a closed
window, a new connection) takes their seat back with them, without asking anyone.

One JSON file (the window's is tokens.json in the per-user folder; `scare-it join/host
--token-file` names another), written atomically. A damaged one is kept aside with a notice,
as docs/DAMAGED_FILES.md says; a finished table's tokens are forgotten.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from game.files import FileFault, read_text, shown
from game.i18n import _
from game.online.client.links import server_key
from game.online.shared.protocol import NAME_MAX, normal_code
from game.paths import keep_aside, pref_dir, write_atomic

FILE_NAME = "tokens.json"
VERSION = 1
KEEP = 32  # tables kept at most (the newest): a family plays a handful at once
TOKEN_MAX = 64  # the contract's longest token
LIMIT = 256 * 1024


@dataclass(frozen=True, slots=True)
class HeldSeats:
    """One table's seats this player holds: `tokens` by seat, and the name they play as."""

    server: str  # server_key of the table's server
    code: str  # normal_code of the table
    tokens: tuple[tuple[int, str], ...]
    name: str
    when: float  # seconds since the epoch it was kept
    table: str | None = None  # the table's mark on the home network, when it was listed
    days: bool = False  # a table over days (My tables lists it, its end too)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, _token in self.tokens)

    def as_json(self) -> dict:
        mark = {} if self.table is None else {"table": self.table}
        mark |= {"days": True} if self.days else {}
        return {"server": self.server, "code": self.code, "name": self.name, "when": self.when,
                "seats": [{"seat": s, "token": t} for s, t in self.tokens]} | mark


class TokenStore:
    """The kept tokens of one file. `notice` (the player's words) and `problem` (English, for
    the CLI) say once that a damaged file was kept aside; `unsaved` why the last write
    failed (None when it worked)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.kept: list[HeldSeats] = []
        self.notice: str | None = None
        self.problem: str | None = None
        self.unsaved: str | None = None

    @classmethod
    def load(cls, path: str | Path) -> TokenStore:
        store = cls(Path(path))
        try:
            text = read_text(store.path, LIMIT)
        except FileNotFoundError:
            return store
        except FileFault as fault:
            store._set_aside(fault.why, fault.words)
            return store
        try:
            store.kept = _read(json.loads(text))
        except (ValueError, RecursionError) as err:
            store._set_aside(str(err), str(err))
        return store

    def _set_aside(self, why: str, words: str) -> None:
        backup = keep_aside(self.path, "damaged")
        self.problem = (f"the kept seat tokens in {self.path} could not be read ({why}); "
                        + (f"the file was kept as {backup.name}" if backup else "it was left as it is"))
        if backup is None:
            self.notice = _("Your kept table seats could not be read (%(why)s); join by name "
                            "to come back to a table.") % {"why": shown(words)}
        else:
            self.notice = _("Your kept table seats could not be read (%(why)s). The file was "
                            "kept as %(file)s; join by name to come back to a table.") % {
                "why": shown(words), "file": shown(backup.name)}

    # --- reading ----------------------------------------------------------------------------

    def get(self, url: str, code: str) -> HeldSeats | None:
        """The seats kept at this table (this server, this code), if any."""
        server, code = server_key(url), normal_code(code)
        return next((k for k in self.kept if k.server == server and k.code == code), None)

    def at(self, url: str) -> list[HeldSeats]:
        """Every table kept on this server, newest first."""
        server = server_key(url)
        return sorted((k for k in self.kept if k.server == server), key=lambda k: -k.when)

    # --- writing ----------------------------------------------------------------------------

    def keep(self, url: str, code: str, tokens: dict[int, str], name: str,
             table: str | None = None, days: bool | None = None) -> None:
        """Keep this connection's seats at a table (replacing what was kept there); `table`,
        its mark on the home network (a mark kept there before stays when it is None);
        `days`, whether it is a table over days (as kept before when None)."""
        if not tokens:
            return self.forget(url, code)
        before = self.get(url, code)
        if table is None and before is not None:
            table = before.table
        if days is None:
            days = before is not None and before.days
        entry = HeldSeats(server_key(url), normal_code(code), tuple(sorted(tokens.items())),
                     name[:NAME_MAX], time.time(), table, days)
        others = [k for k in self.kept if (k.server, k.code) != (entry.server, entry.code)]
        self.kept = sorted([entry, *others], key=lambda k: -k.when)[:KEEP]
        self._write()

    def forget(self, url: str, code: str) -> None:
        """The table is over (or its tokens no longer open it): nothing kept there."""
        found = self.get(url, code)
        if found is not None:
            self.kept.remove(found)
            self._write()

    def _write(self) -> None:
        text = json.dumps({"version": VERSION, "tables": [k.as_json() for k in self.kept]},
                          ensure_ascii=False, indent=1)
        try:
            write_atomic(self.path, text)
            self.unsaved = None
        except OSError as err:  # a full disk, a read-only folder: the game goes on
            self.unsaved = err.strerror or type(err).__name__


def _read(data) -> list[HeldSeats]:
    """The file's tables; ValueError names the first thing wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("tables"), list):
        raise ValueError("it holds no list of tables")
    out = []
    for entry in data["tables"][:KEEP]:
        if not isinstance(entry, dict):
            raise ValueError("a table is not an object")
        server, code, name, when = (entry.get(k) for k in ("server", "code", "name", "when"))
        seats = entry.get("seats")
        if not (isinstance(server, str) and isinstance(code, str) and isinstance(name, str)
                and isinstance(when, int | float) and not isinstance(when, bool)
                and isinstance(seats, list) and seats):
            raise ValueError("a table lacks its server, code, name, time or seats")
        tokens = []
        for seat in seats:
            if not isinstance(seat, dict):
                raise ValueError("a seat is not an object")
            number, token = seat.get("seat"), seat.get("token")
            if not (isinstance(number, int) and not isinstance(number, bool) and 0 <= number < 99
                    and isinstance(token, str) and 0 < len(token) <= TOKEN_MAX
                    and token.isascii() and token.isprintable()):
                raise ValueError("a seat's number or token is not one a table gives")
            tokens.append((number, token))
        mark = entry.get("table")
        if mark is not None and not (isinstance(mark, str) and 0 < len(mark) <= TOKEN_MAX
                                     and mark.isascii() and mark.isalnum()):
            raise ValueError("a table's mark is not one the home network lists")
        out.append(HeldSeats(server_key(server), normal_code(code), tuple(sorted(tokens)),
                        name[:NAME_MAX], float(when), mark, entry.get("days") is True))
    return out


def window_store() -> TokenStore:
    """The game window's kept tokens, in the per-user folder."""
    return TokenStore.load(pref_dir() / FILE_NAME)


def peek(path: str | Path) -> list[HeldSeats]:
    """The tables a token file keeps, only read (a watcher beside the window): a missing or
    damaged file keeps none here, and is left where it is for its owner to set aside and say."""
    try:
        return _read(json.loads(read_text(Path(path), LIMIT)))
    except (FileNotFoundError, FileFault, ValueError, RecursionError):
        return []
