"""A strong one-ply sampling player to measure the game's levels against (not a game level).

Play it with tools/tournament.py (`--others sampler`, the default). The sampling bot draws the
others' task cards uniformly from the deals it cannot rule out (no card counting), scores a
game-ending move by its win share over the samples, and any other move by a soft lead (its
score against the others' through a softmax), except that where the move leaves the next
player a game-ending move it assumes that player takes the ending best for itself and scores
the move by that ending.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.ai.beliefs import deals, side_points, sides_of  # noqa: E402
from game.engine.ai.fast import (  # noqa: E402
    counts,
    encode,
    gen_moves,
    play,
    settle,
    shrinks,
    to_move,
)
from game.engine.ai.view import SeatView  # noqa: E402
from game.engine.moves import Move  # noqa: E402
from game.engine.rng import Rng  # noqa: E402


def _share(scores: list[int], side: int) -> float:
    top = max(scores)
    if scores[side] < top:
        return 0.0
    return 1.0 / scores.count(top)


def _soft(scores: list[int], side: int) -> float:
    mine = scores[side]
    return 1.0 / sum(math.exp(s - mine) for s in scores)


class SamplerBot:
    """One ply over `samples` uniformly drawn deals of the others' task cards."""

    level = "sampler"

    def __init__(self, samples: int = 48) -> None:
        self.samples = samples

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.0) -> Move:
        field = encode(view.position)
        moves = gen_moves(field)
        if not moves:
            raise ValueError("no legal move")
        found = deals(view)
        if view.players <= 1 or not view.tasks or not found:
            return to_move(moves[rng.below(len(moves))])
        side, sides = sides_of(view)
        me = side[view.seat]
        nxt = side[(view.seat + 1) % view.players]
        drawn = [found[rng.below(len(found))] for _ in range(self.samples)]
        tables = [side_points(d, side, sides) for d in drawn]
        tally = counts(field)
        base = [[sum(n * row[c] for c, n in enumerate(tally)) for row in t] for t in tables]
        closings = view.rules.closings_allowed
        values = []
        for m in moves:
            c = field[m[2]][m[3]]
            after, closed, ended = settle(play(field, m), shrinks(m), view.closed, closings)
            scores = [[s - row[c] for s, row in zip(b, t, strict=True)]
                      for b, t in zip(base, tables, strict=True)]
            if ended:
                values.append(sum(_share(s, me) for s in scores) / len(scores))
                continue
            endings = []
            for r in gen_moves(after):
                if settle(play(after, r), shrinks(r), closed, closings)[2]:
                    endings.append(after[r[2]][r[3]])
            total = 0.0
            for s, t in zip(scores, tables, strict=True):
                if endings:
                    # The next player takes the ending best for itself (its win share, then its lead).
                    finals = [[x - row[e] for x, row in zip(s, t, strict=True)] for e in endings]
                    best = max(finals, key=lambda f: (_share(f, nxt), f[nxt] - max(
                        v for i, v in enumerate(f) if i != nxt)))
                    total += _share(best, me)
                else:
                    total += _soft(s, me)
            values.append(total / len(scores))
        top = max(values)
        tied = [m for m, v in zip(moves, values, strict=True) if v >= top - 1e-9]
        return to_move(tied[rng.below(len(tied))])


if __name__ == "__main__":
    # A module of tools/tournament.py (--others sampler), with nothing to run by itself.
    import argparse
    argparse.ArgumentParser(description=__doc__.splitlines()[0],
                            epilog="Run by tools/tournament.py (--others sampler).").parse_args()
    raise SystemExit("nothing to run by itself: use tools/tournament.py (--others sampler)")
