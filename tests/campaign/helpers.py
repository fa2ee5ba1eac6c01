"""Shared helpers for the campaign tests: level text, a small campaign folder, the check tool."""

import importlib.util
import sys
from pathlib import Path

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
    if "check_levels" in sys.modules:
        return sys.modules["check_levels"]
    spec = importlib.util.spec_from_file_location("check_levels", REPO / "tools" / "check_levels.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_levels"] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module
