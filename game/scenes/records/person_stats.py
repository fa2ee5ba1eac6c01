"""One person's statistics (a name seen at a table): games played and won by mode, with whom,
the winning streak, this week's wins and campaign stars; the name renamed, merged or forgotten.
The figures live in game/campaign/people.py; this page only shows them and asks."""

from __future__ import annotations

from datetime import date

import pygame

from game.engine.ai import SKILLS
from game.engine.modes import Mode
from game.i18n import N_, _, ngettext
from game.input import Action
from game.match import OCCASIONS
from game.names import clean_name
from game.online.shared.protocol import NAME_MAX
from game.render import fit, looks
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.message import MessageScene
from game.scenes.page_turns import PageTurns
from game.ui import campaign_look as cl
from game.ui import charts, look

GAMES = pygame.Rect(60, 264, 880, 656)
WITH = pygame.Rect(980, 264, 880, 436)
MORE = pygame.Rect(980, 720, 880, 200)
BUTTON_Y = 960
LINE_H = 46
WITH_SHOWN = 7  # the people (and computers) played most often
# At a large text size (looks.large) one panel at a time fills the room of the three (a long
# one on more pages), its lines at their large size, turned with Previous / Next.
WHOLE = GAMES.union(MORE)


def title_h() -> int:
    """A panel's title's height with the room under it: as tall as large text at a large
    text size (above its lines, which grow as large)."""
    return 80 if looks.large() else 64


def large_line_h(assets, words: str) -> int:
    """A panel's line at a large text size: as many lines of large text as it wraps to in the
    width of a panel shown alone (measured bold, the wider)."""
    font = assets.font(looks.scaled(30), True)
    return font.get_linesize() * len(fit.break_lines(font, words, WHOLE.w - 48))


def opponent_words(key: str) -> str:
    """Whom a person played: a person by name, a computer by its level."""
    if key.startswith("bot:"):
        return _("Computer, %(level)s") % {"level": SKILLS.word(key[4:])}
    return key


def mode_line(mode: Mode, played: int, won: int) -> str:
    """A mode's games and wins; a solo mode's deals and the titles earned in them."""
    if OCCASIONS["solo"].plays(mode):  # its games are deals played alone
        return ngettext("%(mode)s: %(played)d deal, %(won)d with a title",
                        "%(mode)s: %(played)d deals, %(won)d with a title", played) % {
            "mode": mode.label, "won": won, "played": played}
    return ngettext("%(mode)s: %(won)d of %(played)d game won",
                    "%(mode)s: %(won)d of %(played)d games won", played) % {
        "mode": mode.label, "won": won, "played": played}


class PersonScene(PageTurns, MenuScene):
    """The page of `name` (the first person when None); ‹ › goes through the family."""

    heading = N_("Family statistics")
    heading_box = pygame.Rect(60, 24, 1800, 110)  # the person's name comes right below

    def __init__(self, app, name: str | None = None, today: date | None = None) -> None:
        super().__init__(app)
        self.people = app.files.people()
        self.today = today or date.today()
        names = self.people.names()
        self.name = name if name in names else (names[0] if names else None)

    # Widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        if self.name is not None:
            self.selector(self.name, (CENTER_X - 600, 150, 1200, 90), self._step, name="person",
                          label=_("Whose page"))
            self.entry_name = self.entry((60, BUTTON_Y, 560, 80), self.name, limit=NAME_MAX,
                                         label=_("New name"))
            self.button(_("Rename"), (640, BUTTON_Y, 380, 80), self._rename, name="rename")
            self.button(_("Forget"), (1040, BUTTON_Y, 380, 80), self._ask_forget, name="forget")
        back = self.button(_("Back"), (1440, BUTTON_Y, 420, 80), self.back, name="back")
        if self.name is not None and looks.large():  # the way to the other pages
            self.turn_buttons((60, 40, 300, 88), (1560, 40, 300, 88))
        if self.name is None:
            self.ring.focus(back)

    def page_count(self) -> int:
        return len(self.pages())

    def handle_more(self, event, action) -> bool:
        if action in (Action.LEFT, Action.RIGHT) and self.name is not None \
                and self.ring.focused is not None \
                and self.ring.focused.element is not self.entry_name:
            self.ring.move(-1 if action is Action.LEFT else 1)
            return True
        return False

    def _step(self, by: int) -> None:
        names = self.people.names()
        if self.name in names:
            self.name = names[(names.index(self.name) + by) % len(names)]
            self.rebuild()
            self._focus("person")
            for i, line in enumerate(self.spoken_lines()):  # the next person's page
                self.app.speech.say(line, interrupt=i == 0)

    def _focus(self, name: str) -> None:
        element = next((e for e in self.elements if f"#{name}" in e.object_ids), None)
        if element is not None:
            self.ring.focus(element)

    # What the buttons do ------------------------------------------------------------------
    def _rename(self) -> None:
        new = clean_name(self.entry_name.get_text(), NAME_MAX)
        if not new:
            self.app.push(MessageScene(self.app, _("A name needs a letter, a digit or a sign "
                                                   "in it.")))
            return
        if new == self.name:
            return
        if new in self.people.people:  # the same person under two names
            self.app.push(ConfirmScene(
                self.app, _("Merge two names into one?\n%(old)s will count as %(new)s")
                % {"old": self.name, "new": new},
                lambda: self._renamed(new), yes=_("Merge"), no=_("Keep both"),
                detail=_("%(new)s has a page already: the games of both names add up under "
                         "%(new)s.") % {"new": new}))
            return
        self._renamed(new)

    def _renamed(self, new: str) -> None:
        self.name = self.people.rename(self.name, new)
        self._told()
        self.rebuild()
        self._focus("person")

    def _ask_forget(self) -> None:
        self.app.push(ConfirmScene(
            self.app, _("Forget %(name)s?") % {"name": self.name}, self._forget,
            yes=_("Forget"), no=_("Keep it"),
            detail=_("Their page goes, and their name from the others' pages; the games stay "
                     "in Replays.")))

    def _forget(self) -> None:
        self.people.forget(self.name)
        self._told()
        names = self.people.names()
        self.name = names[0] if names else None
        self.rebuild()

    def _told(self) -> None:
        """A save that failed is said once."""
        if self.people.notice:
            notice, self.people.notice = self.people.notice, None
            self.app.push(MessageScene(self.app, notice))

    def update(self, dt: float) -> None:
        self._told()  # a damaged file set aside when the people were read

    # Drawing ------------------------------------------------------------------------------
    def nobody_words(self) -> str:
        return _("Nobody yet: each name that finishes a game at a table gets a page here.")

    def panels(self) -> list[tuple[pygame.Rect, str | None, list]]:
        """The person's panels: where each goes, its title and its lines."""
        person = self.people.people[self.name]
        together = sorted(person.against.items(), key=lambda kv: (-kv[1][0], kv[0].casefold()))
        lines = [ngettext("%(name)s: %(played)d game together, %(won)d won",
                          "%(name)s: %(played)d games together, %(won)d won", played)
                 % {"name": opponent_words(key), "played": played, "won": won}
                 for key, (played, won) in together[:WITH_SHOWN]]
        stars = sum(person.stars.values())
        week = self.people.won_this_week(self.name, self.today)
        return [(GAMES, _("Games by mode"), self._mode_lines(person)),
                (WITH, _("Played with"), lines),
                (MORE, None, [
                    _("Winning streak: %(now)d (best %(best)d)") % {"now": person.streak,
                                                                    "best": person.best_streak},
                    ngettext("Won %(n)d time this week", "Won %(n)d times this week", week)
                    % {"n": week},
                    _("Campaign stars: %(stars)d") % {"stars": stars}])]

    def spoken_lines(self) -> list[str]:
        """Whose page it is, then each panel's title and lines."""
        if self.name is None:
            return [self.nobody_words()]
        said = [self.name]
        for _rect, title, lines in self.panels():
            said += [title] if title else []
            said += [line[0] if isinstance(line, tuple) else line for line in lines]
        return said

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.name is None:
            look.put(surface, self.app.assets, self.nobody_words(), (160, 400, 1600, 200), 40,
                     shadow=True)
            return
        for rect, title, lines in self.pages()[self.page:self.page + 1] if looks.large() \
                else self.panels():
            self._panel(surface, rect, title, lines)

    def pages(self) -> list[tuple[pygame.Rect, str | None, list]]:
        """At a large text size: each panel alone in the room of all three, its lines (each
        as many rows as it wraps to) split over as many pages as they take."""
        room = WHOLE.h - 16 - 8

        def height(line) -> int:
            return large_line_h(self.app.assets, line[0] if isinstance(line, tuple) else line)
        pages = []
        for _rect, title, lines in self.panels():
            page, left = [], room - (title_h() if title is not None else 0)
            for line in lines:
                tall = height(line)
                if page and tall > left:
                    # A group's heading ("Online games") goes over with its first line.
                    heading = [page.pop()] if isinstance(page[-1], tuple) and page[-1][1] \
                        and len(page) > 1 else []
                    pages.append((WHOLE, title, page))
                    page, left = heading, room - (title_h() if title is not None else 0)
                    left -= sum(map(height, heading))
                page.append(line)
                left -= tall
            pages.append((WHOLE, title, page))
        return pages

    def _mode_lines(self, person) -> list[tuple[str, bool]]:
        """Each mode played, at the couch then online (a heading before each group)."""
        lines: list = []
        for heading, table in ((_("Couch games"), person.modes),
                               (_("Online games"), person.online),
                               (_("Solo deals"), person.solo)):
            if not table:
                continue
            lines.append((heading, True))
            for mode in Mode:
                if mode.value in table:
                    played, won = table[mode.value]
                    lines.append((mode_line(mode, played, won), False))
        return lines or [_("No games yet.")]

    def _panel(self, surface, rect: pygame.Rect, title: str | None, lines: list) -> None:
        assets = self.app.assets
        surface.blit(cl.tile(assets, rect.size, cl.TILE), rect.topleft)
        y = rect.y + 16
        if title is not None:
            fit.draw(surface, assets, title, pygame.Rect(rect.x + 24, y, rect.w - 48,
                                                         title_h() - 8), 38,
                     cl.TEXT, True, anchor="midleft")
            y += title_h()
        # Every mode at the couch, online and alone: the lines close up to fit the panel (at a
        # large text size each takes the rows it wraps to, `pages` keeping them to the panel).
        line_h = min(LINE_H, (rect.bottom - 8 - y) // max(1, len(lines)))
        for line in lines:
            words, bold = line if isinstance(line, tuple) else (line, False)
            if looks.large():
                line_h = large_line_h(assets, words)
            if y + line_h > rect.bottom - 8:
                break
            fit.draw(surface, assets, words, pygame.Rect(rect.x + 24, y, rect.w - 48, line_h),
                     30, cl.TEXT if bold else charts.INK, bold, anchor="midleft")
            y += line_h
