"""Charts in the game's look: a bar chart, star bars per chapter and a streak calendar; cached."""

from __future__ import annotations

import pygame

from game.render import fit, looks
from game.render.palette import CALENDAR, CALENDAR_INK, FELT_BAR, GOLD, GRID, MUTED_INK
from game.ui import campaign_look as cl

INK = cl.TEXT
MUTED = MUTED_INK
BAR = FELT_BAR  # the felt, a shade lighter: bars stand on the cream panel like cards
BAR_TOP = GOLD
# The calendar: a title reached is gold, played is felt green, a missed day is a pale brick.
DAY_COLOURS = CALENDAR
DAY_INK = CALENDAR_INK


def bar_chart(assets, size: tuple[int, int], bars: list[tuple[str, int]],
              gold: tuple[int, ...] = ()) -> pygame.Surface:
    """Vertical bars with their value above and their label below; of bar i, the part
    `gold[i]` (of its value) is drawn gold from the base."""
    bars = list(bars)
    gold = tuple(gold)

    def build() -> pygame.Surface:
        w, h = size
        surf = fit.picture(size)
        # The room of the values above and the labels below, at the player's text size.
        label_font, value_font = assets.font(looks.scaled(24)), assets.font(looks.scaled(24), True)
        base = h - label_font.get_linesize() - 6
        top = value_font.get_linesize() + 4
        n = max(1, len(bars))
        pitch = w / n
        bar_w = max(6, int(pitch * 0.62))
        peak = max([v for _, v in bars] + [1])
        for frac in (0.5, 1.0):
            y = round(base - (base - top) * frac)
            pygame.draw.line(surf, GRID, (0, y), (w, y), 2)
        pygame.draw.line(surf, MUTED, (0, base), (w, base), 3)
        for i, (label, value) in enumerate(bars):
            cx = round(pitch * (i + 0.5))
            height = round((base - top) * value / peak)
            if value:
                rect = pygame.Rect(cx - bar_w // 2, base - height, bar_w, height)
                part = min(value, gold[i]) if i < len(gold) else 0
                pygame.draw.rect(surf, BAR_TOP if part == value else BAR, rect,
                                 border_top_left_radius=8, border_top_right_radius=8)
                if 0 < part < value:
                    up = round((base - top) * part / peak)
                    pygame.draw.rect(surf, BAR_TOP, (rect.x, base - up, bar_w, up))
            above = pygame.Rect(0, 0, round(pitch) - 4, top)
            above.midbottom = (cx, base - height - 2)
            fit.draw(surf, assets, str(value), above, 24, INK if value else MUTED, True,
                     anchor="midbottom")
            below = pygame.Rect(0, base + 4, round(pitch) - 4, h - base - 4)
            below.centerx = cx
            fit.draw(surf, assets, label, below, 24, INK, anchor="midtop")
        return surf

    return assets.cached(("bar_chart", size, tuple(bars), gold), build)


def star_bars(assets, size: tuple[int, int], rows: list[tuple[str, int, int]]) -> pygame.Surface:
    """One row per chapter: its name, a bar filled by stars earned of possible, and the count."""
    rows = list(rows)

    def build() -> pygame.Surface:
        w, h = size
        surf = fit.picture(size)
        n = max(1, len(rows))
        grow = looks.scaled(24) / 24  # the rows and the counts' room grow with the words
        pitch = min(round(64 * grow), h // n)
        name_w = round(w * 0.40)
        count_w = round(110 * grow)
        for i, (name, got, possible) in enumerate(rows):
            y = i * pitch
            mid = y + pitch // 2
            fit.draw(surf, assets, name, pygame.Rect(0, y, name_w - 12, pitch), 24, INK,
                     anchor="midleft")
            track = pygame.Rect(name_w, mid - 12, w - name_w - count_w - 40, 24)
            pygame.draw.rect(surf, GRID, track, border_radius=12)
            if possible and got:
                fill = track.copy()
                fill.w = max(24, round(track.w * got / possible))
                pygame.draw.rect(surf, BAR_TOP, fill, border_radius=12)
                pygame.draw.rect(surf, cl.STAR_EDGE, fill, 2, border_radius=12)
            star = cl.star(assets, 28, got > 0)
            surf.blit(star, star.get_rect(midleft=(track.right + 10, mid)))
            fit.draw(surf, assets, f"{got}/{possible}", pygame.Rect(w - count_w + 40, y,
                                                                     count_w - 40, pitch),
                     24, INK, True, anchor="midright")
        return surf

    return assets.cached(("star_bars", size, tuple(rows)), build)


def calendar(assets, size: tuple[int, int], days, weekdays: list[str],
             today=None) -> pygame.Surface:
    """Weeks as rows, Monday first: each day a rounded square coloured by its status, with the
    day of the month on it; today ringed. `days` are stats.Day (day, status, left)."""
    days = list(days)
    key = tuple((d.day.toordinal(), d.status) for d in days)

    def build() -> pygame.Surface:
        w, h = size
        surf = fit.picture(size)
        head_font = assets.font(looks.scaled(22), True)
        head_h = head_font.get_linesize() + 4
        weeks = max(1, -(-len(days) // 7))
        gap = 8
        cell_w = (w - 6 * gap) / 7
        cell_h = min(cell_w, (h - head_h - (weeks - 1) * gap) / weeks)
        for i, name in enumerate(weekdays[:7]):
            fit.draw(surf, assets, name, pygame.Rect(round(i * (cell_w + gap)), 0, round(cell_w),
                                                      head_h), 22, MUTED, True, anchor="midtop")
        for i, day in enumerate(days):
            col, row = i % 7, i // 7
            rect = pygame.Rect(round(col * (cell_w + gap)), round(head_h + row * (cell_h + gap)),
                               round(cell_w), round(cell_h))
            pygame.draw.rect(surf, DAY_COLOURS.get(day.status, GRID), rect, border_radius=10)
            if day.status == "title":
                pygame.draw.rect(surf, cl.STAR_EDGE, rect, 3, border_radius=10)
            if today is not None and day.day == today:
                pygame.draw.rect(surf, INK, rect.inflate(2, 2), 4, border_radius=11)
            fit.draw(surf, assets, str(day.day.day), rect.inflate(-4, -4), 22,
                     DAY_INK.get(day.status, INK))
        return surf

    return assets.cached(("calendar", size, key, tuple(weekdays), today), build)


def swatch(assets, status: str, size: int = 26) -> pygame.Surface:
    """The legend's little square for a calendar status."""

    def build() -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(surf, DAY_COLOURS[status], surf.get_rect(), border_radius=6)
        edge = cl.STAR_EDGE if status == "title" else MUTED
        pygame.draw.rect(surf, edge, surf.get_rect(), 2, border_radius=6)
        return surf

    return assets.cached(("calendar_swatch", status, size), build)
