"""The kiosk operator overlay: shown while the exit chord is held; progress, crashes, uptime."""

from __future__ import annotations

import pygame

from game.controls import OPERATOR_EXIT
from game.i18n import _, ngettext
from game.render import fit, looks
from game.render.palette import CREAM, DARK, DIM_MORE, EMBER, GOLD
from game.scenes.base import Scene

RED = EMBER
PANEL = pygame.Rect(410, 260, 1100, 560)
BAR = pygame.Rect(510, 410, 900, 56)


def uptime_text(seconds: float) -> str:
    whole = int(seconds)
    days, rest = divmod(whole, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    clock = f"{hours}:{minutes:02d}:{secs:02d}"
    return _("%(days)d d %(clock)s") % {"days": days, "clock": clock} if days else clock


class OperatorScene(Scene):
    """Read-only: the Kiosk controller tracks the held keys and quits when the bar fills."""

    opaque = False

    def enter(self) -> None:
        self._render_words()

    def language_changed(self) -> None:
        super().language_changed()
        self._render_words()

    def _render_words(self) -> None:
        assets, room = self.app.assets, PANEL.w - 80  # long words shrink, never cut
        self._title = fit.line(assets, _("Operator exit"), room, 64, CREAM, True)
        # TRANSLATORS: %(keys)s is the keys held together ("Ctrl+Shift+Q").
        hint = _("Keep holding %(keys)s for 3 seconds to quit; let go to cancel") % {
            "keys": OPERATOR_EXIT.label()}
        # A large text size: two lines at its size under the bar (one would shrink it back).
        self._hint = fit.fit(assets, hint, (room, 2 * assets.font(looks.scaled(32)).get_linesize()),
                             32, CREAM, align="centre") if looks.large() else \
            fit.line(assets, hint, room, 32, CREAM)
        self._lines: tuple[str, pygame.Surface] | None = None  # re-rendered when the text changes
        self._demos: tuple[str, pygame.Surface] | None = None

    def update(self, dt: float) -> None:
        self.dirty = True  # the progress bar moves every tick while the chord is held

    def status_words(self) -> str:
        """The status line the panel shows: crashes caught and uptime."""
        kiosk = self.app.kiosk_ctl
        uptime = uptime_text(kiosk.uptime) if kiosk else "-"
        return _("Crashes caught: %(errors)d    Uptime: %(uptime)s") % {
            "errors": self.app.errors, "uptime": uptime}

    def _status(self) -> pygame.Surface:
        kiosk = self.app.kiosk_ctl
        demos = _("%(games)s, %(puzzles)s") % {
            "games": ngettext("%(n)d game", "%(n)d games", kiosk.games) % {"n": kiosk.games},
            "puzzles": ngettext("%(n)d puzzle", "%(n)d puzzles", kiosk.puzzles) % {
                "n": kiosk.puzzles}} if kiosk else "-"
        text = self.status_words()
        if self._lines is None or self._lines[0] != text:
            self._lines = (text, fit.line(self.app.assets, text, PANEL.w - 80, 34, GOLD))
        played = _("Shown since start: %(demos)s") % {"demos": demos}
        if self._demos is None or self._demos[0] != played:
            self._demos = (played, fit.line(self.app.assets, played, PANEL.w - 80, 30, CREAM))
        return self._lines[1]

    def draw(self, surface: pygame.Surface) -> None:
        kiosk = self.app.kiosk_ctl
        fraction = kiosk.hold_fraction() if kiosk else 0.0
        surface.fill(DIM_MORE, special_flags=pygame.BLEND_RGB_MULT)
        pygame.draw.rect(surface, DARK, PANEL, border_radius=28)
        pygame.draw.rect(surface, GOLD, PANEL, 4, border_radius=28)
        surface.blit(self._title, self._title.get_rect(center=(PANEL.centerx, PANEL.top + 70)))
        pygame.draw.rect(surface, CREAM, BAR, 4, border_radius=12)
        filled = BAR.inflate(-16, -16)
        filled.width = round(filled.width * fraction)
        if filled.width > 0:
            pygame.draw.rect(surface, RED, filled, border_radius=8)
        hint = self._hint.get_rect(midtop=(PANEL.centerx, BAR.bottom + 24)) if looks.large() \
            else self._hint.get_rect(center=(PANEL.centerx, BAR.bottom + 60))
        surface.blit(self._hint, hint)
        status = self._status()
        surface.blit(status, status.get_rect(center=(PANEL.centerx, PANEL.bottom - 130)))
        played = self._demos[1]
        surface.blit(played, played.get_rect(center=(PANEL.centerx, PANEL.bottom - 70)))
