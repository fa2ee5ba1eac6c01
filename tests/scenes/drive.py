"""Driving the app in scene tests: posted events, logic ticks and draws, the scene on top."""

from __future__ import annotations

import pygame

from game.app import TICK, App
from game.controls import Device

_SAVERS: list = []  # the save writer of the App new_app made last, closed at the next start


def new_app(device: str | None = None) -> App:
    """A new start of the game, as a fresh process would have it: the last window is closed
    first (opening a second SCALED window in one process can abort inside SDL); fast
    animations and computers; a scene's exception fails the test instead of being a notice.
    The last App ends as the program does: its pending saves reach the disk first (without
    that, the next start could read the store before the last move's save is written)."""
    end_last_app()
    pygame.quit()
    app = App(frames=1, windowed=True)
    _SAVERS.append(app.saver)
    app.raise_errors = True
    app.settings.animation_speed = 25.0
    app.settings.computer_pace = 0.0
    if device is not None:
        app.input.device = Device(device)
    return app


def end_last_app() -> None:
    """End the App new_app made last as the program ends: its pending saves written. Only its
    save writer is held here: the App and its window's surfaces may go (a test that walks
    every object, tests/scenes/test_memory.py, would meet them)."""
    while _SAVERS:
        _SAVERS.pop().close()


def end_started() -> None:
    """A test's own start ends here as the program ends: its saves written, its window closed."""
    end_last_app()
    pygame.quit()


def reset(app, prefs) -> None:
    """Point the module's one App at a fresh prefs folder and bring it back to the title."""
    app.prefs = prefs
    app.files.forget()  # read again from the new folder
    app.files.levels_root = None
    app.follow_level(None)
    app.forget_setup_memory()
    app.settings.animation_speed = 25.0
    app.running = True
    app.go_to_menu()
    pump(app)


def post(type_, **attrs) -> None:
    pygame.event.post(pygame.event.Event(type_, **attrs))


def pump(app, ticks: int = 2, draw: bool = True, force: bool = False, check=None) -> None:
    """The one way tests drive the app: `ticks` frames as the real loop runs them, each the
    posted events (pygame-gui posts its own), one logic tick and the drawing. `draw=False`:
    no drawing, for a test that reads only the logic (drawing takes most of a frame's time);
    `force`: drawn even when nothing changed; `check()` after each frame (a rule to hold on
    every frame, e.g. what the screen shows)."""
    for _ in range(ticks):
        for event in pygame.event.get():
            app.dispatch(event)
        app.step(TICK)
        if draw:
            app.draw(force=force)
        if check is not None:
            check()


def key(app, k, mod=0, text="") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))
    pump(app)


def pad(app, button) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0))
    pump(app)


def click(app, pos, button=1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))
    pump(app)


def name(app) -> str:
    """The class name of the scene on top."""
    return type(app.stack.top).__name__


def element(app, object_id: str):
    """The top scene's widget of that object id."""
    return next(e for e in app.stack.top.elements if f"#{object_id}" in e.object_ids)


def press(app, object_id: str) -> None:
    """A mouse click on the top scene's widget of that object id."""
    click(app, element(app, object_id).rect.center)


def step_selector(app, object_id: str, forward: bool = True) -> None:
    """A mouse click on the right half (forward) or the left half (back) of the top scene's
    selector of that object id."""
    rect = element(app, object_id).rect
    click(app, (rect.right - rect.w // 4 if forward else rect.left + rect.w // 4, rect.centery))


def is_table(app, kind: type) -> bool:
    """The scene on top is a table of this kind (a TableKind class, its subclasses too)."""
    from game.scenes.table.play import PlayScene

    top = app.stack.top
    return isinstance(top, PlayScene) and isinstance(top.kind, kind)


def past_the_guard(app) -> None:
    """Let a screen on top that waits for a deliberate choice (the scores) pass its first
    moment, in which a press was meant for the screen before (game/scenes/input_guard.py)."""
    import math

    from game.scenes.input_guard import GUARD_S

    if getattr(app.stack.top, "waits_for_choice", False):
        pump(app, math.ceil(GUARD_S / TICK) + 1, draw=False)


def lasting_move(state):
    """The first legal move that does not end the game (else the first): a test that must stop
    mid-game plays these, as the first legal move ends most Standard deals within 8 moves (a
    column empties)."""
    from game.engine.state import apply

    moves = state.legal_moves()
    return next((m for m in moves if not apply(state, m)[0].over), moves[0])
