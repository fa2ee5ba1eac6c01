"""Resume: the game in progress is saved after every move and Continue brings it back."""

import os

import pygame

from game.engine import Mode, new_game
from game.match.loading import SAVE_FILE, load_game, replays, saved_files
from game.match.session import Phase
from game.scenes.solo.level_table import LevelTable
from tests.scenes.drive import click as tap
from tests.scenes.drive import is_table, name, new_app, post, pump


def fresh_app():
    """A new start of the game (one window per process: the last one is closed first)."""
    return new_app("mouse")


def answer_handover(app):
    while name(app) == "HandoverScene":
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        pump(app, 2)


def play_move(app, scene):
    move = next(m for m in scene.state.legal_moves() if not m.move_in)
    tap(app, scene.field.layout.center(move.scarer))
    tap(app, scene.field.layout.center(move.target))
    while scene.director is not None or scene.phase == Phase.REST:
        pump(app, 1)


def press_button(app, words):
    scene = app.stack.top
    button = next(e for e in scene.elements if getattr(e, "text", "").startswith(words))
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)
    post(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center)
    pump(app, 3)
    return button


def test_continue_brings_a_couch_game_back_on_the_handover(prefs):
    from game.scenes.table.play import table_scene

    app = fresh_app()
    app.go_to_menu()
    state = new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], 11, 0, [None, None, None])
    scene = table_scene(app, state)
    app.push(scene)
    pump(app, 2)
    answer_handover(app)
    play_move(app, scene)
    answer_handover(app)
    play_move(app, scene)
    position, turn = scene.state.position, scene.state.turn
    app.saver.flush()
    assert saved_files()

    again = fresh_app()  # the window was closed mid-game: a new start
    again.go_to_menu()
    pump(again, 2)
    button = press_button(again, "Continue")
    assert "Standard, 3 players, 2 moves played" in button.text
    assert name(again) == "HandoverScene"  # privacy: no task card before the peek
    assert again.stack.top.player.name == state.players[turn].name
    table = again.stack.scenes[-2]
    assert table.state.position == position and table.state.turn == turn
    assert table.state.players == scene.state.players  # the task cards came back too
    answer_handover(again)
    play_move(again, table)
    assert len(table.state.moves) == 3


def test_quitting_to_the_menu_keeps_the_game_for_continue(prefs):
    """Quit to menu and closing the window do the same: the game waits behind Continue."""
    from game.scenes.table.play import table_scene

    app = fresh_app()
    app.go_to_menu()
    app.push(table_scene(app, new_game(Mode.SOLO, ["Sam"], 5)))
    pump(app, 2)
    play_move(app, app.stack.top)
    app.saver.flush()
    record, _notice = load_game()
    assert record is not None and len(record.moves) == 1
    app.go_to_menu()  # what the pause menu's Quit does
    pump(app, 2)
    assert any(e.text.startswith("Continue") for e in app.stack.top.elements)
    assert saved_files()


def test_a_finished_game_clears_its_save_and_is_kept_as_a_replay(prefs):
    from game.scenes.table.play import table_scene

    app = fresh_app()
    app.go_to_menu()
    scene = table_scene(app, new_game(Mode.SOLO, ["Sam"], 5))
    app.push(scene)
    pump(app, 2)
    while not scene.state.over:
        play_move(app, scene)
    pump(app, 200)
    app.saver.flush()
    assert not saved_files()
    kept = replays()
    assert len(kept) == 1 and "result: " in kept[0].read_text()


def test_a_damaged_save_is_kept_aside_and_the_player_told(prefs):
    (prefs / SAVE_FILE).write_text("mode: standard\nseats: broken(\n", encoding="utf-8")
    app = fresh_app()
    app.go_to_menu()
    pump(app, 2)
    assert name(app) == "MessageScene"
    assert "damaged" in app.stack.top.message
    assert not (prefs / SAVE_FILE).exists()
    assert any(p.name.startswith(SAVE_FILE + ".damaged") for p in prefs.iterdir())
    assert not any(e.text.startswith("Continue") for e in app.stack.scenes[0].elements)
    assert os.listdir(prefs)


def test_continue_a_campaign_level_and_a_daily_deal(prefs):
    from datetime import date

    from game.engine.rng import seed_from_text
    from game.scenes.solo.classic_result import play_solo
    from game.scenes.solo.level_play import level_scene

    app = fresh_app()
    app.go_to_menu()
    level = max(app.files.campaign().levels, key=lambda lv: lv.position.card_count())
    scene = level_scene(app, level)
    app.push(scene)
    pump(app, 2)
    play_move(app, scene)
    again = fresh_app()
    again.go_to_menu()
    pump(again, 2)
    press_button(again, "Continue")
    table = again.stack.top
    assert is_table(again, LevelTable) and table.kind.level.id == level.id
    assert table.state == scene.state and table.session.par == level.par
    again.stack.clear()  # abandoned

    day = date(2026, 11, 30)
    deal = new_game(Mode.SOLO, ["You"], seed_from_text(day.isoformat()))
    play_solo(again, deal, day, push=True)
    table = again.stack.top
    pump(again, 2)
    play_move(again, table)
    third = fresh_app()
    third.go_to_menu()
    pump(third, 2)
    assert "Daily deal, 1 move played" in press_button(third, "Continue").text
    assert third.stack.top.session.daily == day.isoformat()
    assert third.stack.top.state == table.state
