"""The window on a real X server (Xvfb) with a window manager (openbox), as a player meets it:
it opens inside the desktop, can be made small, letterboxes, takes clicks at every size, goes
full screen with F11 and back, and comes back at the size and place it was left."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "openbox", "xdotool", "xwininfo", "xprop")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(
    bool(MISSING), reason=f"needs {', '.join(MISSING)} (apt-get install xvfb openbox xdotool x11-utils)")

ROOT = Path(__file__).resolve().parents[1]
DRIVER = Path(__file__).with_name("x11_driver.py")
# The playtest's laptop in `make test`; the other desktops in `make test-slow`.
DESKTOPS = [(1366, 768), pytest.param((1600, 900), marks=pytest.mark.slow),
            pytest.param((1280, 1024), marks=pytest.mark.slow)]


class XServer:
    """Xvfb at one desktop size with openbox managing its windows."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
             "-nolisten", "tcp"], pass_fds=(write,),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()  # Xvfb writes its display number once it is up
        if not number:
            self.xvfb.kill()
            pytest.fail("Xvfb did not start")
        self.display = f":{number}"
        self.wm = subprocess.Popen(["openbox"], env=self.env(),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while not self._wm_ready():
            if time.monotonic() > deadline:
                self.stop()
                pytest.fail("openbox did not start")
            time.sleep(0.1)

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY",)}
        env.update(DISPLAY=self.display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy", **extra)
        return env

    def _wm_ready(self) -> bool:
        out = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=self.env(),
                             capture_output=True, text=True, timeout=10).stdout
        return "window id" in out

    def stop(self) -> None:
        for proc in (self.wm, self.xvfb):
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def drive(server: XServer, prefs: Path, actions: str) -> dict[str, dict]:
    """Run the game under the X server doing `actions`; each step's measurements by name."""
    out = subprocess.run(
        [sys.executable, str(DRIVER), actions], cwd=ROOT, capture_output=True, text=True,
        timeout=120, env=server.env(SCARE_IT_PREFS=str(prefs), PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr[-3000:]
    steps = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    by_name: dict[str, dict] = {}
    for step in steps:
        name = step["step"]
        while name in by_name:
            name += "'"  # F11, F11' : the second press
        by_name[name] = step
    return by_name


@pytest.fixture(scope="module", params=DESKTOPS, ids=lambda s: f"{s[0]}x{s[1]}")
def server(request):
    x = XServer(request.param)
    yield x
    x.stop()


def test_window_fits_resizes_takes_clicks_and_goes_full_screen(server, tmp_path):
    desk_w, desk_h = server.size
    extra = ",size=1366x768,size=960x720" if server.size == (1600, 900) else ""
    alt = ",alt+Return,alt+Return" if server.size == (1366, 768) else ""  # the same switch
    steps = drive(server, tmp_path, f"size=960x540{extra},F11,F11{alt}")
    print(server.size, "window after start:", steps["start"]["size"])  # quoted in the report

    start = steps["start"]
    w, h = start["size"]
    x, y = start["at"]
    assert 960 <= w <= desk_w and 540 <= h <= desk_h, "the window opens inside the desktop"
    assert abs(w / h - 16 / 9) < 0.01
    assert x >= 0 and y >= 0 and x + w <= desk_w and y + h <= desk_h
    assert abs((x + w / 2) - desk_w / 2) <= 2, "centred left to right"
    assert abs((y + h / 2) - desk_h / 2) <= 24, "and top to bottom (give or take a title bar)"

    for name, step in steps.items():
        if name.startswith("size="):
            want = [int(n) for n in name[5:].split("x")]
            assert step["size"] == want, f"the player can make the window {want}"
            assert step["surface"] == [1920, 1080], "the game still draws at its logical size"
            assert step["selected"] == step["cell"], f"a click at {want} picks the card under it"

    full = steps["F11"]
    assert full["fullscreen"] and full["size"] == [desk_w, desk_h] and full["at"] == [0, 0]
    back = steps["F11'"]
    last = [s for n, s in steps.items() if n.startswith("size=")][-1]
    assert not back["fullscreen"] and back["size"] == last["size"], "F11 again: the same window"
    assert abs(back["at"][0] - last["at"][0]) <= 2 and abs(back["at"][1] - last["at"][1]) <= 2

    if alt:
        assert steps["alt+Return"]["fullscreen"] and steps["alt+Return"]["size"] == [desk_w, desk_h]
        assert not steps["alt+Return'"]["fullscreen"]
        assert steps["alt+Return'"]["size"] == back["size"]
        back = steps["alt+Return'"]

    saved = steps["saved"]
    assert saved["window_size"] == back["size"]
    again = drive(server, tmp_path, "")["start"]
    assert again["size"] == back["size"], "the next start opens at the size the player left"
    assert abs(again["at"][0] - back["at"][0]) <= 2 and abs(again["at"][1] - back["at"][1]) <= 2


def test_a_remembered_window_bigger_than_the_desktop_is_shrunk(server, tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"window_size": [2560, 1440], "window_position": [40, 30], "volume": 0.3}))
    start = drive(server, tmp_path, "")["start"]
    w, h = start["size"]
    x, y = start["at"]
    assert w <= server.size[0] and h <= server.size[1]
    assert abs(w / h - 16 / 9) < 0.01, "shrunk, keeping its shape"
    assert x + w <= server.size[0] and y + h <= server.size[1]

