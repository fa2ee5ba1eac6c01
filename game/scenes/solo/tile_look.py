"""The tile menus' look: the heading, a tile's fill and edge, Back, the focus ring and the note."""

from __future__ import annotations

import pygame

from game.i18n import _
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
