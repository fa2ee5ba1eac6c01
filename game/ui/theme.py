"""The pygame-gui manager with the game's theme (assets/theme.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame_gui

from game.paths import ASSETS, ROOT


def load_theme(theme_file: Path) -> dict | None:
    """The theme as a dict with absolute font paths: pygame-gui resolves font paths against the
    working directory, and the game may be started from anywhere."""
    try:
        data = json.loads(theme_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # pygame-gui's default look beats no game at all
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            for key, value in font.items():
                if key.endswith("_path") and isinstance(value, str):
                    font[key] = str(ROOT / value)
    return data


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    return pygame_gui.UIManager(
        size, load_theme(ASSETS / "theme.json"), enable_live_theme_updates=False
    )
