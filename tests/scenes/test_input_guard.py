"""The input guard's rules on a fake clock: a press held over from the screen before, or made
in the first GUARD_S, never chooses; a deliberate one afterwards does."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.input import key_of  # noqa: E402
from game.scenes.input_guard import GUARD_S, InputGuard  # noqa: E402

ENTER = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
ENTER_UP = pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
PAD_A = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=0, instance_id=0)
PAD_A_UP = pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=0, instance_id=0)


def test_a_key_held_when_the_screen_appeared_acts_only_when_pressed_again():
    guard = InputGuard()
    guard.arm(10.0, {key_of(ENTER)})
    late = 10.0 + GUARD_S * 5
    assert guard.swallows(ENTER, late)  # its auto-repeat, long after
    assert guard.swallows(ENTER_UP, late)  # its release too
    assert guard.swallows(ENTER, late + 0.1)  # and each swallowed press keeps the guard up
    guard.swallows(ENTER_UP, late + 0.1)
    assert not guard.swallows(ENTER, late + 0.1 + GUARD_S + 0.01)  # pressed again: a choice


def test_a_press_in_the_first_moments_is_swallowed_and_keeps_the_guard_up():
    guard = InputGuard()
    guard.arm(0.0, set())
    assert guard.swallows(PAD_A, GUARD_S - 0.01)
    assert guard.swallows(PAD_A_UP, GUARD_S)  # a press swallowed: its release too
    assert guard.swallows(PAD_A, GUARD_S + 0.2)  # the hammering hand is still swallowed
    assert guard.swallows(PAD_A_UP, GUARD_S + 0.3)
    assert not guard.swallows(PAD_A, 2 * GUARD_S + 0.21)


@given(st.lists(st.floats(min_value=0.0, max_value=0.59), min_size=1, max_size=30))
def test_presses_closer_than_the_guard_never_choose(gaps):
    guard = InputGuard()
    guard.arm(0.0, set())
    now = 0.0
    for gap in gaps:
        now += gap
        assert guard.swallows(ENTER, now)
        guard.swallows(ENTER_UP, now)
    assert not guard.swallows(ENTER, now + GUARD_S + 0.01) or gaps == []


def test_other_events_pass_untouched():
    guard = InputGuard()
    guard.arm(0.0, set())
    assert not guard.swallows(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0),
                                                 buttons=(0, 0, 0)), 0.1)
