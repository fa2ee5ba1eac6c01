"""The client side of seats reclaimed by token or by the host's word (docs/PROTOCOL.md, issue
31): the mirror reads claim-pending, claim, claim-settled and taken; the client waits as long
as a table may take to answer, lets the player give up, and never polls on silence."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future

import pytest

from game.engine.modes import Mode
from game.online.client.client import OnlineClient, OnlineError
from game.online.client.mirror import (
    ClaimAsked,
    ClaimPending,
    ClaimSettled,
    Closed,
    Mirror,
    Seated,
    Started,
    Taken,
)
from game.online.shared.protocol import HOST, REMOTE
from tests.online.fake_server import FakeServer, drain, greet, joined, recv, send
from tests.online.wire import VirtualClock, Wire, connected, started_table

# --- the mirror, no I/O ---------------------------------------------------------------------


def test_the_mirror_reads_a_claim_from_ask_to_settled():
    mirror = Mirror()
    mirror.receive(joined(seats=((0, "host-token"),)))
    [claim] = mirror.receive({"type": "claim", "claim": 7, "seat": 2, "name": "Alice"})
    assert claim == ClaimAsked(7, 2, "Alice") and mirror.claims == {7: claim}
    assert Mirror.admit(7, True) == {"type": "admit", "claim": 7, "allow": True}
    assert mirror.receive({"type": "claim-settled", "claim": 7, "allow": False}) == [
        ClaimSettled(7, False)]
    assert mirror.claims == {}


def test_the_claimant_waits_and_is_told_in_either_way():
    mirror = Mirror()
    assert mirror.receive({"type": "claim-pending", "seat": 1, "name": "Ben"}) == [
        ClaimPending(1, "Ben")]
    assert mirror.pending == ClaimPending(1, "Ben")
    mirror.receive({"type": "error", "code": "claim-refused", "message": "no", "ref": "join"})
    assert mirror.pending is None
    mirror.receive({"type": "claim-pending", "seat": 1, "name": "Ben"})
    assert mirror.receive(joined(seats=((1, "new"),))) == [Seated("KTR4WM", (1,))]
    assert mirror.pending is None and mirror.tokens == {1: "new"}


def test_a_seat_taken_over_is_no_longer_this_connections():
    mirror = Mirror()
    mirror.receive(joined(seats=((0, "a"), (1, "b"))))
    assert mirror.receive({"type": "taken", "seat": 1}) == [Taken(1)]
    assert mirror.mine == (0,) and mirror.tokens == {0: "a"} and mirror.taken == (1,)


@pytest.mark.parametrize("message", [
    {"type": "claim", "claim": "seven", "seat": 2, "name": "Alice"},
    {"type": "claim", "seat": 2, "name": "Alice"},
    {"type": "claim-pending", "name": "Alice"},
    {"type": "claim-settled", "claim": None, "allow": True},
    {"type": "taken"},
])
def test_a_claim_message_that_makes_no_sense_is_doubted_not_a_crash(message):
    mirror = Mirror()
    assert mirror.receive(message) == []
    assert mirror.doubted and mirror.claims == {} and mirror.pending is None


def test_a_doubted_message_says_what_was_seen_and_where_it_failed():
    mirror = Mirror()
    mirror.receive({"type": "claim", "claim": "seven", "seat": 2, "name": "x" * 1000})
    assert "'claim' must be int" in mirror.doubted and "'seven'" in mirror.doubted
    assert "line" in mirror.doubted and len(mirror.doubted) < 600  # the message, cut


# --- the client against a scripted server ----------------------------------------------------


def test_bad_server_messages_are_logged_and_the_client_goes_on(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))

    async def script(ws, received):
        await greet(ws, received)
        await recv(ws, received)
        await ws.send("{not json")
        await send(ws, {"type": "claim", "seat": 2, "name": "Alice"})
        await send(ws, {"type": "news-from-a-newer-server", "what": "Zora"})
        await send(ws, joined())
        await ws.wait_closed()

    with FakeServer(script) as server:
        client = OnlineClient(server.url, answer_wait=5).connect()
        assert client.join("KTR4WM", "Ben") == 1
        client.close()
    log = (tmp_path / "errors.log").read_text(encoding="utf-8")
    assert "not JSON" in log and "{not json" in log
    assert "not believed" in log and "'claim' needs 'claim'" in log and "Alice" in log
    assert "does not know, passed over" in log and "Zora" in log




def test_a_late_answer_to_a_join_is_waited_for(monkeypatch):
    """After wrong guesses from its address the table answers late, not never: the client
    waits longer than it takes to connect (the contract: about a minute)."""
    clock = VirtualClock()
    wire = Wire(clock)
    client = connected(monkeypatch, wire, timeout=0.5, answer_wait=5)
    waits = clock.timed  # the connect's
    seat = _joining(client, "Ben")
    assert clock.begun(waits + 1)  # the wait for the table's answer
    clock.advance(1.0)  # twice the client's connect timeout
    wire.feed(joined())
    assert seat.result(10) == 1
    client.close()


def test_the_answer_wait_lasts_as_long_as_the_contract_allows():
    client = OnlineClient("ws://127.0.0.1:1")
    assert client.answer_wait >= 60 and client.claim_wait >= 120


def test_a_claim_pending_extends_the_wait_until_the_host_says_yes(monkeypatch):
    clock = VirtualClock()
    wire = Wire(clock)
    client = connected(monkeypatch, wire, answer_wait=0.5, claim_wait=10)
    waits = clock.timed  # the connect's
    seat = _joining(client, "Ben")
    assert clock.begun(waits + 1)  # the wait for the table's answer
    wire.feed({"type": "claim-pending", "seat": 1, "name": "Ben"})
    assert clock.begun(waits + 2)  # the wait for the host's word
    clock.advance(1.5)  # longer than the answer wait: the claim wait counts now
    wire.feed(joined())
    assert seat.result(10) == 1
    assert client.pending is None
    client.close()


def test_the_claimant_may_give_up_waiting():
    seen = threading.Event()

    async def script(ws, received):
        await greet(ws, received)
        await recv(ws, received)
        await send(ws, {"type": "claim-pending", "seat": 1, "name": "Ben"})
        await ws.wait_closed()

    with FakeServer(script) as server:
        client = OnlineClient(server.url, claim_wait=60).connect()
        failed: list[OnlineError] = []

        def join():
            try:
                client.join("KTR4WM", "Ben")
            except OnlineError as err:
                failed.append(err)
            seen.set()

        threading.Thread(target=join, daemon=True).start()
        deadline = time.monotonic() + 10
        while client.pending is None:
            assert time.monotonic() < deadline, "no claim-pending"
            time.sleep(0.01)
        client.give_up()
        assert seen.wait(10), "the join still waits after giving up"
        assert failed and failed[0].code in ("gave-up", "lost")


def test_a_refused_claim_is_an_error_the_window_can_word():
    async def script(ws, received):
        await greet(ws, received)
        await recv(ws, received)
        await send(ws, {"type": "claim-pending", "seat": 1, "name": "Ben"})
        await send(ws, {"type": "error", "code": "claim-refused", "message": "refused",
                        "ref": "join"})
        await ws.wait_closed()

    with FakeServer(script) as server:
        client = OnlineClient(server.url).connect()
        with pytest.raises(OnlineError) as refused:
            client.join("KTR4WM", "Ben")
        assert refused.value.code == "claim-refused"
        client.close()


def test_the_asker_answers_a_claim():
    async def script(ws, received):
        await greet(ws, received)
        await recv(ws, received)
        await send(ws, joined(seats=((0, "host"),)))
        await send(ws, {"type": "claim", "claim": 3, "seat": 1, "name": "Ben"})
        await recv(ws, received)  # the answer
        await send(ws, {"type": "claim-settled", "claim": 3, "allow": True})
        await ws.wait_closed()

    with FakeServer(script) as server:
        client = OnlineClient(server.url).connect()
        client.join("KTR4WM", "Anna")
        claim = _until(client, ClaimAsked)
        client.admit(claim.claim, True)
        assert _until(client, ClaimSettled) == ClaimSettled(3, True)
        assert server.received[-1] == {"type": "admit", "claim": 3, "allow": True}
        client.close()


def test_a_seat_taken_over_closes_as_taken_and_is_not_taken_back():
    async def script(ws, received):
        await greet(ws, received)
        await recv(ws, received)
        await send(ws, joined())
        await send(ws, {"type": "taken", "seat": 1})
        await ws.close(1008, "seat taken over")

    with FakeServer(script) as server:
        client = OnlineClient(server.url).connect()
        client.join("KTR4WM", "Ben")
        assert _until(client, Taken) == Taken(1)
        assert _until(client, Closed).reason == "taken"
        assert client.mine == () and client.token is None
        client.close()


def test_a_gap_is_asked_for_once_until_the_state_comes():
    """Two moves that do not follow are one gap: one sync. A state (here one the mirror does
    not believe) ends it; the next gap asks again."""
    async def script(ws, received):
        await greet(ws, received)
        await recv(ws, received)
        await send(ws, joined())
        for message in ({"type": "moved", "number": 3}, {"type": "moved", "number": 4},
                        {"type": "state"}, {"type": "moved", "number": 5},
                        {"type": "pong", "ref": "end"}):
            await send(ws, message)
        await drain(ws, received)

    with FakeServer(script) as server:
        client = OnlineClient(server.url).connect()
        client.join("KTR4WM", "Ben")
        deadline = time.monotonic() + 10
        while sum(m["type"] == "sync" for m in server.received) < 2:
            assert time.monotonic() < deadline, server.received
            time.sleep(0.01)
        client.close()
    assert [m["type"] for m in server.received].count("sync") == 2


def test_a_quiet_game_is_never_polled(monkeypatch):
    """Nobody moves for an hour (the old client asked for the game after 3 s of silence):
    neither client asks for it (a lost message shows as a gap in the numbers, or as a closed
    connection). The real table deals; the hour passes on the wires' virtual clock."""
    clock = VirtualClock()
    wires = {1: Wire(clock), 2: Wire(clock)}
    clients = {conn: connected(monkeypatch, wire) for conn, wire in wires.items()}
    started_table(Mode.STANDARD, [{"place": HOST, "name": "Anna"}, {"place": REMOTE}], wires,
                  {2: "Ben"})
    for client in clients.values():
        _until(client, Started)
    assert all(wire.quiet() for wire in wires.values())
    clock.advance(3600.0)  # an hour with nothing sent
    assert all(wire.quiet() for wire in wires.values())
    assert all(client.game is not None and not client.game.over for client in clients.values())
    assert [wire.types() for wire in wires.values()] == [["hello"], ["hello"]]
    for client in clients.values():
        client.close()


@pytest.mark.parametrize("code", ["too-many-connections", "hello-timeout"])
def test_a_connection_refused_before_its_welcome_says_why(code):
    async def script(ws, received):
        await send(ws, {"type": "error", "code": code, "message": "no"})
        await ws.close(1008, code)

    with FakeServer(script) as server:
        with pytest.raises(OnlineError) as refused:
            OnlineClient(server.url).connect()
    assert refused.value.code == code


def _joining(client, name: str) -> Future:
    """The client's join, in a thread of its own as the window runs it: its seat, or its error."""
    seat = Future()

    def join() -> None:
        try:
            seat.set_result(client.join("KTR4WM", name))
        except OnlineError as err:
            seat.set_exception(err)

    threading.Thread(target=join, daemon=True).start()
    return seat


def _until(client, kind, timeout: float = 10):
    deadline = time.monotonic() + timeout
    while True:
        notice = client.wait(timeout=max(0.01, deadline - time.monotonic()))
        assert notice is not None, f"no {kind.__name__}"
        if isinstance(notice, kind):
            return notice
