"""The game in progress, written off the frame after every move (SaveWriter) and cleared when
it ends: what the app needs at start, without the record reader (game.match.save reads saves)."""

from __future__ import annotations

import errno
import threading
import traceback
from pathlib import Path

from game.files import shown
from game.i18n import _
from game.paths import log_traceback, pref_dir, write_atomic

SAVE_FILE = "game-in-progress.txt"


def save_folder(folder: str | Path | None) -> Path:
    """Where the game in progress is kept: the pref folder, unless a folder is given."""
    return pref_dir() if folder is None else Path(folder)


def save_game(text: str, folder: str | Path | None = None) -> str | None:
    """Write a save (Match.save_text()) atomically. None, or a notice for the player."""
    try:
        path = save_folder(folder)
        path.mkdir(parents=True, exist_ok=True)
        write_atomic(path / SAVE_FILE, text)
    except OSError as err:
        return _("This game cannot be saved: %(why)s.") % {"why": why_not_saved(err)}
    return None


def why_not_saved(err: OSError) -> str:
    """Why a write failed, in the player's words: a full disk, a folder that is read-only."""
    if err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _("the disk is full")
    if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return _("the folder cannot be written to")
    return shown(err.strerror or err)


def clear_game(folder: str | Path | None = None) -> None:
    """Forget the game in progress (it finished, or the player abandoned it)."""
    try:
        (save_folder(folder) / SAVE_FILE).unlink(missing_ok=True)
    except OSError:
        pass  # an unremovable save is refused as finished or damaged the next time


_FORGET = object()  # handed to the writer instead of a text: clear the save


class SaveWriter:
    """Writes saves on a thread of its own so the frame never waits for the disk. Only the
    newest text matters: a save still waiting when a newer one comes is skipped.

    When saving starts failing the player is told once ("This game cannot be saved: the disk
    is full"), and once more when it works again; `take_notice` hands each word over once."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = folder  # None: the pref folder as it is at each save
        self.notice: str | None = None  # waiting to be told (take_notice), None: nothing new
        self.failing = False  # the last write failed
        self._latest: str | None = None
        self._busy = False
        self._closed = False
        self._error: BaseException | None = None
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="save", daemon=True)
        self._thread.start()

    def _raise_pending(self) -> None:
        """An error the writer met surfaces on the caller's (the game's) thread."""
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    def save(self, text: str) -> None:
        """Hand a save text over (returns at once)."""
        self._raise_pending()
        with self._cond:
            self._latest = text
            self._cond.notify_all()

    def forget(self) -> None:
        """Clear the game in progress on the writer's thread, after any save before it
        (returns at once; a finished or abandoned game)."""
        self._raise_pending()
        with self._cond:
            self._latest = _FORGET
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._latest is None and not self._closed:
                    self._cond.wait()
                if self._latest is None:
                    return
                text, self._latest, self._busy = self._latest, None, True
            try:
                if text is _FORGET:
                    clear_game(self.folder)
                else:
                    self._write(text)
            except Exception as err:  # noqa: BLE001 - handed on, never swallowed: see _raise_pending
                # A bug here would die silently with this thread: log it now, and raise it on
                # the game thread at its next save, forget or flush (the scene's error path).
                log_traceback("".join(traceback.format_exception(err)))
                self._error = err
            with self._cond:
                self._busy = False
                self._cond.notify_all()

    def _write(self, text: str) -> None:
        notice = save_game(text, self.folder)
        if notice is not None and not self.failing:
            self.failing = True
            self._tell(notice)
        elif notice is None and self.failing:
            self.failing = False
            self._tell(_("This game can be saved again."))

    def _tell(self, words: str) -> None:
        with self._cond:
            self.notice = words

    def take_notice(self) -> str | None:
        """What the player should be told about saving since the last call, once."""
        with self._cond:
            notice, self.notice = self.notice, None
        return notice

    def has_game(self) -> bool:
        """Whether a game in progress is saved (pending saves written first)."""
        self.flush()
        return (save_folder(self.folder) / SAVE_FILE).exists()

    def flush(self) -> None:
        """Wait until every save handed in is on disk; an error in the writer surfaces here."""
        with self._cond:
            while (self._latest is not None or self._busy) and self._thread.is_alive():
                self._cond.wait()
        self._raise_pending()

    def clear(self) -> None:
        """Forget the game in progress once every pending save is written."""
        self.flush()
        clear_game(self.folder)

    def close(self) -> None:
        """Write what is pending and end the thread (a writer error still surfaces here)."""
        try:
            self.flush()
        finally:
            with self._cond:
                self._closed = True
                self._cond.notify_all()
            self._thread.join()
