"""Memory given back: a full screen that left the stack is gone by the next tick, and the
asset caches stay within their bytes."""

from __future__ import annotations

import gc
import weakref

import pygame

from game.render import assets as assets_module
from game.render.assets import Assets, surface_bytes
from game.scenes.base import Scene
from game.scenes.stack import SceneStack


class Heavy(Scene):
    """A scene in a cycle with itself (as every real scene is, through its callbacks)."""

    def __init__(self, opaque: bool = True) -> None:
        super().__init__(app=None)
        self.opaque = opaque
        self.me = self
        self.picture = pygame.Surface((64, 64))


def test_a_screen_that_left_is_collected_at_the_next_tick():
    gc.disable()  # as if the collector's oldest generation would not come round for long
    try:
        for leave in ("pop", "replace", "clear"):
            stack = SceneStack()
            stack.push(Heavy())
            gone = weakref.ref(stack.top)
            getattr(stack, leave)(*(() if leave == "pop" else (Heavy(opaque=False),)))
            assert gone() is not None  # the caller may still hold it during this dispatch
            stack.update(1 / 60)
            assert gone() is None, leave
    finally:
        gc.enable()


def test_the_built_cache_stays_within_its_bytes(monkeypatch):
    monkeypatch.setattr(assets_module, "BUILT_BYTES", 5 * 64 * 64 * 4)
    store = Assets()
    for i in range(40):
        store.cached(("square", i), lambda: pygame.Surface((64, 64), pygame.SRCALPHA))
        assert store._built.bytes <= 5 * 64 * 64 * 4
    sizes = store.cache_sizes()["built"]
    assert sizes == (5, 5 * 64 * 64 * 4)
    assert store.cached(("square", 39), lambda: None) is not None  # the newest are kept
    big = pygame.Surface((200, 200))
    assert store.cached(("big",), lambda: big) is big  # bigger than the bound: kept alone
    assert store.cache_sizes()["built"] == (1, surface_bytes(big))
    store.forget_built()
    assert store.cache_sizes()["built"] == (0, 0)


def test_card_faces_stay_within_their_bytes(monkeypatch):
    store = Assets()
    face = surface_bytes(store.card_image("YC", 100))
    monkeypatch.setattr(store._scaled, "size", 3 * face)
    for width in range(100, 130):
        store.card_image("YC", width)
        assert store._scaled.bytes <= 3 * face + 3 * 4 * 130  # a few px wider each
    assert len(store._scaled.entries) <= 3


def test_the_table_keeps_only_the_field_pictures_in_use(module_app):
    """Each field picture is a full screen (8 MB): a long solo game keeps a few, not one per
    column count it ever had."""
    from game.engine import Mode, new_game
    from game.scenes.play import KEEP_FIELDS, PlayScene
    from tests.scenes.drive import pump
    app, _prefs = module_app
    app.settings.animation_speed = 25.0
    scene = PlayScene(app, new_game(Mode.SOLO, ["You"], 77))
    app.stack.clear(scene)
    pump(app)
    widths = set()
    while not scene.state.over:
        scene.play(scene.state.legal_moves()[0])
        scene.end_animation()
        widths.add(scene.state.position.width)
        assert len(scene.renderers) <= KEEP_FIELDS + 2
    assert scene.field in scene.renderers.values()
