"""Bad peers are refused while the table plays on for everyone else: illegal moves, moves out
of turn or for another seat, stale moves, malformed, oversized and flooding messages, wrong
tokens and guessed codes."""

from __future__ import annotations

import json
import threading

import pytest
from websockets.exceptions import ConnectionClosed

from game.engine.moves import legal_moves
from game.engine.position import parse_position
from game.online.shared.protocol import BURST, ERRORS, MAX_CLIENT_MESSAGE, STRIKES
from tests.online.helpers import RawPeer, finish, host, server, spawn


def _refused(peer: RawPeer, code: str) -> dict:
    assert code in ERRORS
    message = peer.until("error")
    assert message["code"] == code, message
    return message


def _closed(peer: RawPeer) -> int:
    with pytest.raises(ConnectionClosed) as caught:
        for _ in range(10 * STRIKES):
            peer.recv(timeout=10)
    return caught.value.rcvd.code if caught.value.rcvd else None


def _flood(peer: RawPeer) -> None:
    try:
        for _ in range(10 * STRIKES + BURST):
            peer.send({"type": "ping"})
    except ConnectionClosed:
        pass


def test_a_seated_cheat_is_refused_and_the_game_finishes_for_all():
    with server() as s:
        h, code = host(s.url, "--mode", "standard", "--seats", "3", "--bot", "easy", "--first", "2")
        cheat = RawPeer(s.url)
        cheat.send({"type": "join", "code": code, "name": "Mallory"})
        me = cheat.until("joined")["seats"][0]["seat"]
        ben = RawPeer(s.url)  # a slow, fair player: it moves only when this test says
        ben.send({"type": "join", "code": code, "name": "Ben"})
        other = ben.until("joined")["seats"][0]["seat"]
        state = cheat.until("state")
        assert state["turn"] == me == 1  # --first 2: the cheat opens the game
        position = parse_position(state["position"])
        legal = {m.text for m in legal_moves(position)}
        # Garbage of every shape, then moves the table must refuse.
        for junk in ("not json", "[1,2]", '{"no":"type"}', '{"type":7}', b"\xff\xfe",
                     json.dumps({"type": "dance"}), json.dumps({"type": "play", "seat": "2"}),
                     json.dumps({"type": "play", "seat": True, "move": "a1xa2", "number": 0})):
            cheat.send(junk)
            _refused(cheat, "malformed")
        illegal = next(t for t in ("a1xa2", "a2xa1") if t not in legal)
        cheat.send({"type": "play", "seat": me, "move": illegal, "number": 0})
        _refused(cheat, "illegal-move")
        cheat.send({"type": "play", "seat": me, "move": "a1xa9", "number": 0})
        _refused(cheat, "illegal-move")
        cheat.send({"type": "play", "seat": 0, "move": sorted(legal)[0], "number": 0})
        _refused(cheat, "not-your-seat")
        cheat.send({"type": "play", "seat": 5, "move": sorted(legal)[0], "number": 0})
        _refused(cheat, "not-your-seat")
        cheat.send({"type": "play", "seat": 99, "move": sorted(legal)[0], "number": 0})
        _refused(cheat, "malformed")  # no table has a seat 100: the message is wrong
        cheat.send({"type": "play", "seat": me, "move": sorted(legal)[0], "number": 5})
        _refused(cheat, "stale")
        assert cheat.until("state")["moves"] == []  # a stale sender is given the whole game
        cheat.send({"type": "computer", "seat": 0, "level": "easy"})
        _refused(cheat, "not-host")
        cheat.send({"type": "join", "code": code, "name": "Again"})
        _refused(cheat, "already-seated")
        # Now it plays fair; on Ben's turn it tries to play first and is refused.
        out_of_turn = 0
        cheat.send({"type": "play", "seat": me, "move": sorted(legal)[0], "number": 0})
        while True:
            message = cheat.recv(timeout=60)
            if message["type"] != "moved":
                continue
            if message["over"]:
                break
            number, turn = message["number"] + 1, message["turn"]
            move = legal_moves(parse_position(message["position"]))[0].text
            if turn == other:  # nobody else can move now, so the refusal is certain
                cheat.send({"type": "play", "seat": me, "move": move, "number": number})
                _refused(cheat, "not-your-turn")
                out_of_turn += 1
                ben.send({"type": "play", "seat": other, "move": move, "number": number})
            elif turn == me:
                cheat.send({"type": "play", "seat": me, "move": move, "number": number})
        assert out_of_turn > 0
        assert cheat.until("over")["record"]
        assert ben.until("over")["result"] == hout_last(h)
        cheat.close()
        ben.close()


def hout_last(process) -> str:
    code, out, err = finish(process)
    assert code == 0, err
    return out[-1]


@pytest.mark.slow  # a real server under a flood beside a whole game (make test-slow: make test's five minutes)
def test_oversized_flooding_and_rude_peers_are_let_go_while_a_game_plays_on():
    with server() as s:
        h, code = host(s.url, "--mode", "all-included", "--seats", "2", "--bot", "easy")
        j = spawn("join", s.url, code, "--name", "Ben", "--bot", "normal")
        lobby, waiting = host(s.url, "--mode", "standard", "--seats", "3", "--bot", "easy")
        big = RawPeer(s.url)
        big.send(json.dumps({"type": "join", "code": code, "name": "x" * MAX_CLIENT_MESSAGE}))
        assert _closed(big) == 1009  # message too big: the library closes the connection
        flood = RawPeer(s.url)
        threading.Thread(target=_flood, args=(flood,), daemon=True).start()
        codes = []
        with pytest.raises(ConnectionClosed) as caught:
            while True:
                codes.append(flood.recv(timeout=30).get("code"))
        assert "rate-limited" in codes and caught.value.rcvd.code == 1008
        rude = RawPeer(s.url, hello=False)
        rude.send({"type": "join", "code": code, "name": "Zed"})
        _refused(rude, "hello-first")
        assert _closed(rude) == 1008
        old = RawPeer(s.url, hello=False)
        old.send({"type": "hello", "version": 99})
        _refused(old, "version")
        forger = RawPeer(s.url)
        forger.send({"type": "rejoin", "code": code, "token": "not-a-token"})
        _refused(forger, "bad-token")
        forger.send({"type": "join", "code": waiting, "name": "\u2028\u2029 \n\x85"})
        _refused(forger, "bad-name")
        forger.send({"type": "join", "code": waiting, "name": "x" * 25})
        _refused(forger, "bad-name")
        forger.send({"type": "join", "code": waiting, "name": "Host"})
        _refused(forger, "name-taken")
        forger.send({"type": "join", "code": waiting, "name": " Zo\u2028e "})
        assert forger.until("lobby")["seats"][1]["name"] == "Zo e"
        full = RawPeer(s.url)
        hc, hout, herr = finish(h)
        jc, jout, _ = finish(j)
        assert (hc, jc) == (0, 0), herr
        full.send({"type": "join", "code": code, "name": "Late"})
        _refused(full, "table-full")
        lobby.kill()
        finish(lobby)
