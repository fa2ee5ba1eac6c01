"""Words that name a key or a pad button name the one the controls registry has for that action,
where the words are read, after any remap (issue 44): every such line is a KeyedLine (the
registry of them is walked here), and no other message of the game types a key's name."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import game
from game import controls as registry
from game.controls import (
    ACTIONS,
    BINDABLE,
    BUTTONS,
    DEFAULT,
    KEYS,
    MODIFIERS,
    PLACES,
    Binding,
    Controls,
    Device,
)
from tests.tool import load_tool

KINDS = BINDABLE  # the registry's devices that have keys or buttons
# Not keys: a mode's guide calls the teams A and B.
NOT_KEYS = ("take turns: A, B, A, B",)


def every_line() -> list:
    """Every module of the game imported (each keyed line registers itself), then the registry."""
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name != "game.__main__":
            importlib.import_module(info.name)
    return list(registry.KEYED_LINES)


def labels(device: str | None = None) -> set[str]:
    """What any key or button is called on screen (words, not signs or digits)."""
    names = {Binding(Device.GAMEPAD, code).label() for code in BUTTONS.values() if code >= 0} \
        if device in (None, Device.GAMEPAD) else set()
    if device in (None, Device.KEYBOARD):
        names |= {Binding(Device.KEYBOARD, code).label() for code in KEYS.values()}
        names |= {b.label() for name in ACTIONS for b in DEFAULT.bindings(name, Device.KEYBOARD)}
    return {n for n in names if re.search(r"[A-Za-z]", n)}


def named(text: str, names) -> list[str]:
    """The key or button names in `text` used as names: inside a sentence, not as its first
    word ("A field holds..." is no key; "press A" is)."""
    text = text.replace("\u00a0", " ")
    alt = "|".join(sorted((re.escape(n) for n in names), key=len, reverse=True))
    mods = "|".join(re.escape(Binding.parse(f"key:{m}+a").label()[:-2]) for m in MODIFIERS)
    found = []
    for hit in re.finditer(rf"(?<![\w+-])(?:(?:{mods})\+)*(?:{alt})(?![\w+-])", text):
        before = text[:hit.start()].rstrip(" \u201c\"(")
        if before and before[-1] not in ".!?\n":
            found.append(hit.group())
    return found


def fresh(controls: Controls, name: str, device: str) -> Binding:
    """A binding for `name` on `device` that the registry accepts and no action has by default
    (else one another action has elsewhere), not its own: the remap a player might make."""
    own = set(controls.bindings(name, device))
    used = {b for n in ACTIONS for b in DEFAULT.bindings(n, device)}
    codes = sorted(BUTTONS.values() if device == Device.GAMEPAD else
                   (KEYS[k] for k in KEYS if len(k) == 1 and k.isalpha()))
    candidates = [Binding(device, c) for c in codes if c >= 0]
    candidates.sort(key=lambda b: b in used)  # a key no action has, first
    for binding in candidates:
        trial = Controls(controls.overrides())  # the remaps made so far stay
        if binding not in own and trial.rebind(name, device, binding) is None:
            assert controls.rebind(name, device, binding) is None
            return binding
    raise AssertionError(f"no binding left for {name} on {device}")


def fill(line) -> dict:
    """The line's own slots (not keys) filled with a word that names no key."""
    return {slot: "slot" for slot in line.slots if slot not in ACTIONS}


def test_every_line_that_names_a_key_is_in_the_registry():
    """No message of the game types a key's or a button's name into a sentence: the key goes
    in through a keyed line's slot, filled from the controls registry."""
    template = load_tool("translations").extract()
    typed = []
    for message in template:
        if not message.id or {loc[0] for loc in message.locations} <= {"game/controls.py"}:
            continue  # the registry's own names of keys and actions
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            if any(words in text for words in NOT_KEYS):
                continue
            found = named(text, labels())
            if found:
                typed.append(f"{message.locations[0][0]}: {text!r} types {found}")
    assert not typed, "\n".join(typed)


def test_the_registry_of_keyed_lines_is_marked_for_translation():
    lines = every_line()
    assert len(lines) >= 6  # the hand-over, the banner, the lesson, the replay, ...
    ids = {m.id for m in load_tool("translations").extract()}
    for line in lines:
        for text in (line.keys, line.pad, line.mouse):
            assert not text or text in ids, text


@pytest.mark.parametrize("kind", KINDS)
def test_every_keyed_line_names_the_registrys_key_after_any_remap(kind):
    device = kind
    for line in every_line():
        assert line.actions, line.keys
        for name in line.actions:  # the action holds where the line is read
            assert ACTIONS[name].context in PLACES[line.place], (line.keys, name)
        if not all(DEFAULT.bindings(name, device) for name in line.actions):
            continue  # nothing bound on this device (the speech key is a key only): no words
        default = line.words(Controls(), kind, **fill(line))
        for name in line.actions:
            assert DEFAULT.bindings(name, device)[0].label() in default.replace("\u00a0", " ")
            controls = Controls()
            old = controls.bindings(name, device)[0].label()
            new = fresh(controls, name, device)
            words = line.words(controls, kind, **fill(line)).replace("\u00a0", " ")
            assert new.label() in named(words, labels(device) | {new.label()}), (words, name)
            still = {controls.bindings(n, device)[0].label() for n in line.actions if n != name}
            assert old in still or old not in named(words, labels(device)), (words, name, old)


@pytest.mark.parametrize("kind", KINDS)
def test_an_action_with_no_key_there_gets_the_mouses_words(kind):
    for line in every_line():
        mouse = line.words(Controls(), Device.MOUSE, **fill(line))
        assert not named(mouse, labels()), mouse
        for name in line.actions:
            bare = Controls({name: [b.text for b in DEFAULT.bindings(name)
                                    if b.device != kind]})
            assert line.words(bare, kind, **fill(line)) == mouse, (line.keys, name)
