"""Build the standalone app (one folder, no Python needed) with PyInstaller, then check it.

    make .venv/.installed-release                  # the locked build set (PyInstaller)
    .venv/bin/python tools/build_app.py            # -> dist/scare-it/scare-it
    .venv/bin/python tools/build_app.py --no-check # build only

The app leaves out what the game never uses (pygame-gui's fonts for scripts none of the game's
languages is written in: its Chinese, Japanese and Korean fonts alone are 37 MB), strips the
debug symbols of its libraries and their search paths into the build machine, and carries
LICENSE and THIRD-PARTY-NOTICES.txt (tools/notices.py, written from the finished folder). The
check runs the built program headless (dummy video and sound) with `--version`, `levels` and
`--frames 120` in every language, and prints the build time, the folder's size and the time to
the first frame.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame_gui loads pygame: no banner
import pygame_gui  # noqa: E402
from pygame_gui.core.ui_font_dictionary import UIFontDictionary  # noqa: E402

from game.i18n import LANGUAGES  # noqa: E402
from tools import notices  # noqa: E402

NAME = "scare-it"
# What the build runs besides Python, and the Debian package each comes in: checked before
# anything is built (PyInstaller's --strip runs strip; patchelf takes the build machine's
# library paths out). tools/release.py adds what the .deb needs.
NEEDS = {"patchelf": "patchelf", "strip": "binutils"}
# The Python packages the build imports, and the lock that installs them (make release).
NEEDS_MODULES = {"PyInstaller": "pyinstaller"}


def missing(needs: dict[str, str], modules: dict[str, str] | None = None) -> str | None:
    """One line naming what to install, or None when every tool and module is there."""
    import importlib.util

    tools = [t for t in needs if shutil.which(t) is None]
    packages = [p for m, p in (modules or {}).items() if importlib.util.find_spec(m) is None]
    parts = []
    if tools:
        debs = " ".join(dict.fromkeys(needs[t] for t in tools))
        parts.append(f"{', '.join(tools)} missing: apt-get install {debs}")
    if packages:
        parts.append(f"Python's {', '.join(packages)} missing: make .venv/.installed-release "
                     "(the locked build set)")
    return "; ".join(parts) or None


def data_folders() -> list[tuple[Path, str]]:
    """Each data folder and where it goes inside the app: the same places as in the wheel.

    assets/ and levels/ carry their __init__.py, so inside the app folder they are the data
    packages game.assets and game.levels that game.paths finds through importlib.resources.
    """
    from game.paths import ASSETS, LEVELS

    folders = [(ASSETS, "game/assets"), (LEVELS, "game/levels")]
    locale = ROOT / "game" / "locale"
    if locale.is_dir():  # gettext catalogues, once there are any
        folders.append((locale, "game/locale"))
    return folders


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    args = [
        "--noconfirm", "--clean", "--onedir", "--name", NAME, "--log-level", "WARN", "--strip",
        # Modules without docstrings (the game reads none, and has no asserts): less to read
        # and unmarshal at every start.
        "--optimize", "2",
        "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
        # The CLI imports the game screens by name (so the engine commands never load pygame).
        "--collect-submodules", "game",
        # pygame-gui's own default theme, fonts and images; the metadata answers --version.
        "--collect-data", "pygame_gui", "--copy-metadata", NAME,
        # PostgreSQL is a server's optional extra (scare-it[postgres]), never the app's: the
        # game's server module imports it lazily, and the app says so if it is asked for.
        "--exclude-module", "psycopg", "--exclude-module", "psycopg_binary",
        "--exclude-module", "psycopg_c", "--exclude-module", "psycopg_pool",
    ]
    if sys.platform == "win32":  # pyttsx3 loads its driver by name: PyInstaller cannot see it
        args += ["--hidden-import", "pyttsx3.drivers.sapi5"]
    for source, target in data_folders():
        args += ["--add-data", f"{source}{os.pathsep}{target}"]
    return args + [str(ROOT / "game" / "__main__.py")]


# Libraries that bundled packages load through ctypes on Windows only: pygame-gui's clipboard
# (msvcrt) and ifaddr, zeroconf's interface lister (Iphlpapi).
WINDOWS_ONLY = ("msvcrt", "Iphlpapi")


class _WindowsOnlyLibrary(logging.Filter):
    """PyInstaller's warning that this Linux build finds a Windows-only library (WINDOWS_ONLY)
    is not a problem, and a release build is otherwise free of warnings."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not any(f"Library {name} required via ctypes not found" in message
                       for name in WINDOWS_ONLY)


# The app's modules are stored in its archive uncompressed: inflating the ~240 modules a start
# imports cost about 30 ms of every launch (the archive grows by about 5 MB). PyInstaller reads
# the level from the environment when its archive writer is imported.
ARCHIVE_LEVEL = "0"


def build(dist: Path, work: Path) -> tuple[Path, float]:
    os.environ["PYINSTALLER_ZLIB_COMPRESSION_LEVEL"] = ARCHIVE_LEVEL
    import PyInstaller.__main__ as pyinstaller  # main() checked NEEDS_MODULES first
    for handler in logging.getLogger().handlers:
        handler.addFilter(_WindowsOnlyLibrary())
    started = time.perf_counter()
    pyinstaller.run(pyinstaller_args(dist, work))
    return dist / NAME, time.perf_counter() - started


def unused_gui_fonts() -> set[str]:
    """pygame-gui's font files that none of the game's languages uses: pygame-gui picks a default
    font per language (and one symbol font); the others are never opened."""
    class FontNames(UIFontDictionary):
        def _load_default_font(self, font):  # names only: nothing is opened
            pass

    names = FontNames(None, "en")
    used = [names._symbols_font] + [names.default_font_dictionary.get(code, names._latin_font)
                                    for code in LANGUAGES]
    keep = {name for font in used for name in (font.regular_file_name, font.bold_file_name,
                                               font.italic_file_name, font.bold_italic_file_name)}
    folder = Path(pygame_gui.__file__).parent / "data"
    return {p.name for p in folder.iterdir() if p.suffix in notices.FONTS} - keep


def leave_out_unused(app_dir: Path) -> int:
    """Remove what the game never uses from the built folder; returns the bytes saved."""
    saved = 0
    for name in sorted(unused_gui_fonts()):
        path = app_dir / "_internal" / "pygame_gui" / "data" / name
        if path.is_file():
            saved += path.stat().st_size
            path.unlink()
    # A data folder copied whole brings the bytecode a game run from the source tree wrote
    # (make play does); the app's modules live in its archive, and a .deb may not ship it.
    for _source, target in data_folders():
        for cache in sorted((app_dir / "_internal" / target).rglob("__pycache__")):
            saved += sum(f.stat().st_size for f in cache.iterdir())
            shutil.rmtree(cache)
    return saved


def _is_elf(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def drop_build_machine_paths(app_dir: Path) -> int:
    """Remove library search paths into the build machine (pyenv's lib folder, /usr/local/lib)
    from every program and library: the app finds its libraries beside it, and a player's
    machine must never lend it others. Returns how many files changed (needs patchelf)."""
    patchelf = shutil.which("patchelf")
    if patchelf is None:  # main() checked NEEDS first
        raise SystemExit("build_app: patchelf is missing: apt-get install patchelf")
    changed = 0
    for path in sorted(app_dir.rglob("*")):
        if not path.is_file() or path.is_symlink() or not _is_elf(path):
            continue
        rpath = subprocess.run([patchelf, "--print-rpath", str(path)], capture_output=True,
                               text=True, check=True).stdout.strip()
        kept = [p for p in rpath.split(":") if p.startswith("$ORIGIN")]
        if rpath and kept != rpath.split(":"):
            args = ["--set-rpath", ":".join(kept)] if kept else ["--remove-rpath"]
            subprocess.run([patchelf, *args, str(path)], check=True)
            changed += 1
    return changed


def add_licences(app_dir: Path) -> None:
    """LICENSE and the notices of exactly what the folder now holds."""
    shutil.copyfile(ROOT / "LICENSE", app_dir / "LICENSE")
    (app_dir / notices.NOTICES).write_text(notices.app_notices(app_dir), encoding="utf-8")


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def check(app_dir: Path) -> float:
    """Run the built program as a player's machine would (no Python on PATH, another folder);
    returns the seconds from launch until the first frame is drawn and the program is back."""
    program = app_dir / NAME
    with tempfile.TemporaryDirectory() as tmp:
        env = {"PATH": "/usr/bin:/bin", "HOME": tmp, "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "SCARE_IT_PREFS": str(Path(tmp) / "prefs")}
        runs = [["--version"], ["levels"]] + [["--lang", code, "--frames", "120"]
                                              for code in LANGUAGES]
        for args in runs:
            done = subprocess.run([str(program), *args], cwd=tmp, env=env, capture_output=True,
                                  text=True, timeout=300)
            if done.returncode != 0:
                sys.exit(f"build_app: `{NAME} {' '.join(args)}` failed ({done.returncode}):\n"
                         f"{done.stderr[-3000:]}")
            first = done.stdout.splitlines()[0] if done.stdout else ""
            print(f"ok: {NAME} {' '.join(args)}  {first[:60]}")
        if (Path(tmp) / "prefs" / "errors.log").exists():
            sys.exit("build_app: the built game logged an error:\n"
                     + (Path(tmp) / "prefs" / "errors.log").read_text()[-3000:])
        started = time.perf_counter()
        subprocess.run([str(program), "--frames", "1"], cwd=tmp, env=env, check=True,
                       capture_output=True, timeout=300)
        return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    parser.add_argument("--no-check", action="store_true", help="build only")
    args = parser.parse_args(argv)
    lacking = missing(NEEDS, NEEDS_MODULES)
    if lacking:
        print(f"build_app: {lacking}", file=sys.stderr)
        return 1
    work = ROOT / "build" / "pyinstaller"
    app_dir, seconds = build(args.dist, work)
    shutil.rmtree(work, ignore_errors=True)
    before = folder_size(app_dir)
    saved = leave_out_unused(app_dir)
    cleaned = drop_build_machine_paths(app_dir)
    add_licences(app_dir)
    print(f"built {app_dir} in {seconds:.1f} s; folder size {folder_size(app_dir) / 1e6:.1f} MB "
          f"({saved / 1e6:.1f} MB of unused fonts left out of {before / 1e6:.1f} MB; build "
          f"machine's library paths removed from {cleaned} files)")
    if not args.no_check:
        first = check(app_dir)
        print(f"first frame (launch to one drawn frame and exit, headless): {first:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
