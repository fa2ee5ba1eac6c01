"""Whose turn at the player's tables over days, asked with `status` (docs/PROTOCOL.md): the
checker tells once when a table becomes this player's, and once when a quarter of the time
for the move is left. No account: it asks with the seat tokens the player keeps."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from game.files import FileFault, read_text
from game.i18n import _
from game.online.client.client import OnlineClient, OnlineError
from game.online.client.links import invite_link, server_key
from game.online.client.tokens import HeldSeats
from game.online.shared.protocol import STATUS_MAX, normal_code
from game.paths import write_atomic

TURN, REMINDER = "turn", "reminder"
EVERY = 300.0  # seconds between two rounds of asking: a move over days takes hours
TOLD_FILE = "turns_told.json"  # in the per-user folder: what the game and the watcher told
TOLD_KEEP = 256  # the newest keys kept (a handful of tables, a few news each)


@dataclass(frozen=True, slots=True)
class Watched:
    """One table to ask about: its server, its code and one of this player's seat tokens."""

    server: str
    code: str
    token: str


@dataclass(frozen=True, slots=True)
class Told:
    """Something to tell the player: `about` TURN or REMINDER at this table, the names of the
    other people sitting there, and the invite link that opens it."""

    about: str
    server: str
    code: str
    others: tuple[str, ...]

    @property
    def link(self) -> str:
        return invite_link(self.server, self.code)


Key = tuple[str, str, str, int]  # (about, server, code, moves)


class ToldFile:
    """What was told already, shared by the game and the watcher (both may run, and --once
    runs follow one another): each news is told once between them. A missing or damaged file
    is nothing told (at worst a turn is told twice); one that cannot be written, the same."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def load(self) -> list[Key]:
        try:
            keys = json.loads(read_text(self.path, 64 * 1024))
            return [(k, s, c, m) for k, s, c, m in keys
                    if isinstance(m, int) and all(isinstance(x, str) for x in (k, s, c))]
        except (FileNotFoundError, FileFault, ValueError, TypeError, RecursionError):
            return []

    def save(self, keys: list[Key]) -> None:
        try:
            write_atomic(self.path, json.dumps([list(k) for k in keys[-TOLD_KEEP:]]))
        except OSError:
            pass  # a read-only folder: told again by the next process, nothing worse


Asker = Callable[[str, list[tuple[str, str]]], Iterable[dict]]


class TurnChecker:
    """Asks `ask(server, [(code, token)])` for status entries and says what is new: each
    move number is told once as TURN and once as REMINDER. `unreachable`: the servers that
    did not answer in the last round (asked again in the next)."""

    def __init__(self, ask: Asker | None = None, clock: Callable[[], float] = time.time,
                 told: ToldFile | None = None) -> None:
        self.ask = ask or ask_server
        self.clock = clock
        self.told = told
        self.said: list[Key] = []  # oldest first
        self.unreachable: set[str] = set()

    def check(self, tables: Iterable[Watched]) -> list[Told]:
        by_server: dict[str, list[Watched]] = {}
        for table in tables:
            by_server.setdefault(server_key(table.server), []).append(table)
        out: list[Told] = []
        self.unreachable = set()
        if self.told is not None:  # what the other process told since
            self.said += [k for k in self.told.load() if k not in self.said]
        for server, watched in by_server.items():
            try:
                entries = list(self.ask(server, [(w.code, w.token) for w in watched]))
            except (OnlineError, OSError):  # offline, or the server is down: next round
                self.unreachable.add(server)
                continue
            for table, entry in zip(watched, entries, strict=False):
                out += self._news(server, table.code, entry)
        if out and self.told is not None:
            self.told.save(self.said)
        return out

    def _news(self, server: str, code: str, entry: dict) -> list[Told]:
        if not (entry.get("known") and entry.get("started") and not entry.get("over")):
            return []
        seat, moves = entry.get("seat"), entry.get("moves", 0)
        if entry.get("turn") != seat:
            return []
        names = entry.get("names") or []
        others = tuple(n for i, n in enumerate(names) if i != seat and isinstance(n, str))
        out = []
        for about in (TURN, REMINDER):
            key = (about, server, code, moves)
            if key in self.said or (about == REMINDER and not self._quarter_left(entry)):
                continue
            self.said.append(key)
            del self.said[:-TOLD_KEEP]
            out.append(Told(about, server, code, others))
        return out

    def _quarter_left(self, entry: dict) -> bool:
        deadline, per_move = entry.get("deadline"), entry.get("per_move")
        if not isinstance(deadline, int | float) or not isinstance(per_move, int | float) \
                or per_move <= 0:
            return False
        return self.clock() >= deadline - per_move / 4


class TurnWatch:
    """The checker's rounds: every `every` seconds it reads the tables anew (the window keeps
    new ones while it runs) and hands each news to `tell`; on a thread of its own (`start`)
    or the caller's (`run`, the watcher command)."""

    def __init__(self, tables: Callable[[], list[Watched]], tell: Callable[[Told], None],
                 checker: TurnChecker | None = None, every: float = EVERY) -> None:
        self.tables, self.tell = tables, tell
        self.checker = checker or TurnChecker()
        self.every = every
        self.stopped = threading.Event()

    def round(self) -> None:
        for news in self.checker.check(self.tables()):
            self.tell(news)

    def run(self) -> None:
        while True:
            self.round()
            if self.stopped.wait(self.every):
                return

    def start(self) -> TurnWatch:
        threading.Thread(target=self.run, name="turns", daemon=True).start()
        return self

    def stop(self) -> None:
        self.stopped.set()


def told_words(told: Told) -> tuple[str, str]:
    """The notification's title and text, in the player's language."""
    title = _("Your turn") if told.about == TURN else _("A quarter of your time is left")
    if not told.others:
        return title, _("Table %(code)s") % {"code": told.code}
    # The names stand in their own slot, as a list: no case to bend in any language.
    return title, _("Table %(code)s. Players: %(names)s") % {
        "code": told.code, "names": ", ".join(told.others)}


def ask_server(server: str, pairs: list[tuple[str, str]], insecure: bool = False,
               timeout: float = 8.0) -> list[dict]:
    """The status entries of these (code, token) pairs from one server, in their order. Each
    code's first symbol names its shard behind a front door (docs/PROTOCOL.md, beyond one
    process), so the pairs are asked in groups by it, over /t/CODE, STATUS_MAX at a time: a
    sharded server's tables all answer, where /new would reach one shard."""
    groups: dict[str, list[int]] = {}
    for index, (code, _token) in enumerate(pairs):
        groups.setdefault(normal_code(code)[:1], []).append(index)
    out: list[dict | None] = [None] * len(pairs)
    for indexes in groups.values():
        client = OnlineClient(server, timeout=timeout, insecure=insecure)
        client.connect(pairs[indexes[0]][0])
        try:
            for start in range(0, len(indexes), STATUS_MAX):
                chunk = indexes[start:start + STATUS_MAX]
                entries = client.status([pairs[i] for i in chunk])
                for i, entry in zip(chunk, entries, strict=True):
                    out[i] = entry
        finally:
            client.close()
    return out


def watched_in(kept: Iterable[HeldSeats]) -> list[Watched]:
    """Every kept table (tokens.peek of the token files), with its first seat's token."""
    return [Watched(held.server, held.code, held.tokens[0][1]) for held in kept]
