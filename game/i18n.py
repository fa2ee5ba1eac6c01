"""The player's language: the gettext lookups every layer marks its words with."""

from __future__ import annotations

import gettext

# The active catalogue; English (the source language) until a language is chosen.
_translation: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """The message in the player's language. Call it when the text is drawn or built, never at
    import time, so a language switch reaches every screen at once."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The right plural form for n (Czech and Polish have three)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """One English word that needs two translations, told apart by context."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined; `_()` translates it where it is shown."""
    return message


def use(translation: gettext.NullTranslations) -> None:
    """Make translation the active catalogue."""
    global _translation
    _translation = translation
