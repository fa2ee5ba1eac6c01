"""Real processes on loopback for the online tests: a server, the commands, a byte recorder."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from websockets.sync.client import connect

from game.online.shared.protocol import VERSION
from tests.drain import drain

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"
TIMEOUT = 120


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "game", *args]


def spawn(*args: str, stdin=subprocess.DEVNULL) -> subprocess.Popen:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(command(*args), stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)


class ServerProcess:
    """`scare-it serve` on 127.0.0.1 and a free port (or `port`), stopped at the end. Its
    tables are kept in a database of its own (`db`, a fresh one by default), never the
    per-user one."""

    def __init__(self, *extra: str, db: Path | None = None, port: int = 0) -> None:
        self.db = db or Path(tempfile.mkdtemp(prefix="scare-it-db-")) / "tables.sqlite3"
        self.process = spawn("serve", "--host", LOOPBACK, "--port", str(port), "--db",
                             str(self.db), *extra)
        self.line = line = self.process.stdout.readline()
        if "listening on" not in line:
            self.process.kill()
            raise AssertionError(f"the server did not start: {line!r} {self.process.stderr.read()}")
        self.url = line.split()[2]
        self.port = int(self.url.rsplit(":", 1)[1])

    def stop(self) -> str:
        self.process.terminate()
        _, err = self.process.communicate(timeout=20)
        return err


@contextlib.contextmanager
def server(*extra: str):
    s = ServerProcess(*extra)
    try:
        yield s
    finally:
        s.stop()


def host(url: str, *args: str) -> tuple[subprocess.Popen, str]:
    """Start `scare-it host`; returns the process and the table code from its first line."""
    process = spawn("host", url, *args)
    code = process.stdout.readline().strip()
    if not code:
        process.kill()
        raise AssertionError(f"host printed no code: {process.stderr.read()}")
    return process, code


def finish(process: subprocess.Popen) -> tuple[int, list[str], str]:
    out, err = drain(process, TIMEOUT)  # with what host()'s readline() took in already
    return process.returncode, out.splitlines(), err


class RawPeer:
    """A hand-driven connection for the bad-peer tests: it sends exactly what it is told."""

    def __init__(self, url: str, hello: bool = True, source: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        # `source`: another loopback address (127.0.0.2...), where the server's per-address
        # limits matter; `headers`: more HTTP headers (a forged X-Forwarded-For, say).
        extra = {} if source is None else {"source_address": (source, 0)}
        if headers:
            extra["additional_headers"] = headers
        self.ws = connect(url, compression=None, max_size=2 ** 20, proxy=None,
                          open_timeout=10, **extra).__enter__()
        if hello:
            self.send({"type": "hello", "version": VERSION})
            assert self.recv()["type"] == "welcome"

    def send(self, message) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 10) -> dict:
        return json.loads(self.ws.recv(timeout=timeout))

    def until(self, kind: str, timeout: float = 30) -> dict:
        """Messages are read until one of `kind` comes; returns it."""
        while True:
            message = self.recv(timeout)
            if message["type"] == kind:
                return message

    def quiet(self, seconds: float) -> bool:
        """Nothing comes in `seconds` (an answer that is held, not yet sent)."""
        try:
            self.ws.recv(timeout=seconds)
        except TimeoutError:
            return True
        return False

    def close(self) -> None:
        self.ws.close()


class Recorder:
    """A TCP proxy on loopback that keeps every byte the server sends through it, and cuts its
    connections when told (the network failing under a client)."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server((LOOPBACK, 0))
        self.port = self.listener.getsockname()[1]
        self.received = bytearray()
        self.open: list[socket.socket] = []  # both ends of every connection through it
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"ws://{LOOPBACK}:{self.port}"

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection((LOOPBACK, self.target))
            with self._lock:
                self.open += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, True), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, keep: bool) -> None:
        try:
            while data := source.recv(65536):
                if keep:
                    with self._lock:
                        self.received += data
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def bytes(self) -> bytes:
        with self._lock:
            return bytes(self.received)

    def cut(self) -> None:
        """Every connection through the proxy drops at once, with no goodbye to either side;
        new ones go through again."""
        with self._lock:
            cut, self.open = self.open, []
        for s in cut:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()
