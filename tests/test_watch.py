"""`scare-it watch` (game/watch.py): a round over the kept tables tells a table that became
yours through a desktop notification, and its click starts the game at that table's link."""

from __future__ import annotations

import pytest

from game import watch
from game.cli import main
from game.online.client import turns
from game.online.client.tokens import TokenStore
from tests.fake_notifier import FakeNotifier


@pytest.fixture(autouse=True)
def _own_prefs(tmp_path, monkeypatch):
    """The watcher's settings and what it told (turns_told.json) in a folder of the test's own."""
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path / "prefs"))


def test_a_round_tells_your_turn_and_a_click_starts_the_game_there(tmp_path, monkeypatch, capsys):
    tokens = tmp_path / "tokens.json"
    TokenStore.load(tokens).keep("ws://home.local:8765", "ABC", {1: "tok-ben"}, "Ben")
    TokenStore.load(tokens).keep("ws://home.local:8765", "XYZ", {0: "tok-2"}, "Ben")

    def ask(server, pairs):
        assert server == "ws://home.local:8765"
        return [{"code": code, "known": True, "seat": 1 if code == "ABC" else 0,
                 "started": True, "over": False, "turn": 1, "moves": 3, "deadline": None,
                 "per_move": None, "names": ["Grandma", "Ben"]} for code, _token in pairs]
    monkeypatch.setattr(turns, "ask_server", ask)
    monkeypatch.setattr(watch, "Notifier", FakeNotifier)
    started = []
    monkeypatch.setattr(watch.subprocess, "Popen", lambda argv, **kw: started.append(argv))
    FakeNotifier.made.clear()
    assert main(["watch", "--once", "--token-file", str(tokens)]) == 0
    notifier, = FakeNotifier.made
    assert [(t, link) for t, _body, link in notifier.shown] == [
        ("Your turn", "scare-it://home.local:8765/ABC")]
    assert "Grandma" in notifier.shown[0][1]
    assert capsys.readouterr().out.startswith("turn\tABC\t")
    notifier.on_click("scare-it://home.local:8765/ABC")
    assert started and started[0][-1] == "scare-it://home.local:8765/ABC"


def test_a_bad_interval_is_one_clear_line(capsys):
    assert main(["watch", "--every", "5"]) == 2
    assert "--every" in capsys.readouterr().err


def test_a_server_that_cannot_be_reached_is_one_line_and_no_traceback(tmp_path, monkeypatch,
                                                                       capsys):
    tokens = tmp_path / "tokens.json"
    TokenStore.load(tokens).keep("ws://127.0.0.1:9", "ABC", {1: "tok-ben"}, "Ben")

    def ask(server, pairs):
        raise OSError("connection refused")
    monkeypatch.setattr(turns, "ask_server", ask)
    monkeypatch.setattr(watch, "Notifier", FakeNotifier)
    assert main(["watch", "--once", "--token-file", str(tokens)]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ws://127.0.0.1:9" in err and "Traceback" not in err
