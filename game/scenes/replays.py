"""Replays: the last finished games, newest first; choosing one plays it back on the table."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.campaign.puzzles import campaign_of
from game.engine.state import IllegalMove
from game.i18n import _, ngettext
from game.match import Record, RecordError
from game.match.save import SHELVES, load_replay, replays, shelf_of
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.replay import ReplayScene, ending_words
from game.ui import look

PAGE = 7  # games on one page


class ReplaysScene(MenuScene):
    """One button per kept game; a damaged record says so and cannot be chosen."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.heading = _("Replays")
        self.all_paths = replays()
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
        """What game it was: the level by its name, the daily deal by its day, else the mode."""
        if record.level is not None:
            level = campaign_of(self.app).level(record.level)
            return _(level.name) if level is not None else _("Campaign level %(level)s") % {
                "level": record.level}
        if record.daily is not None:
            return _("Daily deal %(date)s") % {"date": record.daily}
        players = len(record.seats)
        return record.mode.label if record.mode.solo else \
            ngettext("%(mode)s, %(n)d player", "%(mode)s, %(n)d players", players) % {
                "mode": record.mode.label, "n": players}

    def _entry(self, path: Path) -> tuple[Record | None, str]:
        """The record (None: damaged) and its line on the list, read once."""
        if path not in self._entries:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            try:
                record = load_replay(path)
                final = record.final_state()
            except (RecordError, IllegalMove) as err:
                self._entries[path] = None, _("%(when)s \u2013 damaged record (%(why)s)") % {
                    "when": when, "why": err}
            else:
                self._entries[path] = record, _("%(when)s \u2013 %(about)s \u2013 %(ending)s") % {
                    "when": when, "about": self._about(record), "ending": ending_words(final)}
        return self._entries[path]

    def build(self) -> None:
        shown = self.paths[self.page * PAGE:(self.page + 1) * PAGE]
        more = len(self.paths) > (self.page + 1) * PAGE or self.page > 0
        rects = self.column(196, len(shown) + 2 + more, gap=10, width=1600, height=64)
        other = SHELVES[(SHELVES.index(self.shelf) + 1) % len(SHELVES)]
        words = {"together": _("Show: games played together"), "solo": _("Show: solo games "
                                                                         "and puzzles")}
        self.button(words[self.shelf], rects.pop(0), self._other_shelf,
                    enabled=any(shelf_of(p) == other for p in self.all_paths), name="shelf")
        for i, path in enumerate(shown):
            record, words = self._entry(path)
            self.button(words, rects[i], (lambda r=record: self._play(r)) if record else None,
                        enabled=record is not None, name=f"replay_{i}")
        if more:
            last = (self.page + 1) * PAGE >= len(self.paths)
            self.button(_("Newer games") if last else _("Older games"), rects[len(shown)],
                        self._next_page, name="more")
        self.button(_("Back"), rects[-1], self.back, name="back")

    def _next_page(self) -> None:
        pages = (len(self.paths) + PAGE - 1) // PAGE
        self.page = (self.page + 1) % max(1, pages)
        self.rebuild()

    def _play(self, record: Record) -> None:
        self.app.push(ReplayScene(self.app, record))

    def draw_content(self, surface: pygame.Surface) -> None:
        if not self.paths:
            words = look.text(self.app.assets, _("No finished games yet: the last 20 are kept "
                                                 "here."), 40, look.CREAM, shadow=True)
            surface.blit(words, words.get_rect(center=(CENTER_X, 600)))
