"""Issue 44, finding 5: over the hand-over, the table's buttons beside it either work or look
asleep. Pause pauses (as Esc does); Peek (the table's, for the player after "I'm ...") is
greyed and never lights; while paused only one panel shows (the hand-over hides), and "Quit to
the menu?" takes the pause menu's place instead of stacking a third panel."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Mode, new_game
from game.scenes.table.play import table_scene
from tests.scenes.drive import element, name, new_app, post, pump

NAMES = ["Anna", "Ben", "Cleo"]


@pytest.fixture(scope="module")
def couch():
    return new_app("mouse")


def handed_over(app):
    """A couch table of three people at its first hand-over ("Pass to Anna")."""
    table = table_scene(app, new_game(Mode.STANDARD, NAMES, 44, 0, [None] * 3))
    app.stack.clear(table)
    pump(app, 2)
    assert name(app) == "HandoverScene"
    return table, app.stack.top


def pixels(app, rect) -> bytes:
    app.draw(force=True)
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def hover(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(3, 3), buttons=(0, 0, 0))
    pump(app, 1)


def test_pause_beside_the_hand_over_pauses(couch):
    app = couch
    table, handover = handed_over(app)
    pause = table.buttons["pause"]
    before = pixels(app, pause.rect)
    hover(app, pause.rect.center)
    assert pixels(app, pause.rect) != before, "Pause does not light under the mouse"
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pause.rect.center)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pause.rect.center)
    pump(app, 2)
    assert name(app) == "PauseScene", "a click on Pause beside the hand-over did nothing"
    assert app.stack.scenes[-2] is handover  # Resume goes back to "Pass to Anna"
    pump(app, 1)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    pump(app, 2)
    assert app.stack.top is handover


def test_the_tables_other_buttons_wait_greyed_under_the_hand_over(couch):
    app = couch
    table, handover = handed_over(app)
    peek = table.buttons["peek"]
    assert peek.visible  # the table beneath is at Anna's turn: its Peek shows
    hover(app, (0, 0))
    calm = pixels(app, peek.rect)
    hover(app, peek.rect.center)
    assert pixels(app, peek.rect) == calm, "Peek lights up under the hand-over"
    # Drawn as a disabled button is drawn, while Pause beside it looks alive.
    assert table.buttons.greyed(peek) and not table.buttons.greyed(table.buttons["pause"])
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=peek.rect.center)
    post(pygame.MOUSEBUTTONUP, button=1, pos=peek.rect.center)
    pump(app, 2)
    assert app.stack.top is handover and not table.peek.active
    handover.done()  # "I'm Anna: play": the table's buttons are alive again
    pump(app, 1)
    assert not table.buttons.greyed(peek)


def test_paused_over_the_hand_over_shows_one_panel(couch):
    app = couch
    table, handover = handed_over(app)
    handover.back()  # Esc: the pause menu
    pump(app, 2)
    assert name(app) == "PauseScene"
    pause_panel, hand_over_panel = app.stack.top.panel_rect, handover.panel_rect
    # A strip of the hand-over's panel that the pause menu's panel leaves uncovered.
    strip = pygame.Rect(hand_over_panel.x, hand_over_panel.y + 100,
                        pause_panel.x - hand_over_panel.x, 300)
    assert strip.w > 0
    paused = pixels(app, strip)
    app.stack.remove(handover)  # the same pause menu with no hand-over under it at all
    assert pixels(app, strip) == paused, "the hand-over pokes out beside the Paused panel"


def test_quit_to_the_menu_takes_the_pause_menus_place(couch):
    app = couch
    table, handover = handed_over(app)
    handover.back()
    pump(app, 2)
    post(pygame.MOUSEMOTION, pos=element(app, "quit").rect.center, rel=(2, 2), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=element(app, "quit").rect.center)
    post(pygame.MOUSEBUTTONUP, button=1, pos=element(app, "quit").rect.center)
    pump(app, 3)
    assert name(app) == "ConfirmScene"
    shown = [type(s).__name__ for s in app.stack.visible()]
    assert shown == ["PlayScene", "HandoverScene", "ConfirmScene"], shown  # no pause beneath
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)  # "Keep playing"
    post(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    pump(app, 2)
    assert app.stack.top is handover  # back to the game, where the pause was opened
