"""The window's Continue of a couch host's online table (issue 45 #2, issue 51 #4): both home
seats come back to the one screen."""

from __future__ import annotations

from dataclasses import replace

from game.engine.modes import Mode
from game.engine.state import new_game
from game.match.loading import SAVE_FILE
from game.match.record import Hosted, record_of, write_record
from game.online.links import DEFAULT_PORT
from game.online.protocol import HOST, REMOTE
from game.paths import pref_dir
from game.scenes.online.play import OnlineKind
from game.scenes.table.play import PlayScene
from tests.scenes.drive import pump
from tests.scenes.test_online import app, button_text_starting, press, run_until  # noqa: F401


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

    def at_table():  # a couch's table opens behind its hand-over screen
        return next((s for s in app.stack.scenes if isinstance(s, PlayScene)), None)

    run_until(app, lambda: at_table() is not None or scene.opening is None, 30.0)
    table = at_table()
    assert table is not None, scene.error  # it was "The table did not let you in (already-seated)"
    client = table.kind.client
    assert isinstance(table.kind, OnlineKind)
    assert client.mine == (0, 1)  # Eva and Ben, both at this screen again
    assert client.code == "KTR4WM"
