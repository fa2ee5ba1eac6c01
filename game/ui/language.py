"""Switching the language while the game runs: the catalogue, pygame-gui's locale, every scene."""

from __future__ import annotations

from game import i18n


def switch_language(app, code: str) -> str | None:
    """Put `code` on every screen at once (no restart); returns the notice when its catalogue
    failed to load (the game then speaks English)."""
    notice = i18n.set_language(code)
    scenes = app.stack.scenes  # covered scenes too: they must be right when uncovered
    for scene in scenes:
        scene.drop_widgets()  # widgets about to be rebuilt need not be re-laid out by set_locale
    app.ui.set_locale(i18n.current())  # pygame-gui's own words (falls back to English itself)
    for scene in scenes:
        scene.language_changed()
    return notice
