"""Every match is made in game/match/tables.py (the midend's one place that says how each kind
of table plays), and the table scene takes a Session only."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
TABLES = GAME / "match" / "tables.py"


def match_calls(game: Path = GAME) -> list[str]:
    """Every `Match(...)` in the game's code outside tables.py, as path:line."""
    found = []
    for path in sorted(game.rglob("*.py")):
        if path == TABLES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            name = getattr(func, "id", None) or getattr(func, "attr", None)
            if name == "Match":
                found.append(f"{path.relative_to(game.parent).as_posix()}:{node.lineno}")
    return found


def test_every_match_is_made_in_tables():
    assert match_calls() == []


def test_the_checker_sees_a_match_made_elsewhere(tmp_path):
    made = tmp_path / "game" / "elsewhere.py"
    made.parent.mkdir()
    made.write_text("from game.match import controller\nm = controller.Match(start)\n")
    assert match_calls(made.parent) == ["game/elsewhere.py:2"]


def test_the_table_scene_takes_a_session_only():
    from game.scenes.table.play import PlayScene

    given = [p for p in inspect.signature(PlayScene.__init__).parameters.values()
             if p.kind is p.POSITIONAL_OR_KEYWORD]
    assert [p.name for p in given] == ["self", "app", "session"]
    assert given[-1].annotation == "Session"
