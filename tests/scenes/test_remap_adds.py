"""A remap adds a key beside the action's others, first (the one help lines name); the Controls
page takes one away when the player presses a key the action has, never its last (issue 50,
finding 11)."""

from __future__ import annotations

import pygame
import pytest

from game.controls import DEFAULT, Binding, Controls, Device
from game.scenes.table.kind import SIDE_HOW
from tests.scenes.drive import key as key_with
from tests.scenes.test_play import key, pump
from tests.scenes.test_rebind_restart import _rebind, _solo_table_with_a_move


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    yield tmp_path
    from tests.scenes.drive import end_started
    end_started()


def test_a_remap_adds_the_key_first_and_keeps_the_others():
    controls = Controls()
    before = DEFAULT.bindings("undo", Device.KEYBOARD)
    assert len(before) >= 2  # U, Backspace, Ctrl+Z
    j = Binding.parse("key:j")
    assert controls.rebind("undo", Device.KEYBOARD, j) is None
    assert controls.bindings("undo", Device.KEYBOARD) == (j, *before)
    assert controls.help_line(Device.KEYBOARD, ["undo"]) == DEFAULT.help_line(Device.KEYBOARD, ["undo"]).replace(
        before[0].label(), j.label())
    assert controls.bindings("undo", Device.GAMEPAD) == DEFAULT.bindings("undo", Device.GAMEPAD)
    assert Controls(controls.overrides()).bindings("undo", Device.KEYBOARD) == (j, *before)  # kept


def test_a_key_is_taken_away_but_never_the_last_one():
    controls = Controls()
    keys = list(controls.bindings("undo", Device.KEYBOARD))
    while len(keys) > 1:
        assert controls.unbind("undo", keys.pop())
        assert controls.bindings("undo", Device.KEYBOARD) == tuple(keys)
    assert not controls.unbind("undo", keys[0])
    assert controls.bindings("undo", Device.KEYBOARD) == tuple(keys)


def test_the_couch_banner_names_the_new_move_in_key(prefs):
    from tests.scenes.drive import new_app

    app = new_app("keyboard")
    _rebind(app, "toggle", Device.KEYBOARD, lambda: key(app, pygame.K_m))
    words = SIDE_HOW.words(app.input.controls, "keyboard")
    assert "M" in words.replace("\u00a0", " ").split() and "Tab" not in words, words
    assert Binding.parse("key:tab") in app.input.controls.bindings("toggle", Device.KEYBOARD)


def test_on_the_controls_page_a_key_is_added_then_taken_away(prefs):
    from tests.scenes.drive import new_app

    app = new_app("keyboard")
    note = _rebind(app, "undo", Device.KEYBOARD, lambda: key(app, pygame.K_j))
    assert "J" in note
    assert app.input.controls.keys_of("undo", Device.KEYBOARD) == "J / U / Backspace / Ctrl+Z"
    note = _rebind(app, "undo", Device.KEYBOARD, lambda: key(app, pygame.K_u))  # one it has: away
    assert "taken away" in note
    assert app.input.controls.keys_of("undo", Device.KEYBOARD) == "J / Backspace / Ctrl+Z"
    for k, mod in ((pygame.K_BACKSPACE, 0), (pygame.K_z, pygame.KMOD_CTRL)):
        _rebind(app, "undo", Device.KEYBOARD, lambda k=k, mod=mod: key_with(app, k, mod))
    note = _rebind(app, "undo", Device.KEYBOARD, lambda: key(app, pygame.K_j))  # the last: it stays
    assert "last" in note
    assert app.input.controls.keys_of("undo", Device.KEYBOARD) == "J"
    app = new_app("keyboard")  # a restart: as the page left them
    table = _solo_table_with_a_move(app)
    key(app, pygame.K_u)  # taken away: nothing
    pump(app, 2)
    assert len(table.state.moves) == 1
    key(app, pygame.K_j)
    pump(app, 2)
    assert table.state.moves == ()
