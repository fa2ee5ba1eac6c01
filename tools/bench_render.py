"""Render benchmark: play-scene frame time mid-animation, idle menu CPU, first-frame time.

Run `python tools/bench_render.py` (`--quick`: a check in seconds that it still measures).
Headless (dummy video driver). Frame costs are measured with time.perf_counter and, so a busy
machine does not mislead, as process CPU time too.
The last line is `p99_ms_1080p=...  idle_cpu_pct=...  first_frame_s=...` (wall-clock p99).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYGAME_HIDE_SUPPORT_PROMPT": "1",
       "SCARE_IT_PREFS": os.environ.get("SCARE_IT_PREFS") or tempfile.mkdtemp(prefix="scare-bench-")}
os.environ.update(ENV)
sys.path.insert(0, str(ROOT))

IDLE_CHILD = r"""
import sys, time, pygame
import game.scenes.title as title
title.CALM_AFTER = 0.0  # let the background cards settle at once: we measure the idle menu
from game.app import App
app = App(windowed=True)
app.go_to_menu()
if sys.argv[1] == "settings":
    from game.scenes.settings.settings import SettingsScene
    app.push(SettingsScene(app))
MARK = pygame.event.custom_type()
marks = []
dispatch = app.dispatch
def watch(event):
    if event.type == MARK:  # first mark: settled, start measuring; second: done
        marks.append((time.perf_counter(), time.process_time()))
        if len(marks) == 1:
            pygame.time.set_timer(MARK, int(float(sys.argv[2]) * 1000), loops=1)
        else:
            app.quit()
        return
    dispatch(event)
app.dispatch = watch
pygame.time.set_timer(MARK, int(float(sys.argv[3]) * 1000), loops=1)
app.run()
(w0, c0), (w1, c1) = marks
print(f"{100 * (c1 - c0) / (w1 - w0):.2f}")
"""

FIRST_CHILD = r"""
import sys, time
from game.app import App
app = App(frames=1, windowed=True)
draw = App.draw
def first(self, force=False):
    drawn = draw(self, force)
    if drawn:
        print(f"{time.time():.6f}", flush=True)
        self.quit()
    return drawn
App.draw = first
app.run()
"""


class Frames:
    """Per-frame costs of one run: wall-clock and process CPU milliseconds, by frame type."""

    def __init__(self) -> None:
        self.wall: dict[str, list[float]] = {"move": [], "mid": [], "turn": []}
        self.cpu: dict[str, list[float]] = {"move": [], "mid": [], "turn": []}
        self.flips: list[float] = []
        self.window = (0, 0)
        self.closed = 0  # moves that emptied a column (the field is laid out anew)

    def animating(self, clock: str = "wall") -> list[float]:
        """Frames while a move animates: the frame a move starts in and every frame after."""
        table = self.wall if clock == "wall" else self.cpu
        return table["move"] + table["mid"]


def frame_times(window: tuple[int, int], frames: int = 1500) -> Frames:
    """Update + draw of the play scene while moves animate back to back.

    Each loop plays the next move as soon as the last one has finished, so every measured frame
    is mid-animation. The frame a move ends in may open the hand-over overlay for the next
    player: that is a scene change, not animation, and is reported on its own ("turn").
    """
    import pygame

    from game.app import TICK, App
    from game.engine.modes import Mode
    from game.engine.state import new_game

    out = Frames()
    app = App(frames=1, windowed=True)
    try:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pygame.Window.from_display_module().size = window
    except (AttributeError, pygame.error):
        pass
    pygame.event.pump()
    out.window = pygame.display.get_window_size()
    from game.match.session import Phase
    from game.scenes.table.play import table_scene

    def deal(number: int):
        # Solo deals, where emptied columns close and the field is laid out anew, take turns
        # with hot-seat deals (a hand-over after every move).
        seed = 2018 + number
        if number % 2 == 0:
            state = new_game(Mode.SOLO, ["Anna"], seed, 0, [None])
        else:
            state = new_game(Mode.STANDARD, ["Anna", "Ben"], seed, 0, [None, None])
        scene = table_scene(app, state)
        app.stack.clear(scene)
        return scene

    scene = deal(0)
    for _ in range(30):  # settle any opening hand-over / banner
        app.step(TICK)
        app.draw(force=True)
    played = deals = 0
    while len(out.wall["move"]) + len(out.wall["mid"]) < frames:
        frame = "mid"
        if scene.director is None:
            # The table is still: a move is offered only as the scenes offer one, when the
            # session's turn is a person's and nothing lies over the table.
            if scene.state.over or not scene.state.legal_moves():
                deals += 1
                scene = deal(deals)
                continue
            if app.stack.top is not scene:  # the hand-over: the next player takes over
                app.pop()
                continue
            if scene.phase is not Phase.TURN:  # the rest before a hand-over: not animation
                wall, cpu, _ = timed(app)
                if app.stack.top is not scene:  # the hand-over opened in this frame
                    out.wall["turn"].append(wall)
                    out.cpu["turn"].append(cpu)
                continue
            app.step(TICK)  # a player needs at least a frame to choose: not animation, untimed
            app.draw(force=True)
            if scene.phase is not Phase.TURN or app.stack.top is not scene:
                continue
        move = None
        if scene.director is None:
            moves = scene.state.legal_moves()
            move, width = moves[played % len(moves)], scene.state.position.width
        # The move is offered inside the frame, as after a click.
        wall, cpu, flip = timed(app, None if move is None else partial(scene.play, move))
        if move is not None:
            out.closed += scene.state.position.width < width
            played += 1
            frame = "move"
        if app.stack.top is not scene:
            frame = "turn"
        out.wall[frame].append(wall)
        out.cpu[frame].append(cpu)
        out.flips.append(flip)
    pygame.quit()
    return out


def timed(app, first=None) -> tuple[float, float, float]:
    """One frame of the loop's work, `first()` (a click's move) included: the wall-clock and
    process CPU milliseconds of update + draw, and the milliseconds of the display flip."""
    import pygame

    from game.app import TICK

    w0, c0 = time.perf_counter(), time.process_time()
    if first is not None:
        first()
    app.step(TICK)
    app.stack.draw(app.screen)
    app.ui.draw_ui(app.screen)
    w1, c1 = time.perf_counter(), time.process_time()
    pygame.display.flip()
    return (w1 - w0) * 1000, (c1 - c0) * 1000, (time.perf_counter() - w1) * 1000


def p99(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def idle_cpu(menu: str, measure: float = 10.0, settle: float = 3.0) -> float:
    out = subprocess.run([sys.executable, "-c", IDLE_CHILD, menu, str(measure), str(settle)],
                         cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)
    lines = out.stdout.strip().splitlines()
    if out.returncode != 0 or not lines:
        raise SystemExit(f"idle run failed: {out.stderr[-500:]}")
    return float(lines[-1])


def first_frame() -> float:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", FIRST_CHILD], cwd=ROOT, env=ENV,
                         capture_output=True, text=True, timeout=60)
    lines = out.stdout.strip().splitlines()
    if out.returncode != 0 or not lines:
        raise SystemExit(f"first-frame run failed: {out.stderr[-500:]}")
    return float(lines[-1]) - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: 200 frames a window, 1 s of idle; fails "
                             "if a figure cannot be measured")
    args = parser.parse_args(argv)
    frames, idle_s, settle_s = (200, 1.0, 0.5) if args.quick else (1500, 10.0, 3.0)
    p99_1080 = 0.0
    for window in ((1280, 720), (1920, 1080)):
        run = frame_times(window, frames)
        if not run.wall["move"]:
            raise SystemExit("no move was played: no frame-time figures")
        wall, cpu = run.animating("wall"), run.animating("cpu")
        size = f"{run.window[0]}x{run.window[1]}"
        note = "" if tuple(run.window) == window else (
            f" (asked for {window[0]}x{window[1]}: this video driver cannot resize the window, "
            f"so this run is at {size} too)")
        print(f"play scene, window {size}{note}; drawing at 1920x1080 logical, "
              f"{len(wall)} frames mid-animation ({len(run.wall['move'])} start a move, "
              f"{run.closed} of those empty a column):")
        print(f"  update+draw wall median {statistics.median(wall):.2f} ms, p99 {p99(wall):.2f} ms, "
              f"max {max(wall):.2f} ms; process CPU median {statistics.median(cpu):.2f} ms, "
              f"p99 {p99(cpu):.2f} ms")
        starts = run.wall["move"]
        if starts:
            print(f"  frames that start a move: wall median {statistics.median(starts):.2f} ms, "
                  f"max {max(starts):.2f} ms")
        turns, turns_cpu = run.wall["turn"], run.cpu["turn"]
        if turns:
            print(f"  turn change (not animation: the hand-over overlay opens), {len(turns)} "
                  f"frames: wall median {statistics.median(turns):.2f} ms, max {max(turns):.2f} ms;"
                  f" CPU median {statistics.median(turns_cpu):.2f} ms")
        print(f"  display flip (SDL software scaler under the dummy driver) median "
              f"{statistics.median(run.flips):.2f} ms")
        if window == (1920, 1080):
            p99_1080 = p99(wall)
    idle_title = idle_cpu("title", idle_s, settle_s)
    idle_settings = idle_cpu("settings", idle_s, settle_s)
    print(f"idle CPU over {idle_s:g} s with real Clock.tick pacing: title (cards at rest) {idle_title:.2f}%, "
          f"settings {idle_settings:.2f}%")
    first = first_frame()
    print(f"first frame after launch (new process, imports included): {first:.3f} s")
    print(f"p99_ms_1080p={p99_1080:.2f}  idle_cpu_pct={max(idle_title, idle_settings):.2f}  "
          f"first_frame_s={first:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
