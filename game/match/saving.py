"""The games in progress, each saved off the frame after every move (SaveWriter) into a store of
its own file, and removed when it ends or is discarded: what the app needs at start, without
the record reader (game.match.loading reads the saved games).

The store is the folder saved-games/ in the pref folder: one record per game, named by the
game's id (`<id>.txt`), each written atomically, so a game saved never touches another. The
most recent is the one most recently saved. At most KEEP_GAMES are listed; a game saved beyond
them moves the oldest into saved-games/older/ (nothing is deleted) and the player is told.
docs/RECORDS.md describes the layout.
"""

from __future__ import annotations

import errno
import os
import threading
import time
import traceback
from pathlib import Path

from game.files import shown
from game.i18n import _, ngettext
from game.paths import log_traceback, pref_dir, write_atomic

STORE_DIR = "saved-games"
OLDER_DIR = "older"  # inside the store: games pushed out by the cap, kept whole
SAVE_FILE = "game-in-progress.txt"  # the one save of earlier versions: converted at the start
KEEP_GAMES = 20
DISCARDED = ".discarded"  # a game discarded while the Saved games list is open (Undo brings it)


def save_folder(folder: str | Path | None) -> Path:
    """Where the games in progress are kept: the pref folder, unless a folder is given."""
    return pref_dir() if folder is None else Path(folder)


def store(folder: str | Path | None = None) -> Path:
    """The store's own folder (saved-games/ in the save folder)."""
    return save_folder(folder) / STORE_DIR


def game_file(game: str, folder: str | Path | None = None) -> Path:
    """The file that holds the game whose id is `game`."""
    return store(folder) / f"{game}.txt"


def saved_files(folder: str | Path | None = None) -> list[Path]:
    """The saved games' files, most recently saved first (the newest is Continue's)."""
    where = store(folder)
    found = []
    try:
        names = os.listdir(where)
    except OSError:  # no store yet, or one that cannot be read: nothing to continue
        return []
    for name in names:
        if not name.endswith(".txt"):
            continue  # a temporary file, a game set aside or discarded
        path = where / name
        try:
            info = path.stat()
        except OSError:
            continue  # gone since the listing
        if path.is_file():
            found.append((info.st_mtime_ns, name, path))
    return [path for *_key, path in sorted(found, reverse=True)]


def has_saved(folder: str | Path | None = None) -> bool:
    """Whether any game is saved (or the single save of an earlier version waits)."""
    return bool(listing(folder))


def listing(folder: str | Path | None = None) -> tuple:
    """What the store holds, to tell a change: each saved game's file and time, and the
    single save of an earlier version if one waits (empty: nothing to continue)."""
    # The old single save is looked at first, the store after: another start converting it
    # writes the store's file before removing the old one, so one of the two looks sees the
    # game. (Store first, a conversion between the looks hid it: no Continue; finding 2.)
    single = (save_folder(folder) / SAVE_FILE).exists()
    found = []
    for path in saved_files(folder):
        try:
            found.append((path.name, path.stat().st_mtime_ns))
        except OSError:
            continue
    if single:
        found.append((SAVE_FILE, 0))
    return tuple(found)


def game_of(text: str) -> str:
    """A save's game id, from its `game:` line (every save the game writes has one)."""
    for line in text.splitlines():
        key, _colon, value = line.partition(":")
        if key.strip() == "game" and value.strip():
            return value.strip()
    raise ValueError("a save names its game on a 'game:' line")


def save_game(text: str, folder: str | Path | None = None, game: str | None = None) -> str | None:
    """Write a game's save (Match.save_text()) atomically into the store, as the file of its
    game (`game`, else the id the text names). None, or a notice for the player."""
    game = game_of(text) if game is None else game
    try:
        where = store(folder)
        where.mkdir(parents=True, exist_ok=True)
        write_atomic(where / f"{game}.txt", text)
        _stamp(where / f"{game}.txt")
    except OSError as err:
        return _("This game cannot be saved: %(why)s.") % {"why": why_not_saved(err)}
    return None


_last_stamp = [0]


def _stamp(path: Path) -> None:
    """The file's time set to now, later than any save before it in this process: which game
    was saved last must not hang on the file system's clock steps (a few ms on some)."""
    now = max(time.time_ns(), _last_stamp[0] + 1000)
    _last_stamp[0] = now
    os.utime(path, ns=(now, now))


def why_not_saved(err: OSError) -> str:
    """Why a write failed, in the player's words: a full disk, a folder that is read-only."""
    if err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _("the disk is full")
    if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return _("the folder cannot be written to")
    return shown(err.strerror or err)


def clear_game(game: str, folder: str | Path | None = None) -> None:
    """Forget one game in progress (it finished, or the player abandoned it); the others stay."""
    try:
        game_file(game, folder).unlink(missing_ok=True)
    except OSError:
        pass  # an unremovable save is refused as finished or damaged the next time


def beyond_the_cap(folder: str | Path | None = None) -> str | None:
    """Keep KEEP_GAMES saved games listed: any older one moves, whole, into saved-games/older/
    (never deleted). None, or the notice that says so."""
    files = saved_files(folder)
    if len(files) <= KEEP_GAMES:
        return None
    older = store(folder) / OLDER_DIR
    try:
        older.mkdir(exist_ok=True)
        for path in files[KEEP_GAMES:]:
            os.replace(path, older / path.name)
    except OSError as err:
        log_traceback(f"saved games beyond {KEEP_GAMES} could not be moved: {err}")
        return None  # they stay listed: nothing is lost
    return cap_words(shown(older))


def cap_words(folder: str) -> str:
    """What the player reads when the oldest saved games went into `folder`."""
    return ngettext("Saved games keeps the %(n)d most recent game: the oldest was moved to "
                    "the folder %(folder)s, where it is kept whole.",
                    "Saved games keeps the %(n)d most recent games: the oldest was moved to "
                    "the folder %(folder)s, where it is kept whole.", KEEP_GAMES) % {
        "n": KEEP_GAMES, "folder": folder}


_FORGET = object()  # handed to the writer instead of a text: clear that game's save


class SaveWriter:
    """Writes saves on a thread of its own so the frame never waits for the disk. Each game
    has its own file; of one game only the newest text matters (a save still waiting when a
    newer one of the same game comes is skipped).

    When saving starts failing the player is told once ("This game cannot be saved: the disk
    is full"), and once more when it works again; `take_notice` hands each word over once."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = folder  # None: the pref folder as it is at each save
        self.notice: str | None = None  # waiting to be told (take_notice), None: nothing new
        self.failing = False  # the last write failed
        self._pending: dict[str, object] = {}  # game id -> its newest text, or _FORGET
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

    def save(self, text: str, game: str | None = None) -> None:
        """Hand a game's save over (returns at once); `game` defaults to the id it names."""
        self._hand(game_of(text) if game is None else game, text)

    def forget(self, game: str) -> None:
        """Clear a game's save on the writer's thread, after any save of it before (returns
        at once; a finished, restarted or discarded game). The other games stay."""
        self._hand(game, _FORGET)

    def _hand(self, game: str, what: object) -> None:
        self._raise_pending()
        with self._cond:
            self._pending.pop(game, None)  # the newest last: the order they are written in
            self._pending[game] = what
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if not self._pending:
                    return
                game = next(iter(self._pending))
                what = self._pending.pop(game)
                self._busy = True
            try:
                if what is _FORGET:
                    clear_game(game, self.folder)
                else:
                    self._write(what, game)
            except Exception as err:  # noqa: BLE001 - handed on, never swallowed: see _raise_pending
                # A bug here would die silently with this thread: log it now, and raise it on
                # the game thread at its next save, forget or flush (the scene's error path).
                log_traceback("".join(traceback.format_exception(err)))
                self._error = err
            with self._cond:
                self._busy = False
                self._cond.notify_all()

    def _write(self, text: str, game: str) -> None:
        new = not game_file(game, self.folder).exists()
        notice = save_game(text, self.folder, game)
        if notice is not None and not self.failing:
            self.failing = True
            self._tell(notice)
        elif notice is None and self.failing:
            self.failing = False
            self._tell(_("This game can be saved again."))
        if notice is None and new:
            told = beyond_the_cap(self.folder)
            if told is not None:
                self._tell(told)

    def _tell(self, words: str) -> None:
        with self._cond:
            self.notice = words

    def take_notice(self) -> str | None:
        """What the player should be told about saving since the last call, once."""
        with self._cond:
            notice, self.notice = self.notice, None
        return notice

    def has_game(self) -> bool:
        """Whether any game in progress is saved (pending saves written first)."""
        return bool(self.listing())

    def listing(self) -> tuple:
        """The store as it is once every pending save is written (see `listing`)."""
        self.flush()
        return listing(self.folder)

    def flush(self) -> None:
        """Wait until every save handed in is on disk; an error in the writer surfaces here."""
        with self._cond:
            while (self._pending or self._busy) and self._thread.is_alive():
                self._cond.wait()
        self._raise_pending()

    def close(self) -> None:
        """Write what is pending and end the thread (a writer error still surfaces here)."""
        try:
            self.flush()
        finally:
            with self._cond:
                self._closed = True
                self._cond.notify_all()
            self._thread.join()
