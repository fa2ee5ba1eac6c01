"""Write the README's controls table from the registry of actions (game/controls.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.controls import readme_table  # noqa: E402

BEGIN, END = "<!-- controls: made by tools/readme_controls.py -->", "<!-- controls end -->"


def with_table(text: str) -> str:
    """The README text with the table between the markers made anew."""
    head, _sep, rest = text.partition(BEGIN)
    _old, _sep2, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{readme_table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    readme = ROOT / "README.md"
    readme.write_text(with_table(readme.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
