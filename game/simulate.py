"""`scare-it simulate`: computer-only games played headless, with win rates per seat."""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.engine.ai import SKILLS, make_bot
from game.engine.modes import Mode
from game.engine.scoring import result
from game.engine.state import new_game
from game.match.seats import ComputerSeat
from game.match.session import Session
from game.match.tables import computers_match
from game.paths import write_atomic

DEFAULT_BUDGET = 0.3


class _Refusal(Exception):
    """A bad command line: reported as one line on stderr, exit status 2."""


class _SimulateParser(argparse.ArgumentParser):
    def error(self, message: str):
        raise _Refusal(message)


@dataclass
class Tally:
    """Running totals for one seat (or one team) over the games played."""

    wins: float = 0.0
    points: float = 0.0
    games: int = 0


@dataclass
class Outcome:
    mode: Mode
    levels: list[str]
    games: int
    seats: list[Tally]
    teams: dict[int, Tally] = field(default_factory=dict)
    seconds: float = 0.0


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate (shared wins count as fractions)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def play_games(
    mode: Mode,
    levels: list[str],
    games: int,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET,
    nodes: int | None = None,
    factory=None,
    record_dir: Path | None = None,
) -> Outcome:
    """Play `games` games; game i uses seed+i and seat i % n opens it.

    With `nodes` the searching levels stop at that many nodes per move instead of the time
    budget, so the same seed plays the same games on any machine. `factory(level)` makes the
    bots (tools pass their own benchmark bots); by default make_bot. With `record_dir`, each
    game's record is written there as game-SEED.txt.
    """
    n = len(levels)
    if factory is None:
        def factory(level: str):
            return make_bot(level, nodes=nodes)
    bots = [factory(level) for level in levels]
    out = Outcome(mode, list(levels), games, [Tally() for _ in range(n)])
    started = time.perf_counter()
    names = [f"{level} {i + 1}" for i, level in enumerate(levels)]
    for g in range(games):
        game_seed = seed + g
        dealt = new_game(mode, names, game_seed, first_player=g % n, bots=list(levels))
        # The table's own match and session, with the seats choosing on this thread.
        seats = [ComputerSeat(level, i, game_seed, budget_s=budget, threaded=False, bot=bots[i])
                 for i, level in enumerate(levels)]
        match = computers_match(dealt, seats, f"sim-{game_seed}")
        state = Session(match, pace=lambda: 0.0).play_out()
        _record(out, state)
        if record_dir is not None:
            write_atomic(record_dir / f"game-{game_seed}.txt", match.record_text())
    out.seconds = time.perf_counter() - started
    return out


def _record(out: Outcome, state) -> None:
    final = result(state)
    for seat, tally in enumerate(out.seats):
        tally.games += 1
        tally.points += final.scores[seat].total
        if seat in final.winners:
            tally.wins += 1 / final.winning_sides
    for team, total in final.team_totals.items():
        tally = out.teams.setdefault(team, Tally())
        tally.games += 1
        tally.points += total
        members = [i for i, p in enumerate(state.players) if p.team == team]
        if members and members[0] in final.winners:
            tally.wins += 1 / final.winning_sides


def report(out: Outcome) -> list[str]:
    """The printed table: one line per seat, per team in Teams of Two, then a summary."""
    lines = [f"{out.mode.label}, {len(out.levels)} seats, {out.games} games"]
    lines.append(f"{'seat':<6}{'level':<14}{'wins':>8}{'win rate':>10}  {'95% CI':<17}{'avg score':>9}")
    for i, (level, t) in enumerate(zip(out.levels, out.seats, strict=True)):
        lines.append(_row(f"{i + 1}", level, t))
    for team, t in sorted(out.teams.items()):
        members = [lv for lv, i in zip(out.levels, range(len(out.levels)), strict=True)
                   if _team_of(out, i) == team]
        lines.append(_row(f"team{team + 1}", "+".join(members), t))
    by_level: dict[str, list[float]] = {}
    for level, t in zip(out.levels, out.seats, strict=True):
        by_level.setdefault(level, []).append(t.wins / max(1, t.games))
    parts = [f"{lv} {100 * sum(r) / len(r):.1f}%" for lv, r in by_level.items()]
    lines.append(
        f"summary: mean win rate per seat by level: {', '.join(parts)}; "
        f"{out.games} games in {out.seconds:.1f} s"
    )
    return lines


def _team_of(out: Outcome, seat: int) -> int | None:
    return out.mode.team_of(seat, len(out.levels))


def _row(label: str, level: str, t: Tally) -> str:
    rate = t.wins / max(1, t.games)
    low, high = wilson(t.wins, t.games)
    ci = f"[{100 * low:4.1f}, {100 * high:4.1f}]%"
    avg = t.points / max(1, t.games)
    return f"{label:<6}{level:<14}{t.wins:>8.2f}{100 * rate:>9.1f}%  {ci:<17}{avg:>9.2f}"


def build_parser() -> _SimulateParser:
    parser = _SimulateParser(prog="scare-it simulate", description="Play computer-only games headless.")
    add_arguments(parser)
    return parser


def add_arguments(parser: argparse.ArgumentParser) -> None:
    modes = ", ".join(m.value for m in Mode if not m.solo)
    parser.add_argument("--mode", default=Mode.DEFAULT.value, help=modes)
    parser.add_argument("--seats", default="hard,normal,normal,normal",
                        help="bot level per seat, comma-separated: " + ", ".join(SKILLS))
    parser.add_argument("--games", default="100", help="how many games")
    parser.add_argument("--seed", default="0", help="game i uses seed S+i")
    parser.add_argument("--budget", default=str(DEFAULT_BUDGET),
                        help="think time per move for searching bots, seconds")
    parser.add_argument("--nodes", default=None,
                        help="search nodes per move instead of seconds: repeatable bit for bit")
    parser.add_argument("--record", metavar="DIR", default=None,
                        help="write each game's record into DIR (made if missing)")


def run(args: argparse.Namespace) -> int:
    """Check the arguments, play, print. Raises ValueError with a one-line message if bad."""
    mode = Mode.parse(args.mode)
    if mode.solo:
        raise ValueError("simulate plays multiplayer modes only")
    levels = [SKILLS.parse(s) for s in args.seats.split(",")]
    if len(levels) not in mode.player_counts:
        counts = ", ".join(map(str, mode.player_counts))
        raise ValueError(f"{mode.label} is for {counts} seats, not {len(levels)}")
    games = _number(args.games, "games", int, 1)
    seed = _number(args.seed, "seed", int, 0)
    if seed + games > 2 ** 64:  # seeds are 64 bits: a larger one would wrap to a small one
        raise ValueError(f"seed must be below {2 ** 64 - games + 1} for {games} games, not {seed}")
    budget = _number(args.budget, "budget", float, 0.0)
    nodes = None if args.nodes is None else _number(args.nodes, "nodes", int, 1)
    record_dir = None
    if args.record is not None:
        if not args.record.strip():
            raise ValueError("--record needs a folder's name (it is empty)")
        record_dir = Path(args.record)
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ValueError(f"cannot make the record folder {args.record}: {err.strerror}") from None
    for line in report(play_games(mode, levels, games, seed, budget, nodes,
                                  record_dir=record_dir)):
        print(line)
    return 0


def _number(text: str, what: str, number_type, minimum):
    try:
        value = number_type(text)
    except ValueError:
        raise ValueError(f"{what} must be a number, not '{text}'") from None
    if not value >= minimum or (number_type is float and not math.isfinite(value)):
        raise ValueError(f"{what} must be at least {minimum}, not {text}")
    return value


def main(argv: list[str] | None = None) -> int:
    try:
        return run(build_parser().parse_args(sys.argv[1:] if argv is None else argv))
    except (_Refusal, ValueError) as err:
        print(f"scare-it simulate: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
