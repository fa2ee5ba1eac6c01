"""The host leaves, and Continues the table later as any saved game: real processes on loopback.

A real game window (tests/online/window_driver.py, driven by posted events) hosts a table for
two `scare-it join` players and is killed mid-game. Started again, its title offers Continue:
the table opens on the same port with the same code, at the same move, with the same task
cards; one far player's game takes its seat back by itself (its token), the other comes back
as a new process with the code and its name; the game is finished by all three. A damaged save
is set aside and said in words.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.match.loading import SAVE_FILE, saved_files
from tests.online.helpers import LOOPBACK, ROOT, finish, spawn

DRIVER = Path(__file__).with_name("window_driver.py")


def window(prefs: Path, *args: str) -> subprocess.Popen:
    prefs.mkdir(exist_ok=True)
    env = dict(os.environ, SCARE_IT_PREFS=str(prefs), PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, str(DRIVER), *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def next_step(process: subprocess.Popen) -> dict:
    """The next JSON line the window prints; the end of its output is a failure."""
    for text in process.stdout:
        if text.startswith("{"):
            return json.loads(text)
    process.wait(timeout=30)
    raise AssertionError(f"the window ended: {process.stderr.read()[-3000:]}")


def line(record: str, key: str) -> str:
    return next(x for x in record.splitlines() if x.startswith(key + ":")).split(":", 1)[1].strip()


@pytest.mark.slow  # three processes and a game and a half (make test-slow)
def test_a_host_window_killed_mid_game_continues_its_table_and_everyone_comes_back(tmp_path):
    prefs = tmp_path / "host"
    processes = []
    try:
        host = window(prefs, "host", "2", "4")
        processes.append(host)
        lobby = next_step(host)
        url = f"ws://{LOOPBACK}:{lobby['port']}"
        far = [spawn("join", url, lobby["code"], "--name", f"Far {i}", "--bot", "easy",
                     "--record", str(tmp_path / f"far{i}.txt"),
                     "--token-file", str(tmp_path / f"far{i}.tokens")) for i in (1, 2)]
        processes += far
        before = next_step(host)
        assert before["step"] == "playing" and len(before["moves"]) >= 4
        host.kill()  # the window is gone without a word, mid-game
        host.communicate(timeout=30)
        far[1].kill()  # and Far 2's computer gives up on the table
        far[1].communicate(timeout=30)
        assert line(saved_files(prefs)[0].read_text("utf-8"), "online")
        again = window(prefs, "continue")
        processes.append(again)
        table = next_step(again)
        assert table["step"] == "table", table
        assert table["code"] == lobby["code"]
        assert table["moves"][:len(before["moves"])] == before["moves"]  # from where it was
        assert table["tasks"] == before["tasks"]  # the same task cards
        # Far 2's computer comes back with the seat's kept token (by name alone it would be a
        # claim the host must let in: names are public).
        back = spawn("join", url, lobby["code"].lower(), "--name", "Far 2", "--bot", "easy",
                     "--record", str(tmp_path / "far2-again.txt"),
                     "--token-file", str(tmp_path / "far2.tokens"))
        processes.append(back)
        over = next_step(again)
        results = [finish(far[0]), finish(back)]
        again.communicate(timeout=30)
    finally:
        for p in processes:
            if p.poll() is None:
                p.kill()
    assert over["step"] == "over" and not over["saved"]  # kept: nothing left to Continue
    assert all(code == 0 for code, _out, _err in results), results
    [kept] = over["replays"]
    moves = line(kept, "moves")
    assert moves.startswith(" ".join(before["moves"]))
    for name in ("far1.txt", "far2-again.txt"):
        theirs = (tmp_path / name).read_text("utf-8")
        assert line(theirs, "moves") == moves and line(theirs, "tasks") == line(kept, "tasks")


def test_a_damaged_online_save_is_said_in_words_and_kept_aside(tmp_path):
    prefs = tmp_path / "host"
    prefs.mkdir()
    (prefs / SAVE_FILE).write_bytes(b"# Scare It! game record\nversion: 2\nmode: standard\n"
                                    b"online: {\"code\": \"KTR4WM\", \"port\": 8765, \"se\xff")
    again = window(prefs, "continue")
    try:
        notice = next_step(again)
        again.communicate(timeout=30)
    finally:
        if again.poll() is None:
            again.kill()
    assert notice["step"] == "notice" and "damaged" in notice["words"]
    assert again.returncode == 0
    assert not (prefs / SAVE_FILE).exists()
    assert [p for p in prefs.iterdir() if p.name.startswith(SAVE_FILE + ".damaged")]
