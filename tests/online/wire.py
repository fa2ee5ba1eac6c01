"""The client's connection in process, on a virtual clock: the test (or the real Table, which
has no I/O) is the server at the other end, and time passes when the test says so, at once
(no test sleeps to prove a silence or to stage a late answer)."""

from __future__ import annotations

import json
import queue
import threading
import time
import types
from collections import deque

from websockets.exceptions import ConnectionClosed

import game.online.client.client as client_module
from game.engine.modes import Mode
from game.online.client.client import OnlineClient
from game.online.server.table import Table
from game.online.shared.protocol import encode
from tests.online.fake_server import WELCOME

REAL_LIMIT = 30.0  # real seconds a timed wait may stand still before it counts as timed out


class VirtualClock:
    """A clock that stands still until the test moves it (`advance`: time passes with nothing
    sent); then every timed wait of the wires and the client's queues that is due ends."""

    def __init__(self) -> None:
        self.now = 0.0
        self.waiters: list = []  # each has wake(): the clock moved
        self.timed = 0  # timed waits begun so far
        self._lock = threading.Lock()
        self._begun = threading.Condition(self._lock)
        self._due: dict[object, float] = {}  # the timed waits running, by their deadline

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float) -> None:
        """Time passes with nothing sent: returns once every wait it ended has ended (what
        the test does next comes after those timeouts, as it would in real time)."""
        with self._lock:
            self.now += seconds
        for waiter in list(self.waiters):
            waiter.wake()
        with self._begun:
            assert self._begun.wait_for(
                lambda: all(deadline > self.now for deadline in self._due.values()), REAL_LIMIT)

    def sleep(self, seconds: float) -> None:
        self.advance(seconds)

    def begun(self, count: int, limit: float = 10.0) -> bool:
        """`count` timed waits have begun (waited for in real time: a thread's turn), so the
        clock moved now is moved past their start."""
        with self._begun:
            return self._begun.wait_for(lambda: self.timed >= count, limit)

    def wait_for(self, cond: threading.Condition, ready, timeout: float | None,
                 waiting=lambda: None) -> bool:
        """Holding `cond`: wait until ready() or `timeout` seconds of this clock passed (or,
        that a stuck test fails instead of hanging, REAL_LIMIT real ones); True if ready.
        `waiting()` is called each time the wait begins again."""
        if timeout is None:
            while not ready():
                waiting()
                cond.wait()
            return True
        wait = object()
        with self._begun:
            self.timed += 1
            self._due[wait] = self.now + timeout
            self._begun.notify_all()
        real_end = time.monotonic() + REAL_LIMIT
        try:
            while not ready():
                if self() >= self._due[wait] or time.monotonic() >= real_end:
                    return False
                waiting()
                cond.wait(max(0.0, real_end - time.monotonic()))
            return True
        finally:
            with self._begun:
                del self._due[wait]
                self._begun.notify_all()


class VirtualQueue:
    """queue.Queue's calls the client makes, its timed gets on the virtual clock."""

    def __init__(self, clock: VirtualClock) -> None:
        self.clock = clock
        clock.waiters.append(self)
        self._items: deque = deque()
        self._cond = threading.Condition()

    def wake(self) -> None:
        with self._cond:
            self._cond.notify_all()

    def put(self, item) -> None:
        with self._cond:
            self._items.append(item)
            self._cond.notify_all()

    def get(self, block: bool = True, timeout: float | None = None):
        with self._cond:
            if not self.clock.wait_for(self._cond, lambda: self._items,
                                       timeout if block else 0.0):
                raise queue.Empty
            return self._items.popleft()

    def get_nowait(self):
        return self.get(block=False)

    def empty(self) -> bool:
        with self._cond:
            return not self._items


class Wire:
    """What websockets.sync's ClientConnection is to the client: recv, send, close; a recv
    with a timeout times out when the test moves the clock past it."""

    def __init__(self, clock: VirtualClock) -> None:
        self.clock = clock
        clock.waiters.append(self)
        self.sent: list[dict] = []
        self._inbox: deque[str] = deque()
        self._closed = False
        self._waiting = False  # the reader waits and nothing is left to read
        self._cond = threading.Condition()

    def __enter__(self) -> Wire:
        return self

    def feed(self, message: dict) -> None:
        with self._cond:
            self._inbox.append(encode(message))
            self._waiting = False
            self._cond.notify_all()

    def wake(self) -> None:
        with self._cond:
            self._waiting = False
            self._cond.notify_all()

    def _wait_begins(self) -> None:
        self._waiting = True
        self._cond.notify_all()

    def recv(self, timeout: float | None = None, decode: bool | None = None) -> str:
        with self._cond:
            if not self.clock.wait_for(self._cond, lambda: self._inbox or self._closed,
                                       timeout, self._wait_begins):
                raise TimeoutError
            if not self._inbox:
                raise ConnectionClosed(None, None)
            return self._inbox.popleft()

    def send(self, text: str) -> None:
        with self._cond:
            self.sent.append(json.loads(text))
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def quiet(self, limit: float = 10.0) -> bool:
        """Everything fed was read and the reader waits again (for real: its thread's turn)."""
        with self._cond:
            return self._cond.wait_for(lambda: self._waiting and not self._inbox, limit)

    def types(self) -> list[str]:
        with self._cond:
            return [m["type"] for m in self.sent]


def connected(monkeypatch, wire: Wire, **options) -> OnlineClient:
    """A client connected over `wire` (its welcome fed first), its clock and its timed waits
    on the wire's virtual clock."""
    clock = wire.clock
    monkeypatch.setattr(client_module, "connect", lambda *args, **kwargs: wire)
    monkeypatch.setattr(client_module, "time",
                        types.SimpleNamespace(monotonic=clock, sleep=clock.sleep))
    monkeypatch.setattr(client_module, "queue", types.SimpleNamespace(
        Queue=lambda: VirtualQueue(clock), Empty=queue.Empty))
    wire.feed(WELCOME)
    return OnlineClient("ws://in-process", **options).connect()


def deliver(wires: dict[int, Wire], out: list[tuple[int, dict]]) -> None:
    """The table's messages, each to its connection's wire."""
    for conn, message in out:
        wires[conn].feed(message)


def started_table(mode: Mode, plans: list[dict], wires: dict[int, Wire],
                  names: dict[int, str]) -> Table:
    """The real table, hosted by connection 1 and joined by the others by `names`: started."""
    table = Table("KTR4WM", mode, plans, 1, seed=7)
    deliver(wires, table.host_holds(1))
    for conn, name in names.items():
        deliver(wires, table.join(conn, name))
    assert table.started
    return table

