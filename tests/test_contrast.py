"""High contrast reaches the menus' pygame-gui theme, the drawn buttons and quiet words."""

from __future__ import annotations

import pygame
import pytest

from game.paths import ASSETS
from game.ui.contrast import (
    BLACK,
    FOCUS,
    FOCUS_EDGE,
    OFF_ON_DARK,
    OFF_ON_LIGHT,
    WHITE,
    high_contrast,
    ratio,
)
from game.ui.theme import load_theme


def test_every_widget_of_the_theme_has_words_of_at_least_7_to_1_on_its_ground():
    theme = high_contrast(load_theme(ASSETS / "theme.json"))
    checked = 0
    for name, block in theme.items():
        colours = block.get("colours", {}) if isinstance(block, dict) else {}
        for key, value in colours.items():
            if len(value) == 7 and "shadow" not in key:  # a shadow is no word or ground
                assert value in (BLACK, WHITE, FOCUS, FOCUS_EDGE, OFF_ON_LIGHT, OFF_ON_DARK), \
                    (name, key, value)
        for state in ("normal", "hovered", "selected", "active", "disabled"):
            ground = colours.get(f"{state}_bg") or colours.get("dark_bg")
            words = colours.get(f"{state}_text")
            if ground and words and len(ground) == 7:
                assert ratio(ground, words) >= 7, (name, state, ground, words)
                checked += 1
        misc = block.get("misc", {}) if isinstance(block, dict) else {}
        if "border_width" in misc:
            assert int(misc["border_width"]) >= 4, name
    assert checked >= 10


def test_the_original_theme_is_left_as_it_was():
    theme = load_theme(ASSETS / "theme.json")
    before = repr(theme)
    high_contrast(theme)
    assert repr(theme) == before


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    from tests.scenes.drive import new_app
    yield new_app("keyboard")
    from tests.scenes.drive import end_started
    end_started()


def test_switching_high_contrast_on_repaints_the_menus_buttons_and_quiet_words(app):
    from game.render import fit
    from game.render.palette import CREAM, MUTED
    from game.scenes.settings.access import AccessScene
    from tests.scenes.drive import pump

    app.stack.clear(AccessScene(app))
    pump(app, 2)
    plain = [e.colours["normal_bg"] for e in app.stack.top.elements if hasattr(e, "colours")]
    assert plain and pygame.Color(WHITE) not in plain
    app.settings.high_contrast = True
    app.apply_looks()
    pump(app, 2)
    now = [e.colours["normal_bg"] for e in app.stack.top.elements
           if hasattr(e, "colours") and "normal_bg" in e.colours]
    assert now and all(c in (pygame.Color(WHITE), pygame.Color(FOCUS)) for c in now)
    surf = fit.label(app.assets, "human", 22, MUTED)
    face = app.assets.font(22).render("human", True, CREAM)
    assert pygame.image.tobytes(surf, "RGBA") == pygame.image.tobytes(face, "RGBA")
