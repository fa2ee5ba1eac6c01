"""Memory given back: a full screen that left the stack is gone by the next tick, and the
asset caches stay within their bytes."""

from __future__ import annotations

import gc
import sys
import weakref
from pathlib import Path

import pygame
import pytest

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
        assert store.caches()["built"].bytes <= 5 * 64 * 64 * 4
    assert sizes(store, "built") == (5, 5 * 64 * 64 * 4)
    assert store.cached(("square", 39), lambda: None) is not None  # the newest are kept
    big = pygame.Surface((200, 200))
    assert store.cached(("big",), lambda: big) is big  # bigger than the bound: kept alone
    assert sizes(store, "built") == (1, surface_bytes(big))
    store.forget_built()
    assert sizes(store, "built") == (0, 0)


def sizes(store: Assets, cache: str) -> tuple[int, int]:
    """(entries, pixel bytes) of one of the store's caches."""
    held = store.caches()[cache]
    return len(held.entries), held.bytes


def test_card_faces_stay_within_their_bytes(monkeypatch):
    face = surface_bytes(Assets().card_image("YC", 100))
    monkeypatch.setattr(assets_module, "SCALED_BYTES", 3 * face)
    store = Assets()
    for width in range(100, 130):
        store.card_image("YC", width)
        assert store.caches()["card faces"].bytes <= 3 * face + 3 * 4 * 130  # a few px wider each
    assert len(store.caches()["card faces"].entries) <= 3


def test_open_fonts_stay_within_their_count(module_app):
    """Each open font holds its file's tables (~0.55 MB) whatever its size: fitting text at
    size after size keeps only the newest few, and a font let go opens again at its size."""
    store = Assets()
    for size in range(12, 12 + 3 * assets_module.FONT_LIMIT):
        for bold in (False, True):
            assert store.font(size, bold).get_height() > 0
            assert len(store.caches()["fonts"].entries) <= assets_module.FONT_LIMIT
    again = store.font(12)  # long let go
    assert again.size("M") == pygame.font.Font(assets_module.ASSETS / "fonts"
                                               / "NotoSans-Regular.ttf", 12).size("M")
    assert store.font(12) is again  # and kept while in use


def test_the_card_files_stay_within_their_bytes(module_app):
    """The files as loaded (0.3 MB each) are kept for a deck, whose faces a table scales at
    each new width, not for every face of an hour's play (both sets: with and without colour
    symbols); a face whose file was let go is scaled from it again."""
    from game.engine.cards import full_deck
    store = Assets()
    deck = sorted({card.code for card in full_deck()}) + ["back"]
    for name in deck:
        store.card_image(name, 100)
    assert sizes(store, "originals")[0] == len(deck)  # the next width loads none
    store.colour_symbols = False
    for name in deck:
        store.card_image(name, 100)
        assert store.caches()["originals"].bytes <= assets_module.ORIGINAL_BYTES
    assert sizes(store, "originals")[0] < 2 * len(deck) - 1  # "back" has one file
    store.colour_symbols = True
    again = store.card_image(deck[0], 91)  # its file long let go: loaded again
    assert again.get_size() == (91, round(91 * assets_module.CARD_RATIO))
    assert deck[0] in store.caches()["originals"].entries


class Painter(Scene):
    """A full screen that draws one cached picture and one card face of its own."""

    def __init__(self, app, word: str, width: int, opaque: bool = True) -> None:
        super().__init__(app)
        self.word, self.width, self.opaque = word, width, opaque

    def draw(self, surface) -> None:
        surface.blit(self.app.assets.cached(("painted", self.word),
                                            lambda: pygame.Surface((300, 300))), (0, 0))
        surface.blit(self.app.assets.card_image("YC", self.width), (0, 0))


def test_a_screen_left_takes_its_pictures_along(module_app):
    """The built surfaces and card faces a screen drew go when it is left, unless the next
    screen's first frame draws them too; an overlay over a screen keeps the screen's."""
    from tests.scenes.drive import pump
    app, _prefs = module_app
    assets = app.assets
    app.stack.clear(Painter(app, "table", 101))
    pump(app)
    assets.cached(("painted", "shared"), lambda: pygame.Surface((20, 20)))
    assert ("painted", "table") in assets.caches()["built"].entries
    assert ("YC", 101) in assets.caches()["card faces"].entries
    app.stack.push(Painter(app, "overlay", 102, opaque=False))
    pump(app)
    app.stack.pop()  # an overlay closed: the table's pictures stay for its next frame
    pump(app)
    assert ("painted", "table") in assets.caches()["built"].entries
    assert ("YC", 102) in assets.caches()["card faces"].entries
    app.stack.replace(Painter(app, "title", 101))
    pump(app)
    built, faces = assets.caches()["built"], assets.caches()["card faces"].entries
    assert ("painted", "title") in built.entries
    assert ("painted", "table") not in built.entries
    assert ("painted", "shared") not in built.entries
    assert ("YC", 101) in faces  # the next screen drew it as well: kept
    assert ("YC", 102) not in faces
    assert built.bytes == sum(map(surface_bytes, built.entries.values()))
    assets.cached(("painted", "later"), lambda: pygame.Surface((20, 20)))
    pump(app, 3)  # after its first frame the screen's cache fills as before
    assert ("painted", "later") in assets.caches()["built"].entries
    app.go_to_menu()
    pump(app)


def test_the_table_keeps_only_the_field_pictures_in_use(module_app):
    """Each field picture is a full screen (8 MB): a long solo game keeps a few, not one per
    column count it ever had."""
    from game.engine import Mode, new_game
    from game.scenes.table.fields import KEEP_FIELDS
    from game.scenes.table.play import table_scene
    from tests.scenes.drive import pump
    app, _prefs = module_app
    app.settings.animation_speed = 25.0
    scene = table_scene(app, new_game(Mode.SOLO, ["You"], 77))
    app.stack.clear(scene)
    pump(app)
    widths = set()
    while not scene.state.over:
        scene.play(scene.state.legal_moves()[0])
        scene.end_animation()
        widths.add(scene.state.position.width)
        assert len(scene.fields.by_size) <= KEEP_FIELDS + 2
    assert scene.field in scene.fields.by_size.values()


def test_the_scores_lay_their_cards_out_without_a_table_picture(module_app):
    """The scores draw their own frame: the full-screen table picture (8 MB, and 8 MB more
    while its light is drawn) is never built for them (the hour of play's one miss)."""
    from game.engine import Mode, apply, new_game
    from game.scenes.table.scoring import ScoringScene
    from tests.scenes.drive import pump
    app, _prefs = module_app
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 5)
    while not state.over:
        state, _events = apply(state, state.legal_moves()[0])
    scene = ScoringScene(app, state, lambda _state: None)
    app.stack.clear(scene)
    pump(app, 4)
    assert not scene.field.background_built


def test_the_theme_fonts_are_read_from_their_files(module_app):
    """A font pygame-gui loads from its own package is copied into memory once per size
    (0.57 MB each); the theme's fonts are the game's files, opened by path at every size."""
    from pygame_gui.core.utility import PackageResource

    from game.paths import ASSETS
    app, _prefs = module_app
    fonts = app.ui.get_theme().get_font_dictionary()
    own = (fonts.get_default_font(), fonts.get_default_symbol_font())  # pygame-gui's fallbacks
    theme = {name: font.location for name, font in fonts.loaded_fonts.items()
             if not any(font.loaded_font is fallback for fallback in own)}
    assert theme, "the theme preloads its fonts"
    copies = [name for name, location in theme.items() if isinstance(location, PackageResource)]
    assert copies == []
    assert all(Path(location).is_relative_to(ASSETS) for location in theme.values())


def test_a_game_that_ended_leaves_no_ui_manager_behind(monkeypatch):
    """pygame-gui keeps the first manager a process made as its default, for good: a manager's
    fonts and widgets must not outlive their game (App.run releases its own at the end)."""
    from pygame_gui.core import utility

    from game.ui.theme import make_manager, release_manager
    pygame.font.init()  # a manager needs fonts: a test before this one may have quit pygame
    monkeypatch.setattr(utility, "__default_manager", None)  # as in a fresh process
    first = make_manager((640, 360))
    gone = weakref.ref(first)
    del first
    second = make_manager((640, 360))  # a newer game takes over as the default
    gc.collect()
    assert gone() is None
    release_manager(second)
    gone = weakref.ref(second)
    del second
    gc.collect()
    assert gone() is None


# Run in a process of its own, as the game is: inside a test runner's worker (its threads, and
# what the tests before left on its heap) the resident size is not the game's.
FREED_PICTURES = """
import ctypes
from game.render import memory
print(memory.keep_big_blocks_apart())

def resident_kb():
    with open("/proc/self/status", encoding="ascii") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))

libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
for _ in range(3):  # the first freed block is what raised glibc's own threshold
    block = libc.malloc(8 * 2**20)
    ctypes.memset(block, 1, 8 * 2**20)
    small = [bytes(64) for _ in range(2000)]  # small objects after it on the heap
    before = resident_kb()
    libc.free(block)
    print(before - resident_kb())
    del small
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator")
def test_a_freed_full_screen_picture_leaves_the_process():
    """Big pictures are mapped apart from the heap (glibc would otherwise start putting them on
    the heap after the first one is freed, where the room they leave is not given back)."""
    import subprocess
    out = subprocess.run([sys.executable, "-c", FREED_PICTURES], capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    took, *freed_kb = out.stdout.split()
    assert took == "True"
    assert len(freed_kb) == 3
    for kb in freed_kb:
        assert int(kb) >= 7 * 1024, "an 8 MB block stayed in the process"


def test_the_memory_report_counts_the_games_objects_not_its_own_walk(module_app):
    """tools/soak.py's report of where the memory is walks every object to find who holds the
    surfaces; the objects it counts afterwards are the game's, not that walk's bookkeeping
    (its set of ids seen was once the "biggest set" of an hour of play)."""
    import re

    from tests.tool import load_tool
    where_memory_is = load_tool("soak").where_memory_is
    app, _prefs = module_app
    gc.collect()
    before = len(gc.get_objects())
    lines = where_memory_is(app)
    counted = next(line for line in lines if line.startswith("python objects"))
    objects = int(re.search(r"python objects ([\d,]+)", counted).group(1).replace(",", ""))
    assert objects < before * 1.1, counted


def test_a_closed_windows_surface_counts_no_bytes_and_breaks_no_report():
    """A surface of a window closed since (a restart in one process, a test's earlier App)
    may still be held somewhere: the memory report walks past it."""
    from game.render.assets import surface_bytes

    pygame.display.init()
    dead = pygame.display.set_mode((8, 8))
    pygame.display.quit()
    assert surface_bytes(dead) == 0 and surface_bytes([dead, pygame.Surface((2, 2), 0, 32)]) == 16
