"""Shared helpers for the campaign tests: level text, a small campaign folder, the check tool."""

from pathlib import Path

from game.campaign.levels import Campaign, Chapter, Level
from game.engine import parse_position
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


def campaign_of_sizes(sizes) -> Campaign:
    """A campaign of chapters with these many levels each (ids "c1-0", "c1-1", ...; par 1)."""
    chapters, levels = [], []
    for number, size in enumerate(sizes, start=1):
        chapter_levels = tuple(
            Level(f"c{number}-{i}", "L", number, 1, parse_position("YC PM")) for i in range(size))
        chapters.append(Chapter(number, f"Chapter {number}", levels=chapter_levels))
        levels.extend(chapter_levels)
    return Campaign(tuple(chapters), tuple(levels), ())


def check_tool():
    """tools/check_levels.py as a module (tools/ is a folder of scripts, not a package)."""
    return load_tool("check_levels")
