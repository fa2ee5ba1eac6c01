"""The guided first game (issue 34), played to its end by posted events with mouse, keyboard
and gamepad, one wrong try at each step; and its offer at the first launch only."""

import pygame
import pytest

from game.controls import Device
from game.i18n import _ as translated
from game.match import lesson
from game.match.session import Phase
from game.scenes.learn.lesson import LessonKind
from game.scenes.table.view import snapshot
from tests.scenes.drive import is_table, new_app, past_the_guard
from tests.scenes.test_play import (
    KEYS,
    PAD,
    by_gamepad,
    by_keyboard,
    by_mouse,
    click,
    key,
    pad,
    pump,
)

ENTER = {"mouse": by_mouse, "keyboard": by_keyboard, "gamepad": by_gamepad}


def _wrong_move(state, right):
    """A legal move of the player's that is not the lesson's."""
    return next(m for m in state.legal_moves() if m.canonical() != right.canonical())


def _got_it(app, how):
    if how == "mouse":
        click(app, app.stack.top.kind.coach.got_it.rect.center)
    elif how == "keyboard":
        key(app, pygame.K_RETURN)
    else:
        pad(app, pygame.CONTROLLER_BUTTON_A)


def _peek(app, how, scene):
    if how == "mouse":
        click(app, scene.buttons["peek"].rect.center)  # a quick tap keeps them shown
    elif how == "keyboard":
        key(app, pygame.K_p, hold=3)
    else:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN,
                                             button=pygame.CONTROLLER_BUTTON_Y, instance_id=0))
        pump(app, 3)
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP,
                                             button=pygame.CONTROLLER_BUTTON_Y, instance_id=0))
        pump(app, 1)


def _wrong_try(app, how, scene):
    """Something a newcomer might do instead: a card, or a key that is not the step's."""
    if how == "mouse":
        click(app, scene.field.layout.center((0, 0)))
    elif how == "keyboard":
        key(app, KEYS["select"])
    else:
        pad(app, PAD["select"])


def _settle(app, scene, ticks=400):
    for _ in range(ticks):
        pump(app, 1)
        if scene.director is None and scene.phase in (Phase.TURN, Phase.OVER, Phase.COMPUTER):
            return
    raise AssertionError(f"the table did not settle: {scene.phase}")


@pytest.mark.parametrize("how", tuple(Device))
def test_the_guided_game_is_played_to_a_real_win(app, how):
    from game.scenes.registry import open_screen

    app.input.device = how
    open_screen(app, "lesson")
    scene = app.stack.top
    pump(app, 2)
    seen = []
    for _ in range(60):
        step = scene.kind.coach.current
        if step is None:
            break
        at = scene.kind.coach.step
        seen.append(step.does)
        if step.does == lesson.WATCH:
            for _ in range(600):
                pump(app, 1)
                if scene.kind.coach.step != at:
                    break
            continue
        _settle(app, scene)
        if step.does == lesson.READ:
            key(app, pygame.K_LEFT) if how != "gamepad" else pad(app, PAD["left"])
            assert scene.kind.coach.step == at  # an arrow does not skip what is to be read
            _got_it(app, how)
        elif step.does == lesson.PEEK:
            _wrong_try(app, how, scene)
            assert scene.kind.coach.step == at and scene.kind.coach.tries == 1
            assert scene.kind.coach.hint  # a hint, not silence
            _peek(app, how, scene)
        else:  # PLAY: a legal move that is not the lesson's, then the lesson's
            right = lesson.LINE_MOVES[step.ply]
            before = len(scene.state.moves)
            ENTER[how](app, scene, _wrong_move(scene.state, right))
            assert len(scene.state.moves) == before, "a wrong try was played"
            assert scene.kind.coach.tries == 1 and scene.kind.coach.hint
            ENTER[how](app, scene, right)
            assert len(scene.state.moves) == before + 1
            _settle(app, scene)
            pump(app, 2)
        assert scene.kind.coach.step == at + 1, (how, step)
    assert seen == [s.does for s in lesson.STEPS]
    for _ in range(600):  # the end: the points counted, then the offer
        pump(app, 1)
        if type(app.stack.top).__name__ == "LessonEndScene":
            break
    assert type(app.stack.top).__name__ == "LessonEndScene"
    state = app.stack.top.state  # the real end screen, counting the points
    from game.engine.scoring import result

    assert result(state).winners == (0,)  # a real win, by the game's own scoring
    past_the_guard(app)  # the end screen waits for a choice made on it
    click(app, _button(app.stack.top, "real").rect.center)
    assert type(app.stack.top).__name__ == "SetupScene"


def _start(tmp_path, monkeypatch, veteran: bool):
    from game.settings import VETERAN

    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    if not veteran:
        monkeypatch.delenv(VETERAN, raising=False)
    app = new_app()
    app.go_to_menu()
    pump(app, 3)
    return app


def test_offered_at_the_first_launch_only(tmp_path, monkeypatch):
    app = _start(tmp_path, monkeypatch, veteran=False)
    assert type(app.stack.top).__name__ == "LessonOfferScene"
    key(app, pygame.K_ESCAPE)  # Skip
    assert type(app.stack.top).__name__ == "TitleScene"
    app = _start(tmp_path, monkeypatch, veteran=False)  # the second launch
    assert type(app.stack.top).__name__ == "TitleScene"


def test_the_offer_leads_into_the_lesson(tmp_path, monkeypatch):
    app = _start(tmp_path, monkeypatch, veteran=False)
    key(app, pygame.K_RETURN)  # "Learn in 2 minutes" has the focus
    assert is_table(app, LessonKind)


def test_an_older_player_is_not_offered(tmp_path, monkeypatch):
    (tmp_path / "settings.json").write_text('{"music_volume": 0.4}')
    app = _start(tmp_path, monkeypatch, veteran=False)
    assert type(app.stack.top).__name__ == "TitleScene"


def _button(scene, name):
    """The scene's button of that name (its pygame-gui object id)."""
    return next(e for e in scene.elements if e.most_specific_combined_id.endswith("#" + name))


def test_the_lesson_is_always_on_the_title_and_how_to_play(app):
    from game.scenes.learn.how_to_play import HowToPlayScene

    app.go_to_menu()
    pump(app)
    click(app, _button(app.stack.top, "lesson").rect.center)
    assert is_table(app, LessonKind)
    app.stack.clear(HowToPlayScene(app))
    pump(app)
    click(app, _button(app.stack.top, "lesson").rect.center)
    assert is_table(app, LessonKind)


def test_the_lesson_is_not_started_again_from_its_own_pause(app):
    """Pause -> How to play -> "Learn by playing" inside the lesson goes back to the running
    lesson, where it was, instead of a second lesson on top."""
    from game.scenes.registry import open_screen

    open_screen(app, "lesson")
    running = app.stack.top
    pump(app, 2)
    _got_it(app, "keyboard")  # the first step read: the lesson is under way
    at = running.kind.coach.step
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseScene"
    click(app, _button(app.stack.top, "rules").rect.center)
    assert type(app.stack.top).__name__ == "HowToPlayScene"
    click(app, _button(app.stack.top, "lesson").rect.center)
    lessons = [s for s in app.stack.scenes if s.teaches]
    assert lessons == [running] and app.stack.top is running
    assert running.kind.coach.step == at


def _each_step(app, scene):
    """Walk the lesson by its coach's own means, yielding at each step as the player sees it."""
    for step in lesson.STEPS:
        _settle(app, scene)
        yield step
        if step.does == lesson.READ:
            said = scene.kind.coach.next(app.now, scene.controls.seen())  # what the table does for the next step
            if said is not None:
                scene.commands.play(said)
        elif step.does == lesson.PEEK:
            scene.peek.toggle()
        elif step.does == lesson.PLAY:
            scene.play(lesson.LINE_MOVES[step.ply])
        for _ in range(600):
            pump(app, 1)
            if scene.kind.coach.current is not step and scene.director is None:
                break


@pytest.mark.parametrize("contrast", [False, True])
def test_an_arrow_points_at_each_steps_thing_off_the_coachs_words(app, contrast):
    """A ring, an arrow, a dimmed rest: the arrow sits beside what the step is about, on the
    screen, covering neither it nor the coach's box (with a wrong try's hint too); gold, or
    white in high contrast."""
    from game.render.palette import GOLD, WHITE
    from game.scenes.learn.lesson import lesson_scene
    from game.ui import pointer

    app.settings.high_contrast = contrast
    app.settings.text_size = 2.0
    app.apply_looks()
    scene = lesson_scene(app)
    app.stack.clear(scene)
    pump(app, 2)
    aimed = 0
    for _step in _each_step(app, scene):
        coach = scene.kind.coach
        view = snapshot(scene)
        for hint in ("", "a wrong try's hint"):
            coach.hint = hint
            if not coach.pointed(view):
                assert coach.arrow(view) is None
                continue
            target = coach.aimed(view)
            tip, side = coach.arrow(view)
            reach = pointer.reach(tip, side)
            assert pointer.SCREEN.contains(reach)
            assert not reach.colliderect(coach.bubble_rect(coach.pointed(view), view))
            assert not reach.colliderect(target)
            ahead = (tip[0] + side[0] * 2 * pointer.GAP, tip[1] + side[1] * 2 * pointer.GAP)
            assert target.collidepoint(ahead), "the arrow points at what it is beside"
        coach.hint = ""
        if coach.arrow(view) is not None and not scene.peek.active:
            aimed += 1
            surface = pygame.Surface((1920, 1080))
            coach.draw(surface, view)
            tip, side = coach.arrow(view)
            along = (pointer.HEAD_LEN + pointer.LENGTH) // 2
            body = (tip[0] - side[0] * along, tip[1] - side[1] * along)
            assert tuple(surface.get_at(body))[:3] == (WHITE if contrast else GOLD)
    assert aimed >= len([s for s in lesson.STEPS if s.does != lesson.READ])


def test_at_a_move_the_arrow_goes_from_the_scarer_to_its_target(app):
    from game.scenes.learn.lesson import lesson_scene

    scene = lesson_scene(app)
    app.stack.clear(scene)
    pump(app, 2)
    for step in _each_step(app, scene):
        if step.does == lesson.PLAY:
            break
    scarer, target = step.cells
    assert scene.kind.coach.aimed(snapshot(scene)).collidepoint(
        scene.field.layout.center(scarer))
    scene.pick.selected = scarer
    assert scene.kind.coach.aimed(snapshot(scene)).collidepoint(
        scene.field.layout.center(target))


# Issue 44: the rule questions the guided game left open ---------------------------------------
def _seen_words(app, how="mouse"):
    """Each step with the coach's words as the player reads them there."""
    from game.scenes.learn.lesson import lesson_scene

    app.input.device = how
    scene = lesson_scene(app)
    app.stack.clear(scene)
    pump(app, 2)
    return [(step, scene.kind.coach.words(scene.state, how)) for step in _each_step(app, scene)]


def _before(ply):
    """The lesson's field just before its move `ply` is played."""
    from game.engine.state import apply_all

    return apply_all(lesson.start("Anna"), lesson.LINE_MOVES[:ply])[0].position


def test_the_lesson_shows_a_downward_scare_and_says_corners_never_count(app):
    """A newcomer could not say that a card may scare the one below it, that corners never
    count, or that only a side scare may move in: a step rings a scare of the card below
    before it is played and says so, a step says "never corner to corner", and the move-in
    step says moving in is only for a scare to the side."""
    seen = _seen_words(app)
    down = [(step, words) for step, words in seen if step.ply >= 0
            and (move := lesson.LINE_MOVES[step.ply]).vertical
            and move.target[1] < move.scarer[1]
            and set(step.cells) == {move.scarer, move.target}]
    assert down, "no step shows a scare of the card below"
    assert any("below" in words for _step, words in down)
    assert any("never corner to corner" in words for _step, words in seen)
    (move_in,) = [words for step, words in seen
                  if step.does == lesson.PLAY and lesson.LINE_MOVES[step.ply].move_in]
    assert "only" in move_in.lower() and "to the side" in move_in


def _named(words: str, card, unique: bool) -> bool:
    """Whether `words` that mention `card`'s animal say which one: by its colour, or the
    glowing one (the coach rings it), unless it is the only one that fits."""
    from game.engine.cards import ANIMAL_NAMES

    animal = ANIMAL_NAMES[card.animal].lower()
    if animal not in words.lower() or unique:
        return True
    return card.label in words or f"glowing {animal}" in words


def test_a_card_the_coach_names_is_the_only_one_it_can_mean(app):
    """"Your dog can scare the cat beside it" with two dogs beside that cat: each coach line
    about a move (its words, its hint, its caption) names a scarer by its colour when another
    card of its animal is beside the target, and a target when another of its animal is
    beside the scarer."""
    from game.engine.moves import Cell

    def next_door(a: Cell, b: Cell) -> bool:
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1

    checked = 0
    for step, words in _seen_words(app):
        if step.ply < 0:
            continue
        move, field = lesson.LINE_MOVES[step.ply], _before(step.ply)
        scarer, target = field.card_at(*move.scarer), field.card_at(*move.target)
        cells = [(x, y) for x in range(field.width) for y in range(field.height)
                 if field.card_at(x, y) is not None]
        rivals = [c for c in cells if c != move.scarer and next_door(c, move.target)
                  and field.card_at(*c).animal == scarer.animal]
        others = [c for c in cells if c != move.target and next_door(c, move.scarer)
                  and field.card_at(*c).animal == target.animal]
        for line in (words, translated(step.wrong) if step.wrong else "",
                     translated(step.caption) if step.caption else ""):
            assert _named(line, scarer, not rivals), (step.words, line)
            assert _named(line, target, not others), (step.words, line)
            checked += 1
    assert checked


def far_card(state, scarer):
    """A card of `state`'s field that scares nothing, not next to `scarer`: a pick the table
    refuses with its longest words ("Only a next-door card...")."""
    field, scarers = state.position, {m.scarer for m in state.legal_moves()}
    return next((x, y) for x in range(field.width) for y in range(field.height)
                if field.card_at(x, y) is not None and (x, y) not in scarers
                and abs(x - scarer[0]) + abs(y - scarer[1]) > 1)


def test_an_illegal_pick_in_the_lesson_is_answered_in_the_coachs_box(app):
    """A learner who picks the step's scarer, then a card it cannot scare, reads why in the
    coach's box (it stays there), not in the banner behind the box (which faded)."""
    from game.scenes.learn.lesson import lesson_scene
    from game.scenes.table.interpret import why_not

    scene = lesson_scene(app)
    app.stack.clear(scene)
    pump(app, 2)
    for step in _each_step(app, scene):
        if step.does == lesson.PLAY:
            break
    coach, field = scene.kind.coach, scene.state.position
    scarer = lesson.LINE_MOVES[step.ply].scarer
    far = far_card(scene.state, scarer)
    click(app, scene.field.layout.center(scarer))
    click(app, scene.field.layout.center(far))
    said = why_not(field.card_at(*scarer), field.card_at(*far), False)
    assert coach.hint == said and coach.tries == 1
    assert scene.banner.message != said, "said behind the coach's box"
    pump(app, 5 * 60)  # long after a banner's words fade
    assert coach.hint == said and coach.step == lesson.STEPS.index(step)
    assert scene.pick.selected == scarer  # the right scarer stays picked: now its target
