"""The match layer is pygame-free: importing every module of game.match never loads pygame."""

import subprocess
import sys
from pathlib import Path

MATCH = Path(__file__).resolve().parents[2] / "game" / "match"

CHECK = """
import importlib, pkgutil, sys
import game.match
for info in pkgutil.walk_packages(game.match.__path__, "game.match."):
    importlib.import_module(info.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui"))
print(",".join(loaded))
"""


def test_importing_the_whole_match_layer_never_loads_pygame():
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True,
                          timeout=60, cwd=MATCH.parents[1])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_no_match_source_mentions_pygame():
    for path in MATCH.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import pygame" not in text and "from pygame" not in text, path
