"""The second playtest (issue 20), each item driven by posted events on a headless app."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.drive import click, key, name, pad, pump


@pytest.fixture
def app(module_app, tmp_path, monkeypatch):
    application = module_app[0]
    prefs = tmp_path / "prefs"
    prefs.mkdir()
    monkeypatch.setenv("SCARE_IT_PREFS", str(prefs))
    application.prefs = prefs
    application.progress = application.campaign = application.statistics = None
    application.setup_memory = None
    application.settings.animation_speed = 25.0
    application.running = True
    application.go_to_menu()
    pump(application)
    return application


def wheel(app, pos, y) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    pump(app)


def selectors(scene):
    """Every selector on a menu scene, with a way to read its value back."""
    return list(scene.selectors)


# -- 2: selectors go back on the left half, forward on the right -------------------------------

def _setup(app):
    from game.scenes.setup import SetupScene
    app.push(SetupScene(app))
    pump(app)
    return app.stack.top


def _settings(app):
    from game.scenes.settings_scene import SettingsScene
    app.push(SettingsScene(app))
    pump(app)
    return app.stack.top


@pytest.mark.parametrize("opener", [_setup, _settings])
def test_every_selector_goes_both_ways_by_halves_right_click_wheel_and_keys(app, opener):
    scene = opener(app)
    assert scene.selectors, "a menu with no selector"
    for index in range(len(scene.selectors)):
        element = list(scene.selectors)[index]
        start = element.text
        rect = element.rect
        click(app, (rect.right - 20, rect.centery))  # the right half: forward
        element = list(scene.selectors)[index]  # a selector may rebuild the whole menu
        forward = element.text
        assert forward != start, f"{start!r}: the right half did nothing"
        click(app, (rect.x + 20, rect.centery))  # the left half: back
        element = list(scene.selectors)[index]
        assert element.text == start, f"{start!r}: the left half did not go back"
        click(app, rect.center, button=3)  # right click: back
        element = list(scene.selectors)[index]
        back = element.text
        assert back != start
        wheel(app, rect.center, 1)  # the wheel, up: forward again
        element = list(scene.selectors)[index]
        assert element.text == start
        wheel(app, rect.center, -1)
        assert list(scene.selectors)[index].text == back
        wheel(app, rect.center, 1)
        scene.ring.focus(list(scene.selectors)[index])
        key(app, pygame.K_RIGHT)
        assert list(scene.selectors)[index].text == forward
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        assert list(scene.selectors)[index].text == start
        if opener is _settings and index == 0:  # the language: back to English for the rest
            assert app.settings.language == "en"
    assert app.errors == 0


def test_human_or_computer_has_arrows(app):
    scene = _setup(app)
    for button in scene.kind_buttons:
        assert button.text.startswith("\u2039") and button.text.endswith("\u203a")
        rect = button.rect
        click(app, (rect.right - 10, rect.centery))
    assert all(k is not None for k in app.setup_memory["kinds"][:scene.count])
    assert all("\u2039" in b.text for b in app.stack.top.kind_buttons)
