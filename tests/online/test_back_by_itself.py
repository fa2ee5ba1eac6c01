"""A `serve` restart mid-game (issue 51): SIGTERM, and the server started again on its
database a few seconds later. Two game windows (real processes, tests/online/window_driver.py)
and two commands come back to their seats by themselves and finish the game with identical
records; no window reads the restart as the host leaving."""

from __future__ import annotations

import time

import pytest

from tests.online.helpers import ServerProcess, finish, host, spawn
from tests.online.test_host_continues import line, next_step, window
from tests.online.test_restart import SETUP, kept_changes


@pytest.mark.slow  # a server, two windows and two commands, and a restart (make test-slow)
def test_a_restarted_server_takes_everyone_back_by_themselves(tmp_path):
    db = tmp_path / "tables.sqlite3"
    s = ServerProcess(db=db)
    port = s.port
    processes = []
    try:
        anna, code = host(s.url, "--seats", "4", "--name", "Anna", "--bot", "easy",
                          "--record", str(tmp_path / "anna.txt"))
        processes.append(anna)
        windows = [window(tmp_path / name, "join", s.url, code, name) for name in ("Mia", "Ned")]
        processes += windows
        ben = spawn("join", s.url, code, "--name", "Ben", "--bot", "easy",
                    "--token-file", str(tmp_path / "ben.tokens"),
                    "--record", str(tmp_path / "ben.txt"))
        processes.append(ben)
        for w in windows:
            assert next_step(w)["step"] == "table"
        # Four moves kept (the file is locked: its journal is read), or a checkpoint seen (the
        # journal starts again, after the table was kept): mid-game either way. Waiting on
        # the count alone past a checkpoint could let the game end first.
        end, most = time.monotonic() + 120, 0
        while time.monotonic() < end:
            changes = kept_changes(db)
            if changes >= SETUP + 4 or (most >= SETUP and changes < most):
                break
            most = max(most, changes)
            time.sleep(0.05)
        err = s.stop()  # SIGTERM: the server says it restarts
        time.sleep(3)  # it is down a while (a deploy, a certificate renewed)
        s = ServerProcess(db=db, port=port)
        assert s.line.rstrip().endswith(": 1)"), s.line + err  # the table, opened again
        overs = [next_step(w) for w in windows]
        results = [finish(anna), finish(ben)]
    finally:
        s.stop()
        for p in processes:
            if p.poll() is None:
                p.kill()
    assert all(code == 0 for code, _out, _err in results), results
    assert "restarting" in results[1][2]  # the command said so, on stderr
    anna_record = (tmp_path / "anna.txt").read_text("utf-8")
    assert (tmp_path / "ben.txt").read_text("utf-8") == anna_record
    restarting = []
    for over in overs:
        assert over["top"] == "ScoringScene" and not over["notices"], over
        assert not any("host has left" in h for h in over["hints"]), over["hints"]
        restarting += [h for h in over["hints"] if "restarting" in h]
        [kept] = over["replays"]
        for key in ("moves", "tasks"):
            assert line(kept, key) == line(anna_record, key)
    assert restarting  # "The table's server is restarting. Trying to reach the table… (0:01)"
