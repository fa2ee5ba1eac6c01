"""Run by tests/test_window_x11.py under Xvfb + openbox: start the game as a player would, act
on its window with xdotool, and print what was measured as one JSON object per step."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pygame

from game.app import App
from game.engine import Mode, new_game
from game.scenes.table.play import PlayScene, table_scene
from tests.scenes import drive


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10)


def x_geometry(wid: int) -> tuple[int, int, int, int]:
    """Width, height and absolute x, y of the window as the X server sees it (xwininfo)."""
    out = subprocess.run(["xwininfo", "-id", str(wid)], capture_output=True, text=True,
                         check=True, timeout=10).stdout
    info = {}
    for line in out.splitlines():
        key, _, value = line.strip().partition(":")
        info[key] = value.strip()
    return (int(info["Width"]), int(info["Height"]),
            int(info["Absolute upper-left X"]), int(info["Absolute upper-left Y"]))


def run_for(app: App, seconds: float = 0.1, until=None, limit: float = 5.0,
         strict: bool = False, pause: float = 1 / 60) -> None:
    """Frames (tests.scenes.drive.pump) in real time: for `seconds`, and then on
    until `until()` holds (at most `limit` seconds), so each step waits only as long as needed.
    `strict`: running out of `limit` ends the driver with the scene it was stuck on."""
    start = time.monotonic()
    while True:
        drive.pump(app, 1)
        time.sleep(pause)
        waited = time.monotonic() - start
        if waited >= seconds and (until is None or until()):
            return
        if waited >= limit:
            if strict:
                raise SystemExit(f"timed out waiting on {type(app.stack.top).__name__}")
            return


def _mapped(wid: int) -> bool:
    out = subprocess.run(["xwininfo", "-id", str(wid)], capture_output=True, text=True,
                         timeout=10).stdout
    return "IsViewable" in out


_last: list = []


def _settled(wid: int, before: tuple) -> bool:
    """The window differs from `before` and matched its previous reading."""
    now = x_geometry(wid)
    steady = bool(_last) and _last[-1] == now
    _last[:] = [now]
    return now != before and steady


def report(step: str, app: App, wid: int, **extra) -> None:
    w, h, x, y = x_geometry(wid)
    print(json.dumps({"step": step, "size": [w, h], "at": [x, y],
                      "fullscreen": bool(pygame.display.is_fullscreen()),
                      "surface": list(app.screen.get_size()), **extra}), flush=True)


def click_card(app: App, wid: int, scene: PlayScene) -> dict:
    """Click (with the real pointer) the middle of a card that can scare; did the game pick it?"""
    cell = sorted(scene.pick.targets_of)[0]
    scene.pick.selected = None
    lx, ly = scene.field.layout.center(cell)
    w, h, _, _ = x_geometry(wid)
    scale = min(w / 1920, h / 1080)  # the picture is letterboxed inside the window
    wx = round((w - 1920 * scale) / 2 + lx * scale)
    wy = round((h - 1080 * scale) / 2 + ly * scale)
    xdotool("mousemove", "--window", str(wid), str(wx), str(wy))
    run_for(app, 0.05)
    xdotool("click", "1")
    run_for(app, 0.05, until=lambda: scene.pick.selected is not None, limit=2.0)
    return {"cell": list(cell), "selected": list(scene.pick.selected) if scene.pick.selected else None}


def main() -> int:
    actions = sys.argv[1].split(",")
    app = App()
    app.raise_errors = True
    app.go_to_menu()
    scene = table_scene(app, new_game(Mode.SOLO, ["Anna"], 7))
    app.stack.clear(scene)
    wid = pygame.display.get_wm_info()["window"]
    run_for(app, 0.3, until=lambda: _mapped(wid))
    report("start", app, wid, position=app.settings.window_position)
    for action in actions:
        if action.startswith("size="):
            want = tuple(int(n) for n in action[5:].split("x"))
            xdotool("windowsize", str(wid), str(want[0]), str(want[1]))
            run_for(app, until=lambda want=want: x_geometry(wid)[:2] == want)
            report(action, app, wid, **click_card(app, wid, scene))
        elif action in ("F11", "alt+Return"):
            xdotool("windowactivate", "--sync", str(wid))
            was = x_geometry(wid)
            xdotool("key", "--window", str(wid), action)
            # The switch is done when the window has changed and then held still a moment.
            # (leaving it, the game places the window once more a moment later: wait for that)
            run_for(app, 0.3, until=lambda was=was: not app.window.settling and _settled(wid, was))
            report(action, app, wid)
    app.running = False
    app.settings.save()
    print(json.dumps({"step": "saved", "window_size": app.settings.window_size,
                      "window_position": app.settings.window_position}), flush=True)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
