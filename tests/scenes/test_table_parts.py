"""The table's parts: each draws from the snapshot alone, and only the parts that drive the table
(the learner's helps, the lesson's coach) hold the table scene."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Mode, new_game
from game.match import lesson
from game.match.record import record_of
from game.scenes.learn.lesson import lesson_scene
from game.scenes.solo.deal_solution import deal_solution_scene
from game.scenes.solo.level_play import level_scene
from game.scenes.table.play import table_scene
from game.scenes.table.replay import replay_scene
from game.scenes.table.section import PANEL, Section
from game.scenes.table.view import snapshot
from tests.scenes.drive import pump


@pytest.fixture
def app(module_app):
    application, _prefs = module_app
    application.settings.computer_pace = 0.0
    application.settings.animation_speed = 25.0
    return application


def tables(app):
    """One table of each kind a room makes."""
    couch = new_game(Mode.STANDARD, ["Anna", "Ben"], 3)
    solo = new_game(next(m for m in Mode if m.solo), ["Anna"], 3)
    level = app.files.campaign().levels[0]
    line = solo.legal_moves()[:1]
    return {
        "couch": lambda: table_scene(app, couch),
        "solo": lambda: table_scene(app, solo),
        "level": lambda: level_scene(app, level),
        "solution": lambda: deal_solution_scene(app, solo, line, "Solution", "One move"),
        "lesson": lambda: lesson_scene(app),
        "replay": lambda: replay_scene(app, record_of(couch, couch.legal_moves()[:1])),
    }


def held(part) -> list:
    """What a part keeps, one step down (a list or tuple it keeps, too)."""
    kept = []
    for value in vars(part).values():
        kept.append(value)
        if isinstance(value, list | tuple):
            kept.extend(value)
    return kept


def test_each_part_draws_from_the_snapshot_and_none_holds_the_table(app):
    """Every kind's parts, the learner's helps and the lesson's coach too, and the kind
    itself: none keeps the table scene (they answer from the view; the table runs what they
    ask for by name)."""
    for name, make in tables(app).items():
        parts_draw_alone(app, make(), name)


def parts_draw_alone(app, scene, name: str) -> None:
    app.stack.clear(scene)
    pump(app, 3)
    parts = scene.parts
    assert all(isinstance(part, Section) for part in parts)
    assert any(part.rect == PANEL and part.cached for part in parts if part is not scene.buttons)
    assert scene.field_part in parts and scene.banner in parts and scene.buttons in parts
    for holder in (*parts, scene.kind):
        assert not any(value is scene for value in held(holder)), (name, type(holder).__name__)
    view = snapshot(scene)
    surface = pygame.Surface((1920, 1080))
    for part in parts:
        surface.fill((0, 0, 0))
        part.draw(surface, view)  # the snapshot is all a part is handed
    # The panel's words are painted from the snapshot: a panel drawn twice is the same picture.
    panel = next(p for p in parts if p.rect == PANEL and p.cached and p is not scene.buttons)
    first, second = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
    panel.draw(first, view)
    panel.draw(second, view)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")
    assert first.get_bounding_rect().width > 0, name  # it drew something


def test_a_part_over_the_table_answers_first(app):
    """The lesson's coach takes a key on a reading step before the table's controls do."""
    scene = lesson_scene(app)
    app.stack.clear(scene)
    pump(app, 3)
    coach = scene.kind.coach
    assert coach.over and coach in scene.parts
    assert coach.current.does == lesson.READ  # the lesson opens with words to read
    at = coach.step
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                    scancode=0))
    assert coach.step == at + 1  # "Got it": the table saw no Enter on its cursor


def test_one_view_per_frame_and_input_reads_it(app, monkeypatch):
    """A frame with a click on a scarer builds the table's view once (for the drawing); the
    click reads the view the player saw."""
    from game.scenes.table.view import TableView

    scene = table_scene(app, new_game(next(m for m in Mode if m.solo), ["Anna"], 3))
    app.stack.clear(scene)
    pump(app, 3)
    built: list = []
    make = TableView.__init__

    def counted(self, *args, **kwargs) -> None:
        built.append(1)
        make(self, *args, **kwargs)

    monkeypatch.setattr(TableView, "__init__", counted)
    cell = next(iter(scene.pick.targets_of))
    at = scene.field.layout.center(cell)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    pump(app, 1)
    assert scene.pick.selected == cell
    assert len(built) == 1


def test_no_kind_builds_buttons_to_undo_them(app, monkeypatch):
    """The couch is a sibling kind, not a base the others undo: building any table's kind never
    clears, removes or replaces a button it was given."""
    from game.scenes.table.buttons import TableButtons

    undone: list = []
    for verb in ("clear", "remove", "replace"):
        monkeypatch.setattr(TableButtons, verb,
                            lambda self, *args, verb=verb: undone.append(verb))
    for name, make in tables(app).items():
        scene = make()
        app.stack.clear(scene)
        pump(app, 1)
        assert not undone, (name, undone)


def test_the_couch_restart_deals_the_same_game_again_at_a_fresh_table(app):
    """Restart (the pause's; the couch's kind names the table's "deal_again" for it) opens a
    fresh table of the same kind with the same deal."""
    state = new_game(next(m for m in Mode if m.solo), ["Anna"], 3)  # no hand-over over it
    scene = table_scene(app, state)
    app.stack.clear(scene)
    pump(app, 3)
    scene.commands.run("restart")
    pump(app, 1)
    fresh = app.stack.top
    assert fresh is not scene and type(fresh.kind) is type(scene.kind)
    assert fresh.session.start == scene.session.start
