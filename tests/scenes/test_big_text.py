"""Settings -> Text size 200 % on the table: every reading text on it is drawn at least 1.8 times
as tall as at 100 % (measured where text is drawn, game/render/fit.py), and nothing is cut."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import i18n
from game.engine import Mode, apply, new_game
from game.render import fit, looks
from game.render.hud import cycle_words
from tests.scenes.drive import pump

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import text_audit  # noqa: E402

READING = 26  # text this size or smaller at 100 % is reading text (larger: headings)
GROWTH = 1.8


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)


def recording(menu_app, monkeypatch):
    """The app with every text seen by the audit (cached pictures' words too), its text size
    put back afterwards: the fixture of the big-text tests (test_big_text_*.py too)."""
    import game.scenes.table.picture as table_picture
    from game.render import fit

    text_audit.watch_rectangles()
    monkeypatch.setattr(fit, "Picture", text_audit.Recorder)  # the words in cached pictures
    monkeypatch.setattr(table_picture, "picture", text_audit.Recorder)
    menu_app.settings.computer_pace = 0.0
    menu_app.settings.animation_speed = 25.0
    yield menu_app
    menu_app.settings.text_size = 1.0
    menu_app.apply_looks()
    i18n.set_language("en")


def smallest(texts) -> dict[str, int]:
    """Each text's words -> the smallest height its lines are drawn at on a recording screen."""
    heights: dict[str, int] = {}
    for t in texts:
        if t.height:
            heights[t.words] = min(t.height, heights.get(t.words, t.height))
    return heights


def short_of(small: dict[str, int], large: dict[str, int], reading: int) -> dict:
    """Each reading text of `small` (at most `reading` px) that `large` draws less than GROWTH
    times as tall, or not at all: words -> (height before, after)."""
    return {words: (height, large.get(words)) for words, height in small.items()
            if height <= reading and large.get(words, 0) < GROWTH * height}


# The panel's three shapes, one game each (tables() deals them): a seat list with a computer,
# a solo deal's goal, teams' badges. The list is the rule: a shape, not a copy of a registry.
SHAPES = ("couch", "solo", "teams")


def tables(app):
    """A table of each kind the couch panel draws, one move made (its Last move words)."""
    from game.scenes.table.play import table_scene

    couch = new_game(Mode.STANDARD, ["Anna", "Ben", "Robo"], 3, 0, [None, None, "normal"])
    solo = new_game(Mode.SOLO, ["Anna"], 3)
    teams = new_game(Mode.TEAMS, ["Anna", "Ben", "Cleo", "Dan"], 3)
    return {name: (lambda s=state: table_scene(app, apply(s, s.legal_moves()[0])[0], keep=False))
            for name, state in zip(SHAPES, (couch, solo, teams), strict=True)}


def shown(after: dict[str, int], words: str) -> int | None:
    """The height `words` are drawn at, or their shorter wording's (a seat's name without
    "(computer)": a name at its size before a longer label smaller), or None."""
    if words in after:
        return after[words]
    return next((height for shorter, height in after.items()
                 if len(shorter) > 1 and words.startswith(shorter + " ")), None)


def measured(app, make, text_size: float):
    """The table drawn at `text_size` on a recording screen: its texts, and the audit's
    problems with them."""
    app.settings.text_size = text_size
    app.apply_looks()
    table = make()
    app.stack.clear(table)
    pump(app, 3)
    while app.stack.top is not table:  # a hand-over: the table beneath is measured
        app.pop()
    pump(app, 3, force=True)
    screen = text_audit.Recorder()
    table.draw(screen)
    problems = text_audit.check_scene(screen.texts, None, [], screen.shapes)
    table.peek.toggle()  # and the task cards with their note, peeked at
    pump(app, 2, force=True)
    peeked = text_audit.Recorder()
    table.draw(peeked)
    table.peek.stop()
    problems += text_audit.check_scene(peeked.texts, None, [], peeked.shapes)
    # The buttons' words grow as far as their buttons' width takes them (the solo row's Undo
    # and Redo turn to arrows where theirs cannot: test_big_text_panel): measured here are the
    # reading words the panel and the field lay out.
    labels = {fit.words_of(img).replace("\u00ad", "") for button in table.buttons
              for img, _rect, _room in button._labels.values()}
    texts = [t for t in screen.texts + peeked.texts
             if t.words.replace("\u00ad", "") not in labels]
    return texts, problems


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
@pytest.mark.parametrize("kind", SHAPES)
def test_every_reading_text_on_the_table_is_at_least_1_8_times_as_tall_at_200(app, lang, kind):
    assert i18n.set_language(lang) is None
    make = tables(app)[kind]
    small, _problems = measured(app, make, 1.0)
    large, problems = measured(app, make, 2.0)
    assert problems == []
    reading = app.assets.font(READING).get_height()
    # The scare cycle's picture gives its room to the words at a large text size.
    pictured = set(cycle_words())
    before, after = {}, {}  # the same words twice (a team's letter): the tallest before,
    for t in small:         # the smallest after
        if t.height and t.height <= reading and t.words not in pictured:
            before[t.words] = max(t.height, before.get(t.words, 0))
    for t in large:
        if t.height:
            after[t.words] = min(t.height, after.get(t.words, t.height))
    assert before, "no reading text measured"
    short = {words: (height, shown(after, words)) for words, height in before.items()
             if shown(after, words) is None or shown(after, words) < GROWTH * height}
    assert short == {}, short
    # Larger words (the banner, whose turn it is) grow as far as large text goes (LARGE).
    top = app.assets.font(looks.LARGE).get_height()
    larger = {t.words: t.height for t in small
              if t.height and reading < t.height < top and t.words not in pictured}
    low = {words: (height, shown(after, words)) for words, height in larger.items()
           if (shown(after, words) or 0) < min(GROWTH * height, top - 4)}
    assert low == {}, low


def how_to_play(app, text_size: float) -> dict[str, int]:
    """Every page of How to play drawn at `text_size`: each text's height, the first line of
    each device's key list standing for the list (at 200 % it is in two columns)."""
    from game.controls import Device
    from game.scenes.learn.how_to_play import HowToPlayScene, page_count

    app.settings.text_size = text_size
    app.apply_looks()
    firsts = {app.input.controls.guide_lines(device)[0]: device.value
              for device in (Device.KEYBOARD, Device.GAMEPAD)}
    heights, problems = {}, []
    for page in range(page_count(app.input.controls)):
        scene = HowToPlayScene(app, page)
        app.stack.clear(scene)
        pump(app, 2)
        screen = text_audit.Recorder()
        scene.draw(screen)
        problems += text_audit.check_scene(screen.texts, None, [], screen.shapes)
        for t in screen.texts:
            first = t.words.split("\n")[0]
            heights[firsts.get(first, t.words)] = t.height
    assert problems == []
    return heights


@pytest.mark.slow  # every page in four languages at two sizes: about 25 s
@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_how_to_plays_words_and_key_lists_grow_at_200(app, lang):
    """The pages' words and the key lists (about 26 px at 100 %) at least 1.8 times as tall."""
    assert i18n.set_language(lang) is None
    small, large = how_to_play(app, 1.0), how_to_play(app, 2.0)
    reading = app.assets.font(READING).get_height()
    short = {words: (height, large.get(words)) for words, height in small.items()
             if height and height <= reading
             and (large.get(words) is None or large[words] < GROWTH * height)}
    assert short == {}, short


def review_texts(app, record, text_size: float) -> dict[str, int]:
    """The review of `record` at its turning point, drawn at `text_size`: each text's height."""
    import time

    from game.scenes.records.review import ReviewScene

    app.settings.text_size = text_size
    app.apply_looks()
    scene = ReviewScene(app, record)
    app.stack.clear(scene)
    end = time.monotonic() + 120  # a guard only: the judging ends long before
    while scene.review is None and time.monotonic() < end:
        pump(app, 1)
    assert scene.review is not None
    heights: dict[str, int] = {}
    for texts in page_texts(app, scene, len(scene.word_pages()[1])):  # the words' pages
        heights.update({t.words: t.height for t in texts if t.height})
    return heights


def page_texts(app, scene, pages: int):
    """The texts `scene` draws on each of its `pages` in turn (nothing cut or overlapping)."""
    for page in range(pages):
        scene.page = page
        scene.rebuild()
        pump(app, 2)
        screen = text_audit.Recorder()
        scene.draw(screen)
        assert text_audit.check_scene(screen.texts, None, [], screen.shapes) == []
        yield screen.texts


def test_the_reviews_chart_labels_and_notation_grow_at_200(app, monkeypatch):
    """The chart's percentages, move numbers and names and the notation's line (22-24 px at
    100 %) at least 1.8 times as tall."""
    from game.engine.rng import Rng
    from game.match.controller import Match
    from game.scenes.records import review as review_scene

    monkeypatch.setattr(review_scene, "PROCESS", False)
    monkeypatch.setattr(review_scene, "NODES", 400)
    match = Match(new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], 5, 0, [None] * 3),
                  undo=False)
    rng = Rng(5)
    while not match.over:
        match.play(rng.choice(match.state.legal_moves()))
    small = review_texts(app, match.record(), 1.0)
    large = review_texts(app, match.record(), 2.0)
    reading = app.assets.font(READING).get_height()
    short = {words: (height, large[words]) for words, height in small.items()
             if height <= reading and words in large and large[words] < GROWTH * height}
    assert short == {}, short
    # Every text is there at 200 % but some move numbers: larger, the axis names fewer.
    assert {words for words in small if words not in large and not words.isdigit()} == set()


def statistics_texts(app, text_size: float) -> dict[str, int]:
    """Every panel of Statistics drawn at `text_size` (one at a time when large): the tallest
    height each text is drawn at."""
    from game.scenes.records.statistics import PANELS, StatisticsScene

    app.settings.text_size = text_size
    app.apply_looks()
    scene = StatisticsScene(app)
    app.stack.clear(scene)
    heights: dict[str, int] = {}
    for texts in page_texts(app, scene, len(PANELS) if looks.large() else 1):
        for t in texts:
            if t.height:
                heights[t.words] = min(t.height, heights.get(t.words, t.height))
    return heights


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_every_statistics_figure_grows_at_200(app, lang):
    """At 200 % the panels come one at a time, each text on them at least 1.8 times as tall."""
    assert i18n.set_language(lang) is None
    small, large = statistics_texts(app, 1.0), statistics_texts(app, 2.0)
    reading = app.assets.font(READING).get_height()
    short = {words: (height, large.get(words)) for words, height in small.items()
             if height <= reading and large.get(words, 0) < GROWTH * height}
    assert short == {}, short


LAST_WORDS = "Anna: the orange dog scared the purple cat on b1"  # a last move, with its name
LAST_SHORT = "The orange dog scared the purple cat on b1"  # and without


def online_panel(app, count: int, text_size: float):
    """The online table's panel with `count` seats of the longest names (each kind of place
    beside them) drawn at `text_size`: each text's height, and the audit's problems."""
    from types import SimpleNamespace

    from game.render.widgets import TextCache
    from game.scenes.online.play import OnlinePanel
    from tests.scenes.test_online_panel import Client, panel_words

    app.settings.text_size = text_size
    app.apply_looks()
    client = Client(count)
    panel = OnlinePanel(app.assets, TextCache(app.assets))
    state = new_game(Mode.STANDARD, [s.name for s in client.seats], 3, 0, [None] * count)
    view = SimpleNamespace(state=state, shown=state, animating=False, solo=False,
                           bot_label="computer", last_words=LAST_WORDS, last_short=LAST_SHORT,
                           kind_words=panel_words(client))
    screen = text_audit.Recorder()
    fit.MISFITS.clear()
    panel.paint(screen)
    panel.draw(screen, view)
    problems = text_audit.check_scene(screen.texts, None, [], screen.shapes) + fit.MISFITS
    heights: dict[str, int] = {}
    for t in screen.texts:
        if t.height:
            heights[t.words] = min(t.height, heights.get(t.words, t.height))
    return heights, problems


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_online_tables_panel_grows_at_200(app, lang):
    """The seats' names with where each plays (under the name at a large size), the mode,
    the table's code and the last move: each at least 1.8 times as tall, none cut. Three
    seats (the online pictures') leave no room for all: the mode and the code (the lobby
    showed them, Leave the table says the code) and the words "Last move" give theirs to the
    last move; what is drawn grows."""
    from game.i18n import _
    from tests.scenes.test_online_panel import LONG

    assert i18n.set_language(lang) is None
    last = (LAST_WORDS, LAST_SHORT)
    for count in (2, 3, 4):
        small, _problems = online_panel(app, count, 1.0)
        large, problems = online_panel(app, count, 2.0)
        assert problems == [], (count, problems)
        if count > 3:  # left for later (issue 50): nothing cut, the last move smaller
            continue
        reading = app.assets.font(READING).get_height()
        pictured = set(cycle_words())  # at a large size the words take the cycle's room
        # Whose turn has its own test (test_big_text_panel: its first word, or two lines).
        turn = _("Turn: %(name)s") % {"name": LONG[0]}
        giving = {_(Mode.STANDARD.label), _("Table %(code)s") % {"code": "KTR-4WM"},
                  _("Last move")} if count > 2 else set()
        if _("human") in large:  # the name on two lines over "human": the list says where
            giving.add(_("on this screen"))
        short = {words: (height, shown(large, words)) for words, height in small.items()
                 if height <= reading and words not in pictured | {turn} | giving | set(last)
                 and (shown(large, words) is None or shown(large, words) < GROWTH * height)}
        assert short == {}, (count, short)
        drawn = [large[words] for words in last if words in large]
        assert drawn and drawn[0] >= GROWTH * small[last[0]], (count, drawn, large)


def replay_texts(app, text_size: float):
    """A replay of three seats, two moves in (its Last move), drawn at `text_size`: each
    text's smallest height, and the audit's problems."""
    from game.match.record import record_of
    from game.scenes.table.replay import replay_scene

    state = new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], 3)
    moves = []
    for _turn in range(2):
        move = state.legal_moves()[0]
        moves.append(move)
        state = apply(state, move)[0]
    app.settings.text_size = text_size
    app.apply_looks()
    table = replay_scene(app, record_of(new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], 3),
                                        moves))
    app.stack.clear(table)
    pump(app, 3)
    for _press in range(2):  # two steps on: a last move to show
        table.commands.run("forward")
        pump(app, 30, force=True)
    screen = text_audit.Recorder()
    table.draw(screen)
    problems = text_audit.check_scene(screen.texts, None, [], screen.shapes)
    heights: dict[str, int] = {}
    for t in screen.texts:
        if t.height:
            heights[t.words] = min(t.height, heights.get(t.words, t.height))
    return heights, problems


def test_the_replays_panel_grows_at_200(app):
    """The game's line, the speed and the last move (22-26 px at 100 %): each at least 1.8
    times as tall at 200 %, none cut."""
    small, _problems = replay_texts(app, 1.0)
    large, problems = replay_texts(app, 2.0)
    assert problems == []
    assert "Last move" in small
    reading = app.assets.font(READING).get_height()
    short = {words: (height, large.get(words)) for words, height in small.items()
             if height <= reading and (large.get(words) or 0) < GROWTH * height}
    assert short == {}, short


def level_texts(app, level, text_size: float):
    """A campaign level's table drawn at `text_size`: each text's smallest height, and the
    audit's problems."""
    from game.scenes.solo.level_play import level_scene

    app.settings.text_size = text_size
    app.apply_looks()
    table = level_scene(app, level)
    app.stack.clear(table)
    pump(app, 5, force=True)
    screen = text_audit.Recorder()
    table.draw(screen)
    problems = text_audit.check_scene(screen.texts, None, [], screen.shapes)
    heights: dict[str, int] = {}
    for t in screen.texts:
        if t.height:
            heights[t.words] = min(t.height, heights.get(t.words, t.height))
    return heights, problems


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_campaign_levels_panel_grows_at_200(app, lang):
    """The chapter's line and the key and pad help lines (21-24 px at 100 %): each at least
    1.8 times as tall at 200 % (the scare cycle gives them its room); with a hint or a target
    card too, nothing is cut or runs into another text."""
    assert i18n.set_language(lang) is None
    levels = app.files.campaign().levels
    plain = next(lv for lv in levels if not lv.hint and lv.target is None)
    small, _problems = level_texts(app, plain, 1.0)
    large, problems = level_texts(app, plain, 2.0)
    assert problems == []
    reading = app.assets.font(READING).get_height()
    pictured = set(cycle_words())
    short = {words: (height, large.get(words)) for words, height in small.items()
             if height <= reading and words not in pictured
             and (large.get(words) or 0) < GROWTH * height}
    assert short == {}, (plain.name, short)
    # Left for later (issue 50): where a level's hint or target card leaves no room for them,
    # the help lines (3-4 lines each at 200 %) keep their 100 % places.
    for level in (next(lv for lv in levels if lv.hint), next(lv for lv in levels if lv.target)):
        assert level_texts(app, level, 2.0)[1] == [], level.name


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_eight_seats_names_grow_at_200(app, lang):
    """A couch table of eight seats, four with long names and four computers: each seat's
    name (its first word where the whole is too long at its size) at least 1.8 times as tall
    at 200 % as at 100 %, none cut."""
    from game.engine.ai import SKILLS
    from game.match.words import computer_name
    from game.scenes.table.panel import seat_label
    from game.scenes.table.play import table_scene

    assert i18n.set_language(lang) is None
    long = ["Wilhelmina Großmann-Wüst", "Bartholomew Featherstone", "Gwendolyn Montgomery-Orr",
            "Jan Przybyszewski-Wójcik"]
    skills = list(SKILLS)
    levels = [None if i % 2 == 0 else skills[(i // 2) % len(skills)] for i in range(8)]
    seats = [long[i // 2] if k is None else computer_name(1 + i // 2, k)
             for i, k in enumerate(levels)]
    state = new_game(Mode.ALL_INCLUDED, seats, 3, 0, levels)
    make = lambda: table_scene(app, state, keep=False)  # noqa: E731
    small, _problems = measured(app, make, 1.0)
    large, problems = measured(app, make, 2.0)
    assert problems == []
    before = {t.words: t.height for t in small if t.words in {
        seat_label(p)
        for p in state.players}}
    after: dict[str, int] = {}
    for t in large:
        if t.height:
            after[t.words] = min(t.height, after.get(t.words, t.height))
    assert len(before) == 8
    short = {words: (height, shown(after, words)) for words, height in before.items()
             if (shown(after, words) or 0) < GROWTH * height}
    assert short == {}, short


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_computers_label_grows_or_gives_way_to_its_name_at_200(app, lang):
    """"Biscuit (počítač)" (the kiosk's computer) fits the list's line at nine tenths of the
    large size: drawn so it would be 60 px where 1.8 times its 36 px is 65; at 200 % a seat's
    words come at the large size itself, else shorter ("Biscuit")."""
    from game.scenes.table.panel import seat_label
    from game.scenes.table.play import table_scene

    assert i18n.set_language(lang) is None
    state = new_game(Mode.STANDARD, ["Anna", "Ben", "Biscuit"], 3, 0, [None, None, "normal"])
    make = lambda: table_scene(app, state, keep=False)  # noqa: E731
    small, _problems = measured(app, make, 1.0)
    large, problems = measured(app, make, 2.0)
    assert problems == []
    before = {t.words: t.height for t in small if t.words in map(seat_label, state.players)}
    after: dict[str, int] = {}
    for t in large:
        if t.height:
            after[t.words] = min(t.height, after.get(t.words, t.height))
    short = {words: (height, shown(after, words)) for words, height in before.items()
             if (shown(after, words) or 0) < GROWTH * height}
    assert short == {}, short
