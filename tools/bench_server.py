"""Load on one `scare-it serve` process: many tables of bot clients playing at once on loopback.

    nice -n 10 .venv/bin/python tools/bench_server.py [--tables 200] [--seats 4] [--timeout 300]

Starts the server on 127.0.0.1 and a free port, connects TABLES x SEATS bot clients (asyncio,
in a few processes) and plays one game per table. The bots are as cheap as clients can be:
no mirror, no replaying, a random legal move read off the field each message carries, so the
figures are the server's, not the clients'. Every table is seated before any plays (the
handshakes do not queue in front of the moves). It prints the move round trip (a seat's
`play` sent to the table's `moved` for it, or to the state showing it) p50/p99, the server's
memory per table and CPU per move. Then the same through the tool's own proxy, which drops or
delays 2 % of the play and moved messages (1 % each); a bot whose move is not confirmed in
0.5 s asks for the game, and any client asks after 3 s of silence. Everything stops by itself
after --timeout seconds per run.

`--shards N` runs N `serve --shard I/N` processes behind the real HAProxy (as
packaging/haproxy.cfg routes: /new to any, /t/CODE to the code's process); each process
is pinned to a core of its own (the clients and HAProxy share them all), and the lossy
run is skipped.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.modes import Mode  # noqa: E402
from game.engine.moves import legal_moves  # noqa: E402
from game.engine.position import parse_position  # noqa: E402
from game.online.client.client import routed  # noqa: E402
from game.online.client.mirror import Mirror  # noqa: E402
from game.online.shared.protocol import (  # noqa: E402
    COMPUTER,
    HOST,
    MAX_SERVER_MESSAGE,
    REMOTE,
    SHARD_ORDER,
    decode,
    encode,
    shard_of,
)

LOOPBACK = "127.0.0.1"
SILENCE = 3.0  # seconds without a message in a running game before a client asks (as client.py)
# A bot whose own move is not confirmed this soon asks for the game (and sends it again if the
# table never had it): only the lossy proxy loses a message inside one connection.
CONFIRM = 0.5
TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Stats:
    rtt: list[float] = field(default_factory=list)
    games: int = 0
    moves: int = 0
    syncs: int = 0
    seated: int = 0  # clients whose game has started
    failures: list[str] = field(default_factory=list)
    go: asyncio.Event = field(default_factory=asyncio.Event)  # every table is seated: play


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
               host: bool, think: float, computers: str | None = None) -> None:
    """One bot client, as cheap as a client can be: it keeps no mirror and replays nothing.
    Every message carries the field and whose turn is next; when the turn is this seat's it
    reads the field and plays a random legal move at once (after `think`, if asked). The
    round trip is its `play` sent to the table's `moved` for that number."""
    rnd = random.Random(name)
    mine: set[int] = set()
    sent: dict[int, float] = {}
    seen = -1  # the number of the last move this client knows of (-1: none)
    waiting_for: int | None = None
    started = False
    target = routed(url, None if host else await code)  # a front door routes by the path
    async with connect(target, max_size=MAX_SERVER_MESSAGE, compression=None, proxy=None,
                       open_timeout=120, ping_interval=None) as ws:
        await ws.send(encode(Mirror.hello()))
        if host:
            others = ([{"place": COMPUTER, "level": computers}] if computers else [{"place": REMOTE}])
            plans = [{"place": HOST, "name": name}] + others * (seats - 1)
            await ws.send(encode(Mirror.create(Mode.STANDARD, plans)))
        else:
            await ws.send(encode(Mirror.join(await code, name)))
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=SILENCE if waiting_for is None
                                             else CONFIRM)
            except TimeoutError:
                if started:  # a lost message: ask for the whole game
                    stats.syncs += 1
                    await ws.send(encode(Mirror.sync()))
                continue
            m = decode(raw)
            msg_type = m["type"]
            if msg_type == "joined":
                mine = {s["seat"] for s in m["seats"]}
                if host:
                    code.set_result(m["code"])
                continue
            if msg_type == "over":
                if host:
                    stats.games += 1
                    stats.moves += seen + 1
                return
            if msg_type == "state":
                if not started:  # every table in every process starts playing together
                    started = True
                    stats.seated += 1
                    await stats.go.wait()
                seen, waiting_for = len(m["moves"]) - 1, None
                for number in [n for n in sent if n <= seen]:  # confirmed, its echo lost
                    stats.rtt.append(time.perf_counter() - sent.pop(number))
            elif msg_type == "moved":
                number = m["number"]
                if number <= seen:
                    continue  # told again after a sync
                if number > seen + 1:  # a move was lost on the way: ask for the game
                    seen = number  # not believed yet: the state puts it right
                    stats.syncs += 1
                    await ws.send(encode(Mirror.sync()))
                    continue
                seen = number
                if waiting_for is not None and seen >= waiting_for:
                    waiting_for = None  # this seat's move is in: nothing more to wait for
                if number in sent and m["seat"] in mine:
                    stats.rtt.append(time.perf_counter() - sent.pop(number))
            else:
                continue
            if m["over"] is not None or m["turn"] not in mine or waiting_for == seen + 1:
                continue
            if think:
                await asyncio.sleep(think * (0.5 + rnd.random()))  # a person's pause, roughly
            number = seen + 1
            move = rnd.choice(legal_moves(parse_position(m["position"])))
            sent.setdefault(number, time.perf_counter())  # a resent move counts from the first
            waiting_for = number
            await ws.send(encode({"type": "play", "seat": m["turn"], "move": move.text,
                                  "number": number}))


async def table(url: str, stats: Stats, index: int, args, gate) -> None:
    code = asyncio.get_running_loop().create_future()
    common = {"code": code, "seats": args.seats, "think": args.think}
    async with gate:
        tasks = [asyncio.ensure_future(seat(url, stats, name=f"P{index}-1", host=True,
                                            computers=args.computers, **common))]
        await code
        for k in range(2, 1 if args.computers else args.seats + 1):
            tasks.append(asyncio.ensure_future(seat(url, stats, name=f"P{index}-{k}", host=False,
                                                    **common)))
    try:
        await asyncio.gather(*tasks)
    except (ConnectionClosed, OSError) as err:
        stats.failures.append(f"table {index}: {err}")
        for t in tasks:
            t.cancel()


async def run_tables(url: str, args) -> Stats:
    """This worker's share of the tables (--offset, --tables), all at once."""
    stats = Stats()
    gate = asyncio.Semaphore(25)  # connections opened at once
    jobs = [asyncio.ensure_future(table(url, stats, args.offset + i, args, gate))
            for i in range(args.tables)]
    loop = asyncio.get_running_loop()
    end = loop.time() + args.timeout
    clients = args.tables * (1 if args.computers else args.seats)
    while stats.seated < clients and loop.time() < end:
        await asyncio.sleep(0.05)
    # Connecting is over in this process: say so, and play once the bench says go (all the
    # processes are seated by then, so the round trips are not the handshakes' queue).
    print("seated", flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)
    stats.go.set()
    _, pending = await asyncio.wait(jobs, timeout=max(1.0, end - loop.time()))
    for job in pending:
        job.cancel()
    stats.failures += [f"{len(pending)} tables unfinished at the timeout"] if pending else []
    return stats


def worker_main(args) -> None:
    stats = asyncio.run(run_tables(args.worker, args))
    print(json.dumps({"rtt": stats.rtt, "games": stats.games, "moves": stats.moves,
                      "syncs": stats.syncs, "failures": stats.failures,
                      "cpu": time.process_time()}), flush=True)


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

def front_door(ports: list[int]) -> tuple[subprocess.Popen, int, Path]:
    """HAProxy before the shards on `ports`, routing as packaging/haproxy.cfg does."""
    shards = len(ports)
    with socket.create_server((LOOPBACK, 0)) as probe:
        door = probe.getsockname()[1]
    lines = ["global", "    maxconn 8000", "defaults", "    mode http", "    option forwardfor",
             "    timeout connect 5s", "    timeout http-request 10s", "    timeout client 60s",
             "    timeout server 60s", "    timeout tunnel 1h", "frontend scare_it",
             f"    bind {LOOPBACK}:{door}"]
    for i in range(shards):
        share = "".join(c for c in SHARD_ORDER if shard_of(c, shards) == i)
        lines += [f"    acl shard{i} path_reg -i ^/t/[{share}]", f"    use_backend shard{i} if shard{i}"]
    lines += ["    default_backend new"]
    for i, port in enumerate(ports):
        lines += [f"backend shard{i}", f"    server s{i} {LOOPBACK}:{port} check inter 1s"]
    lines += ["backend new", "    balance roundrobin", "    option httpchk GET /healthz"]
    lines += [f"    server s{i} {LOOPBACK}:{port} check inter 1s" for i, port in enumerate(ports)]
    config = Path(tempfile.mkdtemp(prefix="bench-haproxy-")) / "haproxy.cfg"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    process = subprocess.Popen(["haproxy", "-db", "-f", str(config)], stdout=subprocess.DEVNULL)
    for _ in range(100):  # until it listens
        with contextlib.suppress(OSError), socket.create_connection((LOOPBACK, door), timeout=1):
            break
        time.sleep(0.1)
    return process, door, config


def start(cmd: list[str], marker: str) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if marker not in line:
        process.kill()
        raise SystemExit(f"could not start {cmd}: {line!r}")
    return process, int(line.strip().rsplit(":", 1)[-1].split()[-1])


# The bot clients stand for players on their own computers: on this machine they yield the
# CPU to the server, so the server's figures are the server's, not a share of the clients'.
CLIENT = ["nice", "-n", "10"] if shutil.which("nice") else []


def cores(args) -> tuple[set[int], set[int]] | None:
    """The server's CPU and the clients' (--pin): on a machine of its own the server shares
    no core with its players, so it is measured on one core, beside its own computers'
    worker, with the clients on the others. None when not pinned."""
    if args.no_pin or not hasattr(os, "sched_getaffinity"):
        return None
    mine = sorted(os.sched_getaffinity(0))
    if len(mine) < 2:
        return None
    return {mine[0]}, set(mine[1:])


def pin(process: subprocess.Popen, cpus: set[int] | None) -> None:
    if cpus is not None:
        os.sched_setaffinity(process.pid, cpus)


SERVER_NICE = -10  # what an operator gives the one service of a machine (root only)


def first(process: subprocess.Popen) -> bool:
    """The server before everything else on its core (this machine's other work included),
    as on a machine of its own; False where that is not allowed."""
    try:
        os.setpriority(os.PRIO_PROCESS, process.pid, SERVER_NICE)
    except (OSError, AttributeError):
        return False
    return True


def end(process: subprocess.Popen, grace: float) -> None:
    """Stop a process of the bench: asked, then, if it is still there after `grace` seconds
    (a busy machine), killed; a slow exit never hides the run's own error or figures."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _rss(pids: list[int]) -> int:
    return sum(proc_rss(pid) for pid in pids)


def _cpu(pids: list[int]) -> float:
    return sum(proc_cpu(pid) for pid in pids)


def one_run(args, lossy: bool) -> bool:
    """One run, its figures printed; False when it could not measure them (no game played)."""
    keep = Path(tempfile.mkdtemp(prefix="bench-server-"))
    stats_file = keep / "stats.json"
    # Every client comes from 127.0.0.1 here: the per-address limits are lifted, and the
    # server keeps its tables in a database as it does by default (written at every move).
    many = str(10 ** 6)
    shards = []  # (process, port, its --stats file)
    for i in range(max(1, args.shards)):
        stats_of = stats_file if i == 0 else keep / f"stats-{i}.json"
        sharding = ["--shard", f"{i}/{args.shards}", "--trust-proxy", LOOPBACK] if args.shards else []
        shards.append((*start([sys.executable, "-m", "game", "serve", "--host", LOOPBACK,
                               "--port", "0", "--max-tables", str(args.tables + args.experts + 10),
                               "--db", str(keep / f"tables-{i}.sqlite3"), "--stats", str(stats_of),
                               "--idle-per-address", many, "--tables-per-address", many,
                               "--idle-per-network", many, "--tables-per-network", many,
                               "--idle-within", many, "--computers-per-address", many,
                               "--connections", many, *sharding], "listening on"), stats_of))
    server, port = shards[0][0], shards[0][1]
    pinned = cores(args)
    server_cpus, client_cpus = pinned if pinned else (None, None)
    if args.shards and pinned:  # a core for each shard; the clients and HAProxy share them all
        every = sorted(os.sched_getaffinity(0))
        for i, (process, _port, _stats) in enumerate(shards):
            pin(process, {every[i % len(every)]})
        server_cpus, client_cpus = set(every[:len(shards)]), set(every)
    else:
        pin(server, server_cpus)  # its computers' worker starts later and inherits it
    ahead = all(first(process) for process, _port, _stats in shards) if pinned else False
    proxy = None
    workers: list[subprocess.Popen] = []
    try:
        url = f"ws://{LOOPBACK}:{port}"
        if args.shards:
            proxy, door, _config = front_door([p for _process, p, _stats in shards])
            url = f"ws://{LOOPBACK}:{door}"
        elif lossy:
            proxy, pport = start([sys.executable, __file__, "--proxy", str(port)], "proxy on")
            pin(proxy, client_cpus)
            url = f"ws://{LOOPBACK}:{pport}"
        pids = [process.pid for process, _port, _stats in shards]
        rss0, cpu0, t0 = _rss(pids), _cpu(pids), time.perf_counter()
        # The probe tables' clients live in a process of their own with little to do, so
        # their round trips show what one table sees while all the others play.
        load = args.tables - args.probes
        share = -(-load // args.workers)
        plan = [(min(share, load - w * share), w * share) for w in range(args.workers)]
        plan.append((args.probes, load))
        for count, offset in plan:
            if count > 0:
                workers.append(subprocess.Popen(
                    [*CLIENT, sys.executable, __file__, "--worker", url, "--tables", str(count),
                     "--offset", str(offset), "--seats", str(args.seats),
                     "--think", str(args.think), "--timeout", str(args.timeout)],
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
                pin(workers[-1], client_cpus)
        experts = None  # tables of expert computers beside the people's, in their own process
        if args.experts:
            experts = subprocess.Popen(
                [*CLIENT, sys.executable, __file__, "--worker", url, "--tables", str(args.experts),
                 "--offset", str(args.tables), "--seats", "4", "--computers", "expert",
                 "--think", "0", "--timeout", str(args.timeout)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            pin(experts, client_cpus)
        for w in workers + ([experts] if experts else []):
            if w.stdout.readline().strip() != "seated":
                raise SystemExit("a client process died while connecting")
        if experts is not None:
            experts.stdin.write("go\n")
            experts.stdin.flush()
        seated_rss, cpu_seated, t_seated = _rss(pids), _cpu(pids), time.perf_counter()
        for w in workers:
            w.stdin.write("go\n")
            w.stdin.flush()
        peak = rss0
        # Each worker's results (hundreds of KB of round trips) are read as they come: a
        # worker writing more than a pipe holds would block on it and never exit.
        with ThreadPoolExecutor(len(workers)) as readers:
            results = [readers.submit(w.stdout.read) for w in workers]
            while not all(r.done() for r in results):
                peak = max(peak, _rss(pids))
                time.sleep(0.2)
        for w in workers:  # its results are in: it only has its connections to close
            with contextlib.suppress(subprocess.TimeoutExpired):
                w.wait(60)  # (one still there is stopped below)
        now, cpu_now = time.perf_counter(), _cpu(pids)
        time.sleep(1.5)  # the server writes its figures every second
        owns = [json.loads(f.read_text()) if f.exists() else {} for _p, _port, f in shards]
        own = owns[0]
        seconds, cpu = now - t0, cpu_now - cpu0
        playing, cpu_playing = now - t_seated, cpu_now - cpu_seated
        stats, probe, client_cpu = Stats(), [], 0.0
        for w, result in zip(workers, results, strict=True):
            out = json.loads(result.result() or "{}")
            client_cpu += out.get("cpu", 0.0)
            if w is workers[-1] and args.probes:
                probe = sorted(out.get("rtt", []))
            stats.rtt += out.get("rtt", [])
            stats.games += out.get("games", 0)
            stats.moves += out.get("moves", 0)
            stats.syncs += out.get("syncs", 0)
            stats.failures += out.get("failures", ["a worker died"])
    finally:
        for p in (proxy, *(process for process, _port, _stats in shards), *workers, experts):
            if p is not None:
                end(p, 10)
        shutil.rmtree(keep, ignore_errors=True)
    label = "with 2 % of play/moved messages dropped or delayed" if lossy else "clean loopback"
    rtt = sorted(stats.rtt)
    q = statistics.quantiles(rtt, n=100) if len(rtt) >= 100 else None
    print(f"--- {label}: {args.tables} tables x {args.seats} bot clients (a random legal move, "
          f"thinking {args.think:g} s a move on average) in {len(workers)} client processes, "
          f"{args.tables * args.seats} connections; load average {os.getloadavg()[0]:.1f}")
    where = (f"the server (and its computers' worker) on CPU {sorted(server_cpus)}"
             f"{f' at nice {SERVER_NICE}' if ahead else ''}, the clients on {sorted(client_cpus)}"
             if pinned else "the server and the clients on every CPU")
    print(where)
    if args.experts:
        print(f"beside them: {args.experts} tables of one bot client and three expert computers "
              f"(the server's), {own.get('thinking', '?')} still thinking at the end")
    print(f"games finished {stats.games}/{args.tables}, failures {len(stats.failures)}, "
          f"moves {stats.moves}, wall {seconds:.1f} s ({seconds - playing:.1f} s connecting, "
          f"{playing:.1f} s playing), syncs asked {stats.syncs}")
    if len(probe) >= 20:
        pq = statistics.quantiles(probe, n=100)
        print(f"probe tables ({args.probes}, own client process): move round-trip p50 "
              f"{1000 * pq[49]:.1f} ms, p99 {1000 * pq[98]:.1f} ms over {len(probe)} moves")
    if q:
        print(f"all clients: move round-trip p50 {1000 * q[49]:.1f} ms, p90 {1000 * q[89]:.1f} ms, "
              f"p99 {1000 * q[98]:.1f} ms, max {1000 * rtt[-1]:.1f} ms over {len(rtt)} moves")
    for i, fig in enumerate(owns if args.shards else []):
        print(f"shard {i}/{args.shards}: {fig.get('moves', 0)} moves; its own time p50 "
              f"{fig.get('move_ms_p50') or 0:.2f} ms, p99 {fig.get('move_ms_p99') or 0:.2f} ms, "
              f"max {fig.get('move_ms_max') or 0:.1f} ms")
    if playing and stats.moves:
        print(f"moves a second while playing: {stats.moves / playing:.0f}")
    if own.get("move_ms_p99") is not None:
        print(f"server's own time, a person's move in to its moved out: p50 "
              f"{own['move_ms_p50']:.2f} ms, p99 {own['move_ms_p99']:.2f} ms, max "
              f"{own['move_ms_max']:.1f} ms over {own['measured']} moves")
    if own.get("gc_pauses") is not None:
        print(f"server's garbage collector: {own['gc_pauses']} pauses, longest "
              f"{own['gc_ms_max']:.1f} ms ({own['gc_cpu_ms_max']:.1f} ms of CPU), "
              f"{own['gc_ms_total']:.0f} ms in all; {own['gc_full']} full, the longest "
              f"{own['gc_full_cpu_ms_max']:.1f} ms of CPU")
    per_table = (peak - rss0) / max(1, args.tables)
    print(f"server memory: {rss0 / 2 ** 20:.1f} MiB idle, {seated_rss / 2 ** 20:.1f} MiB seated, "
          f"{peak / 2 ** 20:.1f} MiB peak, "
          f"{per_table / 1024:.0f} KiB per table ({per_table / args.seats / 1024:.0f} KiB per "
          f"connection)")
    if stats.moves:
        print(f"server CPU while playing: {cpu_playing:.2f} s for {stats.moves} moves = "
              f"{1e6 * cpu_playing / stats.moves:.0f} us per move (syncs included), "
              f"{100 * cpu_playing / playing:.0f} % of one core; with the {args.tables * args.seats} "
              f"handshakes and joins {1e6 * cpu / stats.moves:.0f} us per move; the client "
              f"processes used {client_cpu:.1f} s")
    for failure in stats.failures[:5]:
        print("failure:", failure)
    if not (stats.games and q and stats.moves):
        print(f"no figures: {stats.games} games finished, {len(rtt)} round trips measured")
        return False
    if args.quick and (stats.games < args.tables or stats.failures):
        print(f"quick run incomplete: {stats.games}/{args.tables} games, "
              f"{len(stats.failures)} failures")
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--think", type=float, default=0.5,
                        help="a bot's average pause before its move, seconds (0: flat out)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per run at most")
    parser.add_argument("--clean-only", action="store_true", help="skip the lossy run")
    parser.add_argument("--no-pin", action="store_true",
                        help="let the server share every core with the clients (by default it "
                             "has the first core to itself and its computers' worker)")
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument("--probes", type=int, default=5,
                        help="of the tables, how many play from a client process of their own")
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds: 12 tables of 2 seats, one client process, "
                             "fails unless every game finishes with figures")
    parser.add_argument("--experts", type=int, default=0,
                        help="tables of expert computers (the server's) playing beside the "
                             "people's tables, one bot client each (issue 31 measures 40)")
    parser.add_argument("--shards", type=int, default=0,
                        help="N serve processes behind HAProxy (0: one process, no front door)")
    parser.add_argument("--computers", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--proxy", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--offset", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        worker_main(args)
        return 0
    if args.proxy is not None:
        proxy_main(0, args.proxy, seed=24)
        return 0
    if args.quick:
        args.tables, args.seats, args.think, args.workers, args.probes = 12, 2, 0.01, 1, 1
        args.experts = min(args.experts, 1)
        args.timeout = min(args.timeout, 60.0)
    if not 1 <= args.tables <= 1000:
        parser.error("--tables is from 1 to 1000")
    if not 0 <= args.probes < args.tables:
        parser.error("--probes is from 0 to one less than --tables")
    if args.shards and not shutil.which("haproxy"):
        parser.error("--shards needs haproxy (Debian: apt-get install haproxy)")
    measured = one_run(args, lossy=False)
    if not args.clean_only and not args.shards:
        measured = one_run(args, lossy=True) and measured
    return 0 if measured else 1


if __name__ == "__main__":
    raise SystemExit(main())
