"""The menus' widget words at the player's text size: the largest size that fits, down to 100 %."""

from __future__ import annotations

import copy

from pygame_gui.core import ObjectID

from game.render import looks

STEP = 2  # px between the sizes a widget's words may take
# A style whose words may come down below its own 100 % size (a text box for a long name came
# down to @entry_small's 24 px before text sizes, and still does).
FLOORS = {"@entry": 24}
SEP = "_at_"  # "@menu_button_at_40": @menu_button's block with its words at 40 px
_base: dict[str, int] = {}  # style -> its size at 100 %, from the theme last sized


def sizes(style: str) -> list[int]:
    """The sizes a style's words may take at the player's text size, largest first."""
    base = _base.get(style)
    if base is None:
        return []
    top = looks.scaled(base)
    floor = min(FLOORS.get(style, base), top)
    return [top] + [s for s in range(top - STEP, floor, -STEP)] + ([floor] if floor < top else [])


def sized_theme(theme: dict) -> dict:
    """The theme at the player's text size: each font grows (looks.scaled) and each widget
    style ("@menu_button") gets a block per smaller size its words may take (SEP)."""
    theme = copy.deepcopy(theme)
    _base.clear()
    for name, block in list(theme.items()):
        font = block.get("font") if isinstance(block, dict) else None
        if not isinstance(font, dict) or not str(font.get("size", "")).isdigit():
            continue
        base = int(font["size"])
        font["size"] = str(looks.scaled(base))
        if name.startswith("@"):
            _base[name] = base
            for size in sizes(name)[1:]:
                smaller = copy.deepcopy(block)
                smaller["font"]["size"] = str(size)
                theme[f"{name}{SEP}{size}"] = smaller
    return theme


def style_of(element) -> str | None:
    """The widget's style as the scene made it ("@menu_button"), whatever size it took."""
    classes = [c for c in element.class_ids if c]
    return classes[-1].split(SEP)[0] if classes else None


def _take(element, style: str, size: int, top: int) -> None:
    wanted = style if size == top else f"{style}{SEP}{size}"
    if element.class_ids[-1:] != [wanted]:
        element.change_object_id(ObjectID(object_id=element.object_ids[-1], class_id=wanted))


def fits(element, text: str, pad: int) -> bool:
    font = getattr(element, "font", None)
    if font is None:
        return True
    width, height = font.size(text)
    return width <= element.rect.width - pad and height <= element.rect.height - 4


def fit(element, texts, pad: int, set_text=None) -> str:
    """The first of `texts` (longest wording first) at the largest size that fits the widget,
    else the next wording; the last wording at the smallest size when none fits (the text
    audit reports it). `set_text` writes the chosen words (a button's set_text)."""
    style = style_of(element)
    options = sizes(style) if style else []
    chosen = (texts[-1], options[-1] if options else None)
    for text in texts:
        for size in options or [None]:
            if size is not None:
                font = getattr(element, "font", None)
                now = font.get_point_size() if font is not None else size
                if font is not None and font.size(text)[0] * size / max(1, now) > \
                        element.rect.width - pad + 2:
                    continue  # too wide even by its proportion: not worth building
                _take(element, style, size, options[0])
            if fits(element, text, pad):
                chosen = (text, size)
                break
        else:
            continue
        break
    text, size = chosen
    if size is not None:
        _take(element, style, size, options[0])
    if set_text is not None and text != getattr(element, "text", None):
        set_text(text)
    return text


def follow(element, pad: int) -> None:
    """Words a scene sets on the widget later (a switch's On / Off, the editor's target) are
    fitted too; `element.raw_set_text` still sets them as they are."""
    raw = element.set_text

    def set_text(text, *args, **kwargs):
        fit(element, [text], pad, lambda words: raw(words, *args, **kwargs))

    element.raw_set_text = raw
    element.set_text = set_text
