"""The saved games in progress read back (for Continue and Saved games) and the last finished
games' records; game.match.saving writes them."""

from __future__ import annotations

import glob
import hashlib
import time
from dataclasses import dataclass, replace
from pathlib import Path

from game.files import FileFault, read_text, shown
from game.i18n import _, reason
from game.match import review_file
from game.match.occasions import occasion_of
from game.match.record import Record, RecordError, read_record, write_record
from game.match.saving import (  # noqa: F401 - the games in progress: found here as before
    DISCARDED,
    KEEP_GAMES,
    SAVE_FILE,
    SaveWriter,
    clear_game,
    game_file,
    save_folder,
    save_game,
    saved_files,
    store,
    why_not_saved,
)
from game.paths import keep_aside, write_atomic

REPLAYS_DIR = "replays"
KEEP_REPLAYS = 20


# The games in progress --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SavedGame:
    """One game of the store: its file, its record and when it was last saved (epoch s)."""

    path: Path
    record: Record
    when: float


def load_games(folder: str | Path | None = None, *,
               finished=None) -> tuple[list[SavedGame], str | None]:
    """Every saved game in progress, most recent first, and a notice for the player (None:
    nothing to tell). A damaged save is kept aside (renamed beside it) with a notice, and the
    others still load. A save of a finished game (a crash came between its last move and the
    end being kept) is handed to `finished(record, final)` to be kept, then cleared. The
    single save of earlier versions joins the store first. Never raises for a bad file."""
    notices = [convert_single_save(folder, finished)]
    games = []
    for path in saved_files(folder):
        record, notice = _read_save(path, finished)
        notices.append(notice)
        if record is not None:
            try:
                when = path.stat().st_mtime
            except OSError:
                continue  # gone since it was read (discarded by another window)
            games.append(SavedGame(path, record, when))
    told = [n for n in notices if n]
    return games, "\n".join(dict.fromkeys(told)) or None


def load_game(folder: str | Path | None = None, *, finished=None) -> tuple[Record | None, str | None]:
    """The most recent saved game in progress (Continue's), if any, and a notice."""
    games, notice = load_games(folder, finished=finished)
    return (games[0].record if games else None), notice


def _read_save(path: Path, finished) -> tuple[Record | None, str | None]:
    """One save read back: its record, or None and a notice (set aside) or nothing (finished)."""
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
    # A joiner's save holds no task cards (the table keeps them): it joins the table again.
    if record.tasks is None and occasion_of(record).saves_tasks:
        return None, _set_aside(path, _("the task cards are missing"))
    final = record.final_state()
    if final.over:
        if finished is not None:
            finished(record, final)  # counted once: the profile knows the game's id
        path.unlink(missing_ok=True)  # a finished game has nothing to continue
        return None, None
    return record, None


def convert_single_save(folder: str | Path | None = None, finished=None) -> str | None:
    """The one game-in-progress.txt of earlier versions, moved into the store as a game of its
    own (a record without an id gets one made from its text, so a start that stops half way
    and runs again converts it to the same file). A damaged one is kept aside with a notice,
    as before. None, or the notice."""
    path = save_folder(folder) / SAVE_FILE
    record, notice = _read_save(path, finished)
    if record is None:
        return notice
    try:
        text = read_text(path)
        if record.game is None:  # an id made from the text: the same at every try
            made = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
            record = replace(record, game=made)
            text = write_record(record, secret=True)
        store(folder).mkdir(parents=True, exist_ok=True)
        write_atomic(game_file(record.game, folder), text)  # whole before the old one goes
        path.unlink()
    except (OSError, FileFault) as err:  # it stays where it is, for the next start
        why = err.words if isinstance(err, FileFault) else why_not_saved(err)
        return _("This game cannot be saved: %(why)s.") % {"why": why}
    return None


def discard(game: str, folder: str | Path | None = None) -> Path | None:
    """Put a saved game aside as discarded (the Saved games list can still bring it back with
    undo_discard); the path it went to, or None when it could not be moved."""
    path = game_file(game, folder)
    gone = path.with_name(path.name + DISCARDED)
    try:
        path.replace(gone)
    except OSError:
        return None
    return gone


def undo_discard(game: str, folder: str | Path | None = None) -> bool:
    """A discarded game back in the store, as it was; whether it came back."""
    path = game_file(game, folder)
    try:
        path.with_name(path.name + DISCARDED).replace(path)
    except OSError:
        return False
    return True


def forget_discarded(folder: str | Path | None = None) -> None:
    """Remove for good the games discarded and not brought back (the list was left, or the
    game stopped while it was open)."""
    try:
        gone = [p for p in store(folder).iterdir() if p.name.endswith(".txt" + DISCARDED)]
    except OSError:
        return
    for path in gone:
        try:
            path.unlink()
        except OSError:
            pass  # it is not listed: it is removed the next time


def _set_aside(path: Path, why: str) -> str:
    """Keep the damaged file beside it under a new name; say so in the player's words."""
    backup = keep_aside(path, "damaged")
    why = shown(why)  # it may quote the file: NUL bytes and line breaks are not drawn
    if backup is None:
        return _("Your saved game is damaged (%(why)s); a fresh game can start.") % {"why": why}
    return _("Your saved game was damaged (%(why)s). It was kept as %(name)s; "
             "a fresh game can start.") % {"why": why, "name": shown(backup.name)}


def continue_words(record: Record, short: bool = False) -> str:
    """What the title screen's Continue says: "Standard, 3 players, 13 moves played" (`short`:
    "Standard, 13 moves played")."""
    return occasion_of(record).continue_words(record, short)


# The last finished games ------------------------------------------------------------------

SHELVES = ("together", "solo")  # games with others, and solo deals and puzzles: kept apart


def shelf_of(path: Path) -> str:
    """Which shelf a kept record is on, by its name (older names: with the games together)."""
    return next((s for s in SHELVES[1:] if f"-{s}-" in path.name), SHELVES[0])


ONLINE_TAG = "-online"  # in a kept record's name: the game was played at an online table


def played_online(path: Path) -> bool:
    """Whether a kept record is of a game played at an online table (by its name)."""
    return ONLINE_TAG + "-" in path.name


def keep_replay(text: str, folder: str | Path | None = None, game: str | None = None,
                shelf: str = SHELVES[0], online: bool = False) -> str | None:
    """Keep a finished game's record among the last KEEP_REPLAYS of its shelf (so a run of
    puzzles never pushes the family's game out), once: a game whose id is kept already is not
    kept again; `online` marks it in its name. None, or a notice."""
    try:
        where = save_folder(folder) / REPLAYS_DIR
        where.mkdir(parents=True, exist_ok=True)
        if game is not None and any(where.glob(f"*-{game}.txt")):
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{shelf}" + (ONLINE_TAG if online else "")
        tag = f"-{game}" if game is not None else ""
        path = where / f"{stamp}{tag}.txt"
        n = 1
        while path.exists():
            n += 1
            path = where / f"{stamp}-{n}{tag}.txt"
        write_atomic(path, text)
        for old in [p for p in replays(folder) if shelf_of(p) == shelf][KEEP_REPLAYS:]:
            old.unlink(missing_ok=True)
            review_file.path_for(old).unlink(missing_ok=True)  # its review goes with it
    except OSError as err:
        return _("The game's record could not be kept (%(why)s).") % {"why": err.strerror or err}
    return None


def kept_replay(game: str | None, folder: str | Path | None = None) -> Path | None:
    """The kept record of the game with this id (None: no id, not kept, or unreadable)."""
    if game is None:
        return None
    try:
        return next(iter(sorted((save_folder(folder) / REPLAYS_DIR).glob(f"*-{glob.escape(game)}.txt"))),
                    None)
    except OSError:
        return None


def keep_game(record: Record, final, folder: str | Path | None = None,
              online: bool = False) -> str | None:
    """Keep a finished game (a Record and its final state) on its shelf: solo deals and
    puzzles apart from the games played together. None, or a notice."""
    shelf = SHELVES[1] if occasion_of(record).solo else SHELVES[0]
    return keep_replay(write_record(record, final=final), folder, record.game, shelf, online)


def replays(folder: str | Path | None = None) -> list[Path]:
    """The kept records, newest first. OSError when the replays folder cannot be read."""
    where = save_folder(folder) / REPLAYS_DIR
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
