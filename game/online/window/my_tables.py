"""My tables without a screen: every table over days the window keeps seat tokens for, as its
server's `status` tells it (issue 48), and a kept table opened again by its tokens."""

from __future__ import annotations

from dataclasses import dataclass

from game.online.client.client import OnlineClient, OnlineError
from game.online.client.tokens import HeldSeats, TokenStore
from game.online.shared.protocol import DAYS_PER_PLAYER, STATUS_MAX


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
    client = OnlineClient(url, timeout=timeout, insecure=insecure).connect()
    try:
        out = []
        for start in range(0, len(kept), STATUS_MAX):
            chunk = kept[start:start + STATUS_MAX]
            entries = client.status([(h.code, h.tokens[0][1]) for h in chunk])
            # A table over days by the server's word (or kept as one: its end is to be seen);
            # a live table's kept seats are Continue's, not listed here.
            out += [MyTable(held, entry) for held, entry in zip(chunk, entries, strict=True)
                    if (entry.get("known") and entry.get("per_move") is not None
                        and not entry.get("over")) or (held.days and not entry.get("known"))]
        return out
    finally:
        client.close()


def open_again(table: MyTable, insecure: bool = False, timeout: float = 8.0) -> OnlineClient:
    """The table joined again by its kept tokens, its game as the table has it (blocking)."""
    client = OnlineClient(table.held.server, timeout=timeout, insecure=insecure).connect()
    try:
        client.resume(table.code, [token for _seat, token in table.held.tokens])
    except OnlineError:
        client.close()
        raise
    return client
