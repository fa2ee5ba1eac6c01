"""The editor reads the one registry of bindings (game.controls): a rebound key does the work
and the old one no longer does; the help lines under the field name the keys in force."""

from __future__ import annotations

import pygame
import pytest

from game.controls import ACTIONS, PLACES, Binding, Controls, Device
from game.scenes.editor.input import HELP
from tests.scenes.drive import key, pump
from tests.scenes.test_editor import codes, open_editor


@pytest.fixture
def app(menu_app):
    yield menu_app
    menu_app.input.controls = Controls()  # the module's App goes on with the defaults


def test_every_editor_action_is_read_by_the_editor_and_named_in_its_help(app):
    mine = {name for name, info in ACTIONS.items() if info.context == "editor"}
    assert mine and mine <= set(open_editor(app).commands) | {"edit_buttons"}
    assert set(HELP) <= {name for name, info in ACTIONS.items()
                         if info.context in PLACES["editor"]}


def test_a_rebound_remove_key_takes_the_card_away_and_the_help_line_says_so(app, monkeypatch):
    from game.render import fit

    controls = Controls()
    assert controls.rebind("edit_remove", Device.KEYBOARD, Binding.parse("key:k")) is None
    assert controls.unbind("edit_remove", Binding.parse("key:delete"))
    app.input.controls = controls
    drawn = []
    real = fit.draw
    monkeypatch.setattr(fit, "draw",
                        lambda surface, assets, words, *a, **k: drawn.append(words)
                        or real(surface, assets, words, *a, **k))
    editor = open_editor(app)
    key(app, pygame.K_RETURN)  # a yellow elephant on a1
    assert codes(editor)[0] == ["YE"]
    key(app, pygame.K_DELETE)  # the key taken away: nothing
    assert codes(editor)[0] == ["YE"]
    key(app, pygame.K_k)
    assert codes(editor)[0] == []
    editor.dirty = True
    pump(app)
    drawn = [w.replace("\u00a0", " ") for w in drawn]
    help_lines = [w for w in drawn if w.startswith("Keys: ")]
    assert help_lines and "K remove" in help_lines[-1] and "Delete remove" not in help_lines[-1]
    assert any(w.startswith("Pad: ") and "Y remove" in w for w in drawn)


def test_an_editor_key_that_clashes_in_the_editor_is_refused_and_one_elsewhere_is_not():
    controls = Controls()
    assert controls.rebind("edit_remove", Device.KEYBOARD, Binding.parse("key:t")) == "edit_target"
    assert controls.keys_of("edit_remove", Device.KEYBOARD) == "Delete / Backspace / X"
    # H is the hint's at a level's table, never in the editor: free to take here.
    assert controls.rebind("edit_remove", Device.KEYBOARD, Binding.parse("key:h")) is None
