"""Continue from the title while the table's server restarts (issue 51): the far window keeps
trying as a table's dropped connection does, says so with a clock and a Leave button, and
takes its seat back with no click once the server is up. The time is the join screen's own
clock (a test's clock: a pause moves it at once)."""

from __future__ import annotations

import pytest

from game.scenes.online.join import JoinScene
from game.scenes.online.play import OnlineKind
from tests.online.helpers import ServerProcess, host
from tests.scenes.drive import is_table
from tests.scenes.test_online import (  # noqa: F401 - app is the window fixture
    LIMIT,
    app,
    button,
    button_text_starting,
    join_by_typing,
    play_by_mouse,
    press,
    run_until,
    top,
)
from tests.scenes.test_online_host_back import Clock

pytestmark = pytest.mark.slow  # online games through windows and a server (make test-slow)

def test_continue_while_the_server_restarts_keeps_trying_and_takes_the_seat_back(
        app, tmp_path, monkeypatch):  # noqa: F811
    clock = Clock()
    monkeypatch.setattr(JoinScene, "clock", staticmethod(clock))
    monkeypatch.setattr(JoinScene, "sleep", staticmethod(clock.sleep))
    s = ServerProcess(db=tmp_path / "tables.sqlite3")
    anna = None
    try:  # Anna plays from the command line; the table waits for Mia while she is away
        anna, code = host(s.url, "--seats", "2", "--name", "Anna", "--bot", "easy")
        join_by_typing(app, s.url, code, "Mia")
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []
        run_until(app, lambda: len(table.state.moves) >= 2, LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        moves = len(table.state.moves)
        app.go_to_menu()  # Mia's window is closed; her seat waits for her
        run_until(app, lambda: top(app) == "TitleScene")
        s.stop()  # the server restarts: nobody answers at its address for a while
        press(app, button_text_starting(app, "Continue"))
        scene = app.stack.top
        assert isinstance(scene, JoinScene)
        said: list[str] = []
        run_until(app, lambda: clock() >= 40.0, 30.0,
                  lambda: said.append(scene.message()[0]))
        clock.frozen = True  # the server comes up 40 s later, by the join screen's clock
        assert app.stack.top is scene and button(app, "Leave the table") is not None
        assert any(words.startswith("Trying to reach the table… (0:3") for words in said), \
            said[-3:]
        s = ServerProcess(db=s.db, port=s.port)
        run_until(app, lambda: is_table(app, OnlineKind), 30.0)  # no click
        assert len(app.stack.top.state.moves) >= moves
    finally:
        if anna is not None:
            anna.kill()
            anna.communicate(timeout=30)
        s.stop()
    assert not any("Nobody answers" in words for words in said)
