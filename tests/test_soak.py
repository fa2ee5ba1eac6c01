"""The kiosk's memory promise (docs/KIOSK.md), checked over a long soak with visitors by `make test-slow`."""


import pytest

from tests.tool import load_tool


def load_soak_tool():
    return load_tool("soak")


SOAK_TICKS = 100_000  # the promise is for 500,000 (`tools/soak.py 500000`, about 6 minutes on an
# idle core, not yet run to its end on a quiet machine); CI checks a fifth of that, which
# already shows a leak's growth


@pytest.mark.soak  # `make soak`: on today's main it misses the goals (issue 22 is open)
def test_a_kiosk_keeps_its_memory_promise_over_a_long_soak(monkeypatch, tmp_path):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    tool = load_soak_tool()
    out = tool.soak(SOAK_TICKS, visitors=True)
    assert not out.misses(), "\n".join([*out.misses(), f"highest at {out.peak_at}", *out.where])
    assert out.games >= 1 and out.puzzles >= 1 and out.visitors >= 2
