"""Check the campaign: every level loads, its par is proven and its difficulty is measured.

The par is proven by the exact solver; the measured difficulty (winning lines to par, share of
random playouts reaching par) is shown.

    python tools/check_levels.py [--root levels] [--playouts 200] [--cap 10000]

Exit status 1 if any level fails (bad file, par not proven, target cannot survive, or a level
measured easier than the one before it in its chapter).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.campaign.difficulty import DEFAULT_CAP, DEFAULT_PLAYOUTS, Measure  # noqa: E402
from game.campaign.levels import Level, LevelError, load_campaign  # noqa: E402


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table: a level's figures, or the reason it failed."""

    id: str
    chapter: int | None
    name: str
    cards: int | None
    par: int | None
    solved: int | None  # the solver's fewest remaining
    lines: int | None
    capped: bool
    share: float | None
    problems: tuple[str, ...]
    path: Path | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def lines_text(self) -> str:
        if self.lines is None:
            return "-"
        return f">={self.lines}" if self.capped else str(self.lines)


def _solver():
    """The exact solver's solve(), or None while it is not there yet."""
    try:
        from game.engine.solver import solve
    except ImportError:
        return None
    return solve


def prove(level: Level) -> tuple[int | None, str | None]:
    """(the solver's fewest remaining, a problem or None)."""
    solve = _solver()
    where = f"{level.path}:{level.line_of('par')}"
    if solve is None:
        count = Measure(level.position, level.target).fewest()
        proven = True
        note = " (game.engine.solver missing: checked by the campaign's own search)"
    else:
        solution = solve(level.position, target=level.target)
        count, proven, note = solution.count, solution.proven, ""
    if count is None:
        where = f"{level.path}:{level.line_of('target')}"
        return None, f"{where}: target {level.target.code} cannot survive{note}"
    if not proven:
        return count, f"{where}: the solver could not prove par{note}"
    if count != level.par:
        return count, f"{where}: par {level.par}, but the solver proves {count}{note}"
    return count, None


def check_level(level: Level, playouts: int = DEFAULT_PLAYOUTS, cap: int = DEFAULT_CAP) -> Row:
    solved, problem = prove(level)
    problems = [problem] if problem else []
    lines = share = None
    capped = False
    if not problems:
        m = Measure(level.position, level.target)
        lines = m.lines(level.par, cap)
        capped = lines >= cap
        share = m.playout_share(level.par, playouts)
        if lines == 0:
            problems.append(f"{level.path}: no line reaches par {level.par}")
    return Row(level.id, level.chapter, level.name, level.position.card_count(), level.par,
               solved, lines, capped, share, tuple(problems), level.path)


def _error_row(error: LevelError) -> Row:
    return Row(error.path.stem, None, "", None, None, None, None, False, None, (str(error),),
               error.path)


def check(root: str | Path = ROOT / "levels", playouts: int = DEFAULT_PLAYOUTS,
          cap: int = DEFAULT_CAP) -> list[Row]:
    """Check every level under `root`; rows in campaign order, refused files at the end."""
    campaign = load_campaign(root)
    rows: list[Row] = []
    for chapter in campaign.chapters:
        before: Row | None = None
        for level in chapter.levels:
            row = check_level(level, playouts, cap)
            if before is not None and row.ok and before.ok and row.share > before.share:
                row = _with_problem(row, (
                    f"{level.path}: measured easier than '{before.id}' before it "
                    f"(playouts reaching par {row.share:.1%} > {before.share:.1%})"))
            rows.append(row)
            before = row
    rows.extend(_error_row(e) for e in campaign.errors)
    return rows


def _with_problem(row: Row, problem: str) -> Row:
    fields = {name: getattr(row, name) for name in Row.__slots__}
    fields["problems"] = row.problems + (problem,)
    return Row(**fields)


def table(rows: list[Row]) -> str:
    head = f"{'id':<26} {'ch':>2} {'cards':>5} {'par':>3} {'solver':>6} {'lines':>7} {'share':>7}  ok"
    out = [head, "-" * len(head)]
    for r in rows:
        share = "-" if r.share is None else f"{r.share:.1%}"
        out.append(
            f"{r.id:<26} {r.chapter or '-':>2} {r.cards or '-':>5} {r.par or '-':>3} "
            f"{'-' if r.solved is None else r.solved:>6} {r.lines_text:>7} {share:>7}  "
            f"{'yes' if r.ok else 'NO'}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Prove every level's par and measure difficulty.")
    parser.add_argument("--root", default=str(ROOT / "levels"), help="the levels folder")
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--cap", type=int, default=DEFAULT_CAP, help="stop counting lines here")
    args = parser.parse_args(argv)
    rows = check(args.root, args.playouts, args.cap)
    print(table(rows))
    bad = [p for r in rows for p in r.problems]
    for problem in bad:
        print(problem, file=sys.stderr)
    good = sum(1 for r in rows if r.ok)
    print(f"{good} levels good, {len(rows) - good} failing"
          + ("" if _solver() else " (solver missing: pars checked by the campaign's own search)"))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
