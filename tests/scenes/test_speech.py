"""The table that speaks, read through --speech-log: a keyboard-only game's moves in words and
its result; task cards only after the hand-over; and the player's own bindings at the table."""

import pygame
import pytest

from game.controls import Device
from game.engine import Mode, apply, new_game
from game.match.spoken import move_words
from game.ui.task_cards import task_words
from tests.scenes.drive import end_started
from tests.scenes.test_play import key, name, play_game, pump, top


@pytest.fixture
def spoken(tmp_path, monkeypatch):
    """An App whose every spoken line goes to a log (the voice itself stays off)."""
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    from game.app import App

    log = tmp_path / "speech.log"
    app = App(frames=1, windowed=True, speech_log=log)
    app.raise_errors = True
    app.settings.animation_speed = 25.0
    app.settings.computer_pace = 0.0
    yield app, log
    pygame.quit()


def lines(log):
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_a_keyboard_game_is_heard_move_by_move_to_its_result(spoken):
    app, log = spoken
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 3, first_player=0, bots=[None, "easy"])
    scene, played = play_game(app, state, "keyboard", seed=2)
    assert name(app) == "ScoringScene" and played > 0
    heard = lines(log)
    said, before = [], state
    for move in scene.state.moves:  # the game as played, from the deal
        after, events = apply(before, move)
        said.append(move_words(before, move, events))
        before = after
    assert said and all(words in heard for words in said)  # Ben's moves too, in turn
    positions = [heard.index(words) for words in said]
    assert positions == sorted(positions)
    assert top(app).heading in heard  # "Anna wins!", or the tie
    assert "Turn: Anna" in heard and any("; can scare " in line for line in heard)  # the cursor


def test_a_couch_game_is_heard_with_task_cards_only_after_each_hand_over(spoken):
    """Two people at one screen, keyboard only, each peeking at the table every turn: every
    "Your task cards" line follows "Pass to <name>" and "I'm <name>: play" with no other
    player's hand-over between; the moves and the result are heard."""
    app, log = spoken
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 5, first_player=0)
    scene, played = play_game(app, state, "keyboard", seed=3,
                              on_turn=lambda table: key(app, pygame.K_p, hold=2))
    assert name(app) == "ScoringScene" and played > 2
    heard = lines(log)
    tasks = [i for i, line in enumerate(heard) if line.startswith("Your task cards")]
    assert len(tasks) == played
    for i in tasks:
        handed = [j for j in range(i) if heard[j].startswith("Pass to ")]
        assert handed, "task cards heard before any hand-over"
        who = heard[handed[-1]].removeprefix("Pass to ")
        assert f"I'm {who}: play" in heard[handed[-1]:i]
        tables = scene.state.players
        mine = next(p for p in tables if p.name == who)
        assert all(task_words(t) in heard[i] for t in mine.tasks)
    assert any(line.startswith("Ben: ") and "scared" in line for line in heard)
    result = top(app)
    points = [f"{p.name}: {s.total} point" for p, s in zip(result.state.players,
                                                          result.result.scores, strict=True)]
    assert result.heading in heard
    after = heard[heard.index(result.heading):]
    assert all(any(line.startswith(words) for line in after) for words in points)


def test_a_campaign_level_is_heard_to_its_result(spoken):
    from game.campaign.levels import DEFAULT_ROOT, load_campaign
    from game.scenes.solo.level_play import level_scene
    from tests.scenes.test_play import by_keyboard

    app, log = spoken
    level = load_campaign(DEFAULT_ROOT).levels[0]
    app.stack.clear(level_scene(app, level))
    pump(app, 2)
    table = top(app)
    before = table.state
    move = before.legal_moves()[0]
    by_keyboard(app, table, move)
    for _ in range(400):
        if name(app) == "LevelResultScene":
            break
        pump(app, 1)
    assert name(app) == "LevelResultScene"
    heard = lines(log)
    assert level.hint in heard  # the level's teaching line, as a sighted player reads it
    assert move_words(before, move, apply(before, move)[1]) in heard
    assert top(app).heading in heard


def test_task_cards_are_spoken_only_at_the_table_after_the_hand_over(spoken):
    from game.scenes.table.play import table_scene

    app, log = spoken
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 4, first_player=0)
    app.stack.clear(table_scene(app, state))
    pump(app, 3)
    assert name(app) == "HandoverScene"
    key(app, pygame.K_p, hold=3)  # a peek on the hand-over screen: shown, never said
    assert "Pass to Anna" in lines(log)
    assert not any(line.startswith("Your task cards") for line in lines(log))
    key(app, pygame.K_RETURN)  # "I'm Anna: play"
    pump(app, 2)
    assert name(app) == "PlayScene"
    key(app, pygame.K_p, hold=2)
    heard = lines(log)
    tasks = [line for line in heard if line.startswith("Your task cards")]
    assert len(tasks) == 1 and heard.index(tasks[0]) > heard.index("Pass to Anna")


def test_a_rebinding_changes_what_the_table_does_and_survives_a_restart(tmp_path, monkeypatch):
    from game.controls import Binding, Controls
    from game.scenes.table.play import table_scene
    from tests.scenes.drive import new_app

    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    app = new_app()
    controls = app.input.controls
    assert controls.rebind("undo", Device.KEYBOARD, Binding.parse("key:z")) is None
    assert controls.unbind("undo", Binding.parse("key:u"))
    app.settings.controls = controls.overrides()
    app.settings.save()
    app = new_app()  # a restart: the binding comes back from the settings file
    assert app.input.controls.keys_of("undo", Device.KEYBOARD) == "Z / Backspace / Ctrl+Z"
    assert isinstance(app.input.controls, Controls)
    state = new_game(Mode.SOLO, ["Sam"], 8)
    app.stack.clear(table_scene(app, state))
    pump(app, 2)
    play = top(app)
    play.play(play.state.legal_moves()[0])
    pump(app, 30)
    assert len(play.state.moves) == 1
    key(app, pygame.K_u)  # the key taken away does nothing now
    pump(app, 2)
    assert len(play.state.moves) == 1
    key(app, pygame.K_z)
    pump(app, 2)
    assert play.state.moves == ()
    end_started()


def test_rebinding_in_the_controls_scene_by_posted_events(tmp_path, monkeypatch):
    """Settings → Accessibility → Controls: focus undo's key, press Enter, then Ctrl+Shift+Z:
    it joins undo's keys, first, and the settings file keeps it; H (the hint's) is refused
    and nothing changes."""
    import json

    from game.scenes.settings.controls import ControlsScene
    from tests.scenes.drive import new_app

    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    app = new_app("keyboard")
    app.stack.clear(ControlsScene(app))
    pump(app, 2)
    scene = top(app)
    while ("undo", Device.KEYBOARD) not in scene.cells:  # turn the pages with the keyboard
        scene.ring.focus(scene.pager)
        key(app, pygame.K_RIGHT)
    scene.ring.focus(scene.cells[("undo", Device.KEYBOARD)])
    key(app, pygame.K_RETURN)
    assert scene.listening == ("undo", Device.KEYBOARD)
    key(app, pygame.K_h)  # the hint's key, where undo also holds: refused
    assert "already means" in scene.note
    assert app.input.controls.keys_of("undo", Device.KEYBOARD) == "U / Backspace / Ctrl+Z"
    scene.ring.focus(scene.cells[("undo", Device.KEYBOARD)])
    key(app, pygame.K_RETURN)
    post_ctrl = pygame.KMOD_CTRL | pygame.KMOD_SHIFT
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=post_ctrl,
                                         unicode="", scancode=0))  # half a binding: waited on
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=post_ctrl,
                                         unicode="", scancode=0))
    pump(app, 2)
    assert scene.listening is None
    assert app.input.controls.keys_of("undo", Device.KEYBOARD) == "Ctrl+Shift+Z / U / Backspace / Ctrl+Z"
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["controls"]["undo"] == ["key:ctrl+shift+z", "key:u", "key:backspace",
                                         "key:ctrl+z", "pad:leftshoulder"]
    assert top(app).cells[("undo", Device.KEYBOARD)].text.startswith("Ctrl+Shift+Z / U")
    end_started()
