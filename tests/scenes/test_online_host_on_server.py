"""The window opens a table on a `scare-it serve` server (issue 51): the Host screen's address
beside "on this computer", remembered; the table is the server's, the far player joins it
there, both screens end with one game; an address where nobody answers, or a server that
says no, is told in words."""

from __future__ import annotations

import socket

import pytest

from game.scenes.online.host import HostSetupScene
from game.scenes.online.play import OnlineKind
from game.scenes.online.words import TROUBLE
from tests.online.helpers import LOOPBACK, ServerProcess, finish, host, server, spawn
from tests.scenes.drive import is_table
from tests.scenes.test_online import (  # noqa: F401 - app is the window fixture
    LIMIT,
    app,
    button_text_starting,
    kept_records,
    line,
    play_by_mouse,
    press,
    run_until,
    top,
    type_into,
)


def to_host_screen(app) -> HostSetupScene:  # noqa: F811
    press(app, "New game")
    press(app, "Online")
    assert top(app) == "HostSetupScene"
    return app.stack.top


@pytest.mark.slow  # an online game through windows and a server (make test-slow)
def test_the_window_opens_a_table_on_a_server_and_the_far_player_joins_it_there(
        app, tmp_path):  # noqa: F811
    s = ServerProcess()
    record = tmp_path / "ben.txt"
    ben = None
    try:
        scene = to_host_screen(app)
        assert scene.server_entry.get_text() == ""  # on this computer, unless told
        type_into(app, "server", s.url.removeprefix("ws://"))
        press(app, "Open the table")
        run_until(app, lambda: top(app) == "LobbyScene")
        lobby = app.stack.top
        assert lobby.hosted is None and lobby.client.url == s.url  # the server's table
        ben = spawn("join", s.url, lobby.client.code, "--name", "Ben", "--bot", "easy",
                    "--record", str(record))
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []
        run_until(app, lambda: top(app) == "ScoringScene", LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        returncode, _out, err = finish(ben)
    finally:
        if ben is not None and ben.poll() is None:
            ben.kill()
        s.stop()
    assert returncode == 0, err
    [kept] = kept_records()
    theirs = record.read_text(encoding="utf-8")
    for key in ("moves", "result", "tasks"):
        assert line(kept, key) == line(theirs, key)
    app.go_to_menu()
    scene = to_host_screen(app)  # the next table opens there again, unless told otherwise
    assert scene.server_entry.get_text() == s.url.removeprefix("ws://")


def test_an_address_nobody_answers_at_or_a_server_that_says_no_is_told_in_words(
        app):  # noqa: F811
    with socket.socket() as closed:  # a port nobody listens on
        closed.bind((LOOPBACK, 0))
        port = closed.getsockname()[1]
    scene = to_host_screen(app)
    type_into(app, "server", f"{LOOPBACK}:{port}")
    press(app, "Open the table")
    run_until(app, lambda: scene.opening is None)
    assert top(app) == "HostSetupScene"
    assert scene.error.startswith("Nobody answers at that address. Is a Scare It! server")
    with server("--max-tables", "1") as s:
        eva, _code = host(s.url, "--seats", "2", "--name", "Eva")  # the one table it takes
        try:
            type_into(app, "server", s.url.removeprefix("ws://"))
            press(app, "Open the table")
            run_until(app, lambda: scene.opening is None)
        finally:
            eva.kill()
            eva.communicate(timeout=30)
    assert top(app) == "HostSetupScene" and scene.error == TROUBLE["server-full"]
    assert "(" not in scene.error  # no protocol word in sight


@pytest.mark.slow  # an online game through windows and a server (make test-slow)
def test_the_host_of_a_table_on_a_server_closes_its_window_and_continue_takes_it_back(
        app, tmp_path):  # noqa: F811
    s = ServerProcess()
    ben = None
    try:
        to_host_screen(app)
        type_into(app, "server", s.url.removeprefix("ws://"))
        press(app, "Open the table")
        run_until(app, lambda: top(app) == "LobbyScene")
        code = app.stack.top.client.code
        ben = spawn("join", s.url, code, "--name", "Ben", "--bot", "easy")
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []
        run_until(app, lambda: len(table.state.moves) >= 2, LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        app.go_to_menu()  # the host's window is closed: the table waits on the server
        run_until(app, lambda: top(app) == "TitleScene")
        press(app, button_text_starting(app, "Continue"))
        run_until(app, lambda: is_table(app, OnlineKind))  # by the seat's kept token
        back = app.stack.top
        assert back.kind.client.code == code and back.kind.client.mine == (0,)
        assert len(back.state.moves) >= 2
    finally:
        if ben is not None:
            ben.kill()
            ben.communicate(timeout=30)
        s.stop()
