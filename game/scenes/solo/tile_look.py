"""The tile menus' look: the heading, a tile's fill and edge, Back, the focus ring and the note."""

from __future__ import annotations

import pygame

from game.campaign.progress import stars_for
from game.i18n import _
from game.render import fit
from game.render.palette import BAD_BOX, BAD_INK
from game.scenes.solo.tile_menu import CENTER_X, TileMenu
from game.ui import campaign_look as cl
from game.ui import look


def draw_heading(menu: TileMenu, surface: pygame.Surface) -> None:
    look.put(surface, menu.app.assets, menu.heading, (60, 40, 1800, 118), 84, look.CREAM, True,
             shadow=True, anchor="midtop")


def tile_fill(menu: TileMenu, index: int, enabled: bool = True):
    if not enabled:
        return cl.tile_off()
    if index == menu.focus:
        return cl.TILE_FOCUS
    return cl.tile_hot() if index == menu.hover else cl.TILE


def tile_edge(menu: TileMenu, index: int):
    """The tile's edge: the one under the pointer strong in high contrast."""
    return cl.border_hot() if index == menu.hover and index != menu.focus else cl.BORDER


def draw_over(menu: TileMenu, surface: pygame.Surface, note_y: int = 905) -> None:
    """Over the tiles: Back, the focus ring, and the note (why a tile refused) at `note_y`."""
    assets = menu.app.assets
    rect = menu.rects[menu.back_index]
    surface.blit(cl.tile(assets, rect.size, tile_fill(menu, menu.back_index),
                         tile_edge(menu, menu.back_index)), rect.topleft)
    text = cl.label(assets, _("Back"), 34, cl.TEXT, True)
    surface.blit(text, text.get_rect(center=rect.center))
    if 0 <= menu.focus < len(menu.rects):
        cl.focus_ring(surface, menu.rects[menu.focus])
    if not menu.note:
        return
    img = look.fitted(assets, menu.note, 34, 1700, BAD_INK, True)
    box = img.get_rect(center=(CENTER_X, note_y)).inflate(40, 14)
    pygame.draw.rect(surface, BAD_BOX, box, border_radius=20)
    look.put(surface, assets, menu.note, box.inflate(-40, -14), 34, BAD_INK, True)


def draw_level_row(menu: TileMenu, surface: pygame.Surface, i: int, level, open_: bool,
                   ink) -> None:
    """A level as one row at a large text size: its number, name, stars and best."""
    assets = menu.app.assets
    rect = menu.rects[i]
    num = cl.label(assets, str(i + 1), 34, ink, True)
    surface.blit(num, num.get_rect(midleft=(rect.x + 18, rect.centery)))
    fit.draw(surface, assets, _(level.name), pygame.Rect(rect.x + 80, rect.y, 520, rect.h),
             26, ink, True, anchor="midleft")
    if not open_:
        lock = cl.padlock(assets, min(56, rect.h - 12))
        surface.blit(lock, lock.get_rect(midright=(rect.right - 24, rect.centery)))
        return
    best = menu.progress.best(level.id)
    row = cl.stars(assets, stars_for(best, level.par), min(44, rect.h - 20))
    surface.blit(row, row.get_rect(midleft=(rect.x + 610, rect.centery)))
    words, shorter = best_words(level, best)
    left = rect.x + 610 + row.get_width() + 20
    fit.draw(surface, assets, words, pygame.Rect(left, rect.y, rect.right - 20 - left,
                                                 rect.h), 22, ink, anchor="midright",
             shorter=shorter)



def best_words(level, best: int | None) -> tuple[str, tuple[str, ...]]:
    """"best 2 / par 1" (or "par 1" before a first clear), and its numbers alone for where a
    longer language's words do not fit ("rekord 1 / norma 1")."""
    if best is None:
        return _("par %(par)d") % {"par": level.par}, ()
    return (_("best %(best)d / par %(par)d") % {"best": best, "par": level.par},
            (f"{best} / {level.par}",))
