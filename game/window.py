"""The game window: full screen or not, its size and place fitted to today's desktop,
resizable, remembered between runs."""

from __future__ import annotations

import os
import sys
import warnings
from typing import TYPE_CHECKING

import pygame

from game.render.palette import LOGICAL_SIZE  # noqa: F401 - the app takes it from here

if TYPE_CHECKING:
    from game.settings import Settings

MIN_SIZE = (960, 540)  # the smallest window a player can drag it to
SCREEN_ROOM = 96  # desktop height kept free for a title bar and a panel
WIDTH_ROOM = 0.9  # share of the desktop width a new window may take
GRIP = 96  # this much of a remembered window must lie on some screen, or it is centred
REPLACE_AFTER = 0.25  # seconds after leaving full screen to set the window's place once more


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


class NoDisplay(RuntimeError):
    """There is no screen to open a window on."""


def start_display() -> None:
    """pygame's display started for a SCALED window, and its fonts (all the first frame
    needs); NoDisplay when there is no screen to open a window on."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # pygame's SCALED scales by whole numbers unless an environment variable of exactly this
    # name is true (pygame reads the hint under its C macro's name). Whole numbers cannot make
    # 1920x1080 smaller: a window below that showed a cut-out middle, and clicks missed by as
    # much. With it, SDL letterboxes at any size and maps clicks to the picture.
    os.environ["SDL_HINT_RENDER_SCALE_QUALITY"] = "1"
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")  # smooth when scaled down
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("SDL_VIDEODRIVER")
    ):
        raise NoDisplay(
            "no display found: run Scare It! on a desktop, or set SDL_VIDEODRIVER=dummy for a headless run"
        )
    # Only what the first frame needs; the app starts the rest right after it (start_the_rest).
    try:
        pygame.display.init()
    except pygame.error as err:
        raise NoDisplay(f"cannot open a window ({err})") from None
    pygame.font.init()


def is_fullscreen() -> bool:
    """Whether the display window is full screen now (False when it cannot be asked)."""
    try:
        return bool(pygame.display.is_fullscreen())
    except (AttributeError, pygame.error):
        return False


class GameWindow:
    """The game's one window: SCALED at the logical size, full screen or not as the settings
    say, its windowed size and place kept in the settings (saved with them)."""

    def __init__(self, settings: Settings, *, windowed: bool, kiosk: bool) -> None:
        # `windowed`: --windowed, never full screen at the start; a kiosk's window is never
        # remembered (kiosk mode is not a preference).
        self.settings, self.kiosk = settings, kiosk
        self._replace_at: float | None = None  # when to place the window again (after F11)
        self.screen = _set_mode(settings.fullscreen and not windowed)
        if not settings.fullscreen or windowed:
            self.place()

    def toggle_fullscreen(self, now: float) -> None:
        """Switch at once (nothing is rebuilt) and save the setting; `now` is the app's clock."""
        want = not self.settings.fullscreen
        if want:
            self.remember()
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            # Drivers without the toggle (e.g. dummy): the Window API, never a second set_mode
            # (recreating the SCALED renderer can abort inside SDL).
            shown = display_window()
            try:
                if shown is not None and want:
                    shown.set_fullscreen(True)
                elif shown is not None:
                    shown.set_windowed()
            except pygame.error:
                pass  # the setting is kept and applies at the next start
        self.screen = pygame.display.get_surface()
        self.settings.fullscreen = want
        if not want:
            # SDL brings SCALED back at the logical size: the player's size and place instead,
            # and the place once more a moment later, after the window manager has restored
            # its own idea of it (openbox moves it by its title bar otherwise).
            self.place()
            self._replace_at = now + REPLACE_AFTER
        self.settings.save()

    @property
    def settling(self) -> bool:
        """Whether the window, just out of full screen, is still to be placed once more."""
        return self._replace_at is not None

    def place_when_due(self, now: float) -> None:
        """The window placed once more when its moment after leaving full screen has come."""
        if self._replace_at is not None and now >= self._replace_at:
            self._replace_at = None
            self.place()

    def place(self) -> None:
        """The window at the player's remembered size and place, fitted to today's desktop."""
        place(self.settings.window_size, self.settings.window_position)

    def remember(self) -> None:
        """Note the windowed size and place (saved with the settings at exit)."""
        if self.settings.fullscreen or self.kiosk or self._replace_at is not None \
                or is_fullscreen():
            return
        now = geometry()
        if now is not None:
            self.settings.window_size, self.settings.window_position = now


def _set_mode(fullscreen: bool) -> pygame.Surface:
    """The display opened SCALED and resizable at the logical size; its surface."""
    flags = pygame.SCALED | pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
    with warnings.catch_warnings():
        # SDL falls back to its software renderer headless; that is expected, not news.
        warnings.simplefilter("ignore")
        return pygame.display.set_mode(LOGICAL_SIZE, flags)
