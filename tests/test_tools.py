"""Every script under tools/ behaves like a command: `--help` prints its usage and an unknown
option is refused before the tool writes anything (issue 37)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tool import TOOLS

SCRIPTS = sorted(TOOLS.glob("*.py"))


def run(script: Path, option: str, cwd: Path) -> subprocess.CompletedProcess:
    """The tool in an empty folder of its own, with a home and settings folder inside it."""
    env = dict(os.environ, HOME=str(cwd / "home"), SCARE_IT_PREFS=str(cwd / "prefs"),
               TMPDIR=str(cwd / "tmp"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    for folder in ("home", "prefs", "tmp"):
        (cwd / folder).mkdir()
    return subprocess.run([sys.executable, str(script), option], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def written(cwd: Path) -> list[str]:
    return sorted(str(p.relative_to(cwd)) for p in cwd.rglob("*") if p.is_file())


def test_the_tools_folder_has_the_scripts_this_test_walks():
    assert len(SCRIPTS) > 20 and (TOOLS / "screenshots.py") in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_help_prints_usage_and_writes_nothing(script, tmp_path):
    done = run(script, "--help", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage: "), done.stdout[:500]
    assert written(tmp_path) == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_an_unknown_option_is_refused_and_writes_nothing(script, tmp_path):
    done = run(script, "--no-such-option", tmp_path)
    assert done.returncode == 2, done.stdout[-2000:]
    # Refused with argparse's usage (a tool with a required argument names that first).
    assert done.stderr.startswith("usage: ") and "error: " in done.stderr, done.stderr[-2000:]
    assert written(tmp_path) == []
