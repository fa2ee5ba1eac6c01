"""Propose candidate solo puzzles with measured difficulty, for a person to pick and name.

    python tools/gen_levels.py --shape 4x3 --mix deck --count 5 --max-share 0.2
    python tools/gen_levels.py --shape 5x2 --animals EDC --target --ragged

Each candidate is printed in the level file format (see levels/README.md) with its figures in
a comment: par (fewest cards that can remain), share of random playouts reaching par, and the
number of distinct winning lines. Candidates are sorted hardest first (lowest share).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.campaign.difficulty import Measure  # noqa: E402
from game.campaign.levels import Level, format_level  # noqa: E402
from game.engine.cards import ANIMAL_BY_LETTER, Card, Colour, full_deck  # noqa: E402
from game.engine.moves import legal_moves  # noqa: E402
from game.engine.position import Position  # noqa: E402
from game.engine.rng import Rng  # noqa: E402


def _shape(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"shape '{text}' should look like 4x3") from None
    if not (1 <= w <= 8 and 1 <= h <= 4):
        raise argparse.ArgumentTypeError("width 1-8, height 1-4")
    return w, h


def random_field(rng: Rng, width: int, height: int, mix: str, animals: str, colours: int,
                 ragged: bool) -> Position:
    """A random field: each column 1..height cards when ragged, else full."""
    heights = [1 + rng.below(height) if ragged else height for _ in range(width)]
    need = sum(heights)
    allowed = [ANIMAL_BY_LETTER[a] for a in animals.upper()]
    palette = list(Colour)[:colours]
    if mix == "deck":
        deck = [c for c in full_deck() if c.animal in allowed and c.colour in palette]
        if len(deck) < need:
            raise SystemExit(f"gen_levels: the deck holds only {len(deck)} such cards, {need} needed")
        rng.shuffle(deck)
        cards = deck[:need]
    else:
        cards = [Card(rng.choice(palette), rng.choice(allowed)) for _ in range(need)]
    columns, i = [], 0
    for h in heights:
        columns.append(tuple(cards[i:i + h]))
        i += h
    return Position(tuple(columns), height)


def _solve(position: Position, target: Card | None) -> int | None:
    """Par by the exact solver when it is there, else by the campaign's own search."""
    try:
        from game.engine.solver import solve
    except ImportError:
        return Measure(position, target).fewest()
    return solve(position, target=target).count


def propose(args: argparse.Namespace) -> list[tuple[float, int, Level, int]]:
    rng = Rng(args.seed)
    found: list[tuple[float, int, Level, int]] = []
    seen: set[str] = set()
    width, height = args.shape
    for _ in range(args.tries):
        if len(found) >= args.count:
            break
        position = random_field(rng, width, height, args.mix, args.animals, args.colours,
                                args.ragged)
        text = str(position)
        if text in seen or not legal_moves(position):
            continue
        seen.add(text)
        target = None
        if args.target:
            cards = position.cards()
            target = cards[rng.below(len(cards))]
        par = _solve(position, target)
        if par is None or not (args.min_par <= par <= args.max_par):
            continue
        m = Measure(position, target)
        share = m.playout_share(par, args.playouts)
        if not (args.min_share <= share <= args.max_share):
            continue
        lines = m.lines(par, args.cap)
        n = len(found) + 1
        level = Level(id=f"candidate-{n}", english_name="(name me)", chapter=args.chapter, par=par,
                      position=position, target=target, hint="", author="")
        found.append((share, lines, level, position.card_count()))
    found.sort(key=lambda item: (item[0], item[1]))
    return found


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Propose candidate puzzles with measured difficulty.")
    p.add_argument("--shape", type=_shape, default=(4, 3), help="WIDTHxHEIGHT, e.g. 4x3")
    p.add_argument("--ragged", action="store_true", help="columns of random height")
    p.add_argument("--mix", choices=("deck", "any"), default="deck",
                   help="deck: cards drawn from the 32-card deck; any: repeats allowed")
    p.add_argument("--animals", default="EDCM", help="animals to use, e.g. EDC")
    p.add_argument("--colours", type=int, default=4, choices=(1, 2, 3, 4))
    p.add_argument("--target", action="store_true", help="pick a target card that must remain")
    p.add_argument("--min-par", type=int, default=1)
    p.add_argument("--max-par", type=int, default=32)
    p.add_argument("--min-share", type=float, default=0.0)
    p.add_argument("--max-share", type=float, default=1.0)
    p.add_argument("--count", type=int, default=5, help="candidates to print")
    p.add_argument("--tries", type=int, default=500, help="random fields to try at most")
    p.add_argument("--playouts", type=int, default=200)
    p.add_argument("--cap", type=int, default=10_000)
    p.add_argument("--chapter", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    for share, lines, level, cards in propose(args):
        capped = ">=" if lines >= args.cap else ""
        print(f"# {cards} cards, par {level.par}, playouts reaching par {share:.1%}, "
              f"winning lines {capped}{lines}")
        print(format_level(level))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
