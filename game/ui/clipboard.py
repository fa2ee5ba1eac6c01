"""The system clipboard through pygame-ce (pygame.scrap.put_text / get_text, SDL's clipboard).

One seam for the scenes, so tests can stand in for a clipboard the dummy video driver may lack.
"""

from __future__ import annotations

import pygame


def put_text(text: str) -> bool:
    """Put text on the clipboard; False when this system offers none."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error:  # no clipboard here (pygame-ce has had scrap.put_text since 2.2)
        return False
    return True


def get_text() -> str | None:
    """The clipboard's text ('' when empty); None when this system offers no clipboard."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:
        return None
