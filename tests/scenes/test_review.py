"""The review screen: reached from Replays and from the end of a couch game, judged in the
background (a progress bar, cancellable), kept beside the replay, the chart clickable."""

from __future__ import annotations

import time
from dataclasses import replace

import pygame
import pytest

from game.engine import Mode, new_game
from game.engine.rng import Rng
from game.match import analysis, review_words
from game.match.controller import Match
from game.match.loading import keep_game, keep_replay, replays
from game.match.review_file import path_for
from game.paths import LOG, pref_dir
from game.scenes.records import review as review_scene
from game.ui import win_chart
from tests.scenes.drive import click, key, name, new_app, pad, past_the_guard, pump


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    monkeypatch.setattr(review_scene, "PROCESS", False)
    monkeypatch.setattr(review_scene, "NODES", 400)
    analysis.forget()
    app = new_app("mouse")
    yield app
    analysis.forget()
    pygame.quit()


def finished_match(seed, players=3):
    state = new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo", "Dan"][:players], seed, 0,
                     [None] * players)
    match = Match(state, undo=False)
    rng = Rng(seed)
    while not match.over:
        match.play(rng.choice(match.state.legal_moves()))
    return match


def button(app, text):
    return next(e for e in app.stack.top.elements if e.text == text)


def press(app, text):
    click(app, button(app, text).rect.center)


def judged(app, seconds=120.0):
    scene = app.stack.top
    end = time.monotonic() + seconds
    while scene.review is None and time.monotonic() < end:
        pump(app, 1)
    assert scene.review is not None
    return scene


def test_a_kept_game_is_reviewed_from_replays_and_kept_beside_it(app):
    match = finished_match(3)
    keep_replay(match.record_text())
    kept = replays()[0]
    app.go_to_menu()
    from game.scenes.records.replays import ReplaysScene
    app.push(ReplaysScene(app))
    pump(app)
    press(app, "Review")
    assert name(app) == "ReviewScene"
    scene = judged(app)
    assert path_for(kept).exists()
    assert [t.move for t in scene.review.turns] == list(match.moves)
    for turn in scene.review.turns:  # one chance a seat, summing to 1, at every move
        assert sum(turn.after) == pytest.approx(1.0)
    press(app, "Back")
    analysis.forget()  # not from memory: from the file beside the replay
    press(app, "Review")
    again = app.stack.top
    assert again.job is None and again.review == scene.review


def test_the_end_of_a_couch_game_offers_its_review(app):
    from game.scenes.table.scoring import ScoringScene
    match = finished_match(5, players=4)
    app.stack.clear(ScoringScene(app, match.state, lambda s: None, record=match.record()))
    past_the_guard(app)  # the scores wait for a choice made on them
    press(app, "Review the game")
    scene = judged(app)
    assert len(scene.series()) == 4 and scene.review.turning_point is not None
    assert scene.selected == scene.review.turning_point.number  # it opens where it turned
    assert "turning point" in scene.lines()[0]


def test_clicking_the_chart_shows_the_field_after_that_move(app):
    from game.scenes.table.scoring import ScoringScene
    match = finished_match(7)
    app.stack.clear(ScoringScene(app, match.state, lambda s: None, record=match.record()))
    past_the_guard(app)  # the scores wait for a choice made on them
    press(app, "Review the game")
    scene = judged(app)
    count = len(match.moves) + 1
    x = win_chart.points(review_scene.CHART, count)[2]
    click(app, (x, review_scene.CHART.centery))
    assert scene.selected == 2
    assert scene.states[2].position == match.states[2].position
    assert "Move 2" in scene.lines()[0]


def test_cancelling_stops_the_judging(app, monkeypatch):
    monkeypatch.setattr(review_scene, "NODES", 5_000_000)
    monkeypatch.setattr(review_scene, "PROCESS", True)  # a process ends at once, mid-field
    from game.scenes.table.scoring import ScoringScene
    match = finished_match(9, players=4)
    app.stack.clear(ScoringScene(app, match.state, lambda s: None, record=match.record()))
    past_the_guard(app)  # the scores wait for a choice made on them
    press(app, "Review the game")
    scene = app.stack.top
    assert scene.review is None and scene.job.progress < 1.0
    press(app, "Cancel")
    assert name(app) == "ScoringScene"
    assert scene.job.stopped and scene.review is None  # the worker is ended, not searching


def ended(app, seed, players=3):
    """A couch game just finished: kept among the replays as the session keeps it at its last
    move (dated), then its end screen with the record the session hands it (no date yet)."""
    from game.scenes.table.scoring import ScoringScene
    match = finished_match(seed, players)
    keep_game(replace(match.record(), date="2026-12-01"), match.state)
    app.stack.clear(ScoringScene(app, match.state, lambda s: None, record=match.record()))
    past_the_guard(app)  # the scores wait for a choice made on them
    return match, replays()[0]


def review_from_replays(app):
    from game.scenes.records.replays import ReplaysScene
    app.go_to_menu()
    app.push(ReplaysScene(app))
    pump(app)
    press(app, "Review")
    return app.stack.top


def test_the_end_screens_review_is_kept_beside_the_replay_and_opens_at_once_from_replays(app):
    _match, kept = ended(app, 11)
    press(app, "Review the game")
    scene = judged(app)
    assert path_for(kept).exists()
    analysis.forget()  # not from memory: from the file beside the replay
    again = review_from_replays(app)
    assert again.job is None and again.review == scene.review


@pytest.mark.parametrize("damage", [b"{", b"\xff\xfe\x00", b"[]"])
def test_a_damaged_review_beside_the_replay_is_made_again_with_a_note(app, damage):
    match, kept = ended(app, 12)
    path_for(kept).write_bytes(damage)
    press(app, "Review the game")
    scene = judged(app)  # made again, no traceback
    assert [t.move for t in scene.review.turns] == list(match.moves)
    log = (pref_dir() / LOG).read_text(encoding="utf-8")
    assert path_for(kept).name in log  # the note names the file it did not use
    analysis.forget()
    assert review_from_replays(app).job is None  # and the file is good again


def test_the_view_button_switches_between_all_cards_known_and_the_movers_own(app):
    match, _kept = ended(app, 13)
    press(app, "Review the game")
    scene = judged(app)
    assert scene.lines()[-1].startswith("Judged with all cards known")
    mover = next(t for t in scene.review.turns if not t.forced)
    assert mover.belief is not None  # the mover's view is judged too
    scene.select(mover.number)
    press(app, "View: all cards known")
    assert scene.view == "mover" and scene.lines()[-1].startswith("Judged from what the mover")
    assert scene.lines()[2:-1] == review_words.mover_words(scene.states, mover,
                                                           scene.names[mover.seat], False)
    press(app, "View: what the mover knew")
    assert scene.view == "known"
    key(app, pygame.K_RETURN)  # the focus stays on it: the keyboard switches it too
    assert scene.view == "mover"
    pad(app, pygame.CONTROLLER_BUTTON_A)  # and the gamepad
    assert scene.view == "known"
