"""Easing curves: each maps progress 0..1 to a fraction 0..1 (some overshoot a little)."""

from __future__ import annotations

import math


def in_quad(t: float) -> float:
    """Accelerating from rest: how things fall."""
    return t * t


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    """Overshoots the end a little and settles: a lively slide."""
    c1 = 1.4
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def fall(t: float) -> float:
    """Gravity then a small settle bounce: accelerate down, rebound 8%, land."""
    if t < 0.7:
        return (t / 0.7) ** 2
    return 1 - 0.08 * math.sin(math.pi * (t - 0.7) / 0.3)


def hop(t: float) -> float:
    """0 -> 1 -> 0: a little jump."""
    return math.sin(math.pi * t)


def shake(t: float, times: int = 3) -> float:
    """-1..1 wiggle that dies down: a startle or a 'no'."""
    return math.sin(t * times * 2 * math.pi) * (1 - t)
