"""Fit how often a player scares its own card when it could have spared it: the reading's `careless`.

    .venv/bin/python tools/fit_careless.py [--level ismcts] [--games 40] [--seed 5000000]
        [--nodes 10000]

Plays four bots of one level (tournament.py's names: the game's levels, `sampler`, `ismcts`) in
Standard and, at every move where the mover had a move that costs it nothing, notes whether it
scared a card of its own and what share of its moves were free. The sparing reading
(`beliefs.sparing_weights`) says a player scares one of its cards there with chance
`careless * (1 - free share)`; the printed fit is the `careless` that matches the rate seen.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tournament import make  # noqa: E402

from game.engine.ai import view_for  # noqa: E402
from game.engine.ai.beliefs import CARELESS, card_points, own_tasks  # noqa: E402
from game.engine.ai.fast import encode, gen_moves  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.state import apply, new_game  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo", "Dan"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="ismcts")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5_000_000)
    parser.add_argument("--nodes", type=int, default=10_000)
    args = parser.parse_args()
    name = args.level.partition(":")[0]
    bots = [make(args.level, {name: args.nodes}) for _ in range(4)]
    chances = costly = 0
    free_share = 0.0
    for g in range(args.games):
        state = new_game(Mode.STANDARD, NAMES, args.seed + g, first_player=g % 4,
                         bots=[args.level] * 4)
        tasks = [own_tasks(view_for(state, seat)) for seat in range(4)]
        rngs = [Rng(args.seed * 7 + g * 4 + seat) for seat in range(4)]
        while not state.over:
            seat = state.turn
            view = view_for(state, seat)
            field, points = encode(view.position), card_points(tasks[seat])
            costs = [points[field[m[2]][m[3]]] for m in gen_moves(field)]
            move = bots[seat].choose(view, rngs[seat], 0.3)
            if 0 in costs:
                chances += 1
                costly += points[field[move.target[0]][move.target[1]]] > 0
                free_share += costs.count(0) / len(costs)
            state, _ = apply(state, move)
    rate = costly / max(1, chances)
    fit = rate / max(1e-9, 1 - free_share / max(1, chances))
    print(f"{args.level}: {args.games} games, {chances} moves with a free one, "
          f"{costly} scared its own card ({100 * rate:.1f} %), free share "
          f"{100 * free_share / max(1, chances):.1f} %")
    print(f"careless that matches: {fit:.3f} (beliefs.CARELESS is {CARELESS})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
