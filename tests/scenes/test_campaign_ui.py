"""The campaign screens and solo deals, driven by posted events.

Menus into a level, play to the result, saved stars and unlocking, undo/redo/restart/hint keys,
broken levels, a corrupt progress file, the replayed solution, and the best results of classic
and daily solo deals.
"""

from __future__ import annotations

import json
import os
from datetime import date

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import TICK  # noqa: E402
from game.campaign.levels import DEFAULT_ROOT, load_campaign  # noqa: E402
from game.engine import Mode, apply, new_game  # noqa: E402
from game.engine.solver import can_reach  # noqa: E402
from game.scenes.solo.level_table import LevelTable
from game.scenes.solo.solution_table import SolutionTable
from tests.scenes.drive import click, is_table, key, name, pad, past_the_guard, press, pump  # noqa: E402

CAMPAIGN = load_campaign(DEFAULT_ROOT)


@pytest.fixture
def app(menu_app):
    return menu_app


# Driving the app ------------------------------------------------------------------------
def pump_until(app, test, seconds: float = 20.0) -> None:
    for _ in range(round(seconds / TICK)):
        if test():
            return
        pump(app, 1)
    assert test(), f"gave up waiting; on screen: {name(app)}"


def play_move(app, move) -> None:
    """A scare by mouse: click the scarer, then the target (Tab first to move in)."""
    scene = app.stack.top
    click(app, scene.field.layout.center(move.scarer))
    if move.move_in and not move.vertical:
        key(app, pygame.K_TAB)
    click(app, scene.field.layout.center(move.target))
    pump_until(app, lambda: app.stack.top.director is None or not is_table(app, LevelTable))


def saved(app) -> dict:
    return json.loads((app.prefs / "progress.json").read_text())


def open_campaign(app) -> None:
    """Title -> Solo -> Campaign, by keyboard."""
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert name(app) == "SoloMenuScene"
    for _ in range(3):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert name(app) in ("CampaignMenuScene", "MessageScene")


def write_level(folder, stem, level_id, field, par=1, chapter=1) -> None:
    (folder / f"{stem}.txt").write_text(
        f"id: {level_id}\nname: {level_id.title()}\nchapter: {chapter}\npar: {par}\n\n{field}\n")


# The tests --------------------------------------------------------------------------------
def test_from_the_menus_through_level_one_to_the_next(app):
    open_campaign(app)
    key(app, pygame.K_RETURN)  # the first chapter
    assert name(app) == "LevelSelectScene"
    key(app, pygame.K_RETURN)  # its first level
    scene = app.stack.top
    assert is_table(app, LevelTable) and scene.kind.level.id == "cat-and-mouse"
    assert scene.banner.message == scene.kind.level.hint  # the teaching line shows on start
    assert not app.files.progress().level_unlocked(app.files.campaign(), "elephant-and-dog")
    play_move(app, scene.state.legal_moves()[0])
    pump_until(app, lambda: name(app) == "LevelResultScene")
    past_the_guard(app)  # the result waits for a choice made after it showed
    result = app.stack.top
    assert result.left == 1 and result.stars == 3 and result.title == "King of the Beasts"
    assert saved(app)["levels"] == {"cat-and-mouse": 1}
    assert app.files.progress().level_unlocked(app.files.campaign(), "elephant-and-dog")
    key(app, pygame.K_RETURN)  # "Next level" has the focus after a cleared level
    assert is_table(app, LevelTable) and app.stack.top.kind.level.id == "dog-and-cat"
    key(app, pygame.K_ESCAPE)  # pause, then back to the level select
    assert name(app) == "LevelPauseScene"
    app.stack.top.levels()
    assert name(app) == "LevelSelectScene"


def test_level_select_by_gamepad_and_locks(app):
    from game.scenes.solo.level_select import LevelSelectScene
    app.push(LevelSelectScene(app, 1))
    pump(app)
    scene = app.stack.top
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert scene.focus == 5
    pad(app, pygame.CONTROLLER_BUTTON_A)  # level 6 is locked: a note, no level
    assert name(app) == "LevelSelectScene" and "Locked" in scene.note
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert scene.focus == scene.back_index
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert scene.focus == 9
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    for _ in range(3):
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert scene.focus == 1
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert is_table(app, LevelTable) and app.stack.top.kind.level.id == "dog-and-cat"


def test_locked_chapter_says_what_opens_it(app):
    from game.scenes.solo.campaign_menu import CampaignMenuScene
    app.push(CampaignMenuScene(app))
    pump(app)
    scene = app.stack.top
    click(app, scene.rects[1].center)
    assert name(app) == "CampaignMenuScene" and "to open this chapter" in scene.note
    click(app, scene.rects[0].center)
    assert name(app) == "LevelSelectScene"


def test_undo_redo_restart_and_hint_keys(app):
    from game.scenes.solo.level_play import level_scene
    level = CAMPAIGN.level("long-drop")
    app.push(level_scene(app, level))
    pump(app)
    scene = app.stack.top
    key(app, pygame.K_h)
    hint = scene.pick.hint_move
    assert hint in scene.state.legal_moves()
    assert can_reach(apply(scene.state, hint)[0].position, level.par)
    play_move(app, hint)
    assert scene.session.index == 1 and scene.pick.hint_move is None
    key(app, pygame.K_u)
    assert scene.session.index == 0 and scene.state == scene.session.start
    key(app, pygame.K_r)
    pump_until(app, lambda: scene.director is None)
    assert scene.session.index == 1 and scene.state.moves[-1] == hint
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    pump_until(app, lambda: scene.director is None)
    assert scene.session.index == 1
    key(app, pygame.K_r, pygame.KMOD_CTRL)  # restart: a step of its own
    assert scene.state == scene.session.start and scene.session.index == 2
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # undo the restart
    assert scene.session.index == 1
    click(app, scene.buttons["undo"].rect.center)
    assert scene.session.index == 0


def test_par_out_of_reach_then_undo_to_the_last_good_point(app):
    from game.scenes.solo.level_play import level_scene
    level = CAMPAIGN.level("long-drop")
    app.push(level_scene(app, level))
    pump(app)
    scene = app.stack.top
    bad = next(m for m in scene.state.legal_moves()
               if not can_reach(apply(scene.state, m)[0].position, level.par))
    scene.play(bad)
    pump_until(app, lambda: scene.director is None)
    pad(app, pygame.CONTROLLER_BUTTON_Y)  # hint
    assert scene.pick.hint_move is None and "no longer be reached" in scene.banner.message
    assert scene.buttons["good"].visible
    click(app, scene.buttons["good"].rect.center)
    assert scene.session.index == 0 and scene.state == scene.session.start
    assert not scene.buttons["good"].visible


def test_broken_level_is_shown_and_the_rest_still_play(app, tmp_path):
    root = tmp_path / "levels"
    folder = root / "1-test"
    folder.mkdir(parents=True)
    (folder / "chapter.txt").write_text("number: 1\nname: Test Chapter\n")
    write_level(folder, "01-good", "good-one", "YC PM")
    write_level(folder, "02-bad", "bad-one", "YC PM\nYD")  # ragged rows
    write_level(folder, "03-good", "good-two", "YD YC")
    app.files.levels_root = root
    from game.scenes.solo.campaign_menu import CampaignMenuScene
    app.push(CampaignMenuScene(app))
    pump(app)
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert name(app) == "LevelSelectScene"
    kinds = [type(e).__name__ for e in scene.entries]
    assert kinds == ["Level", "LevelError", "Level"]
    assert "ragged rows" in scene.entries[1].problem
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the broken one: a note, never a crash
    assert name(app) == "LevelSelectScene" and "could not be loaded" in scene.note
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the third file is the second good level: open (look-ahead)
    assert is_table(app, LevelTable) and app.stack.top.kind.level.id == "good-two"
    play_move(app, app.stack.top.state.legal_moves()[0])
    pump_until(app, lambda: name(app) == "LevelResultScene")
    past_the_guard(app)  # the result waits for a choice made after it showed
    assert saved(app)["levels"] == {"good-two": 1}


def test_corrupt_progress_is_kept_aside_and_play_goes_on(app):
    (app.prefs / "progress.json").write_text("{ this is not json")
    open_campaign(app)
    pump(app, 3)
    assert name(app) == "MessageScene"
    assert "damaged" in app.stack.top.message
    backups = [p.name for p in app.prefs.iterdir() if ".corrupt-" in p.name]
    assert len(backups) == 1
    assert (app.prefs / backups[0]).read_text() == "{ this is not json"
    key(app, pygame.K_RETURN)  # OK
    assert name(app) == "CampaignMenuScene"
    pump(app, 3)
    assert name(app) == "CampaignMenuScene"  # told once only
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    play_move(app, app.stack.top.state.legal_moves()[0])
    pump_until(app, lambda: name(app) == "LevelResultScene")
    past_the_guard(app)  # the result waits for a choice made after it showed
    assert saved(app)["levels"] == {"cat-and-mouse": 1}


def test_show_a_solution_replays_to_par(app, monkeypatch):
    monkeypatch.setattr(app.settings, "computer_pace", 0.05)  # the line's seat paces itself
    from game.campaign.level_game import level_state
    from game.scenes.solo.level_play import level_result
    level = CAMPAIGN.level("falling-elephants")
    state = level_state(level)
    while not state.over:
        state, _ = apply(state, state.legal_moves()[0])
    app.push(level_result(app, level, state))
    pump(app)
    past_the_guard(app)
    assert app.stack.top.ring.focused.element.text == "Retry"  # no stars: Retry first
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # Show a solution
    demo = app.stack.top
    assert is_table(app, SolutionTable) and demo.kind.line
    click(app, demo.field.layout.center((0, 0)))  # input never plays a move of its own
    pump_until(app, lambda: name(app) == "LevelResultScene", 30)
    past_the_guard(app)  # the result waits for a choice made after it showed
    assert demo.state.position.card_count() == level.par
    assert demo.state.moves == demo.kind.line
    after = app.stack.top
    assert after.solution_cards == level.par and after.left == state.position.card_count()
    app.saver.flush()
    assert os.listdir(app.prefs) == []  # watching a solution saves nothing


def _near_end(mode, seed):
    state = new_game(mode, ["You"], seed, 0, [None])
    while len(state.legal_moves()) and not all(
            apply(state, m)[0].over for m in state.legal_moves()):
        state, _ = apply(state, state.legal_moves()[0])
    return state


def test_classic_and_daily_deals_keep_their_best(app):
    from game.scenes.solo.classic_result import play_solo
    start = _near_end(Mode.SOLO, 7)
    play_solo(app, start)
    pump(app)
    app.stack.top.play(start.legal_moves()[0])
    pump_until(app, lambda: name(app) == "ClassicResultScene")
    past_the_guard(app)  # the result waits for a choice made after it showed
    left = app.stack.top.state.position.card_count()
    assert saved(app)["classic"] == {"7": left}
    day = date(2024, 2, 29)
    play_solo(app, start, daily=day)
    pump(app)
    app.stack.top.play(start.legal_moves()[0])
    pump_until(app, lambda: name(app) == "ClassicResultScene")
    past_the_guard(app)  # the result waits for a choice made after it showed
    assert saved(app)["daily"] == {"2024-02-29": left}
    assert app.stack.top.best == left


def type_text(app, words: str) -> None:
    for letter in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    pump(app)


def open_solo(app):
    """Title -> Solo by keyboard, then Up to the seed field above the deals."""
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert name(app) == "SoloMenuScene"
    menu = app.stack.top
    assert menu.ring.focused.element.text == "Random deal"  # the seed is there, not in the way
    key(app, pygame.K_UP)
    assert menu.ring.focused.element is menu.seed_entry
    return menu


def test_a_typed_seed_deals_that_deal_and_shows_its_best(app):
    from game.engine.state import deal_position
    app.files.progress().record_classic(2018, 5)
    menu = open_solo(app)
    type_text(app, "2018")
    assert menu.seed_entry.get_text() == "2018"
    assert "5 cards" in menu.best_words()
    key(app, pygame.K_RETURN)  # Enter in the seed field goes on to "Random deal"
    assert menu.ring.focused.element.text == "Random deal"
    key(app, pygame.K_RETURN)
    assert name(app) == "PlayScene"
    table = app.stack.top
    assert table.state.seed == 2018 and table.state.position == deal_position(2018)
    assert "5 cards" in table.banner.message  # the best kept for this deal greets the player
    assert app.errors == 0


def test_a_bad_seed_gets_a_message_and_no_deal(app):
    menu = open_solo(app)
    type_text(app, "12a")
    key(app, pygame.K_RETURN)
    assert name(app) == "SoloMenuScene" and "digits" in menu.error
    assert menu.ring.focused.element is menu.seed_entry  # still there to be fixed
    menu.seed_entry.set_text("99999999999999999999")  # beyond 64 bits
    press(app, "random")
    assert name(app) == "SoloMenuScene" and "too big" in menu.error
    menu.seed_entry.set_text("")
    press(app, "advanced")  # empty: a fresh deal, with a short number to share
    assert name(app) == "PlayScene"
    state = app.stack.top.state
    assert state.mode is Mode.SOLO_ADVANCED and 0 <= state.seed < 10 ** 9
    assert app.errors == 0


def test_the_solo_result_names_the_deal(app):
    from game.scenes.solo.classic_result import play_solo
    start = _near_end(Mode.SOLO, 4242)
    play_solo(app, start)
    pump(app)
    app.stack.top.play(start.legal_moves()[0])
    pump_until(app, lambda: name(app) == "ClassicResultScene")
    past_the_guard(app)  # the result waits for a choice made after it showed
    assert "Deal 4242" in app.stack.top.footer()


def test_a_missed_par_offers_the_last_good_point_on_the_result_screen(app):
    """Playtest: 'Undo to last good point' stays on offer after the result screen comes."""
    from game.scenes.solo.level_play import level_scene
    level = CAMPAIGN.level("long-drop")
    app.push(level_scene(app, level))
    pump(app)
    scene = app.stack.top
    bad = next(m for m in scene.state.legal_moves()
               if not can_reach(apply(scene.state, m)[0].position, level.par))
    scene.play(bad)
    while not scene.state.over:
        pump_until(app, lambda: scene.director is None)
        scene.play(scene.state.legal_moves()[0])
    pump_until(app, lambda: name(app) == "LevelResultScene")
    past_the_guard(app)  # the result waits for a choice made after it showed
    good = next(e for e in app.stack.top.elements if e.text == "Last good point")
    click(app, good.rect.center)
    table = app.stack.top
    assert is_table(app, LevelTable) and table.session.known_reachable() is not False
    assert table.session.can_redo  # the way back is a step: Redo
    assert app.errors == 0
