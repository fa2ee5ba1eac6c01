"""Settings → Accessibility: text size, high contrast, reduced motion, the table that speaks,
the card size, and the way to the controls."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, format_percent, pgettext
from game.scenes.menu import arrows
from game.scenes.registry import open_screen
from game.scenes.settings.settings import CONTROL_W, CONTROL_X, SettingsScene, on_off
from game.settings import CARD_SIZES
from game.ui import look

TEXT_SIZES = (1.0, 1.25, 1.5, 2.0)  # of today's size
ROW_H = 76
ROW_GAP = 20
TOP = 200


class AccessScene(SettingsScene):
    """A page of the settings (its rows' look, saving at once, kiosk visits as there)."""

    heading = N_("Accessibility")
    ROWS = (N_("Text size"), N_("High contrast"), N_("Reduced motion"), N_("Speak the table"),
            N_("Card size"))
    SWITCHES = ("high_contrast", "reduced_motion", "speech")  # rows 1, 2, 3
    CARDS_ROW = 4

    def _row(self, i: int) -> tuple[int, int, int, int]:
        return (CONTROL_X, TOP + i * (ROW_H + ROW_GAP), CONTROL_W, ROW_H)

    def build(self) -> None:
        self.sliders = {}
        self.size = self.selector(self._size_words(), self._row(0), self._text_size,
                                  name="text_size", label=self.row_label(0))
        self.switches = {}
        for i, name in enumerate(self.SWITCHES, start=1):
            self.switches[name] = self.button(on_off(self._is_on(name)), self._row(i),
                                              lambda name=name: self._switch(name),
                                              adjust=lambda d, name=name: self._switch(name),
                                              name=name, label=self.row_label(i))
        self.cards = self.selector(self._cards_words(), self._row(self.CARDS_ROW), self._cards,
                                   name="card_size", label=self.row_label(self.CARDS_ROW))
        y = TOP + 5 * (ROW_H + ROW_GAP) + 30
        self.button(_("Controls"), (960 - 420, y, 400, 88),
                    lambda: open_screen(self.app, "controls"), name="controls")
        self.button(_("Back"), (960 + 20, y, 400, 88), self.back, name="back")

    def _size_words(self) -> str:
        return format_percent(round(self.app.settings.text_size * 100))  # 100% / 100 %

    def _text_size(self, step: int) -> None:
        s = self.app.settings
        now = min(range(len(TEXT_SIZES)), key=lambda i: abs(TEXT_SIZES[i] - s.text_size))
        s.text_size = TEXT_SIZES[(now + step) % len(TEXT_SIZES)]
        self.app.apply_looks()
        self.size.set_text(arrows(self._size_words()))
        self._changed()

    def _cards_words(self) -> str:
        large = self.app.settings.card_size == CARD_SIZES[1]
        return pgettext("card size", "Large") if large else pgettext("card size", "Normal")

    def _cards(self, step: int) -> None:
        """Normal or large cards: large ones zoom the table's field, which pans (README)."""
        s = self.app.settings
        s.card_size = CARD_SIZES[(CARD_SIZES.index(s.card_size) + step) % len(CARD_SIZES)]
        self.app.apply_looks()
        self.cards.set_text(arrows(self._cards_words()))
        self._changed()

    def _is_on(self, name: str) -> bool:
        """A switch's state (speech: on for this run with --speech too)."""
        return self.app.speech.voiced if name == "speech" else getattr(self.app.settings, name)

    def _switch(self, name: str) -> None:
        s = self.app.settings
        switch = self.switches[name]
        if name == "speech":  # said either way, as the speech key does
            self.app.speech.switch(not self.app.speech.voiced)
        else:
            setattr(s, name, not getattr(s, name))
        switch.set_text(on_off(self._is_on(name)))
        if name == "speech":  # "Speech on" said it: not "Speak the table: On" after it
            self._spoken = (switch, self.spoken_words(switch))
        self.app.apply_looks()
        self._changed()

    def settings_changed(self) -> None:
        """The speech key pressed while this page shows: its switch follows."""
        super().settings_changed()
        switch = getattr(self, "switches", {}).get("speech")
        if switch is not None and switch.alive():
            switch.set_text(on_off(self._is_on("speech")))

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_labels(surface)
        note = self.app.speech.problem if self.app.speech.voiced else None
        if note:
            look.put(surface, self.app.assets, note, (200, 900, 1520, 120), 34, look.CREAM)
