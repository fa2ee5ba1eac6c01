"""The field spoken on request at the tables, read through --speech-log: O (or L3) the
overview, C the cursor's column; rebound keys follow the player's settings."""

import pygame

from game.controls import Binding, Device
from game.engine import Mode, new_game
from game.match.field_words import column_words, overview_words
from tests.scenes.test_play import key, name, pad, pump, top
from tests.scenes.test_speech import lines, spoken  # noqa: F401  (the fixture)


def _table(app, state):
    from game.scenes.table.play import table_scene

    app.stack.clear(table_scene(app, state))
    pump(app, 3)
    assert name(app) == "PlayScene"
    return top(app)


def test_the_keys_and_the_pad_speak_the_field_and_the_cursors_column(spoken):  # noqa: F811
    app, log = spoken
    table = _table(app, new_game(Mode.SOLO, ["Sam"], 8))
    key(app, pygame.K_o)
    assert lines(log)[-1] == overview_words(table.state)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_c)
    assert lines(log)[-1] == column_words(table.state, table.pick.cursor[0])
    table.play(table.state.legal_moves()[0])  # the field changes: so does what is said
    pump(app, 40)
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSTICK)
    assert lines(log)[-1] == overview_words(table.state)
    # The column has no pad button of its own (none is free at every table): one is given.
    assert app.input.controls.rebind("column", Device.GAMEPAD, Binding.parse("pad:guide")) is None
    pad(app, pygame.CONTROLLER_BUTTON_GUIDE)
    assert lines(log)[-1] == column_words(table.state, table.pick.cursor[0])


def test_a_rebound_overview_key_is_the_only_one_that_speaks(spoken):  # noqa: F811
    app, log = spoken
    assert app.input.controls.rebind("overview", Device.KEYBOARD, Binding.parse("key:f3")) is None
    assert app.input.controls.unbind("overview", Binding.parse("key:o"))  # taken away
    table = _table(app, new_game(Mode.SOLO, ["Sam"], 5))
    before = len(lines(log))
    key(app, pygame.K_o)
    assert len(lines(log)) == before
    key(app, pygame.K_F3)  # a key nothing else means (F2 is the speech key)
    assert lines(log)[-1] == overview_words(table.state)


def test_the_field_is_spoken_in_a_campaign_level_and_at_a_couch_table(spoken):  # noqa: F811
    from game.campaign.levels import DEFAULT_ROOT, load_campaign
    from game.scenes.solo.level_play import level_scene

    app, log = spoken
    app.stack.clear(level_scene(app, load_campaign(DEFAULT_ROOT).levels[0]))
    pump(app, 3)
    key(app, pygame.K_o)
    assert lines(log)[-1] == overview_words(top(app).state)
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 4, first_player=0)
    from game.scenes.table.play import table_scene

    app.stack.clear(table_scene(app, state))
    pump(app, 3)
    key(app, pygame.K_RETURN)  # the hand-over: "I'm Anna: play"
    pump(app, 2)
    assert name(app) == "PlayScene"
    key(app, pygame.K_o)
    assert lines(log)[-1] == overview_words(top(app).state)
