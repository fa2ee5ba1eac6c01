"""The analysis in the background: the same answer as in the foreground, from a process or a
thread, its progress on the way, a refusal in words, and cancelling stops it."""

from __future__ import annotations

import pytest

from game.engine.modes import Mode
from game.match import analysis
from game.match.analyser import Analyser, Job
from game.match.record import record_of, write_record
from tests.match.helpers import dealt, random_line


@pytest.fixture(autouse=True)
def _fresh_cache():
    analysis.forget()
    yield
    analysis.forget()


def text_of(mode: Mode, players: int, seed: int, limit=None) -> str:
    start = dealt(mode, players, seed)
    moves, _ = random_line(start, seed, limit)
    return write_record(record_of(start, moves))


@pytest.mark.parametrize("process", [True, False], ids=["process", "thread"])
def test_the_background_answer_is_the_foregrounds(process):
    text = text_of(Mode.SOLO, 1, 5)
    job = Analyser(Job(text, 20_000), process=process)
    assert job.wait(120)
    assert job.refused is None and job.progress == 1.0
    analysis.forget()
    here = analysis.analyse(text, 20_000)
    assert job.result.solo == here.solo and job.result.solo.best.proven
    assert write_record(job.result.record) == write_record(here.record)


def test_a_made_analysis_is_kept_for_the_next_screen():
    text = text_of(Mode.STANDARD, 2, 3)
    job = Analyser(Job(text, 300), process=False)
    assert job.wait(120)
    again = Analyser(Job(text, 300))
    assert again.finished and again.result is job.result


@pytest.mark.parametrize("process", [True, False], ids=["process", "thread"])
def test_a_game_still_going_is_refused_in_words(process):
    text = text_of(Mode.STANDARD, 2, 3, limit=2)
    job = Analyser(Job(text, 300), process=process)
    assert job.wait(120)
    assert job.result is None and "finished" in job.refused


def test_cancelling_stops_it_and_keeps_nothing():
    text = text_of(Mode.STANDARD, 4, 8)
    seen = []
    job = Analyser(Job(text, 2_000_000), process=False)
    assert not job.stopped
    job.cancel()
    assert job.stopped
    seen.append(job.finished)
    assert not job.wait(0.5)
    assert job.result is None and analysis.cached(text, 2_000_000) is None
    assert seen == [False]
