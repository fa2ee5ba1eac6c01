"""The match each kind of table plays: who may take a move back, and where a kept game opens."""

from __future__ import annotations

import pytest

from game.engine.modes import Mode
from game.match.record import record_of
from game.match.seats import HumanSeat
from game.match.tables import (
    lesson_match,
    level_match,
    line_match,
    replay_match,
    resumed_match,
    show_match,
    solo_match,
)
from tests.match.helpers import dealt, random_line


def kept(mode: Mode, players: int, moves: int, **options):
    start = dealt(mode, players, 11)
    line, _end = random_line(start, 3, moves)
    return record_of(start, line, **options), line


@pytest.mark.parametrize("mode", list(Mode))
def test_a_kept_game_opens_where_it_was_left_with_undo_only_for_a_puzzle(mode):
    record, line = kept(mode, mode.player_counts[0], 4)
    match = resumed_match(record)
    assert match.state == record.replay()[-1][0] and match.resumed
    assert match.undo_allowed is mode.solo  # a couch game plays fair


def test_a_kept_level_opens_with_its_par_and_its_level():
    solo = next(m for m in Mode if m.solo)
    record, _line = kept(solo, 1, 3, level="cat-and-mouse")
    match = resumed_match(record, par=4)
    assert (match.level, match.par, match.undo_allowed) == ("cat-and-mouse", 4, True)


@pytest.mark.parametrize("mode", list(Mode))
def test_a_replay_starts_at_the_start_with_every_move_to_come(mode):
    record, line = kept(mode, mode.player_counts[-1], 6)
    match = replay_match(record)
    assert match.index == 0 and match.state == record.replay()[0][0]
    assert len(match.states) == len(line) + 1 and match.line == tuple(line)


def test_lines_lessons_and_shows_take_nothing_back_and_a_puzzle_does():
    solo = next(m for m in Mode if m.solo)
    start = dealt(solo, 1, 5)
    line, _end = random_line(start, 1, 5)
    couch = dealt(Mode.STANDARD, 2, 5)
    coach = HumanSeat()
    lesson = lesson_match(couch, coach)
    assert lesson.seats[1] is coach and isinstance(lesson.seats[0], HumanSeat)
    for match in (line_match(start, line), lesson, show_match(start, line, 0.1),
                  show_match(couch, None, 0.1)):
        assert not match.undo_allowed
    assert line_match(start, line).line == tuple(line)
    assert solo_match(start, "2026-12-02").undo_allowed
    assert solo_match(start, "2026-12-02").daily == "2026-12-02"
    level = level_match(start, "cat-and-mouse", 3, line)
    assert (level.level, level.par, level.line, level.undo_allowed) == \
        ("cat-and-mouse", 3, tuple(line), True)
