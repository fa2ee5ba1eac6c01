"""Level select: a chapter's levels as tiles with the field, stars and best; broken files shown."""

from __future__ import annotations

import pygame

from game.campaign.levels import Level, LevelError
from game.campaign.progress import stars_for
from game.i18n import _, after_colon, ngettext
from game.match import par_words
from game.render import fit, looks
from game.render.palette import RED_TEXT
from game.scenes.solo import tile_look
from game.scenes.solo.level_play import level_scene
from game.scenes.solo.level_result import (
    cards_left,
    goal_words,
    how_stars_are_earned,
    stars_words,
)
from game.scenes.solo.tile_menu import BACK_RECT, CENTER_X, TileMenu
from game.ui import campaign_look as cl
from game.ui import look

COLUMNS = 5
TILE_W, GAP = 330, 30
GRID_TOP, GRID_BOTTOM = 230, 820
# At a large text size (looks.large) the levels stand in one column of rows, each a line of
# words as tall as the text size makes them, and the words of the level in focus (with its
# field's picture) beside them: the tiles' pictures give their room to the words.
ROW = pygame.Rect(60, 216, 1100, 0)  # the rows' left, top and width
ROW_GAP = 4
DETAIL = pygame.Rect(1200, 216, 660, BACK_RECT.top - 16 - 216)


class LevelSelectScene(TileMenu):
    @property
    def columns(self) -> int:
        return 1 if looks.large() else COLUMNS

    def __init__(self, app, chapter_number: int) -> None:
        super().__init__(app)
        self.campaign = app.files.campaign()
        self.progress = app.files.progress()
        self.number = chapter_number
        self._load_chapter()

    def _load_chapter(self) -> None:
        self.chapter = self.campaign.chapter(self.number)
        self.heading = _(self.chapter.name) if self.chapter else _("Levels")
        # Good levels and refused files together, in file order, so a broken file keeps its place.
        entries: list[Level | LevelError] = list(self.chapter.levels if self.chapter else ())
        entries += list(self.chapter.broken if self.chapter else ())
        entries.sort(key=lambda e: str(e.path))
        self.entries = entries
        # Start on the first open level not cleared yet (the next puzzle to play).
        self.focus = next((i for i, e in enumerate(entries) if isinstance(e, Level)
                           and self.unlocked(e) and not self.progress.cleared(e.id, e.par)), 0)

    # Layout / state ---------------------------------------------------------------------
    def layout(self) -> None:
        n = len(self.entries)
        if looks.large():
            # Room for a long name's two lines where the chapter has few levels.
            row_h = min(140, (BACK_RECT.top - 20 - ROW.y) // max(1, n) - ROW_GAP)
            self.rects = [pygame.Rect(ROW.x, ROW.y + i * (row_h + ROW_GAP), ROW.w, row_h)
                          for i in range(n)]
            self.rects.append(BACK_RECT.copy())
            self.focus = min(self.focus, self.back_index)
            return
        rows = max(1, -(-n // COLUMNS))
        tile_h = min(270, (GRID_BOTTOM - GRID_TOP - GAP * (rows - 1)) // rows)
        cols = min(COLUMNS, max(1, n))
        left = CENTER_X - (cols * TILE_W + (cols - 1) * GAP) // 2
        self.rects = [pygame.Rect(left + (i % COLUMNS) * (TILE_W + GAP),
                                  GRID_TOP + (i // COLUMNS) * (tile_h + GAP), TILE_W, tile_h)
                      for i in range(n)]
        self.rects.append(BACK_RECT.copy())
        self.focus = min(self.focus, self.back_index)

    def resume(self) -> None:
        # After a level: follow the player into the next chapter when play went on there.
        last = self.app.last_level
        level = self.campaign.level(last) if last else None
        if level is not None and level.chapter != self.number and \
                self.progress.chapter_unlocked(self.campaign, level.chapter):
            self.number = level.chapter
            self._load_chapter()
        if level is not None:
            self.focus = next((i for i, e in enumerate(self.entries)
                               if isinstance(e, Level) and e.id == level.id), self.focus)
        super().resume()

    def unlocked(self, level: Level) -> bool:
        return self.progress.level_unlocked(self.campaign, level.id)

    def activate(self, index: int) -> None:
        entry = self.entries[index]
        if isinstance(entry, LevelError):
            self.app.audio.play("error")
            self.say(_("This level file could not be loaded (see below)"))
            return
        if not self.unlocked(entry):
            self.app.audio.play("error")
            self.say(_("Locked: clear one of the levels before it to open it"))
            return
        self.app.audio.play("select")
        self.app.push(level_scene(self.app, entry))

    # Drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(look.backdrop(assets), (0, 0))
        tile_look.draw_heading(self, surface)
        look.put(surface, assets, self.stars_line(), (60, 156, 1800, 48), 32, anchor="midtop")
        for i, entry in enumerate(self.entries):
            if isinstance(entry, LevelError):
                self._draw_broken(surface, i, entry)
            else:
                self._draw_level(surface, i, entry)
        self._draw_detail(surface)
        tile_look.draw_over(self, surface, 800 if len(self.entries) > 2 * COLUMNS else 850)

    def _draw_level(self, surface, i: int, level: Level) -> None:
        assets = self.app.assets
        rect = self.rects[i]
        open_ = self.unlocked(level)
        surface.blit(cl.tile(assets, rect.size, tile_look.tile_fill(self, i, open_),
                             tile_look.tile_edge(self, i)), rect.topleft)
        ink = cl.TEXT if open_ else cl.text_off()
        if looks.large():
            tile_look.draw_level_row(self, surface, i, level, open_, ink)
            return
        num = cl.label(assets, str(i + 1), 34, ink, True)
        surface.blit(num, (rect.x + 18, rect.y + 10))
        # One line, or two smaller ones in the room above the miniature field.
        fit.draw(surface, assets, _(level.name), pygame.Rect(rect.x + 72, rect.y + 1,
                                                             rect.w - 88, 60),
                 26, ink, True, anchor="midleft")
        field_box = (rect.w - 40, rect.h - 128)
        if not open_:
            lock = cl.padlock(assets, 56)
            surface.blit(lock, lock.get_rect(center=(rect.centerx, rect.centery + 4)))
            return
        if field_box[1] >= 30:
            mini = cl.mini_field(assets, level.position, field_box, level.target)
            surface.blit(mini, mini.get_rect(center=(rect.centerx, rect.y + 64 + field_box[1] // 2)))
        best = self.progress.best(level.id)
        row = cl.stars(assets, stars_for(best, level.par), 34)
        surface.blit(row, row.get_rect(bottomleft=(rect.x + 18, rect.bottom - 12)))
        # Beside the stars, never over them: a longer "rekord 1 / norma 1" takes its numbers.
        words, shorter = tile_look.best_words(level, best)
        small = look.fitted(assets, words, 22, rect.w - 34 - row.get_width() - 10, ink,
                            shorter=shorter)
        surface.blit(small, small.get_rect(bottomright=(rect.right - 16, rect.bottom - 16)))

    def _draw_broken(self, surface, i: int, error: LevelError) -> None:
        assets = self.app.assets
        rect = self.rects[i]
        fill = cl.TILE_FOCUS if i == self.focus else cl.TILE_BROKEN
        surface.blit(cl.tile(assets, rect.size, fill, cl.BORDER_BROKEN), rect.topleft)
        num = cl.label(assets, str(i + 1), 34, cl.BORDER_BROKEN, True)
        if looks.large():  # a row: why it is unavailable is said beside, as for every level
            surface.blit(num, num.get_rect(midleft=(rect.x + 18, rect.centery)))
            fit.draw(surface, assets, _("Unavailable"), pygame.Rect(rect.x + 80, rect.y, 540,
                                                                    rect.h),
                     28, cl.BORDER_BROKEN, True, anchor="midleft")
            fit.draw(surface, assets, error.path.name, pygame.Rect(
                rect.x + 640, rect.y, rect.w - 660, rect.h), 20, cl.text_off(),
                anchor="midright")
            return
        surface.blit(num, (rect.x + 18, rect.y + 10))
        surface.blit(cl.label(assets, _("Unavailable"), 28, cl.BORDER_BROKEN, True),
                     (rect.x + 72, rect.y + 14))
        body = look.wrapped(assets, _("This file has a mistake, so the level is left out."), 22,
                            rect.w - 36, cl.TEXT)
        surface.blit(body, (rect.x + 18, rect.y + 60), pygame.Rect(0, 0, rect.w - 36, rect.h - 100))
        file = cl.label(assets, error.path.name, 20, cl.text_off(), width=rect.w - 36)
        surface.blit(file, (rect.x + 18, rect.bottom - 34))

    def stars_line(self) -> str:
        """The chapter's number and the stars earned in it."""
        got, possible = self.progress.chapter_stars(self.campaign, self.number)
        return ngettext("Chapter %(n)d  \u00b7  %(got)d of %(all)d star",
                        "Chapter %(n)d  \u00b7  %(got)d of %(all)d stars", possible) % {
            "n": self.number, "got": got, "all": possible}

    def spoken_lines(self) -> list[str]:
        return [self.stars_line()]

    def focus_words(self, index: int) -> list[str]:
        """A level: its number, the words shown below the tiles (name, goal, hint, par), and
        the stars and best result earned on it."""
        if index >= len(self.entries):
            return super().focus_words(index)
        entry = self.entries[index]
        said = [_("Level %(n)d") % {"n": index + 1}, *self.detail(entry).split("\n")]
        if isinstance(entry, Level) and self.unlocked(entry):
            best = self.progress.best(entry.id)
            said.append(stars_words(stars_for(best, entry.par)))
            if best is not None:
                said.append(_("Your best: %(cards)s.") % {"cards": cards_left(best)})
        return said

    def detail(self, entry: Level | LevelError) -> str:
        """What a tile is, in words: a level's name, goal, hint and par, why it is locked, or
        the loader's message."""
        if isinstance(entry, LevelError):
            where = f"{entry.path.parent.name}/{entry.path.name}" + (
                _(", line %(n)d") % {"n": entry.line} if entry.line else "")
            # What the loader found, in the player's words, on a line of its own.
            return _("This level file has a mistake (%(where)s), so the level is left out:") % {
                "where": where} + "\n" + entry.words
        if not self.unlocked(entry):
            return _("%(level)s is locked: clear one of the two levels before it.") % {
                "level": _(entry.name)}
        # TRANSLATORS: a level's name and what it asks ("leave 1 card"), a sentence.
        text = _("%(level)s: %(goal)s.") % {"level": _(entry.name),
                                            "goal": after_colon(goal_words(entry))}
        text += f"  {_(entry.hint)}" if entry.hint else ""
        return text + "\n" + par_words(entry.par) + "\n" + how_stars_are_earned(entry.par)

    def _draw_detail(self, surface) -> None:
        """What the focused tile is: its words, target and par, or the loader's message."""
        if not 0 <= self.focus < len(self.entries):
            return
        assets = self.app.assets
        entry = self.entries[self.focus]
        y = self.rects[-2].bottom + 26 if len(self.rects) > 1 else GRID_BOTTOM
        text = self.detail(entry)
        colour = RED_TEXT if isinstance(entry, LevelError) else look.CREAM
        box = DETAIL if looks.large() else \
            pygame.Rect(CENTER_X - 750, y, 1500, BACK_RECT.top - 16 - y)
        # Wrapped, and shrunk to the room above Back when a long name and hint need it: the
        # lines under them (par, how stars are earned) are never cut off.
        shown = fit.draw(surface, assets, text, box, 30, colour, anchor="topleft",
                         spacing=1.25)
        room = pygame.Rect(box.x, shown.bottom + 20, box.w, box.bottom - shown.bottom - 20)
        if looks.large() and isinstance(entry, Level) and self.unlocked(entry) \
                and room.h >= 120:  # the level's field under its words, where they leave room
            mini = cl.mini_field(assets, entry.position, room.size, entry.target)
            surface.blit(mini, mini.get_rect(midtop=room.midtop))
