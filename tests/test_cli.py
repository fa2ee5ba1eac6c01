"""The command line: each command's output, each refusal, and that none of them loads pygame."""

import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game.cli import COMMANDS, main
from game.engine import (
    Rules,
    apply_all,
    deal_position,
    format_position,
    initial_state,
    parse_move,
    parse_position,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "YC .. OE/PM BD YE"
DEAL_A = (
    "YC BD PC YC BM OC BC BE/PE BC PD OE OM YM YD BD/YE BM PE YM PC OM OD YD/"
    "OE BE OD OC PM PD YE PM"
)
SPARSE = "BC .. .. .. .. .. ../OE .. .. YD BD YC ../PC OE PM PD BM YM ../OD YE BD PD PC PE OC"


def run(capsys, *argv):
    """main(argv) -> (exit status, stdout lines, stderr text)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


# --- moves ---------------------------------------------------------------------------------


def test_moves_lists_every_legal_move(capsys):
    code, lines, err = run(capsys, "moves", EXAMPLE)
    assert code == 0 and err == ""
    assert lines == ["a2xa1", "c1xb1", "c1xb1+"]


def test_moves_of_a_deal_and_of_a_finished_field(capsys):
    assert len(run(capsys, "moves", DEAL_A)[1]) == 48
    code, lines, _ = run(capsys, "moves", "YE YC")
    assert code == 0 and lines == []


# --- apply ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "moves", "printed"),
    [
        ([], ["a2xa1"], ".. .. OE/YC BD YE"),
        ([], ["C1XB1+"], "YC .. ../PM YE OE"),
        (["--rules", "standard"], ["c1xb1"], "YC .. OE/PM .. YE"),
        (["--rules", "solo"], ["c1xb1", "a2xa1"], ".. OE/YC YE"),
        (["--rules", "ALL-INCLUDED"], ["c1xb1"], "YC OE/PM YE"),
    ],
)
def test_apply_prints_the_resulting_position(capsys, rules, moves, printed):
    code, lines, err = run(capsys, "apply", EXAMPLE, *moves, *rules)
    assert (code, lines, err) == (0, [printed], "")


def test_apply_keeps_the_number_of_rows(capsys):
    code, lines, _ = run(capsys, "apply", DEAL_A, "b4xa4+", "b1xc1", "--rules", "solo")
    assert code == 0 and lines[0].count("/") == 3
    moves = [parse_move("b4xa4+"), parse_move("b1xc1")]
    state, _ = apply_all(initial_state(parse_position(DEAL_A), Rules.SOLO), moves)
    assert lines == [format_position(state.position)]


# --- perft ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "rules", "counts"),
    [
        (EXAMPLE, "standard", [1, 3, 7, 4, 0]),
        (EXAMPLE, "all-included", [1, 3, 10, 17, 10]),
        (EXAMPLE, "solo", [1, 3, 10, 17, 12]),
        (DEAL_A, "standard", [1, 48, 2028]),
        (SPARSE, "solo", [1, 14, 173, 1926]),
    ],
)
def test_perft_counts(capsys, position, rules, counts):
    for depth, count in enumerate(counts):
        code, lines, err = run(capsys, "perft", position, str(depth), "--rules", rules)
        assert (code, lines, err) == (0, [str(count)], "")


def test_perft_default_rules_are_standard(capsys):
    assert run(capsys, "perft", EXAMPLE, "2")[1] == ["7"]


def test_perft_divide(capsys):
    code, lines, err = run(capsys, "perft", EXAMPLE, "3", "--rules", "solo", "--divide")
    assert code == 0 and err == ""
    assert lines == ["a2xa1 4", "c1xb1 6", "c1xb1+ 7", "17"]
    code, lines, _ = run(capsys, "perft", DEAL_A, "2", "--divide")
    root_moves = run(capsys, "moves", DEAL_A)[1]
    assert [line.split()[0] for line in lines[:-1]] == root_moves
    assert sum(int(line.split()[1]) for line in lines[:-1]) == int(lines[-1]) == 2028


# --- deal ----------------------------------------------------------------------------------


def test_deal(capsys):
    code, lines, err = run(capsys, "deal", "--seed", "0")
    assert (code, err) == (0, "") and lines == [format_position(deal_position(0))]
    assert run(capsys, "deal", "--seed", "0")[1] == lines
    # Without a seed: a fresh shuffle of the whole deck.
    code, fresh, err = run(capsys, "deal")
    assert (code, err) == (0, "")
    assert sorted(parse_position(fresh[0]).cards()) == sorted(parse_position(lines[0]).cards())
    other = run(capsys, "deal", "--seed", "2018")[1]
    assert other != lines and other == [format_position(deal_position(2018))]
    position = parse_position(other[0])
    assert (position.width, position.height, position.card_count()) == (8, 4, 32)
    top = run(capsys, "deal", "--seed", str(2**64 - 1))
    assert top[0] == 0 and len(top[1]) == 1
    big = run(capsys, "deal", "--seed", str(2**64 + 5))  # it would wrap to deal 5: refused
    assert big[0] == 2 and "below 18446744073709551616" in big[2]


# --- solve ---------------------------------------------------------------------------------


def solved(capsys, position, *extra):
    code, lines, err = run(capsys, "solve", position, *extra)
    assert code == 0 and err == "" and len(lines) == 2
    return lines


def replayed(position, line):
    moves = [parse_move(m) for m in line.split()]
    state, _ = apply_all(initial_state(parse_position(position), Rules.SOLO), moves)
    assert state.over
    return state.position


def test_solve_prints_the_count_and_a_line_reaching_it(capsys):
    count, line = solved(capsys, EXAMPLE)
    assert count == "1"
    assert replayed(EXAMPLE, line).card_count() == 1


def test_solve_a_deal(capsys):
    count, line = solved(capsys, DEAL_A)
    assert count == "1" and replayed(DEAL_A, line).card_count() == 1


def test_solve_a_finished_field_has_no_moves(capsys):
    assert solved(capsys, "YE YC") == ["2", ""]


@pytest.mark.parametrize(
    ("target", "count", "kept"),
    [("ym", "1", "YM"), ("YC", "2", "YC"), ("c", "2", "YC"), ("Y", "1", None), ("M", "1", "YM")],
)
def test_solve_with_a_target(capsys, target, count, kept):
    got, line = solved(capsys, "YE YD YC YM", "--target", target)
    assert got == count
    left = replayed("YE YD YC YM", line)
    assert left.card_count() == int(count)
    if kept:
        assert kept in format_position(left)


@pytest.mark.parametrize("target", ["O", "D", "OC", "b"])
def test_solve_impossible_target(capsys, target):
    """Orange (a colour) and dog (an animal) share the number 1: they must not be confused."""
    assert solved(capsys, "YE YD YC YM", "--target", target) == ["impossible", ""]


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["moves", "YC .. OE/PM BD"], "row 2 has 3 cells, row 1 has 2"),
        (["moves", "YX"], "'YX' is not a card"),
        (["moves", "YC BD/.. YE"], "a2 floats above an empty cell"),
        (["moves", "YC YC YC YC YC YC YC YC YC"], "at most 8"),
        (["moves", ""], "empty"),
        (["moves"], "position"),
        (["moves", EXAMPLE, "--fast"], "unrecognized arguments: --fast"),
        (["apply", EXAMPLE, "b1xz9"], "'b1xz9' is not a move"),
        (["apply", EXAMPLE, "a2xa1", "b1xc1"], "b1xc1: a dog does not scare"),
        (["apply", EXAMPLE, "c1xb1", "a2xa1"], "a2xa1: the game is over"),
        (["apply", EXAMPLE, "a1xc1"], "not neighbours"),
        (["apply", EXAMPLE], "MOVE"),
        (["apply", EXAMPLE, "a2xa1", "--rules", "chess"], "unknown rules 'chess'"),
        (["perft", EXAMPLE, "-1"], "depth must be at least 0"),
        (["perft", EXAMPLE, "two"], "depth must be a whole number, not 'two'"),
        (["perft", EXAMPLE, "1.5"], "depth"),
        (["perft", EXAMPLE, "2", "--rules", "nope"], "unknown rules 'nope'"),
        (["perft", "YC/", "2"], "row 1 is empty"),
        (["perft", EXAMPLE], "depth"),
        (["solve", EXAMPLE, "--target", "YX"], "unknown target 'YX'"),
        (["solve", EXAMPLE, "--target", "Z"], "unknown target 'Z'"),
        (["solve", EXAMPLE, "--target", ""], "unknown target"),
        (["solve", "YC .. OE/PM .. YE/PM BD", "--target", "C"], "row 2 has 3 cells"),
        (["deal", "--seed", "-3"], "seed must be at least 0"),
        (["deal", "--seed", "abc"], "seed must be a whole number, not 'abc'"),
        (["deal", "--seed"], "--seed"),
        (["fly"], "unknown command 'fly'"),
        (["--frames", "x"], "--frames must be a whole number"),
        (["--idle", "-2"], "--idle must be a positive number"),
        (["--idle", "soon"], "--idle"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv, needle):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("scare-it: ") and needle in err
    assert "Traceback" not in err and "usage:" not in err


def test_help_documents_every_command(capsys):
    code, lines, _ = run(capsys, "--help")
    text = "\n".join(lines)
    assert code == 0
    for name, command in COMMANDS.items():
        assert f"scare-it {command.usage}" in text and name in text
    for option in ("--frames", "--kiosk", "--idle", "--windowed", "--rules", "--divide"):
        assert option in text
    for name in COMMANDS:
        code, lines, _ = run(capsys, name, "--help")
        assert code == 0 and lines[0].startswith(f"usage: scare-it {name}")


def test_each_usage_line_names_every_option_of_its_command(capsys):
    """`scare-it --help` is where a reader learns the options: none of a command's is left out
    (each command's options as its own `--help` lists them)."""
    seen = 0
    for name, command in COMMANDS.items():
        code, lines, _ = run(capsys, name, "--help")
        options = set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", "\n".join(lines))) - {"--help"}
        assert code == 0
        assert {o for o in options if o not in command.usage} == set(), name
        seen += len(options)
    assert seen > len(COMMANDS)  # the help was read: most commands have options


# --- no command: the game (or, until it exists, the text demo) -----------------------------


def test_no_command_starts_the_game_with_the_options(capsys, monkeypatch):
    calls = []
    fake = types.ModuleType("game.app")
    fake.run = lambda **options: calls.append(options) or 0
    monkeypatch.setitem(sys.modules, "game.app", fake)
    assert main(["--frames", "5", "--kiosk", "--idle", "30", "--windowed"]) == 0
    assert calls == [{"frames": 5, "kiosk": True, "idle": 30.0, "windowed": True}]
    assert main([]) == 0
    assert calls[-1] == {"frames": None, "kiosk": False, "windowed": False}


def test_game_screens_that_cannot_load_say_why(capsys, monkeypatch):
    """No hiding fallback: a broken import of the screens is one line and status 1."""
    monkeypatch.setitem(sys.modules, "game.app", None)  # importing it now fails
    code, lines, err = run(capsys)
    assert code == 1 and lines == []
    assert err.startswith("scare-it: cannot start the game screens")


# --- starting a command never loads pygame -------------------------------------------------

NO_PYGAME = """
import sys
from game.cli import main
code = main({argv!r})
loaded = [m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui")]
print("LOADED" if loaded else "CLEAN", code)
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["moves", EXAMPLE],
        ["apply", EXAMPLE, "a2xa1", "--rules", "solo"],
        ["perft", EXAMPLE, "3", "--divide"],
        ["solve", EXAMPLE, "--target", "C"],
        ["deal", "--seed", "7"],
        ["perft", EXAMPLE, "-1"],
    ],
)
def test_commands_never_import_pygame(argv):
    done = subprocess.run(
        [sys.executable, "-c", NO_PYGAME.format(argv=argv)],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout.splitlines()[-1].startswith("CLEAN")


def test_python_dash_m_game_runs_a_command():
    done = subprocess.run(
        [sys.executable, "-m", "game", "perft", EXAMPLE, "2", "--rules", "solo"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "10\n", "")
    bad = subprocess.run(
        [sys.executable, "-m", "game", "perft", EXAMPLE, "x"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1
