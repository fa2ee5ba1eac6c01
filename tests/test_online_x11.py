"""Issue 24's Done-when through real game windows: two games on one X server (Xvfb + openbox),
one hosting from New game -> Online, one joining by Join a table with the address and code
typed, both worked with the real pointer and keyboard, finish one game on loopback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.drain import drain
from tests.test_window_x11 import MISSING, ROOT, XServer

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    bool(MISSING), reason=f"needs {', '.join(MISSING)} (apt-get install xvfb openbox xdotool x11-utils)")]

DRIVER = Path(__file__).with_name("online_x11_driver.py")


def window(server: XServer, tmp_path: Path, name: str, *args: str) -> subprocess.Popen:
    prefs = tmp_path / name
    prefs.mkdir()
    env = server.env(SCARE_IT_PREFS=str(prefs), PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1",
                     ONLINE_X11_LOCK=str(tmp_path / "pointer.lock"),
                     SHOT=str(tmp_path / f"{name}.png"))
    return subprocess.Popen([sys.executable, str(DRIVER), *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def steps(process: subprocess.Popen) -> dict[str, dict]:
    out, err = drain(process, 300)  # with the lines next_step() took in already
    assert process.returncode == 0, err[-3000:]
    return {s["step"]: s for s in map(json.loads, filter(lambda x: x.startswith("{"),
                                                          out.splitlines()))}


def next_step(process: subprocess.Popen) -> dict:
    """The next JSON line the driver prints ({} if it ends first); other lines are passed over."""
    for text in process.stdout:
        if text.startswith("{"):
            return json.loads(text)
    process.wait(timeout=30)
    return {}


def line(record: str, key: str) -> str:
    return next(x for x in record.splitlines() if x.startswith(key + ":")).split(":", 1)[1].strip()


def test_two_game_windows_finish_an_online_game(tmp_path):
    server = XServer((1600, 900))
    host = join = None
    try:
        host = window(server, tmp_path, "host", "host")
        first = next_step(host)
        assert first.get("step") == "lobby", (first, host.stderr.read()[-3000:])
        join = window(server, tmp_path, "join", "join", str(first["port"]), first["code"])
        joined, hosted = steps(join), steps(host)
    finally:
        for p in (host, join):
            if p is not None and p.poll() is None:
                p.kill()
        server.stop()
    assert hosted["table"]["mine"] == [0] and joined["table"]["mine"] == [1]
    assert not hosted["over"]["seen_others"] and not joined["over"]["seen_others"]
    [theirs], [ours] = hosted["over"]["replays"], joined["over"]["replays"]
    for key in ("moves", "result", "tasks", "start"):
        assert line(theirs, key) == line(ours, key)  # both windows kept the same game
