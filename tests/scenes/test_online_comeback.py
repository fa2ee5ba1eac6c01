"""A far window away when its game ends comes back to the end (issue 51): Continue shows the
scores, and the game is in its Replays and statistics, gone from Saved games."""

from __future__ import annotations

import pytest

from game.match.loading import saved_files
from game.online.client.tokens import window_store
from game.scenes.online.play import OnlineKind
from tests.online.helpers import ServerProcess, finish, host
from tests.scenes.drive import is_table
from tests.scenes.test_online import (  # noqa: F401 - app is the window fixture
    LIMIT,
    app,
    button_text_starting,
    join_by_typing,
    kept_records,
    line,
    play_by_mouse,
    played,
    press,
    run_until,
    top,
)

pytestmark = pytest.mark.slow  # online games through windows (make test-slow)


@pytest.mark.parametrize("restart", [False, True], ids=["open", "restarted"])
def test_a_far_window_away_at_the_end_comes_back_to_the_end(app, tmp_path, restart):  # noqa: F811
    s = ServerProcess("--stand-in-after", "1", db=tmp_path / "tables.sqlite3")
    record = tmp_path / "anna.txt"
    try:
        anna, code = host(s.url, "--seats", "3", "--name", "Anna", "--bot", "easy",
                          "--computer", "easy", "--record", str(record))
        join_by_typing(app, s.url, code, "Mia")
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []
        run_until(app, lambda: len(table.state.moves) >= 4, LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        app.go_to_menu()  # Mia's window is gone: the computer stands in for her to the end
        run_until(app, lambda: top(app) == "TitleScene")
        returncode, _out, err = finish(anna)
        assert returncode == 0, err
        assert len(saved_files()) == 1 and not kept_records()  # "Continue ... move 4"
        if restart:  # the finished table is no longer open: its end is kept apart
            s.stop()
        # Continue while the server is still down (restarted: it comes up meanwhile): the
        # window keeps trying, whenever its port starts answering.
        press(app, button_text_starting(app, "Continue"))
        if restart:
            s = ServerProcess(db=s.db, port=s.port)
        run_until(app, lambda: top(app) == "ScoringScene", 60.0)
    finally:
        s.stop()
    theirs = record.read_text("utf-8")
    [kept] = kept_records()
    for key in ("moves", "tasks"):  # (the window names the computer in its own words)
        assert line(kept, key) == line(theirs, key)
    assert played(kept) == 1
    assert not saved_files()  # nothing left to Continue
    assert window_store().get(s.url, code) is None  # its seat's token opens nothing more
    assert top(app) == "ScoringScene"  # no notice of a closed connection over the scores
