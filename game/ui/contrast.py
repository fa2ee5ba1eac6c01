"""High contrast for the menus' pygame-gui theme: black on white, white on black, thick edges."""

from __future__ import annotations

import copy

WHITE, BLACK = "#FFFFFF", "#000000"
FOCUS = "#FFD000"  # hovered and chosen: a strong yellow, with black words
FOCUS_EDGE = "#B00000"
EDGE = 4  # border width in high contrast (the theme's are 2-3)


def light(colour: str) -> bool:
    """A theme colour ("#RRGGBB" or "#RRGGBBAA") is light (relative luminance over 0.4)."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in range(1, 7, 2))  # "#RRGGBB" pairs
    lum = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2] > 0.4


def high_contrast(theme: dict) -> dict:
    """The theme with every colour pushed to black, white or the focus yellow: light grounds
    white and dark ones black, words the opposite of their ground, edges black on white and
    white on black; hovered and chosen widgets yellow with black words; thicker borders.
    Shadows (colours with their own alpha) keep theirs."""
    theme = copy.deepcopy(theme)
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        colours = block.get("colours", {})
        # The widget's own ground: a slider's track (dark_bg) rather than its thumb's.
        ground = colours.get("dark_bg") or colours.get("normal_bg")
        on_light = ground is not None and len(ground) == 7 and light(ground)
        for key, value in colours.items():
            if not (isinstance(value, str) and value.startswith("#") and len(value) == 7):
                continue  # a gradient, or a shadow with its own alpha
            state = key.split("_")[0]
            if key.endswith("_bg"):
                colours[key] = FOCUS if state in ("hovered", "selected", "active") else \
                    WHITE if light(value) else BLACK
            elif key.endswith("_border"):
                colours[key] = FOCUS_EDGE if state in ("hovered", "selected", "active") else \
                    BLACK if on_light else WHITE
            elif "shadow" not in key:  # words, links, the text cursor: the ground's opposite
                colours[key] = BLACK if on_light or state in ("hovered", "selected", "active") \
                    else WHITE if light(value) else BLACK
        misc = block.get("misc")
        if isinstance(misc, dict) and "border_width" in misc:
            misc["border_width"] = str(max(EDGE, int(misc["border_width"])))
    return theme
