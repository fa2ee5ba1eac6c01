"""Load on one `scare-it serve` process: many tables of bot clients playing at once on loopback.

    nice -n 10 .venv/bin/python tools/bench_server.py [--tables 200] [--seats 4] [--timeout 300]

Starts the server on 127.0.0.1 and a free port, connects TABLES x SEATS bot clients (one
asyncio process; the game's own Mirror and the easy bot), plays one game per table, and
prints the move round-trip (a seat's play to its confirmed echo) p50/p99, the server's memory
per table and CPU per move. Then the same through the tool's own proxy, which drops or delays
2 % of the play and moved messages (1 % each); the clients make good what is lost with a sync
after a second of silence. Everything stops by itself after --timeout seconds per run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.ai import make_bot  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.online.mirror import GameEnded, Joined, Mirror, Moved  # noqa: E402
from game.online.protocol import HOST, MAX_SERVER_MESSAGE, REMOTE, decode, encode  # noqa: E402

LOOPBACK = "127.0.0.1"
SILENCE = 1.0  # seconds without a message in a running game before a client asks for a sync
TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Stats:
    rtt: list[float] = field(default_factory=list)
    games: int = 0
    moves: int = 0
    syncs: int = 0
    failures: list[str] = field(default_factory=list)


def proc_rss(pid: int) -> int:
    """Resident memory in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of the process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


async def seat(url: str, stats: Stats, *, code: asyncio.Future, name: str, seats: int,
               level: str, host: bool, think: float) -> None:
    mirror = Mirror()
    rnd = random.Random(name)
    bot, rng = make_bot(level), Rng(secrets.randbits(63))
    sent: dict[int, float] = {}
    waiting_for: int | None = None
    async with connect(url, max_size=MAX_SERVER_MESSAGE, compression=None, proxy=None,
                       open_timeout=120, ping_interval=None) as ws:
        await ws.send(encode(Mirror.hello()))
        if host:
            plans = [{"kind": HOST, "name": name}] + [{"kind": REMOTE}] * (seats - 1)
            await ws.send(encode(Mirror.create(Mode.STANDARD, plans)))
        else:
            await ws.send(encode(Mirror.join(await code, name)))
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=SILENCE)
            except TimeoutError:
                if mirror.game is not None and not mirror.game.over:
                    stats.syncs += 1
                    await ws.send(encode(Mirror.sync()))
                continue
            message = decode(raw)
            if message["type"] == "state":
                waiting_for = None  # after a resync our move may have been lost: send again
            for notice in mirror.receive(message):
                if isinstance(notice, Joined) and host:
                    code.set_result(notice.code)
                elif isinstance(notice, Moved) and notice.mine and notice.number in sent:
                    stats.rtt.append(time.perf_counter() - sent.pop(notice.number))
                elif isinstance(notice, GameEnded):
                    if host:
                        stats.games += 1
                        stats.moves += len(mirror.game.moves)
                    return
            if mirror.wants_sync:
                mirror.wants_sync = False
                stats.syncs += 1
                await ws.send(encode(Mirror.sync()))
            game = mirror.game
            if game is None or game.over or game.turn not in mirror.mine:
                continue
            number = len(game.moves)
            if waiting_for == number:
                continue
            if think:
                await asyncio.sleep(think * (0.5 + rnd.random()))  # a person's pause, roughly
                if mirror.game is not game:
                    continue  # something came meanwhile (a resync): look again
            move = bot.choose(mirror.view(game.turn), rng, 0.0)
            sent.setdefault(number, time.perf_counter())  # a resent move counts from the first
            waiting_for = number
            await ws.send(encode(mirror.play(move)))


async def table(url: str, stats: Stats, index: int, args, gate) -> None:
    code = asyncio.get_running_loop().create_future()
    common = {"code": code, "seats": args.seats, "level": args.level, "think": args.think}
    async with gate:
        tasks = [asyncio.ensure_future(seat(url, stats, name=f"P{index}-1", host=True, **common))]
        await code
        for k in range(2, args.seats + 1):
            tasks.append(asyncio.ensure_future(seat(url, stats, name=f"P{index}-{k}", host=False,
                                                    **common)))
    try:
        await asyncio.gather(*tasks)
    except (ConnectionClosed, OSError) as err:
        stats.failures.append(f"table {index}: {err}")
        for t in tasks:
            t.cancel()


async def run_tables(url: str, args, server_pid: int) -> tuple[Stats, dict]:
    tables, timeout = args.tables, args.timeout
    stats = Stats()
    gate = asyncio.Semaphore(50)  # connections opened at once
    rss0, cpu0, t0 = proc_rss(server_pid), proc_cpu(server_pid), time.perf_counter()
    peak = [rss0]

    async def watch():
        while True:
            peak[0] = max(peak[0], proc_rss(server_pid))
            await asyncio.sleep(0.2)

    watcher = asyncio.ensure_future(watch())
    jobs = [asyncio.ensure_future(table(url, stats, i, args, gate)) for i in range(tables)]
    done, pending = await asyncio.wait(jobs, timeout=timeout)
    for job in pending:
        job.cancel()
    watcher.cancel()
    return stats, {"rss0": rss0, "peak": peak[0], "cpu": proc_cpu(server_pid) - cpu0,
                   "seconds": time.perf_counter() - t0, "unfinished": len(pending)}


# --- the lossy proxy ------------------------------------------------------------------------

def proxy_main(listen: int, target: int, seed: int) -> None:
    """Relay WebSocket messages both ways; 1 % of play/moved messages dropped, 1 % held
    50-500 ms (holding that direction, as a late packet does)."""
    rnd = random.Random(seed)

    async def pump(source, sink):
        async for message in source:
            if '"type":"play"' in message or '"type":"moved"' in message:
                roll = rnd.random()
                if roll < 0.01:
                    continue
                if roll < 0.02:
                    await asyncio.sleep(rnd.uniform(0.05, 0.5))
            await sink.send(message)

    async def relay(client):
        async with connect(f"ws://{LOOPBACK}:{target}", max_size=MAX_SERVER_MESSAGE,
                           compression=None, proxy=None, ping_interval=None,
                           open_timeout=120) as upstream:
            a = asyncio.ensure_future(pump(client, upstream))
            b = asyncio.ensure_future(pump(upstream, client))
            await asyncio.wait({a, b}, return_when=asyncio.FIRST_COMPLETED)
            a.cancel()
            b.cancel()

    async def main():
        async with serve(relay, LOOPBACK, listen, max_size=MAX_SERVER_MESSAGE, compression=None,
                         ping_interval=None) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            print(f"proxy on {port}", flush=True)
            await asyncio.get_running_loop().create_future()

    asyncio.run(main())


# --- one run ----------------------------------------------------------------------------------

def start(cmd: list[str], marker: str) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if marker not in line:
        process.kill()
        raise SystemExit(f"could not start {cmd}: {line!r}")
    return process, int(line.strip().rsplit(":", 1)[-1].split()[-1])


def one_run(args, lossy: bool) -> None:
    server, port = start([sys.executable, "-m", "game", "serve", "--host", LOOPBACK, "--port", "0",
                          "--max-tables", str(args.tables + 10)], "listening on")
    proxy = None
    try:
        url = f"ws://{LOOPBACK}:{port}"
        if lossy:
            proxy, pport = start([sys.executable, __file__, "--proxy", str(port)], "proxy on")
            url = f"ws://{LOOPBACK}:{pport}"
        time.sleep(0.3)
        stats, m = asyncio.run(run_tables(url, args, server.pid))
    finally:
        for p in (proxy, server):
            if p is not None:
                p.terminate()
                p.wait(10)
    label = "with 2 % of play/moved messages dropped or delayed" if lossy else "clean loopback"
    rtt = sorted(stats.rtt)
    q = statistics.quantiles(rtt, n=100) if len(rtt) >= 100 else None
    print(f"--- {label}: {args.tables} tables x {args.seats} bot clients ({args.level}, "
          f"thinking {args.think:g} s a move on average), {args.tables * args.seats} connections")
    print(f"games finished {stats.games}/{args.tables}, unfinished at the timeout "
          f"{m['unfinished']}, failures {len(stats.failures)}, moves {stats.moves}, "
          f"wall {m['seconds']:.1f} s, syncs asked {stats.syncs}")
    if q:
        print(f"move round-trip: p50 {1000 * q[49]:.1f} ms, p99 {1000 * q[98]:.1f} ms, "
              f"max {1000 * rtt[-1]:.1f} ms over {len(rtt)} moves")
    per_table = (m["peak"] - m["rss0"]) / max(1, args.tables)
    print(f"server memory: {m['rss0'] / 2 ** 20:.1f} MiB idle, {m['peak'] / 2 ** 20:.1f} MiB peak, "
          f"{per_table / 1024:.0f} KiB per table ({per_table / args.seats / 1024:.0f} KiB per "
          f"connection)")
    if stats.moves:
        print(f"server CPU: {m['cpu']:.2f} s for {stats.moves} moves = "
              f"{1e6 * m['cpu'] / stats.moves:.0f} us per move (joins and syncs included)")
    for failure in stats.failures[:5]:
        print("failure:", failure)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--level", default="easy")
    parser.add_argument("--think", type=float, default=0.5,
                        help="a bot's average pause before its move, seconds (0: flat out)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per run at most")
    parser.add_argument("--clean-only", action="store_true", help="skip the lossy run")
    parser.add_argument("--proxy", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.proxy is not None:
        proxy_main(0, args.proxy, seed=24)
        return 0
    if not 1 <= args.tables <= 1000:
        parser.error("--tables is from 1 to 1000")
    one_run(args, lossy=False)
    if not args.clean_only:
        one_run(args, lossy=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
