"""`scare-it simulate`: the printed table, the win tally and the refusals."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace

import pytest

from game.engine.ai import make_bot, view_for
from game.engine.cards import Animal, Colour
from game.engine.modes import Mode
from game.engine.position import parse_position
from game.engine.rng import Rng
from game.engine.state import apply, new_game
from game.simulate import main, play_games, wilson
from tests.tool import load_tool

ROW = re.compile(
    r"^(\d+|team\d+)\s+([a-z+]+)\s+(\d+\.\d\d)\s+(\d+\.\d)%\s+\[\s*(\d+\.\d),\s*(\d+\.\d)\]%\s+(\d+\.\d\d)$"
)


def _run(capsys, *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def test_table_format(capsys):
    code, out, err = _run(capsys, "--mode", "standard", "--seats", "normal,easy,easy",
                          "--games", "6", "--seed", "5")
    assert code == 0 and not err
    assert out[0] == "Standard, 3 seats, 6 games"
    assert out[1].split() == ["seat", "level", "wins", "win", "rate", "95%", "CI", "avg", "score"]
    rows = [ROW.match(line) for line in out[2:5]]
    assert all(rows), out
    assert [r.group(2) for r in rows] == ["normal", "easy", "easy"]
    # Ties are shared, so the wins of the seats add up to the number of games.
    assert sum(float(r.group(3)) for r in rows) == pytest.approx(6)
    for r in rows:
        assert float(r.group(5)) <= float(r.group(4)) <= float(r.group(6))
    assert out[5].startswith("summary: ") and len(out) == 6


def test_teams_report_per_team(capsys):
    code, out, _ = _run(capsys, "--mode", "teams", "--seats", "hard,normal,hard,normal",
                        "--games", "2", "--budget", "0.01")
    assert code == 0
    teams = [ROW.match(line) for line in out if line.startswith("team")]
    assert [t.group(1) for t in teams] == ["team1", "team2"]
    assert [t.group(2) for t in teams] == ["hard+hard", "normal+normal"]
    assert sum(float(t.group(3)) for t in teams) == pytest.approx(2)


def test_first_player_rotates_and_seeds_repeat():
    a = play_games(Mode.ALL_INCLUDED, ["easy"] * 5, 5, seed=9)
    b = play_games(Mode.ALL_INCLUDED, ["easy"] * 5, 5, seed=9)
    assert [t.wins for t in a.seats] == [t.wins for t in b.seats]
    assert sum(t.wins for t in a.seats) == pytest.approx(5)


def test_a_node_budget_repeats_bit_for_bit(monkeypatch, capsys):
    # Searching levels on a node budget play the same games however slow the machine is.
    argv = ["--mode", "standard", "--seats", "expert,hard,normal,easy", "--games", "2",
            "--seed", "3", "--nodes", "12"]
    code, first, _ = _run(capsys, *argv)
    from game.engine.ai import bots as bots_module

    ticks = iter(range(0, 10**9, 1000))  # every look at the clock: 1000 s later
    monkeypatch.setattr(bots_module.time, "perf_counter", lambda: float(next(ticks)))
    again, second, _ = _run(capsys, *argv)
    assert code == again == 0
    assert first[:-1] == second[:-1]  # all but the summary's seconds


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


@pytest.mark.parametrize("argv", [
    ["--mode", "chess"],
    ["--mode", "solo", "--seats", "easy"],
    ["--seats", "easy,wizard"],
    ["--mode", "teams", "--seats", "easy,easy,easy"],
    ["--games", "0"],
    ["--games", "many"],
    ["--seed", "-1"],
    ["--budget", "nan"],
    ["--nodes", "0"],
    ["--nodes", "lots"],
    ["--colour", "blue"],
])
def test_bad_arguments_give_one_line_and_status_2(capsys, argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and not out
    assert len(err) == 1 and err[0].startswith("scare-it simulate: ")


def test_simulate_never_imports_pygame():
    code = (
        "import sys\n"
        "from game.simulate import main\n"
        "assert main(['--seats', 'easy,normal', '--games', '1']) == 0\n"
        "assert 'pygame' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_cli_runs_simulate(capsys):
    from game.cli import main as cli_main

    assert cli_main(["simulate", "--seats", "easy,normal", "--games", "2"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("Standard, 2 seats, 2 games")
    assert cli_main(["simulate", "--seats", "easy"]) == 2
    _, err = capsys.readouterr()
    assert len(err.splitlines()) == 1


def _sampler_module():
    return load_tool("sampler_bot")


def test_the_sampling_benchmark_bot_plays_through_simulate():
    sampler = _sampler_module()

    def factory(level):
        return sampler.SamplerBot(8) if level == "sampler" else make_bot(level, nodes=10)

    for mode, levels in [(Mode.STANDARD, ["expert", "sampler", "sampler", "sampler"]),
                         (Mode.TEAMS, ["sampler", "normal", "sampler", "normal"]),
                         (Mode.ALL_INCLUDED, ["sampler"] * 5)]:
        out = play_games(mode, levels, 2, seed=4, factory=factory)
        assert sum(t.wins for t in out.seats) == pytest.approx(2) or mode is Mode.TEAMS
        again = play_games(mode, levels, 2, seed=4, factory=factory)
        assert [t.points for t in out.seats] == [t.points for t in again.seats]


def test_the_sampling_bot_takes_a_winning_end():
    # Column a holds one elephant; moving it in on the blue dog empties column a with seat 0
    # (yellow, elephant) far ahead whatever the other seat holds.
    sampler = _sampler_module()
    position = parse_position(".. YE YE/.. YE YE/PE BD YE")
    state = new_game(Mode.STANDARD, ["Ann", "Bob"], 1, first_player=0, position=position)
    tasks = [(Animal.ELEPHANT, Colour.YELLOW), (Animal.DOG, Colour.BLUE)]
    players = tuple(replace(p, tasks=t) for p, t in zip(state.players, tasks, strict=True))
    state = replace(state, players=players, seed=None)
    for seed in range(3):
        after, _ = apply(state, sampler.SamplerBot().choose(view_for(state, 0), Rng(seed)))
        assert after.over
