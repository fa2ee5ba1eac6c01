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

The verdict line holds the goals (docs/KIOSK.md): every floor at most FLOOR_MB, every peak at
most PEAK_MB, the floor growing at most GROWTH_MB from start to end, no exception. When one is
missed (or with --where) it says where the memory is: pygame surfaces by who holds them, Python
objects by type, the solver memo, the asset caches and what glibc holds, and when the peak was.
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import gc
import os
import resource
import sys
import tempfile
import time
import types
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

VISIT_EVERY = 25_000  # ticks between pretend visitors (idle 90 s + countdown 10 s = 6,000 ticks)
FLOOR_MB = 150.0  # resident memory of a kiosk between shows, at most (a mini-PC's share)
PEAK_MB = 220.0
GROWTH_MB = 4.0  # from the start window's floor to the end window's


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
    peak_at: str = ""  # the tick and the screen of the highest sample
    where: list[str] = field(default_factory=list)  # where the memory was, when asked

    @property
    def growth_mb(self) -> float:
        return self.rss["end"] - self.rss["start"]

    def misses(self) -> list[str]:
        """The goals this run missed, each with its figure and its limit."""
        missed = []
        for when in ("start", "middle", "end"):
            if self.rss[when] > FLOOR_MB:
                missed.append(f"{when} floor {self.rss[when]:.1f} MB > {FLOOR_MB:g} MB")
            if self.peak[when] > PEAK_MB:
                missed.append(f"{when} peak {self.peak[when]:.1f} MB > {PEAK_MB:g} MB")
        if self.growth_mb > GROWTH_MB:
            missed.append(f"floor growth {self.growth_mb:.1f} MB > {GROWTH_MB:g} MB")
        if self.exceptions:
            missed.append(f"{self.exceptions} exceptions")
        return missed


def _surfaces_by_holder() -> tuple[collections.Counter, collections.Counter]:
    """Bytes and numbers of pygame surfaces by who holds them. Surfaces are not tracked by the
    collector: walk every tracked object's referents, and untracked containers (tuples, dicts
    of atoms) on the way. The walk's bookkeeping (an id of every object walked: 4 MB after an
    hour of play) ends with this call, so the objects counted afterwards are the game's."""
    import pygame

    from game.render.assets import surface_bytes

    by_holder: collections.Counter = collections.Counter()
    count: collections.Counter = collections.Counter()
    seen: set[int] = set()
    tracked = [o for o in gc.get_objects()
               if not isinstance(o, (types.ModuleType, type, types.FunctionType))]
    # First each object's attributes ("Assets._built"), then whatever is left ("dict").
    starts = [(value, f"{type(o).__qualname__}.{name}") for o in tracked
              if isinstance(getattr(o, "__dict__", None), dict)
              for name, value in vars(o).items()]
    starts += [(o, type(o).__qualname__) for o in tracked]
    for start, holder in starts:
        stack = [start]
        while stack:
            obj = stack.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if isinstance(obj, pygame.Surface):
                by_holder[holder] += surface_bytes(obj)
                count[holder] += 1
            elif isinstance(obj, (tuple, list, dict, set, frozenset)):
                stack.extend(obj.values() if isinstance(obj, dict) else obj)
    return by_holder, count


def where_memory_is(app, top: int = 8) -> list[str]:
    """Lines saying where the memory is now: surfaces by holder, objects by type, the memo."""
    from game.engine import solver, solver_memo
    from game.render.assets import surface_bytes

    gc.collect()
    lines = []
    by_holder, count = _surfaces_by_holder()
    total = sum(by_holder.values())
    lines.append(f"surfaces {sum(count.values())}, {total / 2**20:.1f} MB, biggest holders:")
    lines += [f"  {size / 2**20:8.1f} MB {count[name]:5d}  {name}"
              for name, size in by_holder.most_common(top)]
    sizes: collections.Counter = collections.Counter()
    numbers: collections.Counter = collections.Counter()
    for obj in gc.get_objects():
        name = f"{type(obj).__module__}.{type(obj).__qualname__}"
        sizes[name] += sys.getsizeof(obj)
        numbers[name] += 1
    lines.append(f"python objects {sum(numbers.values()):,}, {sum(sizes.values()) / 2**20:.1f} MB"
                 " (shallow), biggest types:")
    lines += [f"  {size / 2**20:8.1f} MB {numbers[name]:7d}  {name}"
              for name, size in sizes.most_common(top)]
    held, size = solver.memo_size()
    lines.append(f"solver memo: {held:,} bounds, {size / 2**20:.1f} MB "
                 f"(limit {solver_memo.MEMO_BYTES / 2**20:.0f} MB)")
    by_name: collections.Counter = collections.Counter()
    caches = app.assets.caches()
    for key, value in caches["built"].entries.items():
        by_name[key[0]] += surface_bytes(value)
    lines.append("built surfaces by name: " + ", ".join(
        f"{name} {size / 2**20:.1f} MB" for name, size in by_name.most_common(top)))
    lines.append("asset caches: " + ", ".join(
        f"{name} {len(cache.entries)} ({cache.bytes / 2**20:.1f} MB)"
        for name, cache in caches.items()))
    malloc = _mallinfo()
    if malloc is not None:
        lines.append(f"malloc: {malloc[0] / 2**20:.1f} MB in use, {malloc[1] / 2**20:.1f} MB free "
                     f"inside the process, {malloc[2] / 2**20:.1f} MB mapped apart")
    return lines


def _mallinfo():
    """glibc's (in use, free, mmapped) bytes, or None elsewhere."""
    class Info(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
            "uordblks", "fordblks", "keepcost")]

    try:
        call = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return None
    call.restype = Info
    info = call()
    return info.uordblks, info.fordblks, info.hblkhd


def _screen(app) -> str:
    """The top scene, and the show when the demo is on."""
    top = app.stack.top
    demo = getattr(top, "demo", None)
    name = type(top).__name__ if top is not None else "nothing"
    return f"{name} ({demo.shown})" if demo is not None else name


def soak(frames: int, idle: float = 90.0, visitors: bool = True,
         where: bool | None = None) -> SoakResult:
    """Run the kiosk for `frames` ticks; the app quits pygame when it is done. `where`: say
    where the memory is at the end (None: when a goal is missed)."""
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
                    if now > max(out.peak.values(), default=0.0):
                        out.peak_at = f"tick {tick}, {_screen(app)}"
                    out.peak[name] = max(out.peak.get(name, now), now)
        if tick == frames:
            out.exceptions = app.errors
            out.rss.setdefault("end", rss_mb())
            out.peak.setdefault("end", out.rss["end"])
            if where or (where is None and misses_so_far()):
                out.where = where_memory_is(app)

    def misses_so_far() -> bool:
        for name in ("start", "middle"):
            out.rss.setdefault(name, out.rss["launch"])
            out.peak.setdefault(name, out.rss[name])
        return bool(out.misses())

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
    parser.add_argument("--where", action="store_true",
                        help="say where the memory is at the end even when every goal is met")
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
    out = soak(frames, idle, visitors=not args.no_visitors, where=True if args.where else None)
    print(f"rss launch {out.rss['launch']:8.1f} MB")
    for when in ("start", "middle", "end"):
        print(f"rss {when:<6} {out.rss[when]:8.1f} MB floor, {out.peak[when]:8.1f} MB peak")
    print(f"highest sample at {out.peak_at}")
    print(f"computer games {out.games}, solver puzzles {out.puzzles}, visitors {out.visitors}, "
          f"wall {out.wall_s:.0f} s ({1000 * out.wall_s / frames:.2f} ms per tick)")
    for line in out.where:
        print(line)
    missed = out.misses()
    print(f"goals: floor <= {FLOOR_MB:g} MB, peak <= {PEAK_MB:g} MB, floor growth <= "
          f"{GROWTH_MB:g} MB, no exception: " + ("met" if not missed else
                                                 "MISSED (" + "; ".join(missed) + ")"))
    print(f"rss_growth_mb={out.growth_mb:.1f}  exceptions={out.exceptions}  "
          f"games={out.games + out.puzzles}")
    return 0 if not missed else 1


if __name__ == "__main__":
    raise SystemExit(main())
