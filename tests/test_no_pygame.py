"""The rules engine and the match layer are libraries: importing every module of either never
loads pygame (a bot, a server or a tool can use them without a display)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import importlib, pkgutil, sys
package = importlib.import_module(sys.argv[1])
for info in pkgutil.walk_packages(package.__path__, sys.argv[1] + "."):
    importlib.import_module(info.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui"))
print(",".join(loaded))
"""


@pytest.mark.parametrize("package", ["game.engine", "game.match"])
def test_importing_the_whole_package_never_loads_pygame(package):
    done = subprocess.run([sys.executable, "-c", CHECK, package], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_the_engine_and_its_commands_work_from_a_plain_source_checkout(tmp_path):
    """A copy of game/ alone, run with `python -S` (no site-packages, so no install maps
    assets/ and levels/ to game.assets and game.levels), as in a fresh clone: the engine plays
    and the command line's engine commands answer (the data packages are found when asked)."""
    shutil.copytree(ROOT / "game", tmp_path / "game",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    assert not (tmp_path / "game" / "assets").exists()  # nothing here maps the data packages
    play = ("from game.engine import Mode, new_game; "
            "print(len(new_game(Mode.STANDARD, ['A', 'B'], 3).legal_moves()) > 0)")
    done = subprocess.run([sys.executable, "-S", "-c", play], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
    done = subprocess.run([sys.executable, "-S", "-m", "game", "moves", "YC .. OE/PM BD YE"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["a2xa1", "c1xb1", "c1xb1+"]
