"""The first launch's offer: "New here? Learn in 2 minutes", or Skip."""

from __future__ import annotations

import pygame

from game.controls import Device, KeyedLine
from game.i18n import N_, _
from game.render import fit
from game.scenes.menu import CENTER_X
from game.scenes.overlay import OverlayScene
from game.scenes.registry import open_screen
from game.ui import look

# Shown and said at the first start: how to hear the game (or stop hearing it), for whoever
# sits there, from its first screen. The key is the keyboard's: no pad button is given it.
SPEECH_KEY = KeyedLine("menu", keys=N_("Speech on or off: press %(speech)s"))


class LessonOfferScene(OverlayScene):
    heading = N_("New here?")
    panel_size = (1000, 600)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.heading = _(LessonOfferScene.heading)

    def build(self) -> None:
        box = self.panel_rect
        y = box.bottom - 140
        self.button(_("Skip"), (CENTER_X - 420, y, 360, 88), self.back, name="skip")
        self.button(_("Learn in 2 minutes"), (CENTER_X - 20, y, 440, 88), self._learn,
                    name="learn")
        self.ring.index = 1  # the offer is the default: Enter or A starts the lesson

    def spoken_lines(self) -> list[str]:
        """The offer in full, its two choices too, before the focused one."""
        return [self.body(), _("Your choices: %(learn)s, or %(skip)s.") % {
            "learn": _("Learn in 2 minutes"), "skip": _("Skip")}, self.speech_key()]

    def speech_key(self) -> str:
        return SPEECH_KEY.words(self.app.input.controls, Device.KEYBOARD)

    @staticmethod
    def body() -> str:
        return _("Play a short game with a friendly computer and learn the rules as you go.")

    def _learn(self) -> None:
        self.app.pop()
        open_screen(self.app, "lesson")

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel_rect
        fit.draw(surface, self.app.assets, self.body(),
                 pygame.Rect(box.x + 60, box.y + 150, box.w - 120, 200), 40, look.INK)
        fit.draw(surface, self.app.assets, self.speech_key(),
                 pygame.Rect(box.x + 60, box.y + 370, box.w - 120, 60), 34, look.INK)
