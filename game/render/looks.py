"""How the screens look for this player: text size, high contrast, reduced motion (Settings)."""

from __future__ import annotations

import math

from game.render.palette import (
    CREAM,
    FELT,
    FELT_CONTRAST,
    FELT_DARK,
    FELT_DARK_CONTRAST,
    GREY,
    GREY_ON_LIGHT,
    GREY_TEXT,
    INK,
    MUTED,
    MUTED_INK,
    SOFT_TEXT,
    WHITE,
)

text_size = 1.0  # 1.0 = 100 % .. 2.0 = 200 %
LARGE = 48  # text this size or larger keeps its size
# From this text size on, a screen's layout gives its words the room of a picture beside them
# (the table's scare cycle, How to play's example): `large()`.
LARGE_TEXT = 1.5
high_contrast = False
reduced_motion = False
large_cards = False  # Settings -> Accessibility: Card size: large (the table's field fills)


def set_looks(size: float, contrast: bool, reduced: bool) -> bool:
    """Take the settings' values; True when something drawn must be built again."""
    global text_size, high_contrast, reduced_motion
    changed = (size, contrast) != (text_size, high_contrast)
    text_size, high_contrast, reduced_motion = size, contrast, reduced
    return changed


def set_cards(large: bool) -> bool:
    """Take the card size setting; True when it changed (the table lays its field out again)."""
    global large_cards
    changed, large_cards = large != large_cards, large
    return changed


def large() -> bool:
    """Whether the text size is large enough for layouts to make room for the words."""
    return text_size >= LARGE_TEXT


def pulse(now: float, rate: float = 5.0) -> float:
    """A ring's pulse at `now` on the game clock (-1 .. 1): held at 0 with reduced motion."""
    return 0.0 if reduced_motion else math.sin(now * rate)


def greyed() -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The ground and the words of what cannot be chosen now (a greyed button, a locked
    chapter): grey on grey; in high contrast dark grey words on white, readable (7:1)."""
    return (WHITE, GREY_ON_LIGHT) if high_contrast else (GREY, GREY_TEXT)


def felt() -> tuple[int, int, int]:
    """The felt's colour: darker in high contrast, so cards and words stand out more."""
    return FELT_CONTRAST if high_contrast else FELT


def felt_edge() -> tuple[int, int, int]:
    return FELT_DARK_CONTRAST if high_contrast else FELT_DARK


def scaled(size: int) -> int:
    """A text's size at the player's text size: small text grows, up to LARGE; headings and
    big labels are large already (and their boxes are roomy areas, not the room they may
    take). Layouts do not reflow yet, so the fitting (game/render/fit.py) tries this first
    and comes down to the layout's own size and floor where the box has no room: a text never
    fits worse than at 100 %."""
    if size >= LARGE:
        return size
    return min(LARGE, round(size * text_size))


# Quiet words (grey-green on the felt, brown-grey on cream) and what they become in high
# contrast: the full light or dark ink of their ground.
QUIET = {MUTED: CREAM, SOFT_TEXT: CREAM, MUTED_INK: INK}


def ink(colour):
    """A text colour as drawn: quiet words take the full ink in high contrast."""
    if not high_contrast:
        return colour
    try:
        return QUIET.get(tuple(colour), colour)
    except TypeError:  # not a colour triple (a name): as it is
        return colour
