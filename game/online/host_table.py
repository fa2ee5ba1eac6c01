"""An online table as the game window holds it: the host's own server, joining off the frame
thread, the match a session plays, and the end revealed. No pygame.

The host's window runs a BackgroundServer in its own process and plays through it like any
client (so the host is the only authority, as for a server elsewhere). Everything here that
waits on the network runs in a daemon thread; the window reads finished results each frame.
"""

from __future__ import annotations

import atexit
import socket
import threading
import time
import traceback
from dataclasses import dataclass, replace

from zeroconf import Error as ZeroconfError

from game.engine.modes import Mode
from game.engine.state import GameState, apply
from game.match.controller import Match
from game.match.record import Record, write_record
from game.match.seats import HUMAN
from game.online.client import OnlineClient, OnlineError, RemoteSeat
from game.online.discovery import Advert
from game.online.links import DEFAULT_PORT, table_url
from game.online.protocol import ProtocolError
from game.online.server import BackgroundServer
from game.online.table import Table
from game.paths import log_traceback

RECONNECTS = 5  # tries, a second more apart each, before a lost table is given up


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat as the host set it up: 'here' (a person at this screen), 'far' (a person who
    joins from another computer) or 'computer' (the table's own computer of `level`)."""

    where: str
    name: str
    level: str | None = None


HERE, FAR, COMPUTER = "here", "far", "computer"


def seats_of(record: Record) -> list[SeatPlan]:
    """The host's seats of a saved online table (its record's seats and the table's kinds)."""
    out = []
    for kind, seat in zip(record.online.kinds, record.seats, strict=True):
        if kind == "computer":
            out.append(SeatPlan(COMPUTER, "", seat.bot))
        else:
            out.append(SeatPlan(HERE if kind == "host" else FAR, seat.name))
    return out


def plans_of(seats: list[SeatPlan]) -> list[dict]:
    """The create message's seat plans (docs/PROTOCOL.md) for the host's choices."""
    out = []
    for seat in seats:
        if seat.where == HERE:
            out.append({"kind": "host", "name": seat.name})
        elif seat.where == FAR:
            out.append({"kind": "remote"})
        else:
            out.append({"kind": "computer", "level": seat.level})
    return out


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


class Background:
    """One call run in a daemon thread: `done`, then `result` or `error` (an OnlineError).
    Anything else it raised is a bug: `result` raises it again on the reader's thread."""

    def __init__(self, work) -> None:
        self._result = None
        self._crash: BaseException | None = None
        self.error: OnlineError | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True,
                                        name="scare-it-online")
        self._thread.start()

    def _run(self, work) -> None:
        try:
            self._result = work()
        except OnlineError as err:
            self.error = err
        except BaseException as err:  # noqa: BLE001 - logged, then raised on the frame thread
            log_traceback("online work failed in its thread:\n" + traceback.format_exc())
            self._crash = err  # `result` raises it where the screen asks for the outcome
        finally:
            self._done.set()

    @property
    def result(self):
        if self._crash is not None:
            raise self._crash
        return self._result

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


class HostedTable:
    """The host's server, its advert on the home network, and the host's own connection."""

    def __init__(self, mode: Mode, seats: list[SeatPlan], *, port: int = DEFAULT_PORT,
                 listen: str = "0.0.0.0", interfaces: list[str] | None = None,
                 advertise: bool = True, stand_in_after: float | None = 120.0,
                 first: int | None = None, resume: Record | None = None) -> None:
        self.mode, self.seats, self.first = mode, seats, first
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
                                      restore=restore)
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
                                                  if s.kind == "host"])
            else:
                self.code = self.client.create(self.mode, plans_of(self.seats), first=self.first)
        except OnlineError:
            self.close()  # no table after all: the server goes too
            raise
        self.addresses = ["127.0.0.1"] if self.listen.startswith("127.") else local_addresses()
        if self.advertise:
            host = next((s.name for s in self.seats if s.where == HERE), "Host")
            far = sum(1 for s in self.seats if s.where == FAR)
            try:
                self.advert = Advert(host, self.port, self.addresses, mode=self.mode.value,
                                     seats=len(self.seats), free=far, interfaces=self.interfaces)
                self.listed = True
            except (OSError, ZeroconfError):
                self.advert = None  # no multicast here: others type the address instead
        return self

    def table(self) -> Table | None:
        """The table as this process's server holds it (read only: it is the server's)."""
        server = self.server.server if self.server is not None else None
        return server.tables.get(self.code) if server is not None and self.code else None

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


def join_table(url: str, code: str, name: str, timeout: float = 8.0) -> OnlineClient:
    """Connect and take a seat (blocking: run it in Background). The URL may be typed
    without ws:// and without the port."""
    return Joining(url, code, name, timeout=timeout).run()


class Joining:
    """Going to a table off the frame thread: with the seats' kept tokens (`rejoin`, the
    seat comes back by itself), else by name (`join`: a free seat, or an away seat the table
    asks its host to give back). The scene reads `done`, `pending` (the table is asking)
    and the outcome (`result`: the connected client, or `error`); `give_up()` stops it."""

    def __init__(self, url: str, code: str, name: str, kept: tuple[str, ...] = (),
                 timeout: float = 8.0, insecure: bool = False) -> None:
        self.code, self.name, self.kept = code, name, kept
        self.client = OnlineClient(table_url(url), timeout=timeout, insecure=insecure)
        self.stale = False  # the kept tokens no longer open a seat there
        self.gave_up = False
        self.work: Background | None = None

    def start(self) -> Joining:
        self.work = Background(self.run)
        return self

    def run(self) -> OnlineClient:
        client = self.client
        try:
            client.connect()
            if self.kept:
                try:
                    client.rejoin(self.code, list(self.kept))
                    return self._done(client)
                except OnlineError as err:
                    if err.code != "bad-token":
                        raise
                    self.stale = True  # taken back by the host's word meanwhile: ask by name
            client.join(self.code, self.name)
            return self._done(client)
        except OnlineError:
            client.close()
            raise

    def _done(self, client: OnlineClient) -> OnlineClient:
        if self.gave_up:  # the answer came just as the player stopped waiting
            raise OnlineError("gave-up", "the player stopped waiting")
        return client

    def give_up(self) -> None:
        self.gave_up = True
        self.client.give_up()

    @property
    def pending(self):
        return self.client.pending

    @property
    def done(self) -> bool:
        return self.work is not None and self.work.done

    @property
    def error(self) -> OnlineError | None:
        return self.work.error if self.work is not None else None

    @property
    def result(self) -> OnlineClient:
        return self.work.result


def reconnect(client: OnlineClient, tries: int = RECONNECTS, pause: float = 1.0) -> Background:
    """Take this connection's seats back after a drop, trying a few times (in a thread)."""
    def work():
        for attempt in range(tries):
            threading.Event().wait(pause * (1 + attempt))
            try:
                client.reconnect()
                return True
            except OnlineError:
                continue
        raise OnlineError("lost", "the table could not be reached again")

    return Background(work)


# --- the match a session plays ------------------------------------------------------------

class TableSeat(RemoteSeat):
    """A seat played on another computer (or by the table's computer). Its move is held back
    while it would end the game and the table has not yet shown every task card: the end is
    kept with everyone's cards, as at a real table."""

    def __init__(self, client: OnlineClient, seat: int) -> None:
        super().__init__(client, seat)
        self._state: GameState | None = None
        self._held = None

    def ask(self, state: GameState, start=None) -> None:
        super().ask(state, start)
        self._state, self._held = state, None

    def poll(self):
        move = self._held or super().poll()
        if move is None:
            return None
        if self.client.ended is None and self._state is not None \
                and apply(self._state, move)[0].over:
            self._held = move
            return None
        self._held = None
        return move

    def cancel(self) -> None:
        super().cancel()
        self._held = None


class ScreenSeat(TableSeat):
    """A person at this screen at an online table: the session offers their move, which goes
    to the table; poll() gives it back once the table has confirmed it (the winning move only
    once every task card is shown, as any TableSeat's), so this screen plays exactly the
    moves every screen plays. A move sent just before a drop may come back confirmed only in
    the resync after it: poll() finds it whenever the seat is asked."""

    source = HUMAN
    confirms = True  # offer() sends the move (RemoteSeat); it is played once confirmed


class HostSaver:
    """The host's saves of its online table through the window's SaveWriter (atomic, a full
    disk told once): the session's save after every move, and each frame's check, save the
    table's own game, never this screen's view of it; forget() once the end is kept."""

    def __init__(self, writer, hosted: HostedTable, game: str) -> None:
        self.writer, self.hosted, self.game = writer, hosted, game
        self.saved = -1  # the move count saved last
        self.forgotten = False

    def save(self, _text: str | None = None, _game: str | None = None) -> None:
        table = self.hosted.table()
        state = table.state if table is not None else None  # one read: the server moves on
        if self.forgotten or state is None or len(state.moves) == self.saved:
            return
        self.saved = len(state.moves)
        self.writer.save(write_record(table.saved(self.hosted.port, self.game, state),
                                      secret=True, final=state), self.game)

    def flush(self) -> None:
        self.writer.flush()

    def forget(self, _game: str | None = None) -> None:
        self.forgotten = True
        self.writer.forget(self.game)


def match_of(client: OnlineClient, name=None, game_id: str | None = None) -> Match:
    """The match this window plays: its own seats are people here (ScreenSeats, whose moves
    the table confirms first), the others TableSeats;
    a game joined late (a rejoin) has its moves so far played on it at once. `name(info,
    seats)` names each seat on this screen (the table sends no name for a computer seat)."""
    dealt, game = client.dealt, client.game
    if dealt is None or game is None:
        raise OnlineError("not-started", "the game has not started")
    seats_info = client.seats
    if name is not None and len(seats_info) == len(dealt.players):
        dealt = replace(dealt, players=tuple(
            replace(p, name=name(info, seats_info))
            for p, info in zip(dealt.players, seats_info, strict=True)))
    seats = [ScreenSeat(client, i) if i in client.mine else TableSeat(client, i)
             for i in range(len(dealt.players))]
    match = Match(dealt, seats=seats, undo=False, game=game_id)
    match.online = True
    # Moves already played (a rejoin) are played at once; their notices, still queued, are
    # passed over by number when a seat is next asked.
    for move in game.moves[len(dealt.moves):]:
        match.play(move)
    return match

