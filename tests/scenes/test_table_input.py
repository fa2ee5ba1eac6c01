"""The table's input interpretation (game/scenes/table/interpret.py) without a window or a scene."""

from __future__ import annotations

import pygame

from game.engine.moves import Move, legal_moves
from game.engine.position import parse_position
from game.input import Action
from game.scenes.table.interpret import (
    Complain,
    Select,
    interpret_pick,
    interpret_release,
    redo_key,
    step_cursor,
    undo_key,
)
from game.scenes.table.pick import Press, PressOn

# Bottom row: a dog on a1, a cat on b1, a mouse on c1, an elephant on d1; a dog on b2 above.
FIELD = parse_position(".. YD .. ../YD YC YM PE")


def targets():
    found: dict = {}
    for m in legal_moves(FIELD):
        found.setdefault(m.scarer, set()).add(m.target)
    return found


def test_a_pick_chooses_a_scarer_then_a_target_gives_the_move():
    assert interpret_pick(FIELD, targets(), None, (0, 0), False) == Select((0, 0))
    assert interpret_pick(FIELD, targets(), (0, 0), (1, 0), False) == Move((0, 0), (1, 0), False)
    assert interpret_pick(FIELD, targets(), (0, 0), (1, 0), True) == Move((0, 0), (1, 0), True)
    assert interpret_pick(FIELD, targets(), (1, 1), (1, 0), True) == Move((1, 1), (1, 0), False)


def test_a_second_pick_on_the_scarer_puts_it_back():
    assert interpret_pick(FIELD, targets(), (0, 0), (0, 0), False) == Select(None)


def test_an_illegal_pick_is_a_complaint_that_names_the_rule():
    empty = interpret_pick(FIELD, targets(), None, (0, 1), False)
    assert isinstance(empty, Complain) and empty.cell is None
    nothing = interpret_pick(FIELD, targets(), None, (3, 0), False)  # an elephant, no dog beside
    assert isinstance(nothing, Complain) and nothing.cell == (3, 0) and "dog" in nothing.words
    wrong = interpret_pick(FIELD, targets(), (1, 0), (3, 0), False)  # the cat is not beside it
    assert isinstance(wrong, Complain) and wrong.cell == (3, 0) and "next-door" in wrong.words


def test_a_release_after_a_drag_moves_in_and_a_click_again_puts_back():
    drag = Press((0, 0), (10, 10), PressOn.SCARER)
    assert interpret_release(FIELD, targets(), (0, 0), False, drag, True, (1, 0)) == \
        Move((0, 0), (1, 0), True)
    assert interpret_release(FIELD, targets(), (0, 0), False, drag, False, (0, 0)) is None
    again = Press((0, 0), (10, 10), PressOn.AGAIN)
    assert interpret_release(FIELD, targets(), (0, 0), False, again, False, (0, 0)) == Select(None)
    aim = Press((1, 0), (10, 10), PressOn.TARGET)
    assert interpret_release(FIELD, targets(), (0, 0), False, aim, False, (1, 0)) == \
        Move((0, 0), (1, 0), False)
    assert interpret_release(FIELD, targets(), (0, 0), False, aim, False, (2, 0)) is None
    bad = interpret_release(FIELD, targets(), (0, 0), False, drag, True, (2, 0))
    assert isinstance(bad, Complain) and bad.cell == (2, 0)


def test_a_press_says_whether_it_holds_a_scarer_to_drag():
    assert [Press((0, 0), (1, 1), on).holds_scarer for on in PressOn] == [False, True, True]
    assert Press((2, 1), (5, 6), PressOn.TARGET).cell == (2, 1)


def test_the_cursor_wraps_along_the_row_and_stays_on_cards():
    assert step_cursor(FIELD, (0, 0), Action.LEFT, True) == (3, 0)
    assert step_cursor(FIELD, (0, 0), Action.UP, True) == (0, 0)  # nothing above a1
    assert step_cursor(FIELD, (1, 0), Action.UP, True) == (1, 1)
    assert step_cursor(FIELD, (1, 0), Action.RIGHT, False) == (1, 0)  # hidden: only shown


def test_undo_and_redo_keys():
    key = pygame.event.Event
    assert undo_key(key(pygame.KEYDOWN, key=pygame.K_u, mod=0))
    assert not undo_key(key(pygame.KEYDOWN, key=pygame.K_r, mod=0))
    assert redo_key(key(pygame.KEYDOWN, key=pygame.K_r, mod=0))
    assert not redo_key(key(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_CTRL))
    assert redo_key(key(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_CTRL))
