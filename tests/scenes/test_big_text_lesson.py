"""Settings -> Text size 200 % in the guided game and the kiosk: the lesson's panel flows like
the couch's (the scare cycle a ring under the mode while the coach points at it), its peeked
task cards grow, the coach's ring goes where they are drawn; the kiosk's overlays wrap."""

from __future__ import annotations

import pytest

from game import i18n
from game.controls import Device
from game.match import lesson
from game.render import looks
from game.render.hud import cycle_words
from game.scenes.table.view import snapshot
from tests.scenes.drive import pump
from tests.scenes.test_big_text import (
    GROWTH,
    READING,
    recording,
    shown,
    smallest,
    text_audit,
)
from tests.scenes.test_lesson import _each_step, far_card


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)


def lesson_texts(app, text_size: float):
    """The guided game walked step by step at `text_size` with the keyboard in hand (the
    words under "Got it" name its key), a wrong try and a refused pick at each move (the
    coach's hint shows):
    at each step its texts and the audit's problems, the coach's rings, the player's seat,
    the coach's words and its arrow."""
    from game.scenes.learn.lesson import lesson_scene

    app.settings.text_size = text_size
    app.apply_looks()
    app.input.device = Device.KEYBOARD
    scene = lesson_scene(app)
    app.stack.clear(scene)
    pump(app, 2)
    steps = []
    def seen(step) -> None:
        pump(app, 2, force=True)
        screen = text_audit.Recorder()
        scene.draw(screen)
        problems = text_audit.check_scene(screen.texts, None, [], screen.shapes)
        coach, view = scene.kind.coach, snapshot(scene)
        steps.append((step, screen.texts, problems, coach.pointed(view),
                      scene.state.players[0], coach.words(scene.state, app.input.device),
                      coach.arrow(view)))

    for step in _each_step(app, scene):
        if step.does == lesson.PLAY:  # a wrong try first: its hint under the coach's words
            right = lesson.LINE_MOVES[step.ply]
            scene.play(next(m for m in scene.state.legal_moves()
                            if m.canonical() != right.canonical()))
            wrong = scene.kind.coach.hint
            assert wrong
            seen(step)
            # The table's longest refusal, there too: the scarer, then a card far from it.
            scene.controls.pick_cell(right.scarer)
            scene.controls.pick_cell(far_card(scene.state, right.scarer))
            assert scene.kind.coach.hint not in ("", wrong)
            pump(app, 60)  # the refused card has shaken (over the row numbers) and is still
            seen(step)
            scene.controls.pick_cell(right.scarer)  # let go again
        seen(step)
    return steps


# 6 s a language: in make test-slow, beside the every-screen
# audit at 200 % that walks these screens too (make test keeps within its five minutes).
@pytest.mark.slow
@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_every_reading_text_of_the_lesson_grows_at_200(app, lang):
    """Each step's reading texts (the scare cycle's words, the mode, Last move, the task
    cards' note, the key under "Got it", a wrong try's hint, a refused pick's why) at least 1.8 times as tall at 200 % as at 100 %,
    none cut or overlapping. The cycle shows at a large size only at its step."""
    assert i18n.set_language(lang) is None
    small = lesson_texts(app, 1.0)
    large = lesson_texts(app, 2.0)
    reading = app.assets.font(READING).get_height()
    pictured = set(cycle_words())  # shown at a large size while the coach points at them
    short = {}
    for (step, before, *_rest), (_step, after, problems, *_r) in zip(
            small, large, strict=True):
        assert problems == [], (lesson.STEPS.index(step), problems)
        heights = smallest(after)
        for words, height in smallest(before).items():
            if words in pictured and step.points_at != "cycle" or \
                    step.points_at == "tasks" and words not in heights:
                continue  # at a large size the task cards cover the panel from the seats down
            if height <= reading and (shown(heights, words) or 0) < GROWTH * height:
                short[lesson.STEPS.index(step), words] = (height, shown(heights, words))
    assert short == {}, short


def test_the_coachs_ring_is_round_the_cycle_and_the_task_cards_as_drawn_at_200(app):
    """At 200 % the step about the scare cycle rings the ring drawn under the mode (its four
    words and "Colour plays no part"), and the step about the task cards the grown box with
    its note: each text drawn there lies inside the ring."""
    from game.i18n import _
    from game.render.hud import CYCLE_WORDS, FOOT
    from game.ui.task_cards import scoring_lines

    steps = lesson_texts(app, 2.0)
    cycle = {_(word) for word in (*CYCLE_WORDS, FOOT)}
    for step, texts, _problems, rings, player, *_rest in steps:
        if step.points_at == "cycle":
            drawn = [t for t in texts if t.words in cycle]
        elif step.points_at == "tasks":
            note = " ".join(scoring_lines(player))
            drawn = [t for t in texts if t.words == note]
        else:
            continue
        assert len(rings) == 1 and drawn, step.points_at
        assert all(rings[0].contains(t.ink) for t in drawn), (step.points_at, rings, drawn)


def overlay_texts(app, scene_class, text_size: float) -> tuple[dict[str, int], list]:
    """A kiosk overlay of `scene_class` over the title, drawn at `text_size`: each text's
    height, and the audit's problems."""
    app.settings.text_size = text_size
    app.apply_looks()
    app.go_to_menu()
    scene = scene_class(app)
    app.push(scene)
    pump(app, 2)
    screen = text_audit.Recorder()
    scene.draw(screen)
    return smallest(screen.texts), text_audit.check_scene(screen.texts, None, [], screen.shapes)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_kiosks_overlays_words_grow_at_200(app, lang):
    """"Still playing?" and the operator's exit: their lines of reading text (a long German
    one shrank to 30 and 36 px to stay on one line, at 200 % too) at least 1.8 times as tall,
    on two lines where one is too short; nothing cut."""
    from game.scenes.kiosk.operator import OperatorScene
    from game.scenes.kiosk.still_playing import StillPlayingScene

    assert i18n.set_language(lang) is None
    reading = app.assets.font(READING).get_height()
    for scene_class in (StillPlayingScene, OperatorScene):
        small, _problems = overlay_texts(app, scene_class, 1.0)
        large, problems = overlay_texts(app, scene_class, 2.0)
        assert problems == [], (scene_class.__name__, problems)
        short = {words: (height, large.get(words)) for words, height in small.items()
                 if height <= reading and large.get(words, 0) < GROWTH * height}
        assert short == {}, (scene_class.__name__, short)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_peeked_cards_note_grows_beside_the_points_and_a_long_name_at_200(app, lang):
    """A couch table with Settings -> Help's points while peeking, its seat's long name on
    the box's two heading lines: the task cards' note at least 1.8 times as tall at 200 %
    (in German it took seven lines in six lines' room and shrank to 52 px), none cut."""
    from game.engine import Mode, new_game
    from game.scenes.table.play import table_scene
    from game.ui.task_cards import scoring_lines

    assert i18n.set_language(lang) is None
    app.settings.help_points = True
    state = new_game(Mode.STANDARD, ["Wilhelmina Großmann-Wüst", "Ben"], 2018, 0,
                     [None, "easy"])
    heights, problems = {}, []
    for size in (1.0, 2.0):
        app.settings.text_size = size
        app.apply_looks()
        table = table_scene(app, state, keep=False)
        app.stack.clear(table)
        pump(app, 3)
        table.peek.toggle()
        pump(app, 2, force=True)
        assert table.controls.seen().points is not None
        screen = text_audit.Recorder()
        table.draw(screen)
        problems += text_audit.check_scene(screen.texts, None, [], screen.shapes)
        heights[size] = smallest(screen.texts)
    note = " ".join(scoring_lines(state.players[0]))
    assert problems == []
    assert heights[2.0].get(note, 0) >= GROWTH * heights[1.0][note], \
        (heights[1.0][note], heights[2.0].get(note))


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_table_made_at_100_shows_no_stale_scare_cycle_after_200_is_chosen(app, lang):
    """The kiosk's show (and any table under Settings) was laid out at 100 %: once 200 % is
    chosen, its panel is painted again, the scare cycle's picture (and its 100 % words)
    giving its room to the flowing words; back at 100 % it is there again."""
    from game.engine import Mode, new_game
    from game.scenes.table.play import table_scene

    assert i18n.set_language(lang) is None
    table = table_scene(app, new_game(Mode.STANDARD, ["Anna", "Ben"], 3), keep=False)
    app.stack.clear(table)
    pump(app, 3)
    pictured = set(cycle_words())
    for size, drawn in ((2.0, False), (1.0, True)):
        app.settings.text_size = size
        app.apply_looks()
        pump(app, 2, force=True)
        screen = text_audit.Recorder()
        table.draw(screen)
        assert bool(pictured & {t.words for t in screen.texts}) is drawn, size


# 6 s a language: in make test-slow, beside the every-screen
# audit at 200 % that walks these screens too (make test keeps within its five minutes).
@pytest.mark.slow
@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_coachs_words_grow_at_200_where_the_field_leaves_room(app, lang):
    """The coach's box grows from the top or the foot towards what it points at: its words
    at 200 % are never smaller than at 100 %, and where it points at no card (the scare
    cycle, Peek, the task cards, the seats) as tall as large text goes (they kept their
    100 % size: a long German step stayed at 41 px)."""
    assert i18n.set_language(lang) is None
    top = app.assets.font(looks.LARGE).get_height()
    small, large = lesson_texts(app, 1.0), lesson_texts(app, 2.0)
    for (step, before, *_b, said, _arrow), (_step, after, *_a) in zip(small, large,
                                                                      strict=True):
        if step.does == lesson.WATCH:
            continue  # the computer's move is shown: the coach waits, its box hidden
        before, after = smallest(before)[said], smallest(after)[said]
        assert after >= before, (lesson.STEPS.index(step), before, after)
        if step.points_at:
            assert after >= min(GROWTH * before, top - 4), (step.points_at, before, after)


def test_the_coachs_arrow_covers_none_of_the_panels_words_at_200(app):
    """At 200 % the panel's words flow under the seats: the arrow at the seats' step points
    at their list from the left, under the coach's box (it sat under the ring, over Last
    move); at no step does it cover the panel's words."""
    from game.scenes.table.section import PANEL
    from game.ui import pointer

    for step, texts, *_rest, arrow in lesson_texts(app, 2.0):
        if arrow is None:
            continue
        reach = pointer.reach(*arrow)
        covered = [t.words for t in texts if reach.colliderect(t.ink) and t.ink.x >= PANEL.x]
        assert covered == [], (lesson.STEPS.index(step), step.points_at, covered)
