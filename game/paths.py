"""Where things live: the bundled assets and levels, and the player's pref folder."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
LEVELS = ROOT / "levels"


def pref_dir() -> Path:
    """The per-user folder for settings, progress and logs (SCARE_IT_PREFS overrides it, for tests)."""
    override = os.environ.get("SCARE_IT_PREFS")
    if override:
        path = Path(override)
    else:
        import pygame  # only the game (never the CLI engine commands) asks for the pref folder

        path = Path(pygame.system.get_pref_path("ScareIt", "ScareIt"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write a file so a crash leaves either the old or the new content, never half of one."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
