"""Asking for an away seat by its name cannot flood the host with questions (issue 45): one
open claim per seat, a few from one address and at one table, none once the game is over."""

from __future__ import annotations

from game.engine.modes import Mode
from game.engine.moves import legal_moves
from game.online.server.pace import ADDRESS_CLAIMS, TABLE_CLAIMS
from game.online.server.table import Table
from game.online.shared.protocol import ProtocolError
from tests.online.helpers import RawPeer, server

OTHER, THIRD = "127.0.0.2", "127.0.0.3"  # other addresses of this machine's loopback


def _away_dora(url: str):
    """Anna hosts a started game at which Dora's seat is away; returns Anna and the code."""
    anna = RawPeer(url)
    anna.send({"type": "create", "mode": "standard", "first": 1, "seats": [
        {"place": "host", "name": "Anna"}, {"place": "remote"}, {"place": "computer", "level": "easy"}]})
    code = anna.until("joined")["code"]
    dora = RawPeer(url)
    dora.send({"type": "join", "code": code, "name": "Dora"})
    dora.until("state")
    dora.close()
    assert anna.until("presence")["connected"] is False
    return anna, code


def _claim_and_drop(url: str, code: str, source: str) -> str:
    """Connect, ask for Dora's seat, read the answer, drop: the spammer's loop."""
    peer = RawPeer(url, source=source)
    peer.send({"type": "join", "code": code, "name": "Dora"})
    answer = peer.recv(timeout=30)
    peer.close()
    return answer["type"] if answer["type"] != "error" else answer["code"]


def _questions(host: RawPeer) -> int:
    """The claims the host's screen was asked, until it has been quiet a while."""
    asked = 0
    while True:
        try:
            message = host.recv(timeout=1.5)
        except TimeoutError:
            return asked
        asked += message["type"] == "claim"


def test_claim_spam_from_one_address_then_from_many_asks_the_host_a_few_times():
    with server() as s:
        anna, code = _away_dora(s.url)
        answers = [_claim_and_drop(s.url, code, THIRD) for _ in range(20)]
        assert answers.count("claim-pending") == ADDRESS_CLAIMS.burst, answers
        assert set(answers) == {"claim-pending", "too-many-claims"}, answers
        assert _questions(anna) == ADDRESS_CLAIMS.burst
        many = [_claim_and_drop(s.url, code, f"127.0.{n}.{m}") for n in range(30, 40)
                for m in (1, 2)]
        assert many.count("claim-pending") == TABLE_CLAIMS.burst - ADDRESS_CLAIMS.burst, many
        assert set(many) == {"claim-pending", "too-many-claims-table"}, many
        assert _questions(anna) == TABLE_CLAIMS.burst - ADDRESS_CLAIMS.burst
        anna.send({"type": "ping", "ref": 1})  # the host's connection is fine
        assert anna.until("pong")["ref"] == 1


def test_one_open_claim_per_seat():
    with server() as s:
        anna, code = _away_dora(s.url)
        first = RawPeer(s.url, source=OTHER)
        first.send({"type": "join", "code": code, "name": "Dora"})
        first.until("claim-pending")
        second = RawPeer(s.url, source=THIRD)
        second.send({"type": "join", "code": code, "name": "Dora"})
        refused = second.until("error")
        assert refused["code"] == "seat-asked", refused
        assert _questions(anna) == 1
        anna.send({"type": "admit", "claim": 1, "allow": False})
        assert first.until("error")["code"] == "claim-refused"
        second.send({"type": "join", "code": code, "name": "Dora"})  # answered: ask again
        second.until("claim-pending")


def test_no_claim_once_the_game_is_over():
    table = Table("ABCDEF", Mode.STANDARD, [{"place": "host", "name": "Anna"}, {"place": "remote"}],
                  1, seed=7, first=0)
    table.host_holds(1)
    table.join(2, "Dora")
    while not table.over:
        turn = table.state.turn
        table.play(1 + turn, turn, legal_moves(table.state.position)[0].text,
                   len(table.state.moves))
    table.drop(2, now=0.0)
    try:
        out = table.join(3, "Dora", now=1.0)
        raise AssertionError(f"a claim after the end: {out}")
    except ProtocolError as err:
        assert err.code == "game-over"
    assert not table.claims
