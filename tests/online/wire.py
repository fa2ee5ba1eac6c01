"""The client's connection in process, on a virtual clock: the test (or the real Table, which
has no I/O) is the server at the other end, and a wait for a message that does not come moves
the clock on at once instead of taking real time (no test sleeps to prove a silence)."""

from __future__ import annotations

import json
import threading
import types
from collections import deque

from websockets.exceptions import ConnectionClosed

import game.online.client as client_module
from game.engine.modes import Mode
from game.online.client import OnlineClient
from game.online.protocol import encode
from game.online.table import Table
from tests.online.fake_server import WELCOME


class VirtualClock:
    """A clock that stands still until the test lets a silence pass (`silence`): then the
    wires' waits move it on at once, up to the end of that silence."""

    def __init__(self) -> None:
        self.now = 0.0
        self.until = 0.0  # waits may move the clock up to here
        self.wires: list[Wire] = []
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float) -> bool:
        """Move on by a wait of `seconds`, if the silence lasts that long."""
        with self._lock:
            if self.now + seconds > self.until:
                return False
            self.now += seconds
            return True

    def sleep(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds

    def silence(self, seconds: float) -> None:
        """Nothing comes for `seconds`: every wire's waiting reader may time out meanwhile."""
        with self._lock:
            self.until = self.now + seconds
        for wire in self.wires:
            wire.wake()


class Wire:
    """What websockets.sync's ClientConnection is to the client: recv, send, close. A recv
    with a timeout that finds nothing moves the clock on by the timeout, within a silence the
    test let pass; otherwise (no timeout, or the clock stands still) it waits for the test."""

    def __init__(self, clock: VirtualClock) -> None:
        self.clock = clock
        clock.wires.append(self)
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

    def recv(self, timeout: float | None = None, decode: bool | None = None) -> str:
        with self._cond:
            while not self._inbox:
                if self._closed:
                    raise ConnectionClosed(None, None)
                if timeout is not None and self.clock.advance(timeout):
                    raise TimeoutError
                self._waiting = True
                self._cond.notify_all()
                self._cond.wait()
            return self._inbox.popleft()

    def send(self, text: str) -> None:
        with self._cond:
            self.sent.append(json.loads(text))

    def wake(self) -> None:
        with self._cond:
            self._waiting = False
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
    """A client connected over `wire` (its welcome fed first), reading the wire's clock."""
    monkeypatch.setattr(client_module, "connect", lambda *args, **kwargs: wire)
    monkeypatch.setattr(client_module, "time",
                        types.SimpleNamespace(monotonic=wire.clock, sleep=wire.clock.sleep))
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

