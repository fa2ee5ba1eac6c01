"""How fast a stop signal ends the game at moments of its start-up and its loop (issue 19).

    python tools/bench_stop.py [--runs N]

Starts `python -m game` (kiosk and plain, headless) N times each, waits until the game's own
SIGTERM handler is in place (read from /proc, Linux only), then a little more, sends SIGTERM,
SIGINT or SIGHUP in turn and prints the exit codes, the tracebacks seen, and the slowest and
median time from the signal to the end. The promise is: status 0, no traceback, within 2 s.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

STEP_S = 0.12  # the moments: 0, 0.12, 0.24 ... seconds after the game's handler is in place


def handles_sigterm(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as fh:
            caught = next(int(line.split()[1], 16) for line in fh if line.startswith("SigCgt"))
    except (OSError, StopIteration):
        return False
    return bool(caught >> (signal.SIGTERM - 1) & 1)


def one(kiosk: bool, delay: float, signum: int) -> tuple[int, bool, float]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SCARE_IT_PREFS=tempfile.mkdtemp(prefix="bench-stop-"))
    args = [sys.executable, "-m", "game", "--frames", "100000000"] + (["--kiosk"] if kiosk else [])
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    try:
        while not handles_sigterm(proc.pid) and proc.poll() is None:
            time.sleep(0.002)
        time.sleep(delay)
        sent = time.monotonic()
        proc.send_signal(signum)
        code = proc.wait(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return code, "Traceback" in proc.stderr.read(), took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=12, help="stops at each moment (default 12)")
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: 2 stops at each moment (a check that it still measures)")
    args = parser.parse_args()
    runs = 2 if args.quick else args.runs
    signals = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
    for kiosk in (True, False):
        results = [one(kiosk, i * STEP_S, signals[i % 3]) for i in range(runs)]
        codes = sorted({code for code, _tb, _took in results})
        times = [took for _code, _tb, took in results]
        print(f"{'kiosk' if kiosk else 'game '}: {runs} stops over 0-{(runs - 1) * STEP_S:.2f} s, "
              f"exit codes {codes}, tracebacks {sum(tb for _c, tb, _t in results)}, "
              f"median {statistics.median(times):.2f} s, slowest {max(times):.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
