"""The claim path end to end against a real server (docs/PROTOCOL.md, issue 31): a player
without their token asks by name and the host lets them in (or not); a stolen token never
silently unseats a connected player. These need the server side of issue 31."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from game.engine.modes import Mode
from game.online.client.client import OnlineClient, OnlineError
from game.online.client.mirror import ClaimAsked, ClaimSettled, Started
from game.online.client.tokens import TokenStore
from game.online.shared.protocol import HOST, REMOTE
from tests.online import test_client
from tests.online.helpers import finish, host, server, spawn
from tests.online.test_claims import _until

url = test_client.url  # a server in a background thread, as the window hosts


def _started_table(url):
    host = OnlineClient(url).connect()
    code = host.create(Mode.STANDARD, [{"place": HOST, "name": "Anna"}, {"place": REMOTE}])
    alice = OnlineClient(url).connect()
    alice.join(code, "Alice")
    _until(host, Started)
    return host, alice, code


def _claim_in_thread(url, code, name):
    newcomer = OnlineClient(url).connect()
    outcome: dict = {}

    def ask():
        try:
            outcome["seat"] = newcomer.join(code, name)
        except OnlineError as err:
            outcome["error"] = err.code

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    return newcomer, thread, outcome


@pytest.mark.parametrize("allow", [True, False])
def test_a_name_without_its_token_waits_for_the_hosts_word(url, allow):
    host, alice, code = _started_table(url)
    old_token = alice.token
    alice.close()  # Alice's connection blips
    newcomer, thread, outcome = _claim_in_thread(url, code, "Alice")
    claim = _until(host, ClaimAsked)
    assert claim.name == "Alice" and claim.seat == 1
    host.admit(claim.claim, allow)
    assert _until(host, ClaimSettled).allow is allow
    thread.join(30)
    if allow:
        assert outcome == {"seat": 1} and newcomer.token != old_token
        stale = OnlineClient(url).connect()
        with pytest.raises(OnlineError) as refused:
            stale.rejoin(code, [old_token])
        assert refused.value.code == "bad-token"  # the old token stopped working
        stale.close()
    else:
        assert outcome == {"error": "claim-refused"}
    for client in (host, newcomer):
        client.close()


def test_a_stolen_token_does_not_unseat_a_connected_player(url):
    host, alice, code = _started_table(url)
    thief = OnlineClient(url).connect()
    with pytest.raises(OnlineError) as refused:
        thief.rejoin(code, [alice.token])
    assert refused.value.code == "seat-connected"
    assert alice.closed is None
    for client in (host, alice, thief):
        client.close()


@pytest.mark.slow  # a real server and two connections' claim (make test-slow: make test's five minutes)
def test_the_holder_is_told_when_the_seat_is_taken_over(tmp_path):
    """Alice's computer freezes (SIGSTOP: the connection stays open, nothing answers a ping):
    her token on a new connection takes the seat, and when her computer wakes up it is told,
    and `scare-it join` says so and stops instead of taking the seat back."""
    tokens = tmp_path / "alice.json"
    with server() as s:
        anna, code = host(s.url, "--seats", "2", "--name", "Anna", "--first", "1")  # Anna thinks
        alice = spawn("join", s.url, code, "--name", "Alice", "--token-file", str(tokens))
        try:
            assert alice.stdout.readline().strip() == "seat 2"
            os.kill(alice.pid, signal.SIGSTOP)
            kept = TokenStore.load(tokens).get(s.url, code)
            # The frozen holder answers no ping, so the token takes its seat. A ping already
            # answered as the freeze landed (a loaded machine) keeps it one try longer.
            for attempt in range(3):
                again = OnlineClient(s.url).connect()
                try:
                    assert again.rejoin(code, [t for _seat, t in kept.tokens]) == (1,)
                    break
                except OnlineError as err:
                    again.close()
                    if err.code != "seat-connected" or attempt == 2:
                        raise
            os.kill(alice.pid, signal.SIGCONT)
            returncode, _out, err = finish(alice)
            again.close()
        finally:
            for process in (alice, anna):
                if process.poll() is None:
                    os.kill(process.pid, signal.SIGCONT)
                    process.kill()
    assert returncode == 1 and "taken over" in err
