"""Chapter select: every chapter with its stars and lock."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.campaign.chapter_words import cleared_words, why_locked
from game.i18n import _, ngettext
from game.render import fit, looks
from game.render.palette import FELT_BADGE, RED_TEXT
from game.scenes.solo import tile_look
from game.scenes.solo.level_select import LevelSelectScene
from game.scenes.solo.tile_menu import BACK_RECT, CENTER_X, TileMenu
from game.ui import campaign_look as cl
from game.ui import look

ROW_LARGE = 84  # a chapter's row at a large text size: its name at the player's size
DETAIL_TOP = 720  # where the chapter in focus is told at a large text size, under the rows


# Chapter select ----------------------------------------------------------------------------
class CampaignMenuScene(TileMenu):
    """The chapters, each with stars earned of stars possible; a locked chapter says what opens it."""

    @property
    def heading(self) -> str:
        return _("Campaign")  # the tile menu draws it as it is: translated here, when drawn

    def __init__(self, app, root: str | Path | None = None) -> None:
        super().__init__(app)
        self.campaign = app.files.campaign(root)
        self.progress = app.files.progress()
        self._told = False

    def layout(self) -> None:
        n = len(self.campaign.chapters)
        gap = 18
        row_h = min(132, (720 - gap * max(0, n - 1)) // max(1, n))
        if looks.large():  # rows of a name and stars; the chapter in focus told under them
            gap = 12
            row_h = min(ROW_LARGE, (DETAIL_TOP - 226 - gap * n) // max(1, n))
        self.rects = [pygame.Rect(CENTER_X - 620, 226 + i * (row_h + gap), 1240, row_h)
                      for i in range(n)]
        self.rects.append(BACK_RECT.copy())
        if n and self.focus == 0:
            # Start on the newest open chapter.
            opened = [i for i, ch in enumerate(self.campaign.chapters) if self.unlocked(ch)]
            self.focus = opened[-1] if opened else 0
        self.focus = min(self.focus, self.back_index)

    def stars_line(self) -> str:
        """The stars earned in the whole campaign, of those it holds."""
        earned = sum(self.progress.chapter_stars(self.campaign, ch.number)[0]
                     for ch in self.campaign.chapters)
        total = 3 * len(self.campaign.levels)
        return ngettext("%(earned)d of %(total)d star", "%(earned)d of %(total)d stars",
                        total) % {"earned": earned, "total": total}

    def spoken_lines(self) -> list[str]:
        if not self.campaign.chapters:
            return [_("No levels could be loaded.")]
        return [self.stars_line()]

    def focus_words(self, index: int) -> list[str]:
        """A chapter: its number and name, what it is about (or why it is locked), its stars
        and the levels cleared."""
        if index >= len(self.campaign.chapters):
            return super().focus_words(index)
        chapter = self.campaign.chapters[index]
        said = [_("Chapter %(n)d: %(name)s") % {"n": chapter.number, "name": chapter.name}]
        if not self.unlocked(chapter):
            return [*said, _("Locked"), why_locked(self.campaign, self.progress, index)[0]]
        got, possible = self.progress.chapter_stars(self.campaign, chapter.number)
        stars = ngettext("%(earned)d of %(total)d star", "%(earned)d of %(total)d stars",
                         possible) % {"earned": got, "total": possible}
        return [*said, chapter.about, stars, cleared_words(self.progress, chapter)]

    def unlocked(self, chapter) -> bool:
        return self.progress.chapter_unlocked(self.campaign, chapter.number)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._told:
            self._told = True
            if self.app.show_progress_notice():
                return

    def activate(self, index: int) -> None:
        chapter = self.campaign.chapters[index]
        if not self.unlocked(chapter):
            self.app.audio.play("error")
            self.say(why_locked(self.campaign, self.progress, index)[0])
            return
        self.app.audio.play("select")
        self.app.push(LevelSelectScene(self.app, chapter.number))

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(look.backdrop(assets), (0, 0))
        tile_look.draw_heading(self, surface)
        look.put(surface, assets, self.stars_line(), (60, 156, 1800, 50), 34, anchor="midtop")
        for i, chapter in enumerate(self.campaign.chapters):
            self._draw_chapter(surface, i, chapter)
        if looks.large() and self.focus < len(self.campaign.chapters):
            self._draw_detail(surface, self.focus)
        if not self.campaign.chapters:
            msg = look.wrapped(assets, _("No levels could be loaded."), 40, 1200, look.CREAM)
            surface.blit(msg, msg.get_rect(midtop=(CENTER_X, 300)))
        self._draw_errors(surface)
        tile_look.draw_over(self, surface)

    def _draw_chapter(self, surface, i: int, chapter) -> None:
        assets = self.app.assets
        rect = self.rects[i]
        open_ = self.unlocked(chapter)
        surface.blit(cl.tile(assets, rect.size, tile_look.tile_fill(self, i, open_),
                             tile_look.tile_edge(self, i)), rect.topleft)
        ink = cl.TEXT if open_ else cl.text_off()
        radius = min(42, rect.h // 2 - 4)  # inside the row (a large text size's are low)
        badge = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        badge.center = (rect.x + 70, rect.centery)
        if open_:
            pygame.draw.circle(surface, FELT_BADGE, badge.center, radius)
            fit.draw(surface, assets, str(chapter.number), badge, 44, look.CREAM, True)
        else:
            lock = cl.padlock(assets, min(50, round(2 * radius / 1.2) - 6))
            surface.blit(lock, lock.get_rect(center=badge.center))
        if looks.large():
            self._draw_row(surface, i, chapter, ink)
            return
        name = cl.label(assets, chapter.name, 44, ink, True, width=640)
        top = rect.y + max(8, (rect.h - 92) // 2)
        surface.blit(name, (rect.x + 140, top))
        below = top + 52 + max(0, name.get_height() - assets.font(44, True).get_height())
        right = rect.right - 36
        small = self._cleared(chapter, ink) if rect.h >= 100 else None
        locked = () if open_ else why_locked(self.campaign, self.progress, i)
        about = chapter.about if open_ else locked[0]
        if about and rect.h >= 100:
            # One line, or two smaller ones down to the tile's foot (a long German reason),
            # clear of the count (wider at a large text size).
            end = min(rect.right - 340, right - small.get_width() - 16)
            room = pygame.Rect(rect.x + 140, below, end - (rect.x + 140),
                               max(40, rect.bottom - 2 - below))
            fit.draw(surface, assets, about, room, 28, ink, anchor="topleft", shorter=locked[1:])
        got, possible = self.progress.chapter_stars(self.campaign, chapter.number)
        count = cl.label(assets, f"{got} / {possible}", 38, ink, True)
        star = cl.star(assets, 44, got > 0)
        y = rect.centery - (24 if rect.h >= 100 else 0)
        surface.blit(count, count.get_rect(midright=(right, y)))
        surface.blit(star, star.get_rect(midright=(right - count.get_width() - 10, y)))
        if small is not None:
            surface.blit(small, small.get_rect(midright=(right, rect.centery + 30)))

    def _draw_row(self, surface, i: int, chapter, ink) -> None:
        """A chapter's row at a large text size: its name, and its stars at the right."""
        assets = self.app.assets
        rect = self.rects[i]
        got, possible = self.progress.chapter_stars(self.campaign, chapter.number)
        count = cl.label(assets, f"{got} / {possible}", 38, ink, True)
        star = cl.star(assets, 44, got > 0)
        right = rect.right - 36
        surface.blit(count, count.get_rect(midright=(right, rect.centery)))
        surface.blit(star, star.get_rect(midright=(right - count.get_width() - 10, rect.centery)))
        end = right - count.get_width() - star.get_width() - 30
        fit.draw(surface, assets, chapter.name, pygame.Rect(rect.x + 140, rect.y + 4,
                                                            end - rect.x - 140, rect.h - 8),
                 44, ink, True, anchor="midleft")

    def _draw_detail(self, surface, i: int) -> None:
        """The chapter in focus at a large text size, under the rows: what it is about (or
        why it is locked) and how many of its levels are cleared, at the player's size."""
        assets = self.app.assets
        chapter = self.campaign.chapters[i]
        open_ = self.unlocked(chapter)
        locked = () if open_ else why_locked(self.campaign, self.progress, i)
        about = chapter.about if open_ else locked[0]
        left, width = CENTER_X - 620, 1240
        line = assets.font(looks.scaled(24)).get_height()
        top = self.rects[len(self.campaign.chapters) - 1].bottom + 16
        if about:  # as many lines as the room above the count of levels cleared takes
            room = pygame.Rect(left, top, width, BACK_RECT.top - 24 - line - top)
            top = fit.draw(surface, assets, about, room, 28, look.CREAM, anchor="midtop",
                           shorter=locked[1:]).bottom + 8
        fit.draw(surface, assets, cleared_words(self.progress, chapter),
                 pygame.Rect(left, top, width, line), 24, look.CREAM, anchor="midtop")

    def _cleared(self, chapter, ink) -> pygame.Surface:
        """'3 of 10 levels cleared' (and how many could not be loaded), drawn small."""
        return cl.label(self.app.assets, cleared_words(self.progress, chapter), 24, ink)

    def _draw_errors(self, surface) -> None:
        """Files that broke a whole chapter (no chapter.txt, say): named, never hidden."""
        inside = {e for ch in self.campaign.chapters for e in ch.broken}
        outside = [e for e in self.campaign.errors if e not in inside]
        if not outside:
            return
        text = _("Not loaded: %(file)s") % {"file": outside[0]}
        if len(outside) > 1:
            text = ngettext("%(first)s (and %(n)d more)", "%(first)s (and %(n)d more)",
                            len(outside) - 1) % {"first": text, "n": len(outside) - 1}
        img = cl.label(self.app.assets, text, 24, RED_TEXT, width=1800)
        surface.blit(img, img.get_rect(midbottom=(CENTER_X, BACK_RECT.top - 12)))
