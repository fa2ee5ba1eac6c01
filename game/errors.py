"""What happens when a scene fails: log the traceback to the pref folder, show a friendly message."""

from __future__ import annotations

from game.i18n import _
from game.paths import LOG, log_traceback

__all__ = ["LOG", "log_traceback", "report"]


def report(app, text: str) -> None:
    """Log the error and bring the player back to the menu with a short message."""
    log_traceback(text)
    if getattr(app, "kiosk_ctl", None) is not None:
        app.kiosk_ctl.recover()  # a kiosk goes back to its demo, nobody is there to read a notice
        return
    app.go_to_menu(notice=_("Something went wrong, so we went back to the menu. The details "
                            "are in errors.log."))
