"""The text audit of `tools/screenshots.py --audit`: every text a scene draws, outside its box,
off the screen, under a button, over another text or across the edge of what it is drawn on
(a panel, a tile, a card, the table's border, the focus ring), found on a recording screen."""

from __future__ import annotations

import pygame
import pygame_gui

from game.render import fit
from game.render.palette import LOGICAL_SIZE

SCREEN = pygame.Rect((0, 0), LOGICAL_SIZE)
SLACK = 2  # pixels of anti-aliasing a text may lean out of its box


class Text:
    """One text on a recording screen: its words, where its letters are, and its box."""

    def __init__(self, words: str, ink: pygame.Rect, box: pygame.Rect | None,
                 order: int = 0, height: int | None = None, paragraph: bool = False,
                 role: str | None = None) -> None:
        self.words, self.ink, self.box, self.order = words, ink, box, order
        self.height = height  # one line's height as drawn (fit.height_of): what 200 % grows
        self.paragraph = paragraph  # fit.is_paragraph: reading text at any size
        self.role = role  # what the words are drawn as (BUTTON: a button's label), else None

    def moved(self, dx: int, dy: int, order: int) -> Text:
        return Text(self.words, self.ink.move(dx, dy), self.box and self.box.move(dx, dy), order,
                    self.height, self.paragraph, self.role)


class Shape:
    """Anything else drawn on a recording screen (a picture, a rectangle), in drawing order."""

    def __init__(self, rect: pygame.Rect, order: int) -> None:
        self.rect, self.order = rect, order


class Recorder(pygame.Surface):
    """A screen (or a scene's cached picture) that notes each text blitted onto it. An opaque
    picture blitted over texts (a repaint of the background) takes them away again; a
    recorder blitted onto another brings its texts along."""

    def __init__(self, size=LOGICAL_SIZE, flags: int = 0, *args) -> None:
        super().__init__(size, flags, *args)
        self.texts: list[Text] = []
        # Everything else drawn: pictures blitted and rectangles drawn (pygame.draw.rect, see
        # `watch_rectangles`). A text with no box of its own must lie inside each it touches.
        self.shapes: list[Shape] = []
        self.order = 0  # how many things were drawn: what lies over what

    def _next(self) -> int:
        self.order += 1
        return self.order

    def blit(self, source, dest, area=None, special_flags=0):
        drawn = super().blit(source, dest, area, special_flags)
        dest = pygame.Rect(dest if isinstance(dest, pygame.Rect) else (dest, (0, 0)))
        clip = pygame.Rect(area) if area is not None else source.get_rect()
        words = fit.words_of(source)
        if words is not None:
            ink = source.get_bounding_rect().clip(clip).move(dest.x - clip.x, dest.y - clip.y)
            if ink.w and ink.h:
                self.texts.append(Text(words, ink, None, self._next(), fit.height_of(source),
                                       fit.is_paragraph(source)))
            return drawn
        if not source.get_flags() & pygame.SRCALPHA and source.get_alpha() is None \
                and source.get_colorkey() is None:
            self._painted(drawn)
        if isinstance(source, Recorder):
            dx, dy = dest.x - clip.x, dest.y - clip.y
            for item in sorted([*source.texts, *source.shapes], key=lambda i: i.order):
                if isinstance(item, Text) and clip.colliderect(item.ink):
                    self.texts.append(item.moved(dx, dy, self._next()))
                elif isinstance(item, Shape) and clip.colliderect(item.rect):
                    self.shapes.append(Shape(item.rect.clip(clip).move(dx, dy), self._next()))
        if drawn.size != self.get_size():  # not the whole backdrop
            self.shapes.append(Shape(source.get_bounding_rect().clip(clip).move(
                dest.x - clip.x, dest.y - clip.y).clip(drawn), self._next()))
        return drawn

    def _painted(self, rect: pygame.Rect) -> None:
        """Opaque paint over `rect`: what lay wholly under it is gone."""
        self.texts = [t for t in self.texts if not rect.contains(t.ink)]
        self.shapes = [s for s in self.shapes if not rect.contains(s.rect)]

    def fill(self, color, rect=None, special_flags=0):
        drawn = super().fill(color, rect, special_flags)
        colour = pygame.Color(color)
        if colour.a == 255 and not special_flags:
            self._painted(drawn)
        if drawn.size != self.get_size():
            self.shapes.append(Shape(drawn, self._next()))
        return drawn

    def note_text(self, img: pygame.Surface, rect: pygame.Rect, box: pygame.Rect | None,
                  role: str | None = None) -> None:
        """fit.seen: a text drawn at `rect` in `box` (as `role`), or the box of one blitted
        just now."""
        ink = img.get_bounding_rect().move(rect.topleft)
        for text in reversed(self.texts):
            if text.ink == ink and text.words == fit.words_of(img):
                text.box, text.role = box, role
                return
        if ink.w and ink.h:
            self.texts.append(Text(fit.words_of(img), ink, box, self._next(),
                                   fit.height_of(img), fit.is_paragraph(img), role))


def watch_rectangles() -> None:
    """Have pygame.draw.rect tell a recording screen where each rectangle went (a panel, a
    tile, a border, the focus ring): for the audit only."""
    original = pygame.draw.rect

    def rect(surface, color, rect, width=0, *args, **kwargs):
        drawn = original(surface, color, rect, width, *args, **kwargs)
        if isinstance(surface, Recorder) and drawn.w and drawn.h:
            if not width and pygame.Color(color).a == 255:
                surface._painted(drawn)
            surface.shapes.append(Shape(drawn, surface._next()))
        return drawn

    if not getattr(original, "audited", False):
        rect.audited = True
        pygame.draw.rect = rect


def _crosses(ink: pygame.Rect, shape: pygame.Rect) -> bool:
    """`ink` lies partly on `shape` and partly off it (across its edge)."""
    return _overlap(ink, shape) and not shape.inflate(2 * SLACK, 2 * SLACK).contains(ink) \
        and not ink.inflate(2 * SLACK, 2 * SLACK).contains(shape)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.w > SLACK and both.h > SLACK


def _crossing(text: Text, shapes: list[Shape]) -> Shape | None:
    """The first shape `text` runs across the edge of: one beneath it, unless something drawn
    after that shape holds the whole text (a panel over the cards), or one drawn over it."""
    for k, shape in enumerate(shapes):
        if not _crosses(text.ink, shape.rect):
            continue
        if shape.order < text.order and any(
                shape.order < later.order < text.order
                and later.rect.inflate(2 * SLACK, 2 * SLACK).contains(text.ink)
                for later in shapes[k + 1:]):
            continue
        return shape
    return None


def check_scene(texts: list[Text], panel: pygame.Rect | None,
                buttons: list[pygame.Rect], shapes: list[Shape] = ()) -> list[str]:
    """What is wrong with one scene's texts."""
    problems = []
    ink = [t.ink for t in texts]
    shapes = sorted((s for s in shapes if s.rect not in ink), key=lambda s: s.order)
    for k, text in enumerate(texts):
        if not SCREEN.contains(text.ink):
            problems.append(f"{text.words!r} runs off the screen at {tuple(text.ink)}")
        elif text.box is not None and not text.box.inflate(2 * SLACK, 2 * SLACK).contains(text.ink):
            problems.append(f"{text.words!r} runs out of its box {tuple(text.box)} "
                            f"at {tuple(text.ink)}")
        elif panel is not None and not panel.contains(text.ink):
            problems.append(f"{text.words!r} runs out of the panel at {tuple(text.ink)}")
        for other in texts[:k]:
            if other.words != text.words and _overlap(text.ink, other.ink):
                problems.append(f"{text.words!r} runs into {other.words!r} at {tuple(text.ink)}")
        crossed = _crossing(text, shapes)
        if crossed is not None:
            problems.append(f"{text.words!r} runs across the edge of {tuple(crossed.rect)} "
                            f"at {tuple(text.ink)}")
        if any(_overlap(text.ink, b) for b in buttons):
            problems.append(f"{text.words!r} runs under a button at {tuple(text.ink)}")
    return problems


def glyph_problems_of_widget(element, text: str) -> list[str]:
    font = getattr(element, "font", None)
    missing = fit.missing_glyphs(font, text) if text and hasattr(font, "metrics") else []
    return [f"widget {text!r} has characters its font cannot draw: {' '.join(missing)}"] \
        if missing else []


def widget_problems(manager: pygame_gui.UIManager) -> list[str]:
    """pygame-gui buttons and entries whose words are wider than their room (shown cut)."""
    problems = []
    for element in manager.get_sprite_group().sprites():
        if not element.visible:
            continue
        if isinstance(getattr(element, "parent_element", None),
                      pygame_gui.elements.UIHorizontalSlider):
            continue  # a slider's own arrow buttons
        if isinstance(element, pygame_gui.elements.UIButton):
            text, room = element.text, element.rect.width - 24  # border and rounded corners
            problems += glyph_problems_of_widget(element, text)
        elif isinstance(element, pygame_gui.elements.UITextEntryLine):
            text = element.get_text() or element.placeholder_text  # shown while it is empty
            room = element.rect.width - 2 * 14 - 4  # the theme's padding and the cursor
        else:
            continue
        font = getattr(element, "font", None)
        if text and font is not None and font.size(text)[0] > room:
            problems.append(f"widget {text!r} is {font.size(text)[0]} px in {room} px of room")
    return problems


_GLYPHS: dict[str, list[str]] = {}  # words -> the characters the font cannot draw


def glyph_problems(assets, words: str) -> list[str]:
    """A text with a character the game's fonts have no glyph for (shown as an empty box)."""
    if words not in _GLYPHS:
        _GLYPHS[words] = sorted({ch for bold in (False, True)
                                 for ch in fit.missing_glyphs(assets.font(24, bold), words)})
    missing = _GLYPHS[words]
    return [f"{words!r} has characters the font cannot draw: {' '.join(missing)}"] \
        if missing else []


# The last screen audited: each text's words (with its role: `role_key`) -> the height of its
# lines (fit.height_of).
HEIGHTS: dict[str, int] = {}
PARAGRAPHS: set[str] = set()  # the last screen's paragraphs (fit.is_paragraph): reading text
BUTTON = fit.BUTTON  # the role of a button's label (game/render/widgets.py)
_ROLE = "\x1f"  # between a text's words and its role in a key of HEIGHTS (never in words)
ROLE_NAMES = {BUTTON: "a button's label"}


def role_key(words: str, role: str | None) -> str:
    """How HEIGHTS names `words` drawn as `role`: the words alone for plain text, so the same
    words in two roles (the "Tipp" badge, the Tipp button) are measured apart."""
    return words if role is None else f"{words}{_ROLE}{role}"


def heights_of(texts: list[Text]) -> dict[str, int]:
    """Each text's key (`role_key`) -> the smallest height its lines are drawn at."""
    heights: dict[str, int] = {}
    for text in texts:
        if text.height:
            key = role_key(text.words, text.role)
            heights[key] = min(text.height, heights.get(key, text.height))
    return heights


def short_texts(small: dict[str, dict[str, int]], large: dict[str, dict[str, int]],
                reading: int, growth: float = 1.8, *,
                paragraphs: dict[str, list[str]] | None = None,
                top: int | None = None) -> list[str]:
    """Each reading text (lines at most `reading` px tall at 100 %) on a screen of `small` that
    the same screen of `large` (the heights at a larger text size) draws less than `growth`
    times as tall: "screen: 'words' 30 -> 33 px". A paragraph of a screen (`paragraphs`) is
    reading text at any size: it grows `growth` times, or to `top` (large text's height) less
    4 px where that is less."""
    found = []
    for shot, texts in small.items():
        wrapped = set((paragraphs or {}).get(shot, ()))
        drawn = large.get(shot, {})
        for key, height in texts.items():
            words, _, role = key.partition(_ROLE)
            after = drawn.get(key)
            if after is None:  # not in this role at the larger size: in any other it is
                after = min((h for k, h in drawn.items() if k.partition(_ROLE)[0] == words),
                            default=None)
            want = growth * height
            if words in wrapped and top is not None:
                want = min(want, top - 4)
            elif height > reading:
                continue
            if after is not None and after < want:
                named = f" ({ROLE_NAMES.get(role, role)})" if role else ""
                found.append(f"{shot}: {words!r}{named} {height} -> {after} px")
    return found


def audit(app) -> list[str]:
    """Draw each scene the player sees onto its own recording screen and check its texts (an
    overlay's against each other and its panel, not against the dimmed scene beneath)."""
    problems = []
    top = app.stack.top
    HEIGHTS.clear()
    PARAGRAPHS.clear()
    for scene in app.stack.visible():
        screen = Recorder()
        scene.draw(screen)
        for key, height in heights_of(screen.texts).items():  # the smallest on this screen
            HEIGHTS[key] = min(height, HEIGHTS.get(key, height))
        for text in screen.texts:
            if text.paragraph:
                PARAGRAPHS.add(text.words)
            problems += glyph_problems(app.assets, text.words)
        buttons = [e.rect for e in app.ui.get_sprite_group().sprites()
                   if isinstance(e, pygame_gui.elements.UIButton) and e.visible] \
            if scene is top else []
        panel = None if scene.opaque else getattr(scene, "panel_rect", None)
        problems += check_scene(screen.texts, panel, buttons, screen.shapes)
    problems += widget_problems(app.ui)
    problems += [f"{words!r} does not fit {box[0]}x{box[1]} even at {fit.FLOOR} px"
                 for words, box in fit.MISFITS]  # made since the last audit
    fit.MISFITS.clear()
    return list(dict.fromkeys(problems))


if __name__ == "__main__":
    # A module of tools/screenshots.py --audit, with nothing to run by itself.
    import argparse
    argparse.ArgumentParser(description=__doc__.splitlines()[0],
                            epilog="Run by tools/screenshots.py --audit.").parse_args()
    raise SystemExit("nothing to run by itself: use tools/screenshots.py --audit")
