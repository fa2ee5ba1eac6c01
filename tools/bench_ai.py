"""Think time per move of each bot level: median, 95th percentile and worst, over a few games.

    .venv/bin/python tools/bench_ai.py [--games N] [--budget SECONDS] [--nodes N] [--mode MODE]
        [--seats N] [--levels easy,normal,hard,expert,ismcts,deal-search] [--cpu] [--rate]

Each level plays seat 1 against normal bots; only seat 1's choices are timed. With --nodes the
searching levels stop at that many nodes instead of the time budget: run it on a quiet machine
to find the node budget that keeps a move within the time budget. --rate prints the plies a
CPU second of searching levels (settings as `expert:smart=true,ends=true`) on the same
positions: what a setting costs a ply.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tournament import make  # noqa: E402

from game.engine.ai import SKILLS, view_for  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.state import apply, new_game  # noqa: E402

# Wall time by default; --cpu counts this process's own CPU time, which is what a move
# would take on a quiet machine when others share the cores.
CLOCK = time.perf_counter


def bot_for(level: str, nodes: int | None):
    """A bot for `level`; `name:key=value,...` sets its attributes (e.g. `ismcts:fast=false`,
    the plain playout step, to time against the fast one on the same seeds)."""
    return make(level, {level.partition(":")[0]: nodes} if nodes is not None else None)


def think_times(
    level: str, mode: Mode, seats: int, games: int, budget: float, nodes: int | None = None,
    first: int = 0,
) -> list[float]:
    """Seat 1's think times over `games` games from game number `first` on."""
    levels = [level] + [SKILLS.default] * (seats - 1)
    bots = [bot_for(lv, nodes) for lv in levels]
    times = []
    for g in range(first, first + games):
        state = new_game(mode, [f"p{i}" for i in range(seats)], 500 + g, first_player=g % seats,
                         bots=levels)
        start, rng = state.position, Rng(g)
        while not state.over:
            seat = state.turn
            view = view_for(state, seat, start=start)
            began = CLOCK()
            move = bots[seat].choose(view, rng, budget)
            if seat == 0:
                times.append(CLOCK() - began)
            state, _ = apply(state, move)
    return times


def split_levels(text: str) -> list[str]:
    """The --levels list: "expert,expert:spare=true,smart=true" is two levels."""
    levels: list[str] = []
    for piece in text.split(","):
        if "=" in piece and ":" not in piece and levels:
            levels[-1] += "," + piece
        else:
            levels.append(piece)
    return levels


def ply_rates(levels: list[str], nodes: int, games: int) -> None:
    """--rate: plies searched per CPU second of each searching level over the same positions
    (every third position of `games` random Standard games), the levels taking turns. As at
    the table, each seat of a game keeps one bot of each level from move to move."""
    views = []
    for g in range(games):
        state, rng = new_game(Mode.STANDARD, list("abcd"), 77 + g, first_player=0), Rng(g)
        while not state.over:
            views.append((g, view_for(state, state.turn)))
            state, _ = apply(state, rng.choice(state.legal_moves()))
    views = views[::3]
    totals = {level: [0, 0.0] for level in levels}
    bots: dict = {}
    for g, view in views:
        for level in levels:
            key = (g, view.seat, level)
            bot = bots[key] = bots.get(key) or bot_for(level, nodes)
            began = time.process_time()
            bot.choose(view, Rng(1), 0.0)
            totals[level][1] += time.process_time() - began
            totals[level][0] += getattr(bot, "plies", 0)
    print(f"{len(views)} positions of {games} random Standard games, {nodes} nodes, CPU time")
    for level, (plies, seconds) in totals.items():
        print(f"{level:<40}{plies:>9} plies {seconds:>7.2f} s {plies / seconds:>10,.0f} a second")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--budget", type=float, default=0.3)
    parser.add_argument("--mode", default=Mode.DEFAULT.value)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--nodes", type=int, default=None)
    parser.add_argument("--levels", default=",".join(SKILLS))
    parser.add_argument("--cpu", action="store_true", help="time by CPU time, not wall time")
    parser.add_argument("--rate", action="store_true",
                        help="plies a CPU second of searching levels on the same positions")
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: one game, a 300-node budget (a check that it still measures)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.nodes = 1, 300
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    if args.rate:
        ply_rates(split_levels(args.levels), args.nodes or 10_000, args.games)
        return 0
    mode = Mode.parse(args.mode)
    limit = f"{args.nodes} nodes" if args.nodes else f"budget {args.budget:g} s"
    clock = "CPU time" if args.cpu else "wall time"
    print(f"{mode.label}, {args.seats} seats, {args.games} games, {limit}, {clock}")
    print(f"{'level':<18}{'moves':>6}{'median ms':>11}{'p95 ms':>9}{'worst ms':>10}")
    # The levels take turns game by game, so a machine that gets busier or quieter during the
    # run weighs on each of them alike (a before/after comparison stays fair).
    levels = split_levels(args.levels)
    times: dict[str, list[float]] = {level: [] for level in levels}
    for g in range(args.games):
        for level in levels:
            times[level] += think_times(level, mode, args.seats, 1, args.budget, args.nodes, g)
    for level in levels:
        ordered = sorted(times[level])
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"{level:<18}{len(ordered):>6}{1000 * statistics.median(ordered):>11.2f}"
              f"{1000 * p95:>9.2f}{1000 * ordered[-1]:>10.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
