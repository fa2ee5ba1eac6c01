"""The field on screen: layout and hit-testing, the felt table, cards, and their highlights."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.render import fit, looks
from game.render.assets import CARD_RATIO
from game.render.palette import (
    CURSOR_SHADE,
    FELT_EDGE,
    FELT_LIGHT,
    FELT_SLOT,
    FIELD_LIGHT,
    FIELD_SHADE,
    GLOW_BAD,
    GOLD,
    GREEN,
    LABEL,
    RIM,
    WHITE,
    WOOD,
)

Cell = tuple[int, int]

# The play area left of the side panel, in logical 1920x1080 pixels.
PLAY_AREA = pygame.Rect(0, 0, 1460, 1080)
LABEL_W = 64  # room for the row numbers on the left
LABEL_H = 60  # room for the column letters below
MARGIN = 48  # the felt round the cards and their labels
# At a large text size the labels take more room from the felt's sides.
LABEL_W_LARGE = 96
LABEL_H_LARGE = 84
MARGIN_LARGE = 24
MAX_CARD_W = 230  # small puzzle fields should not get silly-large cards
# Large cards (Settings -> Accessibility): each card ZOOM times as wide as the normal card at
# the same text size. Four rows of 5:7 cards cannot grow so much inside 1080 px (the whole
# height gives 1.22x at most), so a full field is bigger than its view and pans to follow the
# cursor, the chosen scarer, the computer's move and the mouse (FieldLayout.pan_to); the felt's
# margins shrink and the gaps narrow to what the cursor ring and the last move's frame still
# fit in (10 px).
ZOOM = 1.35
FILL_GAP = 10  # between two cards
FILL_TOP = 8  # under the banner
FILL_LABEL_H = 58  # the column letters' row
FILL_BOTTOM = 2  # under the letters
FILL_GROWTH = 1.3  # a small puzzle field's largest card grows as much, for a large card
RING = 14  # the cursor ring's width round a card: a followed card is shown with it
FILL_SPREAD = 21  # a large card's glow, as far out as a normal full field's
SLOT = FELT_SLOT
GLOW_TARGET = GREEN
GLOW_SELECTED = GOLD
CURSOR = WHITE


class FieldLayout:
    """Where each cell sits for a field `width` columns by `height` rows inside `area`.

    The card width is computed once here; everything else reads it.
    """

    def __init__(self, width: int, height: int, area: pygame.Rect = PLAY_AREA,
                 gap: int = 14, max_card_w: int = MAX_CARD_W, labels: bool = True,
                 fill: bool = False, pan: tuple[int, int] = (0, 0)) -> None:
        self.width = max(1, width)
        self.height = max(1, height)
        self.gap = FILL_GAP if fill else gap
        self.fill = fill
        self.labels = labels
        self.area = area
        # At a large text size the row numbers and column letters get the room to grow, taken
        # from the felt's margin, so the cards keep their size.
        self.label_w, self.label_h, margin = (LABEL_W_LARGE, LABEL_H_LARGE, MARGIN_LARGE) \
            if labels and looks.large() else (LABEL_W, LABEL_H, MARGIN)
        inner = area.inflate(-margin, -MARGIN)  # (the felt's top keeps its place)
        if labels:
            inner = pygame.Rect(inner.x + self.label_w, inner.y, inner.w - self.label_w,
                                inner.h - self.label_h)
        self.card_w = self._fitted(inner, gap, max_card_w)
        if fill:  # `fill`: large cards, ZOOM times the normal one or as tall as `area` lets
            normal = self.card_w
            self.label_w, self.label_h = (LABEL_W, FILL_LABEL_H) if labels else (0, 0)
            inner = pygame.Rect(area.x + MARGIN_LARGE // 2 + self.label_w, area.y + FILL_TOP,
                                area.w - MARGIN_LARGE - self.label_w,
                                area.h - FILL_TOP - FILL_BOTTOM - self.label_h)
            grown = round(max_card_w * FILL_GROWTH)
            self.card_w = max(min(round(normal * ZOOM), grown),
                              self._fitted(inner, self.gap, grown))
        self.card_h = round(self.card_w * CARD_RATIO)
        total_w = self.width * self.card_w + (self.width - 1) * self.gap
        total_h = self.height * self.card_h + (self.height - 1) * self.gap
        self.rect = pygame.Rect(0, 0, total_w, total_h)
        self.rect.center = inner.center
        # How far it may pan: the cards and their labels always cover the view they exceed.
        # (The ring round a card at an edge of the view shows whole too.)
        reach = pygame.Rect(self.rect.x - self.label_w - MARGIN_LARGE // 2, self.rect.y - RING,
                            total_w + self.label_w + MARGIN_LARGE // 2 + RING,
                            total_h + RING + max(self.label_h + FILL_BOTTOM, RING))
        self._range = ((area.right - reach.right, area.left - reach.left),
                       (area.bottom - reach.bottom, area.top - reach.top)) \
            if fill and (reach.w > area.w or reach.h > area.h) else ((0, 0), (0, 0))
        self._range = tuple((lo, hi) if lo <= hi else (0, 0) for lo, hi in self._range)
        self.pan = self._clamped(pan)
        self.rect.move_ip(self.pan)

    def _clamped(self, pan) -> tuple[int, int]:
        return tuple(max(lo, min(hi, p)) for (lo, hi), p in zip(self._range, pan, strict=True))

    def _fitted(self, inner: pygame.Rect, gap: int, max_card_w: int) -> int:
        """The widest card whose field fits `inner`."""
        by_w = (inner.w - gap * (self.width - 1)) / self.width
        by_h = (inner.h - gap * (self.height - 1)) / self.height / CARD_RATIO
        return int(max(24, min(by_w, by_h, max_card_w)))

    @property
    def zoomed(self) -> bool:
        """The field is bigger than its view: it pans (large cards on a full field)."""
        return self._range != ((0, 0), (0, 0))

    def pan_to(self, cells) -> tuple[int, int]:
        """The pan that shows `cells` whole with their cursor ring, moving the field as little
        as it must from this one's pan (none when they are in view already)."""
        if not self.zoomed or not cells:
            return self.pan
        view = self.area.inflate(-2 * RING, -2 * RING)  # the ring round the card shows too
        shown = pygame.Rect(self.card_rect(cells[0])).unionall(
            [self.card_rect(cell) for cell in cells[1:]])
        dx = max(0, view.left - shown.left) or min(0, view.right - shown.right)
        dy = max(0, view.top - shown.top) or min(0, view.bottom - shown.bottom)
        return self._clamped((self.pan[0] + dx, self.pan[1] + dy))

    def hidden_sides(self) -> tuple[str, ...]:
        """The sides of the view past which cards lie (a zoomed field: it pans that way)."""
        r, view = self.rect, self.area
        sides = (("left", r.left < view.left), ("right", r.right > view.right),
                 ("top", r.top < view.top), ("bottom", r.bottom > view.bottom))
        return tuple(side for side, hidden in sides if hidden)

    @classmethod
    def around(cls, position, area: pygame.Rect, **options) -> FieldLayout:
        """A layout just tall enough for the cards on `position` (a result's cards left): the
        rows they stand in, not the rows the field was dealt with, so its frame fits them."""
        rows = max((len(column) for column in position.columns), default=1)
        return cls(position.width, rows, area, **options)

    def card_rect(self, cell: Cell) -> pygame.Rect:
        """The rectangle of the card on (column, row); row 0 is the bottom row."""
        x, y = cell
        left = self.rect.x + x * (self.card_w + self.gap)
        top = self.rect.bottom - self.card_h - y * (self.card_h + self.gap)
        return pygame.Rect(left, top, self.card_w, self.card_h)

    def place(self, cell: Cell) -> tuple[int, int, int]:
        r = self.card_rect(cell)
        return r.x, r.y, self.card_w

    def center(self, cell: Cell) -> tuple[int, int]:
        return self.card_rect(cell).center

    def cell_at(self, point: tuple[int, int]) -> Cell | None:
        """The cell under a screen point (a click in the gap counts for the nearer card)."""
        px, py = point
        pitch_x, pitch_y = self.card_w + self.gap, self.card_h + self.gap
        fx = (px - self.rect.x + self.gap / 2) / pitch_x
        fy = (self.rect.bottom - py + self.gap / 2) / pitch_y
        if fx < 0 or fy < 0:
            return None
        x, y = int(fx), int(fy)
        if x >= self.width or y >= self.height:
            return None
        return x, y


def _glow(size: tuple[int, int], colour, spread: int, radius: int) -> pygame.Surface:
    """A soft halo around a card-sized hole, made once per layout."""
    w, h = size
    surf = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    for i in range(spread, 0, -2):
        alpha = int(200 * (1 - i / spread) ** 1.6) + 20
        rect = pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(surf, (*colour, alpha), rect, 3, border_radius=radius + i)
    pygame.draw.rect(surf, (*colour, 255), (spread - 3, spread - 3, w + 6, h + 6), 6,
                     border_radius=radius + 3)
    return surf


def _shrunk(points, by: int) -> list[tuple[float, float]]:
    """A triangle drawn `by` pixels inside itself (toward its centre), for its dark edge."""
    cx = sum(x for x, _y in points) / len(points)
    cy = sum(y for _x, y in points) / len(points)
    out = []
    for x, y in points:
        length = max(1.0, ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5)
        out.append((x - (x - cx) * 2 * by / length, y - (y - cy) * 2 * by / length))
    return out


class FieldRenderer:
    """Draws the table and the cards for one layout; every surface is built here, once."""

    def __init__(self, assets, layout: FieldLayout, size: tuple[int, int] = (1920, 1080)) -> None:
        self.assets = assets
        self.layout = layout
        self.size = size
        w, h = layout.card_w, layout.card_h
        self.radius = max(6, w // 12)
        # A large card's glow keeps to a normal one's reach: the row numbers and column
        # letters sit as near the cards.
        self.spread = max(10, min(w // 7, FILL_SPREAD if layout.fill else w))
        self.glow_target = _glow((w, h), GLOW_TARGET, self.spread, self.radius)
        self.glow_selected = _glow((w, h), GLOW_SELECTED, self.spread, self.radius)
        self.glow_bad = _glow((w, h), GLOW_BAD, self.spread, self.radius)
        # The keyboard cursor: a white band 8 px wide between dark edges, filling the 14 px
        # round the card (thick, and clear on every card colour and on the felt).
        self.cursor = pygame.Surface((w + 28, h + 28), pygame.SRCALPHA)
        pygame.draw.rect(self.cursor, CURSOR_SHADE, self.cursor.get_rect(), 14,
                         border_radius=self.radius + 12)
        pygame.draw.rect(self.cursor, (*CURSOR, 255), self.cursor.get_rect().inflate(-6, -6), 8,
                         border_radius=self.radius + 9)
        self.shade = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(self.shade, FIELD_SHADE, self.shade.get_rect(),
                         border_radius=self.radius)
        self._background: pygame.Surface | None = None

    @property
    def background(self) -> pygame.Surface:
        """The whole table as a screen-sized picture (8 MB at 1920x1080), built when first
        needed: a screen that only lays cards out with it (the scores) never pays for it."""
        if self._background is None:
            self._background = self._table()
        return self._background

    @property
    def background_built(self) -> bool:
        """Whether the table picture has been built (the scores never need it)."""
        return self._background is not None

    @contextmanager
    def clipped(self, surface: pygame.Surface) -> Iterator[pygame.Surface]:
        """Drawing on `surface` stays inside the field's view (a zoomed field's cards never
        reach the side panel or past the screen's foot)."""
        if not self.layout.zoomed:
            yield surface
            return
        kept = surface.get_clip()
        surface.set_clip(kept.clip(self.layout.area))
        try:
            yield surface
        finally:
            surface.set_clip(kept)

    # The static table ---------------------------------------------------------------
    def _table(self) -> pygame.Surface:
        screen = pygame.display.get_surface()  # made in the display's format: no convert()
        surf = fit.Picture(self.size, 0, screen) if screen is not None \
            else fit.picture(self.size, 0)
        surf.fill(FELT_EDGE)
        with self.clipped(surf):
            self._felt(surf)
        return surf

    def _felt(self, surf: pygame.Surface) -> None:
        """The felt, its empty cells and the labels."""
        lay = self.layout
        felt = lay.rect.inflate(lay.gap * 2 + 60, lay.gap * 2 + 60)
        if lay.labels:
            felt.width += lay.label_w
            felt.x -= lay.label_w
            felt.height += lay.label_h
        # Soft light in the middle of the felt: a few concentric ellipses, drawn once.
        light = pygame.Surface(self.size, pygame.SRCALPHA)
        cx, cy = felt.center
        for i in range(14, 0, -1):
            k = i / 14
            rect = pygame.Rect(0, 0, int(felt.w * (0.5 + 0.9 * k)), int(felt.h * (0.5 + 0.9 * k)))
            rect.center = (cx, cy)
            pygame.draw.ellipse(light, FIELD_LIGHT, rect)
        pygame.draw.rect(surf, RIM, felt.inflate(28, 28), border_radius=40)
        pygame.draw.rect(surf, WOOD, felt.inflate(28, 28), 6, border_radius=40)
        pygame.draw.rect(surf, looks.felt(), felt, border_radius=28)
        surf.blit(light, (0, 0))
        for x in range(lay.width):
            for y in range(lay.height):
                pygame.draw.rect(surf, SLOT, lay.card_rect((x, y)), border_radius=self.radius)
                pygame.draw.rect(surf, FELT_LIGHT, lay.card_rect((x, y)), 2,
                                 border_radius=self.radius)
        if not lay.labels:
            return
        size = max(22, min(44, lay.card_w // 3))
        boxes = [("abcdefgh"[x], pygame.Rect(r.x, r.bottom + 10, r.w, lay.label_h - 10), "midtop")
                 for x, r in ((x, lay.card_rect((x, 0))) for x in range(lay.width))]
        boxes += [(str(y + 1), pygame.Rect(r.x - lay.label_w, r.y, lay.label_w - 18, r.h),
                   "midright") for y, r in ((y, lay.card_rect((0, y))) for y in range(lay.height))]
        for words, box, anchor in boxes:
            if lay.zoomed:  # a zoomed field: the label beside the part of its row or column
                box = box.clip(lay.area)  # in view, none where too little is
                if box.w < size // 2 or box.h < size:
                    continue
            fit.draw(surf, self.assets, words, box, size, LABEL, True, anchor=anchor)

    # Per frame (only blits of surfaces made above or cached by Assets) ---------------
    def card(self, surface: pygame.Surface, name: str, x: float, y: float,
             width: int | None = None) -> None:
        with self.clipped(surface):
            surface.blit(self.assets.card_image(name, width or self.layout.card_w),
                         (round(x), round(y)))

    def cards(self, surface: pygame.Surface, position, skip: set[Cell] = frozenset(),
              offsets: dict[Cell, tuple[float, float]] | None = None) -> None:
        """Every card of `position` at rest (`offsets` nudges some, e.g. a shake)."""
        lay = self.layout
        for x, y, card in position.occupied():
            if (x, y) in skip:
                continue
            r = lay.card_rect((x, y))
            dx, dy = offsets.get((x, y), (0, 0)) if offsets else (0, 0)
            self.card(surface, card.code, r.x + dx, r.y + dy)

    def sprites(self, surface: pygame.Surface, sprites) -> None:
        for s in sprites:
            if s.alpha >= 1.0:
                self.card(surface, s.name, s.x, s.y, s.width)
                continue
            img = self.assets.card_image(s.name, s.width)  # a fade (reduced motion)
            img.set_alpha(round(255 * max(0.0, s.alpha)))
            with self.clipped(surface):
                surface.blit(img, (round(s.x), round(s.y)))
            img.set_alpha(255)

    def glow(self, surface: pygame.Surface, cell: Cell, look: str = "target",
             offset: tuple[float, float] = (0, 0)) -> None:
        img = {"target": self.glow_target, "selected": self.glow_selected,
               "bad": self.glow_bad}[look]
        r = self.layout.card_rect(cell)
        with self.clipped(surface):
            surface.blit(img, (r.x - self.spread + offset[0], r.y - self.spread + offset[1]))

    def dim(self, surface: pygame.Surface, cell: Cell) -> None:
        with self.clipped(surface):
            surface.blit(self.shade, self.layout.card_rect(cell).topleft)

    def draw_edges(self, surface: pygame.Surface) -> None:
        """An arrow at the middle of each side of the view past which cards lie, so a zoomed
        field is seen to go on (white on a dark edge, as the cursor: clear on any card)."""
        view, size = self.layout.area, max(18, self.layout.card_w // 6)
        tips = {"left": ((-1, 0), (view.left + 6, view.centery)),
                "right": ((1, 0), (view.right - 6, view.centery)),
                "top": ((0, -1), (view.centerx, view.top + 6)),
                "bottom": ((0, 1), (view.centerx, view.bottom - 6))}
        for side in self.layout.hidden_sides():
            (dx, dy), (x, y) = tips[side]
            back = (x - dx * size, y - dy * size)
            arrow = [(x, y), (back[0] + dy * size, back[1] + dx * size),
                     (back[0] - dy * size, back[1] - dx * size)]
            pygame.draw.polygon(surface, CURSOR_SHADE[:3], arrow)
            pygame.draw.polygon(surface, CURSOR, _shrunk(arrow, 5))

    def draw_cursor(self, surface: pygame.Surface, cell: Cell) -> None:
        r = self.layout.card_rect(cell)
        with self.clipped(surface):
            surface.blit(self.cursor, (r.x - 14, r.y - 14))
