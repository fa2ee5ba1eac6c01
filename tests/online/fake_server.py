"""A scripted table server for the client's tests: each test says what the server answers."""

from __future__ import annotations

import asyncio
import json
import ssl
import subprocess
import threading

import pytest
from websockets.asyncio.server import serve

from game.online.shared.protocol import VERSION
from tests.online.helpers import LOOPBACK


class FakeServer:
    """Serves `script(ws, received)` per connection on loopback, in a thread of its own;
    `received` is every message the clients sent, decoded, in order. `ssl` serves wss://."""

    def __init__(self, script, ssl=None) -> None:
        self.script, self.ssl = script, ssl
        self.received: list[dict] = []
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future | None = None
        self.port = 0
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    @property
    def url(self) -> str:
        return f"{'wss' if self.ssl else 'ws'}://{LOOPBACK}:{self.port}"

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()

        async def handler(ws):
            await self.script(ws, self.received)

        async with serve(handler, LOOPBACK, 0, ssl=self.ssl, compression=None) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop

    def __enter__(self) -> FakeServer:
        self._thread.start()
        assert self._ready.wait(10), "the fake server did not start"
        return self

    def __exit__(self, *exc) -> None:
        self._loop.call_soon_threadsafe(lambda: self._stop.done() or self._stop.set_result(None))
        self._thread.join(10)


async def recv(ws, received: list[dict]) -> dict:
    """The next message a client sent, kept in `received`."""
    message = json.loads(await ws.recv())
    received.append(message)
    return message


async def send(ws, message: dict) -> None:
    await ws.send(json.dumps(message))


WELCOME = {"type": "welcome", "version": VERSION, "max_message": 4096, "rate": 20, "burst": 40}


def joined(code: str = "KTR4WM", seats=((1, "tok-1"),)) -> dict:
    return {"type": "joined", "code": code, "mode": "standard",
            "seats": [{"seat": s, "token": t} for s, t in seats]}


async def greet(ws, received: list[dict]) -> None:
    """The hello and its welcome."""
    assert (await recv(ws, received))["type"] == "hello"
    await send(ws, WELCOME)


async def until(event: threading.Event, limit: float = 10.0) -> None:
    """Hold the script until the test sets `event` (what it waits to see has happened): a
    race staged by an event, not by a pause."""
    assert await asyncio.to_thread(event.wait, limit), "the test never let the script go on"


async def drain(ws, received: list[dict]) -> None:
    """Keep every message the client sends until it closes."""
    async for raw in ws:
        received.append(json.loads(raw))


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    """A self-signed certificate for loopback made by the `openssl` command: (cert, key)."""
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-keyout", str(key), "-out", str(cert), "-subj", "/CN=scare-it test",
                    "-addext", f"subjectAltName=IP:{LOOPBACK}"],
                   check=True, capture_output=True, timeout=120)
    return cert, key


def server_tls(certificate) -> ssl.SSLContext:
    """A server's TLS context serving `certificate` (wss://)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*certificate)
    return context


async def no_table(ws, received):
    """A server that welcomes the client and has no table by the code it asks for."""
    await greet(ws, received)
    message = await recv(ws, received)
    await send(ws, {"type": "error", "code": "no-table", "message": "there is no table with "
                    "that code", "ref": message["type"]})
    await drain(ws, received)
