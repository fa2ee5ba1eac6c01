"""The generated assets: every file exists and loads, sizes are right, the theme loads cleanly."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import sys  # noqa: E402
import warnings  # noqa: E402
import wave  # noqa: E402
from array import array  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402
from pygame_gui.core import ObjectID  # noqa: E402
from pygame_gui.core.ui_appearance_theme import UIThemeValidator  # noqa: E402

from game.ui.theme import load_theme  # noqa: E402
from tests.tool import load_tool

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SOUNDS = ["scare", "slide", "fall", "win", "select", "error"]


def _load_tool():
    return load_tool("make_assets")


make_assets = _load_tool()


def test_face_names_cover_the_deck_back_and_tasks():
    names = make_assets.face_names()
    cards = [c + a for c in "YOPB" for a in "EDCM"]
    assert set(cards) <= set(names)
    assert "back" in names
    assert {f"task_{x}" for x in "EDCMYOPB"} <= set(names)
    assert len(names) == len(set(names)) == 16 + 1 + 8


@pytest.mark.parametrize("name", make_assets.face_names())
def test_card_png_exists_and_has_card_size(name):
    image = pygame.image.load(ASSETS / "cards" / f"{name}.png")
    assert image.get_size() == (240, 336)
    # rounded corners are transparent, the middle is solid
    assert image.get_at((0, 0)).a == 0
    assert image.get_at((120, 168)).a == 255


def test_icon_is_64_square():
    assert pygame.image.load(ASSETS / "icon.png").get_size() == (64, 64)


@pytest.mark.parametrize("name", SOUNDS)
def test_sound_is_short_mono_16bit_and_unclipped(name):
    with wave.open(str(ASSETS / "sounds" / f"{name}.wav"), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        frames = w.getnframes()
        pcm = array("h", w.readframes(frames))
    if sys.byteorder == "big":
        pcm.byteswap()
    assert 0.08 <= frames / 22050 <= 0.9
    peak = max(abs(s) for s in pcm)
    assert 1000 < peak < 32767  # audible, and never at full scale
    assert abs(pcm[0]) < 200 and abs(pcm[-1]) < 200  # faded ends: no click


def test_drawing_is_deterministic():
    for name in ("YC", "OE", "task_B", "back"):
        a = make_assets.draw_face(name, (120, 168))
        b = make_assets.draw_face(name, (120, 168))
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
    assert make_assets.wav_bytes(make_assets.sound_slide(), 0.5) == make_assets.wav_bytes(
        make_assets.sound_slide(), 0.5
    )


def test_faces_redraw_at_other_sizes():
    assert make_assets.draw_card_face("bm", (90, 126)).get_size() == (90, 126)
    assert make_assets.draw_icon((32, 32)).get_size() == (32, 32)


@pytest.mark.parametrize("bad", ["", "XY", "YCC", "task_Z"])
def test_unknown_faces_are_refused_with_a_message(bad):
    with pytest.raises(ValueError, match="not a"):
        make_assets.draw_face(bad)


def test_yellow_and_orange_cards_differ_in_their_symbol_shape():
    # the symbol badge alone (greyscale) must tell yellow from orange
    def badge_grey(code):
        face = make_assets.draw_card_face(code)
        crop = face.subsurface(pygame.Rect(14, 8, 48, 48))
        return pygame.image.tobytes(pygame.transform.grayscale(crop), "RGB")

    assert badge_grey("YE") != badge_grey("OE")


def _theme_file() -> dict:
    return json.loads((ASSETS / "theme.json").read_text(encoding="utf-8"))


def test_theme_is_valid_and_defines_the_named_styles():
    theme = _theme_file()
    assert UIThemeValidator.validate_theme_file(theme) == []
    for key in ["@menu_button", "#title_label", "@panel", "@body_text", "@small_label", "button",
                "label", "text_box", "drop_down_menu", "horizontal_slider", "text_entry_line"]:
        assert key in theme
    for block in theme.values():
        for key, value in block.get("font", {}).items():
            if key.endswith("_path"):
                assert (ROOT / value).is_file()


@pytest.fixture
def display():
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield
    pygame.display.quit()


def _build_widgets(manager):
    rect = pygame.Rect
    pygame_gui.elements.UIPanel(rect(20, 20, 600, 400), manager=manager,
                                object_id=ObjectID(class_id="@panel"))
    pygame_gui.elements.UILabel(rect(40, 30, 560, 90), "Žluťoučký kůň", manager,
                                object_id=ObjectID(object_id="#title_label"))
    button = pygame_gui.elements.UIButton(rect(40, 140, 300, 60), "New game", manager,
                                          object_id=ObjectID(class_id="@menu_button"))
    pygame_gui.elements.UILabel(rect(40, 210, 400, 30), "3 cards left", manager,
                                object_id=ObjectID(class_id="@small_label"))
    pygame_gui.elements.UITextBox("<b>Elephant</b> scares dog.", rect(40, 250, 400, 80), manager,
                                  object_id=ObjectID(class_id="@body_text"))
    manager.update(0.016)
    manager.draw_ui(pygame.display.get_surface())
    return button


def test_theme_loads_as_the_game_loads_it(display):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        theme = load_theme(ASSETS / "theme.json")
        manager = pygame_gui.UIManager((1280, 720), theme, enable_live_theme_updates=False)
        button = _build_widgets(manager)
    font = manager.get_theme().get_font(button.combined_element_ids)
    assert font.point_size == 28


def test_theme_loads_by_path_from_the_project_root(display, monkeypatch):
    monkeypatch.chdir(ROOT)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        manager = pygame_gui.UIManager((1280, 720), str(ASSETS / "theme.json"),
                                       enable_live_theme_updates=False)
        _build_widgets(manager)


def test_generate_writes_everything_into_another_folder(tmp_path):
    written = make_assets.generate(tmp_path)
    # faces, plain faces, high-contrast faces, icon, menu icons, sounds, theme
    assert len(written) == 25 + 16 + 16 + 1 + len(make_assets.ICON_SIZES) + 6 + 1
    assert all(p.is_file() and p.stat().st_size > 0 for p in written)
    assert not [p for p in tmp_path.rglob("*.tmp")]


@pytest.mark.parametrize("name", make_assets.plain_face_names())
def test_plain_faces_leave_out_only_the_colour_symbol(name):
    """Colour symbols can be turned off: those faces differ from the marked ones in the symbol's
    corner only."""
    plain = pygame.image.load(ASSETS / "cards" / f"{name}.png")
    marked = pygame.image.load(ASSETS / "cards" / f"{name.split('/')[1]}.png")
    assert plain.get_size() == marked.get_size()
    w, h = marked.get_size()
    band = round(make_assets.BAND * w / make_assets.CARD_SIZE[0])  # the badges sit in the band
    corner = pygame.Rect(0, 0, w // 3, band)
    rest = pygame.Rect(0, band, w, h - band)
    assert pygame.image.tobytes(plain.subsurface(corner), "RGBA") != pygame.image.tobytes(
        marked.subsurface(corner), "RGBA")
    assert pygame.image.tobytes(plain.subsurface(rest), "RGBA") == pygame.image.tobytes(
        marked.subsurface(rest), "RGBA")


def test_every_theme_class_the_game_names_has_its_entry():
    # A class id with no entry styles nothing: the element silently looks like any other.
    import re

    theme = json.loads((ASSETS / "theme.json").read_text(encoding="utf-8"))
    named = {m for path in (ROOT / "game").rglob("*.py")
             for m in re.findall(r'"(@[a-z_]+)"', path.read_text(encoding="utf-8"))}
    assert "@slider" in named and named - set(theme) == set()
