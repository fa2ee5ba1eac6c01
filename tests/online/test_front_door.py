"""The shipped front door (packaging/haproxy.cfg) with the real HAProxy in front of two
`serve` processes on loopback: tables spread by /new, games by /t/CODE, a kill -9 survived,
and the per-address limits seeing the players behind it (make test-slow)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.match.record import read_record
from game.online.client.client import OnlineClient, OnlineError
from game.online.shared.protocol import VERSION, shard_of
from tests.online.helpers import LOOPBACK, ROOT, RawPeer, ServerProcess, finish, host, spawn

HAPROXY = shutil.which("haproxy")
OTHER, THIRD = "127.0.0.2", "127.0.0.3"
IDLE = 4  # the processes' idle connections per address, small enough to reach here
LIMITS = ("--tables-per-address", "100", "--tables-per-network", "100",
          "--idle-per-address", str(IDLE), "--trust-proxy", LOOPBACK)
PLANS = [{"place": "host", "name": "Anna"}, {"place": "remote"}]

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(HAPROXY is None, reason="no haproxy here (Debian: apt-get "
                                 "install haproxy; .ci/run installs it where it may)")]


def _free_port() -> int:
    with socket.create_server((LOOPBACK, 0)) as probe:
        return probe.getsockname()[1]


def _figure(port: int, name: str) -> float:
    with urllib.request.urlopen(f"http://{LOOPBACK}:{port}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    return sum(s.value for f in text_string_to_metric_families(text) for s in f.samples
               if s.name == name)


def _tables(port: int) -> float:
    return _figure(port, "scare_it_tables")


class FrontDoor:
    """HAProxy running a shipped configuration (packaging/NAME), its addresses replaced by
    this test's: process I's 127.0.0.1:880I by the port of `shards[I]`."""

    def __init__(self, shards: list[ServerProcess], name: str = "haproxy.cfg") -> None:
        config = (ROOT / "packaging" / name).read_text(encoding="utf-8")
        self.port = _free_port()
        config = config.replace("bind :8765", f"bind {LOOPBACK}:{self.port}")
        for i, shard in enumerate(shards):
            shipped = f"127.0.0.1:880{i}"
            assert shipped in config, f"{name} names no process {i}"
            config = config.replace(shipped, f"{LOOPBACK}:{shard.port}")
        self.path = Path(tempfile.mkdtemp(prefix="scare-it-haproxy-")) / "haproxy.cfg"
        self.path.write_text(config, encoding="utf-8")
        self.process = subprocess.Popen([HAPROXY, "-db", "-f", str(self.path)],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.url = f"ws://{LOOPBACK}:{self.port}"
        end = time.monotonic() + 30
        while True:  # until both processes take new tables through it
            try:
                OnlineClient(self.url, timeout=2).connect().close()
                OnlineClient(self.url, timeout=2).connect().close()
                break
            except OnlineError:
                if time.monotonic() > end or self.process.poll() is not None:
                    self.stop()
                    said = self.process.stdout.read()
                    raise AssertionError(f"HAProxy did not come up: {said}") from None
                time.sleep(0.2)

        self.said: list[str] = []  # its log lines (a server found up or down)
        threading.Thread(target=self._listen, daemon=True).start()

    def _listen(self) -> None:
        for line in self.process.stdout:
            self.said.append(line)

    def until_said(self, words: str, seconds: float = 30.0) -> None:
        """Until HAProxy's log says `words` (a check that saw a server come up, say)."""
        end = time.monotonic() + seconds
        while not any(words in line for line in self.said):
            assert time.monotonic() < end, f"HAProxy never said {words!r}: {self.said}"
            time.sleep(0.05)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


@contextlib.contextmanager
def _sharded():
    shards = [ServerProcess("--shard", f"{i}/2", *LIMITS) for i in range(2)]
    door = None
    try:
        door = FrontDoor(shards)
        yield door, shards
    finally:
        if door is not None:
            door.stop()
        for shard in shards:
            if shard.process.poll() is None:
                shard.stop()


def _restart(shards: list[ServerProcess], index: int) -> None:
    old = shards[index]
    old.process.kill()  # kill -9: no word to anyone, the database as the last move left it
    old.process.wait(timeout=20)
    shards[index] = ServerProcess("--shard", f"{index}/2", *LIMITS, db=old.db, port=old.port)


def _game(url: str, tmp_path: Path, n: int) -> tuple[subprocess.Popen, subprocess.Popen, str]:
    h, code = host(url, "--seats", "2", "--bot", "easy", "--name", "Anna",
                   "--record", str(tmp_path / f"h{n}.txt"))
    j = spawn("join", url, code, "--name", "Ben", "--bot", "easy",
              "--record", str(tmp_path / f"j{n}.txt"))
    return h, j, code


def test_tables_spread_games_finish_through_the_front_door_and_a_killed_shard_loses_none(tmp_path):
    with _sharded() as (door, shards):
        hosts = []
        for _ in range(40):
            peer = RawPeer(door.url + "/new")
            peer.send({"type": "create", "mode": "standard", "seats": PLANS})
            hosts.append(peer.until("joined")["code"])
            peer.close()
        counts = [_tables(s.port) for s in shards]
        assert sum(counts) == 40 and min(counts) > 0, counts
        assert all(shard_of(code, 2) in (0, 1) for code in hosts)
        games = [_game(door.url, tmp_path, n) for n in range(4)]
        killed = shard_of(games[0][2], 2)
        while _figure(shards[killed].port, "scare_it_moves_total") < 4:  # games under way
            time.sleep(0.05)
        _restart(shards, killed)  # in the middle of the games: its players come back by token
        assert _tables(shards[killed].port) >= counts[killed], "every table opened again"
        for n, (h, j, _code) in enumerate(games):
            (hc, hout, herr), (jc, jout, jerr) = finish(h), finish(j)
            assert (hc, jc) == (0, 0), herr + jerr
            assert hout[-1] == jout[-1]
            texts = [(tmp_path / f"{side}{n}.txt").read_text(encoding="utf-8") for side in "hj"]
            assert texts[0] == texts[1], "both seats keep the same record"
            assert read_record(texts[0]).final_state().over


def _fourth(url: str, source: str) -> str:
    """IDLE connections from `source` through the front door, each forging an address of its
    own in X-Forwarded-For (the front door's own comes last), then one more: its first word."""
    held = [RawPeer(url, source=source, headers={"X-Forwarded-For": f"10.{i}.0.1"})
            for i in range(IDLE)]
    extra = RawPeer(url, hello=False, source=source)
    with contextlib.suppress(ConnectionClosed):
        extra.send({"type": "hello", "version": VERSION})
    word = extra.recv()
    for peer in held:
        peer.close()
    return word.get("code", word["type"])


def test_behind_the_front_door_the_limits_see_each_client_and_metrics_stay_inside():
    with _sharded() as (door, _shards):
        table = door.url + "/t/CCCCCC"  # all to one process
        assert _fourth(table, OTHER) == "too-many-connections"
        assert RawPeer(table, source=THIRD).ws.protocol.state.name == "OPEN"
        with pytest.raises(InvalidStatus):
            RawPeer(door.url + "/metrics")
