"""`scare-it watch --once` end to end: a real server's `status`, a table over days that is
Anna's turn, and the notification on a session bus of the test's own (tests/test_notifier.py's
fake notification daemon)."""

from __future__ import annotations

import pytest

from tests.online.helpers import finish, server, spawn
from tests.online.test_overdays_once import _run
from tests.test_notifier import session_bus  # noqa: F401 - the fixture


@pytest.mark.slow
def test_the_watcher_tells_anna_her_turn_through_the_desktop(tmp_path, session_bus,  # noqa: F811
                                                            monkeypatch):
    fake, _loop = session_bus
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path / "prefs"))  # what it told: its own
    with server() as s:
        files = {n: str(tmp_path / f"{n}.json") for n in ("Anna", "Ben")}
        code = _run("host", s.url, "--mode", "standard", "--seats", "2", "--name", "Anna",
                    "--per-move", "2d", "--first", "2", "--once", "--token-file", files["Anna"])[0]
        _run("join", s.url, code, "--name", "Ben", "--once", "--bot", "easy", "--token-file",
             files["Ben"])  # Ben moves first: now it is Anna's turn
        told = finish(spawn("watch", "--once", "--token-file", files["Anna"], "--token-file",
                            files["Ben"]))
    assert told[0] == 0, told[2]
    assert [line.split("\t")[:2] for line in told[1]] == [["turn", code.replace("-", "")]]
    (title, body, actions), = fake.sent
    assert title == "Your turn" and "Ben" in body and "Anna" not in body
