"""How fast can a table code be guessed? The attack of issue 45 against one `scare-it serve`.

    .venv/bin/python tools/measure_guessing.py [--seconds 30] [--networks 64] [--per-network 4]
                                               [--loops 2] [--scaled]

Starts the server on 127.0.0.1 with 200 open tables (hosted from 127.0.200.N), then guesses
codes from NETWORKS x PER_NETWORK loopback addresses (127.0.N.M, one /24 each N), LOOPS
guessers per address, each on a new connection for every guess, giving up on an answer after
80 ms (the trick that once read the throttle off the clock; --patience 25 waits instead). It counts the answers that tell
something (no-table, joined, table-full...) and those that tell nothing (a too-many-guesses
refusal, or no answer in time), and turns the told rate after the first 5 s (the bursts) into
the time to find one of the 200 tables. Then it times answers to right and wrong codes from
one spent address, 50 of each (--probes). --scaled runs the server with the whole server's pace at one
guess every 2 s (and roomier bursts), to check that the rate measured is the pace configured.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.online.shared.protocol import CODE_ALPHABET, CODE_LENGTH, VERSION  # noqa: E402

ABORT = 0.08  # the guesser's patience, seconds
TABLES = 200
CODES = len(CODE_ALPHABET) ** CODE_LENGTH
SCALED = ["--server-guesses", "20", "--server-guess-interval", "2", "--network-guesses", "10",
          "--network-guess-interval", "60", "--guess-interval", "60"]


def start(extra: list[str]) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, "-m", "game", "serve", "--host", "127.0.0.1",
                                "--port", "0", "--no-db", *extra], cwd=ROOT, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = process.stdout.readline()
    if "listening on" not in line:
        raise SystemExit(f"the server did not start: {line!r} {process.stderr.read()}")
    return process, line.split()[2]


async def opened(url: str, source: str):
    ws = await connect(url, compression=None, proxy=None, local_addr=(source, 0))
    await ws.send(json.dumps({"type": "hello", "version": VERSION}))
    await ws.recv()
    return ws


async def host_tables(url: str) -> tuple[list, list[str]]:
    """200 tables, 8 from each of 25 addresses, each waiting for a far player."""
    hosts, codes = [], []
    for n in range(TABLES):
        ws = await opened(url, f"127.0.200.{1 + n // 8}")
        await ws.send(json.dumps({"type": "create", "mode": "standard", "seats": [
            {"place": "host", "name": "Anna"}, {"place": "remote"}]}))
        while (message := json.loads(await ws.recv()))["type"] != "joined":
            pass
        hosts.append(ws)
        codes.append(message["code"])
    return hosts, codes


def guess() -> str:
    return "".join(random.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


async def answer_of(ws) -> dict:
    while (message := json.loads(await ws.recv()))["type"] not in ("joined", "error"):
        pass
    return message


async def guesser(url: str, source: str, until: float, tally: dict) -> None:
    while time.monotonic() < until:
        try:
            ws = await opened(url, source)
        except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed):  # refused
            tally["no-connection"] += 1
            await asyncio.sleep(0.05)
            continue
        try:
            await ws.send(json.dumps({"type": "join", "code": guess(), "name": "Guess"}))
            tally["asked"] += 1
            try:
                message = await asyncio.wait_for(answer_of(ws), tally["patience"])
            except TimeoutError:
                tally["gave up"] += 1
                continue
            said = message.get("code", message["type"])
            if said.startswith("too-many-guesses"):
                tally[said] += 1
            else:
                tally["told"] += 1
                tally["told late" if time.monotonic() > tally["bursts end"] else "told early"] += 1
        finally:
            await ws.close()


async def timing(url: str, code: str, source: str, probes: int) -> dict[str, list[float]]:
    """Answer times of right and wrong codes from one address whose burst is spent."""
    times: dict[str, list[float]] = {"right": [], "wrong": []}
    codes = ["right", "wrong"] * probes
    random.shuffle(codes)
    for code_is in codes:
        ws = await opened(url, source)
        asked = time.perf_counter()
        await ws.send(json.dumps({"type": "join", "code": code if code_is == "right" else guess(),
                                  "name": "Probe"}))
        await answer_of(ws)
        times[code_is].append(1000 * (time.perf_counter() - asked))
        await ws.close()
    return times


async def main(args) -> None:
    process, url = start(SCALED if args.scaled else [])
    try:
        hosts, codes = await host_tables(url)
        began = time.monotonic()
        tally = dict.fromkeys(("asked", "told", "told early", "told late", "gave up",
                               "no-connection", "too-many-guesses", "too-many-guesses-network",
                               "too-many-guesses-server"), 0)
        tally["bursts end"], tally["patience"] = began + 5, args.patience
        until = began + args.seconds
        sources = [f"127.0.{n}.{m}" for n in range(1, args.networks + 1)
                   for m in range(1, args.per_network + 1)]
        await asyncio.gather(*(guesser(url, s, until, tally) for s in sources
                               for _ in range(args.loops)))
        spent = time.monotonic() - began
        late = tally["told late"] / (spent - 5)
        print(f"{len(sources)} addresses in {args.networks} networks, {args.loops} guessers "
              f"each, {spent:.1f} s:")
        for key, value in tally.items():
            if key not in ("bursts end", "patience"):
                print(f"  {key}: {value}")
        need = CODES / (TABLES + 1)
        print(f"told per second after the first 5 s: {late:.3f}")
        if late > 0:
            print(f"one of {TABLES} tables found after ~{need:,.0f} told guesses: "
                  f"{need / late / 86400:,.1f} days ({need / late / 86400 / 365.25:.2f} years)")
        else:
            print(f"no guess was told after the bursts: fewer than {1 / (spent - 5):.3f} a second")
        times = await timing(url, codes[0], sources[0], args.probes)
        for code_is, values in times.items():
            values.sort()
            print(f"  {code_is} code, spent address: p10 {values[len(values) // 10]:.1f} ms, "
                  f"p50 {statistics.median(values):.1f} ms, p90 {values[9 * len(values) // 10]:.1f} "
                  f"ms, max {values[-1]:.1f} ms")
        for ws in hosts:
            await ws.close()
    finally:
        process.terminate()
        _, err = process.communicate(timeout=20)
    said = [line for line in err.splitlines() if "table codes asked too often" in line]
    print(f"server log: {len(err.splitlines())} lines, {len(said)} summaries of held guesses")
    for line in said[:3]:
        print("  " + line)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--networks", type=int, default=64)
    parser.add_argument("--per-network", type=int, default=4)
    parser.add_argument("--loops", type=int, default=2)
    parser.add_argument("--scaled", action="store_true")
    parser.add_argument("--probes", type=int, default=50,
                        help="right codes, and as many wrong ones, timed at the end")
    parser.add_argument("--patience", type=float, default=ABORT,
                        help="seconds a guesser waits for an answer (default 0.08; 25 waits "
                             "out every held answer)")
    asyncio.run(main(parser.parse_args()))
