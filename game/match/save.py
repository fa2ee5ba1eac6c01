"""The game in progress (saved after every move, for Continue) and the last finished games' records."""

from __future__ import annotations

import errno
import threading
import time
import traceback
from pathlib import Path

from game.files import FileFault, read_text, shown
from game.i18n import _, reason
from game.match.record import Record, RecordError, read_record, write_record
from game.match.words import describe_game
from game.paths import keep_aside, log_traceback, pref_dir, write_atomic

SAVE_FILE = "game-in-progress.txt"
REPLAYS_DIR = "replays"
KEEP_REPLAYS = 20


def _folder(folder: str | Path | None) -> Path:
    return pref_dir() if folder is None else Path(folder)


# The game in progress ---------------------------------------------------------------------

def save_game(text: str, folder: str | Path | None = None) -> str | None:
    """Write a save (Match.save_text()) atomically. None, or a notice for the player."""
    try:
        path = _folder(folder)
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


def load_game(folder: str | Path | None = None, *, finished=None) -> tuple[Record | None, str | None]:
    """The saved game in progress, if any, and a notice for the player. A damaged save is
    kept aside (renamed beside it) and None comes back with a notice. A save of a finished
    game (a crash came between its last move and the end being kept) is handed to
    `finished(record, final)` to be kept, then cleared. Never raises for a bad file."""
    path = _folder(folder) / SAVE_FILE
    try:
        text = read_text(path)
    except FileNotFoundError:
        return None, None
    except FileFault as fault:
        return None, _set_aside(path, fault.words)
    try:
        record = read_record(text)
    except RecordError as err:
        return None, _set_aside(path, reason(err))
    if record.tasks is None and not record.mode.solo:
        return None, _set_aside(path, _("the task cards are missing"))
    final = record.final_state()
    if final.over:
        if finished is not None:
            finished(record, final)  # counted once: the profile knows the game's id
        clear_game(folder)  # a finished game has nothing to continue
        return None, None
    return record, None


def clear_game(folder: str | Path | None = None) -> None:
    """Forget the game in progress (it finished, or the player abandoned it)."""
    try:
        (_folder(folder) / SAVE_FILE).unlink(missing_ok=True)
    except OSError:
        pass  # an unremovable save is refused as finished or damaged the next time


def _set_aside(path: Path, why: str) -> str:
    """Keep the damaged file beside it under a new name; say so in the player's words."""
    backup = keep_aside(path, "damaged")
    why = shown(why)  # it may quote the file: NUL bytes and line breaks are not drawn
    if backup is None:
        return _("Your saved game is damaged (%(why)s); a fresh game can start.") % {"why": why}
    return _("Your saved game was damaged (%(why)s). It was kept as %(name)s; "
             "a fresh game can start.") % {"why": why, "name": shown(backup.name)}


def continue_words(record: Record) -> str:
    """What the title screen's Continue says: "Standard, 3 players, move 14"."""
    return describe_game(record.mode, len(record.seats), len(record.moves), level=record.level,
                         daily=record.daily is not None, online=record.online is not None)


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
        return (_folder(self.folder) / SAVE_FILE).exists()

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


# The last finished games ------------------------------------------------------------------

SHELVES = ("together", "solo")  # games with others, and solo deals and puzzles: kept apart


def shelf_of(path: Path) -> str:
    """Which shelf a kept record is on, by its name (older names: with the games together)."""
    return next((s for s in SHELVES[1:] if f"-{s}-" in path.name), SHELVES[0])


def keep_replay(text: str, folder: str | Path | None = None, game: str | None = None,
                shelf: str = SHELVES[0]) -> str | None:
    """Keep a finished game's record among the last KEEP_REPLAYS of its shelf (so a run of
    puzzles never pushes the family's game out), once: a game whose id is kept already is not
    kept again. None, or a notice."""
    try:
        where = _folder(folder) / REPLAYS_DIR
        where.mkdir(parents=True, exist_ok=True)
        if game is not None and any(where.glob(f"*-{game}.txt")):
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{shelf}"
        tag = f"-{game}" if game is not None else ""
        path = where / f"{stamp}{tag}.txt"
        n = 1
        while path.exists():
            n += 1
            path = where / f"{stamp}-{n}{tag}.txt"
        write_atomic(path, text)
        for old in [p for p in replays(folder) if shelf_of(p) == shelf][KEEP_REPLAYS:]:
            old.unlink(missing_ok=True)
    except OSError as err:
        return _("The game's record could not be kept (%(why)s).") % {"why": err.strerror or err}
    return None


def keep_game(record: Record, final, folder: str | Path | None = None) -> str | None:
    """Keep a finished game (a Record and its final state) on its shelf: solo deals and
    puzzles apart from the games played together. None, or a notice."""
    shelf = SHELVES[1] if record.mode.solo else SHELVES[0]
    return keep_replay(write_record(record, final=final), folder, record.game, shelf)


def replays(folder: str | Path | None = None) -> list[Path]:
    """The kept records, newest first. OSError when the replays folder cannot be read."""
    where = _folder(folder) / REPLAYS_DIR
    if not where.is_dir():
        return []
    found = []
    for path in where.iterdir():
        if path.suffix != ".txt":
            continue
        try:  # a file gone since the listing, or a link to nowhere, is no replay
            found.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    return [path for *_key, path in sorted(found, reverse=True)]


def load_replay(path: str | Path) -> Record:
    """Read a kept record; RecordError (naming the line) when it is broken or unreadable."""
    try:
        text = read_text(path)
    except FileNotFoundError as err:
        raise RecordError(1, f"the file cannot be read ({err.strerror})") from None
    except FileFault as fault:
        raise RecordError(1, fault.words) from None
    return read_record(text)
