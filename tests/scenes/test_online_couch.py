"""The window's Continue of a couch host's online table (issue 45 #2, issue 51 #4): both home
seats come back to the one screen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.modes import Mode
from game.engine.state import new_game
from game.match.loading import SAVE_FILE
from game.match.record import Hosted, record_of, write_record
from game.online.client.links import DEFAULT_PORT
from game.online.shared.protocol import HOST, REMOTE
from game.online.window.hosting import SeatPlan
from game.online.window.joining import join_table
from game.paths import pref_dir
from game.scenes.online.play import OnlineKind
from game.scenes.table.play import PlayScene
from tests.online.helpers import LOOPBACK
from tests.scenes.drive import pump
from tests.scenes.test_online import (  # noqa: F401
    LIMIT,
    app,
    button_text_starting,
    host_a_table,
    play_by_mouse,
    press,
    run_until,
    top,
)


def test_continue_of_a_couch_hosts_table_brings_back_every_home_seat(app):  # noqa: F811
    dealt = new_game(Mode.STANDARD, ["Eva", "Ben", "Far"], 5, first_player=0)
    text = write_record(replace(record_of(dealt), online=Hosted(
        "KTR4WM", DEFAULT_PORT, (HOST, HOST, REMOTE), ("a" * 22, "b" * 22, "c" * 22))),
        secret=True)
    (pref_dir() / SAVE_FILE).write_text(text, encoding="utf-8")
    app.go_to_menu()
    pump(app)
    press(app, button_text_starting(app, "Continue: Online table"))
    scene = app.stack.top
    run_until(app, lambda: at_table(app) is not None or scene.opening is None, 30.0)
    table = at_table(app)
    assert table is not None, scene.error  # it was "The table did not let you in (already-seated)"
    client = table.kind.client
    assert client.mine == (0, 1)  # Eva and Ben, both at this screen again
    assert client.code == "KTR4WM"


@pytest.mark.slow  # an online game through a window (make test-slow)
def test_a_couch_host_leaves_mid_game_and_continue_brings_back_both_home_seats(app):  # noqa: F811
    host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(HOST, "Ben"),
                                      SeatPlan(REMOTE, "")])
    lobby = app.stack.top
    far = join_table(f"{LOOPBACK}:{lobby.hosted.port}", lobby.client.code, "Far")
    code = lobby.client.code
    try:
        run_until(app, lambda: at_table(app) is not None)
        table = at_table(app)
        seen: list = []

        def each():  # this screen's two seats by mouse, the far seat by its client
            if top(app) == "HandoverScene":
                press(app, button_text_starting(app, "I'm "))
            play_by_mouse(app, table, seen)
            game = far.game
            if game is not None and game.turn == 2 and not game.over and far.mine == (2,):
                far.send_move(game.legal_moves()[0], 2)

        run_until(app, lambda: len(table.kind.client.game.moves) >= 4, LIMIT, each)
        run_until(app, lambda: table.kind.host_saver.saved == len(table.kind.client.game.moves))
        before = table.kind.client.game.moves
        app.go_to_menu()  # the host leaves: the table closes, the game is kept
        pump(app)
        press(app, button_text_starting(app, "Continue: Online table"))
        reopen = app.stack.top
        run_until(app, lambda: at_table(app) is not None or reopen.opening is None, 30.0)
        again = at_table(app)
        assert again is not None, reopen.error  # was: ... did not let you in (already-seated)
        client = again.kind.client
        assert client.code == code and client.mine == (0, 1)  # Eva and Ben, both back
        assert client.game.moves[:len(before)] == before
    finally:
        far.close()


def at_table(application) -> PlayScene | None:
    """The online table (a couch's opens behind its hand-over screen)."""
    return next((s for s in application.stack.scenes if isinstance(s, PlayScene)
                 and isinstance(s.kind, OnlineKind)), None)
