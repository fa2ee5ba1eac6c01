"""Every computer level in every mode — read from the registries, never from a list written
here — and a throwaway level and mode registered for the test: offered by the New game screen,
played at the table, saved after every move, continued exactly after the window closed,
finished, kept in Replays and counted once. And a game whose process ends at any moment after
its last move loses nothing."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pygame
import pytest

from game.engine.ai import SKILLS, Skill
from game.engine.ai.bots import EasyBot
from game.engine.modes import PAIRS, Mode
from game.engine.rules import Rules
from game.engine.state import new_game
from game.match.loading import load_replay, replays, saved_files
from game.match.record import read_record
from game.match.session import Phase
from tests.scenes.drive import step_selector
from tests.scenes.test_resume import answer_handover, fresh_app, name, pump

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Filip", "Greta", "Hugo")
TEST_NODES = 12  # searching computers stop at this many nodes: quick, and the same each run


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    # Quick computers: every level makes its own bot, with a small node budget.
    kept = [SKILLS.replace(dataclasses.replace(level, make=lambda nodes, make=level.make:
                                               make(TEST_NODES)))
            for level in SKILLS.levels()]
    yield tmp_path
    for level in kept:
        SKILLS.replace(level)
    pygame.quit()


def table(app):
    return next(s for s in reversed(app.stack.scenes) if hasattr(s, "session"))


def step(app) -> None:
    """One move at the table: the person's (the first legal one) or a computer's ticks."""
    answer_handover(app)
    scene = table(app)
    if scene.phase == Phase.TURN and app.stack.top is scene:
        scene.play(scene.state.legal_moves()[0])
    scene.session.match.ready(30)
    pump(app, 2)


def play_a_game(prefs, mode: Mode, seats: list[str | None], seed: int) -> None:
    from game.scenes.table.continue_table import continue_game
    from game.scenes.table.play import table_scene
    from game.scenes.table.resume import saved_game

    names = [NAMES[i] if kind is None else f"Computer {i}" for i, kind in enumerate(seats)]
    app = fresh_app()
    app.go_to_menu()
    app.push(table_scene(app, new_game(mode, names, seed, bots=seats)))
    pump(app, 2)
    for _ in range(3):  # a few moves, each saved at once
        before = len(table(app).state.moves)
        while len(table(app).state.moves) == before:
            step(app)
        app.saver.flush()
        files = saved_files(prefs)
        assert len(files) == 1  # one game, one file in the store
        saved = read_record(files[0].read_text(encoding="utf-8"))
        assert saved.moves == table(app).state.moves
        assert [s.bot for s in saved.seats] == seats
    shown = table(app).state
    app = fresh_app()  # the window closed: the next start offers Continue
    app.go_to_menu()
    record = saved_game(app)
    assert record is not None and app.take_notice() is None
    continue_game(app, record)
    pump(app, 2)
    assert table(app).state == shown  # exactly where it was, task cards and all
    for _ in range(400):
        if not any(hasattr(s, "session") for s in app.stack.scenes):
            break
        step(app)
    assert name(app) in ("ScoringScene", "ClassicResultScene", "SoloResultScene"), name(app)
    assert app.errors == 0
    kept = replays(prefs)
    assert len(kept) == 1
    final = load_replay(kept[0]).final_state()
    assert final.over and final.moves[:len(shown.moves)] == shown.moves
    stats = json.loads((prefs / "statistics.json").read_text(encoding="utf-8"))
    if mode.solo:
        assert stats["solo"]["games"] == 1
    else:
        entry = stats["modes"][mode.value]
        assert entry["played"] == 1
        for level in {kind for kind in seats if kind is not None}:
            assert entry["against"][level][0] == 1
    assert not saved_files(prefs)


def every_mode_and_level():
    """Each mode with each computer level: the first mode's first level and a solo mode in
    `make test`, the others in `make test-slow` (a whole game each; all of them run in CI)."""
    first_solo = next(mode for mode in Mode if mode.solo)
    first_table = next(mode for mode in Mode if not mode.solo)
    for mode in Mode:
        if mode.solo:
            yield pytest.param(mode, None, id=mode.value,
                               marks=[] if mode is first_solo else [pytest.mark.slow])
        for i, level in enumerate(SKILLS if not mode.solo else ()):
            yield pytest.param(mode, level, id=f"{mode.value}-{level}",
                               marks=[] if mode is first_table and not i else [pytest.mark.slow])


@pytest.mark.parametrize(("mode", "level"), list(every_mode_and_level()))
def test_every_level_in_every_mode_saves_continues_finishes_replays_and_counts(prefs, mode,
                                                                               level):
    n = min(mode.player_counts)
    seats = [None] + [level] * (n - 1)
    play_a_game(prefs, mode, seats, seed=len(mode.value) * 31 + n)


@pytest.fixture
def throwaway(prefs):
    """One more computer level and one more mode, registered only for the test."""
    level = Skill("trainee", lambda nodes: EasyBot(), "trainee", "Trainee \u2014 a test level")
    SKILLS.register(level)
    mode = Mode.register(Mode("test-pairs", "Test pairs", (2, 3), Rules.STANDARD, PAIRS))
    yield level, mode
    SKILLS.unregister(level.name)
    Mode.unregister(mode)


def test_a_new_level_and_a_new_mode_are_one_entry_each(prefs, throwaway):
    from game.scenes.table.setup import SetupScene, seat_choices, seat_label

    level, mode = throwaway
    assert level.name in seat_choices() and seat_label(level.name) == level.choice
    app = fresh_app()
    setup = SetupScene(app)
    app.push(setup)
    pump(app)
    offered = set()
    for _ in range(len(Mode)):
        offered.add(setup.mode)
        step_selector(app, "mode")
    assert mode in offered  # the New game screen offers it
    play_a_game(prefs, mode, [None, level.name], seed=5)
    from game.scenes.records.statistics import StatisticsScene
    app = fresh_app()
    app.push(StatisticsScene(app))
    pump(app)  # the statistics screen draws the new mode and level without a word list
    assert app.errors == 0


def test_the_end_is_kept_whenever_the_process_stops_after_the_last_move(prefs, tmp_path_factory,
                                                                      monkeypatch):
    """Snapshots of the prefs folder stand for a kill -9 at each moment: inside the keeping
    (the finished game's save written, nothing else yet) and at every tick from the last move
    to the scores. Each, started again, has the game counted once and kept in Replays."""
    from game.match import profile as profile_module
    from game.scenes.table.play import table_scene

    snapshots = []

    def snapshot():
        where = tmp_path_factory.mktemp("killed")
        shutil.copytree(prefs, where, dirs_exist_ok=True)
        snapshots.append(where)

    finish = profile_module.Profile.finish

    def finish_after_a_snapshot(self, record, final, par=None, online=False):
        snapshot()  # the process dies here: only the finished game's save is on disk
        return finish(self, record, final, par, online)

    monkeypatch.setattr(profile_module.Profile, "finish", finish_after_a_snapshot)
    app = fresh_app()
    app.go_to_menu()
    app.push(table_scene(app, new_game(Mode.STANDARD, ["Anna", "Computer"], 9,
                                     bots=[None, "easy"])))
    pump(app, 2)
    while not table(app).state.over:
        step(app)
    for tick in range(600):
        if tick < 4 or tick % 12 == 0:  # the first ticks after it, then every fifth of a second
            snapshot()
        if name(app) == "ScoringScene":
            snapshot()
            break
        pump(app)
    assert name(app) == "ScoringScene" and len(snapshots) > 3
    app.saver.close()
    monkeypatch.setattr(profile_module.Profile, "finish", finish)
    for folder in snapshots:
        monkeypatch.setenv("SCARE_IT_PREFS", str(folder))
        again = fresh_app()
        again.go_to_menu()  # the title looks for a game to continue and catches up on it
        pump(again, 2)
        stats = json.loads((folder / "statistics.json").read_text(encoding="utf-8"))
        assert stats["modes"]["standard"]["played"] == 1, folder
        assert len(replays(folder)) == 1, folder
        assert not saved_files(folder)
        assert not any(e.text.startswith("Continue") for e in again.stack.top.elements)
        again.saver.close()
