"""Soak test: run the kiosk headless for FRAMES ticks and report memory, games and exceptions.

    .venv/bin/python tools/soak.py 500000

Runs in this process under the dummy SDL drivers on the virtual clock (one tick per frame, no
sleeping). Every VISIT_EVERY ticks a pretend visitor presses a key (the demo goes to the menu),
briefly holds the operator chord and lets go, then walks away, so the idle countdown and the way
back to the demo are soaked too. Last line: `rss_growth_mb=...  exceptions=...  games=...`
(games counts computer games and solver puzzles the attract loop finished).

Memory is compared like with like: caches that fill once (card faces per size, the menu's
rotated cards) fill during a warm-up (the first visitor and one round of the show program).
Start / middle / end are windows of a tenth of the run each, sampled every 30 ticks. The resident
size swings by tens of MB inside a window (a solver puzzle's memo, a table game's full-screen
surfaces, all released again), so growth is measured on each window's floor (its lowest sample):
a leak lifts the floor, a working set does not. Each window's peak is printed beside it.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

VISIT_EVERY = 25_000  # ticks between pretend visitors (idle 90 s + countdown 10 s = 6,000 ticks)


def rss_mb() -> float:
    """Resident memory now (VmRSS); where /proc is missing, the peak from getrusage."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


@dataclass
class SoakResult:
    frames: int
    rss: dict[str, float] = field(default_factory=dict)  # floor (lowest sample) per window
    peak: dict[str, float] = field(default_factory=dict)
    exceptions: int = 0
    games: int = 0
    puzzles: int = 0
    visitors: int = 0
    wall_s: float = 0.0

    @property
    def growth_mb(self) -> float:
        return self.rss["end"] - self.rss["start"]


def soak(frames: int, idle: float = 90.0, visitors: bool = True) -> SoakResult:
    """Run the kiosk for `frames` ticks; the app quits pygame when it is done."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SCARE_IT_PREFS", tempfile.mkdtemp(prefix="scare-it-soak-"))
    import pygame

    from game.app import App

    app = App(frames=frames, kiosk=True, idle=idle)
    out = SoakResult(frames)
    out.rss["launch"] = rss_mb()
    warm = min(30_000, frames // 5)
    span = max(1, frames // 10)
    windows = {"start": (warm, warm + span), "middle": (frames // 2, frames // 2 + span),
               "end": (frames - span, frames + 1)}
    step = app.step

    def soaked_step(dt: float) -> None:
        step(dt)
        tick = app.ticks
        if visitors and tick % VISIT_EVERY == VISIT_EVERY // 2:
            out.visitors += 1
            pygame.event.post(pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
        if visitors and tick % VISIT_EVERY == VISIT_EVERY // 2 + 30:
            mods = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT
            pygame.event.post(pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_q, mod=mods, unicode="Q", scancode=20))
        if visitors and tick % VISIT_EVERY == VISIT_EVERY // 2 + 90:  # let go after 1 s
            pygame.event.post(pygame.event.Event(
                pygame.KEYUP, key=pygame.K_q, mod=0, unicode="q", scancode=20))
        if tick % 30 == 0 or tick == frames:  # sampled before run() quits pygame at the end
            for name, (first, last) in windows.items():
                if first <= tick < last:
                    now = rss_mb()
                    out.rss[name] = min(out.rss.get(name, now), now)
                    out.peak[name] = max(out.peak.get(name, now), now)

    app.step = soaked_step
    started = time.perf_counter()
    app.run()
    out.wall_s = time.perf_counter() - started
    for name in ("start", "middle", "end"):
        out.rss.setdefault(name, out.rss["launch"])
        out.peak.setdefault(name, out.rss[name])
    out.exceptions = app.errors
    out.games, out.puzzles = app.kiosk_ctl.games, app.kiosk_ctl.puzzles
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("frames", help="logic ticks to run (60 per second of kiosk time)")
    parser.add_argument("--idle", default="90", help="idle timeout in seconds (default 90)")
    parser.add_argument("--no-visitors", action="store_true", help="only the attract loop")
    args = parser.parse_args(argv)
    try:
        frames = int(args.frames)
        idle = float(args.idle)
        if frames < 1 or not idle > 0:
            raise ValueError
    except ValueError:
        print("soak: FRAMES must be a whole number above 0 and --idle a positive number",
              file=sys.stderr)
        return 2
    print(f"soak: {frames} ticks ({frames / 60:.0f} s of kiosk time) on the virtual clock")
    out = soak(frames, idle, visitors=not args.no_visitors)
    print(f"rss launch {out.rss['launch']:8.1f} MB")
    for when in ("start", "middle", "end"):
        print(f"rss {when:<6} {out.rss[when]:8.1f} MB floor, {out.peak[when]:8.1f} MB peak")
    print(f"computer games {out.games}, solver puzzles {out.puzzles}, visitors {out.visitors}, "
          f"wall {out.wall_s:.0f} s ({1000 * out.wall_s / frames:.2f} ms per tick)")
    print(f"rss_growth_mb={out.growth_mb:.1f}  exceptions={out.exceptions}  "
          f"games={out.games + out.puzzles}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
