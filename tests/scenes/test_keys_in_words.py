"""On the screens, the keys named are the keys bound (issue 44): the hand-over's named peek key
peeks, the couch banner's keys for moving in move in, and the lesson names the player's keys,
each pressed here as the words name it, with the defaults and after a remap."""

from __future__ import annotations

import pygame
import pytest

from game.controls import ACTIONS, BUTTONS, DEFAULT, KEYS, Binding, Controls, Device
from game.engine import Mode, new_game
from game.render import fit
from game.scenes.table.view import snapshot
from game.ui import look
from tests.scenes.drive import name, post, pump
from tests.scenes.test_play import KEYS as ARROWS
from tests.scenes.test_play import PAD as DPAD
from tests.scenes.test_play import _steer
from tests.test_keys_in_words import KINDS, fresh, labels, named


@pytest.fixture
def app(menu_app):
    yield menu_app
    menu_app.input.controls = Controls()


def drawn(app, monkeypatch) -> str:
    """Every line of words the screen draws now."""
    texts = []

    def spying(real, at):
        def spy(*args, **kwargs):
            texts.append(str(args[at]))
            return real(*args, **kwargs)
        return spy

    for module, function, at in ((fit, "draw", 2), (look, "put", 2), (look, "fitted", 1)):
        monkeypatch.setattr(module, function, spying(getattr(module, function), at))
    app.stack.top.dirty = True
    app.draw()
    monkeypatch.undo()
    return "\n".join(texts)


def binding_named(label: str, device: str) -> Binding:
    """The key or button a player reading `label` would press."""
    codes = BUTTONS.values() if device == Device.GAMEPAD else KEYS.values()
    plain = [Binding(device, c) for c in codes if c >= 0]
    bound = [b for n in ACTIONS for b in DEFAULT.bindings(n, device)]
    return next(b for b in plain + bound if b.label() == label)


def down(binding: Binding) -> None:
    if binding.device == Device.GAMEPAD:
        post(pygame.CONTROLLERBUTTONDOWN, button=binding.code, instance_id=0)
    else:
        post(pygame.KEYDOWN, key=binding.code, mod=0, unicode="", scancode=0)


def up(binding: Binding) -> None:
    if binding.device == Device.GAMEPAD:
        post(pygame.CONTROLLERBUTTONUP, button=binding.code, instance_id=0)
    else:
        post(pygame.KEYUP, key=binding.code, mod=0, unicode="", scancode=0)


def tap(app, binding: Binding) -> None:
    down(binding)
    up(binding)
    pump(app, 1)


def couch(app, kind: str, controls: Controls):
    """A couch game of two people, its first hand-over on top."""
    from game.scenes.table.play import table_scene

    app.input.controls = controls
    app.input.device = kind
    app.stack.clear(table_scene(app, new_game(Mode.STANDARD, ["Anna", "Ben"], 3)))
    pump(app, 2)
    assert name(app) == "HandoverScene"
    return app.stack.top


@pytest.mark.parametrize("remap", [False, True], ids=["defaults", "remapped"])
@pytest.mark.parametrize("kind", KINDS)
def test_the_hand_overs_named_peek_key_peeks(app, monkeypatch, kind, remap):
    device = kind
    controls = Controls()
    if remap:
        fresh(controls, "handover_peek", device)
    handover = couch(app, kind, controls)
    words = drawn(app, monkeypatch)
    keys = set(named(words, labels(device)))
    assert keys, f"the hand-over names no {device}: {words!r}"
    for label in keys:
        binding = binding_named(label, device)
        down(binding)
        pump(app, 2)
        assert app.stack.top is handover, f"{label} left the hand-over: {words!r}"
        assert handover.peek.active, f"holding {label} shows no card: {words!r}"
        up(binding)
        pump(app, 1)
        handover.peek.stop()


@pytest.mark.parametrize("kind", KINDS)
def test_the_banners_keys_for_moving_in_move_in(app, kind):
    device = kind
    controls = Controls()
    old = {n: controls.bindings(n, device)[0].label() for n in ("select", "toggle")}
    fresh(controls, "toggle", device)
    if device == Device.KEYBOARD:  # a pad has no button left for Choose (it holds everywhere)
        fresh(controls, "select", device)
    couch(app, kind, controls).done()
    pump(app, 1)
    play = app.stack.top
    move = next(m for m in play.state.legal_moves() if m.move_in and not m.vertical)
    steer = {Device.KEYBOARD: ARROWS, Device.GAMEPAD: DPAD}[device]
    select, toggle = (controls.bindings(n, device)[0] for n in ("select", "toggle"))
    _steer(app, play, move.scarer, lambda what: tap(app, Binding(device, steer[what])))
    tap(app, select)
    assert play.pick.selected == move.scarer
    hint = snapshot(play).hint
    said = named(hint, labels(device) | {select.label(), toggle.label()})
    assert select.label() in said and toggle.label() in said, hint
    for action in ("select", "toggle"):
        if controls.bindings(action, device)[0].label() != old[action]:
            assert old[action] not in said, hint
    tap(app, toggle)
    assert play.pick.move_in
    _steer(app, play, move.target, lambda what: tap(app, Binding(device, steer[what])))
    moves = len(play.state.moves)
    tap(app, select)
    pump(app, 2)
    assert len(play.session.state.moves) == moves + 1 or play.director is not None


# One remap at a time: a pad has one button no action has (Guide), and none left for Choose.
@pytest.mark.parametrize(("kind", "action"), [(k, a) for k in KINDS for a in ("select", "toggle", "peek")
                                              if (k, a) != ("gamepad", "select")])
def test_the_lesson_names_the_players_keys(app, monkeypatch, kind, action):
    from game.match import lesson
    from game.scenes.registry import open_screen

    device = kind
    controls = Controls()
    old = controls.bindings(action, device)[0].label()
    fresh(controls, action, device)
    new = {n: controls.bindings(n, device)[0].label() for n in ("select", "toggle", "peek")}
    app.input.controls = controls
    app.input.device = kind
    open_screen(app, "lesson")
    scene = app.stack.top
    coach = scene.kind.coach
    words = [drawn(app, monkeypatch)]  # the first step: its words and how to say "Got it"
    for index, step in enumerate(lesson.STEPS):
        coach.step = index
        words.append(coach.words(scene.state, kind))
        if step.does == lesson.PLAY and lesson.LINE_MOVES[step.ply].move_in:
            said = named(words[-1], labels(device) | set(new.values()))
            assert new["select"] in said and new["toggle"] in said, words[-1]
        if step.does == lesson.PEEK:
            assert new["peek"] in named(words[-1], labels(device) | {new["peek"]}), words[-1]
    assert old not in named("\n".join(words), labels(device)), words
    coach.step = 0
    tap(app, controls.bindings("select", device)[0])  # "Got it", as the words say
    assert coach.step == 1
