"""A widget in words, as the table that speaks says it: what it holds, and what typing changed."""

from __future__ import annotations

import pygame_gui

from game.i18n import N_, _, format_percent

# A button that shows a sign alone is heard as its word (a voice reads "−" as nothing or
# as "dash"); a selector's arrows are drawn, never said.
SIGN_WORDS = {"\u2212": N_("minus"), "-": N_("minus"), "+": N_("plus"), "\u2014": N_("none")}


def spoken_value(element) -> str:
    """What a widget holds, as the table that speaks says it: a button's or a selector's
    words, a slider's value in percent, a text box's text (or that it is empty)."""
    if isinstance(element, pygame_gui.elements.UIHorizontalSlider):
        low, high = element.value_range
        share = (element.get_current_value() - low) / ((high - low) or 1)
        return format_percent(round(share * 100))
    if isinstance(element, pygame_gui.elements.UITextEntryLine):
        return element.get_text() or _("empty")
    words = " ".join(getattr(element, "text", "").replace("\u2039", " ").replace(
        "\u203a", " ").split())
    return _(SIGN_WORDS[words]) if words in SIGN_WORDS else words


def typed_words(before: str, after: str) -> str:
    """What typing into a text box changed, to echo it: the letters added ("a", "space"),
    "deleted: x" for those taken away, else the whole new text."""
    def letters(text: str) -> str:
        return _("space") if text == " " else text

    if after.startswith(before) and after != before:
        return letters(after[len(before):])
    if before.startswith(after) and after != before:
        return _("deleted: %(letters)s") % {"letters": letters(before[len(after):])}
    return after or _("empty")
