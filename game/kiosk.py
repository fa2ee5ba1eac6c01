"""Kiosk mode: the attract loop, the idle timeout, the operator exit and crash recovery."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import traceback
from dataclasses import fields, replace

import pygame

from game import i18n
from game.controls import OPERATOR_EXIT
from game.errors import log_traceback
from game.render import memory
from game.scenes.kiosk.operator import OperatorScene
from game.scenes.kiosk.still_playing import StillPlayingScene
from game.scenes.registry import screen
from game.ui.language import switch_language

COUNTDOWN_S = 10.0  # "Still playing?" shows this long before the demo comes back
OPERATOR_HOLD_S = 3.0  # Ctrl+Shift+Q held this long quits the kiosk
WAKE_GRACE_S = 0.2  # input right after leaving the demo is swallowed (one touch = several events)
STICK_THRESHOLD = 0.6  # a drifting stick is not a visitor
SAFE_AFTER = 3  # this many crashes within CRASH_WINDOW_S: the demo drops to its plainest form
CRASH_WINDOW_S = 60.0

_MODIFIERS = {
    pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT,
    pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
}
_OPERATOR_KEYS = {pygame.K_q, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT}
_INPUT = {
    pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
    pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERAXISMOTION,
}
_SOFT = {pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.FINGERMOTION}  # keeps a game alive only


def is_player_input(event: pygame.event.Event) -> bool:
    """Key, mouse, touch or gamepad input (the events Input.process counts), minus stick drift."""
    if event.type not in _INPUT:
        return False
    if event.type == pygame.CONTROLLERAXISMOTION:
        return abs(getattr(event, "value", 0)) >= STICK_THRESHOLD * 32767
    return True


def wakes_demo(event: pygame.event.Event) -> bool:
    """Input that means "I want to play": a press, a touch or a button, not a nudged mouse
    or a lone modifier (the operator's Ctrl+Shift must not start a game)."""
    if not is_player_input(event) or event.type in _SOFT:
        return False
    return not (event.type == pygame.KEYDOWN and event.key in _MODIFIERS)


def _is_operator_chord(event: pygame.event.Event) -> bool:
    mods = getattr(event, "mod", 0)
    return (event.type == pygame.KEYDOWN and event.key == OPERATOR_EXIT.code
            and mods & pygame.KMOD_CTRL and mods & pygame.KMOD_SHIFT)


class Kiosk:
    """Watches input and time for App(kiosk=True); owns no game state of its own."""

    def __init__(self, app) -> None:
        self.app = app
        self.started = app.now
        self.last_input = app.now
        self.woke_at = -1.0
        self.games = 0  # computer games finished in the attract loop
        self.puzzles = 0  # solo puzzles the solver finished in the attract loop
        self.hold_started: float | None = None
        self.countdown_started: float | None = None
        self.countdown = None  # the StillPlayingScene while it shows
        self.operator = None  # the OperatorScene while the exit chord is held
        self.attract_scene = screen("attract")  # the kiosk's first screen: the table comes with it
        self._crashes: list[float] = []
        self.shows = 0  # demos started: each one a new deal, even when a visitor cut it short
        self.deal_offset = int.from_bytes(os.urandom(4), "little")  # another run, other deals
        # The operator's settings: what a visitor changes lasts for the visit (never saved).
        self.operator_settings = replace(app.settings)
        self.operator_language = i18n.current()
        notice = app.take_notice()
        if notice:  # nobody reads a start-up notice at a kiosk: log it
            log_traceback(f"notice: {notice}")
        self._fullscreen()
        self.back_to_attract()

    # Queries ----------------------------------------------------------------
    @property
    def attract_active(self) -> bool:
        return any(isinstance(s, self.attract_scene) for s in self.app.stack.scenes)

    @property
    def uptime(self) -> float:
        return self.app.now - self.started

    def hold_fraction(self) -> float:
        if self.hold_started is None:
            return 0.0
        return min(1.0, (self.app.now - self.hold_started) / OPERATOR_HOLD_S)

    def seconds_left(self) -> float:
        if self.countdown_started is None:
            return COUNTDOWN_S
        return max(0.0, COUNTDOWN_S - (self.app.now - self.countdown_started))

    # Hooks called by the app ----------------------------------------------------
    def on_event(self, event: pygame.event.Event) -> bool:
        """Return True to swallow the event before the scenes see it."""
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            return True  # the close button does not end a kiosk
        if self._operator_event(event):
            return True
        if self.app.input.controls.means("fullscreen", event):
            return True  # the kiosk stays full screen: F11 / Alt+Enter belong to no visitor
        if not is_player_input(event):
            return False
        now = self.app.now
        self.last_input = now
        if self.countdown is not None:
            self.dismiss_countdown()
            return True
        if self.attract_active:
            if wakes_demo(event):
                self.woke_at = now
                self.app.go_to_menu()
            return True  # the demo itself never takes input
        return now - self.woke_at < WAKE_GRACE_S

    def update(self, dt: float) -> None:
        now = self.app.now
        if not self.app.stack.scenes or self._demo_covered():
            self.back_to_attract()
        if self.hold_started is not None:
            if self.operator is None or self.operator not in self.app.stack.scenes:
                self._show_operator()
            if now - self.hold_started >= OPERATOR_HOLD_S:
                self.operator_exit()
                return
        if self.countdown is not None and self.countdown not in self.app.stack.scenes:
            self.countdown = self.countdown_started = None  # a scene cleared the stack itself
            self.last_input = now
        if self.countdown is not None:
            if now - self.countdown_started >= COUNTDOWN_S:
                self.back_to_attract()
            return
        if not self.attract_active and now - self.last_input >= self.app.idle_timeout:
            self._show_countdown()

    def _demo_covered(self) -> bool:
        """Something other than a kiosk overlay was pushed over the demo (which then stands
        still): nobody is there to dismiss it, so the demo starts afresh."""
        stack = self.app.stack.scenes
        if not stack or isinstance(stack[-1], self.attract_scene) or not self.attract_active:
            return False
        return not all(s is self.countdown or s is self.operator for s in stack[1:])

    def recover(self) -> None:
        """A scene failed (already logged and counted): show the demo again, plainer if the
        failures keep coming."""
        now = self.app.now
        self._crashes = [t for t in self._crashes if now - t < CRASH_WINDOW_S] + [now]
        self.back_to_attract(safe=len(self._crashes) >= SAFE_AFTER)

    def next_show(self) -> int:
        """The number of the demo to show now (counted: a show a visitor cut short is not
        dealt again)."""
        self.shows += 1
        return self.shows - 1

    def note_finished(self, shown: str) -> None:
        if shown == "puzzle":
            self.puzzles += 1
        else:
            self.games += 1

    # Transitions --------------------------------------------------------------------
    def back_to_attract(self, safe: bool = False) -> None:
        self.countdown = self.countdown_started = None
        self.restore_settings()
        self.operator = None
        stack = self.app.stack
        for failure in stack.clear_after_failure():  # a broken scene's exit stops no recovery
            log_traceback(failure)
        try:
            self.app.ui.clear_and_reset()  # elements a crashed scene never killed
        except Exception:  # noqa: BLE001
            _log()
        self.app.assets.forget_built()  # the menus' backdrop and tumbling cards
        self.app.forget_setup_memory()  # the next visitor's New game: a computer to play again
        memory.release()  # the visitor's scenes, before the demo builds its first table
        try:
            stack.push(self.attract_scene(self.app, safe=safe))
        except Exception:  # noqa: BLE001
            _log()
            stack.clear()
            stack.push(self.attract_scene(self.app, safe=True))

    def restore_settings(self) -> None:
        """The visit is over: the operator's settings again (language, sound, speed...)."""
        settings, kept = self.app.settings, self.operator_settings
        for field in fields(settings):
            setattr(settings, field.name, getattr(kept, field.name))
        self.app.assets.colour_symbols = settings.colour_symbols
        if i18n.current() != self.operator_language:
            switch_language(self.app, self.operator_language)  # loaded before: no notice

    def dismiss_countdown(self) -> None:
        scene, self.countdown, self.countdown_started = self.countdown, None, None
        self.last_input = self.app.now
        self.app.stack.remove(scene)

    def operator_exit(self) -> None:
        self.app.stop()

    def visitor_quit(self) -> None:
        """Visitors cannot end the kiosk: a menu's Quit (or Esc on the title) goes to the demo."""
        self.back_to_attract()

    def _show_countdown(self) -> None:
        self.countdown_started = self.app.now
        self.countdown = StillPlayingScene(self.app)
        self.app.stack.push(self.countdown)

    def _show_operator(self) -> None:
        self.operator = OperatorScene(self.app)
        self.app.stack.push(self.operator)

    def _operator_event(self, event: pygame.event.Event) -> bool:
        if _is_operator_chord(event):
            if self.hold_started is None:
                self.hold_started = self.app.now
                self._show_operator()
            return True
        releases = event.type == pygame.KEYUP and event.key in _OPERATOR_KEYS
        if self.hold_started is not None and (releases or event.type == pygame.WINDOWFOCUSLOST):
            self.hold_started = None
            scene, self.operator = self.operator, None
            self.app.stack.remove(scene)
            return True
        return False

    def _fullscreen(self) -> None:
        if pygame.display.get_driver() == "dummy" or self.app.windowed:
            return
        try:
            if not pygame.display.is_fullscreen():
                pygame.display.toggle_fullscreen()  # not saved: kiosk mode is not a preference
        except pygame.error:
            pass  # a window is still a working kiosk


# What `systemctl stop`, `kill`, a closed terminal and Ctrl+C in it send.
STOP_SIGNALS = ("SIGTERM", "SIGINT", "SIGHUP")


# After a stop signal the process is gone this soon, whatever hangs: long enough for a clean
# exit on a busy small board (1.5 s was not, at load 7 here), well inside systemd's 90 s.
STOP_WITHIN_S = 6.0


@contextlib.contextmanager
def os_signals_end(app):
    """While the game runs, a stop signal from the operating system ends it cleanly.

    SDL turns SIGTERM and SIGINT into a quit event, and the kiosk ignores quit events on
    purpose (a visitor's close button); Python handlers in their place end the loop instead
    (no KeyboardInterrupt traceback in a game either). Should the clean exit hang (a thread
    that never ends), the process ends anyway STOP_WITHIN_S later, or at a second signal.
    The old handlers come back afterwards.
    """
    def stop(signum, frame) -> None:
        if not app.running:
            os._exit(0)  # a second signal: the clean exit is stuck
        app.stop()
        watchdog = threading.Timer(STOP_WITHIN_S, os._exit, (0,))
        watchdog.daemon = True
        watchdog.start()

    previous = {}
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue  # Windows has no SIGHUP
        try:
            previous[number] = signal.signal(number, stop)
        except ValueError:
            pass  # not the main thread: SDL's handling stays
    # Until now SDL's handlers may have been in place: a stop signal during start-up is a quit
    # event waiting in the queue (nobody can have reached a close button yet).
    if app.kiosk and pygame.event.peek(pygame.QUIT):
        app.stop()
    if app.kiosk:
        print("scare-it: kiosk mode running; SIGTERM (systemctl stop) or Ctrl+Shift+Q held "
              f"{OPERATOR_HOLD_S:.0f} s ends it", file=sys.stderr, flush=True)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def _log() -> None:
    log_traceback(traceback.format_exc())
