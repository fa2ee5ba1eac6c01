"""The host's window is killed mid-game and Continues its table a minute later (issue 51): the
far window keeps trying all that while, saying so with a clock, and is back in its seat with
no click. The minute is the link's own clock (a test's clock: a pause moves it at once)."""

from __future__ import annotations

import threading

import pytest

from game.scenes.online.link import TableLink
from game.scenes.online.play import OnlineKind
from game.scenes.table.view import snapshot
from tests.online.helpers import LOOPBACK
from tests.online.test_host_continues import line, next_step, window
from tests.scenes.drive import is_table
from tests.scenes.test_online import (  # noqa: F401 - app is the window fixture
    LIMIT,
    app,
    join_by_typing,
    kept_records,
    play_by_mouse,
    run_until,
    top,
)

BEFORE_KILL = 4  # moves played before the host's window is killed


class Clock:
    """The link's clock: each pause it waits moves it on at once (a tenth of it is really
    waited, so the tries do not spin), until `frozen`."""

    def __init__(self) -> None:
        self.now = 0.0
        self.frozen = False
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def sleep(self, seconds: float) -> bool:
        threading.Event().wait(seconds / 10)
        with self._lock:
            if not self.frozen:
                self.now += seconds
        return False


@pytest.mark.slow  # two windows, one killed and started again (make test-slow)
def test_a_far_window_waits_for_the_host_to_continue_and_is_back_with_no_click(
        app, tmp_path, monkeypatch):  # noqa: F811
    clock = Clock()
    monkeypatch.setattr(TableLink, "patience", 180.0)
    monkeypatch.setattr(TableLink, "clock", staticmethod(clock))
    monkeypatch.setattr(TableLink, "sleep", staticmethod(clock.sleep))
    prefs = tmp_path / "host"
    processes = []
    try:
        eva = window(prefs, "host", "1", str(BEFORE_KILL))
        processes.append(eva)
        lobby = next_step(eva)
        join_by_typing(app, f"ws://{LOOPBACK}:{lobby['port']}", lobby["code"], "Mia")
        run_until(app, lambda: is_table(app, OnlineKind), 30.0)
        table = app.stack.top
        seen: list = []
        playing: dict = {}

        def eva_plays() -> None:
            # Mia plays no further than Eva's window does, on moves that do not end the game
            # (the first legal move ends most Standard deals within 8 moves: a column empties;
            # one CI run ended its game before the kill).
            if len(table.kind.client.game.moves) < BEFORE_KILL:
                play_by_mouse(app, table, seen, lasting=True)
            if not playing and eva.poll() is None:
                threading.Thread(target=lambda: playing.update(next_step(eva)),
                                 daemon=True).start()
                playing["asked"] = True

        run_until(app, lambda: "moves" in playing, LIMIT, eva_plays)
        eva.kill()  # the host's window is gone without a word
        eva.communicate(timeout=30)
        hints: list[str] = []

        def note() -> None:
            if app.stack.top is table:
                hints.append(snapshot(table).hint)

        run_until(app, lambda: clock() >= 60.0, 60.0, note)  # a minute, by the link's clock
        clock.frozen = True
        run_until(app, lambda: True)
        note()
        assert table.kind.link.trying is not None and app.stack.top is table
        assert table.buttons["leave_table"].visible
        assert any(h.startswith("Trying to reach the table… (1:0") for h in hints), hints[-3:]
        again = window(prefs, "continue")  # Eva's Continue opens the table again
        processes.append(again)
        assert next_step(again)["step"] == "table"
        run_until(app, lambda: table.kind.link.trying is None, 60.0, note)
        assert is_table(app, OnlineKind) and app.stack.top is table  # no click, no notice
        run_until(app, lambda: top(app) == "ScoringScene", LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        over = next_step(again)
    finally:
        for p in processes:
            if p.poll() is None:
                p.kill()
    [theirs] = over["replays"]
    [mine] = kept_records()
    for key in ("moves", "tasks"):
        assert line(mine, key) == line(theirs, key)
    assert not any("host has left" in h for h in hints)
