"""Reading the player's files with care, and making any text safe to show on screen.

Every reader of a file the player (or a crash, a full disk, an editor) may have damaged goes
through `read_text`: a size limit, regular files only (a FIFO or /dev/zero would hang or fill
memory), UTF-8 with or without a byte-order mark, no NUL bytes. What is wrong comes back as
one FileFault with plain words; the caller decides what the player is told and whether the
file is kept aside (game.paths.keep_aside). docs/DAMAGED_FILES.md lists what each file gets.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path

from game.i18n import N_, _

LIMIT = 4 * 1024 * 1024  # far beyond any real settings, save, record or level (a few kB)
SHOWN = 120  # characters of a file name or a quoted line shown to the player


class FileFault(Exception):
    """A file that exists but cannot be used; `why` is the English words (CLI, logs),
    `words` the player's (translated)."""

    def __init__(self, why: str, words: str | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.words = words if words is not None else _(why)


_TOO_LARGE = N_("it is too large to be one of the game's files")
_NOT_A_FILE = N_("it is not a regular file")
_NOT_TEXT = N_("it is not text")
_NUL = N_("it holds NUL bytes")


def read_text(path: str | Path, limit: int = LIMIT) -> str:
    """The text of `path`. FileNotFoundError when there is none; FileFault for anything else
    wrong: not a regular file, larger than `limit` bytes, unreadable, not UTF-8, NUL bytes.

    The file is opened without blocking and checked on its open descriptor, so a FIFO (or a
    file swapped for one after a look) never hangs the game."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as err:
        raise _os_fault(err) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileFault(_NOT_A_FILE)
        if info.st_size > limit:
            raise FileFault(_TOO_LARGE)
        data = os.read(fd, limit + 1)  # a file that lies about its size (/proc) stops here too
        while len(data) <= limit:
            more = os.read(fd, limit + 1 - len(data))
            if not more:
                break
            data += more
    except OSError as err:
        raise _os_fault(err) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileFault(_TOO_LARGE)
    try:
        text = data.decode("utf-8-sig")  # what older Windows editors write is text too
    except UnicodeDecodeError:
        raise FileFault(_NOT_TEXT) from None
    if "\x00" in text:
        raise FileFault(_NUL)
    return text


def _os_fault(err: OSError) -> FileFault:
    """The operating system's reason (its own words, in the system's language)."""
    reason = err.strerror or type(err).__name__
    return FileFault(f"it cannot be read ({reason})",
                     _("it cannot be read (%(why)s)") % {"why": reason})


def shown(text: object, limit: int = SHOWN) -> str:
    """Any text (a file name, a line of a damaged file, an error) made safe to draw: control
    characters, line breaks and unpaired surrogates become visible escapes or spaces, and a
    long text is cut to `limit` characters with an ellipsis (it is quoted, not read)."""
    out = []
    for ch in str(text):
        category = unicodedata.category(ch)
        if ch in "\t\n\r" or category in ("Zl", "Zp"):
            out.append(" ")
        elif category in ("Cc", "Cs") or ch == "\ufeff":
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    words = "".join(out)
    return words if len(words) <= limit else words[:limit - 1] + "\u2026"
