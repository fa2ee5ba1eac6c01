"""Every mode explained, teams without colour, pause at the hand-over, and the learner's helps
(issue 34), driven by posted events where a player would act."""

import json

import pygame
import pytest

from game.controls import BINDABLE, Device
from game.engine import Mode, Move, apply, new_game
from game.engine.cards import parse_card
from game.engine.position import Position
from game.engine.scoring import result
from game.engine.state import COLUMN_EMPTIED, NO_MOVE, initial_state
from game.scenes.table.view import snapshot
from tests.scenes.drive import click, key, name, pump


# Every mode explained -----------------------------------------------------------------------
def test_every_mode_has_a_line_and_a_page():
    from game.match.mode_guide import summary
    from game.scenes.learn.how_to_play import mode_pages

    assert mode_pages() == list(Mode)  # every registered mode has its own page
    for mode in Mode:
        assert summary(mode), mode


def _field(columns) -> Position:
    return Position(tuple(tuple(parse_card(c) for c in col) for col in columns), 4)


def _without_empty(position: Position) -> list[list[str]]:
    return [[c.code for c in col] for col in position.columns if col]


# Every mode has a column example but the two whose page counts points instead: a new mode
# fails here until its page has one.
@pytest.mark.parametrize("value", [m.value for m in Mode if m not in (Mode.STANDARD, Mode.TEAMS)])
def test_each_column_example_is_the_game_played(value):
    """The page's pictures follow from each other by the engine's own moves, and the last one
    is how that mode ends (a column empty, or no scare left)."""
    from game.scenes.learn.mode_demos import COLUMN_EXAMPLES

    pictures = COLUMN_EXAMPLES[value]
    mode = Mode.parse(value)
    state = initial_state(_field(pictures[0][0]), mode.rules)
    for i, (columns, scare, _caption) in enumerate(pictures):
        assert _without_empty(state.position) == [c for c in columns if c], (value, i)
        if scare is not None:
            state, _events = apply(state, Move(scare[0], scare[1]))
    assert state.over == (NO_MOVE if mode.solo else COLUMN_EMPTIED)


def test_scoring_examples_count_as_the_game_does():
    from game.engine.cards import Animal, Colour
    from game.engine.scoring import score_player
    from game.engine.state import Player
    from game.scenes.learn.mode_demos import LEFT, PAIRS, points

    cards = [parse_card(c) for c in LEFT]
    for _name, tasks in PAIRS:
        animal = next(a for a in Animal if a.letter == tasks[0][-1])
        colour = next(c for c in Colour if c.letter == tasks[1][-1])
        player = Player("x", (animal, colour))
        assert sum(points(tasks, c) for c in LEFT) == score_player(player, cards).total


def test_how_to_play_turns_through_every_page_by_keyboard(app):
    from game.scenes.learn.how_to_play import HowToPlayScene, page_count

    app.stack.clear(HowToPlayScene(app))
    pump(app)
    for _ in range(page_count() + 2):  # past the last page it stays there
        key(app, pygame.K_PAGEDOWN)
        pump(app, 10)
    assert app.stack.top.page == page_count() - 1


def test_new_game_cycles_only_the_couch_modes(app):
    from game.scenes.table.setup import SetupScene

    app.push(SetupScene(app))
    pump(app)
    scene = app.stack.top
    seen = set()
    for _ in range(len(Mode) * 2):
        click(app, (scene.mode_button.rect.right - 20, scene.mode_button.rect.centery))
        seen.add(scene.mode)
    assert seen == {m for m in Mode if m.couch}
    assert not any(m.solo for m in seen)


def test_new_game_never_opens_on_a_solo_mode(app):
    from game.scenes.table.setup import SetupScene

    app.forget_setup_memory()
    app.push(SetupScene(app))
    app.stack.top.memory["mode"] = Mode.SOLO
    app.push(SetupScene(app))
    assert app.stack.top.mode.couch


# Teams without colour ------------------------------------------------------------------------
def test_teams_are_named_by_letter_at_the_end(app):
    from game.scenes.table.scoring import ScoringScene

    state = new_game(Mode.TEAMS, ["Anna", "Ben", "Cleo", "Dan"], 3, 0, [None] * 4)
    while not state.over:
        state, _ = apply(state, state.legal_moves()[0])
    app.stack.clear(ScoringScene(app, state, lambda s: None))
    pump(app)
    winners = result(state).winners
    team = state.players[winners[0]].team
    assert f"Team {'AB'[team]}" in app.stack.top.heading


def test_one_card_peek_never_speaks_of_matching_both():
    from game.ui.task_cards import scoring_lines

    for mode, n in ((Mode.TEAMS, 4), (Mode.ALL_INCLUDED_YOUNG, 3), (Mode.ALL_INCLUDED, 3),
                    (Mode.STANDARD, 2)):
        state = new_game(mode, [f"P{i}" for i in range(n)], 1, 0, [None] * n)
        for player in state.players:
            words = " ".join(scoring_lines(player))
            assert ("both" in words) == (len(player.tasks) == 2), (mode, words)


# Pause from the hand-over ------------------------------------------------------------------------
def test_escape_on_the_handover_pauses_and_resume_comes_back(app):
    from game.scenes.table.play import table_scene

    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 5, 0, [None, None])
    app.stack.clear(table_scene(app, state))
    pump(app, 3)
    assert name(app) == "HandoverScene"
    key(app, pygame.K_ESCAPE)
    assert name(app) == "PauseScene"
    assert not app.stack.scenes[-2].peek.active  # the hand-over beneath shows no card
    key(app, pygame.K_ESCAPE)  # resume
    assert name(app) == "HandoverScene"


# The learner's helps -------------------------------------------------------------------------
def _table(app, state, **helps):
    from game.scenes.table.play import table_scene

    for field in ("help_peek", "help_points", "help_end", "help_hint"):
        setattr(app.settings, field, helps.get(field, False))
    table = table_scene(app, state)
    app.stack.clear(table)
    pump(app, 3)
    while app.stack.top is not table:
        key(app, pygame.K_RETURN)  # "I'm Anna: play"
    pump(app, 3)
    return table


def _ending_state():
    """Anna (a person) to move where some scare empties a column, Computer after her."""
    for seed in range(200):
        state = new_game(Mode.STANDARD, ["Anna", "Computer"], seed, 0, [None, "easy"])
        while not state.over:
            from game.match.learner import ends_game

            if state.turn == 0 and any(ends_game(state, m) for m in state.legal_moves()):
                return state
            state, _ = apply(state, state.legal_moves()[-1])
    raise AssertionError("no deal found")


def test_a_move_that_ends_the_game_is_asked_first(app):
    from game.match.learner import ends_game

    state = _ending_state()
    table = _table(app, state, help_end=True)
    move = next(m for m in state.legal_moves() if ends_game(state, m))
    table.play(move)
    pump(app)
    assert name(app) == "ConfirmScene"
    assert len(table.state.moves) == len(state.moves)  # nothing played yet
    key(app, pygame.K_ESCAPE)  # "Not yet"
    assert app.stack.top is table and len(table.state.moves) == len(state.moves)
    table.play(move)
    pump(app)
    click(app, app.stack.top.elements[1].rect.center)  # "Play it"
    pump(app, 5)
    assert table.state.over == COLUMN_EMPTIED


def test_without_the_help_the_ending_move_is_played_at_once(app):
    from game.match.learner import ends_game

    state = _ending_state()
    table = _table(app, state)
    table.play(next(m for m in state.legal_moves() if ends_game(state, m)))
    pump(app, 5)
    assert table.state.over == COLUMN_EMPTIED


def test_points_now_are_the_games_own_scoring():
    from game.match.learner import points_now

    state = new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], 9, 0, [None] * 3)
    while not state.over:
        for seat in range(3):
            assert points_now(state, seat) == \
                result(state).scores[seat].total
        state, _ = apply(state, state.legal_moves()[0])


def test_first_turn_points_at_peek_until_the_player_has_looked(app):
    state = new_game(Mode.STANDARD, ["Anna", "Computer"], 4, 0, [None, "easy"])
    table = _table(app, state, help_peek=True, help_points=True)
    assert snapshot(table).prompting
    assert "Peek" in table.banner.message
    key(app, pygame.K_p)  # hold Peek ...
    pump(app, 2)
    assert table.peek.active
    assert table.learner.points_words(table.state, 0).endswith("now")
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_p, mod=0, unicode="",
                                         scancode=0))
    pump(app, 2)
    assert not snapshot(table).prompting


def test_no_peek_reminder_with_the_help_off(app):
    state = new_game(Mode.STANDARD, ["Anna", "Computer"], 4, 0, [None, "easy"])
    table = _table(app, state)
    assert not snapshot(table).prompting
    assert "Peek" not in table.banner.message


def test_hint_lights_the_hard_computers_legal_move(app):
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 4, 0, [None, None])
    table = _table(app, state, help_hint=True)
    assert table.learner.button.visible
    click(app, table.learner.button.rect.center)
    assert table.pick.hint_move is not None
    assert table.pick.hint_move.canonical() in [m.canonical() for m in table.state.legal_moves()]
    assert table.banner.message.startswith("Hint")


def _pad(app, button):
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=button, instance_id=0))
    pump(app, 2)


@pytest.mark.parametrize("device", BINDABLE)
def test_the_couch_hint_has_its_key_and_pad_button_from_the_registry(app, device):
    from game.controls import DEFAULT

    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 4, 0, [None, None])
    table = _table(app, state, help_hint=True)
    binding = DEFAULT.bindings("couch_hint", device)[0]
    if device == Device.GAMEPAD:  # the pad's Y stays the couch's peek: no hint from it
        _pad(app, pygame.CONTROLLER_BUTTON_Y)
        assert table.pick.hint_move is None
        _pad(app, binding.code)
    else:
        key(app, binding.code)
    assert table.pick.hint_move is not None
    assert table.pick.hint_move.canonical() in [m.canonical() for m in table.state.legal_moves()]
    assert table.banner.message.startswith("Hint")


def test_a_rebound_couch_hint_answers_its_new_button_only(app):
    from game.controls import Binding

    # Guide: a button no table uses, so the rebinding clashes with nothing.
    assert app.input.controls.rebind("couch_hint", Device.GAMEPAD, Binding.parse("pad:guide")) is None
    assert app.input.controls.unbind("couch_hint", Binding.parse("pad:rightstick"))  # taken away
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 4, 0, [None, None])
    table = _table(app, state, help_hint=True)
    _pad(app, pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert table.pick.hint_move is None
    _pad(app, pygame.CONTROLLER_BUTTON_GUIDE)
    assert table.pick.hint_move is not None


def test_no_hint_button_at_a_table_of_computers_or_with_the_help_off(app):
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 4, 0, [None, None])
    assert _table(app, state).learner.button is None


# Settings -> Help ----------------------------------------------------------------------------
def test_helps_are_on_for_a_new_player_and_off_in_an_older_file(tmp_path, monkeypatch):
    from game.settings import HELPS, VETERAN, Settings

    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    monkeypatch.delenv(VETERAN)
    fresh, _notice = Settings.load()
    assert all(getattr(fresh, h) for h in HELPS) and not fresh.lesson_offered
    (tmp_path / "settings.json").write_text(json.dumps({"music_volume": 0.3}))
    old, _notice = Settings.load()
    assert not any(getattr(old, h) for h in HELPS) and old.lesson_offered
    fresh.help_hint = False
    fresh.save()
    again, _notice = Settings.load()
    assert again.help_peek and not again.help_hint


def test_settings_help_switches_each_help(app):
    from game.scenes.settings.helps import HelpScene

    app.push(HelpScene(app))
    pump(app)
    scene = app.stack.top
    for field, button in scene.switches.items():
        before = getattr(app.settings, field)
        click(app, button.rect.center)
        assert getattr(app.settings, field) is not before
