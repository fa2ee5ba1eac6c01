"""A crowd against `scare-it serve` (issue 45 #6): idle connections and tables from many
loopback addresses, and whether a player with a token and a new family still get in.

    python tools/bench_crowd.py [--quick] [--shape few|many|both] [--serve-option ...]

The crowd is asyncio clients in a thread of their own, each saying hello (and answering the
server's pings, as websockets does by itself) and holding on until close();
tests/online/test_crowds.py uses the same crowd at a smaller scale. Linux only (the whole
127.0.0.0/8 answers on loopback there).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect as sync_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the game, from a checkout

from game.engine.modes import Mode  # noqa: E402
from game.online.client.client import OnlineClient, OnlineError  # noqa: E402
from game.online.server.crowds import FULL  # noqa: E402
from game.online.server.limits import open_files  # noqa: E402
from game.online.shared.protocol import VERSION  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
AT_ONCE = 200  # handshakes in flight at once


def addresses(networks: range, each: int) -> list[str]:
    """`each` loopback addresses in every 127.N.0/24 of `networks` (N up to 65,535)."""
    return [f"127.{n // 256}.{n % 256}.{m}" for n in networks for m in range(1, each + 1)]


class Crowd:
    """The crowd's connections, held in an event loop in a daemon thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.held: list = []
        self.answers: list[str] = []  # what each connection was told to its request
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

    def idle(self, where: list[str], each: int) -> int:
        """`each` connections from every address that say hello and then nothing; how many
        the server welcomed."""
        return self._run([(a, None) for a in where for _ in range(each)])

    def tables(self, where: list[str], each: int, seats: list[dict]) -> int:
        """`each` connections from every address, each opening a table; how many were opened."""
        create = {"type": "create", "mode": "standard", "seats": seats}
        self._run([(a, create) for a in where for _ in range(each)])
        return self.answers.count("joined")

    def _run(self, plan: list[tuple[str, dict | None]]) -> int:
        open_files(len(plan) + 256)
        return asyncio.run_coroutine_threadsafe(self._all(plan), self.loop).result(60)

    async def _all(self, plan) -> int:
        gate = asyncio.Semaphore(AT_ONCE)
        done = await asyncio.gather(*(self._one(gate, a, m) for a, m in plan))
        return sum(done)

    async def _one(self, gate: asyncio.Semaphore, address: str, message: dict | None) -> bool:
        async with gate:
            try:
                ws = await connect(self.url, local_addr=(address, 0), compression=None,
                                   proxy=None, open_timeout=10)
            except (OSError, TimeoutError, InvalidHandshake) as err:  # cut, or told "full"
                self.answers.append(type(err).__name__)
                return False
            try:
                await ws.send(json.dumps({"type": "hello", "version": VERSION}))
                if json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "welcome":
                    await ws.close()
                    return False
                if message is not None:
                    await ws.send(json.dumps(message))
                    while (said := json.loads(await asyncio.wait_for(ws.recv(), 10)))[
                            "type"] not in ("joined", "error"):
                        pass
                    self.answers.append(said["type"] if said["type"] == "joined" else said["code"])
            except (ConnectionClosed, TimeoutError):  # let go: not held
                return False
            self.held.append(ws)
            return True

    def close(self) -> None:
        async def shut():
            for ws in self.held:
                ws.transport.abort()
        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)


# --- the measurement -------------------------------------------------------------------------

TWO = [{"place": "host", "name": "Anna"}, {"place": "remote"}]


def _rss(pid: int) -> float:
    """The process's resident memory in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _family(url: str, code: str, token: str) -> tuple[str, str]:
    """Dora (127.0.0.2) back by her token, and a new family (127.0.0.1) opening a table."""
    try:
        with sync_connect(url, source_address=("127.0.0.2", 0), proxy=None, open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "version": VERSION}))
            ws.recv(10)
            ws.send(json.dumps({"type": "rejoin", "code": code, "token": token}))
            while (said := json.loads(ws.recv(10)))["type"] not in ("joined", "error"):
                pass
            dora = said["type"] if said["type"] == "joined" else said["code"]
    except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed) as err:
        dora = f"{type(err).__name__}: {err}"
    client = OnlineClient(url)
    try:
        client.connect()
        client.create(Mode.STANDARD, TWO)
        family = "a table"
    except OnlineError as err:
        family = f"{err.code}: {err}"
    finally:
        client.close()
    return dora, family


def _seat(url: str) -> tuple[object, str, str]:
    """Anna hosts at 127.0.0.3; Dora joins from 127.0.0.2 and drops: the code and her token."""
    anna = sync_connect(url, source_address=("127.0.0.3", 0), proxy=None).__enter__()
    anna.send(json.dumps({"type": "hello", "version": VERSION}))
    anna.recv(10)
    anna.send(json.dumps({"type": "create", "mode": "standard", "seats": TWO}))
    while (said := json.loads(anna.recv(10)))["type"] != "joined":
        pass
    code = said["code"]
    with sync_connect(url, source_address=("127.0.0.2", 0), proxy=None) as dora:
        dora.send(json.dumps({"type": "hello", "version": VERSION}))
        dora.recv(10)
        dora.send(json.dumps({"type": "join", "code": code, "name": "Dora"}))
        while (said := json.loads(dora.recv(10)))["type"] != "joined":
            pass
        token = said["seats"][0]["token"]
        while json.loads(dora.recv(10))["type"] != "state":
            pass
    return anna, code, token


def _serve(options: list[str]) -> tuple[subprocess.Popen, str, Path]:
    keep = Path(tempfile.mkdtemp(prefix="bench-crowd-"))
    stats = keep / "stats.json"
    server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1",
                               "--port", "0", "--db", str(keep / "tables.sqlite3"), "--stats",
                               str(stats), *options], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    line = server.stdout.readline()
    if "listening on" not in line:
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return server, line.split()[2], stats


def run(flood: str, where: list[str], each: int, options: list[str]) -> bool:
    """One flood against a fresh server, and what it left a family, printed; False when the
    family was locked out (Dora not back, or the new family told anything but a table or
    that the server is full)."""
    server, url, stats = _serve(options)
    try:
        anna, code, token = _seat(url)
        crowd = Crowd(url)
        start = time.monotonic()
        if flood == "idle":
            got = crowd.idle(where, each)
        else:
            got = crowd.tables(where, each, TWO)
        took = time.monotonic() - start
        time.sleep(1.5)  # the server's --stats file is written every second
        figures = json.loads(stats.read_text())
        dora, family = _family(url, code, token)
        networks = len({a.rsplit(".", 1)[0] for a in where})
        print(f"{flood} flood: {len(where)} addresses in {networks} /24s x {each}: "
              f"{'welcomed' if flood == 'idle' else 'tables opened'} {got} in {took:.1f} s; "
              f"server: {figures['connections']} connections, {figures['tables']} tables, "
              f"RSS {_rss(server.pid):.0f} MiB; Dora by token: {dora}; a new family: {family}",
              flush=True)
        crowd.close()
        anna.close()
        return dora == "joined" and (family == "a table" or family.startswith(f"{FULL}:"))
    finally:
        server.terminate()
        server.wait(20)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", choices=("few", "many", "both"), default="both",
                        help="the crowd's addresses in a few /24s, or each in its own")
    parser.add_argument("--quick", action="store_true",
                        help="the same shapes, a tenth of the size, against scaled-down limits")
    parser.add_argument("--serve-option", action="append", default=[],
                        help="one more option for `serve` (repeatable), e.g. --serve-option=--connections=2000")
    args = parser.parse_args(argv)
    open_files(12_000)
    shapes = ("few", "many") if args.shape == "both" else (args.shape,)
    # The attack of issue 45: 640 addresses x 16 idle connections, 130 x 9 tables; --quick
    # 64 x 4 against 200 connections and 13 x 9 against 100 tables.
    size, each = (64, 4) if args.quick else (640, 16)
    tables = 13 if args.quick else 130
    options = (["--connections", "200", "--idle-per-address", "4", "--idle-per-network", "16",
                "--max-tables", "100", "--tables-per-network", "8"] if args.quick else [])
    good = True
    for shape in shapes:
        few = shape == "few"
        idle = addresses(range(1, 4), size // 3 + 1)[:size] if few else addresses(range(1, size + 1), 1)
        opened = addresses(range(1, 3), tables // 2 + 1)[:tables] if few else addresses(
            range(1, tables + 1), 1)
        good &= run("idle", idle, each, options + args.serve_option)
        good &= run("table", opened, 9, options + args.serve_option)
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
