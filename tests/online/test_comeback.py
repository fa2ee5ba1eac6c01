"""Coming back by itself (issue 51): a stopping server says it restarts, and a dropped client
tries again for minutes by its own clock, ending at once on an answer that cannot change."""

from __future__ import annotations

import asyncio
import threading

import pytest

from game.engine.modes import Mode
from game.online.client.client import OnlineClient, OnlineError
from game.online.client.comeback import PATIENCE, Comeback, clock_words
from game.online.client.mirror import Closed
from game.online.server.server import run_server


class Clock:
    """A clock that a pause moves on at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> bool:
        self.now += seconds
        return False


class Unreachable:
    """A client whose table does not answer (`errors`, in turn), then does."""

    def __init__(self, *errors: str) -> None:
        self.errors = list(errors)
        self.tries = 0
        self.closed = False

    def reconnect(self) -> None:
        self.tries += 1
        if self.errors:
            code = self.errors.pop(0)
            raise OnlineError(code, code)

    def close(self) -> None:
        self.closed = True


def test_a_dropped_client_tries_for_minutes_and_comes_back():
    clock = Clock()
    client = Unreachable(*["no-server"] * 30)  # the host's window is opened again later
    back = Comeback(client, clock=clock, sleep=clock.sleep)
    assert back.wait(10) and back.error is None
    assert client.tries == 31 and 120 < clock.now < PATIENCE  # two minutes and more


def test_it_gives_up_after_its_patience_or_at_once_on_an_answer_that_cannot_change():
    clock = Clock()
    never = Comeback(Unreachable(*["no-answer"] * 1000), clock=clock, sleep=clock.sleep)
    assert never.wait(10) and never.error.code == "lost" and clock.now == PATIENCE
    clock = Clock()
    client = Unreachable("no-server", "bad-token")
    stale = Comeback(client, clock=clock, sleep=clock.sleep)
    assert stale.wait(10) and stale.error.code == "bad-token" and client.tries == 2


def test_leaving_while_it_tries_takes_no_seat_back():
    client = Unreachable(*["no-server"] * 1000)
    back = Comeback(client)
    back.stop()
    assert back.wait(10) and back.error.code == "gave-up" and client.tries <= 1


def test_the_clock_words():
    assert [clock_words(s) for s in (0, 42.9, 60, 131)] == ["0:00", "0:42", "1:00", "2:11"]


@pytest.mark.parametrize("restarting", [True, False])
def test_a_stopping_server_says_it_restarts_and_a_host_leaving_does_not(restarting):
    ready = threading.Event()
    box: dict = {}

    def serve() -> None:
        async def main():
            box["loop"] = asyncio.get_running_loop()
            box["stop"] = box["loop"].create_future()

            def on_ready(_server, port):
                box["port"] = port
                ready.set()

            await run_server("127.0.0.1", 0, ready=on_ready, stop=box["stop"],
                             restarting=restarting)
        asyncio.run(main())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(10)
    client = OnlineClient(f"ws://127.0.0.1:{box['port']}").connect()
    client.create(Mode.STANDARD, [{"place": "host", "name": "Anna"}, {"place": "remote"}])
    box["loop"].call_soon_threadsafe(box["stop"].set_result, None)
    thread.join(15)
    notices = []
    while (notice := client.wait(5)) is not None and not isinstance(notice, Closed):
        notices.append(notice)
    client.close()
    assert isinstance(notice, Closed)
    assert notice.reason == ("restarting" if restarting else "closed")
