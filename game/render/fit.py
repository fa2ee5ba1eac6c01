"""Text fitted into a box: wrapped, then smaller down to a readable floor, then a shorter wording
the caller supplies; a word is never cut. Every text the audit sees is tagged here."""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import bind, current
from game.render import looks
from game.render.palette import BLACK

# The smallest size text shrinks to, in logical pixels: 11 screen pixels in a 960x540 window
# (the smallest the game allows), still readable. Text asked for below it is never shrunk.
FLOOR = 22
STEP = 2  # sizes tried on the way down
SOFT_HYPHEN = "\u00ad"  # where a long word may break (German Rück-gängig), shown only there
# The spaces a line may break at: every Unicode space but the no-break ones (U+00A0, the
# figure space U+2007, the narrow U+202F), which hold "v\u00a0něm", "80\u00a0%" and a day together.
_BREAKABLE = re.compile(r"[^\S\u00a0\u2007\u202f]+")

# Every rendered text surface -> its words, so `tools/screenshots.py --audit` can tell text
# from cards and panels among the blits on the screen (weak: the caches own the surfaces).
_WORDS: weakref.WeakKeyDictionary[pygame.Surface, str] = weakref.WeakKeyDictionary()
# Every rendered text surface -> the height of one of its lines in logical pixels (its font's
# height at the size it was drawn at): what the audit measures to prove a larger text size
# makes the words larger (tools/text_audit.py, tests/scenes/test_big_text.py).
_HEIGHTS: weakref.WeakKeyDictionary[pygame.Surface, int] = weakref.WeakKeyDictionary()
# The rendered paragraphs (`paragraph`): reading text whatever their size, which the audit
# expects to grow with the player's text size as far as large text goes.
_PARAGRAPHS: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()
# Texts that did not fit their box even at the floor in the shortest wording: (words, box size).
MISFITS: list[tuple[str, tuple[int, int]]] = []


# What `picture` makes: the audit swaps in its recording screen, so the words painted into a
# cached picture (a chart, the scare cycle, a field's labels) are seen where it is blitted.
Picture = pygame.Surface


def picture(size: tuple[int, int], flags: int = pygame.SRCALPHA) -> pygame.Surface:
    """A surface for a cached picture that has words in it (see `Picture`)."""
    return Picture(size, flags)


def label(assets, words: str, size: int, colour, bold: bool = False) -> pygame.Surface:
    """`words` in one line at `size`, cached and tagged: for a short text (a number, a
    letter) whose box is checked where it is drawn (`seen`), or that `draw` fits."""
    colour = looks.ink(colour)
    key = ("label", words, size, colour, bold)
    font = assets.font(size, bold)
    return assets.cached(key, lambda: tag(font.render(words, True, colour), words,
                                          font.get_height()))


def tag(surface: pygame.Surface, words: str, height: int | None = None) -> pygame.Surface:
    """Mark `surface` as showing `words` (for the audit), its lines `height` pixels tall (its
    own height when not said); returns it."""
    _WORDS[surface] = words
    _HEIGHTS[surface] = surface.get_height() if height is None else height
    return surface


def height_of(surface: pygame.Surface) -> int | None:
    """How tall one line of a tagged text is drawn (its font's height), or None."""
    return _HEIGHTS.get(surface)


def is_paragraph(surface: pygame.Surface) -> bool:
    """Whether a text is a paragraph (`paragraph`): reading text at any size."""
    return surface in _PARAGRAPHS


def words_of(surface: pygame.Surface) -> str | None:
    """The words a tagged surface shows, or None for anything that is not text."""
    return _WORDS.get(surface)


BUTTON = "button"  # `seen`'s role of a button's label: the audit measures it apart


def seen(surface: pygame.Surface, img: pygame.Surface, rect, box=None,
         role: str | None = None) -> None:
    """Tell the screen `img`, a text, sits at `rect` inside `box`: only the audit's recording
    screen listens (tools/screenshots.py --audit). For text drawn inside a bigger picture (a
    button's label, `role` BUTTON), which the screen never sees, and for the box of text
    drawn by `draw`."""
    note = getattr(surface, "note_text", None)
    if note is not None and words_of(img) is not None:
        note(img, pygame.Rect(rect), None if box is None else pygame.Rect(box), role)


def missing_glyphs(font: pygame.font.Font, words: str) -> list[str]:
    """The characters of `words` the font has no glyph for (drawn as its empty box): each
    renders exactly as a private-use character does, which no font of ours defines."""
    box = font.render("\ue000", True, BLACK)
    empty = (font.metrics("\ue000")[0], box.get_size(), pygame.image.tobytes(box, "RGBA"))
    missing = []
    for ch in sorted(set(words) - set(" \n\t\u00ad")):
        (metric,) = font.metrics(ch) or [None]
        if metric is None:
            missing.append(ch)
            continue
        img = font.render(ch, True, BLACK)
        if (metric, img.get_size(), pygame.image.tobytes(img, "RGBA")) == empty:
            missing.append(ch)
    return missing


def break_lines(font: pygame.font.Font, words: str, width: int,
                split_words: bool = False) -> list[str]:
    """`words` broken into lines no wider than `width` at spaces and at every Unicode line
    break (str.splitlines); a word wider than `width` (a file's path) may also break after a
    slash, as Unicode allows; one with no such place keeps a line of its own, whole, unless
    `split_words` (a file's name, a code: better on two lines than off the edge). Never at a
    no-break space, nor after a Czech or Polish one-letter word (game.i18n.bind)."""
    lines: list[str] = []
    for para in bind(words).splitlines() or [""]:
        if font.size(para.replace(SOFT_HYPHEN, ""))[0] <= width:
            lines.append(para.replace(SOFT_HYPHEN, ""))  # whole, its spacing as written
            continue
        line, hyphen = "", False
        for word in (w for w in _BREAKABLE.split(para) if w):
            for k, (piece, soft) in enumerate(_pieces(font, word, width, split_words)):
                glue = "" if k else " "  # the pieces of one word join without a space
                trial = f"{line}{glue}{piece}" if line else piece
                if line and font.size(trial)[0] > width:
                    lines.append(line + ("-" if hyphen and not glue else ""))
                    line = piece
                else:
                    line = trial
                hyphen = soft
        lines.append(line)
    return lines


def _pieces(font: pygame.font.Font, word: str, width: int, split: bool
            ) -> list[tuple[str, bool]]:
    """A word as (piece, ends at a soft hyphen): whole when it fits `width`, else cut at its
    soft hyphens and after each slash (where lines may break); with `split`, a piece still
    too wide is cut where it fills the line."""
    clean = word.replace(SOFT_HYPHEN, "")
    if font.size(clean)[0] <= width:
        return [(clean, False)]
    pieces: list[tuple[str, bool]] = []
    piece = ""
    for ch in word:
        if ch == SOFT_HYPHEN:
            pieces.append((piece, True))
            piece = ""
            continue
        piece += ch
        if ch in "/\\":
            pieces.append((piece, False))
            piece = ""
    if piece:
        pieces.append((piece, False))
    if not split:
        return pieces
    out = []
    for piece, soft in pieces:
        while len(piece) > 1 and font.size(piece)[0] > width:
            low, high = 1, len(piece) - 1  # the longest start that fits (one letter at least)
            while low < high:
                mid = (low + high + 1) // 2
                low, high = (mid, high) if font.size(piece[:mid])[0] <= width else (low, mid - 1)
            out.append((piece[:low], False))
            piece = piece[low:]
        out.append((piece, soft))
    return out


@dataclass(frozen=True)
class Fitted:
    """How a text was fitted: the wording chosen, its size, its lines, and whether it fits."""

    words: str
    size: int
    lines: tuple[str, ...]
    fits: bool


def choose(assets, words: str, box: tuple[int, int], size: int, bold: bool = False,
           shorter: Sequence[str] = (), spacing: float = 1.0, floor: int = FLOOR) -> Fitted:
    """The first way `words` fit `box` (width, height): wrapped at `size`, then at each smaller
    size down to `floor`, then the same for each shorter wording in turn. When none fits, the
    last wording at the floor, wrapped, marked `fits=False` (drawn whole, never cut). The
    player's text size (game.render.looks) raises the size and the floor where there is room."""
    width, height = box
    floor = min(floor, size)
    # Larger sizes first where the player chose a larger text; then as without.
    sizes = [*range(looks.scaled(size), size, -STEP), *range(size, floor - 1, -STEP)]
    wordings = [words, *shorter]
    for text in wordings:
        for s in sizes:
            font = assets.font(s, bold)
            lines = break_lines(font, text, width)
            tall = _step(font, spacing) * (len(lines) - 1) + font.get_height()
            if tall <= height and all(font.size(line)[0] <= width for line in lines):
                return Fitted(text, s, tuple(lines), True)
    # Last: a word too wide (a file's name, a code) broken where it fills the line, so it is
    # all on screen; still a misfit the audit reports.
    font = assets.font(floor, bold)
    lines = break_lines(font, wordings[-1], width, split_words=True)
    return Fitted(wordings[-1], floor, tuple(lines), False)


def fit(assets, words: str, box: tuple[int, int], size: int, colour, bold: bool = False, *,
        shorter: Sequence[str] = (), align: str = "left", shadow: bool = False,
        spacing: float = 1.0, floor: int = FLOOR) -> pygame.Surface:
    """`words` fitted into `box` (see `choose`), rendered once and cached: lines aligned
    left, "centre" or "right" within the text's own width; tagged for the audit."""
    box = (int(box[0]), int(box[1]))
    colour = looks.ink(colour)
    key = ("fit", words, box, size, colour, bold, tuple(shorter), align, shadow, spacing, floor,
           current(), looks.text_size)  # the lines break by the language's rules (bind)

    def build() -> pygame.Surface:
        chosen = choose(assets, words, box, size, bold, shorter, spacing, floor)
        if not chosen.fits:
            MISFITS.append((words, box))
        font = assets.font(chosen.size, bold)
        surf = _render_lines(font, chosen.lines, colour, align, shadow, spacing)
        return tag(surf, chosen.words, font.get_height())

    return assets.cached(key, build)


def line(assets, words: str, width: int, size: int, colour, bold: bool = False, *,
         shorter: Sequence[str] = (), shadow: bool = False, floor: int = FLOOR,
         grows: bool = False) -> pygame.Surface:
    """One line no wider than `width`: smaller down to the floor, then two lines in the room
    of one (a long German word), then a shorter wording. `grows`: as tall as a line at the
    player's text size (where the layout below makes room for it), else as at 100 %."""
    height = assets.font(looks.scaled(size) if grows else size, bold).get_height()
    return fit(assets, words, (width, height), size, colour, bold, shorter=shorter,
               shadow=shadow, floor=floor, align="centre")


def draw(surface: pygame.Surface, assets, words: str, box: pygame.Rect, size: int, colour,
         bold: bool = False, *, anchor: str = "center", align: str | None = None,
         shorter: Sequence[str] = (), shadow: bool = False, spacing: float = 1.0,
         floor: int = FLOOR) -> pygame.Rect:
    """Fit `words` into `box` and blit them there, placed at the box's `anchor` ("center",
    "midleft", "topleft", ...); returns where they went."""
    box = pygame.Rect(box)
    if align is None:
        align = "left" if "left" in anchor else "right" if "right" in anchor else "centre"
    img = fit(assets, words, box.size, size, colour, bold, shorter=shorter, align=align,
              shadow=shadow, spacing=spacing, floor=floor)
    rect = img.get_rect(**{anchor: getattr(box, anchor)})
    surface.blit(img, rect)
    seen(surface, img, rect, box)
    return rect


def paragraph(assets, words: str, width: int, size: int, colour, bold: bool = False,
              spacing: float = 1.25, centred: bool = False) -> pygame.Surface:
    """A paragraph wrapped to `width` at its own size (no box height to keep), cached."""
    colour = looks.ink(colour)
    key = ("paragraph", words, width, size, colour, bold, spacing, centred, current())

    def build() -> pygame.Surface:
        font = assets.font(size, bold)
        lines = break_lines(font, words, width, split_words=True)
        surf = _render_lines(font, lines, colour, "centre" if centred else "left", False,
                             spacing / 1.25, width)
        _PARAGRAPHS.add(surf)
        return tag(surf, words, font.get_height())

    return assets.cached(key, build)


def _step(font: pygame.font.Font, spacing: float) -> int:
    return max(1, round(font.get_linesize() * spacing))


def _render_lines(font, lines: Sequence[str], colour, align: str, shadow: bool,
                  spacing: float, width: int | None = None) -> pygame.Surface:
    faces = [font.render(text, True, colour) for text in lines]
    width = width or max(1, *(f.get_width() for f in faces))
    step = _step(font, spacing)
    off = max(2, font.get_height() // 30) if shadow else 0
    height = step * (len(faces) - 1) + font.get_height()
    surf = pygame.Surface((width + off, height + off), pygame.SRCALPHA)
    for i, face in enumerate(faces):
        x = {"left": 0, "right": width - face.get_width()}.get(align,
                                                              (width - face.get_width()) // 2)
        if shadow:
            shade = font.render(lines[i], True, BLACK)
            shade.set_alpha(110)
            surf.blit(shade, (x + off, i * step + off))
        surf.blit(face, (x, i * step))
    return surf
