"""The per-person page (issue 32, family profiles), driven by posted events: reached from
Statistics, ‹ › through the family, a rename that merges asked first, forget asked first; a
kiosk counts nobody."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.engine.modes import Mode
from game.match.controller import Match
from tests.match.helpers import dealt, random_line
from tests.scenes.drive import click, key, name, new_app, press, pump


def play_out(app, names, seed: int, mode=Mode.STANDARD) -> None:
    """A finished game of these people, kept as a table's session keeps it."""
    start = dealt(mode, len(names), seed)
    start = replace(start, players=tuple(replace(p, name=n)
                                         for p, n in zip(start.players, names, strict=True)))
    match = Match(start)
    for move in random_line(start, seed)[0]:
        match.play(move)
    app.profile().finish(match.record(), match.state)


def test_the_family_page_steps_through_people_merges_and_forgets(prefs):
    app = new_app("mouse")
    app.go_to_menu()
    pump(app, 2)
    for seed in range(3):
        play_out(app, ("Grandma", "Ben"), seed)
    play_out(app, ("Grandma Eva", "Mia", "Ben"), 7)
    press(app, "statistics")
    press(app, "people")
    page = app.stack.top
    assert name(app) == "PersonScene" and page.name == "Ben"  # most games first
    press(app, "person")  # a click on the right half: the next person
    assert page.name in ("Grandma", "Grandma Eva", "Mia") and page.name != "Ben"
    while page.name != "Grandma":
        key(app, pygame.K_RIGHT)  # the selector has the focus: the keys step through too
    entry = page.entry_name
    click(app, entry.rect.center)
    for _ in range(len(entry.get_text())):
        key(app, pygame.K_BACKSPACE, text="\b")
    for ch in "Grandma Eva":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app)
    press(app, "rename")
    assert name(app) == "ConfirmScene"  # Grandma Eva has a page: merging is asked
    press(app, "yes")
    people = app.files.people()
    assert page.name == "Grandma Eva" and "Grandma" not in people.people
    assert people.people["Grandma Eva"].played == 4
    assert people.people["Ben"].against["Grandma Eva"][0] == 4
    press(app, "forget")
    press(app, "no")
    assert "Grandma Eva" in people.people
    press(app, "forget")
    press(app, "yes")
    assert "Grandma Eva" not in people.people and page.name in people.people
    app.saver.close()
    app = new_app("mouse")  # what the family changed is kept
    assert sorted(app.files.people().people) == ["Ben", "Mia"]
    app.saver.close()


def test_nobody_yet_and_a_kiosk_counts_nobody(prefs):
    app = new_app("mouse")
    app.go_to_menu()
    pump(app, 2)
    press(app, "statistics")
    press(app, "people")
    assert name(app) == "PersonScene" and app.stack.top.name is None
    press(app, "back")
    assert name(app) == "StatisticsScene"
    app.kiosk = True
    assert app.profile().people is None
    app.saver.close()


def test_reset_statistics_says_the_family_pages_stay_unless_they_are_reset_too(prefs):
    app = new_app("mouse")
    app.go_to_menu()
    pump(app, 2)
    play_out(app, ("Grandma", "Ben"), 1)
    people = app.files.people()
    people.record_level("1-1", 1, 1, name="Grandma")
    press(app, "statistics")
    press(app, "reset")
    assert name(app) == "ResetScene" and "family" in app.stack.top.detail
    press(app, "yes")  # the totals only
    assert app.stack.top.stats.modes == {}
    assert people.people["Grandma"].played == 1
    press(app, "reset")
    press(app, "family_too")
    assert name(app) == "StatisticsScene"
    app.saver.close()
    app = new_app("mouse")  # what was reset stays reset; the names and their stars stay
    again = app.files.people()
    assert sorted(again.people) == ["Ben", "Grandma"]
    assert all(p.played == 0 and not p.against for p in again.people.values())
    assert again.people["Grandma"].stars == {"1-1": 3}
    app.saver.close()
