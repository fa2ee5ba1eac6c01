"""Copy result: a result screen's one-line summary put on the clipboard, with a note on screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.render import fit
from game.render.palette import BAD_TEXT
from game.ui import clipboard, look

BUTTON_RECT = pygame.Rect(1500, 46, 380, 80)
NOTE_BOX = pygame.Rect(BUTTON_RECT.x, BUTTON_RECT.bottom + 14, BUTTON_RECT.w, 150)


class CopyResult:
    """What the Copy result button does: `line()` makes the text, `copy()` puts it on the
    clipboard and remembers the note to show: the line as it went, or when this system has no
    clipboard, so it can still be copied by hand. `shown` turns the line into what the game's
    font can draw (a star row into words)."""

    def __init__(self, line: Callable[[], str],
                 shown: Callable[[str], str] = lambda line: line) -> None:
        self.line = line
        self.shown = shown  # the line as the screen can draw it (the font has no ★)
        self.note = ""
        self.copied: bool | None = None  # None: not pressed yet

    def copy(self) -> bool:
        text = self.line()
        self.copied = clipboard.put_text(text)
        text = self.shown(text)
        if self.copied:  # the line exactly as it went
            self.note = _("Copied to the clipboard: %(line)s") % {"line": text}
        else:
            self.note = _("No clipboard here. Your result: %(line)s") % {"line": text}
        return self.copied

    def draw(self, assets, surface: pygame.Surface, box: pygame.Rect | None = None,
             anchor: str = "midtop") -> None:
        """The note under the button, or at the `anchor` of `box` (a screen that makes room
        for it at a large text size)."""
        if not self.note:
            return
        colour = look.GOLD if self.copied else BAD_TEXT
        fit.draw(surface, assets, self.note, NOTE_BOX if box is None else box, 24, colour,
                 anchor="topright" if box is None else anchor)
