"""The words of a table over days (issue 48): a move's time, the deadline rule, the time left
and the table's history notes, in the player's language."""

from __future__ import annotations

import math

from game.i18n import _, ngettext
from game.online.shared.protocol import DAY, WAIT

HOUR = 3600


def per_move_words(seconds: int) -> str:
    """The time each move may take, as the Host screen offers it: "2 days", "No time limit"."""
    if not seconds:
        return _("No time limit")
    if seconds % DAY == 0:
        days = seconds // DAY
        return ngettext("%(n)d day", "%(n)d days", days) % {"n": days}
    hours = max(1, round(seconds / HOUR))
    return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}


def rule_words(on_time: str) -> str:
    """What happens when a move's time runs out."""
    if on_time == WAIT:
        return _("The table waits for the player")
    return _("A computer plays the late move")


def left_words(seconds: float) -> str:
    """How long is left for a move: "2 days left", "5 hours left", "Time is up"."""
    if seconds <= 0:
        return _("Time is up")
    if seconds >= DAY:
        days = math.ceil(seconds / DAY - 0.05)
        return ngettext("%(n)d day left", "%(n)d days left", days) % {"n": days}
    if seconds >= HOUR:
        hours = math.ceil(seconds / HOUR)
        return ngettext("%(n)d hour left", "%(n)d hours left", hours) % {"n": hours}
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext("%(n)d minute left", "%(n)d minutes left", minutes) % {"n": minutes}


def note_words(note: str, name: str) -> str:
    """A line of the table's history (the server's notice `note`) about the seat to move then,
    `name` in its own slot."""
    if note == "reminder":
        return _("%(name)s: a quarter of the time for this move is left.") % {"name": name}
    if note == "time-ran-out":
        return _("%(name)s: the time for this move ran out. The table waits.") % {"name": name}
    if note == "computer-moved":
        return _("%(name)s: the time ran out, so a computer moved for them.") % {"name": name}
    if note == "more-time":
        return _("%(name)s: one more day for this move.") % {"name": name}
    if note == "closed":
        return _("The table was untouched for 30 days past its last deadline and is closed.")
    return ""
