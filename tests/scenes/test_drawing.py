"""What the screens draw, where it is easy to break unseen.

The cached table pictures match a fresh paint, a hint is outlined on the field, the scare-cycle
words fit their box, title cards keep clear of the words, a disabled button stays greyed out
under the focus ring, big button shapes are cached.
"""

from __future__ import annotations

import math
import os

import pygame
import pygame_gui
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import TICK  # noqa: E402
from game.engine import Mode, new_game  # noqa: E402


@pytest.fixture(scope="module")
def app(module_app):
    return module_app[0]


def frame(app, ticks: int = 1) -> None:
    for _ in range(ticks):
        app.step(TICK)
    app.stack.draw(app.screen)


def picture(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def table(app, mode=Mode.SOLO, seed=7):
    from game.scenes.table.play import table_scene
    players = 1 if mode is Mode.SOLO else 2
    state = new_game(mode, ["Anna", "Ben"][:players], seed, 0, [None] * players)
    scene = table_scene(app, state)
    app.stack.clear(scene)
    while app.stack.top is not scene:
        app.pop()
    frame(app)
    return scene


def fresh(app, scene) -> bytes:
    """The same still picture, painted from nothing."""
    scene.picture.forget()
    frame(app, 0)
    return picture(app)


def test_after_animated_moves_the_cached_table_matches_a_fresh_paint(app):
    app.settings.animation_speed = 4.0
    scene = table(app)
    closed = False
    for i in range(40):  # solo: emptied columns close, so the field is laid out anew too
        moves = scene.state.legal_moves()
        if not moves:
            break
        width = scene.state.position.width
        scene.play(moves[(i * 7) % len(moves)])
        closed |= scene.state.position.width < width
        while scene.director is not None:
            frame(app)
        frame(app)
        assert picture(app) == fresh(app, scene), f"after move {i + 1}"
    assert closed, "no column closed: pick another seed"


def test_selection_and_back_return_to_the_plain_table(app):
    scene = table(app, Mode.STANDARD, 11)
    plain = picture(app)
    scene.controls.pick_cell(next(iter(scene.pick.targets_of)))
    frame(app)
    assert picture(app) != plain  # the chosen scarer glows, the rest is dimmed
    scene.pick.selected = None
    frame(app)
    assert picture(app) == plain


def test_a_hint_outlines_the_scarer_and_the_target(app):
    from game.campaign.levels import DEFAULT_ROOT, load_campaign
    from game.render.field import GLOW_SELECTED, GLOW_TARGET
    from game.scenes.solo.level_play import level_scene
    level = load_campaign(DEFAULT_ROOT).level("long-drop")
    scene = level_scene(app, level)
    app.stack.clear(scene)
    frame(app, 2)
    scene.commands.run("hint")
    frame(app)
    move = scene.pick.hint_move
    assert move is not None
    (sx, sy), (tx, ty) = move.scarer, move.target
    for cell, colour, away in ((move.scarer, GLOW_SELECTED, (sx - tx, sy - ty)),
                               (move.target, GLOW_TARGET, (tx - sx, ty - sy))):
        r = scene.field.layout.card_rect(cell)
        # The solid ring of the glow runs just outside the card's edge; look on the side away
        # from the other card, where the two glows do not mix.
        point = {(1, 0): (r.right + 1, r.centery), (-1, 0): (r.x - 2, r.centery),
                 (0, 1): (r.centerx, r.y - 2), (0, -1): (r.centerx, r.bottom + 1)}[away]
        assert tuple(app.screen.get_at(point))[:3] == colour


@pytest.mark.parametrize("size, card_w", [((420, 300), 74), ((420, 228), 56)])
def test_scare_cycle_words_fit_inside_the_box(app, size, card_w):
    from game.render.hud import scare_cycle
    from game.render.palette import CREAM as INK  # the cycle's words are cream on the felt
    surf = scare_cycle(app.assets, size, card_w)
    w, h = size
    for x in (*range(0, 6), *range(w - 6, w)):
        for y in range(h):
            r, g, b, a = surf.get_at((x, y))
            near_ink = max(abs(r - INK[0]), abs(g - INK[1]), abs(b - INK[2])) < 40
            assert not (near_ink and a > 120), f"ink at the box edge: ({x}, {y})"


def test_title_cards_never_cross_the_logo_or_the_tagline(app):
    from game.scenes.title import LOGO, TAGLINE, TitleScene, tagline_lines, words_span
    scene = TitleScene(app)
    left, right = words_span(app.assets)
    _words, _, top, step = TAGLINE
    lines = tagline_lines()
    words = pygame.Rect(left, LOGO[2], right - left, top + len(lines) * step - LOGO[2])
    for tick in range(1800):  # three minutes of drifting, checked twice a second
        for flyer in scene.flyers:
            flyer.update(0.1, 1.0)
        if tick % 5:
            continue
        for flyer in scene.flyers:
            image = app.assets.card_turned(flyer.name, flyer.width, round(flyer.angle))
            x = flyer.x + math.sin(flyer.phase) * flyer.sway
            rect = image.get_rect(center=(round(x), round(flyer.y)))
            assert not rect.colliderect(words), (flyer.name, rect)


def test_focus_ring_keeps_a_disabled_button_greyed_out(app):
    from game.ui.focus import FocusRing
    off = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 300, 80), "Next", app.ui)
    on = pygame_gui.elements.UIButton(pygame.Rect(100, 200, 300, 80), "Retry", app.ui)
    try:
        off.disable()
        ring = FocusRing(app.ui)
        ring.add(off)
        ring.add(on)
        ring.focus(off)  # e.g. a scene that focuses its first button by default
        ring.focus(on)
        assert off.drawable_shape.active_state.state_id == "disabled"
        assert on.drawable_shape.active_state.state_id == "selected"
        ring.move(1)  # skips the disabled button, round to the same one
        assert off.drawable_shape.active_state.state_id == "disabled"
    finally:
        off.kill()
        on.kill()


def test_large_rounded_button_shapes_are_cached(app):
    from game.ui.theme import cache_large_shapes
    assert cache_large_shapes()
    cache = app.ui.get_theme().shape_cache
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 560, 88), "A big button", app.ui)
    try:
        shape = button.drawable_shape
        assert shape.states["normal"].cached_background_id is not None
        assert cache.find_surface_in_cache(shape.states["normal"].cached_background_id)
    finally:
        button.kill()
