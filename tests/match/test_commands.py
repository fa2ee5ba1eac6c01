"""`scare-it replay FILE` and `scare-it simulate --record DIR`: records checked and written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.cli import main
from game.engine.modes import Mode
from game.engine.position import format_position
from game.match.controller import Match
from game.match.record import read_record, result_text
from tests.match.helpers import dealt, random_line

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def _finished(tmp_path) -> tuple[Path, Match]:
    start = dealt(Mode.TEAMS, 6, 17)
    match = Match(start)
    for move in random_line(start, 4)[0]:
        match.play(move)
    path = tmp_path / "game.txt"
    path.write_text(match.record_text(), encoding="utf-8")
    return path, match


def test_replay_prints_the_final_field_and_the_result(tmp_path, capsys):
    path, match = _finished(tmp_path)
    code, lines, err = run(capsys, "replay", path)
    assert (code, err) == (0, "")
    assert lines == [format_position(match.state.position), result_text(match.state)]


def test_a_broken_record_is_one_line_and_status_2(tmp_path, capsys):
    path, _ = _finished(tmp_path)
    text = path.read_text()
    path.write_text(text.replace("moves: ", "moves: h4xh3 a1xb1 "))
    code, lines, err = run(capsys, "replay", path)
    assert code == 2 and lines == [] and len(err.splitlines()) == 1
    assert err.startswith("scare-it: ") and "line " in err
    code, _, err = run(capsys, "replay", tmp_path / "missing.txt")
    assert code == 2 and len(err.splitlines()) == 1


def test_simulate_writes_one_record_per_game_that_replays(tmp_path, capsys):
    folder = tmp_path / "new" / "records"
    code, _, err = run(capsys, "simulate", "--mode", "all-included", "--seats", "easy,normal,easy",
                       "--games", "3", "--seed", "10", "--budget", "0.01", "--record", folder)
    assert (code, err) == (0, "")
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-10.txt", "game-11.txt", "game-12.txt"]
    for f in files:
        record = read_record(f.read_text())
        assert record.mode is Mode.ALL_INCLUDED and record.final_state().over
        assert run(capsys, "replay", f)[0] == 0


def test_simulate_refuses_a_record_folder_it_cannot_make(tmp_path, capsys):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    code, _, err = run(capsys, "simulate", "--seats", "easy,easy", "--games", "1",
                       "--record", blocked / "sub")
    assert code == 2 and "record folder" in err


def test_replay_never_imports_pygame(tmp_path):
    path, _ = _finished(tmp_path)
    check = (f"import sys; from game.cli import main; code = main(['replay', {str(path)!r}]); "
             "print(code, any(m.split('.')[0] in ('pygame', 'pygame_gui') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.stdout.splitlines()[-1] == "0 False", done.stderr
