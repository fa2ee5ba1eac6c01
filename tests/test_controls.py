"""The registry of actions and bindings: defaults without a clash, overrides kept with the
settings, clashes refused, help lines and the README's table made from it."""

import json
from pathlib import Path

import pygame
import pytest

from game.controls import (
    ACTIONS,
    BINDABLE,
    DEFAULT,
    PLACES,
    Binding,
    Controls,
    Device,
    readme_table,
)
from game.settings import Settings

README = Path(__file__).resolve().parents[1] / "README.md"


def down(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def button(b):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=b, instance_id=0)


def test_every_default_binding_reads_back_and_none_clashes_where_both_hold():
    for name, info in ACTIONS.items():
        for text in info.keys + info.pad:
            assert Binding.parse(text).text == Binding.parse(Binding.parse(text).text).text
        for place, contexts in PLACES.items():
            if info.context not in contexts:
                continue
            for other, o in ACTIONS.items():
                if other != name and o.context in contexts:
                    shared = set(DEFAULT.bindings(name)) & set(DEFAULT.bindings(other))
                    assert not shared, (place, name, other)


def test_a_hint_has_one_key_and_one_pad_button_at_every_table():
    # Issue 34: Y is the couch's peek, so the couch's Hint needs another pad button; that one
    # is a hint at the solo table and in the campaign too (one habit for the hand).
    hints = [n for n, info in ACTIONS.items() if info.words == "hint"]
    assert len(hints) > 1
    for device, event in ((Device.KEYBOARD, down), (Device.GAMEPAD, button)):
        shared = set.intersection(*(set(DEFAULT.bindings(n, device)) for n in hints))
        assert shared, device
        for place in ("table", "level"):
            for b in shared:
                assert DEFAULT.action(event(b.code), place) in hints, (device, place)


def test_undo_is_the_same_binding_at_every_table():
    # Issue 36: pad Y was undo at the solo table and hint in the campaign; Ctrl+Z only there.
    for place in ("table", "level"):
        assert DEFAULT.action(button(pygame.CONTROLLER_BUTTON_LEFTSHOULDER), place) == "undo"
        assert DEFAULT.action(down(pygame.K_z, pygame.KMOD_CTRL), place) == "undo"
    assert DEFAULT.action(button(pygame.CONTROLLER_BUTTON_Y), "table") == "peek"
    assert DEFAULT.action(button(pygame.CONTROLLER_BUTTON_Y), "level") == "hint"
    assert DEFAULT.action(down(pygame.K_r, pygame.KMOD_CTRL), "level") == "restart"
    assert DEFAULT.action(down(pygame.K_r), "level") == "redo"


@pytest.mark.parametrize("text", ["", "key:", "key:nokey", "pad:z", "mouse:1", "key:hyper+u",
                                  "key:ctrl+", "\u2028", "key:" + "u" * 10_000])
def test_a_bad_binding_text_is_refused_by_name(text):
    with pytest.raises(ValueError):
        Binding.parse(text)


def test_a_clash_is_refused_and_nothing_changes():
    controls = Controls()
    assert controls.rebind("undo", Device.KEYBOARD, Binding.parse("key:h")) == "hint"
    assert controls.bindings("undo", Device.KEYBOARD) == DEFAULT.bindings("undo", Device.KEYBOARD)
    # Y means the couch's peek and a level's hint: the two never share a table.
    assert controls.rebind("hint", Device.GAMEPAD, Binding.parse("pad:y")) is None
    assert controls.rebind("undo", Device.GAMEPAD, Binding.parse("pad:y")) == "peek"


def test_damaged_overrides_keep_their_defaults_with_a_notice():
    controls = Controls({"undo": ["key:nokey"], "nothing": ["key:u"], "redo": ["key:h"],
                         "hint": ["key:j"]})
    assert "nothing" in controls.notice and "undo" in controls.notice
    assert "redo" in controls.notice  # H is the hint's
    assert controls.bindings("undo") == DEFAULT.bindings("undo")
    assert controls.keys_of("hint", Device.KEYBOARD) == "J"


def test_help_lines_follow_the_bindings():
    controls = Controls()
    names = ("undo", "redo", "hint", "restart")
    key, pad = (controls.help_line(device, names) for device in BINDABLE)
    assert key == "Keys: U\u00a0undo  R\u00a0redo  H\u00a0hint  Ctrl+R\u00a0restart"
    assert pad == "Pad: LB\u00a0undo  RB\u00a0redo  Y\u00a0hint  Back\u00a0restart"
    controls.rebind("undo", Device.KEYBOARD, Binding.parse("key:ctrl+shift+z"))
    assert controls.rebind("hint", Device.GAMEPAD, Binding.parse("pad:x")) == "toggle"  # X: move in
    assert controls.rebind("hint", Device.GAMEPAD, Binding.parse("pad:leftstick")) == "overview"  # L3
    assert controls.rebind("hint", Device.GAMEPAD, Binding.parse("pad:guide")) is None
    assert controls.help_line(Device.KEYBOARD, names).startswith("Keys: Ctrl+Shift+Z\u00a0undo  R\u00a0redo")
    assert "Guide\u00a0hint" in controls.help_line(Device.GAMEPAD, names)


def test_the_readme_controls_table_is_the_registrys():
    assert readme_table() in README.read_text(encoding="utf-8"), \
        "run tools/readme_controls.py"
    for info in ACTIONS.values():
        assert f"| {info.title} |" in readme_table()


def test_overrides_survive_a_restart_through_the_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    controls = Controls()
    assert controls.rebind("undo", Device.KEYBOARD, Binding.parse("key:z")) is None
    assert controls.unbind("undo", Binding.parse("key:u"))
    settings = Settings()
    settings.controls = controls.overrides()
    settings.save()
    assert json.loads((tmp_path / "settings.json").read_text())["controls"] == {
        "undo": ["key:z", "key:backspace", "key:ctrl+z", "pad:leftshoulder"]}
    again, notice = Settings.load()
    assert notice is None
    assert Controls(again.controls).action(down(pygame.K_z), "table") == "undo"
    assert Controls(again.controls).action(down(pygame.K_u), "table") is None


@pytest.mark.parametrize("bad", [[], "undo", {"undo": "key:u"}, {"undo": [1]}])
def test_a_controls_table_of_the_wrong_shape_is_a_damaged_file(tmp_path, monkeypatch, bad):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"controls": bad}))
    settings, notice = Settings.load()
    assert settings == Settings() and "defaults" in notice


def test_a_settings_file_written_before_the_device_enum_still_loads_and_saves_the_same(
        tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    kept = {"undo": ["key:ctrl+shift+z"], "hint": ["key:h", "pad:guide"]}  # as files hold them
    (tmp_path / "settings.json").write_text(json.dumps({"controls": kept}))
    settings, notice = Settings.load()
    controls = Controls(settings.controls)
    assert notice is None and controls.notice is None
    assert [b.device for b in controls.bindings("hint")] == list(BINDABLE)
    assert controls.keys_of("undo", Device.KEYBOARD) == "Ctrl+Shift+Z"
    settings.controls = controls.overrides()
    settings.save()
    assert json.loads((tmp_path / "settings.json").read_text())["controls"] == kept
