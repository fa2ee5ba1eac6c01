"""What happens when a scene fails: log the traceback to the pref folder, show a friendly message."""

from __future__ import annotations

import time

from game.i18n import _
from game.paths import pref_dir

LOG = "errors.log"


def log_traceback(text: str) -> None:
    try:
        with open(pref_dir() / LOG, "a", encoding="utf-8") as fh:
            fh.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}\n")
    except OSError:
        pass


def report(app, text: str) -> None:
    """Log the error and bring the player back to the menu with a short message."""
    log_traceback(text)
    if getattr(app, "kiosk_ctl", None) is not None:
        app.kiosk_ctl.recover()  # a kiosk goes back to its demo, nobody is there to read a notice
        return
    app.notice = _("Something went wrong, so we went back to the menu. The details are in "
                   "errors.log.")
    app.go_to_menu()
