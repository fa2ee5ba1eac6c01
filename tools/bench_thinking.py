"""Frames while a computer seat thinks: the table keeps drawing while the bots choose.

Run `python tools/bench_thinking.py [--moves N] [--level expert]`. Headless (dummy video
driver). Four bots (expert by default) play a Standard game on the table scene; every frame
(one logic tick, then a forced draw) is timed with time.perf_counter while the match's worker
thread is thinking. For comparison,
the same bots' choices timed on the main thread, as the old table made them (the frame that
would have frozen). For the searching bots that count their work (`plies`, ismcts.py), the plies
and iterations searched per second in the worker thread while the table draws, against the
same choices made again on the main thread with nothing drawing: what drawing costs the search
(on a busy machine the wall clock swings; the CPU time each thread used while a bot thought is
printed too, the share drawing takes of the one interpreter lock).
`--process` lets the bots think in the table's worker process (what the table does);
`--paced` draws at the game's own pace instead (what a player's table costs the search).
Last line: `thinking_frames=...  p99_ms=...  worst_ms=...  think_p50_ms=...`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                   "SCARE_IT_PREFS": tempfile.mkdtemp(prefix="scare-bench-")})
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import ACTIVE_FPS, IDLE_FPS, TICK, App  # noqa: E402
from game.engine import Mode, new_game  # noqa: E402
from game.engine.ai import view_for  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.match.controller import Match  # noqa: E402
from game.match.seats import BOT_BUDGET_S  # noqa: E402
from game.scenes.table.play import table_scene  # noqa: E402


def counted(bots, into: list) -> None:
    """Wrap each searching bot's choose (those that count their work in `plies`, ismcts.py)
    to note what it searched: (bot's own choose, view, budget, plies, iterations, seconds)."""
    for bot in bots:
        if not hasattr(bot, "plies"):
            continue
        def choose(view, rng, budget_s, _inner=bot.choose, _bot=bot):
            start, cpu = time.perf_counter(), time.thread_time()
            move = _inner(view, rng, budget_s)
            into.append((_inner, view, budget_s, _bot.plies, _bot.iterations,
                         time.perf_counter() - start, time.thread_time() - cpu))
            return move
        bot.choose = choose


def noted(scene, asked, into: list):
    """--process: note each choice the worker process made (what its bot came back with)."""
    match = scene.session.match
    seat = scene.state.turn
    if asked is not None and (len(scene.state.moves) > asked[3] or not match.thinking):
        bot = match.bots[asked[0]]
        into.append((bot.choose, asked[1], BOT_BUDGET_S, bot.plies, bot.iterations,
                     time.perf_counter() - asked[2], 0.0))
        asked = None
    if asked is None and match.thinking and hasattr(match.bots.get(seat), "plies"):
        asked = (seat, view_for(scene.state, seat, start=match.start.position),
                 time.perf_counter(), len(scene.state.moves))
    return asked


def alone(choices: list) -> list:
    """The same choices again on this thread with nothing drawing."""
    out = []
    for inner, view, budget, *_ in choices:
        start, cpu = time.perf_counter(), time.thread_time()
        inner(view, Rng(0), budget)
        bot = inner.__self__
        out.append((inner, view, budget, bot.plies, bot.iterations, time.perf_counter() - start,
                    time.thread_time() - cpu))
    return out


def rate(choices: list, what: int) -> float:
    """Plies (what=3) or iterations (4) searched per second over the choices."""
    return sum(c[what] for c in choices) / max(1e-9, sum(c[5] for c in choices))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20, help="computer moves to watch")
    parser.add_argument("--level", default="expert", help="the computer seats' level")
    parser.add_argument("--switch", type=float, default=None,
                        help="sys.setswitchinterval for the run (default: Python's 5 ms)")
    parser.add_argument("--process", action="store_true",
                        help="the bots think in the table's worker process (match/thinker.py), "
                             "not in its thread")
    parser.add_argument("--paced", action="store_true",
                        help="frames at the game's own pace (60 a second while something moves, "
                             "drawn only when the table changed) instead of back to back")
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: 3 moves of easy computers (a check that it still measures)")
    args = parser.parse_args()
    if args.quick:
        args.moves, args.level = 3, "easy"
    if args.switch is not None:
        sys.setswitchinterval(args.switch)
    app = App(frames=1, windowed=True)
    app.settings.computer_pace = 0.0  # no pacing: every frame of a turn is a thinking frame
    state = new_game(Mode.STANDARD, ["A", "B", "C", "D"], 7, 0, [args.level] * 4)
    scene = table_scene(app, state, keep=False)
    app.stack.clear(scene)
    drawing: list = []
    if not args.process:  # a wrapped bot cannot travel: these think in the match's thread
        counted(scene.session.match.bots.values(), drawing)
    asked = None  # --process: (seat, view, when) of the choice being made in the process
    thinking: list[float] = []
    clock = pygame.time.Clock()
    drawn_cpu = 0.0  # the drawing thread's CPU time in frames drawn while a bot thought
    first = None  # the table's first frame builds its pictures: not the bots' doing
    while len(scene.state.moves) < args.moves and not scene.state.over:
        busy = scene.session.match.thinking
        if args.process:
            asked = noted(scene, asked, drawing)
        if args.paced:
            clock.tick(ACTIVE_FPS if app.busy() else IDLE_FPS)
        start, cpu = time.perf_counter(), time.thread_time()
        app.step(TICK)
        if not app.draw(force=not args.paced):
            continue
        took = (time.perf_counter() - start) * 1000
        if first is None:
            first = took
        elif busy:
            thinking.append(took)
            drawn_cpu += time.thread_time() - cpu
    scene.session.match.close()
    # The same table with nobody thinking: the frame cost of the drawing alone.
    quiet = table_scene(app, new_game(Mode.STANDARD, ["A", "B", "C", "D"], 7, 0, [None] * 4),
                      keep=False)
    app.stack.clear(quiet)
    while app.stack.top is not quiet:
        app.pop()  # the hand-over
    idle = []
    for _ in range(len(thinking)):
        start = time.perf_counter()
        app.step(TICK)
        app.draw(force=True)
        idle.append((time.perf_counter() - start) * 1000)
    # The old way: the choice on the main thread (that frame waits for all of it).
    match = Match(state, undo=False)
    blocking = []
    for _ in range(min(args.moves, 6)):
        start = time.perf_counter()
        move = match.computer_move()
        blocking.append((time.perf_counter() - start) * 1000)
        match.play(move)
    p50, p99, worst = (statistics.median(thinking), percentile(thinking, 99), max(thinking))
    print(f"{args.moves} {args.level}-bot moves on a 4-seat Standard table, {len(thinking)} frames drawn "
          f"while thinking: median {p50:.2f} ms, p99 {p99:.2f} ms, worst {worst:.2f} ms")
    print(f"the same table, nobody thinking, {len(idle)} frames: median "
          f"{statistics.median(idle):.2f} ms, p99 {percentile(idle, 99):.2f} ms, worst "
          f"{max(idle):.2f} ms; the table's first frame {first:.0f} ms")
    print(f"the same choices on the main thread (one frozen frame each): median "
          f"{statistics.median(blocking):.0f} ms, worst {max(blocking):.0f} ms")
    if drawing:
        quiet_choices = alone(drawing)
        plies, iterations = rate(drawing, 3), rate(drawing, 4)
        quiet_plies, quiet_iterations = rate(quiet_choices, 3), rate(quiet_choices, 4)
        print(f"the search while the table draws, {len(drawing)} choices: {plies:,.0f} plies and "
              f"{iterations:,.0f} iterations a second; the same choices with nothing drawing: "
              f"{quiet_plies:,.0f} plies and {quiet_iterations:,.0f} iterations a second; "
              f"drawing costs the search {100 * (1 - plies / quiet_plies):.0f} %")
        # Shares of the process's CPU time, which a busy machine does not skew as it skews
        # the wall clock: one interpreter lock, so what drawing takes the search cannot use.
        searched = sum(c[6] for c in drawing)
        if args.process:
            print(f"the search ran in the worker process; drawing used {drawn_cpu:.2f} s of "
                  f"this process's CPU while a bot thought")
        else:
            print(f"while a bot thought, drawing used {drawn_cpu:.2f} s of CPU and the search "
                  f"{searched:.2f} s: drawing took {100 * drawn_cpu / max(1e-9, drawn_cpu + searched):.0f} % "
                  f"of the process's CPU time; the search's plies per CPU second "
                  f"{sum(c[3] for c in drawing) / max(1e-9, searched):,.0f} (with nothing drawing "
                  f"{sum(c[3] for c in quiet_choices) / max(1e-9, sum(c[6] for c in quiet_choices)):,.0f})")
    print(f"thinking_frames={len(thinking)}  p99_ms={p99:.2f}  worst_ms={worst:.2f}  "
          f"think_p50_ms={statistics.median(blocking):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
