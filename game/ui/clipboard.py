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


def dropped_paste(event: pygame.event.Event, entry, limit: int) -> str | None:
    """The clipboard's text when `event` was Ctrl+V (Cmd+V) into the focused text `entry` and
    it did not fit `limit`: pygame-gui drops such a paste without a word, so the scene can say
    why or keep what fits. None for any other event (or a paste that went in)."""
    if event.type != pygame.KEYDOWN or event.key != pygame.K_v or \
            not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        return None
    if entry is None or not entry.alive() or not entry.is_focused:
        return None
    pasted = get_text()
    text = entry.get_text()
    if not pasted or len(text) + len(pasted) <= limit or pasted in text:
        return None
    return pasted
