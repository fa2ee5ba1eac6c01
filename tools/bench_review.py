"""How long the analyses of issue 35 take: a four-player game reviewed, solo games answered.

Run: .venv/bin/python tools/bench_review.py [--nodes N] [--games N] [--quick]
The review: the longest four-player games the rules allow (All Included: the first empty
column closes, the second ends it, so at most 26 moves on a 4x8 field; Standard at most 25),
played at random but never ending while another move exists, reviewed with the expert's
choice at every move (the worst case: random moves differ from the expert's nearly always);
the same games again with the second view too (each move judged from what its mover could
know), as the review screen judges them: the goal is checked on that figure as well.
A 30-move game cannot be dealt, so its figure is the time a move times 30. Goal (issue 35):
at most 20 s on one core of a 2-core machine. The review runs on one thread, so its CPU time
is the time of one core. Then solo games answered (the best after every move), median and
worst. --quick reviews one short game with a small budget and answers two solo games, in
seconds. Exit status 1 when a figure cannot be produced, or (not --quick) the goal is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Mode, Rules, apply, deal_position, initial_state, new_game  # noqa: E402
from game.engine.ai.fast import encode, from_move, shrinks  # noqa: E402
from game.engine.ai.review import DEFAULT_NODES, review  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.solo_answer import answer  # noqa: E402
from game.engine.solver import clear_memo  # noqa: E402

GOAL_S = 20.0
GOAL_MOVES = 30
NAMES = ["Anna", "Ben", "Cleo", "Dan"]


def long_game(seed: int, limit: int | None = None):
    """A four-player All Included game of random moves that never ends while another move
    is left: the start and the moves."""
    start = new_game(Mode.ALL_INCLUDED, NAMES, seed)
    state, rng, moves = start, Rng(seed), []
    while not state.over and (limit is None or len(moves) < limit):
        legal = state.legal_moves()
        field = encode(state.position)
        going = [m for m in legal if len(field[shrinks(from_move(m))]) > 1
                 or state.closed < state.rules.closings_allowed] or legal
        move = rng.choice(going)
        state = apply(state, move)[0]
        moves.append(move)
    return start, moves


def bench_review(games: int, nodes: int, limit: int | None, beliefs: bool = False) -> list[float]:
    """Review `games` long games; prints each and returns the seconds a move (CPU)."""
    per_move = []
    for seed in range(games):
        start, moves = long_game(seed, limit)
        wall, cpu = time.perf_counter(), time.process_time()
        found = review(start, moves, nodes=nodes, beliefs=beliefs)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        asked = sum(t.expert is not None for t in found.turns)
        view = " with the mover's view" if beliefs else ""
        print(f"review game {seed}{view}: {len(moves)} moves, {asked} expert choices shown, "
              f"{nodes} plies a field: {cpu:.2f} s CPU, {wall:.2f} s wall, "
              f"{cpu / len(moves):.3f} s a move")
        per_move.append(cpu / len(moves))
    return per_move


def bench_solo(games: int) -> list[float]:
    """Answer `games` random solo games from a cleared memo; returns their seconds (CPU)."""
    spent = []
    for seed in range(games):
        clear_memo()
        position = deal_position(seed)
        state, rng, moves = initial_state(position, Rules.SOLO), Rng(seed), []
        while not state.over:
            moves.append(rng.choice(state.legal_moves()))
            state = apply(state, moves[-1])[0]
        cpu = time.process_time()
        found = answer(position, moves)
        spent.append(time.process_time() - cpu)
        if not found.best.proven:
            print(f"solo game {seed}: not proven within the budget")
    return spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=None,
                        help=f"plies searched a field (default {DEFAULT_NODES}; --quick 300)")
    parser.add_argument("--games", type=int, default=3, help="long games reviewed (default 3)")
    parser.add_argument("--solo", type=int, default=20, help="solo games answered (default 20)")
    parser.add_argument("--quick", action="store_true",
                        help="one 8-move game at 300 plies, two solo games: a smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        nodes, games, limit, solo = 300, 1, 8, 2
    else:
        nodes, games, limit, solo = DEFAULT_NODES, args.games, None, args.solo
    nodes = nodes if args.nodes is None else args.nodes
    if nodes < 1 or games < 1 or solo < 1:
        print("bench_review: --nodes, --games and --solo must be at least 1", file=sys.stderr)
        return 1
    per_move = bench_review(games, nodes, limit)
    movers = bench_review(games, nodes, limit, beliefs=True)  # both views: as the screen does
    spent = bench_solo(solo)
    worst = max(per_move)
    scaled = worst * GOAL_MOVES
    print(f"review: {statistics.median(per_move):.3f} s a move (median of {games}), worst "
          f"{worst:.3f} s a move: a {GOAL_MOVES}-move game {scaled:.1f} s (goal {GOAL_S:.0f} s)")
    mover = max(movers)
    print(f"review with the mover's view too (the review screen): {statistics.median(movers):.3f}"
          f" s a move (median of {games}), worst {mover:.3f} s a move: a {GOAL_MOVES}-move game "
          f"{mover * GOAL_MOVES:.1f} s (goal {GOAL_S:.0f} s)")
    print(f"solo answers: {len(spent)} games, median {statistics.median(spent):.3f} s, "
          f"worst {max(spent):.3f} s")
    scaled = max(scaled, mover * GOAL_MOVES)
    if not args.quick and scaled > GOAL_S:
        print(f"bench_review: over the goal ({scaled:.1f} s > {GOAL_S:.0f} s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
