"""Benchmark the puzzle editor: frame times while its solver searches, time to a proven answer.

    python tools/bench_editor.py [--seconds 8] [--levels 20] [--rounds 1]

1. A full 4x8 field with a target that the solver cannot prove for many seconds: the editor
   runs at 60 frames a second (sleeping between frames as the game does) while the worker
   searches; printed: the frame work (events + tick + a forced full draw) and the frame period
   (how late each frame starts, which shows the worker holding the interpreter), p50 / p99 /
   worst, with the solver idle, searching in its own process (the game's way), and searching
   in a thread of the game's process (the fallback) for comparison.
2. The hardest campaign fields (by the exact solver's cold time, fastest of three, over every
   level): the time from opening each in the editor to the first frame that shows the proven
   optimum (this includes the frame loop noticing it: up to a frame).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if "SCARE_IT_PREFS" not in os.environ:
    import tempfile
    os.environ["SCARE_IT_PREFS"] = tempfile.mkdtemp(prefix="scare-it-bench-")

import pygame  # noqa: E402

from game.app import TICK, App  # noqa: E402
from game.campaign.draft import Draft  # noqa: E402
from game.campaign.levels import DEFAULT_ROOT, load_campaign  # noqa: E402
from game.campaign.puzzles import Puzzle, parse_code  # noqa: E402
from game.engine import solver  # noqa: E402

# The whole box shuffled onto the field (a field holds at most 2 of each card, as the box
# does), picked as the slowest to prove of about 10,000 such deals (10 s alone on this
# machine): the solver is still searching after many seconds, so every frame measured has
# the worker busy.
HARD_FULL = "BEPEOEYDODPDYCPC/PCYEOMYMBCBDOCYM/BCOEPDBMPMPMOMYE/BDYDBEOCODBMYCPE@YD"
FRAME_S = 1 / 60


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _figures(name: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"{name:<26} p50 {_percentile(ms, 0.5):6.2f} ms   p99 {_percentile(ms, 0.99):6.2f} ms"
            f"   worst {max(ms):6.2f} ms   ({len(ms)} frames)")


def run_frames(app: App, seconds: float, until=None) -> tuple[list[float], list[float], float]:
    """Frames at 60 a second: (work per frame, period per frame, seconds until `until()`)."""
    work, period = [], []
    start = last = time.perf_counter()
    reached = None
    while time.perf_counter() - start < seconds:
        began = time.perf_counter()
        period.append(began - last)
        last = began
        for event in pygame.event.get():
            app.dispatch(event)
        app.step(TICK)
        app.draw(force=True)
        done = time.perf_counter()
        work.append(done - began)
        if until is not None and until():
            reached = done - start
            break
        time.sleep(max(0.0, FRAME_S - (done - began)))
    return work, period[1:], reached


def frame_bench(app: App, seconds: float, rounds: int = 1) -> None:
    from game.campaign.live_solver import LiveSolver
    from game.scenes.editor.editor import EditorScene
    print(f"1. Frame times, editor open on a full 4x8 field with a target, {seconds:.0f} s each")
    app.go_to_menu()
    editor = EditorScene(app, parse_code(HARD_FULL))
    app.push(editor)
    editor.proof.solver.cancel()  # the baseline: the same screen, the worker idle
    work, period, _ = run_frames(app, seconds)
    print(_figures("  solver idle:     work", work))
    print(_figures("  solver idle:     period", period))
    shared = editor.proof.solver
    for process in (True, False) * rounds:  # alternated: the machine's load drifts
        editor.proof.solver = LiveSolver(process=process)
        solver.clear_memo()
        puzzle = editor.draft.puzzle()
        editor.edit(lambda _draft, p=puzzle: Draft.of(p))  # asks the new worker, from a cold memo
        work, period, _ = run_frames(app, seconds)
        answer = editor.proof.solver.answer()
        mode = editor.proof.solver.mode
        print(_figures(f"  {mode} search: work", work))
        print(_figures(f"  {mode} search: period", period))
        state = "proven" if answer.proven else "still searching"
        print(f"  ({mode}) after {answer.seconds:.1f} s of search: best so far {answer.count}, "
              f"{state}")
        editor.proof.solver.close()
    editor.proof.solver = shared
    app.go_to_menu()


def proven_bench(app: App, count: int) -> None:
    from game.scenes.editor.editor import EditorScene
    campaign = load_campaign(DEFAULT_ROOT)
    timed = []
    for level in campaign.levels:
        best = float("inf")
        for _ in range(3):  # the fastest of three: other work on the machine adds noise
            solver.clear_memo()
            began = time.perf_counter()
            solver.solve(level.position, level.target)
            best = min(best, time.perf_counter() - began)
        timed.append((best, level))
    hardest = [lv for _, lv in sorted(timed, key=lambda t: -t[0])[:count]]
    print(f"2. Time until the editor shows the proven optimum, {len(hardest)} hardest campaign "
          "fields (cold memo)")
    from game.campaign.live_solver import LiveSolver
    fresh = LiveSolver()
    began = time.perf_counter()
    fresh.ask(hardest[-1].position, hardest[-1].target)
    fresh.wait(60)
    print(f"  (a fresh worker {fresh.mode} starts and answers a first field in "
          f"{(time.perf_counter() - began) * 1000:.0f} ms; the game keeps one per run)")
    fresh.close()
    worker = app.live_solver
    seen = []
    for level in hardest:
        worker.forget()
        app.go_to_menu()
        began = time.perf_counter()
        editor = EditorScene(app, Puzzle(level.position, level.target))
        app.push(editor)
        _, _, reached = run_frames(app, 60.0, lambda e=editor: e.proof.answer.proven)
        shown = (time.perf_counter() - began) if reached is None else reached
        seen.append(shown)
        print(f"  {level.id:<22} ch {level.chapter} {level.position.width}x{level.position.height} "
              f"{level.position.card_count():>2} cards  par {level.par}  answer "
              f"{editor.proof.answer.count}  shown after {shown * 1000:7.1f} ms")
    seen.sort()
    print(f"  median {_percentile(seen, 0.5) * 1000:.1f} ms, worst {seen[-1] * 1000:.1f} ms")
    app.go_to_menu()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--levels", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1, help="process/thread rounds")
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: 1 s of frames, 2 levels (a check that it still measures)")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.levels = 1.0, 2
    app = App(frames=1, windowed=True)
    app.raise_errors = True
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"switch interval {sys.getswitchinterval() * 1000:.1f} ms, {os.cpu_count()} cores, "
          f"load average {load:.1f} (other work on the machine inflates every figure)")
    frame_bench(app, args.seconds, args.rounds)
    proven_bench(app, args.levels)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
