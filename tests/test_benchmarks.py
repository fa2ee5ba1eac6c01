"""Every benchmark under tools/ still produces its figures: each `tools/bench_*.py --quick`
runs in seconds and exits non-zero when it cannot measure (issue 37). Slow: `make test-slow`."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.tool import TOOLS

BENCHMARKS = sorted(TOOLS.glob("bench_*.py"))


def test_the_benchmarks_are_found():
    assert len(BENCHMARKS) >= 5 and (TOOLS / "bench_render.py") in BENCHMARKS


@pytest.mark.slow
@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda p: p.stem)
def test_quick_mode_produces_figures(script, tmp_path):
    env = dict(os.environ, SCARE_IT_PREFS=str(tmp_path / "prefs"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, str(script), "--quick"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (done.stdout[-3000:], done.stderr[-3000:])
    assert any(ch.isdigit() for ch in done.stdout), done.stdout  # figures were printed
