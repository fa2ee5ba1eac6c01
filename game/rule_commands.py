"""The rules engine's subcommands (moves, apply, perft, solve, deal, replay, analyse): how each reads its
arguments and what it does. game.cli names them in its COMMANDS table and imports this module
when one of them runs, so starting the game loads none of the engine for them."""

from __future__ import annotations

import argparse
import os

from game.cli import BadCommand, whole_number
from game.engine import (
    IllegalMove,
    Rules,
    apply,
    deal_position,
    format_position,
    initial_state,
    legal_moves,
    parse_move,
    parse_position,
)
from game.engine.cards import ANIMAL_BY_LETTER, COLOUR_BY_LETTER, Animal, Card, Colour, parse_card
from game.engine.perft import perft, perft_divide
from game.engine.solver import solve
from game.files import FileFault, read_text
from game.match.analysis import Analysis, NotReviewable, analyse
from game.match.record import RecordError, read_replayed, result_text

SEEDS = 2 ** 64  # a deal's seed is 64 bits (SplitMix64): a larger one would wrap to a small one


def rules_named(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except ValueError as err:
        raise BadCommand(str(err)) from None


def parse_target(text: str) -> Card | Animal | Colour:
    """A target the solver must leave on the field: a card (YC), an animal (C) or a colour (Y)."""
    up = text.strip().upper()
    if len(up) == 1 and up in ANIMAL_BY_LETTER:
        return ANIMAL_BY_LETTER[up]
    if len(up) == 1 and up in COLOUR_BY_LETTER:
        return COLOUR_BY_LETTER[up]
    try:
        return parse_card(up)
    except ValueError:
        raise BadCommand(
            f"unknown target '{text}' (a card like YC, an animal E/D/C/M or a colour Y/O/P/B)"
        ) from None


# --- the subcommands: one small function each, named in game.cli's COMMANDS ----------------


def moves_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", help="a position in RULES.md notation, e.g. 'YC .. OE/PM BD YE'")


def run_moves(args: argparse.Namespace) -> int:
    for move in legal_moves(parse_position(args.position)):
        print(move)
    return 0


def rules_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rules", default=Rules.STANDARD.value,
        help="column rules: " + ", ".join(r.value for r in Rules) + f" (default {Rules.STANDARD.value})"
    )


def apply_arguments(p: argparse.ArgumentParser) -> None:
    moves_arguments(p)
    p.add_argument("moves", nargs="+", metavar="MOVE", help="moves in order, e.g. b1xc1 b1xc1+")
    rules_argument(p)


def run_apply(args: argparse.Namespace) -> int:
    rules = rules_named(args.rules)
    state = initial_state(parse_position(args.position), rules)
    # Read every move before playing any, so a typo is reported as a typo.
    moves = [parse_move(text) for text in args.moves]
    for number, move in enumerate(moves, start=1):
        try:
            state, _ = apply(state, move)
        except IllegalMove as err:
            raise BadCommand(f"move {number} refused: {err}") from None
    print(format_position(state.position))
    return 0


def perft_arguments(p: argparse.ArgumentParser) -> None:
    moves_arguments(p)
    p.add_argument("depth", help="how many moves deep to count (0 or more)")
    rules_argument(p)
    p.add_argument("--divide", action="store_true", help="first print each root move's count")


def run_perft(args: argparse.Namespace) -> int:
    position = parse_position(args.position)
    depth = whole_number(args.depth, "depth")
    rules = rules_named(args.rules)

    if args.divide and depth > 0:
        divided = perft_divide(position, depth, rules)
        for move, count in divided:
            print(f"{move} {count}")
        print(sum(count for _, count in divided))
    else:
        print(perft(position, depth, rules))
    return 0


def solve_arguments(p: argparse.ArgumentParser) -> None:
    moves_arguments(p)
    p.add_argument(
        "--target", metavar="KIND",
        help="what must remain: a card (YC), an animal (E/D/C/M) or a colour (Y/O/P/B)",
    )


def run_solve(args: argparse.Namespace) -> int:
    position = parse_position(args.position)
    target = None if args.target is None else parse_target(args.target)
    solution = solve(position, target)
    if solution.count is None:  # no line keeps the target, so there are no moves to show
        print("impossible")
        print()
    else:
        print(solution.count)
        print(" ".join(str(move) for move in solution.moves))
    return 0


def deal_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", default=None,
                   help="any whole number 0 or more; the same seed gives the same deal "
                        "(default: a fresh shuffle)")


def random_seed() -> int:
    """A fresh seed from the operating system (the deal itself stays portable SplitMix64)."""
    return int.from_bytes(os.urandom(8), "big")


def run_deal(args: argparse.Namespace) -> int:
    seed = random_seed() if args.seed is None else whole_number(args.seed, "seed", below=SEEDS)
    print(format_position(deal_position(seed)))
    return 0


def replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a game record (docs/RECORDS.md)")


def record_text(path: str) -> str:
    """A record file's text; a file that cannot be read is refused in one line."""
    try:
        return read_text(path)  # /dev/zero, a FIFO or a 4 GB file is refused unread
    except FileNotFoundError as err:
        raise BadCommand(f"{path}: cannot read the record ({err.strerror})") from None
    except FileFault as fault:
        raise BadCommand(f"{path}: cannot read the record ({fault.why})") from None


def run_replay(args: argparse.Namespace) -> int:
    text = record_text(args.file)
    try:
        _, states = read_replayed(text)
    except RecordError as err:
        raise BadCommand(f"{args.file}: {err}") from None
    final = states[-1][0]
    print(format_position(final.position))
    print(result_text(final))
    return 0


def analyse_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="RECORD", help="a game record (docs/RECORDS.md)")
    p.add_argument("--nodes", default=None, metavar="N",
                   help="the search's budget for each field: solver nodes for a solo record, "
                        "plies searched for a multiplayer one; the same N gives the same "
                        "lines on any machine (default: the game's own budgets)")


def run_analyse(args: argparse.Namespace) -> int:
    nodes = None if args.nodes is None else whole_number(args.nodes, "--nodes", minimum=1)
    text = record_text(args.file)
    try:
        found = analyse(text, nodes)
    except (RecordError, NotReviewable) as err:
        raise BadCommand(f"{args.file}: {err}") from None
    for line in solo_lines(found) if found.solo is not None else review_lines(found):
        print(line)
    return 0


def solo_lines(found: Analysis) -> list[str]:
    """One line a move: its number, the move and the best still reachable after it (where
    it slipped, the move that kept the best before); then `best: N` for the deal."""
    answer = found.solo
    slip = answer.slip
    lines = []
    for number, (move, best) in enumerate(zip(found.record.moves, answer.after, strict=True), 1):
        line = f"{number} {move} best {best.text()}"
        if slip is not None and slip.number == number:
            line += f" - slipped: {slip.kept} kept {slip.before.text()}"
        lines.append(line)
    return lines + [f"best: {answer.best.text()}"]


def review_lines(found: Analysis) -> list[str]:
    """One line a move: its number, the move, each seat's chance to win after it, the
    expert's choice where it leads elsewhere; then the turning point."""
    names = [seat.name for seat in found.record.seats]
    turns = found.review.turns

    def chances(values) -> str:
        return ", ".join(f"{name} {percent(v)}" for name, v in zip(names, values, strict=True))

    lines = []
    for turn in turns:
        line = f"{turn.number} {turn.move} {chances(turn.after)}"
        if turn.expert is not None:
            mover = names[turn.seat]
            line += (f" - expert {turn.expert}: {mover} {percent(turn.after[turn.seat])}"
                     f" -> {percent(turn.expert_after[turn.seat])}")
        if turn.turning:
            line += " - turning point"
        lines.append(line)
    point = found.review.turning_point
    if point is None:
        return lines + ["turning point: none (no move changed the chances)"]
    most = max(range(len(names)), key=lambda s: abs(point.after[s] - point.before[s]))
    return lines + [f"turning point: {point.number} {point.move} by {names[point.seat]} "
                    f"({names[most]} {percent(point.before[most])} -> "
                    f"{percent(point.after[most])})"]


def percent(value: float) -> str:
    return f"{round(100 * value)}%"
