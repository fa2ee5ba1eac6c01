"""`scare-it install-desktop`: a freedesktop menu entry and icons for the current user (Linux)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from game import paths

# The application id (reverse DNS): the .desktop file's name, the icons' name and the AppStream
# metainfo's id (packaging/) are all this one name.
APP_ID = "io.github.scareit.ScareIt"
COMMAND = "scare-it"
# Names earlier versions installed under, removed by --uninstall too.
OLD_IDS = ("scare-it",)

# The menu entry's words per language of the game (game.i18n.LANGUAGES): generic name, comment,
# search keywords. The name stays "Scare It!" in every edition. The desktop file carries its own
# translations (Name[cs]=...), so these live here rather than in the gettext catalogues.
ENTRY_WORDS = {
    "en": ("Card game",
           "The family card game: elephant scares dog, dog scares cat, cat scares mouse",
           "cards;family;puzzle;solo;"),
    "cs": ("Karetní hra",
           "Rodinná karetní hra: slon vystraší psa, pes vystraší kočku, kočka vystraší myš",
           "karty;rodina;hádanka;sólo;"),
    "de": ("Kartenspiel",
           "Das Kartenspiel für die ganze Familie: Elefant erschreckt Hund, Hund erschreckt "
           "Katze, Katze erschreckt Maus",
           "Karten;Familie;Rätsel;Solo;"),
    "pl": ("Gra karciana",
           "Rodzinna gra karciana: słoń straszy psa, pies straszy kota, kot straszy mysz",
           "karty;rodzina;zagadka;solo;"),
}
NAME = "Scare It!"
URL_SCHEME_TYPE = "x-scheme-handler/scare-it"  # invite links (docs/PROTOCOL.md)
WATCH_ENTRY = "scare-it-watch.desktop"  # the opt-in watcher's autostart entry


def entry_text(exec_line: str, icon: str = APP_ID) -> str:
    """The .desktop file: English first, then each language's Name, GenericName, Comment."""
    generic, comment, keywords = ENTRY_WORDS["en"]
    lines = ["[Desktop Entry]", "Type=Application", f"Name={NAME}", f"GenericName={generic}",
             f"Comment={comment}", f"Keywords={keywords}"]
    for code, (generic, comment, keywords) in ENTRY_WORDS.items():
        if code != "en":
            lines += [f"Name[{code}]={NAME}", f"GenericName[{code}]={generic}",
                      f"Comment[{code}]={comment}", f"Keywords[{code}]={keywords}"]
    # %u: an invite link clicked in a chat or a browser (scare-it://HOST:PORT/CODE) starts
    # the game at Join a table with both filled in; MimeType makes this the links' handler.
    lines += [f"Exec={exec_line} %u", f"Icon={icon}", "Terminal=false",
              "Categories=Game;CardGame;", "StartupNotify=true", f"MimeType={URL_SCHEME_TYPE};"]
    return "\n".join(lines) + "\n"


def watch_entry_text(exec_line: str, icon: str = APP_ID) -> str:
    """The XDG autostart entry that starts `scare-it watch` at login (install-desktop --watch)."""
    return "\n".join([
        "[Desktop Entry]", "Type=Application", f"Name={NAME}",
        "Comment=Tells you when it is your turn at a table over days",
        f"Exec={exec_line} watch", f"Icon={icon}", "Terminal=false", "NoDisplay=true",
        "X-GNOME-Autostart-enabled=true"]) + "\n"


def watch_entry_path() -> Path:
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return config / "autostart" / WATCH_ENTRY


def icon_sources() -> dict[int, Path]:
    """The icon's PNG per pixel size (assets/icons/NxN.png, drawn by tools/make_assets.py)."""
    found = {}
    for path in sorted((paths.ASSETS / "icons").glob("*x*.png")):
        side, _, other = path.stem.partition("x")
        if side.isdigit() and side == other:
            found[int(side)] = path
    return dict(sorted(found.items()))


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def launcher() -> str:
    """How the menu starts this installation: the standalone app, the installed script, or
    this Python running the game package."""
    if getattr(sys, "frozen", False):
        return _quote(sys.executable)
    started_as = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started_as is not None and started_as.name == COMMAND and started_as.is_file():
        return _quote(str(started_as.absolute()))  # not resolved: a venv's links matter
    script = shutil.which(COMMAND)
    if script:
        return _quote(str(Path(script).absolute()))
    return f"{_quote(sys.executable)} -m game"


def _quote(arg: str) -> str:
    """An Exec argument per the Desktop Entry spec: quoted when it holds a reserved character."""
    if not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def entry_path(home: Path, app_id: str = APP_ID) -> Path:
    return home / "applications" / f"{app_id}.desktop"


def icon_path(home: Path, side: int, app_id: str = APP_ID) -> Path:
    return home / "icons" / "hicolor" / f"{side}x{side}" / "apps" / f"{app_id}.png"


def installed_files(home: Path) -> list[Path]:
    """Every file an install of this or an earlier version may have left under `home`."""
    sides = sorted(set(icon_sources()) | {64})
    return [path for app_id in (APP_ID, *OLD_IDS)
            for path in (entry_path(home, app_id), *(icon_path(home, s, app_id) for s in sides))]


def _register_links(folder: Path) -> None:
    """Tell the desktop the entry handles scare-it:// links now (the MimeType line); where
    the freedesktop tool is missing, the desktop reads the entry at its next start."""
    tool = shutil.which("update-desktop-database")
    if tool is not None:
        subprocess.run([tool, str(folder)], capture_output=True, check=False, timeout=60)


def install_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--uninstall", action="store_true", help="remove the entry and icons again")
    p.add_argument("--watch", action="store_true",
                   help="also start 'scare-it watch' at login (your turn at a table over days); "
                        "with --uninstall, remove only that")


def run_install(args: argparse.Namespace) -> int:
    home = data_home()
    if args.watch and args.uninstall:
        return _watch_at_login(False)
    if args.uninstall:
        removed = [path for path in [*installed_files(home), watch_entry_path()] if path.is_file()]
        for path in removed:
            path.unlink()
        if not removed:
            print(f"nothing to remove: no Scare It! menu entry or icon under {home}")
        for path in removed:
            print(f"removed {path}")
        return 0
    entry = entry_path(home)
    try:
        written = []
        for side, source in icon_sources().items():
            target = icon_path(home, side)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            written.append(target)
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(entry_text(launcher()), encoding="utf-8")
    except OSError as err:
        print(f"scare-it: cannot install the desktop entry ({err})", file=sys.stderr)
        return 1
    _register_links(entry.parent)
    print(f"installed {entry}\ninstalled {len(written)} icons "
          f"({', '.join(f'{s}x{s}' for s in icon_sources())}) under {home / 'icons' / 'hicolor'}")
    return _watch_at_login(True) if args.watch else 0


def _watch_at_login(wanted: bool) -> int:
    """Write (atomically) or remove the watcher's autostart entry."""
    entry = watch_entry_path()
    if not wanted:
        if entry.is_file():
            entry.unlink()
            print(f"removed {entry}")
        else:
            print(f"nothing to remove: no {WATCH_ENTRY} under {entry.parent}")
        return 0
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        paths.write_atomic(entry, watch_entry_text(launcher()))
    except OSError as err:
        print(f"scare-it: cannot install the watcher's autostart entry ({err})", file=sys.stderr)
        return 1
    print(f"installed {entry}: 'scare-it watch' starts at your next login")
    return 0
