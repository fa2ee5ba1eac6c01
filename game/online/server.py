"""`scare-it serve`: many independent tables over WebSocket, each checked by the engine."""

from __future__ import annotations

import asyncio
import secrets
import signal
import threading
import time
from collections import deque
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.engine.ai import make_bot
from game.engine.modes import Mode
from game.engine.rng import Rng
from game.online.protocol import (
    BURST,
    CLOSE_POLICY,
    CODE_ALPHABET,
    CODE_LENGTH,
    GUESS_WINDOW,
    GUESSES,
    MAX_CLIENT_MESSAGE,
    RATE,
    STRIKES,
    VERSION,
    ProtocolError,
    decode,
    encode,
    need,
    normal_code,
)
from game.online.table import Out, Table

OUTBOX = 256  # messages waiting for a slow reader before it is let go (it can rejoin)
HOUSEKEEPING = 1.0  # seconds between checks for away seats and empty tables
CLOSE_TIMEOUT = 5.0  # a peer that does not answer a close (a flooder, say) is cut off then


@dataclass(eq=False)
class Peer:
    """One connection: its rate bucket, its table, and the queue its writer drains in order."""

    id: int
    ws: ServerConnection
    address: str
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    table: Table | None = None
    hello: bool = False
    tokens: float = BURST
    refilled: float = field(default_factory=time.monotonic)
    strikes: int = 0

    def allow(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Server:
    """The tables of one process. `stand_in_after` seconds after a person dropped out of a
    running game, a computer of `stand_in_level` plays their seat until they come back."""

    def __init__(self, *, max_tables: int = 1000, stand_in_after: float | None = 120.0,
                 stand_in_level: str = "normal", budget: float = 0.3, linger: float = 600.0,
                 clock=time.monotonic) -> None:
        self.max_tables, self.budget, self.linger, self.clock = max_tables, budget, linger, clock
        self.stand_in_after, self.stand_in_level = stand_in_after, stand_in_level
        self.tables: dict[str, Table] = {}
        self.peers: dict[int, Peer] = {}
        self.bots: dict[str, dict[int, _LevelBot]] = {}
        self.thinking: dict[str, asyncio.Task] = {}
        self.empty_since: dict[str, float] = {}
        self.guesses: dict[str, deque[float]] = {}
        self._ids = 0
        self.moves_played = 0

    # --- connections ----------------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        self._ids += 1
        address = ws.remote_address[0] if ws.remote_address else "?"
        peer = Peer(self._ids, ws, str(address))
        self.peers[peer.id] = peer
        writer = asyncio.create_task(self._write(peer))
        try:
            async for raw in ws:
                if not peer.allow(self.clock()):
                    peer.strikes += 1
                    self._send(peer, _error("rate-limited", None))
                    if peer.strikes >= STRIKES:
                        peer.outbox.put_nowait(_Close("too many messages"))
                        break
                    continue
                message = None
                try:
                    message = decode(raw)
                    self._dispatch(peer, message)
                except ProtocolError as err:
                    self._send(peer, _error(err.code, message, str(err)))
                    if err.code in ("hello-first", "version"):
                        peer.outbox.put_nowait(_Close(err.code))
                        break
        except ConnectionClosed:
            pass
        finally:
            del self.peers[peer.id]
            if peer.outbox.empty() or ws.state.name != "OPEN":
                writer.cancel()
            else:  # the refusals go out first, then the close that says why
                await asyncio.wait({writer}, timeout=CLOSE_TIMEOUT + 1)
                writer.cancel()
            if peer.table is not None:
                self._deliver(peer.table.drop(peer.id, self.clock()))

    async def _write(self, peer: Peer) -> None:
        try:
            while True:
                text = await peer.outbox.get()
                if isinstance(text, _Close):
                    await peer.ws.close(CLOSE_POLICY, text.reason)
                    return
                await peer.ws.send(text)
        except ConnectionClosed:
            pass

    def _send(self, peer: Peer, message: dict | str) -> None:
        if peer.outbox.qsize() >= OUTBOX:  # it reads slower than the table plays: let it go
            asyncio.ensure_future(peer.ws.close(CLOSE_POLICY, "too slow"))
            return
        peer.outbox.put_nowait(message if isinstance(message, str) else encode(message))

    def _deliver(self, outs: list[Out]) -> None:
        texts: dict[int, str] = {}  # a message for everyone is encoded once
        for conn, message in outs:
            peer = self.peers.get(conn)
            if peer is not None:
                text = texts.get(id(message))
                if text is None:
                    text = texts[id(message)] = encode(message)
                self._send(peer, text)

    # --- requests -------------------------------------------------------------------------

    def _dispatch(self, peer: Peer, message: dict) -> None:
        kind = message["type"]
        if not peer.hello:
            if kind != "hello":
                raise ProtocolError("hello-first")
            if need(message, "version", int) != VERSION:
                raise ProtocolError("version", f"this server speaks version {VERSION}")
            peer.hello = True
            self._send(peer, {"type": "welcome", "version": VERSION, "max_message": MAX_CLIENT_MESSAGE,
                              "rate": RATE, "burst": BURST})
            return
        handler = _REQUESTS.get(kind)
        if handler is None:
            raise ProtocolError("malformed", f"unknown message type '{kind[:40]}'")
        table = handler(self, peer, message)
        if table is not None:
            self._wake(table)

    def _seated(self, peer: Peer) -> Table:
        if peer.table is None or not peer.table.held_by(peer.id):
            raise ProtocolError("not-seated")
        return peer.table

    def _unseated(self, peer: Peer) -> None:
        if peer.table is not None and peer.table.held_by(peer.id):
            raise ProtocolError("already-seated")

    def _create(self, peer: Peer, message: dict) -> Table:
        self._unseated(peer)
        if len(self.tables) >= self.max_tables:
            raise ProtocolError("server-full")
        try:
            mode = Mode.parse(need(message, "mode", str))
        except ValueError as err:
            raise ProtocolError("bad-table", str(err)) from None
        plans = need(message, "seats", list)
        first = need(message, "first", int, optional=True)
        wanted = need(message, "code", str, optional=True)
        if wanted is not None:
            code = normal_code(wanted)
            if not (4 <= len(code) <= 12 and code.isascii() and code.isalnum()):
                raise ProtocolError("bad-table", "a code has 4 to 12 letters or digits")
            if code in self.tables:
                raise ProtocolError("code-taken")
        else:
            code = self._new_code()
        table = Table(code, mode, plans, peer.id, seed=secrets.randbits(63),
                      first=None if first is None else first - 1)
        self.tables[code] = table
        self.bots[code] = {}
        peer.table = table
        self._deliver(table.host_holds(peer.id))
        return table

    def adopt(self, table: Table) -> None:
        """A table opened again from a host's save (Table.from_record): its people come back
        to it with their tokens, or code and name; its computer plays when it is to move."""
        if table.code in self.tables:
            raise ProtocolError("code-taken")
        self.tables[table.code] = table
        self.bots[table.code] = {}
        self._wake(table)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def _find(self, peer: Peer, message: dict) -> Table:
        self._unseated(peer)
        self._throttle(peer.address)
        table = self.tables.get(normal_code(need(message, "code", str)))
        if table is None:
            self._guessed(peer.address)
            raise ProtocolError("no-table")
        return table

    def _join(self, peer: Peer, message: dict) -> Table:
        table = self._find(peer, message)
        outs = table.join(peer.id, need(message, "name", str))
        peer.table = table
        self._deliver(outs)
        return table

    def _rejoin(self, peer: Peer, message: dict) -> Table:
        table = self._find(peer, message)
        try:
            outs = table.rejoin(peer.id, need(message, "token", str))
        except ProtocolError:
            self._guessed(peer.address)
            raise
        peer.table = table
        self._deliver(outs)
        return table

    def _play(self, peer: Peer, message: dict) -> Table:
        table = self._seated(peer)
        seat, move = need(message, "seat", int), need(message, "move", str)
        try:
            outs = table.play(peer.id, seat, move, need(message, "number", int))
        except ProtocolError as err:
            if err.code == "stale":  # the sender missed something: it gets the whole state
                self._send(peer, _error(err.code, message, str(err)))
                self._sync(peer, message)
                return table
            raise
        self.moves_played += 1
        self._deliver(outs)
        return table

    def _sync(self, peer: Peer, message: dict) -> None:
        table = self._seated(peer)
        self._send(peer, table.state_for(peer.id))
        if table.over:
            self._send(peer, table.over_message())

    def _computer(self, peer: Peer, message: dict) -> Table:
        table = self._seated(peer)
        self._deliver(table.stand_in(peer.id, need(message, "seat", int), need(message, "level", str)))
        return table

    def _ping(self, peer: Peer, message: dict) -> None:
        self._send(peer, {"type": "pong", "ref": message.get("ref")})

    # --- computers and housekeeping --------------------------------------------------------

    def _wake(self, table: Table) -> None:
        """Start the table's computer when one is to move and none is thinking yet."""
        if table.computer_turn() is not None and table.code not in self.thinking:
            self.thinking[table.code] = asyncio.ensure_future(self._think(table))

    async def _think(self, table: Table) -> None:
        try:
            while self.tables.get(table.code) is table:
                turn = table.computer_turn()
                if turn is None:
                    return
                seat, level, view = turn
                bots = self.bots[table.code]
                if seat not in bots or bots[seat].level != level:
                    bots[seat] = _LevelBot(level)
                number = len(view.moves)
                move = await asyncio.to_thread(bots[seat].choose, view, self.budget)
                again = table.computer_turn()
                if again is None or again[0] != seat or len(table.state.moves) != number:
                    continue  # its person came back, or the seat changed meanwhile
                self._deliver(table.play(None, seat, move.text, number))
                self.moves_played += 1
        finally:
            self.thinking.pop(table.code, None)

    async def housekeeping(self) -> None:
        while True:
            await asyncio.sleep(HOUSEKEEPING)
            self.tidy(self.clock())

    def tidy(self, now: float) -> None:
        """Computers stand in for seats away too long; tables nobody holds go after a while."""
        for code, table in list(self.tables.items()):
            if self.stand_in_after is not None:
                for seat in table.away(now, self.stand_in_after):
                    self._deliver(table.stand_in(None, seat, self.stand_in_level))
                    self._wake(table)
            if table.connections():
                self.empty_since.pop(code, None)
                continue
            since = self.empty_since.setdefault(code, now)
            if now - since >= (min(60.0, self.linger) if table.over else self.linger):
                del self.tables[code]
                self.bots.pop(code, None)
                self.empty_since.pop(code, None)
        for address, times in list(self.guesses.items()):
            while times and now - times[0] > GUESS_WINDOW:
                times.popleft()
            if not times:
                del self.guesses[address]

    def _throttle(self, address: str) -> None:
        times = self.guesses.get(address)
        now = self.clock()
        while times and now - times[0] > GUESS_WINDOW:
            times.popleft()
        if times and len(times) >= GUESSES:
            raise ProtocolError("too-many-guesses")

    def _guessed(self, address: str) -> None:
        self.guesses.setdefault(address, deque()).append(self.clock())


@dataclass(frozen=True, slots=True)
class _Close:
    """In a writer's queue: close the connection for this reason once all before is sent."""

    reason: str


class _LevelBot:
    """One seat's computer for the whole game: the bot keeps its memory, the seat its dice."""

    def __init__(self, level: str) -> None:
        self.level, self.bot, self.rng = level, make_bot(level), Rng(secrets.randbits(63))

    def choose(self, view, budget: float):
        return self.bot.choose(view, self.rng, budget)


_REQUESTS = {
    "create": Server._create, "join": Server._join, "rejoin": Server._rejoin,
    "play": Server._play, "sync": Server._sync, "computer": Server._computer,
    "ping": Server._ping,
}


def _error(code: str, message: dict | None, text: str | None = None) -> dict:
    out = {"type": "error", "code": code, "message": text or ProtocolError(code).args[0]}
    if message is not None:
        out["ref"] = message.get("type")
    return out


async def run_server(host: str, port: int, *, ready=None, stop: asyncio.Future | None = None,
                     **options) -> None:
    """Serve until `stop` is done (or forever). `ready(server, port)` is called once listening."""
    server = Server(**options)
    async with serve(server.handler, host, port, max_size=MAX_CLIENT_MESSAGE, compression=None,
                     ping_interval=20, ping_timeout=20, close_timeout=CLOSE_TIMEOUT) as ws_server:
        bound = next(iter(ws_server.sockets)).getsockname()[1]
        if ready is not None:
            ready(server, bound)
        keeping = asyncio.ensure_future(server.housekeeping())
        try:
            await (stop if stop is not None else asyncio.get_running_loop().create_future())
        finally:
            keeping.cancel()


class BackgroundServer:
    """A server on an asyncio loop in one daemon thread, for a game window hosting a table:
    start() returns the port; stop() ends it. The window never touches the loop itself."""

    def __init__(self, host: str = "0.0.0.0", port: int = 0, *, restore: Table | None = None,
                 **options) -> None:
        self.host, self.port, self.options, self.restore = host, port, options, restore
        self.server: Server | None = None  # once listening: its tables (read, never changed)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="scare-it-server", daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        self._thread.start()
        self._ready.wait(timeout)
        if self._failed is not None:
            raise self._failed
        return self.port

    def _run(self) -> None:
        async def main():
            self._loop = asyncio.get_running_loop()
            self._stop = self._loop.create_future()

            def ready(server, port):
                if self.restore is not None:
                    server.adopt(self.restore)
                self.server, self.port = server, port
                self._ready.set()

            await run_server(self.host, self.port, ready=ready, stop=self._stop, **self.options)

        try:
            asyncio.run(main())
        except OSError as err:  # the port is taken, or the address is not this machine's
            self._failed = err
            self._ready.set()

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(lambda: self._stop.done() or self._stop.set_result(None))
        self._thread.join(5)


def serve_forever(host: str, port: int, **options) -> int:
    """The `serve` command: print where it listens, serve until SIGINT or SIGTERM, exit 0."""
    async def main():
        loop = asyncio.get_running_loop()
        stop = loop.create_future()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))

        def ready(_server, bound):
            shown = host if host not in ("", "0.0.0.0") else "0.0.0.0"
            print(f"listening on ws://{shown}:{bound}", flush=True)

        await run_server(host, port, ready=ready, stop=stop, **options)

    asyncio.run(main())
    return 0
