"""Quit to the menu says what will happen to the game (issue 32, finding 3): Continue brings
it back only once a save of it exists; before the first move, at a play-test or at a shared
puzzle, the deal is not kept and the question says so."""

import pygame
import pytest

from game.campaign.levels import Level
from game.campaign.puzzles import parse_code
from game.engine import Mode, new_game
from game.engine.cards import parse_card
from game.match.session import Phase
from tests.scenes.drive import name, new_app, press, pump

KEPT = "Continue on the title screen brings this game back."
NOT_KEPT = "This game is not kept."


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    application = new_app("mouse")
    application.go_to_menu()
    yield application
    pygame.quit()


def quit_words(app, table) -> str:
    """What the pause menu's Quit asks, word for word; the question is closed again."""
    table.pause_game()
    pump(app)
    press(app, "quit")
    assert name(app) == "ConfirmScene"
    words = app.stack.top.detail
    app.pop()  # the question, which took the pause menu's place
    pump(app)
    return words


def settle(app, table):
    while table.director is not None or table.phase == Phase.REST or name(app) != type(table).__name__:
        if name(app) == "HandoverScene":
            app.stack.top.done()
        pump(app, 1)


@pytest.mark.parametrize("mode, names", [(Mode.SOLO, ["Sam"]), (Mode.STANDARD, ["Anna", "Ben"])])
def test_before_the_first_move_quitting_does_not_promise_continue(app, mode, names):
    from game.scenes.table.play import table_scene

    table = table_scene(app, new_game(mode, names, 5, 0, [None] * len(names)))
    app.push(table)
    settle(app, table)
    assert quit_words(app, table) == NOT_KEPT
    table.play(next(m for m in table.state.legal_moves() if not m.move_in))
    settle(app, table)
    assert quit_words(app, table) == KEPT


def test_a_play_test_and_a_shared_puzzle_are_never_promised_back(app):
    from game.scenes.solo.play_test import WORDINGS, play_test_scene

    code = parse_code("YCPE/PMBD")
    level = Level(id="shared", english_name="Two cats", chapter=0, par=2,
                  position=code.position, target=parse_card("PE"))
    for words in WORDINGS:
        table = play_test_scene(app, level, lambda state: None, words)
        app.push(table)
        pump(app)
        table.play(table.state.legal_moves()[0])
        table.end_animation()
        pump(app)
        assert quit_words(app, table) == NOT_KEPT
        app.pop()
