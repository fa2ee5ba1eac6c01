"""`scare-it install-desktop`: a freedesktop menu entry and icon for the current user (Linux)."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from game.paths import ASSETS

APP_ID = "scare-it"
ENTRY = """[Desktop Entry]
Type=Application
Name=Scare It!
GenericName=Card game
Comment=The family card game: elephant scares dog, dog scares cat, cat scares mouse
Exec={exec}
Icon={icon}
Terminal=false
Categories=Game;CardGame;
Keywords=cards;family;puzzle;solo;
"""


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def launcher() -> str:
    """How the menu starts this installation: the standalone app, the installed script, or
    this Python running the game package."""
    if getattr(sys, "frozen", False):
        return _quote(sys.executable)
    started_as = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started_as is not None and started_as.name == APP_ID and started_as.is_file():
        return _quote(str(started_as.absolute()))  # not resolved: a venv's links matter
    script = shutil.which(APP_ID)
    if script:
        return _quote(str(Path(script).absolute()))
    return f"{_quote(sys.executable)} -m game"


def _quote(arg: str) -> str:
    """An Exec argument per the Desktop Entry spec: quoted when it holds a reserved character."""
    if not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def paths(home: Path) -> tuple[Path, Path]:
    return (home / "applications" / f"{APP_ID}.desktop",
            home / "icons" / "hicolor" / "64x64" / "apps" / f"{APP_ID}.png")


def install_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--uninstall", action="store_true", help="remove the entry and icon again")


def run_install(args: argparse.Namespace) -> int:
    entry, icon = paths(data_home())
    if args.uninstall:
        for path in (entry, icon):
            path.unlink(missing_ok=True)
        print(f"removed {entry} and {icon}")
        return 0
    try:
        icon.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ASSETS / "icon.png", icon)
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(ENTRY.format(exec=launcher(), icon=APP_ID), encoding="utf-8")
    except OSError as err:
        print(f"scare-it: cannot install the desktop entry ({err})", file=sys.stderr)
        return 1
    print(f"installed {entry}\ninstalled {icon}")
    return 0
