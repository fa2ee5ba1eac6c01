"""A crowd cannot lock a family out (issue 45 #6): floods of idle connections and of tables
from many loopback addresses (127.0.N.M, the shape of the attack scaled down through the
server's options), and a player at 127.0.0.2 with a token still gets back to their table
while a new family gets a table or the clear word that the server is full."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from websockets.exceptions import ConnectionClosed

from game.engine.modes import Mode
from game.online.client.client import OnlineClient, OnlineError
from game.online.server import crowds
from game.online.server.crowds import FULL, FULL_WORDS
from game.online.server.limits import Limits, address_key
from game.online.server.networks import network_of
from game.online.shared.protocol import CLOSE_POLICY
from game.scenes.online.words import trouble_words
from tests.online.helpers import RawPeer, finish, server, spawn
from tools.bench_crowd import Crowd, addresses

DORA, ANNA = "127.0.0.2", "127.0.0.3"
TWO = [{"place": "host", "name": "Anna"}, {"place": "remote"}]


def _away_seat(url: str):
    """Anna hosts at 127.0.0.3, Dora at 127.0.0.2 joins and drops: her token, and the code."""
    anna = RawPeer(url, source=ANNA)
    anna.send({"type": "create", "mode": "standard", "seats": TWO, "first": 1})
    code = anna.until("joined")["code"]
    dora = RawPeer(url, source=DORA)
    dora.send({"type": "join", "code": code, "name": "Dora"})
    token = dora.until("joined")["seats"][0]["token"]
    dora.until("state")
    dora.close()
    anna.until("presence")
    return anna, code, token


def _dora_comes_back(url: str, code: str, token: str, keep: bool = False) -> RawPeer:
    """A new connection from 127.0.0.2 takes the token's seat back (and keeps it if asked)."""
    back = RawPeer(url, source=DORA)
    back.send({"type": "rejoin", "code": code, "token": token})
    while (message := back.recv())["type"] not in ("joined", "error"):
        pass
    assert message["type"] == "joined", message
    seats = [seat["seat"] for seat in message["seats"]]
    assert [y["seat"] for y in back.until("state")["yours"]] == seats
    if not keep:
        back.close()
    return back


def _new_family(url: str) -> str:
    """A new family opens a table: 'table', or the one clear line of a full server."""
    client = OnlineClient(url)
    try:
        client.connect()
        client.create(Mode.STANDARD, TWO)
        return "table"
    except OnlineError as err:
        assert (err.code, str(err)) == (FULL, FULL_WORDS), (err.code, str(err))
        return "full"
    finally:
        client.close()


@pytest.mark.parametrize("networks, each", [
    (range(10, 40), 2),  # 60 addresses over 30 networks: only the cap can stop them
    (range(50, 53), 40),  # 120 addresses in 3 networks: each network's idle cap does
], ids=["many-networks", "few-networks"])
def test_an_idle_crowd_leaves_room_for_a_player_with_a_token_and_a_new_family(networks, each):
    # The attack held all 10,000 connections from 640 addresses x 16; here 200, 4 an address.
    with server("--connections", "200", "--idle-per-address", "4") as s:
        anna, code, token = _away_seat(s.url)
        crowd = Crowd(s.url)
        try:
            held = crowd.idle(addresses(networks, each), 4)
            assert held > 0
            _dora_comes_back(s.url, code, token)
            assert _new_family(s.url) == "table"  # an idle connection made room
        finally:
            crowd.close()
        anna.close()


def test_a_crowd_of_tables_from_a_few_networks_leaves_tables_for_a_family():
    # The attack: 130 addresses x 9 tables filled all 1,000 tables in 1.6 s; here 100 tables.
    with server("--max-tables", "100") as s:
        anna, code, token = _away_seat(s.url)
        crowd = Crowd(s.url)
        try:
            opened = crowd.tables(addresses(range(60, 62), 65), 9, TWO)
            # 8 an address would be 1,040: each of the two networks' cap stops them.
            assert opened == 2 * Limits().tables_per_network
            _dora_comes_back(s.url, code, token)
            assert _new_family(s.url) == "table"
        finally:
            crowd.close()
        anna.close()


def test_a_crowd_of_tables_from_many_networks_is_told_full_in_one_clear_line():
    with server("--max-tables", "40") as s:
        anna, code, token = _away_seat(s.url)
        crowd = Crowd(s.url)
        try:
            crowd.tables(addresses(range(100, 230), 1), 9, TWO)
            assert FULL in crowd.answers
            _dora_comes_back(s.url, code, token)  # no new table needed: she is let in
            assert _new_family(s.url) == "full"
        finally:
            crowd.close()
        anna.close()


def test_a_server_at_its_cap_says_full_in_one_line_to_the_window_and_the_commands():
    with server("--connections", "4", "--reserved", "1") as s:
        anna = RawPeer(s.url, source=ANNA)
        anna.send({"type": "create", "mode": "standard",
                   "seats": TWO + [{"place": "remote"}]})
        code = anna.until("joined")["code"]
        tokens = []
        for i in range(2):
            peer = RawPeer(s.url, source=ANNA)
            peer.send({"type": "join", "code": code, "name": f"P{i}"})
            tokens.append(peer.until("joined")["seats"][0]["token"])
        # The last connection is kept for a rejoin by token: a new table is refused there...
        assert _new_family(s.url) == "full"
        peer.close()  # ...and P1, dropped, takes it to come back to the seat
        anna.until("presence")
        _dora_comes_back(s.url, code, tokens[1], keep=True)
        # Past the cap: the HTTP answer says so, and the client reads it.
        assert _new_family(s.url) == "full"
        returncode, _out, err = finish(spawn("join", s.url, code, "--name", "Ed"))
        assert returncode == 2 and err.strip() == f"scare-it: {FULL_WORDS}", err


def test_a_connection_that_takes_no_seat_after_hello_is_let_go():
    with server("--idle-within", "1") as s:
        idle = RawPeer(s.url, source=DORA)
        assert idle.until("error")["code"] == "idle-timeout"
        with pytest.raises(ConnectionClosed) as closed:
            idle.recv()
        assert closed.value.rcvd.code == CLOSE_POLICY


def test_a_network_is_a_slash_24_or_an_ipv6_slash_64():
    assert network_of(address_key("203.0.113.77")) == "203.0.113.0/24"
    assert network_of(address_key("::ffff:203.0.113.77")) == "203.0.113.0/24"
    assert network_of(address_key("2001:db8:1:2:3::9")) == "2001:db8:1::/48"
    assert network_of("?") == "?"


def test_the_window_says_a_full_server_in_one_line():
    words = trouble_words(FULL)
    assert "full" in words and "minute" in words and "\n" not in words


def test_the_oldest_idle_connection_makes_room_and_a_seated_one_never_does():
    crowd = crowds.Crowd()
    peers = [SimpleNamespace(id=i, seated=i in (0, 2)) for i in range(4)]
    for peer in peers:
        crowd.arrived("203.0.113.0/24", peer)
    idle = [crowd.oldest_idle(lambda p: not p.seated) for _ in range(3)]
    assert [p.id if p else None for p in idle] == [1, 3, None]
    assert not crowd.unseated  # each peer looked at once
