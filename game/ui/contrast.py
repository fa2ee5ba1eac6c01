"""High contrast for the menus' pygame-gui theme: black on white, white on black, thick edges."""

from __future__ import annotations

import copy

from game.render.palette import GREY_ON_DARK, GREY_ON_LIGHT, hex_of

WHITE, BLACK = "#FFFFFF", "#000000"
FOCUS = "#FFD000"  # chosen (the focus): a strong yellow, with black words
FOCUS_EDGE = "#B00000"
# What cannot be chosen: grey words, readable, on the ground of what can.
OFF_ON_LIGHT, OFF_ON_DARK = hex_of(GREY_ON_LIGHT), hex_of(GREY_ON_DARK)
EDGE = 4  # border width in high contrast (the theme's are 2-3)


def luminance(colour) -> float:
    """WCAG's relative luminance of a colour: a theme's "#RRGGBB" (or "#RRGGBBAA") or a triple."""
    if isinstance(colour, str):
        colour = [int(colour[i:i + 2], 16) for i in range(1, 7, 2)]  # "#RRGGBB" pairs
    lum = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
           for c in (x / 255 for x in colour[:3])]
    return 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2]


def ratio(a, b) -> float:
    """WCAG's contrast ratio of two colours (1 .. 21; words want 4.5 and more)."""
    light_one, dark_one = sorted((luminance(a), luminance(b)), reverse=True)
    return (light_one + 0.05) / (dark_one + 0.05)


def light(colour: str) -> bool:
    """A theme colour ("#RRGGBB" or "#RRGGBBAA") is light (relative luminance over 0.4)."""
    return luminance(colour) > 0.4


def high_contrast(theme: dict) -> dict:
    """The theme with every colour pushed to black, white or the focus yellow: light grounds
    white and dark ones black, words the opposite of their ground, edges black on white and
    white on black; chosen (focused) widgets yellow with black words; hovered ones the other
    way round from their plain look (white on black), never like the focus; disabled ones
    with grey words on their plain ground (readable, yet told apart); thicker borders.
    Shadows (colours with their own alpha) keep theirs."""
    theme = copy.deepcopy(theme)
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        colours = block.get("colours", {})
        # The widget's own ground: a slider's track (dark_bg) rather than its thumb's.
        ground = colours.get("dark_bg") or colours.get("normal_bg")
        on_light = ground is not None and len(ground) == 7 and light(ground)
        normal = colours.get("normal_bg")
        plain = (WHITE if light(normal) else BLACK) if isinstance(normal, str) and \
            len(normal) == 7 else WHITE if on_light else BLACK  # the plain look's ground
        for key, value in colours.items():
            if not (isinstance(value, str) and value.startswith("#") and len(value) == 7):
                continue  # a gradient, or a shadow with its own alpha
            colours[key] = _pushed(key, value, on_light, plain)
        misc = block.get("misc")
        if isinstance(misc, dict) and "border_width" in misc:
            misc["border_width"] = str(max(EDGE, int(misc["border_width"])))
    return theme


def _pushed(key: str, value: str, on_light: bool, plain: str) -> str:
    """One theme colour in high contrast (see high_contrast); `plain` is the ground of the
    widget's plain look."""
    state = key.split("_")[0]
    other = BLACK if plain == WHITE else WHITE
    greyed = OFF_ON_LIGHT if plain == WHITE else OFF_ON_DARK
    if state in ("selected", "active"):  # the focus
        return FOCUS if key.endswith("_bg") else FOCUS_EDGE if key.endswith("_border") \
            else value if "shadow" in key else BLACK
    if state == "hovered":  # the plain look turned over
        return other if key.endswith("_bg") else value if "shadow" in key else plain
    if key.endswith("_bg"):
        return plain if state == "disabled" else WHITE if light(value) else BLACK
    if "shadow" in key:
        return value
    if state == "disabled":  # words and edge grey, still readable on the plain ground
        return greyed
    if key.endswith("_border"):
        return BLACK if on_light else WHITE
    # words, links, the text cursor: the ground's opposite
    return BLACK if on_light else WHITE if light(value) else BLACK
