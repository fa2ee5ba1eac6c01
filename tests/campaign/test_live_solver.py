"""The editor's live solver: answers the newest field, proves it, works as process or thread;
the new campaign modules never load pygame."""

import subprocess
import sys
from pathlib import Path

import pytest

from game.campaign.live_solver import LiveSolver, slices
from game.campaign.puzzles import parse_code
from game.engine import solver

EASY = parse_code("YCPE/PMBD@YC")
DEAD = parse_code("YEYE/PEPE")  # no scare at all: the 4 cards stay


@pytest.mark.parametrize("process", [True, False])
def test_the_newest_field_is_answered_and_proven(process):
    worker = LiveSolver(process=process)
    try:
        worker.ask(DEAD.position)
        ticket = worker.ask(EASY.position, EASY.target)
        answer = worker.wait(30)
        assert answer.ticket == ticket and answer.proven and not answer.searching
        assert answer.count == solver.solve(EASY.position, EASY.target).count
        assert worker.mode == ("process" if process else "thread")
        worker.cancel()
        assert not worker.answer().searching
        worker.ask(DEAD.position)
        assert worker.wait(30).count == 4
    finally:
        worker.close()


def test_slices_keep_the_best_line_and_end_proven():
    steps = list(slices(EASY.position, EASY.target, 0.001, 0.01))
    counts = [count for count, *_ in steps if count is not None]
    assert steps[-1][1] is True
    assert counts == sorted(counts, reverse=True)  # never worse than before


def test_the_campaign_modules_never_load_pygame():
    check = ("import sys, game.campaign.stats, game.campaign.puzzles, game.campaign.live_solver\n"
             "print(','.join(m for m in sys.modules if m.split('.')[0] in ('pygame', "
             "'pygame_gui')))")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
