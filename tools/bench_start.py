"""Start-up benchmark: launch to first frame, `scare-it --frames 1`, median of five runs.

Run: .venv/bin/python tools/bench_start.py [--runs N] [--command PATH] [--importtime]

Each run is a new process of the installed `scare-it` beside this Python (the venv's; or
--command, e.g. the standalone app) under the dummy video and audio drivers: it opens the
window, draws the title once and quits. Prints each run's time to its first frame on screen (the
game writes the clock's time then into the file FIRST_FRAME_FILE names), its wall and CPU time
to its exit (user + system, which a busy machine inflates less; the interpreter's own exit
after the frame is in these), the load average, then the medians; the first frame's against
GOAL_S.
--importtime adds the modules that take longest to import (python -X importtime).

An untimed launch goes first, with bytecode caching allowed (PYTHONDONTWRITEBYTECODE dropped):
an installed game starts from compiled modules (pip and the app build write them), so the timed
runs measure that, not Python compiling the sources (which adds about half a second).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.app import FIRST_FRAME_FILE  # noqa: E402

GOAL_S = 0.4


def _env() -> dict[str, str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "SCARE_IT_PREFS": tempfile.mkdtemp(prefix="scare-start-")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: modules compiled once, then read
    return env


def one_run(command: list[str]) -> tuple[float, float, float]:
    """(wall seconds to the first frame on screen, wall seconds to the process's end, CPU
    seconds to its end) of one launch: the game writes the time of its first frame into the
    file named by FIRST_FRAME_FILE."""
    env = _env()
    mark = Path(env["SCARE_IT_PREFS"]) / "first-frame.txt"
    env[FIRST_FRAME_FILE] = str(mark)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    launched = time.time()
    started = time.perf_counter()
    out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({out.returncode}): {out.stderr[-800:]}")
    if not mark.is_file():
        raise SystemExit(f"{' '.join(command)} drew no frame (no {mark.name} written)")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return float(mark.read_text(encoding="ascii")) - launched, wall, cpu


def import_times(top: int = 15) -> list[str]:
    """The slowest imports of `import game.app` (cumulative microseconds, from -X importtime)."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import game.app"],
                         env=_env(), capture_output=True, text=True, timeout=120)
    rows = []
    for line in out.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _self, cumulative, name = (part.strip() for part in line[12:].split("|"))
        rows.append((int(cumulative), name))
    rows.sort(reverse=True)
    return [f"  {us / 1000:7.1f} ms  {name}" for us, name in rows[:top]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--command", help="the game to launch (default: scare-it beside this "
                        "Python)")
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: one timed launch, the goal not judged (a check that it still measures)")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs = 1
    game = args.command or str(Path(sys.executable).with_name("scare-it"))
    if not Path(game).exists():
        print(f"bench_start: {game} not found (install the game: pip install -e .)",
              file=sys.stderr)
        return 2
    command = [game, "--frames", "1"]
    one_run(command)  # untimed: compiles what is not compiled yet, fills the disk cache
    firsts, walls, cpus = [], [], []
    for i in range(max(1, args.runs)):
        first, wall, cpu = one_run(command)
        firsts.append(first)
        walls.append(wall)
        cpus.append(cpu)
        print(f"  run {i + 1}: first frame {first:.3f} s; to exit {wall:.3f} s wall, "
              f"{cpu:.3f} s CPU")
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    if args.importtime:
        print("slowest imports of game.app (cumulative):")
        for line in import_times():
            print(line)
    first = statistics.median(firsts)
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    verdict = "met" if first <= GOAL_S else "MISSED"
    print(f"to exit: median {wall:.3f} s wall ({cpu:.3f} s CPU, the interpreter's exit included)")
    print(f"first frame from launch: median {first:.3f} s wall over {len(firsts)} runs; "
          f"goal <= {GOAL_S:g} s: {verdict}")
    return 0 if first <= GOAL_S or args.quick else 1


if __name__ == "__main__":
    raise SystemExit(main())
