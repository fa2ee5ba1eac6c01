"""Where things live: the bundled assets and levels, and the player's pref folder."""

from __future__ import annotations

import atexit
import contextlib
import errno
import os
import shutil
import sys
import tempfile
import threading
import time
from importlib import resources
from pathlib import Path


def data_folder(package: str) -> Path:
    """A data package's folder on disk, found through importlib.resources.

    The repository keeps assets/ and levels/ at its top level; the build maps them to the
    packages game.assets and game.levels, so a wheel, an editable install and the standalone
    app all answer here. pygame wants real file paths, so the folder must be one on disk.
    """
    return Path(os.fspath(resources.files(package)))


# ASSETS and LEVELS are found when first asked for (module __getattr__ below), not at import:
# the engine and the CLI import this module and must work from a plain source checkout,
# where the data packages exist only once the project is installed.
_DATA = {"ASSETS": "game.assets", "LEVELS": "game.levels"}


def __getattr__(name: str) -> Path:
    if name not in _DATA:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    folder = globals()[name] = data_folder(_DATA[name])  # found once, then an attribute
    return folder


# The pref folder that could not be used, and the throw-away folder this run uses instead.
_STAND_IN: dict[str, Path] = {}


def pref_dir() -> Path:
    """The per-user folder for settings, progress and logs (SCARE_IT_PREFS overrides it, for tests)."""
    override = os.environ.get("SCARE_IT_PREFS")
    if override in _STAND_IN or (not override and "" in _STAND_IN):
        return _STAND_IN[override or ""]
    if override:
        path = Path(override)
    else:
        import pygame  # only the game (never the CLI engine commands) asks for the pref folder

        path = Path(pygame.system.get_pref_path("ScareIt", "ScareIt"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def pref_dir_headless() -> Path:
    """The pref folder without pygame, for the headless server: on Linux the same folder SDL
    names (XDG_DATA_HOME, else ~/.local/share, then ScareIt/ScareIt); elsewhere pref_dir()."""
    override = os.environ.get("SCARE_IT_PREFS")
    if override or not sys.platform.startswith("linux"):
        return pref_dir()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    path = Path(base) / "ScareIt" / "ScareIt"
    path.mkdir(parents=True, exist_ok=True)
    return path


def check_pref_dir() -> str | None:
    """None when the pref folder can be used; else one line saying what is wrong and what to
    set, and from now on this run keeps its files in a throw-away folder (nothing is saved
    for the next start, but the game plays). Called once at the start of the game."""
    override = os.environ.get("SCARE_IT_PREFS") or ""
    try:
        path = pref_dir()
        if not path.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=path)  # can a file be made there?
        os.close(fd)
        os.unlink(probe)
        return None
    except (OSError, RuntimeError) as err:  # RuntimeError: pygame.error (no HOME, say)
        where = override or "the per-user folder"
        why = getattr(err, "strerror", None) or str(err) or type(err).__name__
        stand_in = _STAND_IN[override] = Path(tempfile.mkdtemp(prefix="scare-it-"))
        atexit.register(shutil.rmtree, stand_in, True)
        what = "SCARE_IT_PREFS" if override else "HOME (or XDG_DATA_HOME), or SCARE_IT_PREFS,"
        return (f"cannot keep settings and saves in {where[:80]} ({why}); set {what} to a "
                "folder you can write to. Playing without saving this time.")


def saving_off() -> bool:
    """Whether this run keeps its files in a throw-away folder (see check_pref_dir)."""
    return (os.environ.get("SCARE_IT_PREFS") or "") in _STAND_IN


def write_atomic(path: Path, text: str) -> None:
    """Write a file so a crash leaves either the old or the new content, never half of one;
    a write that fails (a full disk) takes its temporary file away with it. Each writer has
    a temporary file of its own: two windows saving one game at once each publish a whole
    file (with one shared name, one truncated the other's mid-write, or took it away)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


LOG = "errors.log"


def log_traceback(text: str) -> None:
    """Append a dated entry to errors.log in the pref folder (a log that cannot be written is
    not worth a crash: the player's game goes on)."""
    try:
        with open(pref_dir() / LOG, "a", encoding="utf-8") as fh:
            fh.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}\n")
    except OSError:
        pass


def keep_aside(path: Path, tag: str) -> Path | None:
    """Move a damaged file to `<name>.<tag>-<time>` beside it, so nothing the player had is
    lost; the new path, or None when it could not be moved."""
    backup = aside_name(path, tag)
    try:
        os.replace(path, backup)
    except OSError:
        return None
    return backup


def aside_name(path: Path, tag: str) -> Path:
    """`<name>.<tag>-<time>` beside `path`, a name no file has yet."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while backup.exists():
        n += 1
        backup = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    return backup
