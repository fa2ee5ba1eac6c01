"""My tables without a screen: every table over days the window keeps seat tokens for, as its
server's `status` tells it (issue 48), and a kept table opened again by its tokens."""

from __future__ import annotations

from dataclasses import dataclass

from game.online.client.client import OnlineClient, OnlineError
from game.online.client.mirror import Closed, Noted, Refused
from game.online.client.tokens import HeldSeats, TokenStore
from game.online.client.turns import ask_server
from game.online.shared.protocol import DAYS_PER_PLAYER


@dataclass(frozen=True, slots=True)
class MyTable:
    """One table over days this player sits at: the kept seats and the server's `status`."""

    held: HeldSeats
    entry: dict  # the status entry (docs/PROTOCOL.md, "status"), known

    @property
    def code(self) -> str:
        return self.held.code

    @property
    def ended(self) -> bool:
        """The server has it open no more (finished, or closed): opening it shows its end."""
        return not self.entry.get("known")

    @property
    def your_turn(self) -> bool:
        return not self.ended and self.entry.get("turn") in self.held.seats

    @property
    def deadline(self) -> float | None:
        return self.entry.get("deadline")


@dataclass(frozen=True, slots=True)
class Looked:
    """What the servers said: the tables (yours to move first), the servers not reached."""

    tables: tuple[MyTable, ...]
    unreached: tuple[str, ...]

    @property
    def full(self) -> bool:
        """As many tables over days as one player may sit at (the server refuses more)."""
        return len(self.tables) >= DAYS_PER_PLAYER


def look_up(store: TokenStore, insecure: bool = False, timeout: float = 8.0) -> Looked:
    """Ask each server of the kept tables how they stand (blocking: run it in Background).
    Live tables are left out."""
    by_server: dict[str, list[HeldSeats]] = {}
    for held in store.kept:  # only the servers of tables over days are asked
        by_server.setdefault(held.server, []).append(held)
    by_server = {url: kept for url, kept in by_server.items() if any(h.days for h in kept)}
    tables: list[MyTable] = []
    unreached: list[str] = []
    for url, kept in by_server.items():
        try:
            tables += _asked(url, kept, insecure, timeout)
        except OnlineError:
            unreached.append(url)
    tables.sort(key=lambda t: (not t.your_turn, t.ended, t.deadline or float("inf"), t.code))
    return Looked(tuple(tables), tuple(unreached))


def _asked(url: str, kept: list[HeldSeats], insecure: bool, timeout: float) -> list[MyTable]:
    entries = ask_server(url, [(h.code, h.tokens[0][1]) for h in kept], insecure, timeout)
    # A table over days by the server's word (or kept as one: its end is to be seen); a live
    # table's kept seats are Continue's, not listed here.
    return [MyTable(held, entry) for held, entry in zip(kept, entries, strict=True)
            if (entry.get("known") and entry.get("per_move") is not None
                and not entry.get("over")) or (held.days and not entry.get("known"))]


def open_again(table: MyTable, insecure: bool = False, timeout: float = 8.0) -> OnlineClient:
    """The table joined again by its kept tokens, its game as the table has it (blocking)."""
    client = OnlineClient(table.held.server, timeout=timeout, insecure=insecure).connect(table.code)
    try:
        client.resume(table.code, [token for _seat, token in table.held.tokens])
    except OnlineError:
        client.close()
        raise
    return client


def leave_for_good(table: MyTable, store: TokenStore, insecure: bool = False,
                   timeout: float = 8.0) -> None:
    """Leave a kept table over days for good (blocking): each kept seat goes to a computer,
    the table tells everyone, and its tokens are forgotten here (they open nothing now)."""
    client = open_again(table, insecure, timeout)
    try:
        for _seat, token in table.held.tokens:
            client.leave(token)
        left = 0
        while left < len(table.held.tokens):
            notice = client.wait(timeout)
            if isinstance(notice, Noted) and notice.note == "left":
                left += 1
            elif isinstance(notice, Refused) and notice.ref == "leave":
                raise OnlineError(notice.code, notice.message)
            elif notice is None or isinstance(notice, Closed):
                raise OnlineError("no-answer", f"{table.held.server} did not answer in time")
    finally:
        client.close()
    store.forget(table.held.server, table.code)
