"""A screen that waits for a deliberate choice (the scores): a press meant for the screen
before it never acts on it."""

from __future__ import annotations

import pygame
import pygame_gui

from game.input import key_of

# A press this soon after the screen appeared was aimed at the one before: nobody reads a new
# screen and chooses on it in less (a reaction alone takes a quarter of a second).
GUARD_S = 0.6

# What starts a choice: a key, a pad button, a click or a touch (pygame-gui's press of one of
# the screen's buttons comes after the click, a frame later).
PRESSES = frozenset({pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN, pygame.MOUSEBUTTONDOWN,
                     pygame.FINGERDOWN, pygame_gui.UI_BUTTON_PRESSED})
RELEASES = frozenset({pygame.KEYUP, pygame.CONTROLLERBUTTONUP})


class InputGuard:
    """Armed when its screen appears (or shows again): every key or pad button down at that
    moment acts on it only once let go and pressed again, and every press within GUARD_S of
    it is swallowed; a swallowed press keeps the guard up GUARD_S longer, so a hand that
    hammers Enter through the end of a game chooses nothing until it stops."""

    def __init__(self) -> None:
        self.until = float("-inf")
        self.held: set[tuple] = set()

    def arm(self, now: float, held: set[tuple]) -> None:
        self.until = now + GUARD_S
        self.held = set(held)

    def swallows(self, event: pygame.event.Event, now: float) -> bool:
        """True: the event is part of a press that was not made for this screen."""
        which = key_of(event)
        if event.type in RELEASES:
            if which in self.held:
                self.held.discard(which)
                return True
            return False
        if event.type not in PRESSES:
            return False
        if now < self.until or which in self.held:
            self.until = max(self.until, now + GUARD_S)
            if which is not None:
                self.held.add(which)  # its release is swallowed too
            return True
        return False
