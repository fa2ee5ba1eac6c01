"""The host's table as the game window holds it: the seats as the host set them up, its own
server (in a process of its own), its advert on the home network and the host's own
connection. The host plays through its server like any client, so the table is the only
authority, as for a server elsewhere. No pygame.

The window's server keeps its finished tables in a file of the per-user folder (window_ends(),
as `serve` keeps them in its database): a far player away at the end, whose game could not
reach the table after the host's window closed, is told the end whenever this window hosts
a table again (on the same port, the usual one)."""

from __future__ import annotations

import atexit
import socket
import time
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

from zeroconf import Error as ZeroconfError

from game.engine.modes import Mode
from game.engine.state import GameState
from game.match.record import Record
from game.online.client.client import OnlineClient, OnlineError
from game.online.client.discovery import Advert, table_mark
from game.online.client.links import DEFAULT_PORT, table_url
from game.online.client.player_key import player_key
from game.online.server.finished import FinishedTables
from game.online.server.server import BackgroundServer
from game.online.server.store import StoreError
from game.online.server.table import Table
from game.online.shared.protocol import COMPUTER, HOST, REMOTE, ProtocolError
from game.paths import log_traceback, pref_dir

FINISHED_FILE = "finished_tables.sqlite3"  # the host's finished tables, for players away


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat as the host set it up, by the protocol's seat places: HOST (a person at the
    host's screen), REMOTE (a person who joins from another computer) or COMPUTER (the
    table's own computer of `level`)."""

    place: str
    name: str
    level: str | None = None


def seats_of(record: Record) -> list[SeatPlan]:
    """The host's seats of a saved online table (its record's seats and the table's places)."""
    return [SeatPlan(COMPUTER, "", seat.bot) if place == COMPUTER else SeatPlan(place, seat.name)
            for place, seat in zip(record.online.places, record.seats, strict=True)]


def plans_of(seats: list[SeatPlan]) -> list[dict]:
    """The create message's seat plans (docs/PROTOCOL.md) for the host's choices."""
    out: list[dict] = []
    for seat in seats:
        if seat.place == HOST:
            out.append({"place": HOST, "name": seat.name})
        elif seat.place == REMOTE:
            out.append({"place": REMOTE})
        else:
            out.append({"place": COMPUTER, "level": seat.level})
    return out


def open_on_server(address: str, mode: Mode, seats: list[SeatPlan], *, first: int | None = None,
                   insecure: bool = False, timeout: float = 8.0,
                   days: dict | None = None) -> OnlineClient:
    """A table on a `scare-it serve` server at `address` (as a person types it), with the
    host's seats (blocking: run it in Background). The server is the table's authority; the
    returned connection holds the host's seats (their tokens in its mirror) as a joiner's
    would; `days`, a table over days' `per_move` and `on_time`. OnlineError says why not."""
    client = OnlineClient(table_url(address), timeout=timeout, insecure=insecure)
    try:
        client.connect()
        if days is not None:  # the player's key: the server counts their tables over days
            days = days | {"player": player_key(client.url)}
        client.create(mode, plans_of(seats), first=first, days=days)
    except OnlineError:
        client.close()
        raise
    return client


def window_ends() -> Path:
    """The game window's file of the finished tables it hosted."""
    return pref_dir() / FINISHED_FILE


def kept_ends(path: Path | None) -> FinishedTables:
    """The host's finished tables, from `path` (None: in memory only); a file that cannot be
    opened is logged, and the ends are kept in memory this time."""
    if path is None:
        return FinishedTables()
    try:
        return FinishedTables(path)
    except StoreError as err:
        log_traceback(f"online: {err}; finished tables are kept in memory only")
        return FinishedTables()


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses others on the network can use (no packet is sent: a
    UDP socket 'connected' to a documentation address only asks the routing table)."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        found.append(probe.getsockname()[0])
    except OSError:
        pass  # no network at all: loopback only
    finally:
        probe.close()
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    good = [a for a in dict.fromkeys(found) if not a.startswith("127.")]
    return good or ["127.0.0.1"]


class HostedTable:
    """The host's server, its advert on the home network, and the host's own connection."""

    def __init__(self, mode: Mode, seats: list[SeatPlan], *, port: int = DEFAULT_PORT,
                 listen: str = "0.0.0.0", interfaces: list[str] | None = None,
                 advertise: bool = True, stand_in_after: float | None = 120.0,
                 first: int | None = None, resume: Record | None = None,
                 finished: Path | None = None) -> None:
        self.mode, self.seats, self.first = mode, seats, first
        self.finished = finished  # the file of its finished tables (None: in memory)
        self.resume = resume  # a saved table opened again (Continue), None: a new one
        self.game = resume.game if resume is not None else None  # the game's own id
        self.port, self.listen, self.interfaces = port, listen, interfaces
        self.advertise, self.stand_in_after = advertise, stand_in_after
        self.server: BackgroundServer | None = None
        self.client: OnlineClient | None = None
        self.advert: Advert | None = None
        self.code: str | None = None
        self.addresses: list[str] = []
        self.listed = False  # the advert is on the air

    @classmethod
    def reopen(cls, record: Record, **options) -> HostedTable:
        """The host's saved online table (record.online), to open() again as it was: on its
        own port first, where the far players' games look for it."""
        options["port"] = record.online.port
        return cls(record.mode, seats_of(record), first=record.first, resume=record, **options)

    def open(self) -> HostedTable:
        """Start the server (the usual port, else any free one), create the table (or open the
        saved one again: its people come back to it), advertise it. Raises
        OnlineError('no-server') when no port can be had."""
        try:
            restore = None if self.resume is None else Table.from_record(self.resume,
                                                                         time.monotonic())
        except ProtocolError as err:  # a save edited by hand: names the table refuses
            raise OnlineError("damaged", f"the saved table cannot be opened: {err}") from None
        ports = (self.port, DEFAULT_PORT, 0) if self.resume is not None else (self.port, 0)
        for port in dict.fromkeys(ports):
            server = BackgroundServer(self.listen, port, stand_in_after=self.stand_in_after,
                                      restore=restore, finished=kept_ends(self.finished))
            try:
                self.port = server.start()
            except OSError:
                continue
            self.server = server
            break
        if self.server is None:
            raise OnlineError("no-server", "no port to listen on")
        # A window closed mid-game still takes its table off the network and says goodbye
        # to the players (the app's loop ends without leaving its scenes).
        atexit.register(self.close)
        try:
            own = "127.0.0.1" if self.listen in ("", "0.0.0.0") else self.listen
            self.client = OnlineClient(f"ws://{own}:{self.port}").connect()
            if restore is not None:
                self.code = restore.code
                self.client.resume(restore.code, [s.token for s in restore.seats
                                                  if s.place == HOST])
            else:
                self.code = self.client.create(self.mode, plans_of(self.seats), first=self.first)
        except OnlineError:
            self.close()  # no table after all: the server goes too
            raise
        self.addresses = ["127.0.0.1"] if self.listen.startswith("127.") else local_addresses()
        if self.advertise:
            host = next((s.name for s in self.seats if s.place == HOST), "Host")
            far = sum(1 for s in self.seats if s.place == REMOTE)
            try:
                self.advert = Advert(host, self.port, self.addresses, mode=self.mode.value,
                                     seats=len(self.seats), free=far,
                                     table=table_mark(self.client.mirror.tokens),
                                     interfaces=self.interfaces)
                self.listed = True
            except (OSError, ZeroconfError):
                self.advert = None  # no multicast here: others type the address instead
        return self

    def snapshot(self, game: str | None, saved: int) -> Future | None:
        """The table's own game to save, taken on its server's loop (never read from this
        thread: the server moves on meanwhile): the future holds (its record, its state), or
        None when the table has no more than `saved` moves (or no server runs)."""
        if self.server is None or self.code is None:
            return None
        code, port = self.code, self.port

        def take(server) -> tuple[Record, GameState] | None:
            table = server.tables.get(code) if server is not None else None
            state = table.state if table is not None else None
            if state is None or len(state.moves) == saved:
                return None
            return table.saved(port, game, state), state

        return self.server.call(take)

    def urls(self) -> list[str]:
        return [f"ws://{a}:{self.port}" for a in self.addresses]

    def update(self, free: int) -> None:
        if self.advert is not None:
            self.advert.update(free)

    def close(self) -> None:
        """The host leaves: the advert goes, the server stops (every other screen is told
        the table is gone: its connection closes as the server goes away), then the host's
        own connection. Closing that first would tell the others only that the host's
        connection dropped, and they would wait for the host to come back."""
        atexit.unregister(self.close)
        advert, self.advert = self.advert, None
        if advert is not None:
            advert.close()
        server, self.server = self.server, None
        if server is not None:
            server.stop()
        client, self.client = self.client, None
        if client is not None:
            client.close()
