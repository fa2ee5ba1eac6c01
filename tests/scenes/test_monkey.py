"""A monkey at the keyboard, mouse and gamepad: 20,000 random events across all scenes, no error."""

from __future__ import annotations

import os
import random

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import TICK, App  # noqa: E402

EVENTS = 20_000
KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_F11, pygame.K_PAGEDOWN,
        pygame.K_PAGEUP, pygame.K_a, pygame.K_z, pygame.K_u, pygame.K_p, pygame.K_1, pygame.K_DELETE,
        pygame.K_HOME, pygame.K_END, pygame.K_KP_ENTER]
BUTTONS = [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_X,
           pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
           pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT]


def shell_scenes(app):
    """Fresh instances of every shell scene (the table's scenes are reached through Start)."""
    from game.scenes.confirm import ConfirmScene
    from game.scenes.how_to_play import HowToPlayScene
    from game.scenes.message import MessageScene
    from game.scenes.pause import PauseScene
    from game.scenes.settings_scene import SettingsScene
    from game.scenes.setup import SetupScene
    from game.scenes.solo_menu import SoloMenuScene

    return [
        None, SetupScene(app), SoloMenuScene(app), SettingsScene(app), HowToPlayScene(app),
        PauseScene(app, restart=lambda: None), MessageScene(app, "A monkey was here."),
        ConfirmScene(app, "Really?", lambda: None),
    ]


# Backing out (Esc, B, Start) is rarer, so the monkey stays a while in each scene it reaches
# (and does not spend its time building pause menus: pygame-gui buttons are slow to create).
BACK_KEYS = [pygame.K_ESCAPE]
BACK_BUTTONS = [pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_START]


def _pick(rng: random.Random, common: list[int], rare: list[int]) -> int:
    return rng.choice(rare) if rng.random() < 0.04 else rng.choice(common)


def random_event(rng: random.Random, app) -> pygame.event.Event:
    roll = rng.random()
    if roll < 0.25:
        return pygame.event.Event(rng.choice((pygame.KEYDOWN, pygame.KEYUP)),
                                  key=_pick(rng, KEYS, BACK_KEYS),
                                  mod=rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_ALT)),
                                  unicode="", scancode=0)
    if roll < 0.30:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("abcXYZ 19\u00e9\u010d"))
    if roll < 0.62:
        elements = [e for e in getattr(app.stack.top, "elements", []) if e.alive() and e.visible]
        if elements and rng.random() < 0.3:
            pos = rng.choice(elements).rect.center  # aim at a widget: buttons really get pressed
        else:
            pos = (rng.randrange(1920), rng.randrange(1080))
        kind = rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION))
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=pos, rel=(1, 0), buttons=(rng.random() < 0.2, 0, 0))
        return pygame.event.Event(kind, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.84:
        kind = rng.choice((pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP))
        return pygame.event.Event(kind, button=_pick(rng, BUTTONS, BACK_BUTTONS), instance_id=0)
    if roll < 0.94:
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                  axis=rng.choice((pygame.CONTROLLER_AXIS_LEFTX,
                                                   pygame.CONTROLLER_AXIS_LEFTY,
                                                   pygame.CONTROLLER_AXIS_TRIGGERLEFT)),
                                  value=rng.randint(-32768, 32767))
    if roll < 0.97:
        w, h = rng.randint(320, 3840), rng.randint(200, 2160)
        return pygame.event.Event(pygame.WINDOWRESIZED, x=w, y=h)
    if roll < 0.985:
        return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=rng.randint(0, 3))
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=rng.randint(0, 3))


@pytest.mark.parametrize("seed", [2018])
def test_monkey(tmp_path, monkeypatch, seed):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    # F11 saves the settings (atomically, with fsync) each of the ~200 times the monkey hits
    # it: the files are still written and replaced, only not forced to the disk.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    app = App(frames=1, windowed=True)
    app.raise_errors = True  # a scene's exception fails the test instead of becoming a notice
    app.go_to_menu()
    rng = random.Random(seed)
    visited: set[str] = set()
    for n in range(EVENTS):
        if n % 1000 == 0:  # start each stretch from another scene, so every one gets visited
            app.go_to_menu()
            start = shell_scenes(app)[(n // 1000) % 8]
            if start is not None:
                app.push(start)
        app.dispatch(random_event(rng, app))
        for event in pygame.event.get():  # what pygame-gui posted in reply
            app.dispatch(event)
        if n % 100 == 0:
            app.step(TICK)
        if n % 500 == 0:
            app.draw()
        if not app.stack.scenes:
            app.go_to_menu()
        app.running = True  # the monkey pressed Quit: keep going
        visited.add(type(app.stack.top).__name__)
    # Close the (possibly fullscreen) window: the next module's App would otherwise open a
    # second SCALED window in this process, which can abort inside SDL.
    pygame.quit()
    assert app.errors == 0
    assert {"TitleScene", "SetupScene", "SoloMenuScene", "SettingsScene", "HowToPlayScene",
            "PauseScene", "MessageScene", "ConfirmScene"} <= visited
