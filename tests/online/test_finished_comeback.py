"""A player away when the game ends learns it by their token (issue 51): the server keeps a
finished table's end for its seats' tokens, across a restart, and tells nothing to anyone else."""

from __future__ import annotations

import json
import sqlite3
import time

from game.engine.modes import Mode
from game.engine.moves import legal_moves
from game.engine.state import apply
from game.online.server.finished import FinishedTables
from game.online.server.table import Table
from game.online.shared.protocol import normal_code
from tests.online.helpers import RawPeer, ServerProcess, finish, host, spawn
from tests.online.test_restart import SETUP, kept_changes


def test_a_far_player_away_at_the_end_is_told_it_by_token_after_a_restart(tmp_path):
    db = tmp_path / "tables.sqlite3"
    s = ServerProcess("--stand-in-after", "1", db=db)
    port = s.port
    tokens = tmp_path / "tokens.json"
    try:
        anna, code = host(s.url, "--seats", "3", "--name", "Anna", "--bot", "hard",
                          "--computer", "normal", "--record", str(tmp_path / "anna.txt"))
        ben = spawn("join", s.url, code, "--name", "Ben", "--bot", "hard",
                    "--token-file", str(tokens))
        end = time.monotonic() + 60
        while kept_changes(db) < SETUP + 3 and time.monotonic() < end:  # the file is locked
            time.sleep(0.01)
        ben.kill()  # Ben's window is gone at move 3: the computer stands in and finishes
        ben.communicate(timeout=20)
        returncode, out, err = finish(anna)
        assert returncode == 0, err
        kept = json.loads(tokens.read_text("utf-8"))["tables"]
        assert kept and kept[0]["seats"][0]["seat"] == 1  # Ben's seat, still kept
        s.stop()  # the server restarts: the end is in its database
        ben_token = kept[0]["seats"][0]["token"]
        others = [s["token"] for s in _kept_setup(db, normal_code(code))["seats"] if s["token"] != ben_token]
        s = ServerProcess(db=db, port=port)
        assert "opened again" not in s.line  # no open table: the finished one is kept apart

        # Someone without a token learns nothing: the code answers as one never made.
        peer = RawPeer(s.url)
        peer.send({"type": "rejoin", "code": code, "token": "not-bens-token-at-all"})
        wrong = peer.until("error")
        peer.send({"type": "rejoin", "code": "CFHJKL", "token": "not-bens-token-at-all"})
        unknown = peer.until("error")
        peer.close()
        assert (wrong["code"], wrong["message"]) == (unknown["code"], unknown["message"])
        # Ben's token: his seat's end, and no other seat's token in anything sent.
        peer = RawPeer(s.url)
        peer.send({"type": "rejoin", "code": code, "token": ben_token})
        said = []
        while not said or json.loads(said[-1])["type"] != "over":
            said.append(peer.ws.recv(timeout=10))
        peer.close()
        assert [json.loads(m)["type"] for m in said] == ["joined", "state", "over"]
        assert json.loads(said[0])["seats"] == [{"seat": 1, "token": ben_token}]
        assert others and not any(t in m for t in others for m in said)

        again = spawn("join", s.url, code, "--token-file", str(tokens),
                      "--record", str(tmp_path / "ben.txt"))
        back, ben_out, ben_err = finish(again)
    finally:
        s.stop()
    assert back == 0, ben_err
    assert ben_out == ["seat 2", out[-1]]  # the result, as Anna read it
    anna_record = (tmp_path / "anna.txt").read_text("utf-8")
    assert (tmp_path / "ben.txt").read_text("utf-8") == anna_record
    assert json.loads(tokens.read_text("utf-8"))["tables"] == []  # it opens nothing more


def _finished_table(code: str = "KTRWMX", address: str = "10.0.0.1") -> Table:
    table = Table(code, Mode.STANDARD, [{"place": "host", "name": "Anna"}, {"place": "remote"}],
                  1, seed=7, first=0, opened_by=address)
    table.join(2, "Ben")
    while not table.over:
        move = legal_moves(table.state.position)[0]
        table.state, _ = apply(table.state, move)
    return table


def test_the_kept_end_opens_only_by_a_seats_token_and_is_bounded(tmp_path):
    now = [1_000_000.0]
    kept = FinishedTables(tmp_path / "db.sqlite3", clock=lambda: now[0], per_address=2, total=3)
    first = _finished_table("AAAAAA")
    kept.keep(first)
    ben = first.seats[1].token
    table, seat = kept.find("AAAAAA", ben)
    assert seat == 1 and table.over and table.state.moves == first.state.moves
    assert kept.find("AAAAAA", first.seats[1].token[::-1]) is None
    assert kept.find("BBBBBB", ben) is None
    for code in ("BBBBBB", "CCCCCC"):  # the same address: its oldest goes
        now[0] += 1
        kept.keep(_finished_table(code))
    assert not kept.has("AAAAAA") and kept.has("BBBBBB")
    for code in ("DDDDDD", "EEEEEE"):  # other addresses: the oldest of all goes
        now[0] += 1
        kept.keep(_finished_table(code, "10.9.9.9"))
    assert len(kept) == 3 and not kept.has("BBBBBB")
    now[0] += 8 * 24 * 3600  # a week and a day on
    assert kept.find("EEEEEE", kept_token(tmp_path, "EEEEEE")) is None
    kept.tidy()
    assert len(kept) == 0
    kept.close()
    memory = FinishedTables(clock=lambda: now[0], per_address=1)
    memory.keep(_finished_table("FFFFFF"))
    memory.keep(_finished_table("GGGGGG"))
    assert len(memory) == 1 and memory.has("GGGGGG")


def kept_token(tmp_path, code: str) -> str:
    return _kept_setup(tmp_path / "db.sqlite3", code)["seats"][1]["token"]


def _kept_setup(db, code: str) -> dict:
    """A kept table's setup, read while no server runs (closed after: a server's exclusive
    lock would wait on it)."""
    con = sqlite3.connect(db)
    try:
        return json.loads(con.execute("SELECT setup FROM finished WHERE code = ?",
                                      (code,)).fetchone()[0])
    finally:
        con.close()


def test_a_database_that_fails_loses_the_kept_end_but_never_the_game(tmp_path, caplog):
    kept = FinishedTables(tmp_path / "db.sqlite3")
    kept._db.execute("DROP TABLE finished")  # as good as a damaged file or a full disk
    table = _finished_table("HHHHHH")
    kept.keep(table)  # logged, not raised: the players here are still told the end
    assert "could not be kept" in caplog.text
    assert kept.find("HHHHHH", table.seats[1].token) is None and not kept.has("HHHHHH")
    kept.tidy()
    kept.close()
