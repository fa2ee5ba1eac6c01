"""Who plays alone (issue 32, family profiles), driven by posted events: the Solo menu's row
chooses a family name, a new one or You, by keyboard, gamepad and mouse; the choice is kept
across a restart; the solo seat carries it, so a deal's result and a level's stars land on
that person's page (a resumed deal too); a name of spaces is refused where it is typed; a
kiosk shows no row and counts nobody."""

from __future__ import annotations

import pygame
import pytest

from game.controls import Device
from game.online.shared.protocol import NAME_MAX
from game.scenes.solo.level_table import LevelTable
from tests.scenes.drive import click, element, is_table, key, name, new_app, pad, press, pump
from tests.scenes.test_campaign_ui import play_move, pump_until, type_text
from tests.scenes.test_person_stats import play_out


def row_words(app) -> str:
    return element(app, "player").text.replace("‹", "").replace("›", "").strip()


def open_solo(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert name(app) == "SoloMenuScene"
    return app.stack.top


def play_to_the_end(app) -> None:
    """The deal on the table played out, a move at a time, to its result screen."""
    table = app.stack.top
    while not table.state.over:
        table.play(table.state.legal_moves()[0])
        pump_until(app, lambda: table.director is None or table.state.over)
    pump_until(app, lambda: name(app) != type(table).__name__)


def test_a_new_name_by_keyboard_gets_the_levels_stars_and_the_deals(menu_app):
    app = menu_app
    play_out(app, ("Ben", "Mia"), 1)  # the last couch game's first person is not who plays
    menu = open_solo(app)
    assert row_words(app) == "You" and menu.ring.focused.element.text == "Random deal"
    key(app, pygame.K_UP)  # the seed
    key(app, pygame.K_UP)  # New name
    key(app, pygame.K_RETURN)
    assert name(app) == "NewNameScene"
    type_text(app, "Grandma Eva")
    key(app, pygame.K_RETURN)  # Enter in the box takes the name
    assert name(app) == "SoloMenuScene" and row_words(app) == "Grandma Eva"
    people = app.files.people()
    assert people.player == "Grandma Eva" and "Grandma Eva" in people.people
    for _ in range(2):  # back down to Random deal, then the campaign's first level
        key(app, pygame.K_DOWN)
    for _ in range(3):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert name(app) == "CampaignMenuScene"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    level = app.stack.top
    assert is_table(app, LevelTable) and level.state.players[0].name == "Grandma Eva"
    play_move(app, level.state.legal_moves()[0])
    pump_until(app, lambda: name(app) == "LevelResultScene")
    stars = people.people["Grandma Eva"].stars
    assert stars.get(level.kind.level.id, 0) > 0
    assert people.people["Ben"].stars == {} and people.people["Mia"].stars == {}
    app.go_to_menu()
    pump(app)
    open_solo(app)
    key(app, pygame.K_RETURN)  # Random deal, played by Grandma Eva
    assert app.stack.top.state.players[0].name == "Grandma Eva"
    play_to_the_end(app)
    assert sum(p for p, _t in people.people["Grandma Eva"].solo.values()) == 1
    assert people.people["Ben"].solo == {}


def test_a_name_of_spaces_is_refused_and_the_longest_name_round_trips(menu_app):
    app = menu_app
    app.input.device = Device.MOUSE
    open_solo(app)
    press(app, "new_player")
    box = app.stack.top
    type_text(app, "   ")
    press(app, "ok")
    assert name(app) == "NewNameScene" and box.error  # said where it is typed, nothing kept
    assert app.files.people().player is None
    longest = "Wilhelmina Großmann-Wüst"  # as long as the box takes
    assert len(longest) == NAME_MAX
    click(app, box.name_entry.rect.center)
    for _ in range(3):
        key(app, pygame.K_BACKSPACE, text="\b")
    type_text(app, longest + "er")  # the box takes no more
    press(app, "ok")
    chosen = app.files.people().player
    assert name(app) == "SoloMenuScene" and chosen == longest
    assert row_words(app) == chosen
    press(app, "random")
    table = app.stack.top
    assert table.state.players[0].name == chosen
    table.play(table.state.legal_moves()[0])
    pump(app, 4)
    app.saver.flush()
    app.go_to_menu()
    pump(app, 2)
    press(app, "saved_games")  # the list says whose deal it is
    listed = app.stack.top
    assert [chosen in listed.words(g) for g in listed.games] == [True]
    app.go_to_menu()
    pump(app, 2)
    press(app, "continue")
    pump(app, 2)
    assert app.stack.top.state.players[0].name == chosen


def test_a_kiosk_shows_no_row_and_its_deals_are_nobodys(menu_app):
    app = menu_app
    app.files.people().choose("Grandma")
    app.kiosk = True
    try:
        from game.scenes.solo.solo_menu import SoloMenuScene
        app.push(SoloMenuScene(app))
        pump(app)
        assert not any("#player" in e.object_ids for e in app.stack.top.elements)
        press(app, "random")
        assert app.stack.top.state.players[0].name != "Grandma"
        assert app.profile().people is None
    finally:
        app.kiosk = False


# Own starts of the game last: the prefs fixture ends pygame under the module's App.
@pytest.mark.slow  # a restart and a walk through the family by pad (make test-slow)
def test_the_pad_steps_through_the_family_and_the_choice_outlasts_a_restart(prefs):
    app = new_app("gamepad")
    play_out(app, ("Grandma", "Ben"), 2)
    app.go_to_menu()
    pump(app, 2)
    open_solo(app)
    assert row_words(app) == "You"
    for _ in range(3):  # Random deal -> seed -> New name -> the row
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert app.stack.top.ring.focused.element is element(app, "player")
    seen = []
    for _ in range(3):  # You, then the family in turn, then round again
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        seen.append(row_words(app))
    assert sorted(seen[:2]) == ["Ben", "Grandma"] and seen[2] == "You"
    while row_words(app) != "Grandma":
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    app.saver.close()
    app = new_app("gamepad")  # the family's choice is kept: one glance, no question
    app.go_to_menu()
    pump(app, 2)
    open_solo(app)
    assert row_words(app) == "Grandma"
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Random deal
    assert app.stack.top.state.players[0].name == "Grandma"
    app.stack.top.play(app.stack.top.state.legal_moves()[0])
    pump(app, 4)
    app.saver.close()
    app = new_app("gamepad")  # the deal resumed after a restart still is Grandma's
    app.go_to_menu()
    pump(app, 2)
    app.files.people().choose(None)  # someone else chose You meanwhile: the seat's name counts
    press(app, "continue")
    pump(app, 2)
    assert app.stack.top.state.players[0].name == "Grandma"
    play_to_the_end(app)
    assert sum(p for p, _t in app.files.people().people["Grandma"].solo.values()) == 1
    app.saver.close()
