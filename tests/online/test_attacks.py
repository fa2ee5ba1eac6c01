"""A hostile stranger against `scare-it serve` (issue 31): each attack that once worked is
refused, from a second loopback address where the address matters."""

from __future__ import annotations

import contextlib

import pytest
from websockets.exceptions import ConnectionClosed

from game.online.server.pace import ADDRESS_GUESSES
from game.online.shared.protocol import ERRORS
from tests.online.helpers import RawPeer, server

OTHER, THIRD = "127.0.0.2", "127.0.0.3"  # other addresses of this machine's loopback


def _error(peer: RawPeer, code: str, timeout: float = 30) -> dict:
    assert code in ERRORS
    message = peer.until("error", timeout)
    assert message["code"] == code, message
    return message


def _table(url: str, *, source: str | None = None, seats=None, first: int | None = 1):
    """A host connection and its table's code: Anna hosts, one far seat, one computer."""
    host = RawPeer(url, source=source)
    plans = seats or [{"place": "host", "name": "Anna"}, {"place": "remote"},
                      {"place": "computer", "level": "easy"}]
    message = {"type": "create", "mode": "standard", "seats": plans}
    if first is not None:
        message["first"] = first
    host.send(message)
    return host, host.until("joined")["code"]


def _seated(url: str, code: str, name: str, source: str | None = None):
    peer = RawPeer(url, source=source)
    peer.send({"type": "join", "code": code, "name": name})
    joined = peer.until("joined")
    return peer, joined["seats"][0]


def _closed_code(peer: RawPeer) -> int | None:
    with pytest.raises(ConnectionClosed) as caught:
        for _ in range(100):
            peer.recv(timeout=30)
    return caught.value.rcvd.code if caught.value.rcvd else None


def test_a_stranger_typing_an_away_players_name_gets_no_seat_no_cards_no_token():
    with server() as s:
        anna, code = _table(s.url)
        dora, mine = _seated(s.url, code, "Dora")
        dora.until("state")
        dora.close()  # her connection blips
        assert anna.until("presence")["connected"] is False
        mallory = RawPeer(s.url, source=OTHER)
        mallory.send({"type": "join", "code": code, "name": "Dora"})
        pending = mallory.until("claim-pending")
        assert pending["seat"] == mine["seat"]
        claim = anna.until("claim")  # the host is asked, and says no
        assert (claim["seat"], claim["name"]) == (mine["seat"], "Dora")
        anna.send({"type": "admit", "claim": claim["claim"], "allow": False})
        seen = []
        while True:
            message = mallory.recv()
            seen.append(message["type"])
            if message["type"] == "error":
                assert message["code"] == "claim-refused"
                break
        assert not {"joined", "state"} & set(seen), seen
        # The real Dora on a new computer: the host lets her in; her old token dies.
        back = RawPeer(s.url)
        back.send({"type": "join", "code": code, "name": "Dora"})
        back.until("claim-pending")
        anna.send({"type": "admit", "claim": anna.until("claim")["claim"], "allow": True})
        joined = back.until("joined")
        assert joined["seats"][0]["seat"] == mine["seat"]
        assert joined["seats"][0]["token"] != mine["token"]
        assert [y["seat"] for y in back.until("state")["yours"]] == [mine["seat"]]
        thief = RawPeer(s.url, source=OTHER)
        thief.send({"type": "rejoin", "code": code, "token": mine["token"]})
        _error(thief, "bad-token")


def test_a_token_never_unseats_a_player_whose_connection_answers():
    with server() as s:
        anna, code = _table(s.url)
        dora, mine = _seated(s.url, code, "Dora")
        dora.until("state")
        other = RawPeer(s.url, source=OTHER)
        other.send({"type": "rejoin", "code": code, "token": mine["token"]})
        _error(other, "seat-connected")
        dora.send({"type": "sync"})  # Dora still holds her seat, and was never told otherwise
        assert [y["seat"] for y in dora.until("state")["yours"]] == [mine["seat"]]


def test_with_no_host_the_players_are_asked_and_with_nobody_the_claim_is_refused():
    with server() as s:
        plans = [{"place": "host", "name": "Anna"}, {"place": "remote"}, {"place": "remote"}]
        anna, code = _table(s.url, seats=plans)
        ben, _ = _seated(s.url, code, "Ben")
        dora, _ = _seated(s.url, code, "Dora")
        dora.until("state")
        anna.close()
        dora.close()
        ben.until("presence")
        claimant = RawPeer(s.url, source=OTHER)
        claimant.send({"type": "join", "code": code, "name": "Anna"})
        claimant.until("claim-pending")
        assert ben.until("claim")["name"] == "Anna"  # the host is away: the players are asked
        ben.close()
        _error(claimant, "claim-refused")  # the only one who could answer left
        last = RawPeer(s.url, source=THIRD)
        last.send({"type": "join", "code": code, "name": "Dora"})
        _error(last, "no-one-to-ask")


@pytest.mark.parametrize("token", ["žeton" * 4, "x" * 300, "", "\x00" * 22, "🂡" * 22])
def test_a_token_of_any_shape_is_a_wrong_token(token):
    with server() as s:
        anna, code = _table(s.url)
        peer = RawPeer(s.url, source=OTHER)
        peer.send({"type": "rejoin", "code": code, "token": token})
        _error(peer, "malformed" if len(token) > 256 else "bad-token")
        peer.send({"type": "ping", "ref": 1})  # the connection lives on
        assert peer.until("pong")["ref"] == 1


def test_probing_codes_meets_the_code_gate_and_a_family_with_the_code_gets_in_at_once():
    with server() as s:
        anna, code = _table(s.url, source=THIRD)
        guesser = RawPeer(s.url, source=OTHER)
        wrong = "".join("C" if ch != "C" else "F" for ch in code)
        for _ in range(ADDRESS_GUESSES.burst):
            guesser.send({"type": "join", "code": wrong, "name": "Guess"})
            _error(guesser, "no-table")
        guesser.send({"type": "join", "code": wrong, "name": "Guess"})
        _error(guesser, "too-many-guesses")  # past its burst: at once, telling nothing
        prober = RawPeer(s.url, source=OTHER)  # `create` is no oracle either
        prober.send({"type": "create", "mode": "standard", "code": "x" * 4,
                     "seats": [{"place": "host", "name": "P"}, {"place": "remote"}]})
        _error(prober, "bad-table")  # a picked code is long enough to be no guess
        # A family at another address of the network, with the right code: in at once.
        family, seat = _seated(s.url, code, "Dora", source="127.0.0.4")
        assert seat["seat"] == 1


def test_a_picked_code_that_exists_is_a_guess():
    with server() as s:
        owner = RawPeer(s.url, source=THIRD)
        plans = [{"place": "host", "name": "P"}, {"place": "remote"}]
        owner.send({"type": "create", "mode": "standard", "code": "SMITHFAMILY", "seats": plans})
        owner.until("joined")
        prober = RawPeer(s.url, source=OTHER)
        prober.send({"type": "create", "mode": "standard", "code": "smith-family", "seats": plans})
        _error(prober, "code-taken")  # a right guess costs nothing
        for _ in range(ADDRESS_GUESSES.burst):
            prober.send({"type": "join", "code": "NOSUCHTABLE", "name": "Guess"})
            _error(prober, "no-table")
        prober.send({"type": "create", "mode": "standard", "code": "smith-family", "seats": plans})
        _error(prober, "too-many-guesses")  # as a wrong join would be, at the same moment


def test_a_connection_that_never_says_hello_is_let_go():
    with server("--hello-within", "1") as s:
        silent = RawPeer(s.url, hello=False, source=OTHER)
        _error(silent, "hello-timeout")
        assert _closed_code(silent) == 1008


def test_one_address_cannot_hold_every_connection():
    with server("--idle-per-address", "3") as s:
        idle = [RawPeer(s.url, source=OTHER) for _ in range(3)]
        extra = RawPeer(s.url, hello=False, source=OTHER)
        _error(extra, "too-many-connections")
        assert _closed_code(extra) == 1008
        # Everyone else is served; and a seated connection is no idle one.
        anna, code = _table(s.url, source=THIRD)
        idle[0].send({"type": "join", "code": code, "name": "Dora"})
        idle[0].until("joined")
        RawPeer(s.url, source=OTHER).send({"type": "ping", "ref": 2})


def test_one_address_cannot_fill_the_server_with_tables_or_computers():
    with server("--tables-per-address", "2", "--computers-per-address", "3") as s:
        plans = [{"place": "host", "name": "P"}, {"place": "computer", "level": "expert"}]
        for _ in range(2):
            _table(s.url, source=OTHER, seats=plans)
        extra = RawPeer(s.url, source=OTHER)
        extra.send({"type": "create", "mode": "standard", "seats": plans})
        _error(extra, "too-many-tables")
        _table(s.url, source=THIRD, seats=plans)  # another address is not touched
        many = [{"place": "host", "name": "P"}] + [{"place": "computer", "level": "expert"}] * 3
        crowd = RawPeer(s.url, source=THIRD)
        crowd.send({"type": "create", "mode": "standard", "seats": many})
        _error(crowd, "too-many-computers")


def test_messages_are_checked_in_one_place_before_any_handler():
    with server() as s:
        peer = RawPeer(s.url, source=OTHER)
        for bad in ({"type": "join", "code": "ABCDEF", "name": "x" * 1000},
                    {"type": "join", "code": ["ABCDEF"], "name": "Ben"},
                    {"type": "create", "mode": "chess", "seats": []},
                    {"type": "create", "mode": "standard", "seats": ["host"]},
                    {"type": "create", "mode": "standard", "seats": [{"place": "host"}] * 50},
                    {"type": "admit", "claim": "1", "allow": True},
                    {"type": "computer", "seat": 1, "level": "godlike"},
                    {"type": "play", "seat": 0, "move": "", "number": -1}):
            peer.send(bad)
            _error(peer, "malformed")
        peer.send({"type": "admit", "claim": 1, "allow": True})
        _error(peer, "not-seated")


def test_a_flood_of_connections_from_one_address_is_cut_and_the_log_stays_short():
    import socket

    with server("--idle-per-address", "2") as s:
        flood = []
        for _ in range(300):  # raw TCP, never a handshake: each held a file before
            try:
                flood.append(socket.create_connection(("127.0.0.1", s.port), timeout=5,
                                                      source_address=(OTHER, 0)))
            except OSError:
                break
        anna, code = _table(s.url, source=THIRD)  # everyone else is still served
        dora, _ = _seated(s.url, code, "Dora", source=THIRD)
        for sock in flood:
            sock.close()
        err = s.stop()
    assert len(err.splitlines()) < 40, err[-3000:]


class _Freezer:
    """A TCP proxy on loopback that can stop passing bytes: a connection gone silent (a
    laptop lid closed) that the server has not yet noticed."""

    def __init__(self, port: int) -> None:
        import socket
        import threading

        self.target, self.frozen = port, threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"ws://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import socket
        import threading

        client, _ = self.listener.accept()
        upstream = socket.create_connection(("127.0.0.1", self.target))
        for a, b in ((client, upstream), (upstream, client)):
            threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source, sink) -> None:
        try:
            while data := source.recv(65536):
                if not self.frozen.is_set():
                    sink.sendall(data)
        except OSError:
            pass


@pytest.mark.slow  # a real server waits out a silent connection (make test-slow: make test's five minutes)
def test_a_token_takes_a_seat_from_a_connection_gone_silent_and_tells_it():
    with server() as s:
        anna, code = _table(s.url)
        proxy = _Freezer(s.port)
        dora = RawPeer(proxy.url)
        dora.send({"type": "join", "code": code, "name": "Dora"})
        mine = dora.until("joined")["seats"][0]
        dora.until("state")
        proxy.frozen.set()  # the server still thinks Dora is here
        back = RawPeer(s.url, source=OTHER)
        back.send({"type": "rejoin", "code": code, "token": mine["token"]})
        assert back.until("joined")["seats"][0]["seat"] == mine["seat"]
        assert [y["seat"] for y in back.until("state")["yours"]] == [mine["seat"]]


def _pings(count: int) -> bytes:
    """`count` masked ping frames of 125 bytes, as a client sends them."""
    mask, payload = b"\x01\x02\x03\x04", b"x" * 125
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return (bytes([0x89, 0x80 | len(payload)]) + mask + masked) * count


def test_a_flood_of_pings_is_cut_and_everyone_else_is_served():
    with server() as s:
        flooder = RawPeer(s.url, source=OTHER)  # said hello: no deadline will let it go
        with contextlib.suppress(OSError):  # the cut may come while it still sends
            for _ in range(100):
                flooder.ws.socket.sendall(_pings(100))
        with pytest.raises(ConnectionClosed):
            for _ in range(100):
                flooder.recv(timeout=30)
        other = RawPeer(s.url, source=THIRD)
        other.send({"type": "ping", "ref": 7})
        assert other.until("pong")["ref"] == 7
