"""The kiosk's memory promise (docs/KIOSK.md): 500,000 ticks with visitors, run by `make test-slow`."""

import importlib.util
import sys
from pathlib import Path

import pytest


def load_soak_tool():
    path = Path(__file__).resolve().parents[1] / "tools" / "soak.py"
    spec = importlib.util.spec_from_file_location("soak_tool", path)
    tool = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = tool  # its dataclass looks itself up there
    try:
        spec.loader.exec_module(tool)
    finally:
        sys.modules.pop(spec.name, None)
    return tool


@pytest.mark.slow
def test_a_kiosk_keeps_its_memory_promise_over_500000_ticks(monkeypatch, tmp_path):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    tool = load_soak_tool()
    out = tool.soak(500_000, visitors=True)
    assert not out.misses(), "\n".join([*out.misses(), f"highest at {out.peak_at}", *out.where])
    assert out.games >= 1 and out.puzzles >= 1 and out.visitors >= 10
