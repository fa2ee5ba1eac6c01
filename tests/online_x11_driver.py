"""Run by tests/test_online_x11.py under Xvfb + openbox: one real game window that hosts or joins
an online table, worked with the real pointer and keyboard (xdotool), printing one JSON object
per step. Two of these share the X server; a lock file keeps their clicks from interleaving."""

from __future__ import annotations

import fcntl
import json
import os
import sys
import time

import pygame
import pygame_gui

from game.app import App
from game.match.session import Phase
from game.paths import pref_dir
from game.scenes.online.host import HostSetupScene
from game.scenes.online.play import OnlineKind
from tests import x11_driver
from tests.scenes.drive import is_table
from tests.x11_driver import _mapped, x_geometry, xdotool

LOCK = os.environ.get("ONLINE_X11_LOCK", "/tmp/scare-it-online-x11.lock")
GAME_LIMIT = 240.0


def run_for(app: App, seconds: float = 0.05, until=None, limit: float = 20.0) -> None:
    """x11_driver.run_for at this driver's pace, strict."""
    x11_driver.run_for(app, seconds, until, limit, strict=True, pause=1 / 120)


def say(step: str, **extra) -> None:
    print(json.dumps({"step": step, **extra}), flush=True)


class Pointer:
    """The real pointer and keyboard on this game's window, one process at a time."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.wid = pygame.display.get_wm_info()["window"]

    def _window_xy(self, logical: tuple[int, int]) -> tuple[int, int]:
        w, h, _, _ = x_geometry(self.wid)
        scale = min(w / 1920, h / 1080)  # the picture is letterboxed inside the window
        return (round((w - 1920 * scale) / 2 + logical[0] * scale),
                round((h - 1080 * scale) / 2 + logical[1] * scale))

    def _locked(self, *commands: tuple[str, ...]) -> None:
        with open(LOCK, "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            xdotool("windowactivate", "--sync", str(self.wid))
            for command in commands:
                xdotool(*command)
            run_for(self.app, 0.05)  # the events reach this window before the other may act

    def click(self, logical: tuple[int, int]) -> None:
        x, y = self._window_xy(logical)
        self._locked(("mousemove", "--window", str(self.wid), str(x), str(y)), ("click", "1"))
        run_for(self.app, 0.05)

    def type(self, words: str) -> None:
        self._locked(("key", "End"), ("key", "--repeat", "30", "BackSpace"),
                     ("type", "--delay", "20", words))
        run_for(self.app, 0.05)

    def button(self, text: str) -> None:
        for element in self.app.stack.top.elements:
            if isinstance(element, pygame_gui.elements.UIButton) and element.text == text:
                self.click(element.rect.center)
                return
        raise SystemExit(f"no button {text!r} on {type(self.app.stack.top).__name__}")


def top(app: App) -> str:
    return type(app.stack.top).__name__


def play(app: App, pointer: Pointer) -> None:
    """This window's turns, by clicks on a scarer and its target, until the scores."""
    start = time.monotonic()
    seen_others = False  # another seat's task cards known here before the end
    while top(app) != "ScoringScene":
        if time.monotonic() - start > GAME_LIMIT:
            raise SystemExit("the game did not end in time")
        table = app.stack.top
        if is_table(app, OnlineKind):
            if table.kind.client.ended is None:
                mine = set(table.kind.client.mine)
                seen_others |= any(p.tasks for i, p in enumerate(table.state.players)
                                   if i not in mine)
            if table.phase == Phase.TURN and table.director is None:
                move = table.state.legal_moves()[0]
                pointer.click(table.field.layout.center(move.scarer))
                if table.pick.selected == move.scarer:
                    pointer.click(table.field.layout.center(move.target))
        run_for(app, 0.02)
    pygame.image.save(app.screen, os.environ.get("SHOT") or str(pref_dir() / "scores.png"))
    say("over", seen_others=seen_others,
        replays=[p.read_text(encoding="utf-8") for p in (pref_dir() / "replays").glob("*.txt")])


def main() -> int:
    role = sys.argv[1]
    app = App()
    app.raise_errors = True
    app.settings.animation_speed = 4.0
    app.settings.computer_pace = 0.3
    app.go_to_menu()
    pointer = Pointer(app)
    run_for(app, 0.3, until=lambda: _mapped(pointer.wid))
    if role == "host":
        HostSetupScene.table_defaults = {"listen": "127.0.0.1", "port": 0,
                                         "interfaces": ["127.0.0.1"]}
        pointer.button("New game")
        run_for(app, until=lambda: top(app) == "SetupScene")
        pointer.button("Online")
        run_for(app, until=lambda: top(app) == "HostSetupScene")
        pointer.button("Open the table")
        run_for(app, until=lambda: top(app) == "LobbyScene")
        lobby = app.stack.top
        say("lobby", port=lobby.hosted.port, code=lobby.client.code)
    else:
        port, code = sys.argv[2], sys.argv[3]
        pointer.button("Join a table")
        run_for(app, until=lambda: top(app) == "JoinScene")
        scene = app.stack.top
        for entry, words in ((scene.name_entry, "Ben"), (scene.address_entry, f"127.0.0.1:{port}"),
                             (scene.code_entry, code)):
            pointer.click(entry.rect.center)
            pointer.type(words)
            if entry.get_text() != words:
                raise SystemExit(f"typed {words!r}, the entry holds {entry.get_text()!r}")
        pointer.button("Join")
        say("joining")
    run_for(app, until=lambda: is_table(app, OnlineKind), limit=30.0)
    say("table", mine=list(app.stack.top.kind.client.mine))
    play(app, pointer)
    app.running = False
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
