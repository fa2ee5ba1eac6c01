"""Replays: the last finished games, newest first; choosing one plays it back on the table."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.engine.scoring import solo_title, target_met
from game.engine.state import IllegalMove
from game.files import shown
from game.i18n import _, format_date, ngettext, reason
from game.match import (
    SHELVES,
    Record,
    RecordError,
    load_replay,
    occasion_of,
    path_for,
    played_online,
    replays,
    shelf_of,
)
from game.scenes.menu import MenuScene
from game.scenes.records.review import ReviewScene
from game.scenes.table.replay import replay_scene, winner_names
from game.ui import look

PAGE = 7  # games on one page
ROW_WIDTH = 1600  # a game's button (a Polish line with the longest winner's name needs 1225)
REVIEW_W = 220  # a game with others: its Review button beside its row
BUTTON_FONT = 28  # the size theme.json gives @menu_button


def replay_line(when: str, about: str, final, online: bool = False) -> str:
    """A record's line, one whole pattern: mid-line, after a dash, Czech, German and Polish
    go on in lower case ("– vyhrává Anna", "– zbylo 7 karet"). A game at an online table
    says so; an advanced deal whose target was scared away says that."""
    if online:
        about = _("Online: %(game)s") % {"game": about}
    words = {"when": when, "about": about}
    if len(final.players) <= 1:
        left, title = final.position.card_count(), solo_title(final)
        if not target_met(final):
            return ngettext("%(when)s \u2014 %(about)s \u2014 %(n)d card left: target missed",
                            "%(when)s \u2014 %(about)s \u2014 %(n)d cards left: target missed",
                            left) % (words | {"n": left})
        if title is None:
            return ngettext("%(when)s \u2014 %(about)s \u2014 %(n)d card left",
                            "%(when)s \u2014 %(about)s \u2014 %(n)d cards left", left) % (
                words | {"n": left})
        return ngettext("%(when)s \u2014 %(about)s \u2014 %(n)d card left: %(title)s",
                        "%(when)s \u2014 %(about)s \u2014 %(n)d cards left: %(title)s",
                        left) % (words | {"n": left, "title": _(title)})
    names, count = winner_names(final)
    return ngettext("%(when)s \u2014 %(about)s \u2014 winner: %(names)s",
                    "%(when)s \u2014 %(about)s \u2014 winners: %(names)s", count) % (
        words | {"names": names})


class ReplaysScene(MenuScene):
    """One button per kept game; a damaged record says so and cannot be chosen."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.heading = _("Replays")
        self.unreadable: str | None = None  # why the replays folder cannot be listed
        try:
            self.all_paths = replays()
        except OSError as err:
            self.all_paths = []
            self.unreadable = _("The replays folder cannot be read (%(why)s).") % {
                "why": shown(err.strerror or err)}
        # Games played together first; solo deals and puzzles on their own shelf.
        self.shelf = next((s for s in SHELVES if any(shelf_of(p) == s for p in self.all_paths)),
                          SHELVES[0])
        self.page = 0
        self._entries: dict[Path, tuple[Record | None, str]] = {}

    @property
    def paths(self) -> list[Path]:
        return [p for p in self.all_paths if shelf_of(p) == self.shelf]

    def _other_shelf(self) -> None:
        self.shelf = SHELVES[(SHELVES.index(self.shelf) + 1) % len(SHELVES)]
        self.page = 0
        self.rebuild()

    def _about(self, record: Record) -> str:
        """What game it was, in its occasion's words: the level by its name, the daily deal
        by its day, else the mode."""
        return occasion_of(record).kept_about(record, self.app.files.campaign())

    def _entry(self, path: Path) -> tuple[Record | None, str]:
        """The record (None: damaged) and its line on the list, read once."""
        if path not in self._entries:
            try:
                moment = time.localtime(path.stat().st_mtime)
                when = format_date(time.strftime("%Y-%m-%d", moment), time.strftime("%H:%M", moment))
            except OSError:  # gone since the folder was listed: it reads as damaged below
                when = "?"
            try:
                record = load_replay(path)
                final = record.final_state()
            except (RecordError, IllegalMove) as err:
                self._entries[path] = None, self._damaged_words(when, path.name, reason(err))
            else:
                self._entries[path] = record, replay_line(when, self._about(record), final,
                                                          played_online(path))
        return self._entries[path]

    def _damaged_words(self, when: str, name: str, why: str) -> str:
        """The line for a record that cannot be played: its file's name and what is wrong,
        both made safe to show, the reason shortened until the line fits its button."""
        font = self.app.assets.font(BUTTON_FONT, True)
        for room in (120, 80, 60, 40, 24, 12):
            words = _("%(when)s \u2014 %(name)s: damaged record (%(why)s)") % {
                "when": when, "name": shown(name, 20), "why": shown(why, room)}
            if font.size(words)[0] <= ROW_WIDTH - 40:
                break
        return words

    def build(self) -> None:
        on_page = self.paths[self.page * PAGE:(self.page + 1) * PAGE]
        more = len(self.paths) > (self.page + 1) * PAGE or self.page > 0
        rects = self.column(196, len(on_page) + 2 + more, gap=10, width=ROW_WIDTH, height=64)
        other = SHELVES[(SHELVES.index(self.shelf) + 1) % len(SHELVES)]
        words = {"together": _("Show: games played together"), "solo": _("Show: solo games "
                                                                         "and puzzles")}
        self.button(words[self.shelf], rects.pop(0), self._other_shelf,
                    enabled=any(shelf_of(p) == other for p in self.all_paths), name="shelf")
        for i, path in enumerate(on_page):
            record, words = self._entry(path)
            row, side = rects[i].copy(), rects[i].copy()
            reviewed = record is not None and len(record.seats) > 1  # a game with others
            if reviewed:
                row.w -= REVIEW_W + 10
                side.x, side.w = row.right + 10, REVIEW_W
            self.button(words, row, (lambda r=record: self._play(r)) if record else None,
                        enabled=record is not None, name=f"replay_{i}")
            if reviewed:  # said with the game it reviews
                self.label(self.button(_("Review"), side,
                                       lambda r=record, p=path: self._review(r, p),
                                       name=f"review_{i}"), words)
        if more:
            last = (self.page + 1) * PAGE >= len(self.paths)
            self.button(_("Newer games") if last else _("Older games"), rects[len(on_page)],
                        self._next_page, name="more")
        self.button(_("Back"), rects[-1], self.back, name="back")

    def _next_page(self) -> None:
        pages = (len(self.paths) + PAGE - 1) // PAGE
        self.page = (self.page + 1) % max(1, pages)
        self.rebuild()

    def _review(self, record: Record, path: Path) -> None:
        self.app.push(ReviewScene(self.app, record, path_for(path)))

    def _play(self, record: Record) -> None:
        self.app.push(replay_scene(self.app, record))

    def empty_words(self) -> str:
        return self.unreadable or _("No finished games yet: the last 20 are kept here.")

    def spoken_lines(self) -> list[str]:
        """An empty shelf says so; a full one is heard row by row as the focus moves."""
        return [] if self.paths else [self.empty_words()]

    def draw_content(self, surface: pygame.Surface) -> None:
        if not self.paths:
            look.put(surface, self.app.assets, self.empty_words(), (100, 500, 1720, 200), 40,
                     shadow=True)
