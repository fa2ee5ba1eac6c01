"""A monkey at the keyboard, mouse and gamepad: 20,000 random events across all scenes, no error."""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import TICK, App  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.state import apply, new_game  # noqa: E402

EVENTS = 20_000
STRETCH = 400  # events per run; each run starts from the next scene in the list
STEP_EVERY = 8  # one logic tick per this many events (animations and timers move on)
DRAW_EVERY = 50  # drawing is the slow part: often enough to catch a bad draw state
KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_F11, pygame.K_PAGEDOWN,
        pygame.K_PAGEUP, pygame.K_a, pygame.K_z, pygame.K_u, pygame.K_p, pygame.K_1, pygame.K_DELETE,
        pygame.K_HOME, pygame.K_END, pygame.K_KP_ENTER, pygame.K_r, pygame.K_g, pygame.K_m]
BUTTONS = [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_X,
           pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
           pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
           pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER]
# Backing out (Esc, B, Start) is rarer, so the monkey stays a while in each scene it reaches
# (and does not spend its time building pause menus: pygame-gui buttons are slow to create).
BACK_KEYS = [pygame.K_ESCAPE]
BACK_BUTTONS = [pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_START]
# (The hint key H is left out: each hint asks the solver for up to a few tenths of a second.)

NORMAL = {"TitleScene", "SetupScene", "SoloMenuScene", "SettingsScene", "HowToPlayScene",
          "PauseScene", "MessageScene", "ConfirmScene", "PlayScene", "HandoverScene",
          "ScoringScene", "SoloResultScene", "ClassicResultScene", "CampaignMenuScene",
          "LevelSelectScene", "LevelTable", "LevelPauseScene", "LevelResultScene"}
KIOSK = {"AttractScene", "StillPlayingScene", "OperatorScene"}


def _scene(name: str, *modules: str):
    """A scene class from the first module that has it (scenes move between files)."""
    for module in modules:
        try:
            found = getattr(importlib.import_module(module), name, None)
        except ImportError:
            continue
        if found is not None:
            return found
    raise ImportError(f"{name} not found in {modules}")


def shown(scene) -> str:
    """A scene's class name; a campaign level's table is named by its kind (LevelTable)."""
    from game.scenes.table.play import PlayScene

    if isinstance(scene, PlayScene) and type(scene.kind).__name__ == "LevelTable":
        return "LevelTable"
    return type(scene).__name__


def finished(state):
    while not state.over:
        state, _ = apply(state, state.legal_moves()[0])
    return state


# Ways into each scene, with a real state behind it -------------------------------------------
def _menu(app, scene) -> None:
    app.go_to_menu()
    app.push(scene)


def _play(app) -> None:
    play_scene = _scene("table_scene", "game.scenes.table.play")
    table = play_scene(app, new_game(Mode.STANDARD, ["Anna", "Ben"], 11, 0, [None, None]))
    app.stack.clear(table)
    while app.stack.top is not table:  # the opening hand-over: the monkey starts at the table
        app.pop()


def _handover(app) -> None:
    state = new_game(Mode.TEAMS, ["Anna", "Ben", "Cleo", "Dan"], 5, 1, [None] * 4)
    app.stack.clear(_scene("table_scene", "game.scenes.table.play")(app, state))
    if type(app.stack.top).__name__ != "HandoverScene":
        handover = _scene("HandoverScene", "game.scenes.table.handover")
        app.push(handover(app, state.players[1], state.players))


def _pause(app) -> None:
    _play(app)
    app.stack.top.pause_game()  # Esc / Start / the Pause button: Restart really restarts


def _confirm(app) -> None:
    _pause(app)
    confirm = _scene("ConfirmScene", "game.scenes.confirm")
    app.push(confirm(app, "Quit to menu?", app.go_to_menu))


def _scoring(app) -> None:
    end = finished(new_game(Mode.ALL_INCLUDED, ["Anna", "Ben", "Cleo"], 3, 0, [None] * 3))
    app.stack.clear(_scene("ScoringScene", "game.scenes.table.scoring")(app, end, lambda state: None))


def _solo_result(app) -> None:
    start = new_game(Mode.SOLO, ["Anna"], 8, 0, [None])
    app.stack.clear(_scene("SoloResultScene", "game.scenes.solo.solo_result")(app, finished(start), start,
                                                                        lambda state: None))


def _classic_result(app) -> None:
    start = new_game(Mode.SOLO_ADVANCED, ["Anna"], 9, 0, [None])
    result = _scene("ClassicResultScene", "game.scenes.solo.classic_result")
    app.stack.clear(result(app, finished(start), start, before=30))


def _campaign(app) -> None:
    _menu(app, _scene("CampaignMenuScene", "game.scenes.solo.campaign_menu")(app))


def _level_select(app) -> None:
    _campaign(app)
    app.push(_scene("LevelSelectScene", "game.scenes.solo.level_select")(app, 1))


def _first_level(app):
    return app.files.campaign().levels[0]


def _level_play(app) -> None:
    _level_select(app)
    app.push(_scene("level_scene", "game.scenes.solo.level_play")(app, _first_level(app)))


def _level_pause(app) -> None:
    _level_play(app)
    app.stack.top.pause_game()


def _level_result(app) -> None:
    from game.campaign.level_game import level_state
    _level_select(app)
    level = _first_level(app)
    result = _scene("level_result", "game.scenes.solo.level_play")
    app.push(result(app, level, finished(level_state(level)), before=None))


def normal_starts() -> list[tuple[str, Callable]]:
    from game.scenes.learn.how_to_play import HowToPlayScene
    from game.scenes.message import MessageScene
    from game.scenes.settings.settings import SettingsScene
    from game.scenes.solo.solo_menu import SoloMenuScene
    from game.scenes.table.setup import SetupScene

    return [
        ("TitleScene", App.go_to_menu),
        ("SetupScene", lambda app: _menu(app, SetupScene(app))),
        ("SoloMenuScene", lambda app: _menu(app, SoloMenuScene(app))),
        ("SettingsScene", lambda app: _menu(app, SettingsScene(app))),
        ("HowToPlayScene", lambda app: _menu(app, HowToPlayScene(app))),
        ("MessageScene", lambda app: _menu(app, MessageScene(app, "A monkey was here."))),
        ("PlayScene", _play), ("HandoverScene", _handover), ("PauseScene", _pause),
        ("ConfirmScene", _confirm), ("ScoringScene", _scoring),
        ("SoloResultScene", _solo_result), ("ClassicResultScene", _classic_result),
        ("CampaignMenuScene", _campaign), ("LevelSelectScene", _level_select),
        ("LevelTable", _level_play), ("LevelPauseScene", _level_pause),
        ("LevelResultScene", _level_result),
    ]


# The kiosk: the controller owns the stack; these bring its three scenes up as it would.
def _attract(app) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYUP, key=pygame.K_q, mod=0, unicode="", scancode=0))
    app.kiosk_ctl.back_to_attract()


def _still_playing(app) -> None:
    _attract(app)
    app.go_to_menu()  # a visitor walked away from the menu ...
    app.push(_scene("SoloMenuScene", "game.scenes.solo.solo_menu")(app))
    app.kiosk_ctl.last_input = app.now - app.idle_timeout  # ... long enough ago
    app.step(TICK)


def _operator(app) -> None:
    _attract(app)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, unicode="", scancode=0,
                                    mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    app.step(TICK)


KIOSK_STARTS = [("AttractScene", _attract), ("StillPlayingScene", _still_playing),
                ("OperatorScene", _operator)]


# The monkey ----------------------------------------------------------------------------------
def _pick(rng: random.Random, common: list[int], rare: list[int]) -> int:
    return rng.choice(rare) if rng.random() < 0.04 else rng.choice(common)


def _spot(rng: random.Random, app) -> tuple[int, int]:
    elements = [e for e in getattr(app.stack.top, "elements", []) if e.alive() and e.visible]
    if elements and rng.random() < 0.3:
        return rng.choice(elements).rect.center  # aim at a widget: buttons really get pressed
    return rng.randrange(1920), rng.randrange(1080)


def random_events(rng: random.Random, app) -> list[pygame.event.Event]:
    """One random action: usually one event, a drag is a press, some motion and a release."""
    roll = rng.random()
    if roll < 0.25:
        return [pygame.event.Event(rng.choice((pygame.KEYDOWN, pygame.KEYUP)),
                                   key=_pick(rng, KEYS, BACK_KEYS),
                                   mod=rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_ALT)),
                                   unicode="", scancode=0)]
    if roll < 0.29:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("abcXYZ 19\u00e9\u010d"))]
    if roll < 0.55:
        kind = rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION))
        pos = _spot(rng, app)
        if kind == pygame.MOUSEMOTION:
            return [pygame.event.Event(kind, pos=pos, rel=(1, 0), buttons=(rng.random() < 0.2, 0, 0))]
        return [pygame.event.Event(kind, pos=pos, button=rng.choice((1, 1, 1, 3)))]
    if roll < 0.60:  # a drag: across the field, a slider, or off the window's edge
        x, y = _spot(rng, app)
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)]
        for _ in range(rng.randint(1, 5)):
            dx, dy = rng.randint(-300, 300), rng.randint(-300, 300)
            x, y = x + dx, y + dy
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(dx, dy),
                                             buttons=(1, 0, 0)))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
        return events
    if roll < 0.62:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False,
                                   precise_x=0.0, precise_y=0.0)]
    if roll < 0.84:
        kind = rng.choice((pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP))
        return [pygame.event.Event(kind, button=_pick(rng, BUTTONS, BACK_BUTTONS), instance_id=0)]
    if roll < 0.94:
        return [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                   axis=rng.choice((pygame.CONTROLLER_AXIS_LEFTX,
                                                    pygame.CONTROLLER_AXIS_LEFTY,
                                                    pygame.CONTROLLER_AXIS_TRIGGERLEFT)),
                                   value=rng.randint(-32768, 32767))]
    if roll < 0.97:
        w, h = rng.randint(320, 3840), rng.randint(200, 2160)
        return [pygame.event.Event(pygame.WINDOWRESIZED, x=w, y=h)]
    if roll < 0.985:
        return [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=rng.randint(0, 3))]
    return [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=rng.randint(0, 3))]


def monkey(app, starts, events: int, rng: random.Random, visited: set[str]) -> int:
    """Run `events` random events in stretches, each starting from the next scene in `starts`;
    returns how many events were sent. Every start scene must be on top when its run begins."""
    sent = stretch = 0
    while sent < events:
        name, start = starts[stretch % len(starts)]
        stretch += 1
        pygame.event.clear()
        start(app)
        assert shown(app.stack.top) == name, [type(s).__name__ for s in app.stack.scenes]
        visited.add(name)
        app.draw(force=True)
        end = min(events, sent + STRETCH)
        while sent < end:
            for event in random_events(rng, app):
                app.dispatch(event)
                sent += 1
                for reply in pygame.event.get():  # what pygame-gui posted in reply
                    app.dispatch(reply)
                if sent % STEP_EVERY == 0:
                    app.step(TICK)
                if sent % DRAW_EVERY == 0:
                    app.draw()
                if not app.stack.scenes:
                    app.go_to_menu()
                app.running = True  # the monkey pressed Quit: keep going
                visited.add(shown(app.stack.top))
    return sent


@pytest.mark.slow  # 20,000 random inputs: a soak (make test-slow)
@pytest.mark.parametrize("seed", [2018])
def test_monkey(tmp_path, monkeypatch, seed):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    # F11 saves the settings (atomically, with fsync) each of the ~200 times the monkey hits
    # it: the files are still written and replaced, only not forced to the disk.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    rng = random.Random(seed)
    visited: set[str] = set()
    starts = normal_starts()
    # Every start scene gets the same share of runs: the kiosk's three and the rest.
    kiosk_events = EVENTS * len(KIOSK_STARTS) // (len(starts) + len(KIOSK_STARTS))
    app = App(frames=1, windowed=True)
    app.raise_errors = True  # a scene's exception fails the test instead of becoming a notice
    try:
        sent = monkey(app, starts, EVENTS - kiosk_events, rng, visited)
    finally:
        # Close the (possibly fullscreen) window before the next App opens one: a second
        # SCALED window in this process can abort inside SDL.
        pygame.quit()
    assert app.errors == 0
    kiosk = App(frames=1, kiosk=True, idle=5.0, windowed=True)
    kiosk.raise_errors = True
    try:
        sent += monkey(kiosk, KIOSK_STARTS, kiosk_events, rng, visited)
    finally:
        pygame.quit()
    assert kiosk.errors == 0
    # A drag is several events, so a stretch can end a few events past its share.
    assert EVENTS <= sent < EVENTS + 20
    assert NORMAL | KIOSK <= visited, sorted((NORMAL | KIOSK) - visited)
