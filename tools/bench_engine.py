"""Engine benchmark: fast perft and solver against a plain baseline kept in this file.

Run: .venv/bin/python tools/bench_engine.py [--deals N] [--cap SECONDS] [--only SECTION...]
Prints perft nodes per second, solver times on seeded deals and hint times, side by side, then
the solver on its heavy tail, on the campaign and over a long session whose memo is never
cleared, with the memo's size in bytes (sections: perft, solver, hint, memo).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Rules, deal_position, parse_position  # noqa: E402
from game.engine.bitboard import encode, matches  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.perft import _Counter, perft  # noqa: E402
from game.engine.position import Position  # noqa: E402
from game.engine.solver import (  # noqa: E402
    best_line,
    clear_memo,
    hint,
    memo_size,
    solve,
)
from game.engine.solver_memo import MEMO_BYTES  # noqa: E402
from game.engine.state import initial_state, new_game  # noqa: E402

REFERENCE = [  # (position, rules, depth) - the reference positions at a depth that takes a while
    ("YC BD PC YC BM OC BC BE/PE BC PD OE OM YM YD BD/YE BM PE YM PC OM OD YD/"
     "OE BE OD OC PM PD YE PM", Rules.STANDARD, 3),
    ("OD BD PD PD BC BE PM PE/OE YC OM YM OC YD OC OE/YE PM PE OM YE BE PC BM/"
     "BM YC YM YD PC BC OD BD", Rules.STANDARD, 3),
    ("BC .. .. .. .. .. ../OE .. .. YD BD YC ../PC OE PM PD BM YM ../OD YE BD PD PC PE OC",
     Rules.SOLO, 5),
]


# ---------------------------------------------------------------- the plain baseline
class CapReached(Exception):
    pass


def base_field(position: Position) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(card.animal) for card in column) for column in position.columns)


def base_moves(field):
    """Every card's four neighbours checked; each move builds a new tuple of columns."""
    result = []
    width = len(field)
    for x, column in enumerate(field):
        for y, animal in enumerate(column):
            victim = (animal + 1) % 4
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
                tx, ty = x + dx, y + dy
                if 0 <= tx < width and 0 <= ty < len(field[tx]) and field[tx][ty] == victim:
                    cols = list(field)
                    cols[tx] = cols[tx][:ty] + cols[tx][ty + 1:]
                    result.append((tuple(cols), tx))
                    if dx:
                        cols = list(field)
                        cols[tx] = field[tx][:ty] + (animal,) + field[tx][ty + 1:]
                        cols[x] = field[x][:y] + field[x][y + 1:]
                        result.append((tuple(cols), x))
    return result


def base_perft(field, depth, closed, allowed):
    if depth == 0:
        return 1
    moves = base_moves(field)
    if depth == 1:
        return len(moves)
    total = 0
    for child, column in moves:
        if child[column]:
            total += base_perft(child, depth - 1, closed, allowed)
        elif closed < allowed:
            total += base_perft(child[:column] + child[column + 1:], depth - 1, closed + 1, allowed)
    return total


def base_solve(field, deadline, target=None):
    """Memoised depth-first search for the fewest cards left; stops only when it finds 1.

    With a target, cells hold (animal, is target) and a finished game without a target card
    is worth 99 (impossible)."""
    if target is not None:
        return base_solve_target(field, deadline)
    memo = {}

    def best(f):
        known = memo.get(f)
        if known is not None:
            return known
        if time.perf_counter() > deadline:
            raise CapReached
        moves = base_moves(f)
        if not moves:
            value = sum(len(c) for c in f)
        else:
            value = 99
            for child, column in moves:
                if not child[column]:
                    child = child[:column] + child[column + 1:]
                value = min(value, best(child))
                if value == 1:
                    break
        memo[f] = value
        return value

    return best(tuple(c for c in field if c))


def base_target_field(position: Position, target) -> tuple:
    return tuple(tuple((int(c.animal), matches(c, target)) for c in column)
                 for column in position.columns)


def base_solve_target(field, deadline):
    memo = {}

    def best(f):
        known = memo.get(f)
        if known is not None:
            return known
        if time.perf_counter() > deadline:
            raise CapReached
        moves = base_target_moves(f)
        if not moves:
            left = [c for column in f for c in column]
            value = len(left) if any(marked for _a, marked in left) else 99
        else:
            value = 99
            for child, column in moves:
                if not child[column]:
                    child = child[:column] + child[column + 1:]
                value = min(value, best(child))
                if value == 1:
                    break
        memo[f] = value
        return value

    value = best(tuple(c for c in field if c))
    return None if value == 99 else value


def base_target_moves(field):
    result = []
    width = len(field)
    for x, column in enumerate(field):
        for y, cell in enumerate(column):
            victim = (cell[0] + 1) % 4
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
                tx, ty = x + dx, y + dy
                if 0 <= tx < width and 0 <= ty < len(field[tx]) and field[tx][ty][0] == victim:
                    cols = list(field)
                    cols[tx] = cols[tx][:ty] + cols[tx][ty + 1:]
                    result.append((tuple(cols), tx))
                    if dx:
                        cols = list(field)
                        cols[tx] = field[tx][:ty] + (cell,) + field[tx][ty + 1:]
                        cols[x] = field[x][:y] + field[x][y + 1:]
                        result.append((tuple(cols), x))
    return result


# ---------------------------------------------------------------- measurements
def bench_perft() -> None:
    print("perft (nodes = leaf count)")
    print(f"  {'position':<14}{'rules':<9}{'depth':>5}{'nodes':>10}{'baseline n/s':>14}"
          f"{'bitboard n/s':>14}{'x':>7}{'+memo n/s':>13}{'x':>8}")
    for text, rules, depth in REFERENCE:
        position = parse_position(text)
        state = initial_state(position, rules)
        field = base_field(state.position)
        t = time.perf_counter()
        nodes = base_perft(field, depth, state.closed, rules.closings_allowed)
        base_rate = nodes / (time.perf_counter() - t)
        t = time.perf_counter()
        plain = _Counter(rules.closings_allowed, remember=False).count(
            encode(state.position), state.closed, depth)
        fast_rate = plain / (time.perf_counter() - t)
        t = time.perf_counter()
        full = perft(position, depth, rules)
        memo_rate = full / (time.perf_counter() - t)
        assert nodes == plain == full, (nodes, plain, full)
        print(f"  {text[:12] + '..':<14}{rules.value[:8]:<9}{depth:>5}{nodes:>10}"
              f"{base_rate:>14,.0f}{fast_rate:>14,.0f}{fast_rate / base_rate:>7.1f}"
              f"{memo_rate:>13,.0f}{memo_rate / base_rate:>8.1f}")


def bench_solver(deals: int, cap: float, advanced: bool) -> None:
    deals_of = "Single player, advanced (target card from new_game)" if advanced else "full deals"
    print(f"\nsolver on {deals} seeded {deals_of} (baseline capped at {cap:g} s a deal)")
    ours, base, capped = [], [], 0
    for seed in range(deals):
        position = deal_position(seed)
        target = new_game(Mode.SOLO_ADVANCED, ["solo"], seed).target if advanced else None
        clear_memo()
        t = time.perf_counter()
        solution = solve(position, target)
        ours.append(time.perf_counter() - t)
        field = base_target_field(position, target) if advanced else base_field(position)
        t = time.perf_counter()
        try:
            value = base_solve(field, t + cap, target)
            assert value == solution.count, (seed, value, solution.count)
        except CapReached:
            capped += 1
        base.append(time.perf_counter() - t)
    note = f" ({capped} deals capped: the true ratio is higher)" if capped else ""
    print(f"  {'':<10}{'median s':>10}{'worst s':>10}{'total s':>10}")
    print(f"  {'baseline':<10}{statistics.median(base):>10.3f}{max(base):>10.3f}{sum(base):>10.3f}")
    print(f"  {'engine':<10}{statistics.median(ours):>10.4f}{max(ours):>10.4f}{sum(ours):>10.4f}")
    print(f"  total ratio {sum(base) / sum(ours):.0f}x{note}")


def bench_hint(deals: int) -> None:
    print("\nhint / best line within 100 ms (wall clock per call, worst)")
    positions = [deal_position(1000 + seed) for seed in range(deals)]
    positions += [parse_position(text) for text, _rules, _depth in REFERENCE]
    worst_line = worst_hint = 0.0
    for position in positions:
        clear_memo()
        t = time.perf_counter()
        found = best_line(position, 0.1)
        worst_line = max(worst_line, time.perf_counter() - t)
        clear_memo()
        t = time.perf_counter()
        hint(position, found.count or 1, 0.1)
        worst_hint = max(worst_hint, time.perf_counter() - t)
    print(f"  best_line(budget 0.1 s): worst {worst_line * 1000:.1f} ms over {len(positions)}")
    print(f"  hint(par = that count, budget 0.1 s): worst {worst_hint * 1000:.1f} ms")
    bench_level_hints()


def bench_level_hints() -> None:
    """hint on every campaign level's start and along its solution, memo cleared each call."""
    from game.campaign.levels import DEFAULT_ROOT, load_campaign
    from game.engine.state import apply

    worst, where, calls, misses = 0.0, "", 0, 0
    for level in load_campaign(DEFAULT_ROOT).levels:
        state = initial_state(level.position, Rules.SOLO)
        line = solve(level.position, level.target).moves
        for move in (None, *line):
            if move is not None:
                state, _events = apply(state, move)
            if state.over:
                break
            clear_memo()
            t = time.perf_counter()
            found = hint(state.position, level.par, 0.1, level.target)
            took = time.perf_counter() - t
            calls += 1
            misses += found is None
            if took > worst:
                worst, where = took, level.id
    print(f"  hint on campaign levels (cold memo, par, target): worst {worst * 1000:.1f} ms"
          f" ({where}) over {calls} positions, {misses} without an answer")


# The slowest Single player, advanced deals of seeds 0-3999 for the solver (solve(), cold
# memo) when its memo became bounded: where one move order's heavy tail shows.
HEAVY_TAIL = (44, 2594, 2971, 3175, 3841, 1233, 1389, 1065, 277, 826)


def _advanced(seed: int):
    return deal_position(seed), new_game(Mode.SOLO_ADVANCED, ["solo"], seed).target


def bench_memo(session_deals: int) -> None:
    """The solver where its memo matters: heavy-tail deals and campaign levels from cold, then
    a long session of solves and hints that never clears the memo (a player's evening)."""
    from game.campaign.levels import DEFAULT_ROOT, load_campaign
    from game.engine.state import apply

    print(f"\nsolver memo (bounded at {MEMO_BYTES / 2**20:.0f} MB)")
    times = []
    for seed in HEAVY_TAIL:
        position, target = _advanced(seed)
        clear_memo()
        t = time.perf_counter()
        solve(position, target)
        times.append(time.perf_counter() - t)
    print(f"  heavy tail, {len(times)} deals, cold memo: median {statistics.median(times):.3f} s,"
          f" worst {max(times):.3f} s, total {sum(times):.3f} s")
    levels = load_campaign(DEFAULT_ROOT).levels
    times = []
    for level in levels:
        clear_memo()
        t = time.perf_counter()
        solve(level.position, level.target)
        times.append(time.perf_counter() - t)
    print(f"  campaign, {len(times)} levels, cold memo: worst {max(times) * 1000:.1f} ms,"
          f" total {sum(times):.3f} s")
    clear_memo()
    t = time.perf_counter()
    calls = 0
    for seed in (*HEAVY_TAIL, *range(session_deals)):
        position, target = _advanced(seed)
        solution = solve(position, target)
        state = initial_state(position, Rules.SOLO)
        for move in solution.moves:
            hint(state.position, solution.count, None, target)  # the hint button every move
            state, _events = apply(state, move)
            calls += 1
    took = time.perf_counter() - t
    held, size = memo_size()
    print(f"  session, memo never cleared: {len(HEAVY_TAIL) + session_deals} deals solved and"
          f" {calls} hints in {took:.2f} s; memo then {held:,} bounds in"
          f" {size / 2**20:.1f} MB")
    clear_memo()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--cap", type=float, default=20.0)
    parser.add_argument("--session", type=int, default=400,
                        help="deals in the memo section's never-cleared session")
    parser.add_argument("--only", nargs="+", choices=("perft", "solver", "hint", "memo"),
                        default=("perft", "solver", "hint", "memo"))
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: 3 deals, a 2 s cap, a 10-deal session (a check that it still measures)")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.cap, args.session = 3, 2.0, 10
    if "perft" in args.only:
        bench_perft()
    if "solver" in args.only:
        bench_solver(args.deals, args.cap, advanced=False)
        bench_solver(args.deals, args.cap, advanced=True)
    if "hint" in args.only:
        bench_hint(args.deals)
    if "memo" in args.only:
        bench_memo(args.session)


if __name__ == "__main__":
    main()
