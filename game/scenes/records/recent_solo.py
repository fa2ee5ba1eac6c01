"""Statistics → Recent solo deals: the last weeks' solo results, newest first, each beside the
best its deal allowed (proven on its result screen), so a player sees how close they came."""

from __future__ import annotations

import pygame

from game.campaign.stats import IMPOSSIBLE
from game.i18n import _, format_date, ngettext
from game.render import fit
from game.scenes.menu import CENTER_X, MenuScene
from game.ui import campaign_look as cl

PANEL = pygame.Rect(100, 190, 1720, 760)
ROWS = 14  # the newest, as many as the panel holds
ROW_H = 50
# The columns: the day, the deal, the cards left, the best possible, the hints.
COLUMNS = ((0, 220), (220, 440), (660, 400), (1060, 420), (1480, 180))
BEST = 3  # the column in bold: the best possible


def deal_words(entry: dict) -> str:
    if entry["daily"] is not None:
        return _("Daily deal %(date)s") % {"date": format_date(entry["daily"])}
    if entry["seed"] is None:
        return _("A deal of your own")
    return _("Deal %(seed)s") % {"seed": entry["seed"]}


def left_words(entry: dict) -> str:
    left = entry["left"]
    if not entry["met"]:
        return ngettext("%(n)d card, target lost", "%(n)d cards, target lost", left) % {"n": left}
    return ngettext("%(n)d card left", "%(n)d cards left", left) % {"n": left}


def best_words(entry: dict) -> str:
    best = entry["best"]
    if best is None:
        return _("best: not known")
    if best == IMPOSSIBLE:
        return _("best: target lost")
    return ngettext("best: %(n)d card", "best: %(n)d cards", best) % {"n": best}


def hint_words(entry: dict) -> str:
    hints = entry["hints"]
    return ngettext("%(n)d hint", "%(n)d hints", hints) % {"n": hints} if hints else ""


class RecentSoloScene(MenuScene):
    """One row a solo result of the last weeks; Back."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.heading = _("Recent solo deals")
        self.entries = list(reversed(app.files.statistics().recent))[:ROWS]

    def build(self) -> None:
        self.button(_("Back"), (CENTER_X - 220, 978, 440, 80), self.back, name="back")

    @staticmethod
    def row(entry: dict) -> tuple[str, ...]:
        """A result's columns: the day, the deal, the cards left, the best possible, hints."""
        return (format_date(entry["day"]), deal_words(entry), left_words(entry),
                best_words(entry), hint_words(entry))

    def spoken_lines(self) -> list[str]:
        """Each result, newest first, its columns read in a row."""
        if not self.entries:
            return [_("No solo deal played in the last weeks.")]
        return [", ".join(words for words in self.row(entry) if words) for entry in self.entries]

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(cl.tile(assets, PANEL.size, cl.TILE), PANEL.topleft)
        if not self.entries:
            fit.draw(surface, assets, _("No solo deal played in the last weeks."),
                     PANEL.inflate(-80, -80), 34, cl.TEXT)
            return
        for i, entry in enumerate(self.entries):
            y = PANEL.y + 24 + i * ROW_H
            words = self.row(entry)
            for column, ((x, w), text) in enumerate(zip(COLUMNS, words, strict=True)):
                fit.draw(surface, assets, text, pygame.Rect(PANEL.x + 30 + x, y, w - 20, ROW_H),
                         28, cl.TEXT, column == BEST, anchor="midleft")
