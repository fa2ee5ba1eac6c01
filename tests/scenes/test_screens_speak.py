"""Every screen speaks what it shows (issue 50, blind finding 4), read through --speech-log:
on arrival its title and its main content, and as the focus moves, what the focus is on."""

from __future__ import annotations

import re

import pygame
import pytest

from game.campaign.levels import DEFAULT_ROOT, load_campaign
from game.i18n import ngettext
from game.match import par_words
from tests.scenes import drive
from tests.scenes.test_play import key, name, pump, top
from tests.scenes.test_speech import lines, spoken  # noqa: F401 (the fixture below takes it)

CAMPAIGN = load_campaign(DEFAULT_ROOT)


@pytest.fixture
def said(spoken):  # noqa: F811 (the fixture imported above)
    """An App whose every spoken line goes to a log, and the log."""
    return spoken


def heard_after(log, start: int) -> list[str]:
    return lines(log)[start:]


def stars_words(n: int) -> str:
    return ngettext("%(n)d of %(all)d star", "%(n)d of %(all)d stars", 3) % {"n": n, "all": 3}


# The campaign ------------------------------------------------------------------------------
def test_the_chapters_are_heard_with_their_stars_and_the_focused_one(said):
    from game.scenes.solo.campaign_menu import CampaignMenuScene

    app, log = said
    app.stack.clear(CampaignMenuScene(app))
    pump(app, 2)
    heard = lines(log)
    first, second = CAMPAIGN.chapters[:2]
    assert heard[0] == "Campaign"
    total = 3 * len(CAMPAIGN.levels)
    assert f"0 of {total} stars" in heard
    assert any(first.name in line for line in heard)  # the chapter in focus, by its name
    assert any(first.about in line for line in heard)
    at = len(heard)
    key(app, pygame.K_DOWN)  # the next chapter: locked, and why
    later = heard_after(log, at)
    assert any(second.name in line for line in later)
    assert any("Locked" in line or "locked" in line for line in later), later
    at = len(lines(log))
    key(app, pygame.K_RETURN)  # a locked chapter refuses, and says why
    assert name(app) == "CampaignMenuScene"
    assert heard_after(log, at) == [top(app).note]


def test_the_levels_are_heard_with_goal_par_and_stars(said):
    from game.scenes.solo.level_select import LevelSelectScene

    app, log = said
    chapter = CAMPAIGN.chapters[0]
    app.stack.clear(LevelSelectScene(app, chapter.number))
    pump(app, 2)
    heard = lines(log)
    level = chapter.levels[0]
    assert heard[0] == chapter.name
    assert any(level.name in line for line in heard)
    assert par_words(level.par) in heard
    assert any("leave" in line.lower() and level.name in line for line in heard)  # its goal
    assert stars_words(0) in heard
    at = len(heard)
    key(app, pygame.K_RIGHT)  # the next level, by its number and name
    later = heard_after(log, at)
    assert later[0] == "Level 2"
    assert any(line.startswith(f"{chapter.levels[1].name}: ") for line in later), later


def test_a_level_is_heard_at_its_start_and_its_end(said):
    from game.scenes.solo.level_play import level_scene
    from tests.scenes.test_play import by_keyboard

    app, log = said
    level = CAMPAIGN.levels[0]
    app.stack.clear(level_scene(app, level))
    pump(app, 2)
    heard = lines(log)
    assert level.name in heard
    assert par_words(level.par) in heard
    assert any(line.startswith("Goal: Leave") for line in heard), heard
    table = top(app)
    while not table.state.over:  # the first move each time, by keyboard
        before = table.state
        move = before.legal_moves()[0]
        by_keyboard(app, table, move)
        for _ in range(200):
            if name(app) == "LevelResultScene" or (table.director is None
                                                   and table.state is not before):
                break
            pump(app, 1)
        if name(app) == "LevelResultScene":
            break
    for _ in range(200):
        if name(app) == "LevelResultScene":
            break
        pump(app, 1)
    result = top(app)
    assert name(app) == "LevelResultScene"
    heard = lines(log)
    end = heard[heard.index(result.heading):]
    assert level.name in end
    assert stars_words(result.stars) in end
    left = result.left
    assert ngettext("%(n)d card left", "%(n)d cards left", left) % {"n": left} in end
    assert par_words(level.par) in end


# The records -------------------------------------------------------------------------------
def finished_record(seed: int):
    from game.engine import Mode, new_game
    from game.engine.rng import Rng
    from game.match.controller import Match

    state = new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], seed, 0, [None] * 3)
    match = Match(state, undo=False)
    rng = Rng(seed)
    while not match.over:
        match.play(rng.choice(match.state.legal_moves()))
    return match.record()


def test_the_review_speaks_the_verdict_of_the_move_in_focus_in_words(said, monkeypatch):
    from game.match import analysis
    from game.scenes.records import review as review_scene

    app, log = said
    monkeypatch.setattr(review_scene, "PROCESS", False)
    monkeypatch.setattr(review_scene, "NODES", 400)
    analysis.forget()
    scene = review_scene.ReviewScene(app, finished_record(5))
    app.stack.clear(scene)
    for _ in range(2000):
        if scene.review is not None:
            break
        pump(app, 1)
    pump(app, 2)
    heard = lines(log)
    assert heard[0] == "Review of the game"
    assert all(line in heard for line in scene.lines())  # the move the screen opens at
    assert scene.notation() not in heard  # the notation is for the eyes, never said
    at = len(heard)
    opened = scene.selected
    key(app, pygame.K_RETURN)  # the focus starts on Previous move
    assert scene.selected == opened - 1
    later = heard_after(log, at)
    assert later[0] == scene.lines()[0], later
    assert all(line in later for line in scene.lines())
    analysis.forget()


def test_saved_games_say_which_game_each_button_acts_on(said):
    from game.engine import Mode
    from game.match.controller import Match
    from game.scenes.records.saved_games import SavedGamesScene
    from tests.match.helpers import dealt, random_line

    app, log = said
    app.stack.clear(SavedGamesScene(app))
    pump(app, 2)
    assert lines(log)[:2] == ["Saved games", app.stack.top.empty_words()]
    for seed in range(2):
        match = Match(dealt(Mode.STANDARD, 2, seed))
        match.play(random_line(match.start, seed)[0][0])
        app.saver.save(match.save_text())
    at = len(lines(log))
    listed = SavedGamesScene(app)
    app.stack.clear(listed)
    pump(app, 2)
    heard = heard_after(log, at)
    first, second = (listed.words(game) for game in listed.games)
    assert heard[0] == "Saved games"
    assert f"{first}: Resume" in heard
    at = len(lines(log))
    key(app, pygame.K_RIGHT)
    assert heard_after(log, at) == [f"{first}: Discard"]
    at = len(lines(log))
    key(app, pygame.K_DOWN)
    assert heard_after(log, at)[-1].startswith(second)
    app.saver.close()


def test_the_statistics_speak_every_panel_and_its_figures(said):
    from game.scenes.records.statistics import StatisticsScene

    app, log = said
    app.stack.clear(StatisticsScene(app))
    pump(app, 2)
    heard = lines(log)
    assert heard[0] == "Statistics"
    for panel, figure in (("Couch games", "No couch game finished yet."),
                          ("Solo deals", "0 games"), ("Daily deal", "Streak: 0 days"),
                          ("Campaign", "0 levels played")):
        at = heard.index(panel)  # the panel's title, then its figures
        assert heard[at + 1].startswith(figure), heard
    chapter = CAMPAIGN.chapters[0]
    assert any(line.startswith(chapter.name) and "stars" in line for line in heard)


def test_a_persons_page_speaks_their_figures_and_the_next_persons(said):
    from tests.scenes.test_person_stats import play_out

    app, log = said
    app.go_to_menu()
    pump(app, 2)
    play_out(app, ("Grandma", "Ben"), 1)
    play_out(app, ("Mia", "Ben"), 2)
    from game.scenes.records.person_stats import PersonScene

    page = PersonScene(app)
    at = len(lines(log))
    app.stack.clear(page)
    pump(app, 2)
    heard = heard_after(log, at)
    assert heard[0] == "Family statistics"
    assert page.name in heard and "Games by mode" in heard and "Played with" in heard
    assert any(line.startswith("Grandma: 1 game together") for line in heard), heard
    assert any(line.startswith("Winning streak") for line in heard)
    at = len(heard)
    key(app, pygame.K_RIGHT)  # the selector has the focus: the next person
    later = heard_after(log, at)
    assert page.name != "Ben" and page.name in later
    assert any(line.startswith("Ben: 1 game together") for line in later), later


def test_recent_solo_deals_are_heard_row_by_row(said):
    from game.engine import Mode, apply, new_game
    from game.scenes.records.recent_solo import RecentSoloScene

    app, log = said
    app.stack.clear(RecentSoloScene(app))
    pump(app, 2)
    assert lines(log)[:2] == ["Recent solo deals", "No solo deal played in the last weeks."]
    state = new_game(Mode.SOLO, ["You"], 12, 0, [None])
    while not state.over:
        state, _events = apply(state, state.legal_moves()[0])
    app.files.statistics().record_solo(state, game="g1", hints=2)
    at = len(lines(log))
    app.stack.clear(RecentSoloScene(app))
    pump(app, 2)
    heard = heard_after(log, at)
    left = state.position.card_count()
    row = heard[1]
    assert f"Deal {state.seed}" in row and "2 hints" in row, row
    assert ngettext("%(n)d card left", "%(n)d cards left", left) % {"n": left} in row


def test_replays_say_the_game_a_review_button_acts_on(said):
    from game.match.loading import keep_replay
    from game.scenes.records.replays import ReplaysScene
    from tests.scenes.test_review import finished_match

    app, log = said
    app.stack.clear(ReplaysScene(app))
    pump(app, 2)
    assert lines(log)[:2] == ["Replays", "No finished games yet: the last 20 are kept here."]
    keep_replay(finished_match(3).record_text())
    listed = ReplaysScene(app)
    app.stack.clear(listed)
    pump(app, 2)
    row = next(e for e in listed.elements if "#replay_0" in e.object_ids).text
    at = len(lines(log))
    while listed.ring.focused.element.text != "Review":
        key(app, pygame.K_DOWN)
    assert heard_after(log, at)[-1] == f"{row}: Review"


# The puzzle editor -------------------------------------------------------------------------
def test_the_editor_speaks_its_cursor_brush_cards_and_the_solvers_answer(said):
    from game.scenes.editor.editor import EditorScene
    from game.scenes.editor.layout import KINDS

    app, log = said
    editor = EditorScene(app)
    app.stack.clear(editor)
    pump(app, 2)
    heard = lines(log)
    brush = KINDS[editor.palette.brush]
    assert heard[:2] == ["Make a puzzle", f"Width: {editor.draft.width}"]
    assert "a1: empty" in heard and f"Brush: {brush.label}" in heard
    assert "Place some cards" in heard
    at = len(heard)
    drive.key(app, pygame.K_c, text="c")  # the brush becomes a cat of the same colour
    cat = KINDS[editor.palette.brush]
    assert heard_after(log, at) == [f"Brush: {cat.label}"]
    placed = at = len(lines(log))
    key(app, pygame.K_RETURN)  # a1
    assert heard_after(log, at)[:2] == [f"a1, {cat.label}", "1 card on the field"]
    at = len(lines(log))
    key(app, pygame.K_RIGHT)
    assert heard_after(log, at)[0] == "b1: empty"
    editor.proof.solver.wait(30)
    pump(app, 2)
    assert "Fewest cards that can remain: 1" in heard_after(log, placed)  # once it is proved
    at = len(lines(log))
    key(app, pygame.K_TAB)  # to the buttons: the first one says what it does, in words
    heard = heard_after(log, at)
    assert heard and heard[-1].startswith(f"Narrower (width {editor.draft.width})"), heard


# The guided game ---------------------------------------------------------------------------
def test_the_coach_speaks_every_step_not_only_the_wrong_tries(said):
    from game.scenes.learn.lesson import lesson_scene

    app, log = said
    app.stack.clear(lesson_scene(app))
    pump(app, 3)
    table = top(app)
    coach = table.kind.coach
    first = coach.words(table.state, app.input.device)
    assert first and first in lines(log)
    assert coach.current.does == "read"
    at = len(lines(log))
    key(app, pygame.K_RETURN)  # Got it
    assert coach.step == 1
    pump(app, 2)
    second = coach.words(table.state, app.input.device)
    assert second in heard_after(log, at), heard_after(log, at)


# The tables --------------------------------------------------------------------------------
def test_a_solo_deal_is_heard_on_arrival_with_its_cards_and_goal(said):
    from game.engine import Mode, new_game
    from game.scenes.solo.classic_result import play_solo

    app, log = said
    app.go_to_menu()
    pump(app, 2)
    at = len(lines(log))
    state = new_game(Mode.SOLO_ADVANCED, ["You"], 7, 0, [None])
    play_solo(app, state)
    pump(app, 3)
    heard = heard_after(log, at)
    table = top(app)
    assert table.session.occasion.heading in heard
    assert f"Cards left: {state.position.card_count()}" in heard
    assert any(line.startswith("Keep") for line in heard) and state.target.label in heard
    assert any(line.startswith("Leave as few cards as you can") for line in heard), heard


def test_moves_so_far_are_heard_and_so_are_those_before_joining_an_online_table(said):
    from types import SimpleNamespace

    from game.engine import Mode, new_game
    from game.match.controller import Match
    from game.scenes.online.play import OnlineKind
    from game.scenes.table.moves import MovesScene

    app, log = said
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 4, 0, [None, None])
    match = Match(state)
    for _ in range(3):
        match.play(match.state.legal_moves()[0])
    moves = match.move_list()
    app.stack.clear(MovesScene(app, moves))
    pump(app, 2)
    heard = lines(log)
    assert heard[0] == "Moves so far"
    assert [f"Move {i + 1}: {words}" for i, words in enumerate(moves)] == heard[1:4]
    # The kind answers from the view and the session (never the table scene).
    session = SimpleNamespace(move_list=lambda: moves)
    said_there = OnlineKind(None, None).spoken_lines(None, session)
    assert said_there[0] == "3 moves were made before you joined the table"
    assert said_there[1:] == [f"Move {i + 1}: {words}" for i, words in enumerate(moves)]
    fresh = SimpleNamespace(move_list=lambda: [])
    assert OnlineKind(None, None).spoken_lines(None, fresh) == []


# A campaign level played from the speech log alone ------------------------------------------
CELL = re.compile(r"^([a-h])([1-8])\b")
SCARES = re.compile(r"^([a-h][1-8]), .*?; can scare (.*)$")


def last_cell(log) -> tuple[int, int]:
    """Where the cursor is, as the last line about a cell said it ("b2, ...")."""
    found = next(CELL.match(line) for line in reversed(lines(log)) if CELL.match(line))
    return "abcdefgh".index(found.group(1)), int(found.group(2)) - 1


def steer(app, log, cell: str) -> None:
    """Arrows until the cursor is heard on `cell` ("c2")."""
    want = ("abcdefgh".index(cell[0]), int(cell[1:]) - 1)
    for _ in range(40):
        (x, y), (tx, ty) = last_cell(log), want
        if (x, y) == (tx, ty):
            return
        key(app, pygame.K_RIGHT if x < tx else pygame.K_LEFT if x > tx else
            pygame.K_UP if y < ty else pygame.K_DOWN)
    raise AssertionError(f"never heard the cursor on {cell}")


def a_scare_heard(app, log) -> tuple[str, str]:
    """Sweep the field with the arrows until a card is heard that can scare: it and the
    first card it can scare, by their cells."""
    for _column in range(8):
        for press in [pygame.K_UP] * 4 + [pygame.K_DOWN] * 4:
            found = SCARES.match(lines(log)[-1])
            if found:
                return found.group(1), re.search(r" on ([a-h][1-8])", found.group(2)).group(1)
            key(app, press)
        key(app, pygame.K_RIGHT)
    raise AssertionError("no scare heard anywhere on the field")


@pytest.mark.slow
def test_a_campaign_level_is_played_by_keys_from_the_speech_log_alone(said):
    from game.scenes.solo.campaign_menu import CampaignMenuScene

    app, log = said
    app.stack.clear(CampaignMenuScene(app))
    pump(app, 2)
    key(app, pygame.K_RETURN)  # the chapter in focus (the newest open one)
    pump(app, 2)
    heard = lines(log)
    level = heard[heard.index("Level 1") + 1].split(": ")[0]  # the level in focus, by name
    par = next(line for line in heard if line.startswith("Par: "))
    key(app, pygame.K_RETURN)  # into the level
    pump(app, 3)
    start = heard_after(log, len(heard))
    assert level in start and par in start and any(line.startswith("Goal: ") for line in start)
    key(app, pygame.K_RIGHT)  # the cursor shows, and says where it is
    for _ in range(40):
        if name(app) == "LevelResultScene":
            break
        scarer, target = a_scare_heard(app, log)
        steer(app, log, scarer)
        key(app, pygame.K_RETURN)
        steer(app, log, target)
        key(app, pygame.K_RETURN)
        for _ in range(300):  # the move is shown, then heard
            if name(app) == "LevelResultScene" or top(app).director is None:
                break
            pump(app, 1)
        if name(app) != "LevelResultScene":
            key(app, pygame.K_LEFT)  # the cursor on the field as it is now
    for _ in range(300):
        if name(app) == "LevelResultScene":
            break
        pump(app, 1)
    assert name(app) == "LevelResultScene"
    end = lines(log)
    end = end[len(end) - 1 - end[::-1].index(level):]  # from the level's name at its result
    assert par in end
    assert any(re.fullmatch(r"\d of 3 stars?", line) for line in end), end
    assert any(re.fullmatch(r"\d+ cards? left", line) for line in end), end


def test_a_middle_dot_between_words_is_said_as_a_pause(said):
    app, log = said
    app.speech.say("Chapter 1  \u00b7  0 of 30 stars")
    assert lines(log) == ["Chapter 1, 0 of 30 stars"]


def test_a_solo_result_is_heard_with_its_cards_target_and_then_the_best_possible(said,
                                                                                  monkeypatch):
    import time

    from game.engine import Mode, apply, new_game
    from game.match import analysis, best_words
    from game.scenes.solo import answer_box
    from game.scenes.solo.classic_result import show_result

    monkeypatch.setattr(answer_box, "PROCESS", False)  # a thread: no process per test
    analysis.forget()
    app, log = said
    app.go_to_menu()
    pump(app, 2)
    start = state = new_game(Mode.SOLO_ADVANCED, ["You"], 7, 0, [None])
    while not state.over:
        state = apply(state, state.legal_moves()[0])[0]
    at = len(lines(log))
    show_result(app, state, start)
    pump(app, 2)
    left = state.position.card_count()
    heard = heard_after(log, at)
    assert ngettext("%(n)d card left", "%(n)d cards left", left) % {"n": left} in heard
    assert any(start.target.label in line and line.startswith("Target") for line in heard), heard
    box = top(app).answer
    end = time.monotonic() + 60  # the search runs in a thread; the test waits for its answer
    while not box.job.finished and time.monotonic() < end:
        pump(app, 1)
    pump(app, 2)
    spoken_best = [line for line in heard_after(log, at) if
                   line.startswith(best_words(box.answer.best))]
    assert len(spoken_best) == 1, heard_after(log, at)
    analysis.forget()
