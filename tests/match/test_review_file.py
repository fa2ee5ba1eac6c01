"""A review kept beside its replay reads back as it was made; a file for another record or
budget, or a damaged one, is not used (the review is made again), never a traceback."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.ai.review import review
from game.engine.modes import Mode
from game.match import review_file
from game.match.record import record_of
from tests.match.helpers import dealt, random_line


@pytest.fixture
def made(tmp_path):
    start = dealt(Mode.STANDARD, 3, 4)
    moves, _ = random_line(start, 4)
    record = record_of(start, moves)
    return tmp_path / "game.review", record, review(start, moves, 300, beliefs=True)


def test_a_kept_review_reads_back_as_made(made):
    path, record, judged = made
    assert review_file.write(path, record, judged, 300)
    assert review_file.read(path, record, 300) == judged


def test_another_budget_or_record_is_made_again(made):
    path, record, judged = made
    review_file.write(path, record, judged, 300)
    assert review_file.read(path, record, 301) is None
    other = record_of(dealt(Mode.STANDARD, 3, 5), ())
    assert review_file.read(path, other, 300) is None


@pytest.mark.parametrize("damage", [b"", b"{", b"\xff\xfe", b"[]", b'{"version": 1}',
                                    b'{"version": 1, "key": 5, "review": {}}'])
def test_a_damaged_file_is_made_again(made, damage):
    path, record, _judged = made
    path.write_bytes(damage)
    assert review_file.read(path, record, 300) is None


def test_a_key_right_but_a_body_wrong_is_made_again(made):
    path, record, judged = made
    review_file.write(path, record, judged, 300)
    path.write_text(path.read_text().replace('"turns": [', '"turns": [7, '))
    assert review_file.read(path, record, 300) is None


def test_a_file_that_cannot_be_written_says_so(made, tmp_path):
    _path, record, judged = made
    assert not review_file.write(tmp_path / "missing" / "game.review", record, judged, 300)


def test_the_same_game_dated_or_not_shares_its_review(made):
    # The end screen's record has no date yet; the replay kept of the same game has one.
    path, record, judged = made
    review_file.write(path, record, judged, 300, beliefs=True)
    assert review_file.read(path, replace(record, date="2026-12-01"), 300, beliefs=True) == judged
    assert review_file.read(path, record, 300) is None  # made without the mover's view: again
