"""`scare-it serve`: many independent tables over WebSocket, each checked by the engine."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import secrets
import signal
import ssl
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path

from prometheus_client import CONTENT_TYPE_LATEST
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode

from game.engine.ai import SKILLS, make_bot
from game.engine.modes import Mode
from game.engine.moves import legal_moves
from game.engine.rng import Rng
from game.match.thinker import Thinker, searches
from game.online.server import collector
from game.online.server.collector import FullCollection
from game.online.server.crowds import FULL, OVERFLOW, Crowd, full_answer, reserve
from game.online.server.finished import FinishedTables
from game.online.server.limits import Limits, Quieter, address_key, open_files
from game.online.server.metrics import Metrics
from game.online.server.networks import network_of
from game.online.server.overdays import Days
from game.online.server.pace import ADDRESS_CLAIMS, Cadence, CodeGate, Pace
from game.online.server.pauses import GcPauses
from game.online.server.pgstore import PgStore, shown_url
from game.online.server.store import WAL_BOUND, SaveError, Store, TableHeld, TableStore
from game.online.server.table import Out, Seat, Table, refusal
from game.online.server.timings import Timings
from game.online.shared.protocol import (
    BURST,
    CLOSE_POLICY,
    CLOSE_RESTARTING,
    CODE_ALPHABET,
    CODE_LENGTH,
    COMPUTER,
    DAYS_PER_ADDRESS,
    DAYS_PER_PLAYER,
    FRAME_BURST,
    FRAME_RATE,
    HOST,
    MAX_CLIENT_MESSAGE,
    PICKED_CODE_MIN,
    RATE,
    REMOTE,
    SEATS_MAX,
    STRIKES,
    VERSION,
    WAIT,
    ProtocolError,
    checked,
    clean_name,
    decode,
    encode,
    is_token,
    normal_code,
    shard_of,
    spoken_in,
)
from game.paths import write_atomic

# What becomes of a new TCP connection: kept; kept only to come back to a seat by its token
# (the last connections, kept for them); cut at once; or crowds.FULL, only told so in HTTP.
KEEP, RESERVE, CUT = "keep", "reserve", "cut"
OUTBOX = 256  # messages waiting for a slow reader before it is let go (it can rejoin)
HOUSEKEEPING = 1.0  # seconds between checks for away seats, unanswered claims, empty tables
CHECKPOINT_EVERY = 10  # housekeeping rounds between database checkpoints
CLOSE_TIMEOUT = 5.0  # a peer that does not answer a close (a flooder, say) is cut off then
ALIVE_WITHIN = 3.0  # a seat's holder that does not answer a ping in this long is gone
# A table another server still holds (a shared database) is tried again this often, this many
# times, before the rejoin is answered as a wrong token: PostgreSQL frees a killed server's
# lock once it sees its connection gone (within milliseconds on one network).
HANDOVER_EVERY, HANDOVER_TRIES = 0.05, 60
# The computers' worker as nice as can be: on a server, people's moves come first (at 800
# tables beside 40 of experts, a person's move took p50 125 ms with the game's 5, 108 ms so).
SERVER_NICER = 19
FILES_KEPT = 64  # open files kept back from connections (the database, logs, the worker)
FINISHED_TIDY_EVERY = 600  # housekeeping rounds between letting old finished tables go
NEW_CODE_TRIES = 100  # a new code taken this often: the database cannot tell which are free
LOST = 1  # `serve`'s exit status when its database connection is lost (systemd restarts it)

log = logging.getLogger("scare_it.server")


@dataclass(eq=False)
class Peer:
    """One connection: its rate bucket, its table, and the queue its writer drains in order."""

    id: int
    ws: ServerConnection
    address: str
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    table: Table | None = None
    hello: bool = False
    version: int = VERSION  # the protocol version its hello said (an older one is spoken too)
    tokens: float = BURST
    refilled: float = field(default_factory=time.monotonic)
    strikes: int = 0
    pending: asyncio.Task | None = None  # a join or rejoin whose answer is held
    slow: bool = False  # let go for reading too slowly
    network: str = ""  # its address's network (networks.network_of): the limits it counts in
    # Taken in only to come back to a seat by its token (a full server, a crowded network):
    # the refusal any other request gets, and it is let go soon.
    only_rejoin: str | None = None
    deadline: asyncio.TimerHandle | None = None  # when it is let go if it holds no seat

    def allow(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    @property
    def seated(self) -> bool:
        return self.table is not None and bool(self.table.held_by(self.id))


class Server:
    """The tables of one process. `stand_in_after` seconds after a person dropped out of a
    running game, a computer of `stand_in_level` plays their seat until they come back.
    With a `store`, every table and move is kept in its database and opened again at start."""

    def __init__(self, *, max_tables: int = 1000, stand_in_after: float | None = 120.0,
                 stand_in_level: str = SKILLS.default, budget: float = 0.3,
                 limits: Limits | None = None, store: TableStore | None = None,
                 thinker: Thinker | None = None, clock=time.monotonic, wall=time.time,
                 finished: FinishedTables | None = None, shard: tuple[int, int] = (0, 1),
                 trusted: frozenset[str] = frozenset()) -> None:
        self.timings = Timings()  # seconds, a person's move in to its `moved` out
        self.gc = GcPauses()  # installed by `serve` only: the loop's stalls (--stats, /metrics)
        self.full: FullCollection | None = None  # `serve` only: its full collections
        self.max_tables, self.budget, self.clock = max_tables, budget, clock
        self.wall = wall  # tables over days keep time on it: their deadlines outlive a restart
        self.limits = limits or Limits()
        self.stand_in_after, self.stand_in_level = stand_in_after, stand_in_level
        self.store, self.thinker = store, thinker
        # Finished tables, for the players away at the end (in the database with `serve`).
        self.finished = finished if finished is not None else FinishedTables()
        # This process's share of the code space (`serve --shard I/N`): the first symbols of
        # its new codes; and the front doors whose X-Forwarded-For is believed (--trust-proxy).
        self.shard, self.trusted = shard, trusted
        self.firsts = [s for s in CODE_ALPHABET if shard_of(s, shard[1]) == shard[0]]
        self.tables: dict[str, Table] = {}
        self.peers: dict[int, Peer] = {}
        self.peers_at: dict[str, set[int]] = {}  # the peers of each address (its limits)
        self.bots: dict[str, dict[int, _LevelBot]] = {}
        self.thinking: dict[str, asyncio.Task] = {}
        self.empty_since: dict[str, float] = {}
        self.gate = _gate_of(self.limits)
        self.claims = Pace(ADDRESS_CLAIMS)  # claims by address (Table keeps its own)
        self.transports: Counter[str] = Counter()  # open TCP connections by address
        self.crowd = Crowd()  # the same by network, and the peers of each network
        self.open_connections = 0  # their sum
        self.connections = self.limits.connections
        self._tasks: set[asyncio.Task] = set()
        # One thinker at a time for the whole server: computers never take more than a core.
        self._think_queue = concurrent.futures.ThreadPoolExecutor(1, "scare-it-think")
        self._ids = 0
        self._received = 0.0  # when the message being handled came in (perf_counter)
        self.moves_played = 0
        self.unsaved: dict[str, tuple[int, int, str]] = {}  # a computer's move not yet kept
        self.metrics = Metrics(self)  # /metrics
        self.draining = False  # SIGUSR1: no new tables; the process ends after its running ones
        self.stop: asyncio.Future | None = None  # ends the process (run_server sets it)
        self.exit_status = 0

    # --- tasks ----------------------------------------------------------------------------

    def own(self, coro, name: str) -> asyncio.Task:
        """A task the server keeps until it ends; one that fails is logged, never lost."""
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._ended)
        return task

    @property
    def tasks_running(self) -> int:
        """How many of the server's own tasks have not ended."""
        return len(self._tasks)

    def _ended(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("task %s failed", task.get_name(), exc_info=task.exception())

    async def say_restarting(self) -> None:
        """`serve` stops (SIGTERM, SIGINT): every client is told the server restarts (close
        code CLOSE_RESTARTING), so its players wait for it and come back by their tokens."""
        closing = [peer.ws.close(CLOSE_RESTARTING, "the server is restarting")
                   for peer in list(self.peers.values())]
        if closing:
            await asyncio.wait([asyncio.ensure_future(c) for c in closing], timeout=CLOSE_TIMEOUT)

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._think_queue.shutdown(wait=False, cancel_futures=True)
        if self.thinker is not None:
            self.thinker.close()
        if self.store is not None:
            self.store.close()
        self.finished.close()

    # --- connections ----------------------------------------------------------------------

    def opened(self, address: str) -> str:
        """A TCP connection from `address` was accepted: KEEP it; keep it in the RESERVE (for
        a rejoin only); only tell it the server is FULL (in HTTP, past the connection cap);
        or CUT it at once (a flood of connections from one address or network, before any
        handshake; a few too many get a clear error after it)."""
        # Counted as they come and go, and the seats only near a limit: this runs for every
        # connection while people play, so it walks no list.
        network = network_of(address)
        mine, idle = self.transports[address], 2 * self.limits.idle_per_address
        ours, crowd = self.crowd.transports[network], 2 * self.limits.idle_per_network
        if mine >= idle and mine >= idle + self._seated_at(address) or (
                ours >= crowd and ours >= crowd + self._seated_in(network)):
            log.warning("refused a connection from %s: too many connections", address)
            self.metrics.refused("too-many-connections")
            return CUT
        kept = KEEP
        if self.open_connections >= self.connections - reserve(self.limits.reserved, self.connections):
            # The oldest connection that holds no seat goes, if any does; else this one is
            # taken into the reserve, or the server is full.
            kept = KEEP if self._make_room() else RESERVE
        if self.open_connections >= self.connections:
            log.warning("refused a connection from %s: the server is full", address)
            self.metrics.refused(FULL)
            if self.crowd.overflow >= OVERFLOW:
                return CUT
            self.crowd.overflow += 1
            return FULL
        self.transports[address] += 1
        self.crowd.opened(network)
        self.open_connections += 1
        return kept

    def closed(self, address: str, kept: str = KEEP) -> None:
        if kept == FULL:
            self.crowd.overflow -= 1
            return
        if self.full is not None:
            self.full.connection_closed()
        self.open_connections -= 1
        self.transports[address] -= 1
        if self.transports[address] <= 0:
            del self.transports[address]
        self.crowd.closed(network_of(address))

    def _make_room(self) -> bool:
        """Room for one more: the connection that came first of those holding no seat and
        waiting for no answer is cut (an idle crowd is cycled through, oldest first, and never
        holds the connections kept for people coming back to their seat)."""
        victim = self.crowd.oldest_idle(
            lambda p: p.id in self.peers and not p.seated and not self._waiting(p))
        if victim is None:
            return False
        log.warning("cut an idle connection from %s: the server is full", victim.address)
        gate = victim.ws
        if getattr(gate, "counted", False):  # uncounted now: its file is freed in a moment
            self.closed(gate.address, gate.kept)
            gate.counted = False
        gate.transport.abort()
        return True

    def _waiting(self, peer: Peer) -> bool:
        """It waits for an answer: a held guess, a seat being taken over, a claim."""
        return peer.pending is not None or (
            peer.table is not None and peer.table.claimant(peer.id))

    def _seated_at(self, address: str) -> int:
        return sum(1 for i in self.peers_at.get(address, ()) if self.peers[i].seated)

    def _seated_in(self, network: str) -> int:
        return sum(1 for i in self.crowd.peers.get(network, ()) if self.peers[i].seated)

    def _idle_in(self, network: str) -> int:
        """How many connections of `network` hold no seat (walked only near its limit)."""
        peers = self.crowd.peers.get(network, ())
        if len(peers) < self.limits.idle_per_network:
            return len(peers)
        return len(peers) - self._seated_in(network)

    def _taken_in_for(self, peer: Peer) -> str | None:
        """Why a new connection may only take back a seat by its token, if it may: it was
        taken into the connections kept for people who sit at a table (`server-full` to
        anything else), or its network's connections that hold no seat are at their limit
        (`too-many-connections`). A family's rejoin is never turned away for others."""
        if getattr(peer.ws, "kept", KEEP) == RESERVE:
            log.warning("a connection from %s may only rejoin: the server is nearly full", peer.address)
            return FULL
        crowd = self._idle_in(peer.network)
        if crowd >= self.limits.idle_per_network:
            log.warning("a connection from %s may only rejoin: %d connections of %s hold no seat",
                        peer.address, crowd, peer.network)
            return "too-many-connections"
        return None

    def _no_room(self, peer: Peer, msg_type: str) -> bool:
        """A connection taken in only to rejoin asks for something new: told why, let go."""
        if peer.only_rejoin is None:
            return False
        self._refuse(peer, peer.only_rejoin, msg_type)
        return True

    def _idle(self, peer: Peer) -> None:
        """A connection that holds no seat `idle_within` seconds after it opened (one taken in
        only to rejoin: `hello_within`) is let go; one waiting for an answer (a held guess, a
        claim the host is asked) is looked at again as long again."""
        peer.deadline = None
        if peer.id not in self.peers or peer.seated:
            self.crowd.unseated.pop(peer.id, None)
            return
        if self._waiting(peer) and peer.only_rejoin is None:
            peer.deadline = asyncio.get_running_loop().call_later(
                self.limits.idle_within, self._idle, peer)
            return
        log.warning("let a connection from %s go: it held no seat in time", peer.address)
        self._refuse(peer, "idle-timeout", None)

    async def handler(self, ws: ServerConnection) -> None:
        self._ids += 1
        address = ws.address  # the client's, read behind a trusted front door (_gate)
        peer = Peer(self._ids, ws, address, network=network_of(address))
        # Only this address's peers are counted: a walk over every peer for each connection
        # made connecting 3200 clients quadratic, and stopped people's moves while it ran.
        idle = sum(1 for i in self.peers_at.get(address, ()) if not self.peers[i].seated)
        peer.only_rejoin = self._taken_in_for(peer) if idle < self.limits.idle_per_address else None
        self.peers[peer.id] = peer
        self.peers_at.setdefault(address, set()).add(peer.id)
        self.crowd.arrived(peer.network, peer)
        writer = self.own(self._write(peer), f"writer {peer.id}")
        loop = asyncio.get_running_loop()
        late = loop.call_later(self.limits.hello_within, self._hello_late, peer)
        peer.deadline = loop.call_later(
            self.limits.idle_within if peer.only_rejoin is None
            else min(self.limits.hello_within, self.limits.idle_within), self._idle, peer)
        try:
            if idle >= self.limits.idle_per_address:
                log.warning("refused a connection from %s: %d connections hold no seat", address, idle)
                self._refuse(peer, "too-many-connections", None)
            else:
                await self._read(peer)
        except ConnectionClosed:
            pass
        finally:
            late.cancel()
            if peer.deadline is not None:
                peer.deadline.cancel()
            self.crowd.left(peer.network, peer.id)
            del self.peers[peer.id]
            mine = self.peers_at[address]
            mine.discard(peer.id)
            if not mine:
                del self.peers_at[address]
            if peer.pending is not None:
                peer.pending.cancel()
            if peer.outbox.empty() or ws.state.name != "OPEN":
                writer.cancel()
            else:  # the refusals go out first, then the close that says why
                await asyncio.wait({writer}, timeout=CLOSE_TIMEOUT + 1)
                writer.cancel()
            if peer.table is not None:
                self._deliver(peer.table.drop(peer.id, self.clock()))
                self._kept(peer.table)

    async def _read(self, peer: Peer) -> None:
        async for raw in peer.ws:
            if not peer.allow(self.clock()):
                peer.strikes += 1
                self._send(peer, refusal("rate-limited", None))
                if peer.strikes >= STRIKES:
                    peer.outbox.put_nowait(_Close("too many messages"))
                    return
                continue
            message = None
            self._received = time.perf_counter()
            try:
                message = decode(raw)
                self._dispatch(peer, checked(message, peer.hello, peer.version))
            except ProtocolError as err:
                self._send(peer, refusal(err.code, _ref(message), str(err)))
                if err.code in ("hello-first", "version"):
                    peer.outbox.put_nowait(_Close(err.code))
                    return

    def _hello_late(self, peer: Peer) -> None:
        if not peer.hello and peer.id in self.peers:
            self._refuse(peer, "hello-timeout", None)

    def _refuse(self, peer: Peer, code: str, ref: str | None) -> None:
        """Say why, then close the connection (the writer sends both in order)."""
        self._send(peer, refusal(code, ref))
        peer.outbox.put_nowait(_Close(code))

    async def _write(self, peer: Peer) -> None:
        try:
            while True:
                text = await peer.outbox.get()
                if isinstance(text, _Sent):
                    took = time.perf_counter() - text.received
                    self.timings.add(took)
                    self.metrics.moves.observe(took)
                    continue
                if isinstance(text, _Close):
                    await peer.ws.close(CLOSE_POLICY, text.reason)
                    return
                await peer.ws.send(text)
        except ConnectionClosed:
            pass

    def _send(self, peer: Peer, message: dict | str) -> None:
        if isinstance(message, dict) and message["type"] == "error":
            self.metrics.refused(message["code"])
        if peer.outbox.qsize() >= OUTBOX:  # it reads slower than the table plays: let it go
            if not peer.slow:  # its writer may be stuck in a send: the close cuts it short
                peer.slow = True
                self.own(peer.ws.close(CLOSE_POLICY, "too slow"), f"close slow {peer.id}")
            return
        if isinstance(message, dict):
            message = encode(spoken_in(message, peer.version))
        peer.outbox.put_nowait(message)

    def _deliver(self, outs: list[Out]) -> None:
        texts: dict[tuple[int, int], str] = {}  # a message for everyone is encoded once
        for conn, message in outs:
            peer = self.peers.get(conn)
            if peer is not None:
                key = (id(message), peer.version)
                text = texts.get(key)
                if text is None:
                    text = texts[key] = encode(spoken_in(message, peer.version))
                self._send(peer, text)

    # --- requests -------------------------------------------------------------------------

    def _dispatch(self, peer: Peer, message: dict) -> None:
        """A message that passed `checked` (its fields, and its place in the conversation)."""
        msg_type = message["type"]
        if msg_type in _ASKING and peer.pending is not None:
            raise ProtocolError("busy")
        table = _REQUESTS[msg_type](self, peer, message)
        if table is not None:
            self._wake(table)

    def _hello(self, peer: Peer, message: dict) -> None:
        peer.hello, peer.version = True, message["version"]
        self._send(peer, {"type": "welcome", "version": peer.version, "max_message": MAX_CLIENT_MESSAGE,
                          "rate": RATE, "burst": BURST})

    def _seated(self, peer: Peer) -> Table:
        if peer.table is None or not peer.table.held_by(peer.id):
            raise ProtocolError("not-seated")
        return peer.table

    def _unseated(self, peer: Peer) -> None:
        if peer.table is not None and (peer.table.held_by(peer.id) or peer.table.claimant(peer.id)):
            raise ProtocolError("already-seated")

    def _about_code(self, peer: Peer, message: dict, code: str, answer) -> None:
        """A request about a table code (a join, a create with a picked code): `answer(peer,
        message)` runs when the code gate says, the same moment whether `code` names a table
        or not. An asker that leaves takes nothing back: the gate counted the request."""
        hold = self.gate.ask(peer.address, self.clock(), code in self.tables)
        if hold <= 0:
            self._answer(peer, message, answer)
            return
        log.info("held a request about a table code from %s for %.1f s", peer.address, hold)
        peer.pending = self.own(self._answer_late(peer, hold, message, answer),
                                f"held answer {peer.id}")

    async def _answer_late(self, peer: Peer, hold: float, message: dict, answer) -> None:
        await asyncio.sleep(hold)
        peer.pending = None
        if peer.id in self.peers:
            self._answer(peer, message, answer)

    def _answer(self, peer: Peer, message: dict, answer) -> None:
        try:
            table = answer(peer, message)
        except ProtocolError as err:
            self._send(peer, refusal(err.code, message["type"], str(err)))
            return
        if table is not None:
            self._wake(table)

    def _create(self, peer: Peer, message: dict) -> Table | None:
        if self._no_room(peer, "create"):
            return None
        self._may_open(peer, message)
        wanted = message.get("code")
        if wanted is None:
            return self._open(peer, message, self._new_code())
        code = normal_code(wanted)
        if not (PICKED_CODE_MIN <= len(code) <= 40 and code.isascii() and code.isalnum()):
            raise ProtocolError("bad-table", f"a picked code has {PICKED_CODE_MIN} to 40 "
                                             "letters or digits")
        if shard_of(code, self.shard[1]) != self.shard[0]:  # the front door sends it elsewhere
            raise ProtocolError("bad-table", "this server keeps no codes beginning so: "
                                             "connect to /t/CODE through the front door")
        # Whether it exists is told as a join's answer is: when the code gate says.
        self._about_code(peer, message, code, lambda peer, message: self._open(peer, message, code))
        return None

    def _may_open(self, peer: Peer, message: dict) -> None:
        """The limits a new table must keep (checked again when a held create is answered)."""
        self._unseated(peer)
        if self.draining:  # as full: the client says so, a front door sends it elsewhere
            raise ProtocolError(FULL)
        if len(self.tables) >= self.max_tables:
            raise ProtocolError(FULL)
        plans = message["seats"]
        days = message.get("per_move") is not None
        opened = [t for t in self.tables.values() if t.opened_by == peer.address and not t.over
                  and (t.days is not None) == days]
        if days:  # they live for days: counted apart from live tables, and by player too
            if len(opened) >= DAYS_PER_ADDRESS:
                raise ProtocolError("too-many-days-tables")
            self._may_sit(message)
        elif len(opened) >= self.limits.tables_per_address:
            raise ProtocolError("too-many-tables")
        if not days and self._tables_of(peer.network) >= self.limits.tables_per_network:
            raise ProtocolError("too-many-tables", "the addresses of this network have opened "
                                                   "as many tables as they may")
        computers = sum(1 for p in plans if p["place"] == COMPUTER)
        if computers and computers + self._computers_of(peer.address) > self.limits.computers_per_address:
            raise ProtocolError("too-many-computers")

    def _may_sit(self, message: dict) -> None:
        """A player key (their own secret, sent with a create or join over days) sits at no
        more than DAYS_PER_PLAYER open tables over days."""
        player = message.get("player")
        if player is None:
            return
        if not is_token(player):
            raise ProtocolError("malformed", "a player key has a token's shape")
        sitting = sum(1 for t in self.tables.values() if t.days is not None and not t.over
                      for s in t.seats if s.player == player)
        if sitting >= DAYS_PER_PLAYER:
            raise ProtocolError("too-many-days-seats")

    def _open(self, peer: Peer, message: dict, code: str) -> Table:
        if message.get("code") is not None:  # held: what was true when it came may not be now
            self._may_open(peer, message)
        if code in self.tables:
            raise ProtocolError("code-taken")
        mode, plans, first = Mode.parse(message["mode"]), message["seats"], message.get("first")
        per_move = message.get("per_move")
        days = None if per_move is None else Days(per_move or None, message.get("on_time") or WAIT)
        table = Table(code, mode, plans, peer.id, seed=secrets.randbits(63),
                      first=None if first is None else first - 1, opened_by=peer.address,
                      days=days)
        if days is not None:
            days.touched = self.wall()
            next(s for s in table.seats if s.place == HOST).player = message.get("player")
        self.tables[code] = table
        self.bots[code] = {}
        self._set_clocks(table)
        peer.table = table
        self._deliver(table.host_holds(peer.id))
        self._kept(table)
        return table

    def _tables_of(self, network: str) -> int:
        """The open tables the addresses of `network` created."""
        return sum(1 for t in self.tables.values() if not t.over and network_of(t.opened_by) == network)

    def _computers_of(self, address: str) -> int:
        return sum(1 for t in self.tables.values() if t.opened_by == address and not t.over
                   for s in t.seats if s.computer is not None)

    def adopt(self, table: Table) -> None:
        """A table opened again from a host's save (Table.from_record) or the database: its
        people come back to it with their tokens; its computer plays when it is to move."""
        if table.code in self.tables:
            raise ProtocolError("code-taken")
        self.tables[table.code] = table
        self.bots[table.code] = {}
        self._set_clocks(table)
        days = table.days
        if days is not None and table.started and days.at_move != len(table.state.moves):
            days.start_move(len(table.state.moves), self.wall())  # killed between two writes
        self._kept(table)
        self._wake(table)

    def _set_clocks(self, table: Table) -> None:
        """The table's clocks: over days, the wall's and no stand-in after an absence."""
        table.clock, table.wall = self.clock, self.wall
        table.stand_in_after = self.stand_in_after if table.days is None else None

    def _new_code(self) -> str:
        for _ in range(NEW_CODE_TRIES):
            code = secrets.choice(self.firsts) + "".join(
                secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH - 1))
            if code not in self.tables and not self.finished.has(code) and not (
                    self.store is not None and self.store.has(code)):  # another server's
                return code
        self._lost_database()
        raise ProtocolError("cannot-save")  # every code looks taken: the database is not read

    def _join(self, peer: Peer, message: dict) -> None:
        if self._no_room(peer, "join"):
            return
        self._unseated(peer)
        clean_name(message["name"])  # a bad name says nothing about the code: refused at once
        code = normal_code(message["code"])
        self._about_code(peer, message, code, self._join_now)

    def _join_now(self, peer: Peer, message: dict) -> Table:
        try:
            table = self._table(normal_code(message["code"]))
        except TableHeld:  # another server's: the front door sends its players there
            table = None
        if table is None:
            raise ProtocolError("no-table")
        now = self.clock()
        claim = table.claimable(message["name"]) is not None  # a question on the host's screen
        if claim:
            self.claims.ready(peer.address, now, "too-many-claims")
        if table.days is not None:
            self._may_sit(message)
        outs = table.join(peer.id, message["name"], now)
        if claim:
            self.claims.take(peer.address, now)
        if table.days is not None:
            for index in table.held_by(peer.id):
                table.seats[index].player = message.get("player")
            table.days.touched = self.wall()
        peer.table = table
        self._deliver(outs)
        self._kept(table)
        return table

    def _rejoin(self, peer: Peer, message: dict) -> Table | None:
        """A seat back by its token, at once: a wrong code is answered as a wrong token is,
        after the same work, so a rejoin never tells whether a code names a table (and a
        family coming back after a drop never meets the code gate). A token of a table that
        has finished since is answered with its end."""
        if self._ended_for(peer, message):
            return None
        try:
            table = self._table(normal_code(message["code"]))
        except TableHeld:
            peer.pending = self.own(self._handed_over(peer, message), f"hand over {peer.id}")
            return None
        if not _taking_back(peer, table, message):
            self._unseated(peer)
        index = (table or _NO_TABLE).seat_of(message["token"])
        if table is None or index is None:
            raise ProtocolError("bad-token")
        holder = self.peers.get(table.seats[index].holder)
        if holder is not None and holder is not peer:
            peer.pending = self.own(self._take_over(peer, table, index, holder),
                                    f"take over {peer.id}")
            return None
        peer.table = table
        self._deliver(table.rejoin(peer.id, message["token"]))
        return table

    def _table(self, code: str) -> Table | None:
        """The open table of this code; with a database shared by several servers, one whose
        server is gone is taken here (its lock) and opened at its last committed move.
        TableHeld while another server holds it, or while this one's connection is lost."""
        table = self.tables.get(code)
        if table is None and self.store is not None:
            table = self.store.claim(code, self.clock())
            if self.store.lost is not None:  # not read: its players come back elsewhere
                self._lost_database()
                raise TableHeld(code)
            if table is not None:
                log.warning("table %s taken over from a server that is gone", code)
                self.adopt(table)
        return table

    async def _handed_over(self, peer: Peer, message: dict) -> None:
        """A rejoin to a table another server holds: its lock tried again until it is free
        (that server is gone), then answered as any rejoin; a wrong token if it stays held."""
        code, held = normal_code(message["code"]), True
        for _ in range(HANDOVER_TRIES):
            await asyncio.sleep(HANDOVER_EVERY)
            try:
                self._table(code)
                held = False
                break
            except TableHeld:
                continue
        peer.pending = None
        if peer.id not in self.peers:
            return
        try:
            if held:
                raise ProtocolError("bad-token")
            table = self._rejoin(peer, message)
        except ProtocolError as err:
            self._send(peer, refusal(err.code, "rejoin", str(err)))
            return
        if table is not None:
            self._wake(table)

    async def _take_over(self, peer: Peer, table: Table, index: int, holder: Peer) -> None:
        """The seat's holder is connected: if it answers a ping, the seat stays with it; if
        not, the connection is dead in all but name, and the token's owner gets the seat."""
        try:
            await asyncio.wait_for(await holder.ws.ping(), ALIVE_WITHIN)
            alive = True
        except (TimeoutError, ConnectionClosed):
            alive = False
        peer.pending = None
        if self.tables.get(table.code) is not table or peer.id not in self.peers:
            return
        if alive and table.seats[index].holder == holder.id:
            self._send(peer, refusal("seat-connected", "rejoin"))
            return
        peer.table = table
        self._deliver(table.take_over(peer.id, index))
        if holder.id in self.peers and not holder.seated:
            holder.outbox.put_nowait(_Close("seat taken over"))
        self._wake(table)

    def _ended_for(self, peer: Peer, message: dict) -> bool:
        """A `rejoin` whose token opens a seat of a table that has finished since (and left
        the server's open tables): answered as at a finished table, `joined` (this seat and
        its token only), `state` and `over`, at once like any right token. The connection
        takes no seat. Any other rejoin goes on as usual (a wrong token there is a wrong guess)."""
        code, token = normal_code(message["code"]), message["token"]
        live = self.tables.get(code)
        if live is not None and live.seat_of(token) is not None:
            return False
        found = self.finished.find(code, token)
        if found is None:
            return False
        self._unseated(peer)
        table, _seat = found
        self._deliver([(conn, m) for conn, m in table.rejoin(peer.id, token) if conn == peer.id])
        return True

    def _admit(self, peer: Peer, message: dict) -> Table:
        table = self._seated(peer)
        self._deliver(table.admit(peer.id, message["claim"], message["allow"]))
        self._kept(table)
        return table

    def _play(self, peer: Peer, message: dict) -> Table:
        table = self._seated(peer)
        try:
            outs = table.play(peer.id, message["seat"], message["move"], message["number"],
                              keep=self._keeper(table))
        except ProtocolError as err:
            if err.code == "stale":  # the sender missed something: it gets the whole state
                self._send(peer, refusal(err.code, "play", str(err)))
                self._sync(peer, message)
                return table
            raise
        self._moved(table, outs, peer)
        return table

    def _moved(self, table: Table, outs: list[Out], mover: Peer | None = None) -> None:
        """A move the table accepted (kept in the database before: see _keeper), told to
        everyone; a finished table is kept first for the players away at the end."""
        if table.over:
            self.finished.keep(table)
        elif table.days is not None:  # its new deadline and notes
            self._kept(table)
        self.moves_played += 1
        self._deliver(outs)
        if mover is not None and not mover.outbox.full():  # when its `moved` is written
            mover.outbox.put_nowait(_Sent(self._received))

    def _keeper(self, table: Table):
        """What keeps a table's next state in the database before the table takes it (a
        finished game's table leaves it); a move that cannot be kept is refused."""
        if self.store is None:
            return None

        def keep(state) -> None:
            try:
                with self.metrics.writes.time():
                    self.store.moved(table, state)
            except SaveError:
                self._lost_database()
                raise ProtocolError("cannot-save") from None
        return keep

    def _lost_database(self) -> None:
        """A shared database's connection went, and every table lock with it (another server
        may take the tables now): this process stops, once, saying why; the players come back
        by token through the front door (docs/SERVER.md, "Tables in PostgreSQL")."""
        lost = self.store.lost if self.store is not None else None
        if lost is None or self.exit_status == LOST:
            return
        self.exit_status = LOST
        log.error("lost its connection to the table database %s: this process stops, so that "
                  "its tables go on on another server or here after a restart", lost)
        if self.stop is not None and not self.stop.done():
            self.stop.set_result(None)

    def _sync(self, peer: Peer, message: dict) -> None:
        table = self._seated(peer)
        self._send(peer, table.state_for(peer.id))
        if table.over:
            self._send(peer, table.over_message())

    def _computer(self, peer: Peer, message: dict) -> Table:
        table = self._seated(peer)
        if self._computers_of(table.opened_by) >= self.limits.computers_per_address:
            raise ProtocolError("too-many-computers")
        self._deliver(table.stand_in(peer.id, message["seat"], message["level"]))
        self._kept(table)
        return table

    def _more_time(self, peer: Peer, message: dict) -> Table:
        table = self._seated(peer)
        self._deliver(table.more_time(peer.id, self.wall()))
        self._kept(table)
        return table

    def _leave(self, peer: Peer, message: dict) -> Table:
        """Over days, leaving for good: a computer plays the seat (Table.leave), kept at once."""
        table = self._seated(peer)
        self._deliver(table.leave(peer.id, message["token"], self.wall()))
        self._kept(table)
        return table

    def _status(self, peer: Peer, message: dict) -> None:
        """Whose turn and until when, at each open table whose token is given. A wrong token
        and a code that names no table get the same entry after the same work: the token is
        compared with SEATS_MAX seats whatever the table and however many of its seats are
        computers' (20 pairs in one request would add a small table's fewer comparisons up
        into a measurable difference). A finished table is not looked for (its row would
        take longer to read): its end comes by `rejoin`."""
        entries = []
        for pair in message["tables"]:
            table = self.tables.get(normal_code(pair["code"]))
            opened = table or _NO_TABLE
            index = opened.seat_of(pair["token"])
            people = sum(1 for seat in opened.seats if seat.place != COMPUTER)
            _PADS[SEATS_MAX - people].seat_of(pair["token"])  # the work evened
            entry = {"code": pair["code"], "known": False}
            if table is not None and index is not None:
                entry |= table.status_of(index)
            entries.append(entry)
        self._send(peer, {"type": "status", "tables": entries})

    def _ping(self, peer: Peer, message: dict) -> None:
        self._send(peer, {"type": "pong", "ref": message.get("ref")})

    def _kept(self, table: Table) -> None:
        """The table's setup into the database (a finished one leaves it)."""
        if self.store is None or self.tables.get(table.code) is not table:
            return
        if table.over:
            self.store.forget(table.code)
        else:
            self.store.keep(table)

    # --- computers and housekeeping --------------------------------------------------------

    def _wake(self, table: Table) -> None:
        """Start the table's computer when one is to move and none is thinking yet."""
        if table.computer_turn() is not None and table.code not in self.thinking:
            self.thinking[table.code] = self.own(self._think(table), f"think {table.code}")

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
                loop = asyncio.get_running_loop()
                move = await loop.run_in_executor(self._think_queue, bots[seat].choose, view,
                                                  self.budget, self.thinker)
                again = table.computer_turn()
                if again is None or again[0] != seat or len(table.state.moves) != number:
                    continue  # its person came back, or the seat changed meanwhile
                try:
                    outs = table.play(None, seat, move.text, number, keep=self._keeper(table))
                except ProtocolError as err:  # a bot's bug must not stop the table
                    if err.code == "cannot-save":  # tried again by housekeeping (_keeping)
                        self.unsaved[table.code] = (seat, number, move.text)
                        return
                    log.error("table %s: the %s computer of seat %d chose %s: %s; a fallback "
                              "move is played", table.code, level, seat + 1, move.text, err)
                    move = _fallback(view)
                    outs = table.play(None, seat, move.text, number, keep=self._keeper(table))
                self._moved(table, outs)
        finally:
            self.thinking.pop(table.code, None)

    def drain(self, stop: asyncio.Future) -> None:
        """SIGUSR1: take no new tables (/healthz says so) and end `stop` once no live table
        is left to play. A table over days is kept in the database for the next start."""
        if not self.draining:
            self.draining = True
            log.warning("draining: no new tables; %d running", self._running())
            self.own(self._drained(stop), "drain")

    def _running(self) -> int:
        return sum(1 for t in self.tables.values() if not t.over and t.days is None)

    async def _drained(self, stop: asyncio.Future) -> None:
        while self._running():
            await asyncio.sleep(HOUSEKEEPING)
        log.warning("drained: every running table is over")
        if not stop.done():
            stop.set_result(None)

    async def housekeeping(self, stats: Path | None = None) -> None:
        ticks = 0
        while True:
            await asyncio.sleep(HOUSEKEEPING)
            ticks += 1
            self.tidy(self.clock())
            if self.full is not None and self.full.due(self.clock()):
                self.full.run(self.clock())
            # What waits for the disk (a sync) runs in a thread: the loop answers moves.
            if stats is not None:
                await asyncio.to_thread(self._write_stats, stats, self.figures())
            if self.store is not None:
                if not await asyncio.to_thread(self.store.alive):
                    self._lost_database()
                    return
                await self._keeping(ticks)
            if ticks % FINISHED_TIDY_EVERY == 0:
                self.finished.tidy()

    async def _keeping(self, ticks: int) -> None:
        """The database's rounds: the journal emptied on a schedule and when it grows large;
        what could not be written is tried again (computers' moves, tables' setups)."""
        if ticks % CHECKPOINT_EVERY == 0 or self.store.wal_size() > WAL_BOUND:
            await asyncio.to_thread(self.store.checkpoint)
        for code, (seat, number, text) in list(self.unsaved.items()):
            table = self.tables.get(code)
            turn = table.computer_turn() if table is not None else None
            if turn is None or turn[0] != seat or len(table.state.moves) != number:
                del self.unsaved[code]  # the table moved on, or went
                continue
            try:
                outs = table.play(None, seat, text, number, keep=self._keeper(table))
            except ProtocolError:
                return  # still failing: the next round tries again
            del self.unsaved[code]
            self._moved(table, outs)
            self._wake(table)
        if self.store.failing is not None and (self.store.unkept or self.store.unforgotten):
            self.store.retry()

    async def collecting(self) -> None:
        """`serve` only: the young collections, between messages, on the loop's clock."""
        while True:
            await asyncio.sleep(collector.YOUNG_EVERY)
            self.full.young()

    def _write_stats(self, path: Path, figures: dict) -> None:
        write_atomic(path, json.dumps(self.stats(figures)))

    def figures(self) -> dict:
        """The counts of now, read on the loop (stats() may then run anywhere)."""
        return {"tables": len(self.tables), "connections": len(self.peers),
                "moves": self.moves_played, "thinking": len(self.thinking),
                "times": self.timings.copy()} | self.gc.figures()

    def stats(self, figures: dict | None = None) -> dict:
        """What an operator (or tools/bench_server.py) reads of the server now."""
        figures = figures or self.figures()
        times: Timings = figures.pop("times")

        def at(share: float) -> float | None:
            value = times.at(share)
            return None if value is None else round(1000 * value, 3)

        return figures | {
                "move_ms_p50": at(0.5), "move_ms_p99": at(0.99), "move_ms_max": at(1.0),
                "measured": times.total, "cpu_s": round(time.process_time(), 3)}

    def tidy(self, now: float) -> None:
        """Computers stand in for seats away too long; unanswered claims are refused; tables
        nobody holds go after a while (one that never started sooner)."""
        wall = self.wall()
        for code, table in list(self.tables.items()):
            self._deliver(table.expire(now))
            if table.days is not None:
                self._over_days(table, wall)
                continue
            if self.stand_in_after is not None:
                for seat in table.away(now, self.stand_in_after):
                    self._deliver(table.stand_in(None, seat, self.stand_in_level))
                    self._kept(table)
                    self._wake(table)
            if table.connections():
                self.empty_since.pop(code, None)
                continue
            since = self.empty_since.setdefault(code, now)
            linger = (min(60.0, self.limits.linger) if table.over else self.limits.linger
                      if table.started else self.limits.lobby_linger)
            if now - since >= linger:
                self.drop_table(code)
        self.gate.tidy(now)
        self.claims.tidy(now)
        said = self.gate.summary(now)
        if said is not None:
            log.warning("table codes asked too often: %s", said)

    def _over_days(self, table: Table, wall: float) -> None:
        """A table over days on the server's round: never let go for want of people; its
        deadline's reminders and rule; closed, its end kept, untouched 30 days past it."""
        if table.days.closing(wall):
            if table.started and not table.over:
                self._deliver(table.close(wall))
                self.finished.keep(table)
            self.drop_table(table.code)
            return
        said = table.days.reminded, table.days.ran_out
        outs = table.tick(wall)
        if (table.days.reminded, table.days.ran_out) != said:  # kept once, not every round
            self._deliver(outs)
            self._kept(table)
        if table.days.late is not None:  # a computer plays the late seat's move
            self._wake(table)

    def drop_table(self, code: str) -> None:
        """The table goes, and its computer stops thinking."""
        self.tables.pop(code, None)
        self.bots.pop(code, None)
        self.empty_since.pop(code, None)
        task = self.thinking.pop(code, None)
        if task is not None:
            task.cancel()
        if self.store is not None:
            self.store.forget(code)


@dataclass(frozen=True, slots=True)
class _Sent:
    """In a writer's queue after a mover's `moved`: the move's time in the server ends here."""

    received: float


@dataclass(frozen=True, slots=True)
class _Close:
    """In a writer's queue: close the connection for this reason once all before is sent."""

    reason: str


class _LevelBot:
    """One seat's computer for the whole game: the bot keeps its memory, the seat its dice."""

    def __init__(self, level: str) -> None:
        self.level, self.bot, self.rng = level, make_bot(level), Rng(secrets.randbits(63))

    def choose(self, view, budget: float, thinker: Thinker | None):
        """The bot's move: in the thinker's process when there is one (the server's own
        thread then only waits), else here. A bot that fails is logged, and the seat plays
        a fallback move: one computer's bug never stops a table."""
        try:
            done = thinker.choose(self.bot, view, self.rng, budget) if (
                thinker is not None and searches(self.bot)) else None
            if done is not None:
                move, self.bot, self.rng = done
                return move
            return self.bot.choose(view, self.rng, budget)
        except Exception:  # noqa: BLE001 - logged, and the table plays on (issue 31)
            log.exception("the %s computer failed to choose; a fallback move is played", self.level)
            self.bot, self.rng = make_bot(self.level), Rng(secrets.randbits(63))
            return _fallback(view)


def _fallback(view):
    """A legal move when a computer cannot give one: the first in the rules' order."""
    return legal_moves(view.position)[0]


_REQUESTS = {
    "hello": Server._hello, "create": Server._create, "join": Server._join, "rejoin": Server._rejoin,
    "play": Server._play, "sync": Server._sync, "computer": Server._computer,
    "admit": Server._admit, "ping": Server._ping, "more-time": Server._more_time,
    "leave": Server._leave, "status": Server._status,
}
_ASKING = {"create", "join", "rejoin"}  # one such request waits for its answer at a time


def _taking_back(peer: Peer, table: Table | None, message: dict) -> bool:
    """A `rejoin` at the table this connection holds seats at already: a couch host's
    connection takes back each of its home seats in turn, one token at a time."""
    return (message["type"] == "rejoin" and table is not None and peer.table is table
            and bool(table.held_by(peer.id)) and not table.claimant(peer.id))


def _gate_of(limits: Limits) -> CodeGate:
    return CodeGate(Cadence(limits.guesses, limits.guess_interval),
                    Cadence(limits.network_guesses, limits.network_guess_interval),
                    Cadence(limits.server_guesses, limits.server_guess_interval))


class _NoTable:
    """What a rejoin with a code that names no table compares its token with: as many seats
    as a table has at most, so it takes the time a table's would."""

    seats = [Seat(REMOTE, secrets.token_urlsafe(16)) for _ in range(SEATS_MAX)]
    seat_of = Table.seat_of


_NO_TABLE = _NoTable()


class _Pad:
    """Seats that no token opens, compared with to bring a smaller table's work up to
    SEATS_MAX seats (a `status`)."""

    seat_of = Table.seat_of

    def __init__(self, count: int) -> None:
        self.seats = [Seat(REMOTE, secrets.token_urlsafe(16)) for _ in range(count)]


_PADS = [_Pad(count) for count in range(SEATS_MAX + 1)]


def _ref(message: dict | None) -> str | None:
    return message.get("type") if message is not None else None


def _gate(server: Server) -> type[ServerConnection]:
    """The connection class of this server: it counts each TCP connection by address the
    moment it is accepted, and cuts a flood before any handshake."""

    class Gated(ServerConnection):
        counted = False  # this connection was counted for its address (closed() uncounts it)
        kept = CUT  # what opened() said of it: KEEP, RESERVE, FULL (only told so) or CUT
        full = False  # answered in HTTP that the server is full (crowds.full_answer)
        frames, framed, flooded = float(FRAME_BURST), 0.0, False  # its bucket of frames

        proxied = False  # from a trusted front door: counted by X-Forwarded-For (_http)

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self.framed = time.monotonic()
            peer = transport.get_extra_info("peername")
            self.address = address_key(str(peer[0])) if peer else "?"
            if self.address in server.trusted:  # whose it is, its request will say
                self.proxied, self.kept = True, KEEP
                return
            self.kept = server.opened(self.address)
            self.counted, self.full = self.kept != CUT, self.kept == FULL
            if not self.counted:
                transport.abort()

        def process_event(self, event) -> None:
            """The frames that carry no new message count: pings and pongs (websockets
            answers a ping itself) and a message's continuations. A flood of them is cut;
            a flood of messages meets the message bucket and its clear error first."""
            if isinstance(event, Frame) and event.opcode not in (Opcode.TEXT, Opcode.BINARY):
                now = time.monotonic()
                self.frames = min(FRAME_BURST, self.frames + (now - self.framed) * FRAME_RATE)
                self.framed = now
                if self.frames < 1:
                    if not self.flooded:
                        self.flooded = True
                        log.warning("cut a connection from %s: too many frames", self.address)
                        self.transport.abort()
                    return
                self.frames -= 1
            super().process_event(event)

        def connection_lost(self, exc) -> None:
            super().connection_lost(exc)
            if self.counted:
                server.closed(self.address, self.kept)

    return Gated


FORWARDED = "X-Forwarded-For"


def _http(server: Server):
    """websockets' process_request: /healthz in plain HTTP (for a front door's checks); a
    connection from a trusted front door counted by the client's address, the last one in
    X-Forwarded-For (the one the front door wrote: earlier ones the client may have forged);
    and a full server's answer (crowds.full_answer)."""

    def process_request(connection, request):
        path = request.path.split("?", 1)[0]
        if path == "/healthz":
            if server.draining:  # the front door sends new tables to the other processes
                return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "draining\n")
            return connection.respond(HTTPStatus.OK, "ok\n")
        if path == "/metrics":
            response = connection.respond(HTTPStatus.OK, "")
            response.body = server.metrics.text()
            del response.headers["Content-Type"], response.headers["Content-Length"]
            response.headers["Content-Type"] = CONTENT_TYPE_LATEST
            response.headers["Content-Length"] = str(len(response.body))
            return response
        if connection.proxied:
            said = ",".join(request.headers.get_all(FORWARDED)).split(",")[-1].strip()
            if not said:
                log.warning("a connection from the front door %s said no %s",
                            connection.address, FORWARDED)
                return connection.respond(HTTPStatus.BAD_REQUEST, f"no {FORWARDED}\n")
            connection.address = address_key(said)
            connection.kept = server.opened(connection.address)
            connection.counted = connection.kept != CUT
            connection.full = connection.kept == FULL
            if not connection.counted:
                return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many connections\n")
        return full_answer(connection, request)

    return process_request


def _quiet_loop(loop: asyncio.AbstractEventLoop) -> None:
    """asyncio's own complaints (an accept that failed, say) go to the log, quietened."""
    def handle(_loop, context) -> None:
        log.error("%s", context.get("message", "asyncio"), exc_info=context.get("exception"))
    loop.set_exception_handler(handle)


def quiet_logs() -> None:
    """The server's log on standard error, each line (by its key) at most a few times in 10 s."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(Quieter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)


async def run_server(host: str, port: int, *, ready=None, stop: asyncio.Future | None = None,
                     tls: ssl.SSLContext | None = None, stats: Path | None = None,
                     restarting: bool = False, **options) -> None:
    """Serve until `stop` is done (or forever). `ready(server, port)` is called once listening.
    `restarting`: the clients are told, as it stops, that the server restarts."""
    server = Server(**options)
    if stop is None:
        stop = asyncio.get_running_loop().create_future()
    server.stop = stop
    server.connections = min(server.connections, open_files(server.connections + FILES_KEPT)
                             - FILES_KEPT)
    _quiet_loop(asyncio.get_running_loop())
    if server.store is not None:
        tables, problems = server.store.tables(server.clock())
        for line in problems:
            log.error("%s", line)
        for table in tables:
            server.adopt(table)
    try:
        async with serve(server.handler, host, port, max_size=MAX_CLIENT_MESSAGE, compression=None,
                         ping_interval=20, ping_timeout=20, close_timeout=CLOSE_TIMEOUT,
                         ssl=tls, create_connection=_gate(server),
                         process_request=_http(server)) as ws_server:
            bound = next(iter(ws_server.sockets)).getsockname()[1]
            if ready is not None:
                ready(server, bound)
            keeping = server.own(server.housekeeping(stats), "housekeeping")
            young = server.own(server.collecting(), "collector") if server.full else None
            if stats is not None or restarting:  # `serve`: its pauses, for --stats and /metrics
                server.gc.install()
            try:
                await stop
                if restarting:
                    await server.say_restarting()
            finally:
                keeping.cancel()
                if young is not None:
                    young.cancel()
                server.gc.remove()
    finally:
        server.close()


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

    def call(self, work) -> concurrent.futures.Future:
        """`work(server)` run on the server's loop, whose objects are the loop's alone: the
        future holds its answer (or its error, raised where the answer is read) for the asking
        thread; None once the server has stopped."""
        async def run():
            return work(self.server)

        coroutine = run()
        try:
            if self._loop is None:  # not started: nothing to ask
                raise RuntimeError("not started")
            return asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        except RuntimeError:  # not started, or its loop closed: the server has stopped
            coroutine.close()
            stopped: concurrent.futures.Future = concurrent.futures.Future()
            stopped.set_result(None)
            return stopped

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(lambda: self._stop.done() or self._stop.set_result(None))
        self._thread.join(5)


def serve_forever(host: str, port: int, *, db: Path | str | None = None,
                  tls: ssl.SSLContext | None = None, stats: Path | None = None, **options) -> int:
    """The `serve` command: print where it listens, serve until SIGINT or SIGTERM, exit 0
    (LOST when its shared database's connection is lost).
    With `db` (an SQLite file, or a postgresql:// URL shared by several servers) every table
    is kept there and opened again at the next start."""
    quiet_logs()
    store, finished = _stores(db)
    collector.tune()

    async def main() -> int:
        loop = asyncio.get_running_loop()
        stop = loop.create_future()
        started: list[Server] = []
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))

        def ready(server, bound):
            started.append(server)  # its exit status read at the end
            server.full = FullCollection(server.clock())
            loop.add_signal_handler(signal.SIGUSR1, server.drain, stop)
            shown = host if host not in ("", "0.0.0.0") else "0.0.0.0"
            scheme = "wss" if tls is not None else "ws"
            where = shown_url(db) if isinstance(db, str) else db
            kept = f" (tables opened again from {where}: {len(server.tables)})" if server.tables else ""
            print(f"listening on {scheme}://{shown}:{bound}{kept}", flush=True)

        await run_server(host, port, ready=ready, stop=stop, tls=tls, store=store, stats=stats,
                         thinker=Thinker(nicer=SERVER_NICER, idle=True), restarting=True,
                         finished=finished, **options)
        return started[0].exit_status if started else 0

    return asyncio.run(main())


def _stores(db: Path | str | None) -> tuple[TableStore | None, FinishedTables | None]:
    """The table database `serve --db` names (an SQLite file or a PostgreSQL URL), which
    keeps the finished tables too."""
    if db is None:
        return None, None
    store = PgStore(db) if isinstance(db, str) else Store(db)
    return store, FinishedTables(store)
