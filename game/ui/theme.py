"""The pygame-gui manager with the game's theme (assets/theme.json)."""

from __future__ import annotations

import pygame_gui

from game.paths import ASSETS


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    theme = ASSETS / "theme.json"
    manager = pygame_gui.UIManager(size, str(theme) if theme.exists() else None)
    return manager
