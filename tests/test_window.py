"""Window geometry: the size a new window takes, a remembered one fitted to today's desktop,
and absurd remembered values in the settings file ignored (headless; the real X server is in
test_window_x11.py)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.settings import Settings
from game.window import MIN_SIZE, default_size, fit_position, fit_size


@pytest.mark.parametrize("desktop", [(1366, 768), (1600, 900), (1280, 1024), (1920, 1080),
                                     (2560, 1440), (1024, 768), (800, 600)])
def test_a_new_window_is_16_9_inside_the_desktop(desktop):
    w, h = default_size(desktop)
    assert w <= desktop[0] and h <= desktop[1]
    assert abs(w / h - 16 / 9) < 0.01
    assert (w, h) <= (1920, 1080)
    if desktop[0] >= MIN_SIZE[0] and desktop[1] >= MIN_SIZE[1]:
        assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1]


def test_a_remembered_size_that_fits_is_kept_and_a_bigger_one_shrinks():
    assert fit_size((1000, 700), (1600, 900)) == (1000, 700)
    w, h = fit_size((2560, 1440), (1366, 768))
    assert w <= 1366 and h <= 768 and abs(w / h - 16 / 9) < 0.01
    assert fit_size(None, (1600, 900)) == default_size((1600, 900))


def test_a_remembered_place_off_every_screen_is_dropped():
    screens = [(1600, 900)]
    assert fit_position((100, 50), (960, 540), screens) == (100, 50)
    assert fit_position((1900, 50), (960, 540), [(1600, 900), (1920, 1080)]) == (1900, 50)
    for off in [(5000, 50), (100, 2000), (-2000, 50), (100, -300)]:
        assert fit_position(off, (960, 540), screens) is None


@pytest.mark.parametrize("size, position, kept", [
    ([1280, 720], [10, 10], ((1280, 720), (10, 10))),
    ([-5, 540], [10, 10], (None, (10, 10))),
    ([99999, 99999], [10, 10], (None, (10, 10))),
    (["wide", 540], [10, 10], (None, (10, 10))),
    ([1280.5, 720], [10, 10], (None, (10, 10))),
    (1280, [10, 10], (None, (10, 10))),
    ([1280, 720, 3], [10, 10], (None, (10, 10))),
    ([True, 720], [10, 10], (None, (10, 10))),
    ([1280, 720], [-99999, 5], ((1280, 720), None)),
    ([1280, 720], "centre", ((1280, 720), None)),
    ({"w": 1}, None, (None, None)),
])
def test_absurd_window_geometry_is_ignored_and_the_rest_kept(tmp_path, monkeypatch,
                                                               size, position, kept):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps(
        {"volume": 0.3, "muted": True, "window_size": size, "window_position": position}))
    settings, notice = Settings.load()
    assert notice is None
    assert settings.effects_volume == 0.3 and settings.muted
    assert (settings.window_size, settings.window_position) == kept


def test_the_window_opens_fitted_when_the_remembered_geometry_is_absurd(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps(
        {"window_size": [-1, 1e9], "window_position": ["x", None], "volume": 0.4}))
    from game.app import App
    from game.window import display_window

    app = App(frames=1)
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        assert tuple(display_window().size) == default_size(desktop)
        assert app.settings.effects_volume == 0.4 and app.take_notice() is None
        assert app.run() == 0
    finally:
        pygame.quit()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["effects_volume"] == 0.4
