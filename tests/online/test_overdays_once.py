"""A whole game over days played by `--once` runs alone (issue 48): no client connected
between runs, the server killed (SIGKILL) and started again in the middle; every player's
record is the same, and the rules replay it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match.record import read_record
from tests.drain import drain
from tests.online.helpers import ServerProcess, finish, server, spawn

NAMES = ("Anna", "Ben", "Cleo")
KILL_AFTER = 8  # moves played before the server is killed
RUN_LIMIT = 30  # seconds: a visit returns within seconds (a loaded machine's margin)


def _run(*args: str) -> list[str]:
    """One --once run to its end, within RUN_LIMIT seconds (drain fails the test past it);
    its output lines."""
    process = spawn(*args)
    out, err = drain(process, RUN_LIMIT)
    assert process.returncode == 0, err
    out = out.splitlines()
    assert out and out[-1].split()[0] in ("moved", "waiting", "over"), out
    return out


def play_by_once(folder: Path, url_of, moved=lambda count: None) -> list[str]:
    """Anna opens a table over days, Ben and Cleo sit down, and each plays by --once runs in
    turn (`url_of(name)` the address each reaches the server by) until all three were told
    the end; `moved(count)` after each run that moved. The three records' texts."""
    mine = {n: ("--token-file", str(folder / f"{n}.json"), "--record", str(folder / f"{n}.txt"),
                "--bot", "easy", "--once") for n in NAMES}
    out = _run("host", url_of("Anna"), "--mode", "standard", "--seats", "3", "--name", "Anna",
               "--per-move", "2d", "--on-time", "wait", *mine["Anna"])
    code, count, over = out[0], 0, set()
    assert out[-1].startswith("waiting for players")
    for _round in range(200):
        for name in sorted(set(NAMES) - over):
            last = _run("join", url_of(name), code, "--name", name, *mine[name])[-1]
            if last.startswith("over"):
                over.add(name)
            elif last.startswith("moved"):
                count += 1
                moved(count)
        if over == set(NAMES):
            break
    assert over == set(NAMES)
    return [(folder / f"{n}.txt").read_text(encoding="utf-8") for n in NAMES]


@pytest.mark.slow
def test_a_game_over_days_is_played_by_once_runs_across_a_killed_server(tmp_path):
    db = tmp_path / "tables.sqlite3"
    servers = [ServerProcess(db=db)]
    port = servers[0].port

    def kill(count: int) -> None:
        if count == KILL_AFTER:
            servers[-1].process.kill()  # SIGKILL: no goodbye, no flush
            servers[-1].process.communicate(timeout=20)
            servers.append(ServerProcess(db=db, port=port))
            assert servers[-1].line.rstrip().endswith(": 1)"), servers[-1].line  # opened again

    try:
        texts = play_by_once(tmp_path, lambda name: servers[-1].url, kill)
    finally:
        servers[-1].stop()
    assert len(servers) == 2, "the server was killed and started again"
    assert texts[0] == texts[1] == texts[2]
    record = read_record(texts[0])  # the rules replay it to its end
    assert record.final_state().over and len(record.moves) > KILL_AFTER


def test_my_tables_lists_each_kept_table_whose_turn_and_until_when(tmp_path):
    with server() as s:
        files = {n: str(tmp_path / f"{n}.json") for n in ("Anna", "Ben")}
        out = _run("host", s.url, "--mode", "standard", "--seats", "2", "--name", "Anna",
                   "--per-move", "2d", "--first", "2", "--once", "--token-file", files["Anna"])
        code = out[0]
        assert _run("join", s.url, code, "--name", "Ben", "--once", "--bot", "easy", "--token-file",
                    files["Ben"])[-1].startswith("moved")  # Ben opens the game
        listed = finish(spawn("my-tables", "--token-file", files["Anna"], "--token-file",
                              files["Ben"]))
    assert listed[0] == 0, listed[2]
    lines = sorted(listed[1])
    assert len(lines) == 2 and all(code in line and s.url in line for line in lines)
    anna = next(line for line in lines if "Anna" in line)
    ben = next(line for line in lines if "Ben" in line)
    assert "your turn" in anna and "due " in anna
    assert "waiting for seat 1" in ben
