"""Settings -> Accessibility takes effect at once on every screen in the stack: after a change
of text size or high contrast and Back, the screens beneath (the title) are built anew in the
new looks, their words whole (issue 50, finding 7)."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame_gui
import pytest

from tests.scenes.drive import press, pump, step_selector

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import text_audit  # noqa: E402


@pytest.fixture
def title(app):
    app.settings.lesson_offered = True  # no first-start offer over the title
    app.go_to_menu()
    pump(app)
    return app


def _stale(app) -> list[str]:
    """Every button of every screen in the stack, covered ones too: words wider than their
    room, or colours other than the theme gives such a button now."""
    theme = app.ui.get_theme()
    found = []
    for scene in app.stack.scenes:
        for element in getattr(scene, "elements", ()):
            if not isinstance(element, pygame_gui.elements.UIButton):
                continue
            where = f"{type(scene).__name__} {element.text!r}"
            if element.font.size(element.text)[0] > element.rect.width - 24:
                found.append(f"{where} is cut")
            for name in ("normal_bg", "normal_text", "normal_border"):
                now = theme.get_colour_or_gradient(name, element.combined_element_ids)
                if element.colours[name] != now:
                    found.append(f"{where} {name} {element.colours[name]} is not {now}")
    return found


def test_text_size_and_high_contrast_reach_every_screen_beneath_settings(title):
    app = title
    press(app, "settings")
    press(app, "accessibility")
    for _ in range(3):  # 100 % -> 125 % -> 150 % -> 200 %
        step_selector(app, "text_size")
    press(app, "high_contrast")
    assert (app.settings.text_size, app.settings.high_contrast) == (2.0, True)
    assert _stale(app) == []
    app.stack.top.back()
    pump(app)
    app.stack.top.back()
    pump(app)
    assert type(app.stack.top).__name__ == "TitleScene"
    assert _stale(app) == []
    assert text_audit.widget_problems(app.ui) == []
    # and back again: 100 %, plain colours
    press(app, "settings")
    press(app, "accessibility")
    step_selector(app, "text_size")
    press(app, "high_contrast")
    assert (app.settings.text_size, app.settings.high_contrast) == (1.0, False)
    app.stack.top.back()
    pump(app)
    app.stack.top.back()
    pump(app)
    assert _stale(app) == []
    assert text_audit.widget_problems(app.ui) == []
