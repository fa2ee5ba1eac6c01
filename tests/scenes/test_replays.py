"""Replays: finished games are kept; the Replays screen lists them and plays one back."""

import pygame
import pytest

from game.controls import Device
from game.engine import Mode, new_game
from game.engine.rng import Rng
from game.match.controller import Match
from game.match.loading import keep_replay, replays
from game.scenes.table.replay import ReplayTable
from tests.scenes import drive
from tests.scenes.drive import is_table, name, new_app, post, pump


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    app = new_app("keyboard")
    yield app
    pygame.quit()


def key(app, k, ticks=2):
    drive.key(app, k)
    pump(app, ticks - 2)


def finished_match(seed):
    state = new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], seed, 0, [None, None, None])
    match = Match(state, undo=False)
    rng = Rng(seed)
    while not match.over:
        match.play(rng.choice(match.state.legal_moves()))
    return match


def test_the_replays_screen_plays_a_kept_game_back(app, tmp_path):
    match = finished_match(3)
    keep_replay(match.record_text())
    (tmp_path / "replays" / "broken.txt").write_text("mode: chess\n", encoding="utf-8")
    app.go_to_menu()
    pump(app, 2)
    replays_button = next(e for e in app.stack.top.elements if e.text == "Replays")
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=replays_button.rect.center)
    post(pygame.MOUSEBUTTONUP, button=1, pos=replays_button.rect.center)
    pump(app, 3)
    assert name(app) == "ReplaysScene"
    listing = [e for e in app.stack.top.elements if e.text.startswith("20")]
    assert len(listing) == 2
    assert sum(not e.is_enabled for e in listing) == 1  # the damaged one says so
    assert any("damaged record" in e.text for e in listing)
    good = next(e for e in listing if e.is_enabled)
    assert "Standard, 3 players" in good.text
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=good.rect.center)
    post(pygame.MOUSEBUTTONUP, button=1, pos=good.rect.center)
    pump(app, 3)
    scene = app.stack.top
    assert is_table(app, ReplayTable) and scene.session.ply == 0
    assert scene.state.players == match.start.players  # the task cards are shown
    key(app, pygame.K_SPACE)  # pause
    assert scene.kind.paused
    pump(app, 200)
    assert scene.session.ply == 0  # paused: nothing moves
    key(app, pygame.K_RIGHT, 20)
    key(app, pygame.K_RIGHT, 20)
    assert scene.session.ply == 2
    key(app, pygame.K_LEFT, 5)
    assert scene.session.ply == 1
    assert scene.state == match.states[1]
    key(app, pygame.K_PLUS)
    assert scene.kind.speed() == 2.0
    key(app, pygame.K_PLUS)  # the fastest: the rest of the game in fewer frames
    assert scene.kind.speed() == 4.0
    key(app, pygame.K_SPACE)  # play on to the end
    assert not scene.kind.paused
    for _ in range(4000):
        pump(app, 1)
        if scene.state.over and scene.director is None:
            break
    assert scene.state == match.state
    assert is_table(app, ReplayTable)  # the last field stays
    key(app, pygame.K_ESCAPE)
    assert name(app) == "ReplaysScene"


def test_only_the_last_twenty_games_are_kept(app):
    for seed in range(23):
        assert keep_replay(finished_match(seed).record_text()) is None
    assert len(replays()) == 20


def test_the_pause_menu_says_the_moves_so_far(app):
    from game.scenes.table.play import table_scene

    app.input.device = Device.MOUSE
    state = new_game(Mode.STANDARD, ["Anna", "Robo"], 3, 0, [None, "easy"])
    scene = table_scene(app, state, keep=False)
    app.stack.clear(scene)
    pump(app, 2)
    while app.stack.top is not scene:
        key(app, pygame.K_RETURN)
    move = next(m for m in scene.state.legal_moves() if not m.move_in)
    scene.play(move)
    for _ in range(600):
        pump(app, 1)
        scene.session.match.ready(5)
        if len(scene.state.moves) == 2 and scene.director is None:
            break
    key(app, pygame.K_ESCAPE)
    assert name(app) == "PauseScene"
    button = next(e for e in app.stack.top.elements if e.text == "Moves so far")
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)
    post(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center)
    pump(app, 3)
    assert name(app) == "MovesScene"
    assert len(app.stack.top.moves) == 2
    assert app.stack.top.moves[0].startswith("Anna: ") and app.stack.top.moves[1].startswith("Robo: ")
