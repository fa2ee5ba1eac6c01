"""A whole game over days played by `--once` runs alone (issue 48): no client connected
between runs, the server killed (SIGKILL) and started again in the middle; every player's
record is the same, and the rules replay it."""

from __future__ import annotations

import pytest

from game.match.record import read_record
from tests.online.helpers import ServerProcess, finish, spawn

NAMES = ("Anna", "Ben", "Cleo")
KILL_AFTER = 8  # moves played before the server is killed


def _run(*args: str) -> list[str]:
    """One --once run to its end (finish() waits at most helpers.TIMEOUT); its output lines."""
    code, out, err = finish(spawn(*args))
    assert code == 0, err
    assert out and out[-1].split()[0] in ("moved", "waiting", "over"), out
    return out


@pytest.mark.slow
def test_a_game_over_days_is_played_by_once_runs_across_a_killed_server(tmp_path):
    db = tmp_path / "tables.sqlite3"
    s = ServerProcess(db=db)
    port = s.port
    mine = {n: ("--token-file", str(tmp_path / f"{n}.json"), "--record", str(tmp_path / f"{n}.txt"),
                "--bot", "easy", "--once") for n in NAMES}
    try:
        out = _run("host", s.url, "--mode", "standard", "--seats", "3", "--name", "Anna",
                   "--per-move", "2d", "--on-time", "wait", *mine["Anna"])
        code = out[0]
        assert out[-1].startswith("waiting for players")
        moved, over, killed = 0, set(), False
        for _round in range(200):
            for name in NAMES:
                if name in over:
                    continue
                last = _run("join", s.url, code, "--name", name, *mine[name])[-1]
                moved += last.startswith("moved")
                if last.startswith("over"):
                    over.add(name)
                if moved >= KILL_AFTER and not killed:
                    s.process.kill()  # SIGKILL: no goodbye, no flush
                    s.process.communicate(timeout=20)
                    s = ServerProcess(db=db, port=port)
                    assert s.line.rstrip().endswith(": 1)"), s.line  # the table, opened again
                    killed = True
            if len(over) == len(NAMES):
                break
    finally:
        s.stop()
    assert killed and over == set(NAMES)
    texts = [(tmp_path / f"{n}.txt").read_text(encoding="utf-8") for n in NAMES]
    assert texts[0] == texts[1] == texts[2]
    record = read_record(texts[0])
    assert record.final_state().over and len(record.moves) >= moved
