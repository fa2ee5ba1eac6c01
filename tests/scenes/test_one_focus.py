"""One clear focus (issue 50, finding 8): one focus mark at a time, thick; in high contrast
hover told apart from focus, and greyed things (disabled buttons, locked chapters) readable."""

from __future__ import annotations

import json

import pygame
import pytest

from game.engine import Mode, new_game
from game.paths import ASSETS
from game.render import looks
from game.ui.contrast import high_contrast, luminance, ratio
from tests.scenes.drive import key, pump

READABLE = 4.5  # WCAG's contrast ratio for words


def _contrast_theme() -> dict:
    return high_contrast(json.loads((ASSETS / "theme.json").read_text(encoding="utf-8")))


def test_in_high_contrast_every_widget_kind_shows_hover_apart_from_focus():
    kinds = 0
    for name, block in _contrast_theme().items():
        colours = block.get("colours", {}) if isinstance(block, dict) else {}
        if "hovered_bg" in colours and "selected_bg" in colours:
            kinds += 1
            assert colours["hovered_bg"] != colours["selected_bg"], name
            assert colours["hovered_bg"] != colours["normal_bg"], name
            assert ratio(colours["hovered_text"], colours["hovered_bg"]) >= READABLE, name
    assert kinds


def test_in_high_contrast_disabled_widgets_are_readable_and_look_disabled():
    kinds = 0
    for name, block in _contrast_theme().items():
        colours = block.get("colours", {}) if isinstance(block, dict) else {}
        if "disabled_text" in colours and "disabled_bg" in colours:
            kinds += 1
            assert ratio(colours["disabled_text"], colours["disabled_bg"]) >= READABLE, name
            assert colours["disabled_text"] != colours["normal_text"], name
    assert kinds


@pytest.fixture
def contrast():
    looks.set_looks(1.0, True, False)
    yield
    looks.set_looks(1.0, False, False)


def test_in_high_contrast_greyed_things_drawn_by_the_game_are_readable(contrast):
    """The table's greyed buttons and a locked chapter's tile and words."""
    from game.ui import campaign_look

    fill, ink = looks.greyed()
    assert ratio(fill, ink) >= READABLE
    assert campaign_look.tile_off() == fill and campaign_look.text_off() == ink


def test_in_high_contrast_a_hovered_tile_is_not_the_focused_one(contrast):
    from game.ui import campaign_look

    assert campaign_look.tile_hot() != campaign_look.TILE_FOCUS


def test_the_focus_ring_is_thick_and_stands_out_on_dark_and_light_grounds():
    """The menus' ring (and the campaign tiles'): a gold band at least 7 px wide with a dark
    edge, 9 px in all, so it reads on the felt and on a cream panel alike."""
    from game.render.palette import CREAM, FELT
    from game.ui import focus

    surface = pygame.Surface((300, 200))
    for ground in (FELT, CREAM):
        surface.fill(ground)
        focus.draw_ring(surface, pygame.Rect(60, 60, 180, 80))
        row = [tuple(surface.get_at((x, 100)))[:3] for x in range(0, 60)]
        marked = [c for c in row if c != ground]
        assert len([c for c in marked if c == focus.OUTLINE]) >= 7, ground
        assert 9 <= len(marked) <= 9 + 2, ground  # no farther out than words may sit
        assert max(ratio(c, ground) for c in marked) >= 3, ground


def _couch_table(app):
    from game.scenes.table.play import table_scene

    app.settings.help_peek = True
    state = new_game(Mode.STANDARD, ["Anna", "Computer"], 4, 0, [None, "easy"])
    table = table_scene(app, state)
    app.stack.clear(table)
    pump(app, 3)
    while app.stack.top is not table:
        key(app, pygame.K_RETURN)  # "I'm Anna: play"
    pump(app, 3)
    assert table.controls.seen().prompting  # the view the player sees
    return table


@pytest.mark.parametrize("cursor", (False, True))
def test_one_focus_mark_while_peek_is_asked_for(app, monkeypatch, cursor):
    """The first turn asks for a look at the task cards: with the keyboard cursor on the field
    Peek gets an arrow, not a second ring; with the mouse (no cursor), its ring."""
    table = _couch_table(app)
    table.pick.cursor_visible = cursor
    rings = []
    original = pygame.draw.rect
    peek = table.buttons["peek"].rect

    def noted(surface, colour, rect, width=0, *args, **kwargs):
        if width and pygame.Rect(rect).contains(peek) and pygame.Rect(rect) != peek:
            rings.append(rect)
        return original(surface, colour, rect, width, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", noted)
    table.dirty = True
    app.draw(force=True)
    from game.scenes.table.view import snapshot
    assert (snapshot(table).pick.cursor is not None) is cursor
    assert bool(rings) is not cursor


def test_the_field_cursor_is_a_thick_white_band_with_dark_edges():
    from game.render.field import CURSOR, FieldLayout, FieldRenderer

    pygame.display.init()
    from game.render.assets import Assets

    cursor = FieldRenderer(Assets(), FieldLayout(8, 4)).cursor
    row = [tuple(cursor.get_at((x, cursor.get_height() // 2))) for x in range(14)]
    white = [c for c in row if c[:3] == CURSOR]
    dark = [c for c in row if c[3] > 200 and luminance(c) < 0.02]
    assert len(white) >= 8 and len(dark) >= 4, row
