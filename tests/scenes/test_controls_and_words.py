"""Controls do what they show and words say what happened: selectors both ways, greyed undo and
redo, the editor's palette and refusals, the month and the stars named (issue 20's playtest),
each driven by posted events on a headless app."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.drive import click, key, name, pad, past_the_guard, pump


@pytest.fixture
def app(menu_app):
    return menu_app


def wheel(app, pos, y) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    pump(app)


def selectors(scene):
    """Every selector on a menu scene, with a way to read its value back."""
    return list(scene.selectors)


# -- 2: selectors go back on the left half, forward on the right -------------------------------

def _setup(app):
    from game.scenes.table.setup import SetupScene
    app.push(SetupScene(app))
    pump(app)
    return app.stack.top


def _settings(app):
    from game.scenes.settings.settings import SettingsScene
    app.push(SettingsScene(app))
    pump(app)
    return app.stack.top


@pytest.mark.parametrize("opener", [_setup, _settings])
def test_every_selector_goes_both_ways_by_halves_right_click_wheel_and_keys(app, opener):
    scene = opener(app)
    assert scene.selectors, "a menu with no selector"
    for index in range(len(scene.selectors)):
        element = list(scene.selectors)[index]
        start = element.text
        rect = element.rect
        click(app, (rect.right - 20, rect.centery))  # the right half: forward
        element = list(scene.selectors)[index]  # a selector may rebuild the whole menu
        forward = element.text
        assert forward != start, f"{start!r}: the right half did nothing"
        click(app, (rect.x + 20, rect.centery))  # the left half: back
        element = list(scene.selectors)[index]
        assert element.text == start, f"{start!r}: the left half did not go back"
        click(app, rect.center, button=3)  # right click: back
        element = list(scene.selectors)[index]
        back = element.text
        assert back != start
        wheel(app, rect.center, 1)  # the wheel, up: forward again
        element = list(scene.selectors)[index]
        assert element.text == start
        wheel(app, rect.center, -1)
        assert list(scene.selectors)[index].text == back
        wheel(app, rect.center, 1)
        scene.ring.focus(list(scene.selectors)[index])
        key(app, pygame.K_RIGHT)
        assert list(scene.selectors)[index].text == forward
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        assert list(scene.selectors)[index].text == start
        if opener is _settings and index == 0:  # the language: back to English for the rest
            assert app.settings.language == "en"
    assert app.errors == 0


def test_human_or_computer_has_arrows(app):
    scene = _setup(app)
    for button in scene.level_buttons:
        assert button.text.startswith("\u2039") and button.text.endswith("\u203a")
        rect = button.rect
        click(app, (rect.right - 10, rect.centery))
    assert all(k is not None for k in app.setup_memory["levels"][:scene.count])
    assert all("\u2039" in b.text for b in app.stack.top.level_buttons)


# -- 3, 4: the editor: − and +, no card dropped unasked, undo/redo, an eraser, the box's limit --

def element(app, object_id: str):
    return next(e for e in app.stack.top.elements if f"#{object_id}" in e.object_ids)


def open_editor(app, code=None):
    from game.campaign.puzzles import parse_code
    from game.scenes.editor.editor import EditorScene
    app.push(EditorScene(app, parse_code(code) if code else None))
    pump(app)
    return app.stack.top


def cards(editor):
    return [[card.code for card in column] for column in editor.draft.columns]


def test_minus_makes_the_field_narrower_and_asks_before_cards_leave_and_undo_brings_them(app):
    editor = open_editor(app, "YCPE/PMBD@YC")
    before = cards(editor)
    click(app, element(app, "more0").rect.center)
    assert editor.draft.width == 3
    click(app, element(app, "less0").rect.center)  # the empty third column goes unasked
    assert editor.draft.width == 2 and name(app) == "EditorScene"
    click(app, element(app, "less0").rect.center)  # column b holds cards: asked first
    assert name(app) == "ConfirmScene"
    click(app, element(app, "no").rect.center)  # keep them
    assert name(app) == "EditorScene" and cards(editor) == before
    click(app, element(app, "less0").rect.center)
    click(app, element(app, "yes").rect.center)
    assert editor.draft.width == 1 and cards(editor) == before[:1]
    click(app, element(app, "undo").rect.center)
    assert cards(editor) == before and editor.draft.target is not None
    click(app, element(app, "redo").rect.center)
    assert editor.draft.width == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert cards(editor) == before
    for _ in range(3):  # lower: asked too
        click(app, element(app, "less1").rect.center)
        if name(app) == "ConfirmScene":
            click(app, element(app, "yes").rect.center)
    assert editor.draft.height == 1 and all(len(c) == 1 for c in editor.draft.columns)
    assert not element(app, "less1").is_enabled  # no lower than one row: greyed
    assert app.errors == 0


def test_undo_and_redo_are_greyed_when_there_is_nothing_to_take_back(app):
    editor = open_editor(app)
    assert not element(app, "undo").is_enabled and not element(app, "redo").is_enabled
    lay = editor.field.renderer(editor.draft.width, editor.draft.height).layout
    click(app, lay.card_rect((0, 0)).center)
    assert element(app, "undo").is_enabled and not element(app, "redo").is_enabled
    key(app, pygame.K_u, text="u")
    assert editor.draft.card_count() == 0 and element(app, "redo").is_enabled
    key(app, pygame.K_r, text="r")
    assert editor.draft.card_count() == 1


def test_the_eraser_is_on_the_palette_and_takes_a_card_away_with_a_plain_click(app):
    from game.scenes.editor.layout import ERASER
    editor = open_editor(app, "YCPE/PMBD")
    click(app, editor.palette.rect(ERASER).center)
    assert editor.palette.brush == ERASER
    lay = editor.field.renderer(editor.draft.width, editor.draft.height).layout
    click(app, lay.card_rect((0, 0)).center)
    assert cards(editor)[0] == ["YC"]  # the card above fell into its place
    assert app.errors == 0


def test_a_third_copy_is_refused_with_a_message_and_greyed_on_the_palette(app):
    from game.scenes.editor.layout import KINDS
    editor = open_editor(app)
    lay = editor.field.renderer(editor.draft.width, editor.draft.height).layout
    click(app, editor.palette.rect(0).center)
    for x in range(3):
        click(app, lay.card_rect((x, 0)).center)
    assert sum(len(c) for c in editor.draft.columns) == 2
    assert editor.status.bad and KINDS[0].label in editor.status.message
    assert editor.draft.used_up(KINDS[0])


def test_a_pasted_code_that_breaks_the_box_is_refused_naming_the_card(app, monkeypatch):
    from game.engine.cards import parse_card
    from game.ui import clipboard
    editor = open_editor(app)
    monkeypatch.setattr(clipboard, "get_text", lambda: "YCYCYCYCYC/YCYCYCYCYC")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert editor.status.bad and parse_card("YC").label in editor.status.message
    assert editor.draft.card_count() == 0


# -- 11: statistics on a first day -------------------------------------------------------------

def test_a_first_daily_deal_leaves_no_missed_day_and_the_month_is_named(app, tmp_path):
    from datetime import date

    from game.campaign.stats import MISSED, Statistics
    from game.engine import Mode, apply, new_game
    from game.scenes.records.statistics import MONTHS, StatisticsScene, month_words
    today = date(2026, 11, 26)
    stats = Statistics(tmp_path / "stats")
    app.files.use_statistics(stats)
    state = new_game(Mode.SOLO, ["You"], 5, 0, [None])
    while not state.over:
        state, _events = apply(state, state.legal_moves()[0])
    stats.record_solo(state, daily=today)
    app.push(StatisticsScene(app, today=today))
    pump(app)
    days = stats.calendar(today)
    assert MISSED not in {d.status for d in days}
    assert "November" in month_words(days[0].day, days[-1].day)
    assert month_words(date(2026, 12, 29), date(2027, 2, 1)).count("20") == 2
    assert len(MONTHS) == 12 and app.errors == 0


# -- 15: a language switch reaches My puzzles at once ------------------------------------------

def test_my_puzzles_speaks_the_new_language_after_a_switch(app):
    from game import i18n
    from game.campaign.puzzles import (
        CHAPTER_ABOUT,
        CHAPTER_NAME,
        Puzzle,
        my_chapter,
        save_puzzle,
    )
    from game.engine.state import deal_position
    from game.ui.language import switch_language
    save_puzzle(app.prefs, "Mine", Puzzle(deal_position(3), None), 1)
    app.files.puzzles_changed()
    campaign = app.files.campaign()
    for code in (c for c in i18n.LANGUAGES if c != "en"):
        switch_language(app, code)
        try:
            chapter = my_chapter(campaign)
            assert chapter.name == i18n._(CHAPTER_NAME) != CHAPTER_NAME
            assert chapter.about == i18n._(CHAPTER_ABOUT) != CHAPTER_ABOUT
        finally:
            switch_language(app, "en")
    assert my_chapter(campaign).name == CHAPTER_NAME


# -- 17: the first start focuses New game, whatever the resting pointer hovers -------------------

def test_a_resting_pointer_does_not_take_the_title_focus_from_new_game(app):
    import pygame_gui
    title = app.stack.top
    solo = next(e for e in title.elements if "#solo" in e.object_ids)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=solo))
    pump(app)
    assert "#new_game" in title.ring.focused.element.object_ids
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=solo.rect.center, rel=(4, 2),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=solo))
    pump(app)
    assert title.ring.focused.element is solo


# -- 16: the last move's marks stay off the faces -----------------------------------------------

def test_the_last_move_marks_the_cell_around_the_card_that_fell_in_not_over_its_face(app):
    from game.engine import Mode, new_game
    from game.scenes.table.field import draw_last_move
    from game.scenes.table.play import table_scene
    from game.scenes.table.view import snapshot
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 2018, 0, [None, None])
    table = table_scene(app, state, keep=False)
    app.stack.clear(table)
    pump(app)
    # A scare that stays, under a card that then falls into the scared card's cell.
    move = next(m for m in state.legal_moves() if not m.move_in
                and m.target[1] < len(state.position.columns[m.target[0]]) - 1)
    table.play(move)
    table.end_animation()
    pump(app)
    scarer, scared = table.session.last_cells()
    assert scared == move.target and scarer != scared
    sheet = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
    draw_last_move(snapshot(table), sheet)
    face = table.field.layout.card_rect(scared)
    assert sheet.subsurface(face).get_bounding_rect().size == (0, 0)  # nothing on the face
    ring = face.inflate(14, 14)
    assert sheet.subsurface(ring).get_bounding_rect().size != (0, 0)  # its cell is marked


# -- 5: Undo and Redo greyed when there is nothing to take back; one label style ---------------

def test_the_tables_undo_and_redo_are_greyed_until_there_is_something_to_do(app):
    from game.engine import Mode, new_game
    from game.scenes.table.play import table_scene
    state = new_game(Mode.SOLO, ["You"], 2018, 0, [None])
    table = table_scene(app, state, keep=False)
    app.stack.clear(table)
    pump(app)
    assert not table.buttons["undo"].enabled and not table.buttons["redo"].enabled
    click(app, table.buttons["undo"].rect.center)  # greyed: does nothing
    assert table.session.index == 0
    table.play(state.legal_moves()[0])
    table.end_animation()
    pump(app)
    assert table.buttons["undo"].enabled and not table.buttons["redo"].enabled
    click(app, table.buttons["undo"].rect.center)
    table.end_animation()
    pump(app)
    assert table.session.index == 0 and table.buttons["redo"].enabled and not table.buttons["undo"].enabled


def test_table_buttons_share_one_label_style_without_key_hints(app):
    """Random deals and the campaign: plain words ("Undo"), never "Undo (U)"."""
    from game.campaign.level_game import level_state  # noqa: F401 - the campaign is there
    from game.engine import Mode, new_game
    from game.scenes.solo.level_play import level_scene
    from game.scenes.table.play import table_scene
    tables = [table_scene(app, new_game(Mode.SOLO, ["You"], 1, 0, [None]), keep=False),
              level_scene(app, app.files.campaign().levels[0])]
    for table in tables:
        app.stack.clear(table)
        pump(app)
        labels = [b.label for b in table.buttons]
        assert labels and not any("(" in label for label in labels), labels


# -- 14: the words on end screens ----------------------------------------------------------------

def test_copy_result_has_no_stars_for_a_deal_and_the_note_shows_the_line_itself(app, monkeypatch):
    from game.engine import Mode, apply, new_game
    from game.match import deal_key
    from game.scenes.solo.classic_result import show_result
    from game.ui import clipboard
    put = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: put.append(text) or True)
    start = new_game(Mode.SOLO, ["You"], 9, 0, [None])
    state = start
    while not state.over:
        state, _events = apply(state, state.legal_moves()[0])
    app.files.progress().record_classic(deal_key(start), state.position.card_count())  # as kept
    show_result(app, state, start, before=None)  # the first try at this deal
    past_the_guard(app)
    pump(app)
    result = app.stack.top
    assert "first result" in result.footer()  # a first try is no "new best"
    result.copier.copy()
    (line,) = put
    assert "\u2605" not in line and "\u2606" not in line
    assert line in result.copier.note


def test_player_words_use_dashes_not_hyphens_between_words():
    """Every marked string in game/ (read with ast): " - " between words is a dash's place."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "game"
    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                    "_", "N_", "ngettext", "pgettext"):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                            and " - " in arg.value:
                        found.append(f"{path.name}: {arg.value!r}")
    assert found == []


# -- 14: a solved campaign level: three stars, its words, and Copy result on that scale -------

def test_a_solved_level_shows_three_stars_says_so_and_copies_three_of_three(app, monkeypatch):
    from game.campaign.level_game import solution_line
    from game.campaign.progress import stars_for
    from game.render import fit
    from game.scenes.solo.level_play import level_scene
    from game.scenes.solo.level_result import STARS
    from game.ui import clipboard
    from game.ui.copy_result import BUTTON_RECT
    from tests.scenes.test_campaign_ui import play_move, pump_until
    put = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: put.append(text) or True)
    campaign = app.files.campaign()
    level = campaign.levels[0]  # open from the start, and so is the next one once it is solved
    said = []
    for attempt in (1, 2):
        table = level_scene(app, level)
        app.push(table)
        pump(app, 3)
        monkeypatch.setattr(table, "say", lambda words, *a, **k: said.append(words))
        for move in solution_line(level):
            play_move(app, move)
        pump_until(app, lambda: name(app) == "LevelResultScene")
        past_the_guard(app)  # the result waits for a choice made after it showed
        result = app.stack.top
        assert result.left == level.par and result.stars == STARS == stars_for(level.par, level.par)
        lines = result.lines()
        if attempt == 1:  # a first try is the first result, not a "new best"
            assert "Your first result on this level." in lines
        else:
            assert not [line for line in lines if "New best" in line]
            assert any(line.startswith("Your best:") for line in lines)
        assert result.next_open() and result.ring.focused.element.text == "Next level"
        click(app, BUTTON_RECT.center)
        line = put[-1]
        assert line.count("\u2605") == STARS and "\u2606" not in line and level.name in line
        # The note on screen says the line in words the font can draw: the stars as a count.
        note = result.copier.note
        assert f"{STARS} of {STARS} stars" in note and line.split(" \u00b7 ")[0] in note
        assert fit.missing_glyphs(app.assets.font(24), note) == []
        app.go_to_menu()
        pump(app)
    # The table's last word on a solved puzzle is how it went, never why no scare is left.
    assert not [w for w in said if "no scare is possible" in w or "Game over" in w]
    assert any("The end" in w for w in said)


def test_once_one_computer_is_shortened_on_the_scores_every_computer_is(app):
    """The rows name the computers one way in every language: when one computer's name is
    too long for its button, every computer that keeps its given name shows its seat
    ('Počítač 2'), while a renamed computer and a person keep their names."""
    from game import i18n
    from game.engine import Mode, apply, new_game
    from game.engine.ai import SKILLS
    from game.match.words import computer_name
    from game.scenes.table.scoring import ScoringScene
    levels = list(SKILLS)
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            names = [computer_name(i + 1, level) for i, level in enumerate(levels[:3])]
            state = new_game(Mode.STANDARD, names + ["Ada"], 5, bots=levels[:3] + [levels[-1]])
            while not state.over:
                state, _events = apply(state, state.legal_moves()[0])
            scene = ScoringScene(app, state, lambda _state: None)
            app.stack.clear(scene)
            pump(app, 2)
            texts = [b.text for b in scene.row_buttons]
            assert texts[3] == "Ada", lang
            whole = [texts[i] == state.players[i].name for i in range(3)]
            assert all(whole) or not any(whole), (lang, texts)
            if not all(whole):
                assert texts[:3] == [scene.shorter_names(i)[-1] for i in range(3)], lang
    finally:
        i18n.set_language("en")
        app.go_to_menu()

