"""Issue 44, finding 1: a key pressed for one screen never acts on the next one. Three people
play a couch game's last move by posted events ("Play it" at "This move ends the game"), then
Enter, Space or a pad's A is pressed once, at any moment from that move until the scores have
shown for the guard's moment (each tick, but every third of the last field's plain rest): the
scores always come, and stay until a choice made after they showed; no key pressed before
deals a new game."""

from __future__ import annotations

import math

import pygame
import pytest

from game.app import TICK
from game.engine import Mode, apply, new_game
from game.match.learner import ends_game
from game.scenes.input_guard import GUARD_S
from game.scenes.table.play import PlayScene, table_scene
from tests.scenes.drive import name, new_app, post, pump

NAMES = ["Anna", "Ben", "Cleo"]
HOLD = 6  # ticks a finger stays on a key or button: a tenth of a second
# Ticks watched once the scores show and the press is over: nothing else may come, and a
# press after them is a choice made on the scores (the guard's moment, and a little more).
AFTER = math.ceil(GUARD_S / TICK) + 15
# What each press is: the event that goes down and the one that comes up.
PRESSES = {
    "Enter": (pygame.KEYDOWN, pygame.KEYUP, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                             "scancode": 0}),
    "Space": (pygame.KEYDOWN, pygame.KEYUP, {"key": pygame.K_SPACE, "mod": 0, "unicode": " ",
                                             "scancode": 0}),
    "pad A": (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
              {"button": pygame.CONTROLLER_BUTTON_A, "instance_id": 0}),
}


def ending_state():
    """Three people at the couch; the one to move can end the game (a scare that empties a
    column), and so can the key presses that follow."""
    state = new_game(Mode.STANDARD, NAMES, 44, 0, [None] * 3)
    while True:
        moves = state.legal_moves()
        if len(state.moves) >= 6 and any(ends_game(state, m) for m in moves):
            return state
        state, _events = apply(state, next(m for m in reversed(moves)
                                           if not ends_game(state, m)))


def tick(app) -> None:
    """One frame of the loop, not drawn (the drawing changes nothing the keys do, and would
    take most of the test's time)."""
    pump(app, 1, draw=False)


def press(app, what: str, hold: int = HOLD) -> None:
    """A finger on the key (or pad button) for `hold` ticks, then off."""
    down, up, attrs = PRESSES[what]
    post(down, **attrs)
    for _ in range(hold):
        tick(app)
    post(up, **attrs)
    tick(app)


def cursor_to(app, table, cell) -> None:
    """The arrow keys until the field's cursor is on `cell` (x across, y up)."""
    arrows = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_UP,
              (0, -1): pygame.K_DOWN}
    for _ in range(30):
        (cx, cy), (tx, ty) = table.pick.cursor, cell
        if (cx, cy) == (tx, ty):
            return
        step = (1, 0) if cx < tx else (-1, 0) if cx > tx else (0, 1) if cy < ty else (0, -1)
        post(pygame.KEYDOWN, key=arrows[step], mod=0, unicode="", scancode=0)
        post(pygame.KEYUP, key=arrows[step], mod=0, unicode="", scancode=0)
        tick(app)
    raise AssertionError(f"cursor stuck at {table.pick.cursor}, wanted {cell}")


def to_the_question(app, state) -> PlayScene:
    """The table at its last turn, the ending move entered by keyboard: "This move ends the
    game — play it?" asks, its focus moved onto "Play it"."""
    app.settings.help_end = True  # the question a learner's couch table asks
    table = table_scene(app, state)
    app.stack.clear(table)
    tick(app)
    assert name(app) == "HandoverScene"
    press(app, "Enter", 1)  # "I'm Anna: play"
    assert app.stack.top is table
    move = next(m for m in state.legal_moves() if ends_game(state, m) and not m.move_in)
    post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)  # shows the cursor
    tick(app)
    cursor_to(app, table, move.scarer)
    press(app, "Enter", 1)
    assert table.pick.selected == move.scarer
    cursor_to(app, table, move.target)
    press(app, "Enter", 1)
    assert name(app) == "ConfirmScene"
    post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)  # onto "Play it"
    tick(app)
    return table


def watch(app, table, what: str, at: int | None) -> list[str]:
    """"Play it" by Enter, then `what` pressed once `at` ticks later (None: never); what was
    on top, each tick, until the scores have shown for AFTER ticks after the press (or a new
    deal came)."""
    down, up, attrs = PRESSES["Enter"]
    post(down, **attrs)  # "Play it": the last move
    seen = []
    for t in range(2000):
        if t == 1:
            post(up, **attrs)
        if at is not None and t == at:
            post(PRESSES[what][0], **PRESSES[what][2])
        if at is not None and t == at + HOLD:
            post(PRESSES[what][1], **PRESSES[what][2])
        tick(app)
        top = app.stack.top
        seen.append(name(app) if not isinstance(top, PlayScene) else
                    "table" if top is table else "new table")
        if seen[-1] in ("new table", "HandoverScene"):
            return seen
        if seen[-AFTER:] == ["ScoringScene"] * AFTER and (at is None or t >= at + HOLD + AFTER):
            return seen
    raise AssertionError(f"the scores never came: {seen[-5:]}")


@pytest.fixture(scope="module")
def couch():
    app = new_app("keyboard")
    app.settings.muted = True  # a new screen's music, loaded hundreds of times, is slow
    app.settings.help_peek = app.settings.help_points = app.settings.help_hint = False
    return app


# A walk through every tick from the last move to the scores, for each press: 15 s each on
# a quiet machine, so in `make test-slow` (the guard's own rules are in tests/scenes/
# test_input_guard.py, in `make test`).
@pytest.mark.slow
@pytest.mark.parametrize("what", PRESSES)
def test_a_press_from_the_last_move_to_the_scores_never_deals_again(couch, what):
    app, state = couch, ending_state()
    # Untouched, the move is shown, the last field rests a moment, then the scores come.
    table = to_the_question(app, state)
    untouched = watch(app, table, what, None)
    shown = untouched.index("ScoringScene")
    assert set(untouched[shown:]) == {"ScoringScene"}
    # Each tick once "Play it" is let go: the move shown, the last field's first moments, and
    # from just before the scores until their guard is over; every third tick of the rest
    # between (the same last field, resting).
    guard = math.ceil(GUARD_S / TICK)
    moments = sorted({*range(2, 14), *range(14, shown - 6, 3), *range(shown - 6, shown + guard + 1)})
    for at in moments:
        table = to_the_question(app, state)
        seen = watch(app, table, what, at)
        assert "ScoringScene" in seen, (at, seen[-3:])
        first = seen.index("ScoringScene")
        assert set(seen[first:]) == {"ScoringScene"}, \
            f"{what} pressed {at} ticks after the last move: {seen[first:][-3:]} after the scores"
        scores = app.stack.top
        # The choice made now, after the scores showed: Play again (where the focus starts).
        assert scores.ring.focused.element.text == "Play again"
        press(app, what)
        tick(app)
        assert name(app) == "HandoverScene", f"{what} at {at}: no choice made on the scores"
        assert app.stack.scenes[-2].state.moves == ()  # a fresh deal for the same seats


def _solo_result(app):
    from game.scenes.solo.classic_result import show_result
    start = new_game(Mode.SOLO, ["You"], 4242, 0, [None])
    state = start
    while not state.over:
        state = apply(state, state.legal_moves()[0])[0]
    show_result(app, state, start)


def _level_result(app):
    from game.campaign.level_game import level_state
    from game.campaign.levels import DEFAULT_ROOT, load_campaign
    from game.scenes.solo.level_play import level_result
    level = load_campaign(DEFAULT_ROOT).level("falling-elephants")
    state = level_state(level)
    while not state.over:
        state = apply(state, state.legal_moves()[0])[0]
    app.push(level_result(app, level, state))


@pytest.mark.parametrize("show", [_solo_result, _level_result], ids=["solo", "level"])
def test_a_solo_or_level_result_waits_for_a_choice_made_after_it_showed(show):
    """The same guard on the solo deal's and the level's result: an Enter that was meant for
    the last move's screen plays no new deal, retries nothing; one made after it shows does."""
    from tests.scenes.drive import past_the_guard, pump
    app = new_app()
    show(app)
    result = app.stack.top
    kind, up, fields = PRESSES["Enter"]
    post(kind, **fields)
    pump(app, HOLD, draw=False)
    post(up, **fields)
    pump(app, AFTER, draw=False)
    assert app.stack.top is result
    past_the_guard(app)
    post(kind, **fields)
    pump(app, HOLD, draw=False)
    post(up, **fields)
    pump(app, 5, draw=False)
    assert app.stack.top is not result


def _end_screens():
    """Every screen that shows a game's end, read from the code's own rooms: the scene classes
    defined in game/scenes' *_result.py and scoring.py modules."""
    import importlib
    import inspect
    from pathlib import Path

    import game.scenes
    from game.scenes.menu import MenuScene
    root = Path(game.scenes.__file__).parent
    for path in sorted(root.rglob("*.py")):
        if not (path.stem.endswith("_result") or path.stem == "scoring"):
            continue
        name = ".".join(("game", "scenes", *path.relative_to(root).with_suffix("").parts))
        module = importlib.import_module(name)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == name and issubclass(cls, MenuScene):
                yield cls


def test_every_screen_that_shows_a_games_end_waits_for_a_choice():
    """The two result screens driven above stand for these: every end screen the rooms define
    (the scores, a solo deal's, a level's, and any added later) has the guard."""
    screens = list(_end_screens())
    assert {c.__name__ for c in screens} >= {"ScoringScene", "SoloResultScene", "LevelResultScene"}
    assert [c.__name__ for c in screens if not c.waits_for_choice] == []
