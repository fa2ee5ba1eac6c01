"""Statistics: couch games, solo deals with a chart, the daily streak calendar, campaign stars."""

from __future__ import annotations

from datetime import date

import pygame

from game.campaign.stats import MISSED, PLAYED, TITLE
from game.i18n import N_, NP_, _, pgettext
from game.input import Action
from game.render import fit, looks
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.message import MessageScene
from game.scenes.page_turns import PageTurns
from game.scenes.records import statistics_words as figures
from game.scenes.records.recent_solo import RecentSoloScene
from game.scenes.records.reset_stats import ResetScene
from game.scenes.registry import open_screen
from game.ui import campaign_look as cl
from game.ui import charts, look

MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
          N_("July"), N_("August"), N_("September"), N_("October"), N_("November"),
          N_("December"))
# A month after the dash of a range ("October – November 2026"): its own words, as Czech and
# Polish write it in lower case there ("Říjen – listopad 2026").
MONTHS_IN_RANGE = (  # the context written out each time: the extractor reads only literals
    NP_("month after the dash of a range", "January"),
    NP_("month after the dash of a range", "February"),
    NP_("month after the dash of a range", "March"),
    NP_("month after the dash of a range", "April"),
    NP_("month after the dash of a range", "May"),
    NP_("month after the dash of a range", "June"),
    NP_("month after the dash of a range", "July"),
    NP_("month after the dash of a range", "August"),
    NP_("month after the dash of a range", "September"),
    NP_("month after the dash of a range", "October"),
    NP_("month after the dash of a range", "November"),
    NP_("month after the dash of a range", "December"),
)
WEEKDAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
COUCH = pygame.Rect(60, 176, 880, 390)
SOLO = pygame.Rect(980, 176, 880, 390)
DAILY = pygame.Rect(60, 586, 880, 372)
CAMPAIGN = pygame.Rect(980, 586, 880, 372)
BUTTON_Y = 978
# At a large text size (looks.large) one panel at a time fills the room of the four, all its
# measures twice as large (the words grow into them), turned with Previous / Next.
WHOLE = COUCH.union(CAMPAIGN)
PANELS = (COUCH, SOLO, DAILY, CAMPAIGN)


def month_words(first, last) -> str:
    """The months the calendar spans: "November 2026", "October – November 2026"."""
    if (first.year, first.month) == (last.year, last.month):
        return _("%(month)s %(year)d") % {"month": _(MONTHS[last.month - 1]), "year": last.year}
    then = pgettext("month after the dash of a range", MONTHS_IN_RANGE[last.month - 1])
    if first.year == last.year:
        return _("%(first)s – %(last)s %(year)d") % {
            "first": _(MONTHS[first.month - 1]), "last": then, "year": last.year}
    return _("%(first)s %(first_year)d – %(last)s %(year)d") % {
        "first": _(MONTHS[first.month - 1]), "first_year": first.year, "last": then,
        "year": last.year}


class StatisticsScene(PageTurns, MenuScene):
    """Four panels of figures; Reset statistics (asks first) and Back."""

    # Higher than the menus' heading: the panels start right below it (a Czech "y" reaches down).
    heading_box = pygame.Rect(60, 46, 1800, 120)

    def __init__(self, app, today: date | None = None) -> None:
        super().__init__(app)
        self.today = today or date.today()
        self.stats = app.files.statistics()
        self._told = False
        self.online = False  # the first panel shows the games at online tables instead

    @property
    def heading(self) -> str:
        return _("Statistics")

    def build(self) -> None:
        x = [CENTER_X - 880 + i * 355 for i in range(5)]
        self.button(_("Reset statistics"), (x[0], BUTTON_Y, 340, 80), self.ask_reset,
                    name="reset")
        self.button(_("Show: couch games") if self.online else _("Show: online games"),
                    (x[1], BUTTON_Y, 340, 80), self._other_panel, name="online")
        self.button(_("Family statistics"), (x[2], BUTTON_Y, 340, 80),
                    lambda: open_screen(self.app, "person_stats"), name="people",
                    shorter=(_("Family"),))
        self.button(_("Recent solo deals"), (x[3], BUTTON_Y, 340, 80),
                    lambda: self.app.push(RecentSoloScene(self.app)), name="recent",
                    shorter=(_("Solo deals"),))
        back = self.button(_("Back"), (x[4], BUTTON_Y, 340, 80), self.back, name="back")
        self.ring.focus(back)
        if looks.large():  # one panel at a time (`page`: PANELS' order), beside the heading
            self.turn_buttons((60, 60, 300, 88), (1560, 60, 300, 88))
        self.ring.focus(back)

    def page_count(self) -> int:
        return len(PANELS) if looks.large() else 1

    def g(self, n: float) -> int:
        """A measure of a panel's inside at the size it is drawn (twice as large alone)."""
        return round(n * (2 if looks.large() else 1))

    def rect(self, panel: pygame.Rect) -> pygame.Rect:
        """Where `panel` is drawn: its place, or the room of all four when shown alone."""
        return WHOLE if looks.large() else panel

    def _other_panel(self) -> None:
        """Games at one screen, or games at online tables: counted apart, shown in turn."""
        self.online = not self.online
        self.rebuild()
        self.ring.focus(next(e for e in self.elements if "#online" in e.object_ids))

    def handle_more(self, event, action) -> bool:
        if action in (Action.LEFT, Action.RIGHT):
            self.ring.move(-1 if action is Action.LEFT else 1)
            return True
        return False

    def ask_reset(self) -> None:
        self.app.push(ResetScene(self.app, self.reset))

    def reset(self, family: bool = False) -> None:
        self.stats.reset()
        if family:  # the family's pages too (game.scenes.records.reset_stats says why they are apart)
            self.app.files.people().reset()
        self.dirty = True

    def update(self, dt: float) -> None:
        if not self._told:
            self._told = True
            if self.stats.notice:
                notice, self.stats.notice = self.stats.notice, None
                self.app.push(MessageScene(self.app, notice, heading=_("Your statistics")))

    # Drawing ----------------------------------------------------------------------
    def _panel(self, surface, rect: pygame.Rect, title: str) -> None:
        rect = self.rect(rect)
        surface.blit(cl.tile(self.app.assets, rect.size, cl.TILE), rect.topleft)
        look.put(surface, self.app.assets, title, (rect.x + 28, rect.y + 12, rect.w - 56,
                                                   self.g(52)), 36, cl.TEXT, True,
                 anchor="topleft")

    def _line(self, surface, words: str, x: int, y: int, size: int = 28, bold: bool = False,
              colour=cl.TEXT, width: int | None = None) -> int:
        """One line of a panel, fitted into `width` (else the room to its panel's edge)."""
        if width is None:
            panel = next((p for p in map(self.rect, PANELS) if p.collidepoint(x, y)),
                         pygame.Rect(0, 0, 1920, 1080))
            width = panel.right - 28 - x
        tall = self.app.assets.font(looks.scaled(size), bold).get_height()
        return fit.draw(surface, self.app.assets, words, pygame.Rect(x, y, width, tall), size,
                        colour, bold, anchor="topleft").width

    def draw_content(self, surface: pygame.Surface) -> None:
        draws = (self._draw_couch, self._draw_solo, self._draw_daily, self._draw_campaign)
        for draw in draws[self.page:self.page + 1] if looks.large() else draws:
            draw(surface)

    def spoken_lines(self) -> list[str]:
        """Each panel's title, then its figures, as the panels show them."""
        return figures.spoken_lines(self.stats, self.app.files, self.today, self.online)

    # Drawing ----------------------------------------------------------------------
    def _draw_couch(self, surface) -> None:
        self._panel(surface, COUCH, figures.couch_title(self.online))
        box = self.rect(COUCH)
        x, y = box.x + 28, box.y + self.g(74)
        rows = figures.couch_rows(self.stats, self.online)
        for label, games, against in rows:
            self._line(surface, label, x, y, 28, True, width=self.g(400))
            self._line(surface, games, x + self.g(420), y, 26)
            y += self.g(36)
            self._line(surface, against, x + 24, y, 24, colour=charts.MUTED)
            y += self.g(40)
        if not rows:
            body = look.wrapped(self.app.assets, figures.no_couch_words(self.online),
                                looks.scaled(28), box.w - 56, cl.TEXT)
            surface.blit(body, (x, y))

    def _draw_solo(self, surface) -> None:
        stats = self.stats
        self._panel(surface, SOLO, _("Solo deals"))
        box = self.rect(SOLO)
        x, y = box.x + 28, box.y + self.g(74)
        words, titles = figures.solo_words(stats)
        self._line(surface, words, x, y, 28, True)
        self._line(surface, "   ".join(titles[:2]), x, y + self.g(40), 22, colour=charts.MUTED)
        self._line(surface, "   ".join(titles[2:]), x, y + self.g(68), 22, colour=charts.MUTED)
        caption = _("Games by cards left")
        look.put(surface, self.app.assets, caption, (x, y + self.g(100), box.right - 28 - x,
                                                     self.g(34)), 22,
                 charts.MUTED, anchor="topright")
        chart = charts.bar_chart(self.app.assets, (box.w - 56, box.bottom - y - self.g(150)),
                                 stats.histogram(), gold=tuple(stats.titled()))
        surface.blit(chart, (x, y + self.g(136)))

    def _draw_daily(self, surface) -> None:
        stats = self.stats
        self._panel(surface, DAILY, _("Daily deal"))
        box = self.rect(DAILY)
        x, y = box.x + 28, box.y + self.g(74)
        words, more = figures.streak_words(stats, self.today)
        side = box.x + self.g(320) - x  # the words' column, left of the calendar
        self._line(surface, words, x, y, 30, True, width=side)
        self._line(surface, more, x, y + self.g(42), 24, colour=charts.MUTED, width=side)
        legend_y = y + self.g(96)
        for status, label in ((TITLE, _("title reached")), (PLAYED, _("played")),
                              (MISSED, _("missed"))):
            swatch = charts.swatch(self.app.assets, status)
            lower = (self.g(30) - swatch.get_height()) // 2 if looks.large() else 0
            surface.blit(swatch, (x, legend_y + lower))
            self._line(surface, label, x + self.g(36), legend_y - 2, 22,
                       width=side - self.g(36))
            legend_y += self.g(40)
        days = stats.calendar(self.today)
        cal_rect = pygame.Rect(box.x + self.g(340), box.y + 22, box.w - self.g(340) - 28,
                               box.h - 44)
        months = pygame.Rect(x, legend_y, cal_rect.x - 16 - x, box.bottom - 12 - legend_y)
        fit.draw(surface, self.app.assets, month_words(days[0].day, days[-1].day), months, 24,
                 cl.TEXT, True, anchor="topleft")
        cal = charts.calendar(self.app.assets, cal_rect.size, days,
                              [_(d) for d in WEEKDAYS], self.today)
        surface.blit(cal, cal_rect.topleft)

    def _draw_campaign(self, surface) -> None:
        self._panel(surface, CAMPAIGN, _("Campaign"))
        rows = figures.campaign_rows(self.app.files)
        box = self.rect(CAMPAIGN)
        x, y = box.x + 28, box.y + self.g(74)
        self._line(surface, figures.levels_played(self.stats), x, y, 26, True)
        chart = charts.star_bars(self.app.assets, (box.w - 56, box.bottom - y - self.g(60)),
                                 rows)
        surface.blit(chart, (x, y + self.g(44)))
