"""The shell scenes (menus, settings, how to play, overlays) by mouse, keyboard and gamepad."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pygame_gui
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.scenes.confirm import ConfirmScene  # noqa: E402
from game.scenes.learn.how_to_play import HowToPlayScene  # noqa: E402
from game.scenes.message import MessageScene  # noqa: E402
from game.scenes.settings.settings import SettingsScene  # noqa: E402
from game.scenes.solo.solo_menu import SoloMenuScene  # noqa: E402
from game.scenes.table.pause import PauseScene  # noqa: E402
from game.scenes.table.setup import SetupScene  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from tests.scenes.drive import pump  # noqa: E402


@pytest.fixture(scope="module")
def shared_app(module_app):
    """One App for the module; each test resets it."""
    return module_app


@pytest.fixture
def app(shared_app, monkeypatch):
    application, prefs = shared_app
    monkeypatch.setenv("SCARE_IT_PREFS", str(prefs))
    from game.settings import Settings

    application.settings.__dict__.update(Settings().__dict__)
    application.running = True
    application.go_to_menu()
    pump(application)
    return application


def post(app: App, event_type: int, draw: bool = True, **attrs) -> None:
    app.dispatch(pygame.event.Event(event_type, **attrs))
    pump(app, draw=draw)


def click(app: App, element) -> None:
    """A left click at the widget's centre, as pygame-gui expects: down then up."""
    pos = element.rect.center
    post(app, pygame.MOUSEMOTION, False, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(app, pygame.MOUSEBUTTONDOWN, False, pos=pos, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def key(app: App, k: int, mod: int = 0) -> None:
    post(app, pygame.KEYDOWN, False, key=k, mod=mod, unicode="", scancode=0)
    post(app, pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)


def pad(app: App, button: int) -> None:
    post(app, pygame.CONTROLLERBUTTONDOWN, False, button=button, instance_id=0)
    post(app, pygame.CONTROLLERBUTTONUP, button=button, instance_id=0)


def button(app: App, text: str):
    """The live button with this text in the top scene."""
    for element in app.stack.top.elements:
        if isinstance(element, pygame_gui.elements.UIButton) and element.text == text:
            return element
    raise AssertionError(f"no button {text!r} in {type(app.stack.top).__name__}")


def focus_on(app: App, text: str, step) -> None:
    """Press `step` (a key or pad action) until the focus ring is on the button `text`."""
    for _ in range(12):
        item = app.stack.top.ring.focused
        if getattr(item.element, "text", None) == text:
            return
        step()
    raise AssertionError(f"focus never reached {text!r}")


MENU = [("New game", SetupScene), ("Solo", SoloMenuScene), ("How to play", HowToPlayScene),
        ("Settings", SettingsScene)]


@pytest.mark.parametrize(("label", "scene"), MENU)
def test_every_menu_entry_opens_by_mouse(app, label, scene):
    assert isinstance(app.stack.top, TitleScene)
    click(app, button(app, label))
    assert isinstance(app.stack.top, scene)
    click(app, button(app, "Back"))
    assert isinstance(app.stack.top, TitleScene)
    assert app.errors == 0


def test_every_menu_entry_opens_by_keyboard_only(app):
    for label, scene in MENU:
        focus_on(app, label, lambda: key(app, pygame.K_DOWN))
        key(app, pygame.K_RETURN)
        assert isinstance(app.stack.top, scene)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, TitleScene)
    focus_on(app, "Quit", lambda: key(app, pygame.K_TAB))
    key(app, pygame.K_SPACE)
    assert not app.running


def test_every_menu_entry_opens_by_gamepad(app):
    for label, scene in MENU:
        focus_on(app, label, lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN))
        pad(app, pygame.CONTROLLER_BUTTON_A)
        assert isinstance(app.stack.top, scene)
        pad(app, pygame.CONTROLLER_BUTTON_B)
        assert isinstance(app.stack.top, TitleScene)


def test_settings_change_and_are_saved_at_once(app, shared_app):
    tmp_path = shared_app[1]
    app.push(SettingsScene(app))
    pump(app)
    scene = app.stack.top
    click(app, scene.mute)
    assert app.settings.muted
    focus_on(app, scene.symbols.text, lambda: key(app, pygame.K_DOWN))
    key(app, pygame.K_RETURN)
    assert app.settings.colour_symbols is False
    # The field now draws the faces without the colour symbol.
    assert app.assets.face_name("YC") == "plain/YC"
    plain = app.assets.card_image("YC", 120)
    app.assets.colour_symbols = True
    marked = app.assets.card_image("YC", 120)
    app.assets.colour_symbols = False
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(marked, "RGBA")
    # The volume slider moves with LEFT / RIGHT when focused.
    app.stack.top.ring.focus(scene.effects)
    before = app.settings.effects_volume
    key(app, pygame.K_LEFT)
    assert app.settings.effects_volume == pytest.approx(before - 0.05)
    saved = (tmp_path / "settings.json").read_text()
    assert '"muted": true' in saved and '"colour_symbols": false' in saved


def test_fullscreen_toggle_and_resize(app):
    app.push(HowToPlayScene(app))  # mid-animation
    pump(app, 5)
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    key(app, pygame.K_RETURN, pygame.KMOD_LALT)
    assert not app.settings.fullscreen
    post(app, pygame.WINDOWRESIZED, x=1000, y=600)
    post(app, pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600)
    assert isinstance(app.stack.top, HowToPlayScene)
    assert app.draw(force=True)


def test_corrupt_settings_mean_defaults_and_one_notice(app, shared_app):
    from game.settings import Settings

    (shared_app[1] / "settings.json").write_text("{ this is not json")
    settings, notice = Settings.load()
    assert settings == Settings() and "defaults" in notice
    app.tell(notice)
    app.stack.clear()
    app.go_to_menu()  # what run() does at start
    pump(app)
    assert isinstance(app.stack.top, MessageScene)
    assert isinstance(app.stack.scenes[0], TitleScene)
    assert app.take_notice() is None  # shown once
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)


def test_message_overlay_dismisses(app):
    app.tell("Hello there.")
    app.show_notice()
    pump(app)
    assert isinstance(app.stack.top, MessageScene)
    click(app, button(app, "OK"))
    assert isinstance(app.stack.top, TitleScene)


def test_pause_overlay_confirms_restart_and_quit(app):
    restarted = []
    app.push(PauseScene(app, restart=lambda: restarted.append(True)))
    pump(app)
    click(app, button(app, "Restart"))
    assert isinstance(app.stack.top, ConfirmScene)
    assert not any(isinstance(s, PauseScene) for s in app.stack.scenes)  # in its place
    key(app, pygame.K_ESCAPE)  # Esc means no: "Keep playing", back to what was paused
    assert isinstance(app.stack.top, TitleScene) and not restarted
    app.push(PauseScene(app, restart=lambda: restarted.append(True)))
    pump(app)
    click(app, button(app, "Restart"))
    click(app, button(app, "Restart"))  # the confirm's yes
    assert restarted == [True] and isinstance(app.stack.top, TitleScene)
    app.push(PauseScene(app, restart=None))
    pump(app)
    assert not button(app, "Restart").is_enabled
    click(app, button(app, "How to play"))
    assert isinstance(app.stack.top, HowToPlayScene)
    key(app, pygame.K_ESCAPE)
    click(app, button(app, "Quit to menu"))
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # from "Keep playing" over to "Quit"
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert len(app.stack) == 1 and isinstance(app.stack.top, TitleScene)
    app.push(PauseScene(app))
    pump(app)
    pad(app, pygame.CONTROLLER_BUTTON_START)  # Start resumes
    assert isinstance(app.stack.top, TitleScene)


def test_how_to_play_pages_turn(app):
    app.push(HowToPlayScene(app))
    pump(app)
    scene = app.stack.top
    from game.scenes.learn.how_to_play import page_count

    last = page_count() - 1  # the rules' pages, then each mode's
    for page in range(1, last + 1):
        click(app, button(app, "Next  \u203a"))
        assert scene.page == page
        pump(app, 30, draw=False)  # the page turns; the next click draws it
    assert not button(app, "Next  \u203a").is_enabled
    key(app, pygame.K_RETURN)  # focus sits on Previous after the last page
    assert scene.page == last - 1


def test_setup_choices_and_start(app):
    app.push(SetupScene(app))
    pump(app)
    scene = app.stack.top
    assert scene.ring.focused.element is scene.mode_button
    key(app, pygame.K_RIGHT)  # Teams of Two
    assert scene.mode is Mode.TEAMS and scene.count == 4 and len(scene.entries) == 4
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert scene.count == 6
    scene.ring.focus(scene.entries[0])
    scene.entries[0].set_text("Anna")
    state = scene.build_state()
    assert [p.name for p in state.players][:2] == ["Anna", "Player 2"]
    click(app, scene.level_buttons[1])
    assert scene.build_state().players[1].bot is not None
    scene.seed_entry.set_text("picnic")
    assert scene.build_state().position == scene.build_state().position  # a word is a seed too
    click(app, button(app, "Start"))
    assert not isinstance(app.stack.top, SetupScene)
    assert app.errors == 0


def test_solo_menu_daily_deal_and_campaign_entry(app):
    app.push(SoloMenuScene(app))
    pump(app)
    assert any(getattr(e, "text", "").startswith("Campaign") for e in app.stack.top.elements)
    click(app, button(app, "Daily deal"))
    assert not isinstance(app.stack.top, SoloMenuScene)
    assert app.errors == 0


def test_frames_run_exits_zero_even_with_a_corrupt_settings_file(tmp_path):
    (tmp_path / "settings.json").write_text("[1, 2")
    env = {**os.environ, "SCARE_IT_PREFS": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "--frames", "60"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "errors.log").exists()


def test_without_a_display_one_line_explains(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SCARE_IT_PREFS"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-m", "game"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1 and "display" in done.stderr


def test_idle_title_stops_redrawing(app):
    import game.scenes.title as title

    scene = app.stack.top
    scene.calm_at = app.now  # as if nobody touched anything for a while
    pump(app, 240)
    assert scene.pace == 0.0
    assert not app.busy() and app.draw() is False
    post(app, pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    assert app.busy()
    assert title.CALM_AFTER > 0


def test_an_unplugged_gamepad_leaves_a_menu_as_it_is(app):
    """Only a game is paused when its pad goes: a menu plays none (Scene.pause_game)."""
    pump(app)
    assert isinstance(app.stack.top, TitleScene)
    app.input.controllers[7] = object()  # a pad in use (the dummy driver opens none)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    pump(app, 2)
    assert [type(s) for s in app.stack.scenes] == [TitleScene]


def test_every_solo_menu_entry_but_back_says_what_it_is(app):
    """Issue 44: "Make a puzzle" was the one Solo entry with no line under the deals."""
    scene = SoloMenuScene(app)
    app.push(scene)
    pump(app)
    for item in scene.ring.items:
        if "#back" in item.element.object_ids:
            continue
        scene.ring.focus(item.element)
        assert scene.blurb(), item.element.object_ids
