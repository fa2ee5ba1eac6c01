"""A couch host comes back (issue 45 #2, issue 51 #4): one connection takes back every seat its
tokens open, by the protocol and by the window's Continue."""

from __future__ import annotations

from game.engine.modes import Mode
from game.online.client.client import OnlineClient
from tests.online.helpers import RawPeer, server

OTHER = "127.0.0.2"
COUCH = [{"place": "host", "name": "Eva"}, {"place": "host", "name": "Ben"}, {"place": "remote"}]


def test_a_couch_host_dropped_mid_game_takes_back_both_home_seats_on_one_connection():
    with server() as s:
        host = RawPeer(s.url, source=OTHER)
        host.send({"type": "create", "mode": "standard", "seats": COUCH, "first": 1})
        joined = host.until("joined")
        code, tokens = joined["code"], [seat["token"] for seat in joined["seats"]]
        assert len(tokens) == 2
        far = RawPeer(s.url)
        far.send({"type": "join", "code": code, "name": "Far"})
        far.until("state")
        host.until("state")
        host.close()  # the host's connection drops
        assert far.until("presence")["connected"] is False
        back = RawPeer(s.url, source=OTHER)
        for token in tokens:
            back.send({"type": "rejoin", "code": code, "token": token})
            message = _answer(back)
            assert message["type"] == "joined", message  # never `already-seated`
        assert [seat["seat"] for seat in message["seats"]] == [0, 1]
        state = back.until("state")
        assert sorted(y["seat"] for y in state["yours"]) == [0, 1]
        # Another table's token on the same connection is still refused.
        other = RawPeer(s.url)
        other.send({"type": "create", "mode": "standard", "seats": COUCH[:2]})
        stranger = other.until("joined")["seats"][0]["token"]
        back.send({"type": "rejoin", "code": other.until("lobby")["code"], "token": stranger})
        assert _answer(back)["code"] == "already-seated"


def _answer(peer: RawPeer) -> dict:
    """The answer to a rejoin: `joined`, or the error that refused it."""
    while True:
        message = peer.recv()
        if message["type"] in ("joined", "error"):
            return message


def test_the_client_takes_back_every_home_seat_after_a_drop():
    with server() as s:
        host = OnlineClient(s.url).connect()
        code = host.create(Mode.STANDARD, COUCH, first=1)
        far = OnlineClient(s.url).connect()
        far.join(code, "Far")
        tokens = [host.mirror.tokens[seat] for seat in sorted(host.mirror.tokens)]
        host.close()
        again = OnlineClient(s.url).connect()
        assert again.rejoin(code, tokens) == (0, 1)
        again.close()
        far.close()

