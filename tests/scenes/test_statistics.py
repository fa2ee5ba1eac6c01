"""Statistics, driven by posted events: from the title, what games record, reset with confirm,
and Copy result on the daily and seeded results (the clipboard through its seam)."""

from __future__ import annotations

import json
import os
from datetime import date

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import Mode, apply, new_game  # noqa: E402
from tests.scenes.drive import click, key, name, pad, past_the_guard, pump  # noqa: E402


@pytest.fixture
def app(menu_app):
    return menu_app


def element(app, object_id: str):
    return next(e for e in app.stack.top.elements if f"#{object_id}" in e.object_ids)


def finished(state):
    while not state.over:
        state, _ = apply(state, state.legal_moves()[0])
    return state


def saved(app) -> dict:
    return json.loads((app.prefs / "statistics.json").read_text())


def test_the_title_opens_statistics_by_keyboard_and_back_by_pad(app):
    for _ in range(3):  # New game, Solo, Replays, then Statistics beside it
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert name(app) == "StatisticsScene"
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert name(app) == "TitleScene"
    assert app.errors == 0


def test_finished_games_are_counted_and_reset_asks_first(app):
    from game.match.record import record_of
    from game.scenes.records.statistics import StatisticsScene
    start = new_game(Mode.SOLO, ["You"], 11, 0, [None])
    end = finished(start)
    profile = app.profile()
    profile.finish(record_of(start, end.moves, daily=date.today().isoformat(), game="a"), end)
    couch_start = new_game(Mode.STANDARD, ["Anna", "Ben"], 5, 0, [None, "easy"])
    couch = finished(couch_start)
    for _ in range(2):  # the same game read back twice is counted once
        profile.finish(record_of(couch_start, couch.moves, game="b"), couch)
    pump(app)
    data = saved(app)
    assert data["solo"]["games"] == 1 and date.today().isoformat() in data["daily"]
    assert data["modes"]["standard"]["played"] == 1
    assert data["modes"]["standard"]["against"]["easy"][0] == 1
    app.go_to_menu()
    app.push(StatisticsScene(app))
    pump(app)
    assert app.stack.top.stats.streaks(date.today())[0] == 1
    click(app, element(app, "reset").rect.center)
    assert name(app) == "ResetScene"
    key(app, pygame.K_RETURN)  # "Keep them" has the focus: nothing is lost
    assert name(app) == "StatisticsScene" and saved(app)["solo"]["games"] == 1
    click(app, element(app, "reset").rect.center)
    click(app, element(app, "yes").rect.center)
    assert name(app) == "StatisticsScene"
    assert saved(app)["solo"]["games"] == 0 and saved(app)["daily"] == {}
    assert app.errors == 0


def test_a_damaged_statistics_file_is_kept_aside_and_said(app):
    from game.scenes.records.statistics import StatisticsScene
    (app.prefs / "statistics.json").write_text("{broken")
    app.push(StatisticsScene(app))
    pump(app, 3)
    assert name(app) == "MessageScene"
    assert "statistics.json.corrupt-" in app.stack.top.message
    assert list(app.prefs.glob("statistics.json.corrupt-*"))
    assert app.errors == 0


@pytest.mark.parametrize("works", [True, False])
def test_copy_result_puts_one_line_on_the_clipboard_or_shows_it(app, monkeypatch, works):
    from game.scenes.solo.classic_result import show_result
    from game.ui import clipboard
    got = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: got.append(text) or works)
    start = new_game(Mode.SOLO, ["You"], 4242, 0, [None])
    show_result(app, finished(start), start)
    past_the_guard(app)
    pump(app)
    click(app, element(app, "copy_result").rect.center)
    (line,) = got
    assert "4242" in line and "left" in line and "\n" not in line
    note = app.stack.top.copier.note
    assert ("Copied" in note) == works and "4242" in note
    assert app.errors == 0
