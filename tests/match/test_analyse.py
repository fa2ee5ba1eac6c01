"""`scare-it analyse RECORD`: a solo record's best after each move, a multiplayer record's
chances and turning point, the cache by the record's text, and every refusal in one line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.engine.modes import Mode
from game.engine.solver import solve
from game.engine.state import apply
from game.match import analysis
from game.match.record import record_of, write_record
from tests.match.helpers import dealt, random_line

ROOT = Path(__file__).resolve().parents[2]
NODES = "300"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def written(tmp_path, mode: Mode, players: int, seed: int, limit=None) -> tuple[Path, list]:
    start = dealt(mode, players, seed)
    moves, _ = random_line(start, seed, limit)
    path = tmp_path / f"{mode.value}-{seed}.txt"
    path.write_text(write_record(record_of(start, moves)), encoding="utf-8")
    return path, moves


@pytest.fixture(autouse=True)
def _fresh_cache():
    analysis.forget()
    yield
    analysis.forget()


@pytest.mark.parametrize("mode", [m for m in Mode if m.solo], ids=lambda m: m.value)
def test_a_solo_record_is_one_line_a_move_then_the_best(tmp_path, capsys, mode):
    path, moves = written(tmp_path, mode, 1, 12)
    code, lines, err = run(capsys, "analyse", path)
    assert (code, err) == (0, "")
    start = dealt(mode, 1, 12)
    assert lines[-1] == f"best: {solve(start.position, start.target).count}"
    assert len(lines) == len(moves) + 1
    state = start
    for number, (line, move) in enumerate(zip(lines[:-1], moves, strict=True), start=1):
        state = apply(state, move)[0]
        best = solve(state.position, start.target).count
        words = "impossible" if best is None else str(best)
        assert line.split(" - ")[0] == f"{number} {move} best {words}"


def test_the_move_it_slipped_at_names_the_move_that_kept_the_best(tmp_path, capsys):
    path, _ = written(tmp_path, Mode.SOLO, 1, 4)
    _, lines, _ = run(capsys, "analyse", path)
    slipped = [line for line in lines if "slipped" in line]
    assert len(slipped) == 1
    found = analysis.analyse(path.read_text())
    slip = found.solo.slip
    assert slipped[0].startswith(f"{slip.number} {slip.played} best {slip.after.text()}")
    assert slipped[0].endswith(f"slipped: {slip.kept} kept {slip.before.text()}")


def test_a_multiplayer_record_is_chances_a_move_then_the_turning_point(tmp_path, capsys):
    path, moves = written(tmp_path, Mode.STANDARD, 4, 5)
    code, lines, err = run(capsys, "analyse", path, "--nodes", NODES)
    assert (code, err) == (0, "")
    assert len(lines) == len(moves) + 1
    names = [f"{name} " for name in ("Anna", "Ben", "Cleo", "Dan")]
    for number, (line, move) in enumerate(zip(lines[:-1], moves, strict=True), start=1):
        assert line.startswith(f"{number} {move} ")
        shown = re.findall(r"(\w+) (\d+)%", line.split(" - ")[0])
        assert [f"{n} " for n, _ in shown] == names
        assert abs(sum(int(p) for _, p in shown) - 100) <= 2  # each rounded to a whole percent
    point = analysis.analyse(path.read_text(), int(NODES)).review.turning_point
    assert lines[-1].startswith(f"turning point: {point.number} {point.move} by ")


def test_the_same_nodes_give_the_same_lines(tmp_path, capsys):
    path, _ = written(tmp_path, Mode.ALL_INCLUDED, 3, 8, limit=10)
    first = run(capsys, "analyse", path, "--nodes", NODES)
    analysis.forget()
    assert run(capsys, "analyse", path, "--nodes", NODES) == first


def test_an_analysis_is_kept_by_the_records_text(tmp_path):
    path, _ = written(tmp_path, Mode.STANDARD, 2, 3)
    text = path.read_text()
    assert analysis.cached(text, 100) is None
    made = analysis.analyse(text, 100)
    heard = []
    assert analysis.analyse(text, 100, progress=heard.append) is made and heard == [1.0]
    assert analysis.cached(text, 100) is made and analysis.cached(text, 101) is None


def test_a_broken_record_is_one_line_naming_it_and_status_2(tmp_path, capsys):
    path, _ = written(tmp_path, Mode.STANDARD, 2, 3)
    path.write_text(path.read_text().replace("moves: ", "moves: h4xh3 a1xb1 "))
    code, lines, err = run(capsys, "analyse", path)
    assert code == 2 and lines == [] and len(err.splitlines()) == 1
    assert err.startswith(f"scare-it: {path}: line ")


@pytest.mark.parametrize("argv, needle", [
    (["--nodes", "0"], "--nodes must be at least 1"),
    (["--nodes", "many"], "--nodes must be a whole number"),
])
def test_a_bad_budget_is_refused(tmp_path, capsys, argv, needle):
    path, _ = written(tmp_path, Mode.SOLO, 1, 2)
    code, lines, err = run(capsys, "analyse", path, *argv)
    assert code == 2 and lines == [] and needle in err and len(err.splitlines()) == 1


def test_a_game_still_going_is_not_reviewed(tmp_path, capsys):
    start = dealt(Mode.STANDARD, 3, 9)
    moves, state = random_line(start, 9, 2)
    assert not state.over
    path = tmp_path / "going.txt"
    path.write_text(write_record(record_of(start, moves)), encoding="utf-8")
    code, _, err = run(capsys, "analyse", path)
    assert code == 2 and "only a finished game" in err and len(err.splitlines()) == 1
    code, _, err = run(capsys, "analyse", tmp_path / "missing.txt")
    assert code == 2 and "cannot read the record" in err


def test_analyse_never_imports_pygame(tmp_path):
    path, _ = written(tmp_path, Mode.STANDARD, 2, 6)
    check = (f"import sys; from game.cli import main; "
             f"code = main(['analyse', {str(path)!r}, '--nodes', '100']); "
             "print(code, any(m.split('.')[0] in ('pygame', 'pygame_gui') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.stdout.splitlines()[-1] == "0 False", done.stderr
