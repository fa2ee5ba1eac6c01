"""Fit how sure a lead is by the cards left: the softmax temperature behind expert's leaf value.

    .venv/bin/python tools/fit_temperature.py [--games 600] [--seed 300000] [--nodes 400]

Plays expert in seat 1 against three sampling bots (tools/sampler_bot.py) and, after every move
that does not end the game and hands no end to the next player, notes each seat's score with
the cards left and who went on to win. For every two cards left it prints the temperature T
whose softmax of the scores, exp(score / T) over the sum, predicts the winners best (the
highest mean log-likelihood), beside T = 1 and T = 2 for comparison. expert.py keeps the fitted
values in _FITTED.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sampler_bot import SamplerBot  # noqa: E402

from game.engine.ai import make_bot, view_for  # noqa: E402
from game.engine.ai.bots import ending_cards  # noqa: E402
from game.engine.ai.fast import encode  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.scoring import result, score_player  # noqa: E402
from game.engine.state import apply, new_game  # noqa: E402

Row = tuple[list[int], int, list[float]]  # scores, cards left, each seat's share of the win


def positions(games: int, seed: int, nodes: int) -> list[Row]:
    rows: list[Row] = []
    levels = ["expert", "sampler", "sampler", "sampler"]
    bots = [make_bot("expert", nodes=nodes)] + [SamplerBot() for _ in range(3)]
    for g in range(games):
        state = new_game(Mode.STANDARD, [f"p{i}" for i in range(4)], seed + g,
                         first_player=g % 4, bots=levels)
        start = state.position
        rngs = [Rng((seed + g) * 1_000_003 + s) for s in range(4)]
        seen: list[tuple[list[int], int]] = []
        while not state.over:
            seat = state.turn
            view = view_for(state, seat, start=start)
            state, _ = apply(state, bots[seat].choose(view, rngs[seat], 0.3))
            if state.over or ending_cards(encode(state.position)):
                continue
            cards = state.position.cards()
            seen.append(([score_player(p, cards).total for p in state.players], len(cards)))
        final = result(state)
        wins = [1 / final.winning_sides if i in final.winners else 0.0 for i in range(4)]
        rows += [(scores, left, wins) for scores, left in seen]
    return rows


def likelihood(rows: list[Row], t: float) -> float:
    total = 0.0
    for scores, _, wins in rows:
        top = max(scores)
        weights = [math.exp((s - top) / t) for s in scores]
        norm = sum(weights)
        total += sum(w * math.log(max(1e-12, x / norm)) for w, x in zip(wins, weights, strict=True))
    return total / len(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=300000)
    parser.add_argument("--nodes", type=int, default=400)
    args = parser.parse_args()
    rows = positions(args.games, args.seed, args.nodes)
    groups: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        groups[row[1] // 2 * 2].append(row)
    print(f"{len(rows)} positions from {args.games} games")
    print(f"{'cards left':>10}{'positions':>11}{'best T':>8}{'ll':>9}{'ll T=1':>9}{'ll T=2':>9}")
    trials = [0.3 * 1.15 ** k for k in range(30)]
    for left in sorted(groups):
        group = groups[left]
        if len(group) < 50:
            continue
        best = max(trials, key=lambda t: likelihood(group, t))
        print(f"{left:>10}{len(group):>11}{best:>8.2f}{likelihood(group, best):>9.4f}"
              f"{likelihood(group, 1.0):>9.4f}{likelihood(group, 2.0):>9.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
