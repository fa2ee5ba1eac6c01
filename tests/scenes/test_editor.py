"""The puzzle editor, driven by posted events: gravity, keyboard / mouse / pad, the live solver,
codes in and out (the clipboard through its seam), saving into My puzzles, play-testing."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.campaign.puzzles import Puzzle, my_chapter, parse_code  # noqa: E402
from game.engine.cards import parse_card  # noqa: E402
from game.scenes.solo.level_table import LevelTable
from game.scenes.solo.play_test import PLAY_TEST, SHARED
from tests.scenes.drive import click, is_table, key, name, pad, press, pump  # noqa: E402


@pytest.fixture
def app(menu_app):
    return menu_app


@pytest.fixture
def board(monkeypatch):
    """A stand-in clipboard: what was put, and what a paste reads."""
    from game.ui import clipboard
    state = {"put": [], "text": ""}
    monkeypatch.setattr(clipboard, "put_text", lambda text: state["put"].append(text) or True)
    monkeypatch.setattr(clipboard, "get_text", lambda: state["text"])
    return state


def element(app, object_id: str):
    return next(e for e in app.stack.top.elements if f"#{object_id}" in e.object_ids)


def codes(editor) -> list[list[str]]:
    return [[card.code for card in column] for column in editor.draft.columns]


def open_editor(app, puzzle=None):
    from game.scenes.editor.editor import EditorScene
    app.push(EditorScene(app, puzzle))
    pump(app)
    return app.stack.top


def settle_solver(app, editor):
    editor.proof.solver.wait(30)
    pump(app)
    return editor.proof.answer


def test_solo_menu_opens_the_editor_by_keyboard(app):
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert name(app) == "SoloMenuScene"
    for _ in range(4):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert name(app) == "EditorScene"
    key(app, pygame.K_ESCAPE)  # nothing placed: leaves at once
    assert name(app) == "SoloMenuScene"
    assert app.errors == 0


def test_keyboard_places_with_gravity_and_removes_letting_cards_fall(app):
    editor = open_editor(app)
    key(app, pygame.K_c, text="c")  # the brush becomes a cat of the same colour
    key(app, pygame.K_RETURN)  # a1
    key(app, pygame.K_UP)
    key(app, pygame.K_b, text="b")  # blue cat
    key(app, pygame.K_RETURN)  # a2
    key(app, pygame.K_UP)
    key(app, pygame.K_RIGHT)  # b3, above an empty column
    key(app, pygame.K_RETURN)
    assert codes(editor)[:2] == [["YC", "BC"], ["BC"]]  # the card fell onto b1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # a1
    key(app, pygame.K_DELETE)
    assert codes(editor)[0] == ["BC"]  # the card above fell into its place
    assert app.errors == 0


def test_mouse_places_removes_and_picks_the_brush(app):
    editor = open_editor(app)
    click(app, editor.palette.rect(13).center)  # the blue dog
    assert editor.palette.brush == 13
    lay = editor.field.renderer(editor.draft.width, editor.draft.height).layout
    click(app, lay.card_rect((2, 2)).center)
    assert codes(editor)[2] == ["BD"]
    click(app, lay.card_rect((2, 1)).center)
    click(app, lay.card_rect((2, 0)).center, button=3)
    assert codes(editor)[2] == ["BD"]  # two placed, the bottom one taken away
    assert app.errors == 0


def test_the_gamepad_moves_places_removes_and_changes_brush(app):
    editor = open_editor(app)
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # the same card again: nothing changes
    assert codes(editor)[1] == ["YD"]
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_Y)
    assert codes(editor)[1] == ["YD"]
    pad(app, pygame.CONTROLLER_BUTTON_X)  # to the buttons: Width's − first, then its +
    assert editor.toolbar.active
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # Height's −
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert (editor.draft.width, editor.draft.height) == (6, 2)
    pad(app, pygame.CONTROLLER_BUTTON_X)
    assert not editor.toolbar.active
    assert app.errors == 0


def test_a_field_shrinks_without_leaving_a_floating_card(app):
    editor = open_editor(app, parse_code("YC..OE/OMBCYD/PMBDYE/PMBDPE"))
    editor.set_height(2)
    key(app, pygame.K_RETURN)  # "Make it narrower"? "Leave it as it is" has the focus
    assert editor.draft.height == 4 and name(app) == "EditorScene"
    editor.set_height(2)
    click(app, element(app, "yes").rect.center)
    editor.set_width(2)
    click(app, element(app, "yes").rect.center)
    assert codes(editor) == [["PM", "PM"], ["BD", "BD"]]
    for column in editor.draft.position().columns:
        assert len(column) <= editor.draft.height


@pytest.mark.parametrize("text", [
    "hello there", "YC..OE/PM..YE", "PMYC/..BD", "YC" * 20, "YCPM@ZZ", "YCPM@BE", "",
])
def test_a_bad_pasted_code_is_said_in_one_line_and_the_field_stays(app, board, text):
    editor = open_editor(app, parse_code("YCPE/PMBD@YC"))
    before = (codes(editor), editor.draft.height, editor.draft.target)
    board["text"] = text
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert editor.status.bad and editor.status.message and "\n" not in editor.status.message
    assert (codes(editor), editor.draft.height, editor.draft.target) == before
    assert app.errors == 0


def test_codes_go_out_and_come_back_and_the_solver_answers(app, board):
    editor = open_editor(app)
    board["text"] = "YCPE/PMBD@YC"
    click(app, element(app, "paste").rect.center)
    assert codes(editor) == [["PM", "YC"], ["BD", "PE"]] and editor.draft.target == parse_card("YC")
    answer = settle_solver(app, editor)
    assert answer.proven and answer.count is not None
    assert any(str(answer.count) in words for words, *_ in editor.proof.lines(editor.draft))
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    assert board["put"] == ["YCPE/PMBD@YC"]
    assert app.errors == 0


def test_copy_code_carries_the_puzzles_name_and_paste_brings_it_back(app, board):
    """The name typed in the editor goes out with the code (a friend's play screen shows it),
    and a pasted named code fills the name box."""
    from game.campaign.puzzles import NAME_MAX, split_named
    editor = open_editor(app)
    board["text"] = "YCPE/PMBD@YC"
    click(app, element(app, "paste").rect.center)
    longest = "The Elephant Parade of Grandma".ljust(NAME_MAX, "!")
    editor.toolbar.name_entry.set_text(longest)
    click(app, element(app, "copy").rect.center)
    code, named = split_named(board["put"][-1])
    assert code == "YCPE/PMBD@YC" and named == longest
    other = open_editor(app)
    board["text"] = board["put"][-1]
    click(app, element(app, "paste").rect.center)
    assert codes(other) == [["PM", "YC"], ["BD", "PE"]] and other.toolbar.name_entry.get_text() == longest


def test_the_target_follows_the_field(app):
    editor = open_editor(app, parse_code("YCPE/PMBD"))
    click(app, element(app, "target").rect.center)
    assert editor.draft.target is not None
    for _ in range(4):
        editor.cycle_target()
    assert editor.draft.target is None  # round the four kinds and back to none
    key(app, pygame.K_TAB)  # from the buttons back to the field
    assert not editor.toolbar.active
    editor.field.cursor = ("field", 0, 1)
    key(app, pygame.K_t, text="t")
    assert editor.draft.target == parse_card("YC")
    key(app, pygame.K_DELETE)
    assert editor.draft.target is None and "target" in editor.status.message


def test_save_needs_a_name_then_lands_in_my_puzzles(app):
    from game.scenes.solo.level_select import LevelSelectScene
    editor = open_editor(app, parse_code("YCPE/PMBD@YC"))
    settle_solver(app, editor)
    click(app, element(app, "save").rect.center)
    assert editor.status.bad and not (app.prefs / "puzzles").exists()
    editor.toolbar.name_entry.set_text("Two by two")
    click(app, element(app, "save").rect.center)
    assert not editor.status.bad, editor.status.message
    (path,) = (app.prefs / "puzzles").glob("*.txt")
    assert f"par: {editor.proof.answer.count}" in path.read_text()
    campaign = app.files.campaign()
    mine = my_chapter(campaign)
    assert [lv.name for lv in mine.levels] == ["Two by two"]
    assert mine.number == 6  # after the five curated chapters
    assert app.files.progress().chapter_unlocked(campaign, mine.number)
    assert app.files.progress().level_unlocked(campaign, mine.levels[0].id)
    key(app, pygame.K_ESCAPE)  # saved: leaves without asking
    assert name(app) == "TitleScene"
    app.push(LevelSelectScene(app, mine.number))
    pump(app)
    key(app, pygame.K_RETURN)
    assert is_table(app, LevelTable) and app.stack.top.kind.level.name == "Two by two"
    assert app.errors == 0


def test_leaving_unsaved_work_asks_first(app):
    open_editor(app, parse_code("YCPE/PMBD"))  # opened from a code: nothing to lose yet
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # now changed
    key(app, pygame.K_ESCAPE)
    assert name(app) == "ConfirmScene"
    key(app, pygame.K_RETURN)  # "Stay" has the focus
    assert name(app) == "EditorScene"
    key(app, pygame.K_ESCAPE)
    click(app, element(app, "yes").rect.center)
    assert name(app) == "TitleScene"


def test_play_test_has_undo_and_comes_back_to_the_editor(app):
    from game.engine.solver import solve
    editor = open_editor(app, parse_code("YCPE/PMBD"))
    settle_solver(app, editor)
    click(app, element(app, "play_test").rect.center)
    table = app.stack.top
    assert is_table(app, LevelTable) and table.kind.words == PLAY_TEST
    line = solve(editor.draft.position()).moves
    table.play(line[0])
    table.end_animation()
    pump(app)
    key(app, pygame.K_u, text="u")
    assert table.state == table.session.start
    for move in line:
        table.play(move)
        table.end_animation()
        pump(app)
    for _ in range(400):
        if name(app) == "EditorScene":
            break
        pump(app, 1)
    assert name(app) == "EditorScene"
    assert "Play-test over" in editor.status.message
    assert app.files.progress().levels == {}  # a play-test keeps no result
    assert app.files.statistics().levels_played == 0
    assert app.errors == 0


def test_a_shared_code_opens_its_puzzle_to_play_and_a_bad_one_is_said(app):
    """Playtest: a friend's code opens a play screen (not the editor and its answer), with the
    puzzle's name; the seed field is cleared so Random deal deals again."""
    from game.campaign.puzzles import named_code, split_named
    from game.scenes.solo.solo_menu import SoloMenuScene
    app.push(SoloMenuScene(app))
    pump(app)
    menu = app.stack.top
    menu.seed_entry.set_text("YCPE/PM..")
    press(app, "random")
    assert name(app) == "SoloMenuScene" and "float" in menu.error
    shared = named_code(Puzzle(parse_code("YCPE/PMBD").position, parse_card("PE")),
                        "Two\u2028cats\nand a dog")
    assert split_named(shared)[1] == "Two cats and a dog"  # one line, whatever was typed
    menu.seed_entry.set_text(shared)
    press(app, "random")
    table = app.stack.top
    assert is_table(app, LevelTable) and table.kind.words == SHARED
    assert table.kind.level.name == "Two cats and a dog" and table.pick.hint_move is None
    assert table.state.position == parse_code("YCPE/PMBD").position
    assert table.state.target == parse_card("PE")
    assert menu.seed_entry.get_text() == ""
    while not table.state.over:
        table.play(table.state.legal_moves()[0])
        table.end_animation()
    for _ in range(300):
        if name(app) == "SoloMenuScene":
            break
        pump(app)
    assert name(app) == "SoloMenuScene" and "fewest possible" in menu.note
    assert app.errors == 0


def test_a_broken_user_level_shows_as_unavailable_and_the_rest_load(app):
    from game.campaign.puzzles import save_puzzle
    from game.scenes.solo.level_select import LevelSelectScene
    save_puzzle(app.prefs, "Fine", parse_code("YCPM"), 1)
    (app.prefs / "puzzles" / "my-zz.txt").write_text(
        "id: my-zz\nname: Odd\nchapter: 99\npar: 1\n\nYC ..\n")
    mine = my_chapter(app.files.campaign())
    assert [lv.id for lv in mine.levels] == ["my-fine"]
    (error,) = mine.broken
    assert error.path.name == "my-zz.txt" and error.line == 6
    app.push(LevelSelectScene(app, mine.number))
    pump(app)
    scene = app.stack.top
    scene.focus = next(i for i, e in enumerate(scene.entries) if e is error)
    key(app, pygame.K_RETURN)
    assert name(app) == "LevelSelectScene"  # refused, with the loader's reason below
    assert app.errors == 0
