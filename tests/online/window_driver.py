"""A real game window in a process of its own (SDL's dummy video), worked by posted events,
for tests/online/test_host_continues.py: it hosts an online table and is killed mid-game, or
continues the saved table from the title. It prints one JSON object per step."""

from __future__ import annotations

import json
import os
import sys
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.app import App  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.match.session import Phase
from game.online.shared.protocol import REMOTE, tasks_word  # noqa: E402
from game.paths import pref_dir  # noqa: E402
from game.scenes.online.host import HostSetupScene  # noqa: E402
from game.scenes.online.play import OnlineKind
from game.scenes.table.view import snapshot
from tests.scenes.drive import is_table, lasting_move, pump

LIMIT = 120.0


def say(step: str, **extra) -> None:
    print(json.dumps({"step": step, **extra}), flush=True)


def top(app: App) -> str:
    return type(app.stack.top).__name__


def run_until(app: App, until=None, limit: float = 30.0, each=None) -> None:
    """Frames (tests.scenes.drive.pump) in real time, the table's answers coming in their
    own threads, until `until()` holds."""
    end = time.monotonic() + limit
    while True:
        pump(app, 1)
        if each is not None:
            each()
        if until is None or until():
            return
        if time.monotonic() > end:
            raise SystemExit(f"timed out on {top(app)}")
        time.sleep(0.005)


def click(app: App, pos) -> None:
    for kind, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
                        (pygame.MOUSEBUTTONUP, {"button": 1})):
        app.dispatch(pygame.event.Event(kind, pos=pos, **extra))
        pump(app, 1)


def press(app: App, starting: str) -> None:
    for element in app.stack.top.elements:
        if isinstance(element, pygame_gui.elements.UIButton) and element.text.startswith(starting):
            click(app, element.rect.center)
            return
    raise SystemExit(f"no button {starting!r} on {top(app)}")


def play_turn(app: App, lasting: bool = False) -> None:
    """A person at this screen: a click on a scarer and one on its first target (`lasting`:
    on a move that does not end the game, where one does not have to)."""
    table = app.stack.top
    if is_table(app, OnlineKind) and table.phase == Phase.TURN \
            and table.director is None:
        move = lasting_move(table.state) if lasting else table.state.legal_moves()[0]
        click(app, table.field.layout.center(move.scarer))
        click(app, table.field.layout.center(move.target))


def seen(app: App) -> dict:
    table = app.stack.top
    return {"code": table.kind.client.code, "moves": [m.text for m in table.kind.client.game.moves],
            "tasks": tasks_word(table.state.players[0].tasks)}


def main() -> int:
    role = sys.argv[1]
    app = App()
    app.raise_errors = True
    app.settings.animation_speed = 25.0
    app.settings.computer_pace = 0.0
    HostSetupScene.table_defaults = {"listen": "127.0.0.1", "port": 0,
                                     "interfaces": ["127.0.0.1"]}
    app.go_to_menu()
    pump(app, 1)
    if role == "host":  # New game's seats, far players at all but the first
        far = int(sys.argv[2])
        names = ["Eva"] + [f"Far {i + 1}" for i in range(far)]
        app.push(HostSetupScene(app, Mode.STANDARD, names, [None] * len(names), 0))
        pump(app, 1)
        for seat in range(1, len(names)):
            if app.stack.top.places[seat] != REMOTE:
                click(app, app.stack.top.where_buttons[seat].rect.center)
        press(app, "Open the table")
        run_until(app, until=lambda: top(app) == "LobbyScene")
        say("lobby", port=app.stack.top.hosted.port, code=app.stack.top.client.code)
        run_until(app, until=lambda: is_table(app, OnlineKind))
        moves = int(sys.argv[3])
        table = app.stack.top
        # Moves that do not end the game: the test stops the host's window mid-game.
        run_until(app, until=lambda: len(table.kind.client.game.moves) >= moves, limit=LIMIT,
                  each=lambda: play_turn(app, lasting=True))
        run_until(app, until=lambda: table.kind.host_saver.saved == len(table.kind.client.game.moves))
        app.saver.flush()
        say("playing", **seen(app))
        run_until(app, until=lambda: False, limit=LIMIT)  # until the test kills this window
        return 1
    if role == "join":  # Join a table: address, code and name filled in; plays to the end
        return join(app, *sys.argv[2:5])
    # Continue: the title offers the saved table; it opens again and the game goes on.
    if top(app) == "MessageScene":
        say("notice", words=app.stack.top.message)
        return 0
    press(app, "Continue")
    run_until(app, until=lambda: is_table(app, OnlineKind))
    say("table", **seen(app))
    run_until(app, until=lambda: top(app) == "ScoringScene", limit=LIMIT, each=lambda: play_turn(app))
    say("over", saved=(pref_dir() / "game-in-progress.txt").exists(),
        replays=[p.read_text(encoding="utf-8") for p in (pref_dir() / "replays").glob("*.txt")])
    app.running = False
    pygame.quit()
    return 0


def join(app: App, url: str, code: str, name: str) -> int:
    """A far player's window: joins, plays its turns to the scores, and says every hint the
    table showed and every notice the window gave on the way (issue 51: a restarting server
    is never read as the host leaving)."""
    from game.scenes.online.join import JoinScene

    scene = JoinScene(app, browse=False, typed={"address": url.removeprefix("ws://"),
                                                "code": code, "name": name})
    app.push(scene)
    scene.join()
    run_until(app, until=lambda: is_table(app, OnlineKind))
    say("table", **seen(app))
    hints: list[str] = []
    notices: list[str] = []

    def each() -> None:
        play_turn(app)
        if is_table(app, OnlineKind):
            hint = snapshot(app.stack.top).hint
            if not hints or hints[-1] != hint:
                hints.append(hint)
        if top(app) == "MessageScene" and app.stack.top.message not in notices:
            notices.append(app.stack.top.message)

    run_until(app, until=lambda: top(app) in ("ScoringScene", "TitleScene", "MessageScene"),
         limit=3 * LIMIT, each=each)
    each()
    say("over", top=top(app), hints=hints, notices=notices,
        replays=[p.read_text(encoding="utf-8") for p in (pref_dir() / "replays").glob("*.txt")])
    app.running = False
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
