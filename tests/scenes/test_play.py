"""The table, driven only by posted events.

Whole games by mouse, keyboard and gamepad, every mode to its end screen, undo, the privacy rule
on every frame, resizing and skipping animations.
"""

import os

import pygame
import pytest

from game.controls import Device
from game.engine import Mode, Move, apply, new_game
from game.engine.rng import Rng
from game.match.session import Phase
from tests.scenes.drive import past_the_guard, pump


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.app import App

    app = App(frames=1, windowed=True)
    app.raise_errors = True
    app.settings.animation_speed = 25.0  # most tests do not watch the animations
    app.settings.computer_pace = 0.0
    yield app
    pygame.quit()


# Driving the app (tests.scenes.drive.pump: one frame a tick, `check` after each) ---------
def post(type_, **attrs):
    pygame.event.post(pygame.event.Event(type_, **attrs))


def click(app, pos, check=None):
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    pump(app, 2, check=check)


def drag(app, start, end, check=None):
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    post(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    pump(app, 1, check=check)
    post(pygame.MOUSEBUTTONUP, button=1, pos=end)
    pump(app, 2, check=check)


def key(app, k, check=None, hold=0):
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    if hold:
        pump(app, hold, check=check)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    pump(app, 1, check=check)


def pad(app, button, check=None):
    post(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0)
    post(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0)
    pump(app, 1, check=check)


def top(app):
    return app.stack.top


def name(app):
    return type(app.stack.top).__name__


# Entering moves ----------------------------------------------------------------------------
def by_mouse(app, play, move, check=None):
    lay = play.field.layout
    if move.move_in and not move.vertical:
        click(app, lay.center(move.scarer), check)
        drag(app, lay.center(move.scarer), lay.center(move.target), check)
    else:
        click(app, lay.center(move.scarer), check)
        click(app, lay.center(move.target), check)


def _steer(app, play, cell, press):
    press("show")
    for _ in range(20):
        (cx, cy), (tx, ty) = play.pick.cursor, cell
        if (cx, cy) == (tx, ty):
            return
        press("right" if cx < tx else "left" if cx > tx else "up" if cy < ty else "down")
    raise AssertionError(f"cursor stuck at {play.pick.cursor}, wanted {cell}")


KEYS = {"show": pygame.K_RIGHT, "right": pygame.K_RIGHT, "left": pygame.K_LEFT,
        "up": pygame.K_UP, "down": pygame.K_DOWN, "select": pygame.K_RETURN, "toggle": pygame.K_TAB}
PAD = {"show": pygame.CONTROLLER_BUTTON_DPAD_RIGHT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
       "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
       "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "select": pygame.CONTROLLER_BUTTON_A,
       "toggle": pygame.CONTROLLER_BUTTON_X}


def _by_buttons(app, play, move, press):
    if not play.pick.cursor_visible:
        press("show")
    _steer(app, play, move.scarer, press)
    press("select")
    assert play.pick.selected == move.scarer
    _steer(app, play, move.target, press)
    if move.move_in and not move.vertical:
        press("toggle")
        assert play.pick.move_in
    press("select")


def by_keyboard(app, play, move, check=None):
    _by_buttons(app, play, move, lambda what: key(app, KEYS[what], check))


def by_gamepad(app, play, move, check=None):
    _by_buttons(app, play, move, lambda what: pad(app, PAD[what], check))


def answer_handover(app, how, check=None):
    scene = top(app)
    if how == "mouse":
        click(app, scene.go_button.rect.center, check)
    elif how == "keyboard":
        key(app, pygame.K_RETURN, check)
    else:
        pad(app, pygame.CONTROLLER_BUTTON_A, check)
    pump(app, 1, check=check)


def play_game(app, state, how="mouse", choose=None, seed=1, check=None, max_turns=200,
              on_turn=None, stop_after=None):
    """Play from a fresh PlayScene to whatever follows it; returns the moves played."""
    from game.scenes.table.play import table_scene

    app.stack.clear(table_scene(app, state))
    pump(app, 1, check=check)
    rng = Rng(seed)
    enter = {"mouse": by_mouse, "keyboard": by_keyboard, "gamepad": by_gamepad}[how]
    played = 0
    for _ in range(max_turns * 20):
        scene = top(app)
        kind = type(scene).__name__
        if kind == "HandoverScene":
            answer_handover(app, how, check)
            continue
        if kind != "PlayScene" or (stop_after is not None and played >= stop_after):
            past_the_guard(app)  # the scores wait for a choice made on them
            return scene, played
        if scene.phase == Phase.TURN and scene.director is None:
            moves = scene.state.legal_moves()
            move = choose(scene.state, moves, rng) if choose else rng.choice(moves)
            if on_turn is not None:
                on_turn(scene)
            before = len(scene.state.moves)
            enter(app, scene, move, check)
            assert len(scene.state.moves) == before + 1, f"{how} input did not play {move}"
            assert scene.state.moves[-1] == move.canonical()
            played += 1
        else:
            pump(app, 1, check=check)
    raise AssertionError("the game did not end")


def prefer_move_in(state, moves, rng):
    side = [m for m in moves if m.move_in]
    return rng.choice(side) if side and rng.below(2) else rng.choice(moves)


def empties_a_column(state, moves, rng):
    """A move that brings a column closest to empty (so All Included closes one)."""
    def shortest(m):
        return min(len(c) for c in apply(state, m)[0].position.columns) if apply(state, m)[
            0].position.columns else 0
    best = min(shortest(m) for m in moves)
    return rng.choice([m for m in moves if shortest(m) == best])


# Whole games -------------------------------------------------------------------------------
# The mouse's game in `make test`, the keyboard's and the pad's in `make test-slow`.
@pytest.mark.parametrize("how", [pytest.param(d, marks=[pytest.mark.slow] if i else [])
                                 for i, d in enumerate(Device)])
def test_standard_game_to_scoring(app, how):
    state = new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], 11, 0)
    scene, played = play_game(app, state, how, prefer_move_in, seed=5)
    assert name(app) == "ScoringScene" and played > 0
    assert scene.state.over
    assert app.errors == 0
    if how == "mouse":
        pump(app, 2)
        again = next(e for e in scene.elements if e.text == "Play again")
        click(app, again.rect.center)
        pump(app, 3)
        assert name(app) in ("PlayScene", "HandoverScene")


@pytest.mark.slow  # a whole game more (the modes' games: test_every_kind.py)
def test_teams_game_to_scoring(app):
    state = new_game(Mode.TEAMS, ["Anna", "Ben", "Cleo", "Dan"], 21, None)
    scene, _ = play_game(app, state, "mouse", seed=2)
    assert name(app) == "ScoringScene"
    assert scene.result.team_totals
    assert app.errors == 0


@pytest.mark.slow  # a whole game more (make test-slow)
def test_all_included_closes_a_column_and_ends(app):
    state = new_game(Mode.ALL_INCLUDED, ["Anna", "Ben", "Cleo"], 8, 1)
    scene, _ = play_game(app, state, "keyboard", empties_a_column, seed=3)
    assert name(app) == "ScoringScene"
    assert scene.state.closed == 1 and scene.state.position.width == 7
    assert app.errors == 0


def test_computer_seats_play_themselves(app):
    state = new_game(Mode.STANDARD, ["Anna", "Robo"], 4, 0, [None, "easy"])
    scene, _ = play_game(app, state, "mouse", seed=9)
    assert name(app) == "ScoringScene"
    assert any(i % 2 for i in range(len(scene.state.moves)))


def test_a_bots_error_surfaces(app, monkeypatch):
    """No silent random move: the bot's exception reaches the frame loop."""
    state = new_game(Mode.STANDARD, ["Robo", "Anna"], 4, 0, ["easy", None])
    from game.scenes.table.play import table_scene

    scene = table_scene(app, state)

    def broken(*args, **kwargs):
        raise RuntimeError("bot bug")

    monkeypatch.setattr(scene.session.match.bots[0], "choose", broken)
    app.stack.clear(scene)
    with pytest.raises(RuntimeError, match="bot bug"):
        for _ in range(400):
            app.step(1 / 60)
            scene.session.match.ready(5)
    assert scene.session.index == 0  # no move was played


def test_solo_with_undo_to_result(app):
    state = new_game(Mode.SOLO_ADVANCED, ["Sam"], 31)
    undone = []

    def on_turn(play):
        if len(play.state.moves) == 3 and not undone:
            key(app, pygame.K_u)
            undone.append(len(play.state.moves))

    scene, _ = play_game(app, state, "mouse", seed=4, on_turn=on_turn)
    assert undone == [2]
    assert name(app) == "SoloResultScene"
    assert scene.state.over and scene.left == scene.state.position.card_count()
    click(app, scene.elements[0].rect.center)  # Play again: the same deal
    pump(app, 3)
    assert name(app) == "PlayScene" and top(app).state == state


# Privacy -----------------------------------------------------------------------------------
def test_privacy_on_every_frame(app):
    """Task cards appear only during their owner's peek: hand-over, peek in play, mid-move."""
    from game.ui.task_cards import task_image

    drawn = []
    real = app.assets.card_image

    def spy(image, width):
        drawn.append(image)
        return real(image, width)

    app.assets.card_image = spy
    frames = {"n": 0, "peeks": 0}

    def check():
        drawn.clear()
        app.draw(force=True)
        frames["n"] += 1
        tasks = {n for n in drawn if n.startswith("task_")}
        scene = top(app)
        owner = None
        if type(scene).__name__ == "HandoverScene" and scene.peek.active:
            owner = scene.player
        elif type(scene).__name__ == "PlayScene" and scene.peek.active and scene.phase == Phase.TURN:
            owner = scene.player
        allowed = {task_image(t) for t in owner.tasks} if owner else set()
        assert tasks <= allowed, f"{tasks} drawn, only {allowed} allowed"
        if owner and tasks:
            frames["peeks"] += 1

    def on_turn(play):
        # the player holds Peek in play for a few frames, then lets go
        post(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="", scancode=0)
        pump(app, 22, check=check)
        post(pygame.KEYUP, key=pygame.K_p, mod=0, unicode="", scancode=0)
        pump(app, 1, check=check)

    def answer(app_, how, check_=None):
        scene = top(app)
        key(app, pygame.K_SPACE, check, hold=22)  # hold to peek, then let go
        pump(app, 2, check=check)
        assert not scene.peek.active
        click(app, scene.go_button.rect.center, check)
        pump(app, 1, check=check)

    global answer_handover
    saved = answer_handover
    answer_handover = answer
    try:
        state = new_game(Mode.STANDARD, ["Anna", "Ben", "Cleo"], 12, 0, [None, None, "easy"])
        play_game(app, state, "mouse", seed=6, check=check, on_turn=on_turn, stop_after=7)
    finally:
        answer_handover = saved
        app.assets.card_image = real
    assert frames["peeks"] > 0 and frames["n"] > 50


def test_peek_tap_keeps_cards_until_hide(app):
    from game.scenes.table.handover import Peek

    peek = Peek()
    peek.press(0.0)
    peek.release(0.1)  # a tap
    assert peek.active
    peek.press(1.0)
    peek.release(1.05)  # tap on Hide
    assert not peek.active
    peek.press(2.0)
    peek.release(3.0)  # a long hold ends with the cards hidden
    assert not peek.active


# Feedback, skipping, resizing ---------------------------------------------------------------
def _start(app, state):
    from game.scenes.table.play import table_scene

    app.stack.clear(table_scene(app, state))
    pump(app, 2)
    while name(app) == "HandoverScene":
        answer_handover(app, "keyboard")
    return top(app)


def test_illegal_pick_gets_a_message(app):
    state = new_game(Mode.SOLO, ["Sam"], 5)
    play = _start(app, state)
    pos = play.state.position
    scarer = play.state.legal_moves()[0].scarer
    click(app, play.field.layout.center(scarer))
    assert play.pick.selected == scarer
    card = pos.card_at(*scarer)
    bad = next((x, y) for x, y, c in pos.occupied()
               if (x, y) not in play.pick.targets_of[scarer] and (x, y) not in play.pick.targets_of
               and (x, y) != scarer)
    click(app, play.field.layout.center(bad))
    assert play.banner.message and play.pick.shake_cell == bad
    assert "scare" in play.banner.message or "next-door" in play.banner.message
    assert play.state.moves == () and card is not None


def test_animation_skippable_and_survives_resize_and_fullscreen(app):
    app.settings.animation_speed = 1.0
    state = new_game(Mode.SOLO, ["Sam"], 6)
    play = _start(app, state)
    move = play.state.legal_moves()[0]
    click(app, play.field.layout.center(move.scarer))
    click(app, play.field.layout.center(move.target))
    assert play.director is not None
    post(pygame.WINDOWRESIZED, x=1280, y=720)
    pump(app, 1)
    post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    pump(app, 1)
    assert play.director is not None  # resizing and fullscreen do not cut the animation
    post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    pump(app, 1)
    post(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    pump(app, 1)
    assert play.director is None and (play.phase is Phase.TURN or play.phase.ended)
    # the next move plays out on its own in well under a second of game time
    move = play.state.legal_moves()[0]
    by_mouse(app, play, move)
    for _ in range(60):
        pump(app, 1)
        if play.director is None:
            break
    assert play.director is None
    assert app.errors == 0


def test_horizontal_click_stays_drag_moves_in(app):
    state = new_game(Mode.SOLO, ["Sam"], 8)
    play = _start(app, state)
    side = [m for m in play.state.legal_moves() if m.move_in]
    assert side
    m = side[0]
    drag(app, play.field.layout.center(m.scarer), play.field.layout.center(m.target))
    assert play.state.moves[-1] == m
    pump(app, 10)
    key(app, pygame.K_BACKSPACE)  # undo
    pump(app, 2)
    assert play.state.moves == ()
    click(app, play.field.layout.center(m.scarer))
    click(app, play.field.layout.center(m.target))
    assert play.state.moves[-1] == Move(m.scarer, m.target, False)


def test_unplugged_gamepad_pauses_with_a_message(app):
    from game.scenes.message import MessageScene
    from game.scenes.table.pause import PauseScene
    from game.scenes.table.play import PlayScene, table_scene

    # One human seat: no hand-over screen, Anna's turn at once.
    state = new_game(Mode.STANDARD, ["Anna", "Ben"], seed=3, first_player=0, bots=[None, "easy"])
    app.stack.clear(table_scene(app, state))
    pump(app, 3)
    assert isinstance(app.stack.top, PlayScene)
    # A pad that is in use goes away mid-turn (under the dummy driver no real pad can be opened).
    app.input.controllers[7] = object()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
    pump(app, 2)
    scenes = app.stack.scenes
    assert isinstance(scenes[-1], MessageScene) and "unplugged" in scenes[-1].message
    assert isinstance(scenes[-2], PauseScene) and isinstance(scenes[-3], PlayScene)
    # An unknown pad (never opened) changes nothing.
    app.stack.clear(table_scene(app, state))
    pump(app, 2)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99))
    pump(app, 2)
    assert isinstance(app.stack.top, PlayScene)


def test_every_table_is_the_one_table_scene_with_a_kind():
    """A level, a play-test, a replay, the lesson, an online table: each is the one PlayScene
    with its kind (panel, parts, keys, restart, pause), made by its room's table function;
    no scene subclasses the table."""
    from game.scenes.table.play import PlayScene
    from tests.scenes.test_scene_sizes import scene_classes
    tables = [cls for cls in scene_classes() if issubclass(cls, PlayScene)]
    assert tables == [PlayScene]


def test_every_table_kind_is_a_kind_of_its_own():
    """A kind is a choice of parts, buttons and commands: each subclasses TableKind itself,
    none another kind (what two share is data: a play-test is a level table with words)."""
    from game.scenes.table.kind import TableKind
    from tests.scenes.test_scene_sizes import scene_classes
    list(scene_classes())  # every room's modules imported: every kind defined

    def kinds(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from kinds(sub)

    found = [k for k in kinds(TableKind) if k.__module__.startswith("game.")]
    assert len(found) > 3  # the walk reached the rooms' kinds
    deeper = {k.__qualname__: [b.__qualname__ for b in k.__bases__] for k in found
              if k.__bases__ != (TableKind,)}
    assert not deeper, deeper


def test_the_table_holds_no_turn_state_the_session_does(app):
    """Whose turn, the computer's pacing, the hand-over and the end live in the session
    (game/match/session.py); the table scene keeps only what it shows."""
    from game.match.session import Session
    from game.scenes.table.play import table_scene
    state = new_game(Mode.STANDARD, ["Robo", "Anna"], 4, 0, ["easy", None])
    scene = table_scene(app, state)
    app.stack.clear(scene)
    pump(app, 3)
    session_state = set(vars(Session(scene.session.match)))
    turn_flow = {"phase", "timer", "last_human", "moved_here", "move", "aim", "finish"}
    assert turn_flow <= session_state
    assert not (turn_flow | {"bot_move", "bot_aim"}) & set(vars(scene))
