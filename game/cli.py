"""The headless command line: moves, apply, perft, solve, deal. Never imports pygame."""

from __future__ import annotations

import argparse
import sys

from game.engine import (
    IllegalMove,
    NotationError,
    Rules,
    apply,
    deal_position,
    format_position,
    initial_state,
    legal_moves,
    parse_move,
    parse_position,
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line as one short line and exit status 2."""

    def error(self, message: str):  # noqa: D401 - argparse API
        raise _Refusal(message)


class _Refusal(Exception):
    pass


def _build_parser() -> _Parser:
    parser = _Parser(prog="scare-it", description="Scare It! - play, or use the rules engine.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    p = sub.add_parser("moves", help="list every legal move of a position, one a line")
    p.add_argument("position")
    p = sub.add_parser("apply", help="play moves and print the resulting position")
    p.add_argument("position")
    p.add_argument("moves", nargs="+")
    p.add_argument("--rules", default="standard", help="standard | all-included | solo")
    p = sub.add_parser("deal", help="print a dealt 4x8 position")
    p.add_argument("--seed", default="0")
    return parser


def _run(args: argparse.Namespace) -> int:
    if args.command == "moves":
        position = parse_position(args.position)
        for move in legal_moves(position):
            print(move)
        return 0
    if args.command == "apply":
        state = initial_state(parse_position(args.position), Rules.parse(args.rules))
        moves = [parse_move(m) for m in args.moves]
        for move in moves:
            state, _ = apply(state, move)
        print(format_position(state.position))
        return 0
    if args.command == "deal":
        print(format_position(deal_position(_int(args.seed, "seed"))))
        return 0
    return 0


def _int(text: str, what: str, minimum: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise _Refusal(f"{what} must be a whole number, not '{text}'") from None
    if minimum is not None and value < minimum:
        raise _Refusal(f"{what} must be at least {minimum}, not {value}")
    return value


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            return _demo()
        return _run(args)
    except (_Refusal, NotationError, IllegalMove, ValueError) as err:
        print(f"scare-it: {err}", file=sys.stderr)
        return 2


def _demo() -> int:
    """Until the game screens exist: a dealt field and a few scares, in text."""
    state = initial_state(deal_position(2018))
    print("Scare It! - a dealt field (top row first):")
    print(format_position(state.position).replace("/", "\n"))
    for _ in range(3):
        moves = state.legal_moves()
        if not moves:
            break
        state, events = apply(state, moves[0])
        print(f"\n{moves[0]}: " + "; ".join(type(e).__name__ for e in events))
        print(format_position(state.position).replace("/", "\n"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
