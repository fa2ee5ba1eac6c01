"""Several `serve` processes behind a front door: codes by share, /healthz, --trust-proxy."""

from __future__ import annotations

import contextlib
import re
import subprocess
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed

from game.online.client import client as client_module
from game.online.client.client import OnlineClient, routed
from game.online.shared.protocol import SHARD_ORDER, VERSION, shard_of
from tests.online.helpers import ROOT, RawPeer, command, server

OTHER, THIRD = "127.0.0.2", "127.0.0.3"  # other addresses of this machine's loopback
PLANS = [{"place": "host", "name": "Anna"}, {"place": "remote"}]


def _create(url: str, code: str | None = None) -> dict:
    peer = RawPeer(url)
    message = {"type": "create", "mode": "standard", "seats": PLANS}
    if code is not None:
        message["code"] = code
    peer.send(message)
    answer = peer.until("joined") if code is None else peer.recv()
    peer.close()
    return answer


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def test_a_shard_picks_new_codes_from_its_own_share_and_refuses_a_picked_code_of_another():
    with server("--shard", "1/3", "--tables-per-address", "20") as s:
        codes = [_create(s.url + "/new")["code"] for _ in range(12)]
        assert {shard_of(code, 3) for code in codes} == {1}
        foreign = next(c for c in ("CCCCCC", "FFFFFF", "HHHHHH") if shard_of(c, 3) != 1)
        answer = _create(s.url + "/new", foreign)
        assert answer["type"] == "error" and answer["code"] == "bad-table", answer


def test_every_first_symbol_has_one_shard():
    for symbol in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        assert [shard_of(symbol + "X", 4) == i for i in range(4)].count(True) == 1


def test_health_is_answered_in_plain_http_on_the_servers_port():
    with server() as s:
        status, body = _get(f"http://127.0.0.1:{s.port}/healthz")
        assert (status, body.strip()) == (200, "ok")
        _create(s.url)  # and the WebSocket on the bare address is as before


def test_the_client_routes_a_code_by_the_path_and_a_new_table_to_new(monkeypatch):
    assert routed("ws://h:1", None) == "ws://h:1/new"
    assert routed("ws://h:1/", "ktr-4wm") == "ws://h:1/t/KTR4WM"
    asked = []

    def fake_connect(url, **_options):
        asked.append(url)
        raise OSError("no server in this test")

    monkeypatch.setattr(client_module, "connect", fake_connect)
    for code in (None, "KTR4WM"):
        with pytest.raises(client_module.OnlineError):
            OnlineClient("ws://h:1").connect(code)
    assert asked == ["ws://h:1/new", "ws://h:1/t/KTR4WM"]


def _limit_holds(url: str, source: str, forged: list[str]) -> str:
    """Three idle connections from `source`, each with its forged X-Forwarded-For, then one
    more: the fourth's first message (an error when the three counted to one address)."""
    held = [RawPeer(url, source=source, headers={"X-Forwarded-For": f}) for f in forged[:3]]
    extra = RawPeer(url, hello=False, source=source, headers={"X-Forwarded-For": forged[3]})
    with contextlib.suppress(ConnectionClosed):  # a refused one may be closed already
        extra.send({"type": "hello", "version": VERSION})
    kind = extra.recv()
    for peer in held:
        peer.close()
    return kind.get("code", kind["type"])


def test_a_forged_forwarded_for_changes_nothing_without_trust_proxy():
    with server("--idle-per-address", "3") as s:
        assert _limit_holds(s.url, OTHER, ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]) \
            == "too-many-connections"


def test_behind_a_trusted_proxy_the_limits_count_the_forwarded_address():
    with server("--idle-per-address", "3", "--trust-proxy", OTHER) as s:
        # Four clients behind the proxy (in four networks): not one address.
        assert _limit_holds(s.url, OTHER, ["10.1.0.1", "10.2.0.1", "10.3.0.1", "10.4.0.1"]) \
            == "welcome"
        # One client behind it, four times: its limit holds.
        assert _limit_holds(s.url, OTHER, ["10.9.0.9"] * 4) == "too-many-connections"
        # A client that is not the proxy forges in vain.
        assert _limit_holds(s.url, THIRD, ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]) \
            == "too-many-connections"


@pytest.mark.parametrize("name", ["haproxy.cfg", "haproxy-shared.cfg"])
def test_the_shipped_front_door_routes_every_first_symbol_to_its_shard(name):
    config = (ROOT / "packaging" / name).read_text(encoding="utf-8")
    routes = dict(re.findall(r"acl shard(\d) path_reg -i \^/t/\[(\w+)\]", config))
    shards = len(routes)
    assert sorted(routes) == [str(i) for i in range(shards)] and shards >= 2
    for shard, symbols in routes.items():
        assert sorted(symbols) == sorted(s for s in SHARD_ORDER if shard_of(s, shards) == int(shard))


def test_the_shared_database_front_door_sends_a_dead_shard_s_codes_to_the_others():
    """packaging/haproxy-shared.cfg: each code's own process first, every other as a backup
    (one process per backup, the first one turning); a draining process keeps its codes."""
    config = (ROOT / "packaging" / "haproxy-shared.cfg").read_text(encoding="utf-8")
    backends = dict(re.findall(r"\nbackend shard(\d)\n(.*?)(?=\n\n)", config + "\n\n", re.S))
    firsts = set()
    for shard, body in backends.items():
        servers = re.findall(r"server s(\d) \S+ check( backup)?", body)
        assert servers[0] == (shard, "") and sorted(s for s, _ in servers) == sorted(backends)
        assert all(backup for _, backup in servers[1:]) and "allbackups" not in body
        firsts.add(servers[1][0])
        assert "http-check expect rstring ^(ok|draining)" in body and "stick on path" in body
    assert len(firsts) == len(backends), "each dead process's tables go to a different one"


@pytest.mark.parametrize("option", [["--shard", "x"], ["--shard", "2/2"], ["--shard", "1/21"],
                                    ["--trust-proxy", "proxy.example"]])
def test_a_bad_shard_or_proxy_option_is_one_clear_line(option):
    done = subprocess.run(command("serve", "--no-db", "--port", "0", *option), timeout=60,
                          capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"scare-it: {option[0]}") and "''" not in done.stderr


def test_with_a_database_each_a_shard_knows_no_table_of_another_share(tmp_path):
    """SQLite per shard (packaging/haproxy.cfg): a rejoin to another share's code finds no
    table here, however right its token (its table lives in its own process's file)."""
    from game.online.server.server import Peer, Server
    from game.online.server.store import Store
    from game.online.shared.protocol import ProtocolError
    from tests.online.test_store_faults import _Seats

    seats = _Seats(Store(tmp_path / "a.sqlite3"))
    seats.play()
    code, token = seats.table.code, seats.table.seats[1].token
    seats.server.close()
    other = Server(store=Store(tmp_path / "b.sqlite3"), stand_in_after=None,
                   shard=(1 - shard_of(code, 2), 2))
    ben = Peer(7, None, "127.0.0.3")
    ben.hello = True
    other.peers[ben.id] = ben
    with pytest.raises(ProtocolError) as refused:
        other._dispatch(ben, {"type": "rejoin", "code": code, "token": token})
    assert refused.value.code == "bad-token" and code not in other.tables
    other.close()
