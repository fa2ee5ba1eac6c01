"""Settings -> Text size reaches the menus' pygame-gui widgets: each button's words grow with it,
as large as its room allows and never under their 100 % size, whole, in every language; words
a scene sets later (a switch's On / Off) fit the same way."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame_gui
import pytest

from game import i18n
from game.render import looks
from game.ui import widget_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import text_audit  # noqa: E402


@pytest.fixture
def app(menu_app):
    yield menu_app
    menu_app.settings.text_size = 1.0
    menu_app.apply_looks()
    i18n.set_language("en")


def _buttons(app) -> dict[str, pygame_gui.elements.UIButton]:
    return {e.object_ids[-1] or e.text: e for e in app.ui.get_sprite_group().sprites()
            if isinstance(e, pygame_gui.elements.UIButton) and e.visible
            and widget_text.style_of(e) is not None}


def _sizes_at(app, text_size: float, scene_class) -> dict[str, int]:
    app.settings.text_size = text_size
    app.apply_looks()
    app.stack.clear(scene_class(app))
    app.draw()
    assert text_audit.widget_problems(app.ui) == []
    return {name: e.font.get_point_size() for name, e in _buttons(app).items()}


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_menu_buttons_grow_with_the_text_size_and_stay_whole(app, lang):
    from game.scenes.settings.settings import SettingsScene
    from game.scenes.title import TitleScene

    assert i18n.set_language(lang) is None
    for scene_class in (TitleScene, SettingsScene):
        small = _sizes_at(app, 1.0, scene_class)
        large = _sizes_at(app, 2.0, scene_class)
        assert small and set(small) == set(large)
        assert all(large[n] >= small[n] for n in small)  # never smaller than at 100 %
        grown = [n for n in small if large[n] > small[n]]
        assert len(grown) >= len(small) * 2 // 3, (scene_class.__name__, small, large)


def test_words_set_later_are_fitted_too(app):
    """A long wording set on a narrow button after it was made comes down in size, whole."""
    from game.scenes.settings.settings import SettingsScene

    app.settings.text_size = 2.0
    app.apply_looks()
    app.stack.clear(SettingsScene(app))
    button = app.stack.top.fullscreen
    button.set_text("Vollbild " * 3)
    assert text_audit.widget_problems(app.ui) == []
    assert button.font.get_point_size() >= widget_text.sizes(widget_text.style_of(button))[-1]


def test_each_style_takes_sizes_from_its_grown_one_down_to_its_floor():
    theme = {"@b": {"font": {"size": "28"}}, "@entry": {"font": {"size": "32"}},
             "button": {"font": {"size": "20"}}}
    for text_size in (1.0, 1.25, 1.5, 2.0):
        looks.set_looks(text_size, False, False)
        sized = widget_text.sized_theme(theme)
        for style, base in (("@b", 28), ("@entry", 32)):
            options = widget_text.sizes(style)
            assert options == sorted(options, reverse=True)
            assert options[0] == looks.scaled(base) == int(sized[style]["font"]["size"])
            assert options[-1] == widget_text.FLOORS.get(style, base) or options == [base]
            for size in options[1:]:
                assert sized[f"{style}{widget_text.SEP}{size}"]["font"]["size"] == str(size)
        assert sized["button"]["font"]["size"] == str(looks.scaled(20))
    looks.set_looks(1.0, False, False)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_an_empty_text_box_shows_its_whole_placeholder_at_200_percent(app, lang):
    """The seed box's "empty: a new shuffle" is what an empty box shows: it is fitted too."""
    from game.scenes.table.setup import SetupScene

    assert i18n.set_language(lang) is None
    app.settings.text_size = 2.0
    app.apply_looks()
    app.stack.clear(SetupScene(app))
    app.draw()
    entries = [e for e in app.ui.get_sprite_group().sprites()
               if isinstance(e, pygame_gui.elements.UITextEntryLine) and e.visible
               and not e.get_text() and e.placeholder_text]
    assert entries
    assert text_audit.widget_problems(app.ui) == []
