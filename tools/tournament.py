"""Bots against bots, headless: one level in seat 1 (its team in Teams of Two), another elsewhere.

    nice -n 10 .venv/bin/python tools/tournament.py --level expert --others sampler \\
        [--games 400] [--seed 0] [--mode standard] [--seats 4] [--budget 0.3] \\
        [--nodes expert=25000,ismcts=25000,deal-search=200] [--samples 48]

Levels: the game's own (make_bot) and the benchmark bots `sampler` (tools/sampler_bot.py),
`ismcts` (plain information-set MCTS), `deal-search` (the expert of the rounds before) and
`oracle` (plain ISMCTS told every task card: a cheat, for the ceiling of card reading).
`name:key=value,...` sets a bot's attributes to try settings (e.g. `ismcts:exploration=1.0`).
`--nodes` gives a level a node budget instead of seconds (repeatable bit for bit), by its name
or by the whole `name:key=value` (one setting), so a level can play itself on another budget;
levels not named there think for `--budget` seconds of wall time a move. The first player rotates; the
table is simulate's, with 95 % Wilson intervals; a running line goes to stderr. In Teams of
Two the level takes every seat of seat 1's team. tools/bench_ai.py makes its bots here too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sampler_bot import SamplerBot  # noqa: E402

from game.engine.ai import SeatView, make_bot, view_for  # noqa: E402
from game.engine.ai.beliefs import Deal, own_tasks  # noqa: E402
from game.engine.ai.expert import DealSearchBot  # noqa: E402
from game.engine.ai.fast import encode  # noqa: E402
from game.engine.ai.ismcts import ISMCTSBot  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.state import new_game  # noqa: E402
from game.simulate import Outcome, Tally, play_games, report, wilson  # noqa: E402

# The task cards each game of a run deals, by its dealt field: what `oracle` is told.
DEALT: dict = {}


class OracleBot(ISMCTSBot):
    """Plain ISMCTS told every task card (a cheat, not a game level): how far a search could
    go with perfect card reading, the ceiling of any reading of the others' moves."""

    level = "oracle"

    def weights(self, view: SeatView, found: list[Deal], budget_s: float) -> list[float]:
        true = DEALT[encode(view.start)]
        return [1.0 if deal == true else 0.0 for deal in found]


EXTRA = {"ismcts": ISMCTSBot, "deal-search": DealSearchBot, "oracle": OracleBot}


def make(level: str, budgets: dict[str, int] | None = None, samples: int = 48):
    """A bot for `level` (with `:key=value` settings), on its node budget if it has one."""
    name, _, options = level.partition(":")
    budgets = budgets or {}
    nodes = budgets.get(level, budgets.get(name))  # a setting may have a budget of its own
    if name == "sampler":
        bot = SamplerBot(samples)
    elif name in EXTRA:
        bot = EXTRA[name](nodes=nodes)
    else:
        bot = make_bot(name, nodes=nodes)
    for item in filter(None, options.split(",")):
        key, _, value = item.partition("=")
        value_type = type(getattr(bot, key))
        setattr(bot, key, value.lower() in ("1", "true", "yes") if value_type is bool else value_type(value))
    return bot


def seating(mode: Mode, seats: int, level: str, others: str) -> list[str]:
    if mode is Mode.TEAMS:  # seats alternate teams: seat i plays for team i % (seats / 2)
        return [level if i % (seats // 2) == 0 else others for i in range(seats)]
    return [level] + [others] * (seats - 1)


def play(mode: Mode, levels: list[str], games: int, seed: int, budget: float, factory,
         label: str) -> Outcome:
    """simulate's play_games in chunks (a multiple of the seats, so the first player still
    rotates evenly), with a running line on stderr: long runs show how they go."""
    chunk = 5 * len(levels)
    out = None
    names = [f"{level} {i + 1}" for i, level in enumerate(levels)]
    for begin in range(0, games, chunk):
        if any(level.partition(":")[0] == "oracle" for level in levels):
            for g in range(begin, min(games, begin + chunk)):  # the deals play_games makes
                dealt = new_game(mode, names, seed + g, first_player=g % len(levels),
                                 bots=list(levels))
                DEALT[encode(dealt.position)] = tuple(
                    own_tasks(view_for(dealt, i)) for i in range(len(levels)))
        part = play_games(mode, levels, min(chunk, games - begin), seed + begin, budget,
                          factory=factory)
        if out is None:
            out = part
        else:
            out.games += part.games
            out.seconds += part.seconds
            for mine, more in zip(out.seats, part.seats, strict=True):
                _add(mine, more)
            for team, more in part.teams.items():
                _add(out.teams.setdefault(team, Tally()), more)
        ours = out.teams.get(0) if mode is Mode.TEAMS else out.seats[0]
        low, high = wilson(ours.wins, ours.games)
        print(f"{out.games} games: {label} {100 * ours.wins / ours.games:.1f}% "
              f"[{100 * low:.1f}, {100 * high:.1f}]", file=sys.stderr, flush=True)
    return out


def _add(mine: Tally, more: Tally) -> None:
    mine.wins += more.wins
    mine.points += more.points
    mine.games += more.games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--others", default="sampler")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--mode", default=Mode.DEFAULT.value)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=0.3)
    parser.add_argument("--nodes", default="", help="level=N,... node budgets")
    parser.add_argument("--samples", type=int, default=48, help="the sampling bot's deals")
    args = parser.parse_args()
    budgets = {k: int(v) for k, _, v in
               (item.rpartition("=") for item in filter(None, args.nodes.split(",")))}
    mode = Mode.parse(args.mode)
    levels = seating(mode, args.seats, args.level, args.others)
    out = play(mode, levels, args.games, args.seed, args.budget,
               lambda lv: make(lv, budgets, args.samples), args.level)
    for line in report(out):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
