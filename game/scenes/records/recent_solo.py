"""Statistics → Recent solo deals: the last weeks' solo results, newest first, each beside the
best its deal allowed (proven on its result screen), so a player sees how close they came."""

from __future__ import annotations

import pygame

from game.campaign.stats import IMPOSSIBLE
from game.i18n import _, format_date, ngettext
from game.render import fit, looks
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.page_turns import PageTurns
from game.ui import campaign_look as cl

PANEL = pygame.Rect(100, 190, 1720, 760)
ROWS = 14  # the newest, as many as the panel holds
ROW_H = 50
# The columns: the day, the deal, the cards left, the best possible, the hints.
COLUMNS = ((0, 220), (220, 440), (660, 400), (1060, 420), (1480, 180))
BEST = 3  # the column in bold: the best possible
# At a large text size (looks.large) a result's columns flow one after another at their large
# size, onto a second line where they must, and the results come a page at a time.
SPACE, ENTRY_GAP = 44, 22


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


class RecentSoloScene(PageTurns, MenuScene):
    """One row a solo result of the last weeks; Back."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.heading = _("Recent solo deals")
        self.entries = list(reversed(app.files.statistics().recent))[:ROWS]

    def build(self) -> None:
        back = self.button(_("Back"), (CENTER_X - 220, 978, 440, 80), self.back, name="back")
        if looks.large():  # the way to the other pages, beside Back
            self.turn_buttons((100, 978, 400, 80), (1420, 978, 400, 80))
            self.ring.focus(back)

    def page_count(self) -> int:
        return len(self.pages())

    def flowed(self, entry: dict) -> tuple[list[tuple[str, pygame.Rect, bool]], int]:
        """A result's columns at their large size one after another, each where it goes in
        the panel's width (from 0, 0), and the height they take."""
        width = PANEL.w - 60
        placed, x, y = [], 0, 0
        for column, text in enumerate(self.row(entry)):
            if not text:
                continue
            font = self.app.assets.font(looks.scaled(28), column == BEST)
            w = min(width, font.size(text)[0] + 4)
            if x and x + w > width:  # onto the next line
                x, y = 0, y + font.get_linesize()
            tall = font.get_linesize() * len(fit.break_lines(font, text, width))
            placed.append((text, pygame.Rect(x, y, w, tall), column == BEST))
            x += w + SPACE
        return placed, max((rect.bottom for _text, rect, _bold in placed), default=0)

    def pages(self) -> list[list[dict]]:
        """The results a page at a large text size (all on one at 100 %)."""
        if not looks.large():
            return [self.entries]
        pages, page, left = [], [], PANEL.h - 48
        for entry in self.entries:
            tall = self.flowed(entry)[1]
            if page and tall > left:
                pages.append(page)
                page, left = [], PANEL.h - 48
            page.append(entry)
            left -= tall + ENTRY_GAP
        return [*pages, page]

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
        if looks.large():
            y = PANEL.y + 24
            for entry in self.pages()[self.page]:
                placed, tall = self.flowed(entry)
                for text, rect, bold in placed:
                    fit.draw(surface, assets, text, rect.move(PANEL.x + 30, y), 28, cl.TEXT,
                             bold, anchor="topleft")
                y += tall + ENTRY_GAP
            return
        for i, entry in enumerate(self.entries):
            y = PANEL.y + 24 + i * ROW_H
            words = self.row(entry)
            for column, ((x, w), text) in enumerate(zip(COLUMNS, words, strict=True)):
                fit.draw(surface, assets, text, pygame.Rect(PANEL.x + 30 + x, y, w - 20, ROW_H),
                         28, cl.TEXT, column == BEST, anchor="midleft")
