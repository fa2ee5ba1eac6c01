"""A solo deal's result proves the deal's best in the background (the screen keeps drawing),
then Show a solution plays a line to it and Where did it slip? plays the line that kept it
from the field before the slip; both come back to the result."""

from __future__ import annotations

import time

import pytest

from game.engine.modes import Mode
from game.engine.solver import solve
from game.engine.state import apply, new_game
from game.match import analysis
from game.scenes.solo import answer_box as solo_answer_box
from game.scenes.solo.solution_table import SolutionTable
from tests.scenes.drive import is_table, name, pump


@pytest.fixture
def app(menu_app, monkeypatch):
    monkeypatch.setattr(solo_answer_box, "PROCESS", False)  # a thread: no process per test
    monkeypatch.setattr(menu_app.settings, "computer_pace", 0.05)
    analysis.forget()
    yield menu_app
    analysis.forget()


def pump_until(app, test, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not test() and time.monotonic() < end:
        pump(app, 1)
    assert test(), f"gave up waiting; on screen: {name(app)}"


def played(mode: Mode, seed: int):
    """A deal played by its first legal move every time (a poor line: it slips)."""
    start = new_game(mode, ["You"], seed, 0, [None])
    state = start
    while not state.over:
        state, _ = apply(state, state.legal_moves()[0])
    return start, state


def result_screen(app, mode=Mode.SOLO, seed=2018):
    from game.scenes.solo.classic_result import show_result
    start, end = played(mode, seed)
    show_result(app, end, start)
    pump(app)
    return app.stack.top, start, end


def test_the_best_is_the_solvers_and_its_buttons_wait_for_it(app):
    screen, start, end = result_screen(app)
    box = screen.answer
    if not box.job.finished:  # searching: the buttons it enables are greyed meanwhile
        assert not box.solution.is_enabled
    pump_until(app, lambda: box.job.finished)
    pump(app)
    assert box.answer.best.count == solve(start.position).count
    assert box.solution.is_enabled and box.slip.is_enabled


def test_show_a_solution_plays_to_the_best_and_comes_back(app):
    screen, start, _end = result_screen(app)
    pump_until(app, lambda: screen.answer.job.finished)
    pump(app)
    screen.answer.show_solution()
    table = app.stack.top
    assert is_table(app, SolutionTable) and app.stack.top.kind.level is None
    pump_until(app, lambda: app.stack.top is screen)
    assert table.state.moves == screen.answer.answer.solution
    assert table.state.position.card_count() == solve(start.position).count


@pytest.mark.parametrize("mode", [m for m in Mode if m.solo], ids=lambda m: m.value)
def test_where_did_it_slip_plays_the_line_that_kept_the_best(app, mode):
    screen, start, end = result_screen(app, mode, 2018)
    pump_until(app, lambda: screen.answer.job.finished)
    pump(app)
    slip = screen.answer.answer.slip
    assert slip is not None
    before = start
    for move in end.moves[:slip.number - 1]:
        before = apply(before, move)[0]
    after = apply(before, end.moves[slip.number - 1])[0]
    kept = solve(before.position, start.target).count
    worse = solve(after.position, start.target).count
    assert worse is None or worse > kept  # the move named truly made the best worse
    screen.answer.show_slip()
    table = app.stack.top
    assert table.session.start == before and table.kind.line[0] == slip.kept
    pump_until(app, lambda: app.stack.top is screen)
    assert table.state.position.card_count() == kept


def test_a_hint_in_a_random_deal_is_counted_kept_and_shared(app):
    import pygame

    from game.match.session import Phase
    from game.scenes.solo.classic_result import play_solo
    from tests.scenes.drive import key
    start = new_game(Mode.SOLO, ["You"], 31, 0, [None])
    play_solo(app, start)
    pump(app)
    table = app.stack.top
    assert table.buttons["hint"].visible
    key(app, pygame.K_h)
    assert table.session.hints_used == 1 and table.pick.hint_move in table.state.legal_moves()
    table.play(table.pick.hint_move)
    while not table.state.over:
        pump(app, 1)
        if table.phase is Phase.TURN:
            table.play(table.state.legal_moves()[0])
    pump_until(app, lambda: name(app) == "ClassicResultScene")
    screen = app.stack.top
    pump_until(app, lambda: screen.answer.job.finished)
    pump(app)
    entry = app.profile().statistics.recent[-1]
    assert entry["hints"] == 1 and entry["best"] == solve(start.position).count
    assert screen.copier is not None and "1 hint" in screen.copier.line()
