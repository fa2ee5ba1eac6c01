"""The game window's size and place: fitted to today's desktop, resizable, remembered between runs."""

from __future__ import annotations

import warnings

import pygame

from game.render.palette import LOGICAL_SIZE  # noqa: F401 - the app takes it from here

MIN_SIZE = (960, 540)  # the smallest window a player can drag it to
SCREEN_ROOM = 96  # desktop height kept free for a title bar and a panel
WIDTH_ROOM = 0.9  # share of the desktop width a new window may take
GRIP = 96  # this much of a remembered window must lie on some screen, or it is centred


def default_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """The largest comfortable 16:9 window on this desktop, never above the logical size."""
    desk_w, desk_h = desktop
    scale = min(1.0, desk_w * WIDTH_ROOM / LOGICAL_SIZE[0], (desk_h - SCREEN_ROOM) / LOGICAL_SIZE[1])
    if LOGICAL_SIZE[1] * scale < MIN_SIZE[1]:  # a tiny screen: the minimum, or the whole screen
        scale = min(MIN_SIZE[1] / LOGICAL_SIZE[1], desk_w / LOGICAL_SIZE[0], desk_h / LOGICAL_SIZE[1])
    return _even(LOGICAL_SIZE[0] * scale), _even(LOGICAL_SIZE[1] * scale)


def fit_size(remembered: tuple[int, int] | None, desktop: tuple[int, int]) -> tuple[int, int]:
    """The remembered size if it fits today's desktop; bigger (a laptop unplugged from its big
    monitor) is shrunk to fit, keeping its shape; none remembered: the default."""
    if remembered is None:
        return default_size(desktop)
    w, h = remembered
    desk_w, desk_h = desktop
    if w <= desk_w and h <= desk_h - SCREEN_ROOM // 2:
        return max(w, min_size(desktop)[0]), max(h, min_size(desktop)[1])
    scale = min(desk_w * WIDTH_ROOM / w, (desk_h - SCREEN_ROOM) / h)
    lo_w, lo_h = min_size(desktop)
    return max(lo_w, _even(w * scale)), max(lo_h, _even(h * scale))


def min_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """MIN_SIZE, or less on a screen smaller than that."""
    return min(MIN_SIZE[0], desktop[0]), min(MIN_SIZE[1], desktop[1])


def fit_position(remembered: tuple[int, int] | None, size: tuple[int, int],
                 desktops: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The remembered position if enough of the window lies on the screens, else None (centre).

    SDL reports screen sizes, not where they sit; screens side by side (the common layout)
    span the sum of their widths by the tallest height.
    """
    if remembered is None or not desktops:
        return None
    x, y = remembered
    span_w = sum(w for w, _ in desktops)
    span_h = max(h for _, h in desktops)
    if x + size[0] < GRIP or x > span_w - GRIP or y < 0 or y > span_h - GRIP:
        return None
    return x, y


def _even(value: float) -> int:
    return max(2, int(value) // 2 * 2)


def desktops() -> list[tuple[int, int]]:
    try:
        sizes = [s for s in pygame.display.get_desktop_sizes() if s[0] > 0 and s[1] > 0]
    except pygame.error:
        return []
    return sizes


def display_window() -> pygame.Window | None:
    """The pygame.Window of the display surface (None on a pygame without the Window API)."""
    window_type = getattr(pygame, "Window", None)  # public from pygame-ce 2.5 on
    if window_type is None:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # from_display_module is marked for a future change
            return window_type.from_display_module()
    except pygame.error:  # no display window yet
        return None


def place(size: tuple[int, int] | None, position: tuple[int, int] | None) -> tuple[int, int] | None:
    """Give the (windowed) display window its size and place; returns the size it got.

    SCALED sets the window's minimum size to the logical size, which would stop the player
    from ever making it smaller: the minimum is lowered first.
    """
    window = display_window()
    screens = desktops()
    if window is None or not screens:
        return None
    size = fit_size(size, screens[0])
    try:
        window.minimum_size = min_size(screens[0])
        window.size = size
        where = fit_position(position, size, screens)
        window.position = pygame.WINDOWPOS_CENTERED if where is None else where
    except pygame.error:
        return None
    return size


def geometry() -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The window's size and position now, or None when it cannot be read."""
    window = display_window()
    if window is None:
        return None
    try:
        return tuple(window.size), tuple(window.position)
    except pygame.error:
        return None
