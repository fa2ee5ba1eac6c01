"""Render benchmark: play-scene frame time mid-animation, idle menu CPU, first-frame time.

Run `python tools/bench_render.py`. Headless (dummy video driver). The last line is
`p99_ms_1080p=...  idle_cpu_pct=...  first_frame_s=...`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
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
    from game.scenes.settings_scene import SettingsScene
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


def frame_times(window: tuple[int, int], frames: int = 240) -> tuple[list[float], list[float], str]:
    """Per-frame (update + draw) and flip times in ms while moves animate on the table."""
    import pygame

    from game.app import TICK, App, _fit_window  # noqa: F401
    from game.engine.modes import Mode
    from game.engine.state import new_game

    app = App(frames=1, windowed=True)
    try:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pygame.Window.from_display_module().size = window
    except (AttributeError, pygame.error):
        pass
    what = "play scene"
    try:
        from game.scenes.play import PlayScene

        state = new_game(Mode.STANDARD, ["Anna", "Ben"], 2018, 0, [None, None])
        scene = PlayScene(app, state)
        app.stack.clear(scene)
    except ImportError:
        what = "title scene (the play scene does not exist yet)"
        app.go_to_menu()
        scene = app.stack.top
    for _ in range(30):  # settle any opening hand-over / banner
        app.step(TICK)
        app.draw(force=True)
    work: list[float] = []
    flips: list[float] = []
    while len(work) < frames:
        if what == "play scene":
            top = app.stack.top
            if top is not scene:  # a hand-over or other overlay: dismiss it, keep measuring play
                app.stack.clear(scene)
            if scene.director is None:
                moves = scene.state.legal_moves()
                if not moves:
                    scene = PlayScene(app, new_game(Mode.STANDARD, ["Anna", "Ben"], len(work),
                                                    0, [None, None]))
                    app.stack.clear(scene)
                    continue
                scene.play(moves[len(work) % len(moves)])
        t0 = time.perf_counter()
        app.step(TICK)
        app.stack.draw(app.screen)
        app.ui.draw_ui(app.screen)
        t1 = time.perf_counter()
        pygame.display.flip()
        t2 = time.perf_counter()
        work.append((t1 - t0) * 1000)
        flips.append((t2 - t1) * 1000)
    pygame.quit()
    return work, flips, what


def p99(values: list[float]) -> float:
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


def main() -> int:
    p99_1080 = 0.0
    for window in ((1280, 720), (1920, 1080)):
        work, flips, what = frame_times(window)
        print(f"{what}, window {window[0]}x{window[1]} (drawing at 1920x1080 logical): "
              f"update+draw median {statistics.median(work):.2f} ms, p99 {p99(work):.2f} ms; "
              f"display flip (SDL software scaler under the dummy driver) median "
              f"{statistics.median(flips):.2f} ms")
        if window == (1920, 1080):
            p99_1080 = p99(work)
    idle_title = idle_cpu("title")
    idle_settings = idle_cpu("settings")
    print(f"idle CPU over 10 s with real Clock.tick pacing: title (cards at rest) {idle_title:.2f}%, "
          f"settings {idle_settings:.2f}%")
    first = first_frame()
    print(f"first frame after launch (new process, imports included): {first:.3f} s")
    print(f"p99_ms_1080p={p99_1080:.2f}  idle_cpu_pct={max(idle_title, idle_settings):.2f}  "
          f"first_frame_s={first:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
