"""A throttle no clock can read (issue 45): every answer about a table code comes at a moment
decided before the code is looked at, paced per address, per network and for the whole
server; a family with the code, and a player back by token, are not held."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import selectors
import statistics
import threading
import time

import pytest

from game.engine.modes import Mode
from game.online.server.limits import Limits
from game.online.server.networks import network_of
from game.online.server.pace import ADDRESS_GUESSES, Cadence, CodeGate
from game.online.server.server import Peer, Server
from game.online.server.table import Table
from game.online.shared.protocol import ProtocolError, checked
from tests.online.helpers import RawPeer, server

OTHER, THIRD = "127.0.0.2", "127.0.0.3"  # other addresses of this machine's loopback
CODE, WRONG = "KTR4WM", "FFFFFF"


def _answer(peer: RawPeer) -> str:
    message = peer.recv(timeout=30)
    while message["type"] not in ("joined", "error"):
        message = peer.recv(timeout=30)
    return message["type"] if message["type"] == "joined" else message["code"]


def _ask(url: str, code: str, source: str, name: str = "Guess") -> str:
    """The guesser of issue 45: a new connection for every guess."""
    peer = RawPeer(url, source=source)
    peer.send({"type": "join", "code": code, "name": name})
    answer = _answer(peer)
    peer.close()
    return answer


def _rejoin(url: str, code: str, token: str) -> str:
    peer = RawPeer(url, source="127.0.0.4")
    peer.send({"type": "rejoin", "code": code, "token": token})
    return _answer(peer)


def _table(url: str, far: int = 2):
    """Anna hosts from 127.0.0.3 with `far` seats for people far away."""
    anna = RawPeer(url, source=THIRD)
    anna.send({"type": "create", "mode": "standard", "first": 1, "seats": [
        {"place": "host", "name": "Anna"}] + [{"place": "remote"}] * far})
    return anna, anna.until("joined")["code"]


def test_past_the_burst_a_right_code_is_answered_as_a_wrong_one_and_a_token_still_works():
    with server() as s:
        anna, code = _table(s.url, far=1)
        dora = RawPeer(s.url, source=OTHER)
        dora.send({"type": "join", "code": code, "name": "Dora"})
        token = dora.until("joined")["seats"][0]["token"]
        dora.until("state")  # the game started: her seat waits for her
        dora.close()
        wrong = "".join("C" if ch != "C" else "F" for ch in code)
        assert [_ask(s.url, wrong, OTHER) for _ in range(ADDRESS_GUESSES.burst)] == [
            "no-table"] * ADDRESS_GUESSES.burst
        # Past the burst the right code is not answered at once while a wrong one waits
        # (issue 45): both get the same answer at the same moment.
        assert _ask(s.url, code, OTHER, "Ben") == _ask(s.url, wrong, OTHER) == "too-many-guesses"
        # Dora, behind the guesser's address, comes back by her token at once.
        back = RawPeer(s.url, source=OTHER)
        back.send({"type": "rejoin", "code": code, "token": token})
        assert back.until("joined")["seats"][0]["token"] == token
        # A rejoin never tells whether a code names a table: a wrong code is a wrong token.
        assert _rejoin(s.url, wrong, token) == _rejoin(s.url, code, "x" * 22) == "bad-token"
        # A family at another address of the same network, with a code: in at once.
        _, other = _table(s.url)
        assert _ask(s.url, other, THIRD, "Ben") == "joined"


def test_many_addresses_in_many_networks_meet_the_servers_pace():
    with server("--server-guesses", "30", "--network-guesses", "5") as s:
        anna, code = _table(s.url)
        sources = [f"127.0.{n}.{m}" for n in range(10, 22) for m in range(1, 5)]
        answers = [_ask(s.url, WRONG, source) for source in sources for _ in range(4)]
        assert answers.count("no-table") == 30, answers  # the server's burst, then nothing
        assert set(answers) == {"no-table", "too-many-guesses-network", "too-many-guesses-server"}
        # Now a right code from a network never heard of is answered as a wrong one: a
        # guesser with endless addresses learns nothing more until the server's pace allows.
        assert _ask(s.url, code, "127.0.99.1", "Ben") == "too-many-guesses-server"
        err = s.stop()
    assert len(err.splitlines()) < 40, err[-3000:]


# --- the server's own clock: answer times, right against wrong ---------------------------------

class _Instant(selectors.DefaultSelector):
    """A selector that never sleeps: the loop's clock jumps to its next timer instead."""

    def __init__(self, loop: _VirtualLoop) -> None:
        super().__init__()
        self.loop = loop

    def select(self, timeout=None):
        ready = super().select(0)
        if not ready and timeout:
            self.loop.now += timeout
        return ready


class _VirtualLoop(asyncio.SelectorEventLoop):
    """An event loop on a clock of its own: minutes of held answers run in a moment, and no
    load on the machine moves an answer by a microsecond."""

    def __init__(self) -> None:
        self.now = 0.0
        super().__init__(_Instant(self))

    def time(self) -> float:
        return self.now


# Short paces, so that a few dozen requests spend every burst and meet holds and refusals.
LIMITS = Limits(guesses=3, guess_interval=4.0, network_guesses=6, network_guess_interval=3.0,
                server_guesses=8, server_guess_interval=2.0)


async def _when(peer: Peer, asked: float) -> tuple[float, str]:
    """How long after it was asked the peer's request was answered, and how: an answer
    that tells (joined, no-table...), or a refusal that tells nothing (the gate's)."""
    message = json.loads(await peer.outbox.get())
    kind = message["code"] if message["type"] == "error" else message["type"]
    told = "refused " + kind if kind.startswith("too-many-guesses") else "answered"
    return round(asyncio.get_running_loop().time() - asked, 9), told


async def _requests(steps: list[tuple[float, bool, bool]]) -> list[tuple[float, str]]:
    """Join requests from one address, as `steps` say: (pause before it, a right code or not,
    wait for its answer before the next). Each one's answer time and kind."""
    loop = asyncio.get_running_loop()
    srv = Server(limits=LIMITS, clock=loop.time)
    srv.tables[CODE] = Table(CODE, Mode.STANDARD, [{"place": "host", "name": "Anna"}]
                             + [{"place": "remote"}] * 3, -1, seed=1)
    answers = []
    for number, (pause, right, wait) in enumerate(steps, start=1):
        await asyncio.sleep(pause)
        peer = Peer(number, None, "10.0.0.5", hello=True)
        srv.peers[peer.id] = peer
        asked = loop.time()
        message = {"type": "join", "code": CODE if right else WRONG, "name": f"P{number}"}
        try:
            srv._dispatch(peer, checked(message, True))
        except ProtocolError as err:  # refused at once: what the reader sends
            peer.outbox.put_nowait(json.dumps({"type": "error", "code": err.code}))
        answers.append(asyncio.ensure_future(_when(peer, asked)))
        if wait:
            await answers[-1]
    out = [await answer for answer in answers]
    srv.close()
    return out


def _answered(steps) -> list[tuple[float, str]]:
    loop = _VirtualLoop()
    try:
        return loop.run_until_complete(_requests(steps))
    finally:
        loop.close()


def test_right_and_wrong_codes_are_answered_at_the_same_moment_after_any_history():
    """300 random histories of one address (right and wrong codes, some waiting for their
    answer, some not): the last request is answered at the same moment and in the same way
    (an answer, or the same refusal) whether its code is right or wrong."""
    rng = random.Random(45)
    waits: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(300):
        steps = [(rng.choice((0.0, 0.5, 1.0, 3.0, 8.0)), rng.random() < 0.3, rng.random() < 0.5)
                 for _ in range(rng.randint(3, 25))]
        pause = rng.choice((0.0, 1.0, 4.0))
        right = _answered(steps + [(pause, True, True)])
        wrong = _answered(steps + [(pause, False, True)])
        assert right[:-1] == wrong[:-1]  # the same history
        assert right[-1] == wrong[-1], (steps, right[-1], wrong[-1])
        for kind, answer in ((True, right[-1]), (False, wrong[-1])):
            waits[kind].append(answer[0])
    assert sorted(waits[True]) == sorted(waits[False])  # one distribution, to the nanosecond
    held = [w for w in waits[True] if w > 0]
    assert len(held) > 30, held  # many were held: the histories spent the bursts


def test_a_right_code_is_given_back_only_when_its_answer_is_due():
    gate = CodeGate(Cadence(2, 10.0), Cadence(100, 1.0), Cadence(100, 1.0), hold_max=25.0)
    assert gate.ask("a", 0.0, right=False) == 0
    assert gate.ask("a", 0.0, right=False) == 0
    assert gate.ask("a", 0.0, right=True) == 10.0  # held, its share kept until then
    assert gate.ask("a", 0.0, right=False) == 20.0  # so this one waits behind it
    assert gate.ask("a", 10.0, right=False) == 10.0  # given back at 10: 20 without it
    assert gate.ask("a", 10.0, right=True) == 20.0
    try:
        gate.ask("a", 10.0, right=True)
        raise AssertionError("a wait past the longest hold")
    except ProtocolError as err:
        assert err.code == "too-many-guesses" and "try again in a minute" in str(err)
    assert gate.ask("b", 10.0, right=False) == 0  # another address has its own
    gate.tidy(1000.0)
    assert gate.remembered == 0


def test_networks_are_a_v4_24_and_a_v6_48():
    assert network_of("192.0.2.7") == network_of("192.0.2.200") == "192.0.2.0/24"
    assert network_of("2001:db8:1:2::/64") == network_of("2001:db8:1:ff::/64") == "2001:db8:1::/48"
    assert network_of("?") == "?"


def test_held_and_refused_guesses_are_summed_up_at_warning_every_30_s(caplog):
    async def main():
        loop = asyncio.get_running_loop()
        srv = Server(limits=LIMITS, clock=loop.time)
        srv.tidy(0.0)
        for number in range(1, 30):
            peer = Peer(number, None, f"10.0.{number % 3}.5", hello=True)
            srv.peers[peer.id] = peer
            try:
                srv._dispatch(peer, checked({"type": "join", "code": WRONG, "name": "G"}, True))
            except ProtocolError:
                pass
        with caplog.at_level(logging.WARNING, "scare_it.server"):
            srv.tidy(29.0)
            assert not caplog.records  # not yet: every 30 s at most
            srv.tidy(30.0)
            srv.tidy(31.0)
        srv.close()

    loop = _VirtualLoop()
    try:
        loop.run_until_complete(main())
    finally:
        loop.close()
    [line] = [r.getMessage() for r in caplog.records]
    assert "answers held" in line and "refused" in line and "from 3 addresses in 3 networks" in line


# --- the same on the wall clock -------------------------------------------------------------

def _probe_times(url: str, code: str, source: str, kinds: list[bool], out: dict) -> None:
    """From one address: a wrong guess spends its burst of one, then at once the probe, held
    about a second whatever its code; then a pause until the address has its burst again."""
    for number, right in enumerate(kinds):
        primer, probe = RawPeer(url, source=source), RawPeer(url, source=source)
        primer.send({"type": "join", "code": WRONG, "name": "Primer"})
        assert _answer(primer) == "no-table"
        asked = time.perf_counter()
        name = f"Probe {source} {number}"  # each its own: a name of an away seat is a claim
        probe.send({"type": "join", "code": code if right else WRONG, "name": name})
        told = _answer(probe)
        out[right].append(time.perf_counter() - asked)
        assert told != "no-table" if right else told == "no-table"
        primer.close()
        probe.close()
        time.sleep(1.3)


@pytest.mark.slow
def test_right_and_wrong_codes_take_the_same_time_on_the_wall_clock():
    """200 held answers from 10 addresses at once, right or wrong at random: the same
    distribution within a few milliseconds (each is held about a second)."""
    with server("--guesses", "1", "--guess-interval", "1", "--network-guesses", "100000",
                "--server-guesses", "100000") as s:
        anna, code = _table(s.url, far=1)
        rng = random.Random(45)
        times: dict[bool, list[float]] = {True: [], False: []}
        threads = [threading.Thread(target=_probe_times, args=(
            s.url, code, f"127.0.{n}.9", [rng.random() < 0.5 for _ in range(20)], times))
            for n in range(40, 50)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(300)
    assert len(times[True]) + len(times[False]) == 200 and min(map(len, times.values())) > 60
    quartiles = {kind: statistics.quantiles(values, n=4) for kind, values in times.items()}
    assert min(quartiles[True][1], quartiles[False][1]) > 0.9  # held, both
    for right, wrong in zip(quartiles[True], quartiles[False], strict=True):
        assert abs(right - wrong) < 0.005, quartiles  # 5 ms
