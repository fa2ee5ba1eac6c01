"""Settings -> Accessibility -> Controls driven by posted events only: the new key (and not the
one taken away) is what the solo table and the pad's rebinding are after a restart; a clash
is refused and changes nothing."""

from __future__ import annotations

import pygame
import pytest

from game.controls import Device
from game.engine import Mode, new_game
from tests.scenes.test_play import key, pad, pump, top


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    yield tmp_path
    from tests.scenes.drive import end_started
    end_started()


def _rebind(app, action: str, device: str, press) -> str:
    """Open the Controls page, walk to the action's cell by keys, Enter, then `press()`."""
    from game.scenes.settings.controls import ControlsScene

    app.stack.clear(ControlsScene(app))
    pump(app, 2)
    scene = top(app)
    for _ in range(10):
        if (action, device) in scene.cells:
            break
        scene.ring.focus(scene.pager)
        key(app, pygame.K_RIGHT)
    scene.ring.focus(scene.cells[(action, device)])
    key(app, pygame.K_RETURN)
    assert scene.listening == (action, device)
    press()
    pump(app, 2)
    return scene.note


def _solo_table_with_a_move(app):
    from game.scenes.table.play import table_scene

    app.stack.clear(table_scene(app, new_game(Mode.SOLO, ["Sam"], 8)))
    pump(app, 2)
    table = top(app)
    table.play(table.state.legal_moves()[0])
    pump(app, 30)
    assert len(table.state.moves) == 1
    return table


def test_a_key_and_a_button_rebound_on_the_page_work_at_the_table_after_a_restart(prefs):
    from tests.scenes.drive import new_app

    app = new_app("keyboard")
    _rebind(app, "undo", Device.KEYBOARD, lambda: key(app, pygame.K_j))
    _rebind(app, "undo", Device.KEYBOARD, lambda: key(app, pygame.K_u))  # one it has: taken away
    _rebind(app, "redo", Device.GAMEPAD, lambda: pad(app, pygame.CONTROLLER_BUTTON_GUIDE))
    _rebind(app, "redo", Device.GAMEPAD, lambda: pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER))
    note = _rebind(app, "redo", Device.KEYBOARD, lambda: key(app, pygame.K_j))  # undo's new key: refused
    assert "already means" in note
    assert app.input.controls.keys_of("redo", Device.KEYBOARD) == "R / Ctrl+Y"
    app = new_app("keyboard")  # a restart: the bindings come back from the settings file
    table = _solo_table_with_a_move(app)
    key(app, pygame.K_u)  # undo's old key: nothing now
    pump(app, 2)
    assert len(table.state.moves) == 1
    key(app, pygame.K_j)
    pump(app, 2)
    assert table.state.moves == ()
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # redo's old button: nothing
    pump(app, 2)
    assert table.state.moves == ()
    pad(app, pygame.CONTROLLER_BUTTON_GUIDE)
    pump(app, 30)
    assert len(table.state.moves) == 1
