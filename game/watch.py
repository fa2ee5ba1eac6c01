"""`scare-it watch`: the small watcher that tells the player, while the game is closed, when it
is their turn at a table over days (and when a quarter of the time is left); a click on the
notification starts the game at that table. Opt-in: `install-desktop --watch` starts it at login."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from game import i18n
from game.notifier import Notifier
from game.online.client.tokens import FILE_NAME, peek
from game.online.client.turns import (
    EVERY,
    TOLD_FILE,
    Told,
    ToldFile,
    TurnChecker,
    TurnWatch,
    told_words,
    watched_in,
)
from game.paths import pref_dir_headless
from game.settings import Settings

EVERY_MIN = 60.0  # a server is asked at most once a minute
SHOWN_WAIT = 10.0  # seconds --once waits for the desktop to take its notifications


def watch_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--token-file", metavar="FILE", action="append", default=None,
                   help="a token file of host or join --token-file (repeatable; default: "
                        "the one the game keeps)")
    p.add_argument("--every", default=str(int(EVERY)),
                   help=f"seconds between two checks (default {int(EVERY)}, at least {int(EVERY_MIN)})")
    p.add_argument("--once", action="store_true", help="check once, tell what is new, and exit")


def game_command() -> list[str]:
    """How to start this installation's game: the standalone app, or this Python."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "game"]


def open_table(link: str) -> None:
    """A click on a notification: the game starts at the link's table (opened by its kept
    token; Join a table with its code when the window keeps none)."""
    subprocess.Popen([*game_command(), link], start_new_session=True,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)


def run_watch(args: argparse.Namespace) -> int:
    try:
        every = float(args.every)
    except ValueError:
        raise ValueError(f"--every must be a number of seconds, not '{args.every}'") from None
    if not EVERY_MIN <= every <= 86400:
        raise ValueError(f"--every must be from {int(EVERY_MIN)} to 86400 seconds")
    i18n.start(Settings.load()[0].language)
    files = [Path(f) for f in args.token_file] if args.token_file else [
        pref_dir_headless() / FILE_NAME]

    def tables():  # read anew each round: the window keeps new ones while it runs
        return watched_in(held for path in files for held in peek(path))

    notifier = Notifier(open_table, on_missing=lambda words: print(
        f"scare-it: {words}", file=sys.stderr, flush=True))
    shown = []

    def tell(told: Told) -> None:
        print(f"{told.about}\t{told.code}\t{told.server}", flush=True)
        shown.append(notifier.show(*told_words(told), told.link))

    # What the game (or the last --once) told already is not told again.
    told = ToldFile(pref_dir_headless() / TOLD_FILE)
    watch = TurnWatch(tables, tell, TurnChecker(told=told), every=every)
    try:
        if args.once:
            watch.round()
            for server in sorted(watch.checker.unreachable):
                print(f"scare-it: {server} could not be reached; try again later",
                      file=sys.stderr, flush=True)
            for future in shown:
                future.result(timeout=SHOWN_WAIT)
        else:
            watch.run()  # until the session ends (SIGTERM) or Ctrl+C
    except KeyboardInterrupt:
        pass
    finally:
        notifier.close()
    return 0
