"""The pygame-gui manager with the game's theme (assets/theme.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame_gui
from pygame_gui.core.utility import get_default_manager, set_default_manager

from game import i18n
from game.paths import ASSETS, log_traceback
from game.ui.contrast import high_contrast
from game.ui.widget_text import sized_theme


def load_theme(theme_file: Path) -> dict | None:
    """The theme as a dict with absolute font paths: pygame-gui resolves font paths against the
    working directory, and the game may be started from anywhere."""
    try:
        data = json.loads(theme_file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        log_traceback(f"theme {theme_file} could not be read ({err}); pygame-gui's own look "
                      "is used")
        return None  # pygame-gui's default look beats no game at all
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            for key, value in font.items():
                if key.endswith("_path") and isinstance(value, str):
                    font[key] = str(_asset_path(value))
    return data


def _asset_path(value: str) -> Path:
    """theme.json names fonts as in the repository ("assets/fonts/..."); installed, assets/ is
    the game.assets package wherever that lives."""
    parts = Path(value).parts
    if parts and parts[0] == "assets":
        return ASSETS.joinpath(*parts[1:])
    return ASSETS / value


# pygame-gui keeps a drawn rounded button shape in its cache only when the button is smaller
# than 40,000 px^2; our menu buttons (560x88 and the like) are bigger, so every new button and
# every first hover/focus repainted its shape at 4x supersampling: 4-5 ms each, a visible hitch
# when an overlay opens (the hand-over after a move cost ~16 ms). Cached shapes are copied.
_SHAPE_CACHE_LIMIT = 40_000
_OUR_LIMIT = 260_000  # still well inside the cache's 1024x1024 pages


def cache_large_shapes() -> bool:
    """Raise pygame-gui's size limit for caching rounded shapes; True if it was raised.

    The limit is a literal inside `RoundedRectangleShape.redraw_state`: swap that one constant.
    On any other pygame-gui (no such constant, or more than one) nothing is changed.
    """
    try:
        from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
            RoundedRectangleShape,
        )
    except ImportError:
        return False
    code = RoundedRectangleShape.redraw_state.__code__
    consts = code.co_consts
    if _OUR_LIMIT in consts:
        return True
    if consts.count(_SHAPE_CACHE_LIMIT) != 1:
        return False
    new = tuple(_OUR_LIMIT if c == _SHAPE_CACHE_LIMIT else c for c in consts)
    RoundedRectangleShape.redraw_state.__code__ = code.replace(co_consts=new)
    return True


def make_manager(size: tuple[int, int], contrast: bool = False) -> pygame_gui.UIManager:
    cache_large_shapes()
    theme = load_theme(ASSETS / "theme.json")
    if theme is not None:
        theme = sized_theme(high_contrast(theme) if contrast else theme)
    manager = pygame_gui.UIManager(
        size, theme,
        enable_live_theme_updates=False,
        starting_language=i18n.current(),  # pygame-gui's own words in the player's language
    )
    # pygame-gui keeps the first manager a process ever made as its default, for good (with
    # its fonts and widgets); the default is the one in use.
    set_default_manager(manager)
    return manager


def use_theme(manager: pygame_gui.UIManager, contrast: bool) -> None:
    """Settings -> High contrast or Text size on the menus' widgets: the theme is loaded again
    (widgets made after it take it; the scenes build theirs again on a change of looks)."""
    theme = load_theme(ASSETS / "theme.json")
    if theme is not None:
        manager.get_theme().load_theme(sized_theme(high_contrast(theme) if contrast else theme))
        manager.rebuild_all_from_changed_theme_data()


def release_manager(manager: pygame_gui.UIManager) -> None:
    """The game that owned `manager` has ended: pygame-gui no longer holds on to it."""
    if get_default_manager() is manager:
        set_default_manager(None)
