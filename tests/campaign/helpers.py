"""Shared helpers for the campaign tests: level text, a small campaign folder, the check tool."""

from pathlib import Path

from tests.tool import load_tool

REPO = Path(__file__).resolve().parents[2]

GOOD = """# a comment
id: {id}
name: Cat and Mouse
chapter: 1
par: {par}
hint: A cat scares a mouse.
author: test

YC PM
"""


def write_chapter(root: Path, number: int = 1, name: str = "First") -> Path:
    folder = root / f"{number}-chapter"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "chapter.txt").write_text(f"number: {number}\nname: {name}\n")
    return folder


def check_tool():
    """tools/check_levels.py as a module (tools/ is a folder of scripts, not a package)."""
    return load_tool("check_levels")
