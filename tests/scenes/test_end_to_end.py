"""Whole Standard games from the title screen to the scores: mouse, keyboard alone, gamepad alone.

Only posted events, through the app's own dispatch / tick / draw loop.
"""

import os

import pygame
import pygame_gui
import pytest

from game.engine import Mode, apply, new_game
from game.engine.rng import Rng
from game.engine.scoring import result
from game.match.session import Phase
from game.scenes.table.handover import HandoverScene
from game.scenes.table.play import PlayScene
from game.scenes.table.scoring import ScoringScene
from game.scenes.table.setup import SetupScene
from game.scenes.title import TitleScene
from tests.scenes.drive import past_the_guard, post, pump

# Three whole games through every input (the shorter walks by each input kind stay in `make
# test`: tests/scenes/test_play.py); `make test-slow` runs these.
pytestmark = pytest.mark.slow

TICK = 1 / 60
SEED = 4242
NAMES = ["Anna", "Ben"]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    from game.app import App

    # Start from a clean SDL, as a fresh process would: an earlier module may have left its
    # SCALED window open, and opening a second one in the same process can abort inside SDL.
    pygame.quit()
    app = App(frames=1, windowed=True)
    app.raise_errors = True
    app.go_to_menu()  # what App.run does before its first frame
    pump(app)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1
    yield app
    pygame.quit()


# The loop, one frame at a time on the virtual clock -------------------------------------------
def click(app, pos):
    """Move the mouse there, press and release the left button."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pump(app)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    pump(app, 2)


def key(app, k, mod=0, unicode=""):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    pump(app, 2)


def type_text(app, text):
    """What SDL sends for each typed character: a key press and its text."""
    for ch in text:
        post(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch, scancode=0)
        post(pygame.TEXTINPUT, text=ch)
        post(pygame.KEYUP, key=ord(ch.lower()), mod=0, unicode=ch, scancode=0)
    pump(app, 2)


def retype(app, text):
    """Replace a focused field's text: Ctrl+A selects all, then type over it."""
    key(app, pygame.K_a, pygame.KMOD_LCTRL, "a")
    type_text(app, text)


def pad(app, button):
    post(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0)
    post(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0)
    pump(app, 2)


def button(app, text):
    """The live pygame-gui button with this text in the top scene."""
    for element in app.stack.top.elements:
        if isinstance(element, pygame_gui.elements.UIButton) and element.text == text:
            return element
    raise AssertionError(f"no button {text!r} in {type(app.stack.top).__name__}")


def focus_on(app, element, press):
    """Press (a key or pad button) until the top scene's focus ring is on `element`."""
    for _ in range(16):
        if app.stack.top.ring.focused.element is element:
            return
        press()
    raise AssertionError(f"focus never reached {getattr(element, 'text', element)!r}")


# Choosing and entering moves ----------------------------------------------------------------
def choose(moves, rng):
    """Any legal move, with a fair share of scares to the side that move in."""
    side = [m for m in moves if m.move_in]
    return rng.choice(side) if side and rng.below(2) else rng.choice(moves)


def steer(play, cell, press):
    """Arrow the field cursor onto `cell` (x wraps; y is from the bottom)."""
    if not play.pick.cursor_visible:
        press("right")  # the first press only shows the cursor
    for _ in range(24):
        (cx, cy), (tx, ty) = play.pick.cursor, cell
        if (cx, cy) == (tx, ty):
            return
        press("right" if cx < tx else "left" if cx > tx else "up" if cy < ty else "down")
    raise AssertionError(f"cursor stuck at {play.pick.cursor}, wanted {cell}")


def by_buttons(play, move, press):
    """Keyboard or gamepad: cursor to the scarer, select, cursor to the target, select."""
    steer(play, move.scarer, press)
    press("select")
    assert play.pick.selected == move.scarer
    steer(play, move.target, press)
    if move.move_in and not move.vertical:
        press("toggle")
        assert play.pick.move_in
    press("select")


def play_to_scores(app, enter, hand_over, rng_seed, after_move=None, at_the_end=None):
    """Answer every hand-over, enter a legal move every turn, until the scores are shown."""
    rng = Rng(rng_seed)
    played = []
    for _ in range(20_000):
        scene = app.stack.top
        if isinstance(scene, HandoverScene):
            assert scene.player.name == scene_below(app).state.current_player.name
            hand_over(scene)
            assert not isinstance(app.stack.top, HandoverScene), "the hand-over did not close"
            continue
        if isinstance(scene, ScoringScene):
            past_the_guard(app)  # the scores wait for a choice made on them
            return scene, played
        assert isinstance(scene, PlayScene), type(scene).__name__
        if scene.phase == Phase.TURN and scene.director is None:
            move = choose(scene.state.legal_moves(), rng)
            before = len(scene.state.moves)
            enter(scene, move, first=not played)
            assert len(scene.state.moves) == before + 1, f"the input did not play {move}"
            assert scene.state.moves[-1] == move.canonical()
            played.append(move)
            if after_move is not None:
                after_move(scene)
        elif scene.phase.ended and at_the_end is not None:
            at_the_end()
        else:
            pump(app)
    raise AssertionError("the game never reached the scores")


def scene_below(app):
    return app.stack.scenes[-2]


def check_scores(app, scoring, played, names):
    """The scores are the engine's own result of the game the inputs played."""
    replica = new_game(Mode.STANDARD, names, SEED, 0, [None] * len(names))
    for move in played:
        replica, _ = apply(replica, move)
    assert replica.over and scoring.state.over
    assert scoring.state == replica
    assert scoring.state.moves == tuple(m.canonical() for m in played)
    expected = result(replica)
    assert scoring.result.winners == expected.winners and expected.winners
    assert [s.total for s in scoring.result.scores] == [s.total for s in expected.scores]
    for seat in expected.winners:
        assert names[seat] in scoring.heading
    assert any(m.move_in and not m.vertical for m in played), "no move-in was entered"
    assert app.errors == 0


# The three games ----------------------------------------------------------------------------
def test_standard_game_by_mouse(app):
    app.settings.animation_speed = 25.0  # the animations play out, just quickly
    click(app, button(app, "New game").rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.mode is Mode.STANDARD and setup.count == 2
    for entry, name in zip(setup.entries, NAMES, strict=True):
        click(app, entry.rect.center)
        retype(app, name)
    click(app, setup.seed_entry.rect.center)
    type_text(app, str(SEED))
    assert setup.seed_entry.get_text() == str(SEED)
    click(app, button(app, "Start").rect.center)
    assert isinstance(app.stack.top, HandoverScene)
    assert app.stack.top.player.name == "Anna"

    def enter(play, move, first):
        click(app, play.field.layout.center(move.scarer))
        assert play.pick.selected == move.scarer
        if move.move_in and not move.vertical:
            click(app, play.buttons["move_in"].rect.center)  # the panel's "Move in" switch
            assert play.pick.move_in
        click(app, play.field.layout.center(move.target))

    def hand_over(scene):
        click(app, scene.go_button.rect.center)

    # At the end the last field stays a moment, then the scores come on their own.
    scoring, played = play_to_scores(app, enter, hand_over, rng_seed=1)
    check_scores(app, scoring, played, NAMES)
    click(app, button(app, "Menu").rect.center)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


def test_standard_game_by_keyboard_only(app):
    app.settings.animation_speed = 25.0
    title = app.stack.top
    focus_on(app, button(app, "New game"), lambda: key(app, pygame.K_DOWN))
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScene)
    key(app, pygame.K_ESCAPE)  # back out once, and in again
    assert app.stack.top is title
    key(app, pygame.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.mode is Mode.STANDARD and setup.count == 2
    for entry, name in zip(setup.entries, NAMES, strict=True):
        focus_on(app, entry, lambda: key(app, pygame.K_TAB))
        retype(app, name)
        key(app, pygame.K_RETURN)  # Enter finishes the name and moves on
        assert entry.get_text() == name
    focus_on(app, setup.seed_entry, lambda: key(app, pygame.K_DOWN))
    type_text(app, str(SEED))
    focus_on(app, button(app, "Start"), lambda: key(app, pygame.K_TAB))
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, HandoverScene)

    keys = {"right": pygame.K_RIGHT, "left": pygame.K_LEFT, "up": pygame.K_UP,
            "down": pygame.K_DOWN, "select": pygame.K_RETURN, "toggle": pygame.K_TAB}

    def press(what):
        key(app, keys[what])

    def enter(play, move, first):
        if first:  # pick a card, think again with Esc, then the real move
            steer(play, move.scarer, press)
            press("select")
            assert play.pick.selected == move.scarer
            key(app, pygame.K_ESCAPE)
            assert play.pick.selected is None and app.stack.top is play
        by_buttons(play, move, press)

    def hand_over(scene):
        key(app, pygame.K_RETURN)

    scoring, played = play_to_scores(app, enter, hand_over, rng_seed=2,
                                     at_the_end=lambda: key(app, pygame.K_RETURN))
    check_scores(app, scoring, played, NAMES)
    focus_on(app, button(app, "Menu"), lambda: key(app, pygame.K_RIGHT))
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


def test_standard_game_by_gamepad_only(app, monkeypatch):
    # A gamepad cannot type a seed, so the deal is "a fresh shuffle"; make that shuffle fixed.
    monkeypatch.setattr(os, "urandom", lambda n: SEED.to_bytes(n, "little"))
    # Real animation speed: every animation is skipped by a button press instead.
    title = app.stack.top
    focus_on(app, button(app, "New game"), lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.stack.top, SetupScene)
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.stack.top is title
    pad(app, pygame.CONTROLLER_BUTTON_A)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.mode is Mode.STANDARD and setup.count == 2
    focus_on(app, button(app, "Start"), lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.stack.top, HandoverScene)

    buttons = {"right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
               "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
               "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
               "select": pygame.CONTROLLER_BUTTON_A, "toggle": pygame.CONTROLLER_BUTTON_X}

    def press(what):
        pad(app, buttons[what])

    def enter(play, move, first):
        by_buttons(play, move, press)

    def skip(play):
        assert play.director is not None  # mid-animation ...
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        assert play.director is None  # ... and any button finishes it at once

    def hand_over(scene):
        pad(app, pygame.CONTROLLER_BUTTON_A)

    scoring, played = play_to_scores(app, enter, hand_over, rng_seed=3, after_move=skip,
                                     at_the_end=lambda: pad(app, pygame.CONTROLLER_BUTTON_A))
    check_scores(app, scoring, played, ["Player 1", "Player 2"])
    focus_on(app, button(app, "Menu"), lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1
