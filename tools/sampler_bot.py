"""A strong one-ply sampling player to measure the game's levels against (not a game level).

    .venv/bin/python tools/sampler_bot.py [--level expert] [--games 400] [--mode standard]
        [--seats 4] [--nodes N | --budget S] [--seed 0] [--samples 48]

Plays the named level in seat 1 against sampling bots in the other seats (the first player
rotates) and prints simulate's table; in Teams of Two the level takes every seat of seat 1's
team, so a team of the level plays a team of sampling bots. The sampling bot draws the
others' task cards uniformly from the deals it cannot rule out (no card counting), scores a
game-ending move by its win
share over the samples, and any other move by a soft lead (its score against the others'
through a softmax), except that where the move leaves the next player a game-ending move it
assumes that player takes the ending best for itself and scores the move by that ending.
"""

from __future__ import annotations

import argparse
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
from game.engine.modes import Mode  # noqa: E402
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


def main() -> int:
    from game.engine.ai import make_bot
    from game.simulate import play_games, report

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--mode", default="standard")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=0.3)
    parser.add_argument("--nodes", type=int, default=0, help="node budget per move (0: seconds)")
    parser.add_argument("--samples", type=int, default=48)
    args = parser.parse_args()

    def factory(level: str):
        if level == "sampler":
            return SamplerBot(args.samples)
        name, _, options = level.partition(":")  # e.g. hard:rounds=2,width=6 to try settings
        bot = make_bot(name, nodes=args.nodes or None)
        for item in filter(None, options.split(",")):
            key, _, value = item.partition("=")
            setattr(bot, key, type(getattr(bot, key))(value))
        return bot

    mode, out = Mode.parse(args.mode), None
    levels = [args.level] + ["sampler"] * (args.seats - 1)
    if mode is Mode.TEAMS:  # seats alternate teams: seat i plays for team i % (seats / 2)
        levels = [args.level if i % (args.seats // 2) == 0 else "sampler"
                  for i in range(args.seats)]
    # In chunks (a multiple of the seats, so the first player still rotates evenly), with a
    # running line on stderr: long runs show how they go.
    chunk = 5 * args.seats
    for begin in range(0, args.games, chunk):
        part = play_games(mode, levels, min(chunk, args.games - begin), args.seed + begin,
                          args.budget, factory=factory)
        if out is None:
            out = part
        else:
            out.games += part.games
            out.seconds += part.seconds
            for mine, more in zip(out.seats, part.seats, strict=True):
                mine.wins += more.wins
                mine.points += more.points
                mine.games += more.games
            for team, more in part.teams.items():
                mine = out.teams.setdefault(team, type(more)())
                mine.wins += more.wins
                mine.points += more.points
                mine.games += more.games
        rate = out.seats[0].wins / out.seats[0].games
        print(f"{out.games} games: seat 1 {100 * rate:.1f}%", file=sys.stderr, flush=True)
    for line in report(out):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
