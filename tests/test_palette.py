"""One palette: no colour is written as numbers outside game/render/palette.py, and every
colour of the pygame-gui theme (assets/theme.json) is a palette colour."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from game.render import palette

GAME = Path(__file__).resolve().parents[1] / "game"
THEME = Path(__file__).resolve().parents[1] / "assets" / "theme.json"


def colours_of_palette() -> set[tuple[int, int, int]]:
    found = set()

    def add(value) -> None:
        if isinstance(value, tuple) and len(value) in (3, 4) and \
                all(isinstance(v, int) and 0 <= v <= 255 for v in value):
            found.add(value[:3])
        elif isinstance(value, tuple | list):
            for v in value:
                add(v)
        elif isinstance(value, dict):
            for v in value.values():
                add(v)

    for name, value in vars(palette).items():
        if name.isupper():
            add(value)
    return found


def colour_literals(path: Path):
    """(line, tuple) of every tuple of 3 or 4 whole numbers 0..255 written in the file."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and all(
                isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255
                for e in node.elts):
            if "not a colour" not in lines[node.lineno - 1]:
                yield node.lineno, tuple(e.value for e in node.elts)


def test_no_colour_is_written_outside_the_palette():
    stray = [f"{path.relative_to(GAME.parent)}:{line} {value}"
             for path in GAME.rglob("*.py")
             if path.name != "palette.py" and "engine" not in path.parts
             for line, value in colour_literals(path)]
    assert stray == [], "name these colours in game/render/palette.py: " + "; ".join(stray)


def test_every_theme_colour_is_a_palette_colour():
    theme = THEME.read_text(encoding="utf-8")
    known = colours_of_palette()
    used = {tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))
            for h in re.findall(r'"#([0-9A-Fa-f]{6})(?:[0-9A-Fa-f]{2})?"', theme)}
    assert used and used <= known, sorted(used - known)
    json.loads(theme)


def test_the_checker_sees_a_colour(tmp_path):
    probe = tmp_path / "_probe_palette.py"  # never in game/: parallel workers scan it
    probe.write_text("X = (12, 34, 56)\nW = (1, 2, 3)  # not a colour\n", encoding="utf-8")
    assert list(colour_literals(probe)) == [(1, (12, 34, 56))]


def test_a_meaning_has_one_value():
    """The felt, gold and ink the issue named: one value each, and the seat colours start at gold."""
    assert palette.SEAT_COLOURS[0] == palette.GOLD
    values = {name: value for name, value in vars(palette).items() if name.isupper()}
    for meaning in ("FELT", "GOLD", "INK", "CREAM"):
        same = [n for n, v in values.items() if v == values[meaning] and n != meaning]
        assert same == [], f"{meaning} has another name: {same}"
