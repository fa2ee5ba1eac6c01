"""Online work in a background thread: a bug in it is logged at once and raised on the frame
thread when the screen asks for the outcome, never swallowed."""

import pytest

from game.online.client.background import Background
from game.online.client.client import OnlineError
from game.paths import LOG


def test_a_bug_in_the_thread_is_logged_and_raised_where_the_result_is_read(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))

    def broken():
        raise RuntimeError("a bug")

    work = Background(broken)
    assert work.wait(10)
    assert work.error is None  # not a network trouble to word for the player
    assert "RuntimeError: a bug" in (tmp_path / LOG).read_text(encoding="utf-8")
    with pytest.raises(RuntimeError, match="a bug"):
        _ = work.result


def test_a_network_trouble_is_an_error_for_the_screen_not_a_crash(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))

    def unreachable():
        raise OnlineError("no-server", "nobody answered")

    work = Background(unreachable)
    assert work.wait(10)
    assert work.error is not None and work.error.code == "no-server"
    assert work.result is None and not (tmp_path / LOG).exists()
