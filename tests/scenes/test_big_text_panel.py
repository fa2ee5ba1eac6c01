"""Settings -> Text size 200 % on the couch and solo tables' panel: whose turn it is with a long
name, and the solo deal's goal, at least 1.8 times as tall as at 100 %, nothing cut."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine import Mode, new_game
from tests.scenes.test_big_text import GROWTH, measured, recording, shown, smallest, text_audit

# As long as the name box takes, as the audit's screens name the seats (tools/screenshots.py).
LONG = ("Wilhelmina Großmann-Wüst", "Maximilian Wojciechowski", "Bartholomew Featherstone")


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)  # the big-text tests' one fixture


def heights(app, names, mode, text_size: float) -> tuple[dict[str, int], list]:
    """A couch table of `names` (the first one's turn) drawn at `text_size`: each text's
    smallest height, and the audit's problems."""
    from game.scenes.table.play import table_scene

    state = new_game(mode, list(names), 3, 0, [None] * len(names))
    texts, problems = measured(app, lambda: table_scene(app, state, keep=False), text_size)
    return smallest(texts), problems


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_whose_turn_with_a_long_name_grows_at_200(app, lang):
    """"Turn: Wilhelmina Großmann-Wüst" (30 px at 100 %, the whole name on one line): at least
    1.8 times as tall at 200 %, its first word where the whole is too long, on two lines
    where one does not hold it; with teams' longer line under it too."""
    from game.i18n import _

    assert i18n.set_language(lang) is None
    tables = [(Mode.STANDARD, (name, *(other for other in LONG if other != name), "Ben"))
              for name in LONG]
    tables.append((Mode.TEAMS, (LONG[2], "Anna", "Ben", "Cleo")))
    for mode, names in tables:
        small, _problems = heights(app, names, mode, 1.0)
        large, problems = heights(app, names, mode, 2.0)
        assert problems == [], (names, problems)
        turn = _("Turn: %(name)s") % {"name": names[0]}
        assert turn in small
        assert (shown(large, turn) or 0) >= GROWTH * small[turn], (names, small[turn], large)


def test_whose_turn_keeps_the_whole_name_where_another_seat_shares_its_first_word(app):
    """Two Wilhelminas: the first word would not tell them apart, the whole name stays."""
    names = ("Wilhelmina Großmann-Wüst", "Wilhelmina Bauer", "Ben")
    large, problems = heights(app, names, Mode.STANDARD, 2.0)
    assert problems == []
    assert "Turn: Wilhelmina Großmann-Wüst" in large
    assert "Turn: Wilhelmina" not in large


def test_the_turn_words_shorten_to_a_first_word_only_where_it_tells_the_seat_apart():
    from game.scenes.table.panel import turn_wordings

    anna, ben, anna_b = (new_game(Mode.STANDARD, ["Anna Maria Lind", "Ben", "Anna"], 3)
                         .players)
    assert turn_wordings([anna, ben], anna) == ["Turn: Anna Maria Lind", "Turn: Anna"]
    assert turn_wordings([anna, ben, anna_b], anna) == ["Turn: Anna Maria Lind"]
    assert turn_wordings([anna, ben], ben) == ["Turn: Ben"]


def solo_heights(app, seed: int, text_size: float) -> tuple[dict[str, int], list]:
    """A fresh advanced solo deal (its card to keep) drawn at `text_size`: each text's
    smallest height, and the audit's problems."""
    from game.scenes.table.play import table_scene

    state = new_game(Mode.SOLO_ADVANCED, ["Anna"], seed)
    texts, problems = measured(app, lambda: table_scene(app, state, keep=False), text_size)
    return smallest(texts), problems


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_solo_panels_card_to_keep_grows_at_200(app, lang):
    """"Keep one of these:" / "Keep this one:" beside the card to keep (German "Eine davon
    muss bleiben:" 30 px at 100 %) and the card's name: 1.8 times as tall at 200 % where
    reading text at 100 % (else as far as large text goes), nothing cut."""
    from game.render import looks
    from game.scenes.table.panel import solo_goal

    assert i18n.set_language(lang) is None
    reading = app.assets.font(26).get_height()
    top = app.assets.font(looks.LARGE).get_height()
    for seed in (3, 4):  # one card to keep, or one of two alike
        small, _problems = solo_heights(app, seed, 1.0)
        large, problems = solo_heights(app, seed, 2.0)
        assert problems == []
        for words in solo_goal(new_game(Mode.SOLO_ADVANCED, ["Anna"], seed))[:2]:
            height = small[words]
            want = GROWTH * height if height <= reading else min(GROWTH * height, top - 4)
            assert large.get(words, 0) >= want, (words, height, large.get(words))


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_solo_goal_grows_at_200_before_the_first_move(app, lang):
    """"Leave as few cards as you can \u2014 one card: King of the Beasts" under the card to keep
    (33-36 px at 100 %): 1.8 times as tall at 200 % at the deal's start, the mode as the
    panel's title (not again under the goal), nothing cut."""
    from game.i18n import _
    from game.match.controller import Match
    from game.scenes.table.panel import solo_goal
    from game.scenes.table.play import table_scene

    assert i18n.set_language(lang) is None
    state = new_game(Mode.SOLO_ADVANCED, ["Anna"], 3)
    goal = solo_goal(state)[-1]
    small, _problems = solo_heights(app, 3, 1.0)
    large, problems = solo_heights(app, 3, 2.0)
    assert problems == []
    assert large.get(goal, 0) >= GROWTH * small[goal], (goal, small[goal], large.get(goal))
    assert _(state.mode.label) in large
    # Once a move is made the last move takes its room under the goal: nothing cut.
    match = Match(state)
    match.play(state.legal_moves()[0])
    texts, problems = measured(app, lambda: table_scene(app, match, keep=False), 2.0)
    assert problems == []
    assert _("Last move") in {t.words for t in texts}


def hint_height(app, text_size: float) -> tuple[int | None, list]:
    """A couch table with a hint lit (the badge on its target card) drawn at `text_size`: the
    badge's height, and the audit's problems."""
    from game.i18n import _
    from game.scenes.table.play import table_scene
    from tests.scenes.drive import pump
    from tests.scenes.test_big_text import text_audit

    app.settings.text_size = text_size
    app.apply_looks()
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], 3, 0, [None, None])
    table = table_scene(app, state, keep=False)
    app.stack.clear(table)
    pump(app, 3)
    while app.stack.top is not table:  # the hand-over: the table beneath
        app.pop()
    table.pick.hint_move = next(m for m in state.legal_moves() if not m.move_in)
    pump(app, 3, force=True)
    screen = text_audit.Recorder()
    table.draw(screen)
    heights = [t.height for t in screen.texts if t.words == _("hint") and t.height]
    return min(heights, default=None), text_audit.check_scene(screen.texts, None, [],
                                                               screen.shapes)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_hint_badge_on_a_card_grows_at_200(app, lang):
    """The green "hint" on the card to scare (36 px at 100 %): 1.8 times as tall, not cut."""
    assert i18n.set_language(lang) is None
    small, _problems = hint_height(app, 1.0)
    large, problems = hint_height(app, 2.0)
    assert problems == []
    assert small is not None and (large or 0) >= GROWTH * small, (small, large)


def line_panel(app, heading: str, text_size: float) -> tuple[dict[str, int], list]:
    """A deal's line's panel ("Solution", "Where did it slip?") drawn at `text_size`: each
    text's height, and the audit's problems."""
    from types import SimpleNamespace

    from game.render.widgets import TextCache
    from game.scenes.solo.solution_table import LinePanel
    from tests.scenes.test_big_text import text_audit

    app.settings.text_size = text_size
    app.apply_looks()
    panel = LinePanel(TextCache(app.assets), heading, "Best possible: 1 card")
    screen = text_audit.Recorder()
    panel.paint(screen)
    panel.draw(screen, SimpleNamespace(state=new_game(Mode.SOLO, ["Anna"], 3)))
    return ({t.words: t.height for t in screen.texts if t.height},
            text_audit.check_scene(screen.texts, None, [], screen.shapes))


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_deal_lines_heading_grows_at_200(app, lang):
    """"Solution" and "Where did it slip?" over a solo deal's line (33 px at 100 %)."""
    from game.i18n import _

    assert i18n.set_language(lang) is None
    for heading in (_("Solution"), _("Where did it slip?")):
        small, _problems = line_panel(app, heading, 1.0)
        large, problems = line_panel(app, heading, 2.0)
        assert problems == []
        assert large.get(heading, 0) >= GROWTH * small[heading], (heading, small, large)


def level_heights(app, level, text_size: float, words=None,
                  demo=()) -> tuple[dict[str, int], list]:
    """A campaign `level`'s table (a play-test's saying `words`, when given; its solution
    line `demo`'s, when given) drawn at `text_size`: each text's smallest height, and the
    audit's problems."""
    from game.scenes.solo.level_play import level_scene
    from game.scenes.solo.play_test import play_test_scene
    from tests.scenes.drive import pump
    from tests.scenes.test_big_text import text_audit

    app.settings.text_size = text_size
    app.apply_looks()
    table = level_scene(app, level, demo=demo or None) if words is None else \
        play_test_scene(app, level, lambda state: None, words)
    app.stack.clear(table)
    pump(app, 5, force=True)
    screen = text_audit.Recorder()
    table.draw(screen)
    return smallest(screen.texts), text_audit.check_scene(screen.texts, None, [], screen.shapes)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_play_tests_line_grows_at_200(app, lang):
    """"Play-test: nothing is saved", "A shared puzzle: nothing is saved" (33 px at 100 %):
    1.8 times as tall at 200 %, or their shorter line there nearly at the large size where
    the long one would get smaller; where neither holds one line so (German "Nichts wird
    gespeichert"), the long one on two (never the long one small); nothing cut."""
    from game.i18n import _
    from game.render import looks
    from game.scenes.solo.play_test import WORDINGS

    assert i18n.set_language(lang) is None
    target = next(lv for lv in app.files.campaign().levels if lv.target is not None)
    for words in WORDINGS:
        small, _problems = level_heights(app, target, 1.0, words)
        large, problems = level_heights(app, target, 2.0, words)
        assert problems == [], problems
        line, shorter = (_(w) for w in words)
        # The line as at 100 % (the shorter one there too where the long one does not fit).
        before = line if line in small else shorter
        nearly = app.assets.font(looks.scaled(24) * 9 // 10).get_height()
        assert large.get(before, 0) >= GROWTH * small[before] or (
            before == line and large.get(shorter, 0) >= nearly), (
            before, small[before], large.get(line), large.get(shorter))


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_whose_turn_at_an_online_table_grows_at_200(app, lang):
    """The online panel (its line under whose turn it is a long place word, "on this screen"):
    "Turn: Wilhelmina" on one line at its size where it fits the panel's width, else on two
    (Polish "Teraz gra: Wilhelmina") above "human" (the seats' list says where each plays),
    nothing cut."""
    from game.i18n import _
    from tests.scenes.test_big_text import online_panel
    from tests.scenes.test_online_panel import LONG

    assert i18n.set_language(lang) is None
    small, _problems = online_panel(app, 2, 1.0)  # two seats: their first words differ
    large, problems = online_panel(app, 2, 2.0)
    assert problems == []
    turn = _("Turn: %(name)s") % {"name": LONG[0]}
    assert (shown(large, turn) or 0) >= GROWTH * small[turn], (small[turn], large)


def help_lines(app) -> list[str]:
    """The key and pad help lines a level's panel shows (the first binding of each action)."""
    from game.scenes.solo.level_table import DEVICES, HELP

    return [app.input.controls.help_line(device, HELP) for device in DEVICES]


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_campaign_levels_panel_grows_at_200(app, lang):
    """The level with the longest name (its card to keep, its words: German "Diese muss
    bleiben:" 36 px, "Es gibt genau einen Weg. Finde ihn." 33 px at 100 %), its solution and
    the two play-test tables: every reading text drawn at 200 % is 1.8 times as tall, nothing
    cut. The key and pad help lines grow with it, or give way where the panel has no room for
    them at a large size (the buttons beside them say the same; Settings -> Controls lists
    the keys), never drawn small."""
    from game.campaign.level_game import solution_line
    from game.i18n import _
    from game.scenes.solo.play_test import WORDINGS
    from tests.scenes.test_big_text import READING, short_of

    assert i18n.set_language(lang) is None
    reading = app.assets.font(READING).get_height()
    campaign = app.files.campaign()
    font = app.assets.font(42, True)
    longest = max(campaign.levels, key=lambda lv: font.size(_(lv.name))[0])
    target = next(lv for lv in campaign.levels if lv.target is not None)
    elephant = campaign.level("keep-the-elephant") or target
    tables = [(longest, None, ()), (elephant, None, solution_line(elephant)),
              *((target, words, ()) for words in WORDINGS)]
    for level, words, demo in tables:
        small, _problems = level_heights(app, level, 1.0, words, demo)
        large, problems = level_heights(app, level, 2.0, words, demo)
        assert problems == [], (level.id, problems)
        short = {text: sizes for text, sizes in short_of(small, large, reading).items()
                 if sizes[1] is not None}  # not drawn at 200 %: another wording there
        assert short == {}, (level.id, words, short)
        for line in help_lines(app):
            assert line not in large or large[line] >= GROWTH * small[line], (line, large)


def solo_row(app, text_size: float) -> dict[str, tuple[int | None, pygame.Surface]]:
    """Undo and Redo of a solo table drawn at `text_size`, each on its own recording screen:
    its label's line height (None: no words drawn) and its picture."""
    from game.scenes.table.play import table_scene

    state = new_game(Mode.SOLO_ADVANCED, ["Anna"], 3)
    app.settings.text_size = text_size
    app.apply_looks()
    table = table_scene(app, state, keep=False)
    app.stack.clear(table)
    row = {}
    for name in ("undo", "redo"):
        button = table.buttons[name]
        button.enabled = True  # as after a move: its words (or arrow) in ink on cream
        screen = text_audit.Recorder()
        button.draw(screen)
        heights = [t.height for t in screen.texts if t.height]
        row[name] = (min(heights) if heights else None, screen.subsurface(button.rect).copy())
    return row


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_undo_and_redo_on_a_solo_table_grow_or_turn_to_arrows_at_200(app, lang):
    """The solo row's three buttons share the panel's width (132 px each): at 200 % Undo and
    Redo show their words 1.8 times as tall, or, where the word has no room at its size
    (German "Rückgängig", Czech "Krok zpět": 33 px at 100 % and at 200 % before), a large
    turning arrow instead, its ink across the button; at 100 % their words. (English "Undo"
    is 41 px at 100 %: larger than reading text, it grows as far as its button takes it.)"""
    from tests.scenes.test_big_text import READING

    assert i18n.set_language(lang) is None
    reading = app.assets.font(READING).get_height()
    small, large = solo_row(app, 1.0), solo_row(app, 2.0)
    for name in ("undo", "redo"):
        before = small[name][0]
        assert before is not None  # the words at 100 %
        height, picture = large[name]
        if height is not None:  # reading text grows 1.8 times, a larger word grows
            assert height >= (GROWTH * before if before <= reading else before + 8), (
                name, before, height)
            continue
        ink = pygame.mask.from_threshold(picture, (0, 0, 0), (90, 90, 90, 255))
        box = ink.get_bounding_rects()
        assert box and max(r.w for r in box) >= picture.get_width() // 2, (name, box)
