"""Issue 44: a solo result's frame fits the cards left, not the rows the field had."""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.modes import Mode  # noqa: E402
from game.engine.position import Position  # noqa: E402
from game.engine.state import new_game  # noqa: E402
from game.scenes.solo.level_result import LevelResultScene  # noqa: E402
from game.scenes.solo.solo_result import SoloResultScene  # noqa: E402
from tests.scenes.drive import new_app  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    return new_app("mouse")


def two_cards_left():
    """A finished deal: two cards side by side on a field drawn four rows high."""
    state = new_game(Mode.SOLO, ["Anna"], 16, 0, [None])
    first, second = state.position.cards()[:2]
    return replace(state, position=Position(((first,), (second,)), 4))


def assert_fits(layout, position) -> None:
    cards = [layout.card_rect((x, y)) for x, y, _card in position.occupied()]
    held = cards[0].unionall(cards[1:])
    assert layout.rect == held, (layout.rect, held)  # no empty rows above the cards


def test_the_solo_result_frames_just_the_cards_left(app):
    state = two_cards_left()
    scene = SoloResultScene(app, state, None, lambda s: None)
    app.stack.clear(scene)
    app.frame(1)
    assert_fits(scene.field.layout, state.position)
    scene.exit()


def test_the_level_result_frames_just_the_cards_left(app):
    level = app.files.campaign().levels[0]
    state = two_cards_left()
    scene = LevelResultScene(app, level, state, play=lambda *a, **k: None)
    app.stack.clear(scene)
    app.frame(1)
    assert_fits(scene.field.layout, state.position)
    pygame.event.clear()
