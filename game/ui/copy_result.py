"""Copy result: a result screen's one-line summary put on the clipboard, with a note on screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.render.palette import BAD_TEXT
from game.ui import clipboard, look

BUTTON_RECT = pygame.Rect(1500, 46, 380, 80)
NOTE_WIDTH = BUTTON_RECT.width  # under the button, clear of a long centred title (Polish, Czech)
STAR_CHARS = "\u2605\u2606"  # the share line's stars; the game's font has no glyph for them


class CopyResult:
    """What the Copy result button does: `line()` makes the text, `copy()` puts it on the
    clipboard and remembers the note to show (a plain confirmation, or the line itself when
    this system has no clipboard, so it can still be copied by hand)."""

    def __init__(self, line: Callable[[], str]) -> None:
        self.line = line
        self.note = ""
        self.copied: bool | None = None  # None: not pressed yet

    def copy(self) -> bool:
        text = self.line()
        self.copied = clipboard.put_text(text)
        shown = text.rstrip(STAR_CHARS + " \u00b7")
        if self.copied:
            self.note = _("Copied to the clipboard: %(line)s") % {"line": shown}
        else:
            self.note = _("No clipboard here. Your result: %(line)s") % {"line": shown}
        return self.copied

    def draw(self, assets, surface: pygame.Surface) -> None:
        if not self.note:
            return
        colour = look.GOLD if self.copied else BAD_TEXT
        body = look.wrapped(assets, self.note, 24, NOTE_WIDTH, colour)
        surface.blit(body, body.get_rect(topright=(BUTTON_RECT.right, BUTTON_RECT.bottom + 14)))
