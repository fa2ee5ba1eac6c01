"""Resident memory of the editor's solver process while it proves field after field.

Run: .venv/bin/python tools/live_solver_memory.py [--fields N]

Asks the puzzle editor's LiveSolver (a worker process, as in the game) for Single player,
advanced deals one after another, the heaviest first, never clearing its memo (as an evening
in the editor does), and reads the worker's resident size (VmRSS, and its highest, VmHWM)
from /proc after each. Last line: the goal (LIMIT_MB) and whether it was met. Linux only.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.campaign.live_solver import LiveSolver  # noqa: E402
from game.engine import deal_position  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.state import new_game  # noqa: E402

LIMIT_MB = 64.0
HEAVY_FIRST = (44, 2594, 2971, 3175, 3841, 1233, 1389, 1065, 277, 826)  # see bench_engine.py


def status_mb(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM of a process, in MB."""
    out = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            key = line.split(":")[0]
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(line.split()[1]) / 1024
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fields", type=int, default=400, help="deals to prove (default 400)")
    args = parser.parse_args(argv)
    live = LiveSolver()
    seeds = list(HEAVY_FIRST) + [s for s in range(args.fields) if s not in HEAVY_FIRST]
    seeds = seeds[:max(1, args.fields)]
    started = time.perf_counter()
    try:
        for i, seed in enumerate(seeds):
            target = new_game(Mode.SOLO_ADVANCED, ["solo"], seed).target
            live.ask(deal_position(seed), target)
            answer = live.wait(60)
            if live.mode != "process":
                print("live solver: no worker process here (it runs as a thread)")
                return 2
            if answer.searching:
                print(f"  deal {seed}: not proven within 60 s")
            if i % 50 == 0 or i == len(seeds) - 1:
                now = status_mb(live._proc.pid)
                print(f"  after {i + 1:4d} fields: worker {now['VmRSS']:6.1f} MB resident, "
                      f"highest {now['VmHWM']:6.1f} MB")
        peak = status_mb(live._proc.pid)["VmHWM"]
    finally:
        live.close()
    took = time.perf_counter() - started
    verdict = "met" if peak <= LIMIT_MB else "MISSED"
    print(f"{len(seeds)} fields in {took:.1f} s; worker's highest resident size {peak:.1f} MB; "
          f"goal <= {LIMIT_MB:g} MB: {verdict}")
    return 0 if peak <= LIMIT_MB else 1


if __name__ == "__main__":
    raise SystemExit(main())
