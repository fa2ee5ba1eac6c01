"""Three `serve --shard I/3 --db postgresql://...` on one database behind the real HAProxy
running packaging/haproxy-shared.cfg: the process that owns a table is killed (SIGKILL), or
loses its database connection, in the middle of its game; the front door sends the table's code to another process (its
`backup`), which takes the table at its last committed move, and every game finishes with
identical records that the rules replay (issue 49)."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.match.record import read_record
from game.online.server.pgstore import APPLICATION
from game.online.shared.protocol import normal_code, shard_of
from tests.online.helpers import LOOPBACK, RawPeer, ServerProcess, finish, host, spawn
from tests.online.postgres import cluster
from tests.online.test_front_door import HAPROXY, FrontDoor

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(HAPROXY is None, reason="no haproxy here (Debian: apt-get "
                                 "install haproxy; .ci/run installs it where it may)")]
SHARDS = 3
GAMES = 3
MOVES_BEFORE_KILL = 3  # committed moves of the killed process's table
PLANS = [{"place": "host", "name": "Anna"}, {"place": "remote"}]


def _moves(url: str, code: str) -> int:
    import psycopg
    with psycopg.connect(url) as db:
        return db.execute("SELECT COUNT(*) FROM moves WHERE code = %s",
                          (normal_code(code),)).fetchone()[0]


def _family(pid: int) -> list[int]:
    """A process and every process under it (a server's computers' worker): a machine lost."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    family, i = [pid], 0
    while i < len(family):
        family.extend(children.get(family[i], []))
        i += 1
    return family


def _until(what, why, seconds: float = 60.0, every: float = 0.005) -> None:
    end = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < end, f"waited too long: {why()}"
        time.sleep(every)


def _cut(url: str, pid: int) -> None:
    """The database ends that process's session (a restart of it, a cut network)."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as admin:
        ended = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                              "application_name = %s", (APPLICATION % pid,)).fetchall()
    assert ended == [(True,)], ended


@pytest.mark.parametrize("loss", ["kill", "cut"])
def test_a_lost_shard_s_table_goes_on_on_another_through_the_front_door(tmp_path, loss):
    """kill: the owner and its worker killed (kill -9, as a lost machine); cut: the owner's
    database connection ended, so it refuses the move, says so and exits by itself."""
    with cluster() as url:
        shards = [ServerProcess("--shard", f"{i}/{SHARDS}", "--trust-proxy", LOOPBACK, db=url)
                  for i in range(SHARDS)]
        door, players, codes, killed = None, [], [], None
        try:
            door = FrontDoor(shards, "haproxy-shared.cfg")
            for g in range(GAMES):  # expert computers think: the games last some seconds
                h, code = host(door.url, "--mode", "standard", "--seats", "3", "--bot", "hard",
                               "--name", "Anna", "--computer", "expert",
                               "--record", str(tmp_path / f"{g}a.txt"))
                j = spawn("join", door.url, code, "--name", "Ben", "--bot", "hard",
                          "--record", str(tmp_path / f"{g}b.txt"))
                players.append((h, j))
                codes.append(code)
            killed = shard_of(codes[0], SHARDS)
            _until(lambda: _moves(url, codes[0]) >= MOVES_BEFORE_KILL,
                   lambda: ([_moves(url, c) for c in codes],
                            [(h.poll(), j.poll()) for h, j in players]))
            start = time.monotonic()
            if loss == "kill":
                for pid in _family(shards[killed].process.pid):  # kill -9 of it and its worker
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
            else:
                _cut(url, shards[killed].process.pid)
            assert shards[killed].process.wait(timeout=20) == (-9 if loss == "kill" else 1)
            at_kill = _moves(url, codes[0])  # its last: no move of it is kept after this
            assert players[0][0].poll() is None, "the game was in its middle"
            _until(lambda: _moves(url, codes[0]) > at_kill,
                   lambda: [(h.poll(), j.poll()) for h, j in players])
            print(f"\n{loss} to the first move on the shard that took the table over: "
                  f"{(time.monotonic() - start) * 1000:.0f} ms")
            results = [(finish(h), finish(j)) for h, j in players]
        finally:
            if door is not None:
                door.stop()
            said = [s.stop() for s in shards if s.process.poll() is None]
        if loss == "cut":  # one line said why, never a traceback
            err = shards[killed].process.stderr.read()
            assert "lost its connection to the table database" in err, err
            assert "Traceback" not in err and err.count("\n") == 1, err
        assert any(f"table {normal_code(codes[0])} taken over" in err for err in said), said
        for g, ((hc, hout, herr), (jc, _jout, jerr)) in enumerate(results):
            assert (hc, jc) == (0, 0), herr + jerr
            texts = [(tmp_path / f"{g}{who}.txt").read_text(encoding="utf-8") for who in "ab"]
            assert texts[0] == texts[1]
            record = read_record(texts[0])  # the rules replay it to its end
            assert record.final_state().over and f"result: {hout[-1]}" in texts[0]
            assert _moves(url, codes[g]) == 0  # the finished table left the database


def _through(url: str, message: dict) -> RawPeer:
    """A connection through the front door that sent `message` (tried again while HAProxy
    has not yet seen a process gone)."""
    for _ in range(50):
        try:
            peer = RawPeer(url)
            peer.send(message)
            return peer
        except (OSError, InvalidStatus, ConnectionClosed):
            time.sleep(0.1)
    raise AssertionError(f"the front door took no connection to {url}")


def test_a_table_taken_over_stays_where_it_went_when_its_shard_comes_back():
    """The code sticks to the process that took its table (stick on path): a player who
    comes back once the dead process is up again reaches the table, not a wrong token."""
    with cluster() as url:
        options = [("--shard", f"{i}/{SHARDS}", "--trust-proxy", LOOPBACK) for i in range(SHARDS)]
        shards = [ServerProcess(*o, db=url) for o in options]
        door, peers = None, []
        try:
            door = FrontDoor(shards, "haproxy-shared.cfg")
            anna = RawPeer(shards[0].url + "/new", source="127.0.0.2")  # process 0's share
            anna.send({"type": "create", "mode": "standard", "seats": PLANS})
            joined = anna.until("joined")
            code, tokens = joined["code"], [joined["seats"][0]["token"]]
            ben = _through(f"{door.url}/t/{code}", {"type": "join", "code": code, "name": "Ben"})
            tokens.append(ben.until("joined")["seats"][0]["token"])
            peers += [anna, ben]
            port = shards[0].port
            for pid in _family(shards[0].process.pid):  # kill -9 of it and its worker
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            shards[0].process.wait(timeout=20)
            back = {"type": "rejoin", "code": code}
            anna = _through(f"{door.url}/t/{code}", back | {"token": tokens[0]})
            peers.append(anna)
            assert anna.recv()["type"] == "joined"  # taken by the first backup
            shards[0] = ServerProcess(*options[0], db=url, port=port)
            door.until_said("Server shard0/s0 is UP")
            ben = _through(f"{door.url}/t/{code}", back | {"token": tokens[1]})
            peers.append(ben)
            answer = ben.recv()
            assert answer["type"] == "joined", answer  # (process 0: bad-token after 3 s)
        finally:
            for peer in peers:
                with contextlib.suppress(Exception):
                    peer.close()
            if door is not None:
                door.stop()
            for s in shards:
                if s.process.poll() is None:
                    s.stop()
